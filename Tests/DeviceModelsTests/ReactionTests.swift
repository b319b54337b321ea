import DeviceModels
import Quantities
import Testing

/// Reactions to state (see *OS policies*): a workload that runs on an event runs once each time it
/// happens, `delay` later; `when` holds a list of states that must all hold. The unit's 100 ms of
/// work (woken in 100 ms from off) makes every occurrence visible in the counts.
@Suite struct ReactionTests {
  static let device = Fixture.device([
    Fixture.generic("unit", TimerBoundaryTests.ladder, parent: .none)
  ])

  static func ranges(_ seconds: [(Int64, Int64)]) -> [TimeRange] {
    seconds.map { TimeRange(start: Fixture.at(.seconds($0.0)), end: Fixture.at(.seconds($0.1))) }
  }

  static func workload(
    _ name: String, _ timing: WorkloadTiming, when: RunStates = [],
    app: String = AppSpec.implicitName
  ) -> WorkloadSpec {
    var spec = WorkloadSpec(
      name: name, timing: timing, work: Fixture.uses("unit", for: .milliseconds(100)), app: app)
    spec.when = when
    return spec
  }

  /// One workload per event, all on the device and app of `setup`'s arguments.
  static func runAllEvents(
    duration: TimeSpan,
    environment: EnvironmentSpec = EnvironmentSpec(
      network: [], charging: [], batteryStart: .one),
    display: [DisplaySession] = [], visibility: [TimeRange]? = nil, delay: TimeSpan = .zero,
    device: DeviceSpec = ReactionTests.device
  ) -> RunResult {
    let workloads = SystemEvent.allCases.map {
      workload($0.rawValue, .reaction(on: $0, delay: delay))
    }
    return Fixture.run(
      Fixture.setup(
        device, workloads, duration: duration, environment: environment, display: display,
        visibility: visibility))
  }

  static func counts(_ result: RunResult) -> [String: Int] {
    Dictionary(uniqueKeysWithValues: result.workloads.map { ($0.name, $0.occurrences) })
  }

  /// Visible [1 s, 2 s) and [4 s, 6 s) in a 10 s run: background at 2 and 6 s, foreground at 1 and
  /// 4 s; nothing else happens (no charger, network, display or Low Power Mode; no thermal model,
  /// so no thermal event ever).
  @Test func appEventsFireAtEachChangeOfTheForeground() {
    let result = Self.runAllEvents(
      duration: .seconds(10), visibility: Self.ranges([(1, 2), (4, 6)]))
    var expected = Dictionary(uniqueKeysWithValues: SystemEvent.allCases.map { ($0.rawValue, 0) })
    expected["background"] = 2
    expected["foreground"] = 2
    #expect(Self.counts(result) == expected)
  }

  /// An app that starts in the foreground gets `foreground` at time 0: visible from 0 (intervals),
  /// and always visible (no intervals at all), each once.
  @Test(arguments: [Self.ranges([(0, 3)]), nil])
  func anAppThatStartsInTheForegroundGetsForegroundAtZero(visibility: [TimeRange]?) {
    let result = Self.runAllEvents(duration: .seconds(10), visibility: visibility)
    #expect(result.workload("foreground").occurrences == 1)
    #expect(result.workload("background").occurrences == (visibility == nil ? 0 : 1))
  }

  /// Charging [0, 1 s) and [3 s, 5 s): the start at 0 is the state the run starts in (no event);
  /// charging-start at 3 s, charging-end at 1 and 5 s. Low Power Mode [2 s, 4 s) and [6 s, 7 s):
  /// on twice, off twice.
  @Test func chargerAndLowPowerEventsFireAtEachChangeButNotAtZero() {
    var environment = EnvironmentSpec(
      network: [], charging: Self.ranges([(0, 1), (3, 5)]), batteryStart: .one)
    environment.lowPower = .intervals(Self.ranges([(2, 4), (6, 7)]))
    let counts = Self.counts(Self.runAllEvents(duration: .seconds(10), environment: environment))
    #expect(counts["charging-start"] == 1)
    #expect(counts["charging-end"] == 2)
    #expect(counts["low-power-on"] == 2)
    #expect(counts["low-power-off"] == 2)
    #expect(counts["thermal-serious"] == 0)
    #expect(counts["thermal-nominal"] == 0)
  }

  /// `delay` after the event: background at 2 s with a delay of 1 s is due at exactly 3 s — not in
  /// a run that ends at 3 s, started (and cut off) in one 1 ns longer.
  @Test(arguments: [(Int64(3_000_000_000), 0), (3_000_000_001, 1)])
  func aDelayedReactionIsDueExactlyDelayAfterTheEvent(end: Int64, expected: Int) {
    let result = Self.runAllEvents(
      duration: .nanoseconds(end), visibility: Self.ranges([(0, 2)]), delay: .seconds(1))
    #expect(result.workload("background").occurrences == expected)
    #expect(result.workload("background").unfinished == expected)
  }

  /// Events faster than the delay queue up: background at 1, 2 and 3 s with a delay of 5 s runs
  /// at 6, 7 and 8 s, each 200 ms (a wake of 100 ms, then 100 ms of work; the unit is off again
  /// 1 s after each) after it is due.
  @Test func reactionsWaitingForTheirDelayRunInOrder() {
    let queued = Fixture.run(
      Fixture.setup(
        Self.device, [Self.workload("save", .reaction(on: .background, delay: .seconds(5)))],
        duration: .seconds(10),
        visibility: [
          TimeRange(start: .start, end: Fixture.at(.seconds(1))),
          TimeRange(start: Fixture.at(.milliseconds(1_500)), end: Fixture.at(.seconds(2))),
          TimeRange(start: Fixture.at(.milliseconds(2_500)), end: Fixture.at(.seconds(3))),
        ]))
    let save = queued.workload("save")
    #expect(save.occurrences == 3)
    #expect(save.latency?.max == .milliseconds(200))
  }

  /// `when` as a list: a 1 s timer in a 6 s run, due at 0 … 5 s, runs only where every state holds
  /// (Low Power Mode [2 s, 4 s), charging [1 s, 4 s), visible [0, 3 s)).
  static let statesAndCounts: [(RunStates, Int)] = [
    (.notLowPower, 4), (.charging, 3), (.thermalNominal, 6), (.displayOn, 0),
    ([.visible, .notLowPower], 2), ([.charging, .notLowPower], 1), (.wifi, 0),
  ]

  @Test(arguments: statesAndCounts)
  func aTimerRunsOnlyWhileItsStatesHold(states: RunStates, expected: Int) {
    var environment = EnvironmentSpec(
      network: [], charging: Self.ranges([(1, 4)]), batteryStart: .one)
    environment.lowPower = .intervals(Self.ranges([(2, 4)]))
    let timer = Self.workload(
      "tick", .periodic(every: .seconds(1), start: .start, end: nil, count: nil, tolerance: .zero),
      when: states)
    let result = Fixture.run(
      Fixture.setup(
        Self.device, [timer], duration: .seconds(6), environment: environment,
        visibility: Self.ranges([(0, 3)])))
    #expect(result.workload("tick").occurrences == expected)
  }

  /// An animation paused by Low Power Mode: 10 fps for 1 s, Low Power Mode from 500 ms: frames 0 …
  /// 4 run, frames 5 … 9 are not due (neither run nor dropped).
  @Test func anAnimationPausesWhileLowPowerModeIsOn() {
    var environment = EnvironmentSpec(network: [], charging: [], batteryStart: .one)
    environment.lowPower = .intervals([
      TimeRange(start: Fixture.at(.milliseconds(500)), end: Fixture.at(.seconds(1)))
    ])
    let animation = Self.workload(
      "ui", .frames(rate: Frequency(hertz: 10), start: .start, duration: nil), when: .notLowPower)
    let result = Fixture.run(
      Fixture.setup(Self.device, [animation], duration: .seconds(1), environment: environment))
    #expect(result.workload("ui").occurrences == 5)
    #expect(result.workload("ui").droppedFrames == 0)
  }

  /// A deferrable window [0, 2 s] that must run while charging: the charger plugged in at the
  /// deadline's instant counts (environment changes come before workload events at one instant),
  /// unplugged at it does not — the window passes without the work.
  @Test(arguments: [((2, 3), 1), ((1, 2), 0)])
  func aStateChangingAtTheDeadlineInstant(charging: (Int64, Int64), expected: Int) {
    let environment = EnvironmentSpec(
      network: [], charging: Self.ranges([charging]), batteryStart: .one)
    let task = Self.workload(
      "task",
      .window(earliest: .start, deadline: Fixture.at(.seconds(2)), requires: []),
      when: .charging)
    let result = Fixture.run(
      Fixture.setup(Self.device, [task], duration: .seconds(5), environment: environment))
    #expect(result.workload("task").occurrences == expected)
  }

  /// A reaction whose event comes at the instant of a deferrable task's deadline: both run, once.
  @Test func anEventAtADeadlineRunsBoth() {
    let task = Self.workload(
      "task", .window(earliest: .start, deadline: Fixture.at(.seconds(2)), requires: []))
    let save = Self.workload("save", .reaction(on: .background, delay: .zero))
    let result = Fixture.run(
      Fixture.setup(
        Self.device, [save, task], duration: .seconds(5), visibility: Self.ranges([(0, 2)])))
    #expect(result.workload("task").occurrences == 1)
    #expect(result.workload("save").occurrences == 1)
    // The task waited for its deadline (nothing woke the device before): 2 s, then the unit
    // (busy with the save, which ranks first at that instant: 100 ms wake, 100 ms work) serves it.
    #expect(result.workload("task").latency?.max == .milliseconds(2_300))
  }
}

/// The system chooses the time (see *OS policies*): a deferrable task without conditions runs the
/// next time the device is awake anyway inside its window, else at its deadline. The platform
/// (1 W, asleep at 0 W at once when idle, waking at once) carries two units: the task's (off 1 s
/// after its work, waking in 100 ms) and another workload's (off at once after its 100 ms of
/// work, waking in 100 ms: the platform is asleep again 200 ms after it starts), so neither waits
/// for the other's work.
@Suite struct SystemChosenTimeTests {
  static let device = Fixture.device([
    Fixture.platform(Fixture.twoStateLadder("awake", .watts(1), then: "asleep", .zero)),
    Fixture.generic("unit", TimerBoundaryTests.ladder),
    Fixture.generic(
      "other",
      Fixture.twoStateLadder(
        "on", .watts(1), then: "off", .zero, after: .zero, wake: .milliseconds(100))),
  ])

  static func run(otherAt other: TimeSpan?, requires: DeferralConditions = []) -> WorkloadResult {
    var workloads = [
      WorkloadSpec(
        name: "task",
        timing: .window(
          earliest: Fixture.at(.seconds(1)), deadline: Fixture.at(.seconds(5)),
          requires: requires),
        work: Fixture.uses("unit", for: .milliseconds(100)))
    ]
    if let other {
      workloads.append(
        WorkloadSpec(
          name: "wake", timing: .once(at: Fixture.at(other)),
          work: Fixture.uses("other", for: .milliseconds(100))))
    }
    return Fixture.run(Fixture.setup(device, workloads, duration: .seconds(10))).workload("task")
  }

  /// Nothing wakes the device in the window [1 s, 5 s]: the task runs at its deadline, 4 s after
  /// it became eligible, done 200 ms later (the unit's 100 ms wake and 100 ms of work).
  @Test func withNothingAwakeItRunsAtItsDeadline() {
    #expect(Self.run(otherAt: nil).latency?.max == .milliseconds(4_200))
  }

  /// Another workload wakes the platform at 3 s: the task runs with it, at 3 s (2.2 s after it
  /// became eligible). At the window's opening instant (1 s) it runs at once: 200 ms. Before the
  /// window (500 ms, the platform asleep again long before 1 s) it does not count: the deadline.
  @Test(arguments: [
    (Int64(3_000), Int64(2_200)), (1_000, 200), (500, 4_200), (5_000, 4_200), (4_999, 4_199),
  ])
  func itRunsTheNextTimeThePlatformIsAwake(otherAt: Int64, latency: Int64) {
    #expect(Self.run(otherAt: .milliseconds(otherAt)).latency?.max == .milliseconds(latency))
  }

  /// A condition keeps the old rule: `charging` never holds here, so the wake at 3 s does not run
  /// it; it runs at its deadline.
  @Test func aTaskWithAConditionWaitsForItNotForTheDevice() {
    #expect(
      Self.run(otherAt: .seconds(3), requires: .charging).latency?.max == .milliseconds(4_200))
  }
}
