/// Apps and their lifecycle (see *Apps and push delivery*): the calls the simulation makes into
/// ``AppLifecycleRuntime`` — an app comes to or leaves the foreground, its background grant
/// expires, a push or a deferrable task runs it in the background — and what they do to its
/// workloads (held occurrences, work cut off).
extension DeviceSimulation {
  /// Whether `workload`'s app is in the foreground (`when: "visible"`).
  @inline(__always)
  func isInForeground(_ workload: Int) -> Bool {
    apps.isInForeground(workloads[workload].app)
  }

  /// Starts the grant of every app that is in the background at time 0.
  func startAppLifecycles() {
    for app in apps.apps.indices {
      activity?.appPhaseChanged(app: app, phase: apps.apps[app].phase, at: 0)
      if apps.apps[app].phase == .background { startBackgroundGrant(app) }
      if apps.apps[app].phase == .foreground { systemEventOccurred(.foreground, app: Int32(app)) }
    }
  }

  /// App `app` came to the foreground: its grant no longer matters, and the latest occurrence
  /// each of its workloads held while suspended runs now.
  func appCameToForeground(_ app: Int) {
    let wasSuspended = apps.apps[app].phase == .suspended
    apps.enter(.foreground, app: app, at: now)
    apps.apps[app].grantGeneration &+= 1
    activity?.appPhaseChanged(app: app, phase: .foreground, at: now)
    if wasSuspended { releaseHeldOccurrences(of: app) }
    // At time 0 the app starts in the foreground: ``startAppLifecycles()`` tells of it once.
    if now > 0 { systemEventOccurred(.foreground, app: Int32(app)) }
  }

  /// App `app` left the foreground: it runs in the background for its grant.
  func appLeftForeground(_ app: Int) {
    apps.enter(.background, app: app, at: now)
    activity?.appPhaseChanged(app: app, phase: .background, at: now)
    startBackgroundGrant(app)
    systemEventOccurred(.background, app: Int32(app))
  }

  /// A push delivery or a deferrable task runs the suspended app `app` in the background for
  /// another grant — `background_time` for a push, the task's own grant for a task (see *Apps and
  /// push delivery*); the latest occurrence each workload held runs with it.
  func runAppInBackground(_ app: Int, grant: Int64) {
    guard apps.apps[app].phase == .suspended else { return }
    apps.enter(.background, app: app, at: now)
    activity?.appPhaseChanged(app: app, phase: .background, at: now)
    startBackgroundGrant(app, grant: grant)
    releaseHeldOccurrences(of: app)
  }

  /// Schedules the end of app `app`'s background grant, `grant` ns from now (none when the app's
  /// background time is unlimited, or the end is beyond the run), or `extended_time` while a
  /// background task of the app is open, whichever is longer; a grant of zero suspends it at once.
  private func startBackgroundGrant(_ app: Int, grant: Int64? = nil) {
    guard apps.grants[app] >= 0 else { return }
    let base = Saturating.sum(now, grant ?? apps.grants[app])
    apps.apps[app].baseGrantEnd = base
    var end = base
    if apps.apps[app].openBackgroundTasks > 0 {
      end = max(end, Saturating.sum(now, apps.extendedGrants[app]))
    }
    scheduleGrantEnd(app, at: end)
  }

  /// Moves the end of app `app`'s grant to `end`. A grant ending now suspends it at once, unless
  /// `suspendsNow` is false: its expiry then comes after the instant's completions, as any grant's
  /// expiry.
  private func scheduleGrantEnd(_ app: Int, at end: Int64, suspendsNow: Bool = true) {
    apps.apps[app].grantGeneration &+= 1
    apps.apps[app].grantEnd = end
    if suspendsNow && end <= now {
      suspend(app)
    } else if end < endTime {
      schedule(
        .appGrantExpired(app: Int32(app), generation: apps.apps[app].grantGeneration), at: end,
        rank: EventRank.environment)
    }
  }

  /// App `app`, running in the background, is granted time until at least `end`: a deferrable task
  /// starting (`isBase`: its grant counts as the app's own) or a background task opening.
  private func extendGrant(_ app: Int, to end: Int64, isBase: Bool) {
    guard apps.grants[app] >= 0, apps.apps[app].phase == .background else { return }
    if isBase { apps.apps[app].baseGrantEnd = max(apps.apps[app].baseGrantEnd, end) }
    guard end > apps.apps[app].grantEnd else { return }
    scheduleGrantEnd(app, at: end)
  }

  /// An occurrence of `workload` starts while its app `app` can be suspended: a deferrable task
  /// runs a suspended app in the background for its grant (a push for `background_time`), and
  /// gives an app already in the background at least its grant from now.
  func appRunsOccurrence(of workload: Int, app: Int) {
    let taskGrant = workloads[workload].taskGrant
    if apps.apps[app].phase == .suspended {
      runAppInBackground(app, grant: taskGrant >= 0 ? taskGrant : apps.grants[app])
    } else if taskGrant >= 0 {
      extendGrant(app, to: Saturating.sum(now, taskGrant), isBase: true)
    }
  }

  /// A step `{ "extend": "background" }` of `occurrence` runs (see *Apps and push delivery*): its
  /// app has a background task open until the occurrence ends, which grants it `extended_time`
  /// in the background in all — counted from when it entered the background, or from when it
  /// leaves the foreground if it is there now.
  func extendBackground(of occurrence: Int32) {
    let app = Int(workloads[Int(occurrences[occurrence].workload)].app)
    guard apps.grants[app] >= 0, !occurrences[occurrence].holdsBackgroundTask else { return }
    occurrences[occurrence].holdsBackgroundTask = true
    apps.apps[app].openBackgroundTasks += 1
    if apps.apps[app].phase == .background {
      extendGrant(
        app, to: Saturating.sum(apps.apps[app].phaseSince, apps.extendedGrants[app]),
        isBase: false)
    }
  }

  /// `occurrence` ended (completed or cut off): the background task it opened, if any, ends. With
  /// no task left open, the app's grant falls back to its own: it is suspended when that ends, or
  /// now if it has (ending the task early ends the app's background time early, as
  /// `endBackgroundTask` does).
  func endBackgroundTask(of occurrence: Int32) {
    guard occurrences[occurrence].holdsBackgroundTask else { return }
    occurrences[occurrence].holdsBackgroundTask = false
    let app = Int(workloads[Int(occurrences[occurrence].workload)].app)
    apps.apps[app].openBackgroundTasks -= 1
    let end = max(apps.apps[app].baseGrantEnd, now)
    guard apps.apps[app].openBackgroundTasks == 0, apps.apps[app].phase == .background,
      apps.apps[app].grantEnd > end
    else { return }
    scheduleGrantEnd(app, at: end, suspendsNow: false)
  }

  /// An app's grant expired (unless a return to the foreground or a new grant superseded it).
  func appGrantExpired(_ app: Int, generation: UInt32) {
    guard apps.apps[app].grantGeneration == generation, apps.apps[app].phase == .background
    else { return }
    suspend(app)
  }

  /// Suspends app `app`: its work in progress is cut off.
  private func suspend(_ app: Int) {
    apps.enter(.suspended, app: app, at: now)
    activity?.appPhaseChanged(app: app, phase: .suspended, at: now)
    cutOffWork(of: Int32(app))
  }

  /// Holds an occurrence of `workload` due at `due` while its app is suspended: it replaces the
  /// one held before (which counts as `held`). A frame is never replayed late: it counts as held
  /// at once.
  func holdOccurrence(
    _ workload: Int32, due: Int64, steps start: Int32, _ end: Int32, deadline: Int64,
    isFrame: Bool
  ) {
    let index = Int(workload)
    if isFrame {
      workloads[index].stats.held += 1
      return
    }
    if apps.heldOccurrences[index].due >= 0 { workloads[index].stats.held += 1 }
    apps.hold(
      AppLifecycleRuntime.HeldOccurrence(
        due: due, stepStart: start, stepEnd: end, deadline: deadline),
      for: index)
  }

  /// App `app` runs again: each of its workloads' held occurrence starts now (latency counted
  /// from when it was due), in workload-name order.
  private func releaseHeldOccurrences(of app: Int) {
    for workload in workloads.indices where workloads[workload].app == Int32(app) {
      let held = apps.heldOccurrences[workload]
      guard held.due >= 0 else { continue }
      apps.hold(AppLifecycleRuntime.HeldOccurrence(), for: workload)
      startOccurrence(
        Int32(workload), due: held.due, steps: held.stepStart, held.stepEnd,
        deadline: held.deadline)
    }
  }

  /// Occurrences still held at the end of the run: they never ran, and count as `held`.
  func heldAtEnd(_ workload: Int) -> Int {
    apps.heldOccurrences.isEmpty || apps.heldOccurrences[workload].due < 0 ? 0 : 1
  }
}
