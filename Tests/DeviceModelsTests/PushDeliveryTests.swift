import DeviceModels
import Quantities
import TestSupport
import Testing

/// Push delivery (see *Apps and push delivery*), by hand, on the radio of
/// ``PeripheralTests/radio(downlink:)``: connected 1 W; tail 500 mW after 100 ms; idle 10 mW after
/// 5 s; promotion 200 ms at 1.2 W; 10 Mbit/s down; a 50 ms round trip at 1 W; data at 1.5 W at 10
/// Mbit/s. A push of 12.5 kB (100 kbit) takes 10 ms of data. No CPU, so an occurrence is its push
/// and its work. Runs last 10 s.
@Suite struct PushDeliveryTests {
  static let pushSize = DataSize(bytes: 12_500)

  static func pushed(
    _ timing: WorkloadTiming, _ priority: PushPriority, name: String = "push",
    maxDelay: TimeSpan = .seconds(900), collapses: Bool = false, work: WorkSpec = [],
    app: String = AppSpec.implicitName
  ) -> WorkloadSpec {
    WorkloadSpec(
      name: name, timing: timing, work: work, app: app,
      push: PushSpec(priority: priority, size: pushSize, maxDelay: maxDelay, collapses: collapses))
  }

  static func at(_ milliseconds: Int64) -> WorkloadTiming {
    .once(at: Fixture.at(.milliseconds(milliseconds)))
  }

  static func run(
    _ workloads: [WorkloadSpec], components: [ComponentSpec] = [], apps: [AppSpec] = [],
    display: [DisplaySession] = []
  ) -> RunResult {
    let environment = Fixture.online(for: .seconds(10))
    return Fixture.run(
      SimulationSetup(
        device: Fixture.device([PeripheralTests.radio()] + components), workloads: workloads,
        environment: environment, display: display, visibility: nil, duration: .seconds(10),
        seed: 0, apps: apps))
  }

  /// A high push sent at 1 s wakes the radio at once: promotion 1.0–1.2 s (0.24 J), round trip
  /// to 1.25 s (0.05 J), data to 1.26 s (0.015 J), hold to 1.36 s (0.1 J), tail to 6.26 s
  /// (2.45 J); idle 0–1 s and 6.26–10 s at 10 mW (0.0474 J): 2.9024 J. Latency 260 ms from the
  /// send. Everything above the idle floor is the workload's.
  @Test func highPushWakesTheRadioAtOnce() {
    let result = Self.run([Self.pushed(Self.at(1_000), .high)])
    let lte = result.component("lte")
    #expect(lte.energy == joules(2.9024))
    #expect(lte.wakeups == 1)
    #expect(result.workload("push").latency?.max == .milliseconds(260))
    #expect(result.workload("push").energy == joules(2.9024 - 0.1))
  }

  /// A low push sent at 1 s while a download at 0 s left the radio in its tail rides it: no
  /// promotion. The download: promotion 0–0.2 s, round trip to 0.25, data to 0.26, hold to
  /// 0.36, tail to 1.0 s (0.32 J). The push: round trip 1.0–1.05 s, data to 1.06, hold to 1.16,
  /// tail to 6.06 s (idle 5 s after the work, 2.45 J), idle to 10 s (0.0394 J). 3.3794 J, one
  /// wake-up, latency 60 ms (the high push's 260 ms less the 200 ms promotion).
  @Test func lowPushRidesAnAwakeRadio() {
    let download = WorkloadSpec(
      name: "fetch", timing: Self.at(0), work: [WorkStepSpec(download: Self.pushSize)])
    let result = Self.run([download, Self.pushed(Self.at(1_000), .low)])
    let lte = result.component("lte")
    #expect(
      lte.energy == joules(3.3794))
    #expect(lte.wakeups == 1)
    #expect(result.workload("push").latency?.max == .milliseconds(60))
  }

  /// A low push sent at 1 s with nothing waking the device waits its whole 3 s `max_delay`: it
  /// is delivered at 4 s exactly, not a nanosecond earlier — the latency, counted from the send,
  /// is 3 s plus the high push's 260 ms. The energy is the high push's, shifted.
  @Test func lowPushWaitsMaxDelayWhenNothingWakes() {
    let result = Self.run([Self.pushed(Self.at(1_000), .low, maxDelay: .seconds(3))])
    #expect(result.workload("push").latency?.max == .milliseconds(3_260))
    #expect(result.component("lte").energy == joules(2.9024))
  }

  /// The display turning on is the device awake anyway: a low push held since 1 s is delivered
  /// when the screen comes on at 2 s (latency 1.26 s).
  @Test func lowPushIsDeliveredWhenTheDisplayTurnsOn() {
    let display = ComponentSpec(name: "display", model: .display(DisplayTests.lcd), parent: .none)
    let session = DisplaySession(
      range: TimeRange(start: Fixture.at(.seconds(2)), end: Fixture.at(.seconds(3))),
      brightness: Fraction(0.5), content: .appearance(.light))
    let result = Self.run(
      [Self.pushed(Self.at(1_000), .low)], components: [display], display: [session])
    #expect(result.workload("push").latency?.max == .milliseconds(1_260))
  }

  /// Collapsing: low pushes sent at 1, 2 and 3 s, held until the first one's 5 s `max_delay`
  /// (6 s): only the latest is delivered (latency 6 − 3 + 0.26 = 3.26 s), the other two are
  /// held. Without collapsing all three are delivered together at 6 s.
  @Test(arguments: [(true, 1, 2), (false, 3, 0)])
  func collapseDeliversOnlyTheLatest(collapses: Bool, occurrences: Int, held: Int) {
    let times = WorkloadTiming.times([1, 2, 3].map { Fixture.at(.seconds($0)) })
    let result = Self.run([
      Self.pushed(times, .low, maxDelay: .seconds(5), collapses: collapses)
    ])
    let push = result.workload("push")
    #expect(push.occurrences == occurrences)
    #expect(push.held == held)
    if collapses { #expect(push.latency?.max == .milliseconds(3_260)) }
    if !collapses { #expect(push.latency?.p50 ?? .zero > .seconds(4)) }
  }

  /// A push runs a suspended app in the background for its grant. The app is never in the
  /// foreground, with a 2 s grant: suspended 2–5 s. A local job due at 3 s (1 s on `unit`) is
  /// held. A high push at 5 s runs the app until 7 s: the held job runs at once (5–6 s, latency
  /// 3 s); the push's own 1 s of `unit` work follows its download (5.0–5.26 s) and waits for
  /// the unit: 6–7 s, completing exactly as the grant ends (completions rank first: latency
  /// 2 s). Suspended again 7–10 s.
  @Test func pushRunsASuspendedAppForItsGrant() {
    let unit = AppLifecycleTests.unit
    let app = AppSpec(name: "a", foreground: [], backgroundTime: .seconds(2), timerLeeway: .zero)
    let local = WorkloadSpec(
      name: "local", timing: Self.at(3_000), work: Fixture.uses("unit", for: .seconds(1)),
      app: "a")
    let push = Self.pushed(
      Self.at(5_000), .high, work: Fixture.uses("unit", for: .seconds(1)), app: "a")
    let result = Self.run([local, push], components: [unit], apps: [app])
    #expect(result.workload("local").latency?.max == .seconds(3))
    #expect(result.workload("push").latency?.max == .seconds(2))
    #expect(result.workload("push").unfinished == 0)
    #expect(result.apps[0].backgroundTime == .seconds(4))
    #expect(result.apps[0].suspendedTime == .seconds(6))
  }

  /// The *Results and accounting* invariants hold with pushes of both priorities, collapsing,
  /// riding a radio woken by other work, and a suspended app woken by them.
  @Test func invariantsHoldWithPushes() {
    let collector = PowerSeriesCollector()
    let unit = AppLifecycleTests.unit
    let app = AppSpec(
      name: "a", foreground: [TimeRange(start: .start, end: Fixture.at(.seconds(1)))],
      backgroundTime: .milliseconds(500), timerLeeway: .zero)
    let poisson = WorkloadTiming.poisson(meanIntervalNanoseconds: 7e8, start: .start, end: nil)
    let workloads = [
      Self.pushed(
        poisson, .low, name: "low", maxDelay: .seconds(2), collapses: true,
        work: Fixture.uses("unit", for: .milliseconds(300)), app: "a"),
      Self.pushed(
        .times([3, 6].map { Fixture.at(.seconds($0)) }), .high, name: "high",
        work: Fixture.uses("unit", for: .milliseconds(800)), app: "a"),
      WorkloadSpec(
        name: "local",
        timing: .periodic(
          every: .milliseconds(900), start: .start, end: nil, count: nil, tolerance: .zero),
        work: Fixture.uses("unit", for: .milliseconds(200)), app: "a"),
    ]
    let environment = Fixture.online(for: .seconds(10))
    let setup = SimulationSetup(
      device: Fixture.device([PeripheralTests.radio(), unit]), workloads: workloads,
      environment: environment, display: [], visibility: nil, duration: .seconds(10), seed: 7,
      apps: [app])
    let result = Fixture.run(
      setup, recording: RecordingOptions(binWidth: .milliseconds(100), sink: collector))
    Fixture.expectInvariants(result, duration: .seconds(10), collector: collector)
    #expect(result.workload("high").occurrences == 2)
    #expect(result.workload("local").held > 0)
  }
}
