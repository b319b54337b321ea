import DeviceModels
import Quantities
import TestSupport
import Testing

/// Where apps and push delivery meet background tasks and Low Power Mode (see *Apps and push
/// delivery* and *OS policies*), by hand.
@Suite struct AppsWithLowPowerModeTests {
  /// Low Power Mode holds low-priority pushes until it ends. On the radio of
  /// ``PushDeliveryTests`` (a 12.5 kB push: round trip 50 ms, data 10 ms), a download at 0 s
  /// leaves the radio in its tail (0.36 s onwards) and a low push is sent at 1 s. Without Low
  /// Power Mode it rides the tail at once (``PushDeliveryTests/lowPushRidesAnAwakeRadio()``); with
  /// Low Power Mode on 0–3 s it is held although the radio is awake, and delivered as Low Power
  /// Mode ends at 3 s, still in the tail (5 s after 0.26 s): round trip to 3.05 s, data to
  /// 3.06 s, latency 2.06 s from the send.
  ///
  /// Energy (J): promotion 0.24 · round trip 0.05 · data 0.015 · hold 0.1 · tail 0.36–3.0 s
  /// 1.32 · the push's round trip 0.05 · data 0.015 · hold 0.1 · tail 3.16–8.06 s 2.45 · idle
  /// 8.06–10 s 0.0194 = 4.3594; one wake-up.
  @Test func lowPowerModeHoldsLowPriorityPushesUntilItEnds() {
    let download = WorkloadSpec(
      name: "fetch", timing: PushDeliveryTests.at(0),
      work: [WorkStepSpec(download: PushDeliveryTests.pushSize)])
    let push = PushDeliveryTests.pushed(PushDeliveryTests.at(1_000), .low)
    var environment = Fixture.online(for: .seconds(10))
    environment.lowPower = .intervals([TimeRange(start: .start, end: Fixture.at(.seconds(3)))])
    let result = Fixture.run(
      SimulationSetup(
        device: Fixture.device([PeripheralTests.radio()]), workloads: [download, push],
        environment: environment, display: [], visibility: nil, duration: .seconds(10), seed: 0))
    #expect(result.workload("push").latency?.max == .milliseconds(2_060))
    #expect(result.component("lte").energy == joules(4.3594))
    #expect(result.component("lte").wakeups == 1)
    #expect(result.lowPowerTime == .seconds(3))
  }

  /// A timer's tolerance is the largest of its own, its app's leeway in the background and Low
  /// Power Mode's leeway (7 s here) while it is on (all of the 40 s run). A 1 s job every 10 s
  /// with no tolerance, its app in the background from 0 and never suspended, on the unit of
  /// ``AppLifecycleTests``: with an app leeway of 5 s each fires at due + 7 s (latency 8 s);
  /// with 9 s, at due + 9 s (latency 10 s). Nothing else wakes the device, so each fires at its
  /// widened deadline, not a nanosecond earlier.
  @Test(arguments: [(Int64(5), Int64(8)), (9, 10)])
  func timerLeewaysCombineAsTheLargest(appLeeway: Int64, latency: Int64) {
    var device = Fixture.device([AppLifecycleTests.unit])
    device.lowPower = LowPowerSpec(maxFrequency: .one, timerLeeway: .seconds(7))
    var environment = EnvironmentSpec(network: [], charging: [], batteryStart: .one)
    environment.lowPower = .intervals([TimeRange(start: .start, end: Fixture.at(.seconds(40)))])
    let app = AppLifecycleTests.app(
      foreground: [], backgroundTime: nil, leeway: .seconds(appLeeway))
    let result = Fixture.run(
      SimulationSetup(
        device: device, workloads: [AppLifecycleTests.timer(every: 10)],
        environment: environment, display: [], visibility: nil, duration: .seconds(40), seed: 0,
        apps: [app]))
    let timer = result.workload("timer")
    #expect(timer.occurrences == 4)
    #expect(timer.latency?.p50 == .seconds(latency))
    #expect(timer.latency?.max == .seconds(latency))
  }

  /// A repeating deferrable task runs its suspended app in the background (see *Apps and push
  /// delivery*): foreground 0–5 s, a 10 s grant, so suspended from 15 s. A 1 s task every 20 s with
  /// a 5 s window, requiring only `battery-ok` (no battery: it holds, so the task runs as soon as it
  /// is eligible rather than waiting for the device to be awake) runs at 0 s (foreground), then at 20 s and 40 s, each time
  /// giving the app another 10 s grant (background 20–30 s and 40–50 s): three occurrences, none
  /// held, latency 1 s; foreground 5 s, background 30 s, suspended 25 s of the 60 s.
  @Test func aRepeatingTaskRunsItsSuspendedApp() {
    let task = WorkloadSpec(
      name: "refresh",
      timing: .repeatingWindow(
        every: .seconds(20), start: .start, end: nil, count: nil, window: .seconds(5),
        requires: .batteryOK),
      work: Fixture.uses("unit", for: .seconds(1)), app: "a")
    var app = AppLifecycleTests.app(foreground: [(0, 5)], backgroundTime: .seconds(10))
    app.grants.refreshTime = .seconds(10)
    let result = AppLifecycleTests.run([task], app: app, duration: 60)
    let refresh = result.workload("refresh")
    #expect(refresh.occurrences == 3)
    #expect(refresh.held == 0)
    #expect(refresh.latency?.max == .seconds(1))
    #expect(result.apps[0].foregroundTime == .seconds(5))
    #expect(result.apps[0].backgroundTime == .seconds(30))
    #expect(result.apps[0].suspendedTime == .seconds(25))
  }
}

extension AppsWithLowPowerModeTests {
  /// Suspension cuts off an interruptible task paused between its steps. Foreground 0–5 s, a
  /// 10 s grant (suspended from 15 s). A task of two 1 s steps, requiring charging, interruptible,
  /// its window to 100 s: the charger is in 0–0.5 s, so it starts at 0 s, runs its first step
  /// to 1 s and pauses (the charger gone). At 15 s its app is suspended: the task is cut off
  /// (unfinished), and when the charger comes back at 20 s nothing resumes. 1 J in all.
  @Test func suspensionCutsOffAPausedTask() {
    var task = WorkloadSpec(
      name: "process",
      timing: .window(
        earliest: .start, deadline: Fixture.at(.seconds(100)),
        requires: DeferralConditions(.charging)),
      work: Fixture.uses("unit", for: .seconds(1)) + Fixture.uses("unit", for: .seconds(1)),
      app: "a")
    task.isInterruptible = true
    let charging = [
      TimeRange(start: .start, end: Fixture.at(.milliseconds(500))),
      TimeRange(start: Fixture.at(.seconds(20)), end: Fixture.at(.seconds(30))),
    ]
    let result = Fixture.run(
      SimulationSetup(
        device: Fixture.device([AppLifecycleTests.unit]), workloads: [task],
        environment: EnvironmentSpec(network: [], charging: charging, batteryStart: .one),
        display: [], visibility: nil, duration: .seconds(60), seed: 0,
        apps: [AppLifecycleTests.app(foreground: [(0, 5)], backgroundTime: .seconds(10))]))
    #expect(result.workload("process").occurrences == 1)
    #expect(result.workload("process").unfinished == 1)
    #expect(result.workload("process").latency == nil)
    #expect(result.component("unit").energy == joules(1))
  }
}

extension AppsWithLowPowerModeTests {
  /// A timer armed with its app's background leeway, whose tolerance then narrows (the app comes to
  /// the foreground), fires once for the due times it passed, and then on time. Foreground from
  /// 7 s, never suspended, a 5 s leeway; 100 ms of work every 2 s with no tolerance, on the unit of
  /// ``AppLifecycleTests`` (1 W). Armed in the background, the occurrence due at 0 fires at its
  /// deadline, 5 s, once for the due times 0, 2 and 4 s (see *OS policies*: 2 skipped); the one
  /// due at 6 s, armed then, keeps its window to 11 s although the app is in the foreground from
  /// 7 s. At 11 s it fires once for 6, 8 and 10 s (2 more skipped). From 12 s, with no tolerance
  /// now, it runs on time. Six occurrences, 0.6 J; latencies 5.1 s twice, then 0.1 s four times.
  @Test func aTimerWhoseLeewayNarrowsFiresOnceThenOnTime() {
    let timer = WorkloadSpec(
      name: "timer",
      timing: .periodic(every: .seconds(2), start: .start, end: nil, count: nil, tolerance: .zero),
      work: Fixture.uses("unit", for: .milliseconds(100)), app: "a")
    let result = AppLifecycleTests.run(
      [timer],
      app: AppLifecycleTests.app(foreground: [(7, 40)], backgroundTime: nil, leeway: .seconds(5)),
      duration: 20)
    let workload = result.workload("timer")
    #expect(workload.occurrences == 6)
    #expect(workload.skipped == 4)
    #expect(workload.latency?.max == .milliseconds(5_100))
    #expect(workload.latency?.p50 == .milliseconds(100))
    #expect(result.component("unit").energy == joules(0.6))
  }
}

extension AppsWithLowPowerModeTests {
  /// Suspension cuts off a transfer on a radio's shared link. On the radio of ``PushDeliveryTests``
  /// (10 Mbit/s, a 50 ms round trip at 1 W, data at 1.5 W, a 200 ms promotion at 1.2 W, held
  /// 100 ms, a 500 mW tail, 10 mW idle 5 s after its last transfer), an app on screen 0–1 s with a
  /// 1 s grant downloads 5 MB from 0 s: promotion to 0.2 s, round trip to 0.25 s, then data until
  /// the app is suspended at 2 s (of 4 s of data). The radio stops carrying it there: hold to
  /// 2.1 s, tail to 7 s, idle to 10 s.
  ///
  /// Energy (J): promotion 0.24 · round trip 0.05 · data 1.75 s at 1.5 W 2.625 · hold 0.1 · tail
  /// 2.45 · idle 0.03 = 5.495; the download is unfinished.
  @Test func suspensionCutsOffATransferOnTheLink() {
    let download = WorkloadSpec(
      name: "get", timing: .once(at: .start),
      work: [WorkStepSpec(download: DataSize(bytes: 5_000_000))], app: "a")
    let app = AppSpec(
      name: "a", foreground: [TimeRange(start: .start, end: Fixture.at(.seconds(1)))],
      backgroundTime: .seconds(1), timerLeeway: .zero)
    let environment = Fixture.online(for: .seconds(10))
    let result = Fixture.run(
      SimulationSetup(
        device: Fixture.device([PeripheralTests.radio()]), workloads: [download],
        environment: environment, display: [], visibility: nil, duration: .seconds(10), seed: 0,
        apps: [app]))
    #expect(result.workload("get").unfinished == 1)
    #expect(result.workload("get").latency == nil)
    #expect(result.component("lte").energy == joules(5.495))
    #expect(result.component("lte").wakeups == 1)
  }
}
