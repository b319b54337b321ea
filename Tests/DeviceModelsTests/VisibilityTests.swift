import DeviceModels
import Quantities
import Testing

/// `when: "visible"` (see *Scenario file reference*): outside the visibility intervals a workload
/// does nothing — also once the last interval has ended, when the app is never visible, and at a
/// deferrable window's deadline.
@Suite struct VisibilityTests {
  static let device = Fixture.device([
    Fixture.generic("unit", TimerBoundaryTests.ladder, parent: .none)
  ])

  static func visible(_ intervals: [(Int64, Int64)]) -> [TimeRange] {
    intervals.map {
      TimeRange(start: Fixture.at(.nanoseconds($0.0)), end: Fixture.at(.nanoseconds($0.1)))
    }
  }

  static func run(
    _ timing: WorkloadTiming, debounce: TimeSpan? = nil, visibility: [TimeRange]
  ) -> RunResult {
    Fixture.run(
      Fixture.setup(
        device,
        [
          WorkloadSpec(
            name: "tick", timing: timing, onlyWhenVisible: true, debounce: debounce,
            work: Fixture.uses("unit", for: .milliseconds(100)))
        ], duration: .seconds(10), visibility: visibility))
  }

  static func every(
    _ period: TimeSpan, from start: TimeSpan = .zero, tolerance: TimeSpan = .zero
  ) -> WorkloadTiming {
    .periodic(every: period, start: Fixture.at(start), end: nil, count: nil, tolerance: tolerance)
  }

  /// A 1 s timer, visible from 0 until `end`: due at 0, 1, 2, … s, it runs at each due time
  /// before `end` and never again (the last interval has ended; the run goes on to 10 s).
  @Test(arguments: [
    (Int64(4_000_000_000), 4), (4_000_000_001, 5), (5_000_000_000, 5), (9_500_000_000, 10),
  ])
  func aTimerStopsAfterTheLastVisibleInterval(end: Int64, expected: Int) {
    let result = Self.run(Self.every(.seconds(1)), visibility: Self.visible([(0, end)]))
    #expect(result.workload("tick").occurrences == expected)
  }

  /// With a tolerance the timer is a range timer; it, too, stops once nothing is visible.
  @Test func aRangeTimerStopsAfterTheLastVisibleInterval() {
    let result = Self.run(
      Self.every(.seconds(1), tolerance: .milliseconds(300)),
      visibility: Self.visible([(0, 2_500_000_000)]))
    // Due at 0, 1 and 2 s (each fires at the end of its window, nothing else wakes the CPU).
    #expect(result.workload("tick").occurrences == 3)
  }

  /// Never visible (an empty list): nothing runs, and the unit stays off (0 W) all along.
  @Test(arguments: [TimeSpan.zero, .milliseconds(300)])
  func neverVisibleMeansNeverRun(tolerance: TimeSpan) {
    let result = Self.run(Self.every(.seconds(1), tolerance: tolerance), visibility: [])
    #expect(result.workload("tick").occurrences == 0)
    #expect(result.component("unit").energy == .zero)
  }

  /// A timer that starts after the last interval, and one debounced: neither runs unseen.
  @Test func timersStartingOrDebouncedAfterTheLastIntervalDoNothing() {
    let late = Self.run(
      Self.every(.seconds(1), from: .seconds(6)), visibility: Self.visible([(0, 5_000_000_000)]))
    #expect(late.workload("tick").occurrences == 0)
    // Triggers at 0…4 s restart a 500 ms quiet period that ends before the next trigger: runs
    // at 0.5, 1.5, 2.5, 3.5 and 4.5 s; the triggers from 5 s on are unseen.
    let debounced = Self.run(
      Self.every(.seconds(1)), debounce: .milliseconds(500),
      visibility: Self.visible([(0, 5_000_000_000)]))
    #expect(debounced.workload("tick").occurrences == 5)
  }

  /// Visible [0, 2 s) and [5 s, 10 s): due at 0 and 1 s, then 5 … 9 s.
  @Test func aTimerSkipsTheInvisibleGap() {
    let result = Self.run(
      Self.every(.seconds(1)),
      visibility: Self.visible([(0, 2_000_000_000), (5_000_000_000, 10_000_000_000)]))
    #expect(result.workload("tick").occurrences == 7)
  }

  /// A window [6 s, 8 s]: with the app invisible through its deadline, it does nothing; when the
  /// app becomes visible inside the window it runs then, and at the deadline exactly it runs at
  /// the deadline (the visibility change comes before workload events at one instant); 1 ns
  /// later is too late. (It requires `battery-ok`, which holds throughout — there is no battery —
  /// so that it runs as soon as it may; a window with no condition at all waits for the device
  /// to be awake, see ``SystemChosenTimeTests``.)
  @Test(arguments: [
    (Int64(7_000_000_000), 1, Int64(1_200_000_000)), (8_000_000_000, 1, 2_200_000_000),
    (8_000_000_001, 0, nil), (9_000_000_000, 0, nil),
  ])
  func aWindowRunsOnlyWhileVisible(visibleFrom: Int64, expected: Int, latency: Int64?) {
    let window = WorkloadTiming.window(
      earliest: Fixture.at(.seconds(6)), deadline: Fixture.at(.seconds(8)), requires: .batteryOK)
    let result = Self.run(
      window, visibility: Self.visible([(0, 5_000_000_000), (visibleFrom, 10_000_000_000)]))
    #expect(result.workload("tick").occurrences == expected)
    // Latency counts from the window's start: the wait, the 100 ms wake and 100 ms of work.
    #expect(result.workload("tick").latency?.max.nanoseconds == latency)
    #expect(result.workload("tick").deadlineMisses == (visibleFrom == 8_000_000_000 ? 1 : 0))
  }
}
