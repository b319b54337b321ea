import DeviceModels
import Quantities
import Testing

/// Deferrable tasks of *OS policies*: `requires` lists that must all hold, `idle` and `battery-ok`,
/// repeating tasks with a window each, batching, and interruptible tasks that pause between steps.
/// The device is `BatteryTests`' load (1 W idle, 2 W working, no wake latency, a battery of 1 MJ —
/// 100 J for the battery tests — charging at 5 W) plus two job components that draw nothing idle
/// and 1 W working, none with a wake latency, so that every time follows from the rules alone.
@Suite struct BackgroundTaskTests {
  static func ns(_ value: Int64) -> Instant { Instant(nanosecondsSinceStart: value) }
  static func at(_ seconds: Int64) -> Instant { Fixture.at(.seconds(seconds)) }

  static func job(_ name: String) -> ComponentSpec {
    Fixture.generic(
      name,
      Ladder(
        states: [
          LadderState(name: "working", power: .watts(1), wakePower: .watts(1)),
          Fixture.state("idle", .zero, active: .watts(1)),
        ], idlePolicy: .timeout), parent: .none)
  }

  static func device(capacity: Energy) -> DeviceSpec {
    var device = BatteryTests.device(capacity: capacity)
    device.components += [Self.job("a"), Self.job("b")]
    return device
  }

  /// Steps of `seconds` each on job component `component`, one after another.
  static func steps(_ seconds: [Int64], on component: String = "a") -> WorkSpec {
    seconds.map {
      WorkStepSpec(generic: [GenericStep(component: component, duration: .seconds($0))])
    }
  }

  static func run(
    _ workloads: [WorkloadSpec], duration: Int64, charging: [(Int64, Int64)] = [],
    start: Double = 1, display: [(Int64, Int64)] = [], capacity: Energy = .joules(1e6)
  ) -> RunResult {
    let sessions = display.map {
      DisplaySession(
        range: TimeRange(start: at($0.0), end: at($0.1)), brightness: Fraction(0.5),
        content: .averagePixelLevel(Fraction(0.5)))
    }
    var device = Self.device(capacity: capacity)
    if !sessions.isEmpty {
      device.components.append(
        ComponentSpec(name: "display", model: .display(DisplayTests.oled), parent: .none))
    }
    let collector = PowerSeriesCollector()
    let result = Fixture.run(
      Fixture.setup(
        device, workloads, duration: .seconds(duration),
        environment: BatteryTests.environment(charging: charging, start: start),
        display: sessions),
      recording: RecordingOptions(binWidth: .seconds(1), sink: collector))
    Fixture.expectInvariants(result, duration: .seconds(duration), collector: collector)
    return result
  }

  static func window(
    _ name: String = "task", from: Int64 = 0, to: Int64, requires: DeferralConditions,
    work: WorkSpec = steps([5]), interruptible: Bool = false
  ) -> WorkloadSpec {
    var spec = WorkloadSpec(
      name: name, timing: .window(earliest: at(from), deadline: at(to), requires: requires),
      work: work)
    spec.isInterruptible = interruptible
    return spec
  }

  // MARK: Conditions

  /// `["charging", "idle"]`: charging from 300 s, but the display (off from time 0) makes the
  /// device idle only at 600 s, 10 min counted from 0: the 5 s task runs at 600 s, due at 0:
  /// latency 605 s. Requiring only charging, it runs at 300 s (latency 305 s).
  @Test func everyConditionOfAListMustHold() {
    let both = Self.run(
      [Self.window(to: 1_000, requires: [.charging, .idle])], duration: 1_200,
      charging: [(300, 1_100)])
    #expect(both.workload("task").latency?.max == .seconds(605))
    let charging = Self.run(
      [Self.window(to: 1_000, requires: .charging)], duration: 1_200, charging: [(300, 1_100)])
    #expect(charging.workload("task").latency?.max == .seconds(305))
  }

  /// Idle at its boundary: the display is on 0–100 s, so the device is idle from exactly 700 s.
  /// A window opening at 700 s − 1 ns waits 1 ns (latency 5 s + 1 ns); one opening at 700 s runs
  /// at once (5 s). A display that comes back on at 700 s exactly never makes it idle: the task
  /// waits for its deadline (900 s).
  @Test func idleIsReachedExactlyTenMinutesAfterTheDisplayTurnsOff() {
    let early = WorkloadSpec(
      name: "task",
      timing: .window(earliest: Self.ns(699_999_999_999), deadline: Self.at(900), requires: .idle),
      work: Self.steps([5]))
    let before = Self.run([early], duration: 1_000, display: [(0, 100)])
    #expect(before.workload("task").latency?.max == .nanoseconds(5_000_000_001))
    let onTime = Self.run(
      [Self.window(from: 700, to: 900, requires: .idle)], duration: 1_000, display: [(0, 100)])
    #expect(onTime.workload("task").latency?.max == .seconds(5))
    let interrupted = Self.run(
      [Self.window(from: 650, to: 900, requires: .idle)], duration: 1_000,
      display: [(0, 100), (700, 800)])
    #expect(interrupted.workload("task").latency?.max == .seconds(255))
  }

  /// `battery-ok` (at least 20% of 100 J): from 25 J the 1 W load reaches 20 J at exactly 5 s,
  /// still ok; the next nanosecond it is not. A task opening at 5 s runs at once (latency 5 s);
  /// one opening at 5 s + 1 ns waits for its deadline at 10 s (latency 10 − 5 s − 1 ns + 5 s).
  @Test func batteryOKHoldsDownToTwentyPercent() {
    let atLevel = Self.run(
      [Self.window(from: 5, to: 10, requires: .batteryOK)], duration: 20, start: 0.25,
      capacity: .joules(100))
    #expect(atLevel.workload("task").latency?.max == .seconds(5))
    let below = WorkloadSpec(
      name: "task",
      timing: .window(
        earliest: Self.ns(5_000_000_001), deadline: Self.at(10), requires: .batteryOK),
      work: Self.steps([5]))
    let late = Self.run([below], duration: 20, start: 0.25, capacity: .joules(100))
    #expect(late.workload("task").latency?.max == .nanoseconds(9_999_999_999))
  }

  /// A battery at 15 J (below 20% of 100 J) is ok again once the charger (5 W from 10 s, when
  /// 1 W of load has left 5 J) has filled it to 20 J: 15 J at 5 W, 3 s: at 13 s (latency 18 s).
  @Test func batteryOKReturnsWhenTheChargerFillsTheBattery() {
    let result = Self.run(
      [Self.window(to: 50, requires: .batteryOK)], duration: 60, charging: [(10, 60)],
      start: 0.15, capacity: .joules(100))
    #expect(result.workload("task").latency?.max == .seconds(18))
  }

  // MARK: Repeating tasks

  /// Every 100 s with a 30 s window, requiring charging (plugged in 110–120 s and 250–300 s):
  /// instance 0 (0–30 s) runs at its deadline, 30 s; instance 1 (100–130 s) when charging
  /// starts, 110 s; instance 2 (200–230 s) at its deadline, 230 s — charging at 250 s is too
  /// late; instance 3 (300–330 s) at 330 s, charging having ended at 300 s (half-open).
  /// Latencies (work 5 s): 35, 15, 35, 35 s; the three that start at their deadline miss it.
  @Test func aRepeatingTaskRunsEachInstanceInItsWindow() {
    let task = WorkloadSpec(
      name: "task",
      timing: .repeatingWindow(
        every: .seconds(100), start: .start, end: nil, count: nil, window: .seconds(30),
        requires: .charging),
      work: Self.steps([5]))
    let result = Self.run([task], duration: 400, charging: [(110, 120), (250, 300)])
    let workload = result.workload("task")
    #expect(workload.occurrences == 4)
    #expect(workload.latency?.max == .seconds(35))
    #expect(workload.latency?.p50 == .seconds(35))
    #expect(workload.deadlineMisses == 3)
    // Job a worked 4 × 5 s.
    #expect(result.component("a").state("working").residency == .seconds(20))
  }

  /// An instance still running when the next becomes eligible: the next waits for it. A 150 s
  /// task every 100 s (window 50 s, requiring only `battery-ok`, which holds throughout: a task
  /// with no condition at all waits for the device to be awake) runs 0–150 s; instance 1, eligible at 100 s,
  /// starts at 150 s when instance 0 ends (after its deadline, at once), 150–300 s; instance 2
  /// (200 s) replaces nothing — instance 1 is running — and starts at 300 s.
  @Test func anInstanceWaitsForThePreviousOne() {
    let task = WorkloadSpec(
      name: "task",
      timing: .repeatingWindow(
        every: .seconds(100), start: .start, end: nil, count: 3, window: .seconds(50),
        requires: .batteryOK),
      work: Self.steps([150]))
    let result = Self.run([task], duration: 500)
    let workload = result.workload("task")
    #expect(workload.occurrences == 3)
    #expect(workload.unfinished == 0)
    // Latencies 150 s, 200 s (150 − 100 + 150) and 250 s (300 − 200 + 150).
    #expect(workload.latency?.max == .seconds(250))
    #expect(workload.latency?.p50 == .seconds(200))
    #expect(result.component("a").state("working").residency == .seconds(450))
  }

  /// An instance whose deadline passes while the previous one still runs waits for it, and its
  /// deadline, gone by, is no longer a known wake-up: a predictive node idling then aimed its
  /// check at that past instant and stopped the run. A 95 s task every 60 s (window 30 s, three
  /// instances) runs 0–95 s, 95–190 s (instance 1, deadline 90 s) and 190–285 s (instance 2,
  /// eligible 120 s): latencies 95, 130 and 165 s, every deadline missed (it requires only
  /// `battery-ok`, which holds throughout, so each runs as soon as it may). A predictive part `p`
  /// (active 1 W; `light` 0.5 W; `deep` 0 W, worth entering for 60 s) works 91–92 s: the next
  /// known wake-up is instance 2's eligibility at 120 s, 28 s ahead, so it idles in `light` and,
  /// the wake-up not coming to it, steps down to `deep` at 120 s.
  @Test func anInstancePastItsDeadlineIsNoKnownWakeUp() {
    let task = WorkloadSpec(
      name: "task",
      timing: .repeatingWindow(
        every: .seconds(60), start: .start, end: nil, count: 3, window: .seconds(30),
        requires: .batteryOK),
      work: Self.steps([95]))
    let poke = WorkloadSpec(
      name: "poke", timing: .once(at: Self.at(91)),
      work: Fixture.uses("p", for: .seconds(1)))
    var device = Self.device(capacity: .joules(1e6))
    device.components.append(
      Fixture.generic(
        "p",
        Ladder(
          states: [
            LadderState(name: "active", power: .watts(1), wakePower: .watts(1)),
            Fixture.state("light", .watts(0.5), active: .watts(1)),
            Fixture.state("deep", .zero, minResidency: .seconds(60), active: .watts(1)),
          ], idlePolicy: .predictive), parent: .none))
    for fastForward in [true, false] {
      let result = Fixture.run(
        Fixture.setup(device, [task, poke], duration: .seconds(400)),
        recording: RecordingOptions(fastForward: fastForward))
      let workload = result.workload("task")
      #expect(workload.occurrences == 3)
      #expect(workload.latency?.max == .seconds(165))
      #expect(workload.latency?.p50 == .seconds(130))
      #expect(workload.deadlineMisses == 3)
      #expect(result.component("a").state("working").residency == .seconds(285))
      let part = result.component("p")
      #expect(part.state("active").residency == .seconds(1))
      #expect(part.state("light").residency == .seconds(28))
      #expect(part.state("deep").residency == .seconds(371))
    }
  }

  /// Batching: two tasks waiting for the charger start together when it is plugged in, at 40 s,
  /// on their own components (latency 45 s each), whatever their windows.
  @Test func tasksWhoseConditionsComeTrueTogetherStartTogether() {
    let first = Self.window("first", from: 0, to: 100, requires: .charging)
    var second = Self.window(
      "second", from: 20, to: 200, requires: [.charging], work: Self.steps([5], on: "b"))
    second.isInterruptible = false
    let result = Self.run([first, second], duration: 300, charging: [(40, 60)])
    #expect(result.workload("first").latency?.max == .seconds(45))
    #expect(result.workload("second").latency?.max == .seconds(25))
    #expect(result.component("a").state("working").residency == .seconds(5))
    #expect(result.component("b").state("working").residency == .seconds(5))
  }

  // MARK: Interruptible

  /// Three 10 s steps requiring charging (plugged in 0–15 s and 40–100 s). Step 1 runs 0–10 s,
  /// step 2 10–20 s (charging ends during it: it finishes); interruptible, step 3 waits for the
  /// charger, 40–50 s: latency 50 s. Not interruptible: 30 s.
  @Test(arguments: [(true, Int64(50)), (false, 30)])
  func anInterruptibleTaskPausesBetweenSteps(interruptible: Bool, latency: Int64) {
    let result = Self.run(
      [
        Self.window(
          to: 1_000, requires: .charging, work: Self.steps([10, 10, 10]),
          interruptible: interruptible)
      ], duration: 200, charging: [(0, 15), (40, 100)])
    #expect(result.workload("task").latency?.max == .seconds(latency))
  }

  /// Its deadline lets a paused task go on: with a window to 30 s, step 3 waits 20–30 s and
  /// runs 30–40 s (latency 40 s, a deadline miss). A deadline at exactly the end of step 2
  /// (20 s) never pauses it: latency 30 s, also a miss.
  @Test(arguments: [(Int64(30), Int64(40)), (20, 30)])
  func aPausedTaskGoesOnAtItsDeadline(deadline: Int64, latency: Int64) {
    let result = Self.run(
      [
        Self.window(
          to: deadline, requires: .charging, work: Self.steps([10, 10, 10]), interruptible: true)
      ], duration: 200, charging: [(0, 15), (40, 100)])
    #expect(result.workload("task").latency?.max == .seconds(latency))
    #expect(result.workload("task").deadlineMisses == 1)
  }
}
