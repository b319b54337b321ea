import DeviceModels
import Quantities
import Testing

/// Repeating timers that fire late (see *OS policies*): a firing that passes the timer's next
/// due times fires once for all of them, as run-loop and dispatch timers do; the due times it
/// passed count as `skipped`, and the next occurrence is the first due strictly after the
/// firing. On ``AppLifecycleTests/unit`` (1 W while active, no CPU, no wake latency), so an
/// occurrence costs exactly its work and nothing but a timer's deadline wakes the device.
@Suite struct LateTimerTests {
  static func timer(
    every: TimeSpan, work: TimeSpan, tolerance: TimeSpan, until: Instant? = nil,
    count: Int? = nil
  ) -> WorkloadSpec {
    WorkloadSpec(
      name: "timer",
      timing: .periodic(
        every: every, start: .start, end: until, count: count, tolerance: tolerance),
      work: Fixture.uses("unit", for: work), app: "a")
  }

  /// App Nap: a hidden app (never suspended, 10 s of timer leeway) with a 100 ms ticker of
  /// 10 ms of work, for 60 s. Due k × 100 ms, each may fire up to 10 s late; nothing else wakes
  /// the device, so the first fires at its deadline, 10 s, exactly at due time 100 (10 s): it
  /// covers due times 1 … 100 (100 skipped) and the next is 101 (10.1 s), firing at 20.1 s, and
  /// so on: firings at 10, 20.1, 30.2, 40.3 and 50.4 s (60.5 s is after the run), 5 × 100
  /// skipped, 5 × 10 ms × 1 W = 50 mJ, each 10 s late plus its 10 ms of work — not 600 firings
  /// of 6 J, a hundred at a time.
  @Test func appNapFiresOncePerBatch() {
    let result = AppLifecycleTests.run(
      [Self.timer(every: .milliseconds(100), work: .milliseconds(10), tolerance: .zero)],
      app: AppLifecycleTests.app(foreground: [], backgroundTime: nil, leeway: .seconds(10)),
      duration: 60)
    let timer = result.workload("timer")
    #expect(timer.occurrences == 5)
    #expect(timer.skipped == 500)
    #expect(timer.coalescedFirings == 0)
    #expect(timer.latency?.max == .milliseconds(10_010))
    #expect(timer.latency?.p50 == .milliseconds(10_010))
    #expect(result.component("unit").energy == joules(0.05))
  }

  /// The boundary: a 1 s timer (3 due times, 0, 1 and 2 s) of 10 ms of work whose tolerance
  /// makes it fire late. Tolerance 1 s − 1 ns fires at 0.999999999 s, before the next due time:
  /// nothing skipped, three firings. Tolerance 1 s fires exactly at due time 1 s, which the
  /// firing covers (1 skipped); the next is 2 s, firing at its deadline 3 s — there is no due
  /// time 3 s (count 3), so nothing more is skipped: two firings. 1 ns later, the same.
  @Test(arguments: [
    (Int64(999_999_999), 3, 0, Int64(999_999_999)),
    (1_000_000_000, 2, 1, 1_000_000_000),
    (1_000_000_001, 2, 1, 1_000_000_001),
  ])
  func firingAtTheNextDueTimeCoversIt(
    tolerance: Int64, occurrences: Int, skipped: Int, lateness: Int64
  ) {
    let result = AppLifecycleTests.run(
      [
        Self.timer(
          every: .seconds(1), work: .milliseconds(10), tolerance: .nanoseconds(tolerance),
          count: 3)
      ],
      app: AppLifecycleTests.app(foreground: [(0, 10)], backgroundTime: nil), duration: 10)
    let timer = result.workload("timer")
    #expect(timer.occurrences == occurrences)
    #expect(timer.skipped == skipped)
    #expect(timer.latency?.max == .nanoseconds(lateness + 10_000_000))
    #expect(result.component("unit").energy == joules(0.01 * Double(occurrences)))
  }

  /// `until` bounds what is skipped: due 0, 1 and 2 s (until 2.5 s), tolerance 3 s. The first
  /// fires at 3 s and passes 1, 2 and 3 s, but 3 s is after `until` and no due time of the
  /// timer: 2 skipped, one firing, and the timer is done.
  @Test func dueTimesAfterUntilAreNotSkipped() {
    let result = AppLifecycleTests.run(
      [
        Self.timer(
          every: .seconds(1), work: .milliseconds(10), tolerance: .seconds(3),
          until: Fixture.at(.milliseconds(2500)))
      ],
      app: AppLifecycleTests.app(foreground: [(0, 10)], backgroundTime: nil), duration: 10)
    #expect(result.workload("timer").occurrences == 1)
    #expect(result.workload("timer").skipped == 2)
  }

  /// A timer that fires on time skips nothing: 10 s of a 1 s timer without tolerance.
  @Test func onTimeTimersSkipNothing() {
    let result = AppLifecycleTests.run(
      [Self.timer(every: .seconds(1), work: .milliseconds(10), tolerance: .zero)],
      app: AppLifecycleTests.app(foreground: [(0, 10)], backgroundTime: nil), duration: 10)
    #expect(result.workload("timer").occurrences == 10)
    #expect(result.workload("timer").skipped == 0)
  }
}
