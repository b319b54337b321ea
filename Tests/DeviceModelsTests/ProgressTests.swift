import DeviceModels
import Quantities
import Testing

/// `Simulation.run(progress:)`: the run in a hundred slices, for a progress line, gives the
/// same account as one pass.
@Suite struct ProgressTests {
  /// The unit of ``TimerBoundaryTests`` under a 700 ms timer and Poisson arrivals, for 10 s:
  /// slice ends (every 100 ms) fall on and between due times.
  static func setup() -> SimulationSetup {
    let device = Fixture.device([
      Fixture.generic("unit", TimerBoundaryTests.ladder, parent: .none)
    ])
    return Fixture.setup(
      device,
      [
        WorkloadSpec(
          name: "tick",
          timing: .periodic(
            every: .milliseconds(700), start: .start, end: nil, count: nil,
            tolerance: .milliseconds(200)),
          work: Fixture.uses("unit", for: .milliseconds(30))),
        WorkloadSpec(
          name: "tap",
          timing: .poisson(meanIntervalNanoseconds: 300_000_000, start: .start, end: nil),
          work: Fixture.uses("unit", for: .milliseconds(10))),
      ], duration: .seconds(10), seed: 3)
  }

  @Test func aRunInSlicesGivesTheSameAccountAsOnePass() {
    let whole = Fixture.run(Self.setup())
    var reached: [TimeSpan] = []
    let sliced = Simulation(setup: Self.setup()).run { reached.append($0) }
    // A hundred reports, every 100 ms of simulated time, the last at the end of the run.
    #expect(reached == (1...100).map { TimeSpan.milliseconds(100 * Int64($0)) })
    #expect(sliced.processedEvents == whole.processedEvents)
    #expect(sliced.energy == whole.energy)
    for (a, b) in zip(sliced.components, whole.components) {
      #expect(a.energy == b.energy && a.floor == b.floor && a.fixed == b.fixed)
      #expect(
        a.nodes.map { $0.states.map(\.residency) } == b.nodes.map { $0.states.map(\.residency) })
    }
    for (a, b) in zip(sliced.workloads, whole.workloads) {
      #expect(a.occurrences == b.occurrences && a.energyByComponent == b.energyByComponent)
      #expect(a.latency?.max == b.latency?.max && a.coalescedFirings == b.coalescedFirings)
    }
    #expect(whole.workload("tap").occurrences > 20)
  }
}
