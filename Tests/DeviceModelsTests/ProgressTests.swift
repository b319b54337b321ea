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

  /// A steady run shown with a progress line skips as one without: a skip may cross the ends
  /// of the slices, so the steady state is not seen anew after each of them. The unit's 100 ms
  /// timer for 10 minutes: every event would be 2 × 6,000 (a start and an end of each 30 ms
  /// occurrence) and more; sliced, the run takes exactly the events of one pass, and less
  /// than a tenth of those.
  @Test func aSteadyRunInSlicesSkipsAsOnePass() {
    let ladder = Fixture.twoStateLadder("on", .milliwatts(100), then: "off", .zero)
    let device = Fixture.device([Fixture.generic("unit", ladder, parent: .none)])
    let setup = Fixture.setup(
      device,
      [
        WorkloadSpec(
          name: "tick",
          timing: .periodic(
            every: .milliseconds(100), start: .start, end: nil, count: nil, tolerance: .zero),
          work: Fixture.uses("unit", for: .milliseconds(30)))
      ], duration: .seconds(600), seed: 3)
    let every = Simulation(setup: setup, recording: RecordingOptions(fastForward: false)).run()
    let whole = Simulation(setup: setup).run()
    var reports = 0
    let sliced = Simulation(setup: setup).run { _ in reports += 1 }
    #expect(reports == 100)
    #expect(every.processedEvents >= 12_000)
    #expect(sliced.processedEvents == whole.processedEvents)
    #expect(sliced.processedEvents * 10 < every.processedEvents)
    #expect(sliced.energy == every.energy)
    #expect(sliced.workload("tick").occurrences == 6_000)
  }
}
