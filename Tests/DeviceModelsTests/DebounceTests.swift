import DeviceModels
import Quantities
import Testing

/// Debouncing (*OS policies* `debounce`): arrivals are triggers; the work runs once when the quiet
/// period after the last trigger ends.
@Suite struct DebounceTests {
  static let device = Fixture.device([
    Fixture.generic("unit", TimerBoundaryTests.ladder, parent: .none)
  ])

  static func times(_ seconds: [Int64]) -> WorkloadTiming {
    .times(seconds.map { Fixture.at(.seconds($0)) })
  }

  /// On the unit of ``TimerBoundaryTests`` (1 W on, off 1 s after its last work, 100 ms to wake
  /// at 1 W), changes at 1, 2 and 3 s with 100 ms of work each:
  ///
  /// - at once: wake 1.0–1.1 s (0.1 J), then on, serving or holding, until 1 s after the last
  ///   work ends at 3.1 s (3.0 J): 3.1 J, one wake-up;
  /// - debounced by 2 s: one run at 5 s: wake 0.1 J, work 0.1 J, hold 1 J = 1.2 J.
  @Test func debouncingRunsOnceAfterTheLastChange() {
    let eager = Fixture.run(
      Fixture.setup(
        Self.device,
        [
          WorkloadSpec(
            name: "save", timing: Self.times([1, 2, 3]),
            work: Fixture.uses("unit", for: .milliseconds(100)))
        ], duration: .seconds(10)))
    let debounced = Fixture.run(
      Fixture.setup(
        Self.device,
        [
          WorkloadSpec(
            name: "save", timing: Self.times([1, 2, 3]), debounce: .seconds(2),
            work: Fixture.uses("unit", for: .milliseconds(100)))
        ], duration: .seconds(10)))
    #expect(eager.workload("save").occurrences == 3)
    #expect(eager.component("unit").energy == joules(3.1))
    #expect(eager.component("unit").wakeups == 1)
    #expect(debounced.workload("save").occurrences == 1)
    #expect(debounced.component("unit").energy == joules(1.2))
    // Latency counts from the end of the quiet period: the wake and the work.
    #expect(debounced.workload("save").latency?.max == .milliseconds(200))
  }

  /// `when: "visible"` applies to triggers: visible [0, 2 s) and [3.5 s, 10 s); a trigger at 1 s
  /// expires at 4 s; the trigger at 3 s, unseen, does not restart the quiet period (which would
  /// move the run to 6 s).
  @Test(arguments: [(Int64(4_000_000_000), 0), (4_000_000_001, 1)])
  func unseenTriggersDoNotRestartTheQuietPeriod(duration: Int64, expected: Int) {
    let visibility = [
      TimeRange(start: .start, end: Fixture.at(.seconds(2))),
      TimeRange(start: Fixture.at(.milliseconds(3_500)), end: Fixture.at(.seconds(10))),
    ]
    let result = Fixture.run(
      Fixture.setup(
        Self.device,
        [
          WorkloadSpec(
            name: "save", timing: Self.times([1, 3]), onlyWhenVisible: true,
            debounce: .seconds(3), work: Fixture.uses("unit", for: .milliseconds(100)))
        ], duration: .nanoseconds(duration), visibility: visibility))
    #expect(result.workload("save").occurrences == expected)
  }
}
