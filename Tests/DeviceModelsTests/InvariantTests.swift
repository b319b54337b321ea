import DeviceModels
import Quantities
import SimulationEngine
import Testing

/// *Results and accounting*'s invariants, on random devices and workloads: components add up to the
/// total, floor + fixed + dynamic to each component, residencies to the duration, attribution
/// to the total, and the binned series integrates to the same total. The ledger is integer, so
/// all of them hold exactly.
@Suite struct InvariantTests {
  /// A random ladder of 2–4 states with random powers, timers and latencies.
  static func randomLadder(_ rng: inout SplitMix64, policy: IdlePolicy) -> Ladder {
    let depth = 2 + Int(rng.next() % 3)
    let floor = Power(nanowatts: Int64(rng.next() % 50_000_000))
    var states: [LadderState] = []
    var after: Int64 = 0
    let active = Power(nanowatts: floor.nanowatts + 100_000_000 + Int64(rng.next() % 900_000_000))
    states.append(LadderState(name: "s0", power: active, wakePower: active))
    for index in 1..<depth {
      after += Int64(rng.next() % 2_000_000_000)
      let isDeepest = index == depth - 1
      let power =
        isDeepest ? floor : Power(nanowatts: floor.nanowatts + Int64(rng.next() % 100_000_000))
      states.append(
        LadderState(
          name: "s\(index)", power: power, after: .nanoseconds(after),
          wakeLatency: .nanoseconds(Int64(rng.next() % 50_000_000)),
          wakePower: Power(nanowatts: floor.nanowatts + Int64(rng.next() % 500_000_000)),
          minimumResidency: .nanoseconds(Int64(rng.next() % 3_000_000_000))))
    }
    return Ladder(states: states, idlePolicy: policy)
  }

  static func randomSetup(seed: UInt64) -> SimulationSetup {
    var rng = SplitMix64(seed: seed)
    var components = [
      Fixture.platform(randomLadder(&rng, policy: .timeout))
    ]
    let names = ["a", "b", "c"]
    for name in names {
      let policy: IdlePolicy = rng.next() % 2 == 0 ? .timeout : .predictive
      components.append(Fixture.generic(name, randomLadder(&rng, policy: policy)))
    }
    var workloads: [WorkloadSpec] = []
    for index in 0..<4 {
      let target = names[Int(rng.next() % 3)]
      let work = Fixture.uses(target, for: .nanoseconds(1 + Int64(rng.next() % 300_000_000)))
      let timing: WorkloadTiming
      switch rng.next() % 3 {
      case 0:
        timing = .periodic(
          every: .nanoseconds(100_000_000 + Int64(rng.next() % 2_000_000_000)), start: .start,
          end: nil, count: nil, tolerance: .nanoseconds(Int64(rng.next() % 500_000_000)))
      case 1:
        timing = .poisson(
          meanIntervalNanoseconds: 2e8 + Double(rng.next() % 2_000_000_000), start: .start, end: nil
        )
      default:
        timing = .times(
          (0..<5).map { _ in Instant(nanosecondsSinceStart: Int64(rng.next() % 20_000_000_000)) }
            .sorted())
      }
      workloads.append(WorkloadSpec(name: "w\(index)", timing: timing, work: work))
    }
    return Fixture.setup(
      Fixture.device(components), workloads, duration: .seconds(20), seed: seed)
  }

  @Test(arguments: 0..<40)
  func invariantsHoldExactly(seed: UInt64) {
    let setup = Self.randomSetup(seed: seed)
    let collector = PowerSeriesCollector()
    let result = Fixture.run(
      setup, recording: RecordingOptions(binWidth: .milliseconds(700), sink: collector))
    Fixture.expectInvariants(result, duration: setup.duration, collector: collector)
    #expect(collector.bins?.count == 29, "20 s in bins of 0.7 s")
  }

  /// The same setup and seed give identical accounts.
  @Test func runsAreDeterministic() {
    let first = Fixture.run(Self.randomSetup(seed: 7))
    let second = Fixture.run(Self.randomSetup(seed: 7))
    #expect(first.energy == second.energy)
    #expect(first.workloads.map(\.energy) == second.workloads.map(\.energy))
    #expect(first.processedEvents == second.processedEvents)
  }
}
