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
  /// another grant; the latest occurrence each workload held runs with it.
  func runAppInBackground(_ app: Int) {
    guard apps.apps[app].phase == .suspended else { return }
    apps.enter(.background, app: app, at: now)
    activity?.appPhaseChanged(app: app, phase: .background, at: now)
    startBackgroundGrant(app)
    releaseHeldOccurrences(of: app)
  }

  /// Schedules the end of app `app`'s background grant (none when unlimited or beyond the run); a
  /// grant of zero suspends it at once.
  private func startBackgroundGrant(_ app: Int) {
    let grant = apps.grants[app]
    guard grant >= 0 else { return }
    apps.apps[app].grantGeneration &+= 1
    let end = Saturating.sum(now, grant)
    if end == now {
      suspend(app)
    } else if end < endTime {
      schedule(
        .appGrantExpired(app: Int32(app), generation: apps.apps[app].grantGeneration), at: end,
        rank: EventRank.environment)
    }
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
    apps.heldOccurrences[index] = AppLifecycleRuntime.HeldOccurrence(
      due: due, stepStart: start, stepEnd: end, deadline: deadline)
  }

  /// App `app` runs again: each of its workloads' held occurrence starts now (latency counted
  /// from when it was due), in workload-name order.
  private func releaseHeldOccurrences(of app: Int) {
    for workload in workloads.indices where workloads[workload].app == Int32(app) {
      let held = apps.heldOccurrences[workload]
      guard held.due >= 0 else { continue }
      apps.heldOccurrences[workload] = AppLifecycleRuntime.HeldOccurrence()
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
