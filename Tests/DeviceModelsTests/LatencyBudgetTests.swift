import Quantities
import SimulationEngine
import Testing

@testable import DeviceModels

/// Exact latency samples are limited in total over all workloads (see *Results and accounting*):
/// many workloads under a small limit keep at most that many exactly, the workloads with the fewest
/// latencies keep theirs, and the result is the same with and without the fast-forward.
@Suite struct LatencyBudgetTests {
  /// The level against a naive search, on small cases.
  @Test func waterLevelMatchesANaiveSearch() {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<500 {
      let counts = (0..<(1 + Int(rng.next() % 6))).map { _ in Int(rng.next() % 50) }
      let limit = Int(rng.next() % 100)
      guard counts.reduce(0, +) > limit else { continue }
      let naive = (0...60).last { level in counts.map { min($0, level) }.reduce(0, +) <= limit }
      #expect(DeviceSimulation.waterLevel(counts, limit: limit) == naive)
    }
  }

  /// Forty timers of different rates for 20 s under a limit of 2,000 exact samples.
  static func setup() -> SimulationSetup {
    let ladder = Fixture.twoStateLadder(
      "active", .milliwatts(100), then: "idle", .milliwatts(1), after: .milliseconds(2))
    let components = [Fixture.platform(ladder), Fixture.generic("a", ladder)]
    var workloads: [WorkloadSpec] = []
    for index in 0..<40 {
      let every = TimeSpan.milliseconds(Int64(10 * (index + 1)))
      let timing = WorkloadTiming.periodic(
        every: every, start: .start, end: nil, count: nil, tolerance: .zero)
      let work = Fixture.uses("a", for: .microseconds(Int64(100 + index)))
      workloads.append(WorkloadSpec(name: "w\(index)", timing: timing, work: work))
    }
    return Fixture.setup(Fixture.device(components), workloads, duration: .seconds(20))
  }

  @Test func manyWorkloadsKeepAtMostTheLimitExactly() {
    var summaries: [[LatencySummary?]] = []
    for fastForward in [true, false] {
      var recording = RecordingOptions(fastForward: fastForward)
      recording.exactLatencySamples = 2_000
      let simulation = DeviceSimulation(setup: Self.setup(), recording: recording)
      let result = simulation.run()
      // The recorders are emptied as the results are made: what they kept, from the results (a
      // workload keeps all its samples exactly, or none).
      let kept = result.workloads.map { $0.latency.map { $0.isApproximate ? 0 : $0.count } ?? 0 }
      #expect(kept.reduce(0, +) <= 2_000)
      let counts = result.workloads.map { $0.latency?.count ?? 0 }
      let level = DeviceSimulation.waterLevel(counts, limit: 2_000)
      for (index, workload) in result.workloads.enumerated() {
        #expect(workload.latency?.isApproximate == (counts[index] > level))
      }
      #expect(kept.contains { $0 > 0 } && kept.contains { $0 == 0 })
      summaries.append(result.workloads.map(\.latency))
    }
    #expect(summaries[0] == summaries[1])
  }
}
