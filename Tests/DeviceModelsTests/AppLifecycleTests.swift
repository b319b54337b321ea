import DeviceModels
import Quantities
import TestSupport
import Testing

/// Apps and their lifecycle (see *Apps and push delivery*), by hand, on one generic component
/// `unit` (active 1 W, off 0 W at once, no wake latency) and no CPU, so an occurrence is exactly
/// its work: 1 J per second of it.
@Suite struct AppLifecycleTests {
  static let unit = Fixture.generic(
    "unit", Fixture.twoStateLadder("active", .watts(1), then: "off", .zero))

  static func app(
    foreground: [(Int64, Int64)], backgroundTime: TimeSpan?, leeway: TimeSpan = .zero
  ) -> AppSpec {
    AppSpec(
      name: "a",
      foreground: foreground.map {
        TimeRange(start: Fixture.at(.seconds($0.0)), end: Fixture.at(.seconds($0.1)))
      }, backgroundTime: backgroundTime, timerLeeway: leeway)
  }

  static func timer(every seconds: Int64, work: Int64 = 1, tolerance: TimeSpan = .zero)
    -> WorkloadSpec
  {
    WorkloadSpec(
      name: "timer",
      timing: .periodic(
        every: .seconds(seconds), start: .start, end: nil, count: nil, tolerance: tolerance),
      work: Fixture.uses("unit", for: .seconds(work)), app: "a")
  }

  static func run(_ workloads: [WorkloadSpec], app: AppSpec, duration: Int64) -> RunResult {
    Fixture.run(
      SimulationSetup(
        device: Fixture.device([unit]), workloads: workloads,
        environment: EnvironmentSpec(network: [], charging: [], batteryStart: .one),
        display: [], visibility: nil, duration: .seconds(duration), seed: 0, apps: [app]))
  }

  /// Foreground 0–10 s and 50–100 s, a 5 s grant: background 10–15 s, suspended 15–50 s. A 1 s
  /// job every 10 s: due 0 and 10 s run (10 s finds the app just in the background); 20, 30 and
  /// 40 s fall due suspended — 20 and 30 s are superseded (held 2) and 40 s runs when the app
  /// returns at 50 s, before the occurrence due then (environment changes rank first): it
  /// completes at 51 s (latency 11 s), the one due at 50 s waits behind it and completes at
  /// 52 s (2 s). Then 60–90 s as usual: 8 occurrences, 8 J.
  @Test func suspensionHoldsOccurrencesAndRunsOnlyTheLatestOnReturn() {
    let result = Self.run(
      [Self.timer(every: 10)],
      app: Self.app(foreground: [(0, 10), (50, 100)], backgroundTime: .seconds(5)),
      duration: 100)
    let timer = result.workload("timer")
    #expect(timer.occurrences == 8)
    #expect(timer.held == 2)
    #expect(timer.unfinished == 0)
    #expect(timer.latency?.max == .seconds(11))
    #expect(result.component("unit").energy == joules(8))
    let app = result.apps[0]
    #expect(app.name == "a")
    #expect(app.foregroundTime == .seconds(60))
    #expect(app.backgroundTime == .seconds(5))
    #expect(app.suspendedTime == .seconds(35))
    #expect(app.held == 2)
    #expect(app.energy == joules(8))
  }

  /// A call cut off with its app (see *Apps and push delivery*): its packets in flight are taken
  /// off the network and the stream, one part of the call step, ends with them — so a later call
  /// of the same app, which may take the freed occurrence's place, completes. App `a` is in the
  /// foreground 0–1 s and 5–10 s with a 1.005 s grant: suspended at 2.005 s. Its 10 s voice call
  /// at 0 sends 100-byte packets every 20 ms over the radio of ``SharedLinkTests`` with 0.1 Mbit/s
  /// down (8 ms a packet) and 5 up (0.16 ms): at 2.005 s the downlink packet sent at 2 s is in
  /// flight. Its 1 s call at 6 s finds the radio in its tail (no promotion): 50 packets each way,
  /// the last sent at 6.98 s and through at 6.988 s, latency 0.988 s.
  @Test func aCallCutOffWithItsAppEndsWithItsPackets() {
    func call(_ name: String, at seconds: Int64, lasting duration: TimeSpan) -> WorkloadSpec {
      WorkloadSpec(
        name: name, timing: .once(at: Fixture.at(.seconds(seconds))),
        work: [WorkStepSpec(call: CallSpec(duration: duration))], app: "a")
    }
    let app = Self.app(foreground: [(0, 1), (5, 10)], backgroundTime: .milliseconds(1_005))
    let result = Fixture.run(
      SimulationSetup(
        device: Fixture.device([SharedLinkTests.radio(downlink: 0.1)]),
        workloads: [
          call("first", at: 0, lasting: .seconds(10)), call("second", at: 6, lasting: .seconds(1)),
        ],
        environment: Fixture.online(for: .seconds(10)), display: [], visibility: nil,
        duration: .seconds(10), seed: 0, apps: [app]))
    #expect(result.workload("first").unfinished == 1)
    #expect(result.workload("second").unfinished == 0)
    #expect(result.workload("second").latency?.max == .milliseconds(988))
  }

  /// A grant that ends exactly when an occurrence is due suspends the app first: the
  /// occurrence is held (and, never run, counts as held at the end); a grant 1 ns longer lets
  /// it run. Foreground 0–10 s, a 1 s job every 10 s, a 30 s run.
  @Test(arguments: [(Int64(0), 2, 1), (1, 3, 0)])
  func grantEndingAtADueTimeHoldsIt(extraNanoseconds: Int64, occurrences: Int, held: Int) {
    let grant = TimeSpan.seconds(10) + .nanoseconds(extraNanoseconds)
    let result = Self.run(
      [Self.timer(every: 10)], app: Self.app(foreground: [(0, 10)], backgroundTime: grant),
      duration: 30)
    #expect(result.workload("timer").occurrences == occurrences)
    #expect(result.workload("timer").held == held)
  }

  /// A 10 s job from 10 s of an app that left the foreground at 5 s with a 10 s grant: it is
  /// suspended at 15 s and the job is cut off there (unfinished, out of latency): 5 J.
  @Test func anExpiringGrantCutsRunningWorkOff() {
    let job = WorkloadSpec(
      name: "job", timing: .once(at: Fixture.at(.seconds(10))),
      work: Fixture.uses("unit", for: .seconds(10)), app: "a")
    let result = Self.run(
      [job], app: Self.app(foreground: [(0, 5)], backgroundTime: .seconds(10)), duration: 30)
    #expect(result.workload("job").unfinished == 1)
    #expect(result.workload("job").latency == nil)
    #expect(result.component("unit").energy == joules(5))
    #expect(result.apps[0].suspendedTime == .seconds(15))
  }

  /// Work completing exactly when the grant expires completes (completions rank before the
  /// expiry): a 5 s job from 10 s, suspended at 15 s.
  @Test func workCompletingAtTheGrantsEndCompletes() {
    let job = WorkloadSpec(
      name: "job", timing: .once(at: Fixture.at(.seconds(10))),
      work: Fixture.uses("unit", for: .seconds(5)), app: "a")
    let result = Self.run(
      [job], app: Self.app(foreground: [(0, 5)], backgroundTime: .seconds(10)), duration: 30)
    #expect(result.workload("job").unfinished == 0)
    #expect(result.workload("job").latency?.max == .seconds(5))
  }

  /// App Nap: foreground 0–10 s, never suspended, a 5 s timer leeway. A 1 s job every 10 s with
  /// no tolerance: the timers armed in the foreground (due 0 and 10 s) fire on time; the ones
  /// armed in the background (due 20 and 30 s) fire at their widened deadline, 25 and 35 s, not
  /// a nanosecond earlier (nothing else wakes the device): latency 6 s.
  @Test func backgroundLeewayWidensTimerTolerance() {
    let result = Self.run(
      [Self.timer(every: 10)],
      app: Self.app(foreground: [(0, 10)], backgroundTime: nil, leeway: .seconds(5)), duration: 40)
    let timer = result.workload("timer")
    #expect(timer.occurrences == 4)
    #expect(timer.latency?.max == .seconds(6))
    #expect(timer.latency?.p50 == .seconds(1))
    #expect(result.apps[0].backgroundTime == .seconds(30))
  }

  /// A leeway below the timer's own tolerance changes nothing: 8 s of tolerance, 5 s of
  /// leeway, in the background from 0: each fires at due + 8 s (latency 9 s).
  @Test func leewayBelowTheOwnToleranceChangesNothing() {
    let result = Self.run(
      [Self.timer(every: 10, tolerance: .seconds(8))],
      app: Self.app(foreground: [], backgroundTime: nil, leeway: .seconds(5)), duration: 40)
    #expect(result.workload("timer").latency?.max == .seconds(9))
    #expect(result.workload("timer").latency?.p50 == .seconds(9))
  }

  /// The *Results and accounting* invariants hold with apps: suspensions, held occurrences and
  /// cut-off work.
  @Test func invariantsHoldWithApps() {
    let collector = PowerSeriesCollector()
    let long = WorkloadSpec(
      name: "long",
      timing: .periodic(
        every: .seconds(7), start: .start, end: nil, count: nil, tolerance: .zero),
      work: Fixture.uses("unit", for: .seconds(3)), app: "a")
    let setup = SimulationSetup(
      device: Fixture.device([
        Fixture.platform(
          Fixture.twoStateLadder("awake", .milliwatts(100), then: "sleep", .milliwatts(5))),
        Self.unit,
      ]), workloads: [Self.timer(every: 5), long],
      environment: EnvironmentSpec(network: [], charging: [], batteryStart: .one),
      display: [], visibility: nil, duration: .seconds(100), seed: 0,
      apps: [Self.app(foreground: [(0, 12), (40, 47), (80, 81)], backgroundTime: .seconds(4))])
    let result = Fixture.run(
      setup, recording: RecordingOptions(binWidth: .seconds(1), sink: collector))
    Fixture.expectInvariants(result, duration: .seconds(100), collector: collector)
    #expect(result.workloads.reduce(0) { $0 + $1.held } > 0)
    #expect(result.workloads.reduce(0) { $0 + $1.unfinished } > 0)
    let app = result.apps[0]
    #expect(app.foregroundTime + app.backgroundTime + app.suspendedTime == .seconds(100))
  }
}
