import DeviceModels
import Quantities
import Testing

/// Background grants by kind and holds on the device (see *Apps and push delivery* and *OS
/// policies*), by hand. The device: ``CoalescingTests/platform`` (awake 100 mW, asleep 0 W at
/// once, waking in 1 ms at 100 mW) and ``AppLifecycleTests/unit`` under it (1 W while active,
/// 0 W at once, no wake latency), no CPU, so an occurrence is exactly its steps.
@Suite struct BackgroundGrantTests {
  static let device = Fixture.device([CoalescingTests.platform, AppLifecycleTests.unit])

  static func once(_ name: String, at seconds: Double, _ work: WorkSpec, app: String = "a")
    -> WorkloadSpec
  {
    WorkloadSpec(
      name: name, timing: .once(at: Fixture.at(.nanoseconds(Int64(seconds * 1e9)))), work: work,
      app: app)
  }

  static func hold(_ seconds: Int64) -> WorkStepSpec {
    var step = WorkStepSpec()
    step.holdAwake = .seconds(seconds)
    return step
  }

  static let extend: WorkStepSpec = {
    var step = WorkStepSpec()
    step.extendsBackground = true
    return step
  }()

  static func unit(_ seconds: Int64) -> WorkStepSpec {
    WorkStepSpec(generic: [GenericStep(component: "unit", duration: .seconds(seconds))])
  }

  static func run(_ workloads: [WorkloadSpec], apps: [AppSpec] = [], duration: Int64)
    -> RunResult
  {
    Fixture.run(
      SimulationSetup(
        device: device, workloads: workloads,
        environment: EnvironmentSpec(network: [], charging: [], batteryStart: .one),
        display: [], visibility: nil, duration: .seconds(duration), seed: 0,
        apps: apps.isEmpty ? [AppSpec.implicitApp(visibility: nil)] : apps))
  }

  /// An app in the foreground 0–1 s, then a 5 s grant, 30 s for a background task, 30 s for a
  /// refresh task and 10 min for a processing task.
  static let app = AppSpec(
    name: "a",
    foreground: [TimeRange(start: .start, end: Fixture.at(.seconds(1)))],
    backgroundTime: .seconds(5), timerLeeway: .zero, grants: .standard)

  /// A hold alone: the platform wakes (1 ms at 100 mW) and stays awake for the hold's 2 s, from
  /// 0 to 2 s: 0.2 J, all the workload's, and 2 s held awake; the occurrence completes at 2 s.
  @Test func aHoldKeepsThePlatformAwakeForItsWorkload() {
    let result = Self.run(
      [Self.once("lock", at: 0, [Self.hold(2)], app: AppSpec.implicitName)], duration: 10)
    let lock = result.workload("lock")
    #expect(lock.heldAwake == .seconds(2))
    #expect(lock.latency?.max == .seconds(2))
    #expect(result.component("platform").energy == joules(0.2))
    #expect(lock.energy == joules(0.2))
    #expect(result.component("platform").wakeups == 1)
  }

  /// Later steps follow the hold: 1 s on the unit (from 1 ms, after the platform's wake), 3 s of
  /// hold, 1 s on the unit: done at 5.001 s. The unit: 2 J; the platform, awake 0–5.001 s: 0.5001 J.
  @Test func laterStepsFollowTheHold() {
    let result = Self.run(
      [
        Self.once(
          "job", at: 0, [Self.unit(1), Self.hold(3), Self.unit(1)], app: AppSpec.implicitName)
      ], duration: 10)
    let job = result.workload("job")
    #expect(job.latency?.max == .milliseconds(5001))
    #expect(job.heldAwake == .seconds(3))
    #expect(result.component("unit").energy == joules(2))
    #expect(result.component("platform").energy == joules(0.5001))
  }

  /// Two workloads' holds overlap (a 0–2 s, b 1–3 s): the platform is awake 0–3 s (0.3 J),
  /// shared while both hold: a 0.1 + 0.05 J, b 0.05 + 0.1 J; each held 2 s.
  @Test func overlappingHoldsShareThePlatform() {
    let result = Self.run(
      [
        Self.once("a", at: 0, [Self.hold(2)], app: AppSpec.implicitName),
        Self.once("b", at: 1, [Self.hold(2)], app: AppSpec.implicitName),
      ], duration: 10)
    #expect(result.component("platform").energy == joules(0.3))
    #expect(result.workload("a").energy == joules(0.15))
    #expect(result.workload("b").energy == joules(0.15))
    #expect(result.workload("a").heldAwake == .seconds(2))
    #expect(result.workload("b").heldAwake == .seconds(2))
  }

  /// A hold its app's suspension cuts off: due 0.5 s, the app leaves the foreground at 1 s and is
  /// suspended at 6 s (5 s grant): the hold ends then, 5.5 s held, unfinished; the platform was
  /// awake 0.5–6 s: 0.55 J.
  @Test func suspensionReleasesAHold() {
    let result = Self.run(
      [Self.once("lock", at: 0.5, [Self.hold(60)])], apps: [Self.app], duration: 20)
    let lock = result.workload("lock")
    #expect(lock.unfinished == 1)
    #expect(lock.heldAwake == .milliseconds(5500))
    #expect(result.component("platform").energy == joules(0.55))
  }

  /// A background task: 20 s of work due 0.5 s (on the unit from 0.501 s, after the platform's
  /// wake), the app hidden at 1 s. Without `extend`, the 5 s grant cuts it off at 6 s (5.499 J).
  /// With it, the app may run 30 s in the background in all (to 31 s); the work completes at
  /// 20.501 s, and the task's end, the app's own 5 s being over, suspends the app at once:
  /// 19.501 s in the background.
  @Test(arguments: [false, true])
  func aBackgroundTaskExtendsTheGrantUntilItEnds(extends: Bool) {
    let work = extends ? [Self.extend, Self.unit(20)] : [Self.unit(20)]
    let result = Self.run([Self.once("job", at: 0.5, work)], apps: [Self.app], duration: 60)
    let job = result.workload("job")
    #expect(job.unfinished == (extends ? 0 : 1))
    #expect(result.apps[0].backgroundTime == .milliseconds(extends ? 19_501 : 5_000))
    #expect(result.component("unit").energy == joules(extends ? 20 : 5.499))
  }

  /// A background task that ends before the app's own grant does gives the grant back: 1 s of
  /// work with `extend` due 0.5 s (done at 1.501 s), the app hidden at 1 s with 30 s asked for;
  /// when the task ends the grant falls back to the app's own 5 s: suspended at 6 s.
  @Test func aTaskEndingEarlyFallsBackToTheOwnGrant() {
    let result = Self.run(
      [Self.once("job", at: 0.5, [Self.extend, Self.unit(1)])], apps: [Self.app], duration: 60)
    #expect(result.workload("job").unfinished == 0)
    #expect(result.apps[0].backgroundTime == .seconds(5))
  }

  /// A task's grant by kind: a 4 min job in a window [60 s, 60 s], its app suspended since 6 s.
  /// A refresh task runs the app 30 s: cut off at 90 s (the unit from 60.001 s, after the
  /// platform's wake: 29.999 J). A processing task runs it 10 min: it completes at 300.001 s
  /// (240 J), and the app is suspended at 660 s.
  @Test(arguments: [BackgroundTaskKind.refresh, .processing])
  func aTasksGrantDependsOnItsKind(kind: BackgroundTaskKind) {
    var task = WorkloadSpec(
      name: "cleanup",
      timing: .window(
        earliest: Fixture.at(.seconds(60)), deadline: Fixture.at(.seconds(60)), requires: []),
      work: [Self.unit(240)], app: "a")
    task.task = kind
    let result = Self.run([task], apps: [Self.app], duration: 1000)
    let cleanup = result.workload("cleanup")
    #expect(cleanup.unfinished == (kind == .refresh ? 1 : 0))
    #expect(result.component("unit").energy == joules(kind == .refresh ? 29.999 : 240))
    #expect(result.apps[0].backgroundTime == .seconds(kind == .refresh ? 5 + 30 : 5 + 600))
  }
}
