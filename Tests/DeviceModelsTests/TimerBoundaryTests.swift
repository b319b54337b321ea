import DeviceModels
import Quantities
import Testing

/// Every timer at its boundary: not yet at `t − 1 ns`, fired at `t`.
@Suite struct TimerBoundaryTests {
  /// Active 1 W; off after 1 s, waking in 100 ms.
  static let ladder = Fixture.twoStateLadder(
    "on", .watts(1), then: "off", .zero, after: .seconds(1), wake: .milliseconds(100))

  static func run(
    _ timing: WorkloadTiming, debounce: TimeSpan? = nil, duration: TimeSpan,
    environment: EnvironmentSpec = EnvironmentSpec(network: [], charging: [], batteryStart: .one)
  ) -> WorkloadResult {
    let device = Fixture.device([Fixture.generic("unit", ladder, parent: .none)])
    let workload = WorkloadSpec(
      name: "w", timing: timing, debounce: debounce,
      work: Fixture.uses("unit", for: .milliseconds(100)))
    return Fixture.run(
      Fixture.setup(device, [workload], duration: duration, environment: environment)
    ).workload("w")
  }

  static func ns(_ value: Int64) -> Instant { Instant(nanosecondsSinceStart: value) }

  /// The idle timer: the first item (due 0) wakes 0–0.1 s and works to 0.2 s; the ladder holds
  /// until 1.2 s. An item due 1 ns before finds it holding; one due at 1.2 s finds it off,
  /// because demotions come before arrivals at the same instant.
  @Test(arguments: [(Int64(1_199_999_999), Int64(100_000_000)), (1_200_000_000, 200_000_000)])
  func demotionTimer(secondDue: Int64, expectedLatency: Int64) {
    let result = Self.run(.times([Self.ns(0), Self.ns(secondDue)]), duration: .seconds(3))
    #expect(result.latency?.count == 2)
    #expect(result.latency?.max == .milliseconds(200), "the first item waits for the wake")
    // The smaller latency (the nearest-rank median of two) is the second item's.
    #expect(result.latency?.p50 == .nanoseconds(expectedLatency))
  }

  /// The idle timer re-armed before it was due: the first item holds the unit until 1.2 s, a
  /// second due at 0.9 s works to 1.0 s and moves the step down to 2.0 s (the check queued for
  /// 1.2 s finds it later and waits for it). A third item 1 ns before 2.0 s finds the unit
  /// holding (100 ms of work); one at 2.0 s finds it off (a 100 ms wake first).
  @Test(arguments: [(Int64(1_999_999_999), Int64(100_000_000)), (2_000_000_000, 200_000_000)])
  func rearmedDemotionTimer(thirdDue: Int64, expectedLatency: Int64) {
    let result = Self.run(
      .times([Self.ns(0), Self.ns(900_000_000), Self.ns(thirdDue)]), duration: .seconds(4))
    #expect(result.latency?.count == 3)
    // The first item waits for the wake (200 ms), the second runs at once (100 ms): the median
    // of the three is the third's latency.
    #expect(result.latency?.max == .milliseconds(200))
    #expect(result.latency?.p50 == .nanoseconds(expectedLatency))
  }

  /// `every` with `until`: due at from + k·every while before until.
  @Test(arguments: [(Int64(3_000_000_000), 3), (3_000_000_001, 4)])
  func periodicUntil(until: Int64, expected: Int) {
    let result = Self.run(
      .periodic(
        every: .seconds(1), start: .start, end: Self.ns(until), count: nil, tolerance: .zero),
      duration: .seconds(10))
    #expect(result.occurrences == expected)
  }

  /// `every` with `count`, and the end of the run: an occurrence due at the end does not run.
  @Test(arguments: [(Int64(2_000_000_000), 2), (2_000_000_001, 3)])
  func periodicEndOfRun(duration: Int64, expected: Int) {
    let result = Self.run(
      .periodic(every: .seconds(1), start: .start, end: nil, count: 5, tolerance: .zero),
      duration: .nanoseconds(duration))
    #expect(result.occurrences == expected)
  }

  @Test func periodicCount() {
    let result = Self.run(
      .periodic(every: .seconds(1), start: .start, end: nil, count: 2, tolerance: .zero),
      duration: .seconds(10))
    #expect(result.occurrences == 2)
  }

  /// `at` one nanosecond before the end runs (unfinished); at the end it does not.
  @Test func atTheEndOfTheRun() {
    let before = Self.run(.once(at: Self.ns(999_999_999)), duration: .seconds(1))
    #expect(before.occurrences == 1)
    #expect(before.unfinished == 1)
    #expect(before.latency == nil)
  }

  /// A range timer with nothing to coalesce with fires at the end of its window, due + tolerance.
  @Test(arguments: [(Int64(1_300_000_000), 0), (1_300_000_001, 1)])
  func rangeTimerDeadline(duration: Int64, expected: Int) {
    let result = Self.run(
      .periodic(
        every: .seconds(5), start: Self.ns(1_000_000_000), end: nil, count: nil,
        tolerance: .milliseconds(300)),
      duration: .nanoseconds(duration))
    #expect(result.occurrences == expected)
  }

  @Test func rangeTimerLatencyIncludesItsTolerance() {
    let result = Self.run(
      .periodic(
        every: .seconds(5), start: Self.ns(1_000_000_000), end: nil, count: 1,
        tolerance: .milliseconds(300)),
      duration: .seconds(3))
    // Fired at 1.3 s, woke 100 ms, worked 100 ms: 500 ms after it was due.
    #expect(result.latency?.max == .milliseconds(500))
  }

  /// Debounce: triggers at 1 s and 2 s with a 3 s quiet period run the work once, at 5 s.
  @Test(arguments: [(Int64(5_000_000_000), 0), (5_000_000_001, 1)])
  func debounceExpiry(duration: Int64, expected: Int) {
    let result = Self.run(
      .times([Self.ns(1_000_000_000), Self.ns(2_000_000_000)]), debounce: .seconds(3),
      duration: .nanoseconds(duration))
    #expect(result.occurrences == expected)
  }

  /// A deferrable workload whose condition never holds runs at its deadline.
  @Test(arguments: [(Int64(3_000_000_000), 0), (3_000_000_001, 1)])
  func windowDeadline(duration: Int64, expected: Int) {
    let result = Self.run(
      .window(
        earliest: Self.ns(1_000_000_000), deadline: Self.ns(3_000_000_000), requires: .charging),
      duration: .nanoseconds(duration))
    #expect(result.occurrences == expected)
  }

  /// It runs the moment its condition holds: charging from 2 s (1 ns earlier: not yet).
  @Test(arguments: [Int64(1_999_999_999), 2_000_000_000])
  func windowRunsWhenTheConditionHolds(chargingStart: Int64) {
    let environment = EnvironmentSpec(
      network: [],
      charging: [TimeRange(start: Self.ns(chargingStart), end: Self.ns(8_000_000_000))],
      batteryStart: .one)
    let result = Self.run(
      .window(
        earliest: Self.ns(1_000_000_000), deadline: Self.ns(6_000_000_000), requires: .charging),
      duration: .seconds(10), environment: environment)
    // Due at 1 s; runs at the charger's arrival, waking 100 ms and working 100 ms.
    #expect(result.latency?.max == .nanoseconds(chargingStart - 1_000_000_000 + 200_000_000))
    #expect(result.deadlineMisses == 0)
  }

  /// Frames are due at ⌊k · 10⁹ / fps⌋: at 3 fps, 0, 333 333 333 and 666 666 666 ns.
  @Test(arguments: [(Int64(666_666_666), 2), (666_666_667, 3)])
  func frameClock(duration: Int64, expected: Int) {
    let result = Self.run(
      .frames(rate: Frequency(hertz: 3), start: .start, duration: nil),
      duration: .nanoseconds(duration))
    #expect(result.occurrences + result.droppedFrames == expected)
  }
}
