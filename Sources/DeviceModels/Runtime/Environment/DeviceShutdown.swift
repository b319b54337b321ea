/// The device shut down by a flat battery (see *Results and accounting*): at 0% while unplugged
/// every component draws nothing, work in progress is cut off (counted `unfinished`) wherever it is
/// — served, queued on a lane or the CPU, carried or waiting for a network, paused between steps —
/// and occurrences falling due are lost (counted `held`), as are those an app's suspension held and
/// the low-priority pushes the push service held; when charging starts the device starts again,
/// every component in its deepest state, the workloads on their schedules (a deferrable instance
/// waiting for its conditions still waits: the OS's job scheduler keeps its requests across a
/// restart).
///
/// The battery runs out at the first nanosecond at which the energy drawn since the ledger's last
/// change reaches the charge left: `clock + ⌈charge ÷ power⌉`. Nothing is scheduled for it (a
/// reschedule per change of power would cost the hot loop a heap operation): every event first
/// compares the energy drawn since the last change with the charge left — one 128-bit product —
/// and, when the battery ran out at or before the event's instant, the device shuts down at that
/// nanosecond, before anything due then is handled (as work completing exactly at the end of
/// the run is unfinished, work completing exactly when the battery runs out is cut off). Charging
/// that starts at the very instant the battery runs out restarts the device at once: it was off
/// for no time, but it did run out.
///
/// Stale events of the device before the shutdown — wake completions, segment completions, idle
/// timers — are recognized by their generations (``boot`` for wake completions) and ignored.
struct DeviceShutdown {
  /// Whether the device is off now.
  var isOff = false
  /// Counts the device's starts: a wake completion scheduled before a shutdown carries an
  /// earlier count and is ignored.
  var boot: UInt32 = 0
  /// Every node as it was at time 0, each in its deepest state: the device restarts so.
  let initialNodes: [Node]
  /// The CPU's run-time state at time 0.
  let initialCPU: CPURuntime?
}

extension DeviceSimulation {
  /// Shuts the device down if the battery ran out at or before `limit` (strictly before it when
  /// `inclusive` is false, as for the end of the run). Called before every event.
  @inline(__always)
  func checkBattery(upTo limit: Int64, inclusive: Bool = true) {
    let drawn = Int128(ledger.totalPower) &* Int128(limit &- ledger.clock)
    let charge = ledger.batteryCharge
    guard drawn >= charge else { return }
    batteryReachedLevel(upTo: limit, inclusive: inclusive)
  }

  /// The battery reached the level the ledger counts down to at or before `limit`: the device
  /// shuts down when that level is empty; a higher, watched level (see
  /// ``EnergyLedger/batteryWatchLevel``) is handled at its instant, and the next level checked.
  private func batteryReachedLevel(upTo limit: Int64, inclusive: Bool) {
    while true {
      let reached = ledger.batteryRunOutTime()
      guard reached < limit || (inclusive && reached == limit) else { return }
      guard ledger.batteryWatchLevel > 0 else {
        shutDown(at: reached)
        return
      }
      batteryReachedWatchedLevel(at: reached)
      let drawn = Int128(ledger.totalPower) &* Int128(limit &- ledger.clock)
      guard drawn >= ledger.batteryCharge else { return }
    }
  }

  /// The battery ran out at `time` (at or before now): every component stops drawing, work in
  /// progress is cut off, and every node returns to its state at time 0.
  func shutDown(at time: Int64) {
    ledger.shutDown(at: time)
    shutdown.isOff = true
    shutdown.boot &+= 1
    for index in workloads.indices {
      workloads[index].stats.cutOff += Int(workloads[index].inFlight)
      workloads[index].inFlight = 0
      workloads[index].frameInCPUStage = false
    }
    countRunningCPUTime(upTo: time, into: &cpuTimeByClass)
    // The main threads are let go: a busy stretch ends at the shutdown.
    for app in mainThreads.lanes.indices {
      mainThreads.endBusyStretch(of: app, at: time)
      mainThreads.lanes[app].holder = -1
      mainThreads.lanes[app].waiting.removeAll()
    }
    jobs.removeAll()
    releaseHoldsAtShutdown(at: time)
    // The background tasks ended with their occurrences.
    for app in apps.apps.indices { apps.apps[app].openBackgroundTasks = 0 }
    occurrences.removeAll()
    // Calls end with their occurrences; bumping a slot's generation makes its packet event stale.
    for index in calls.indices {
      calls[index].isLive = false
      calls[index].generation &+= 1
    }
    for node in nodes.indices {
      var fresh = shutdown.initialNodes[node]
      // Bumped, so that every pending completion, demotion and check of the node is stale.
      fresh.timerGeneration = nodes[node].timerGeneration &+ 1
      fresh.jobGeneration = nodes[node].jobGeneration &+ 1
      nodes[node] = fresh
    }
    // Work waits in lanes' queues (the CPU's are reset below), for a network, paused between
    // steps, or (its app suspended) to run: all of it is gone with the device's memory. A part
    // left anywhere would name a freed job.
    for index in laneQueues.indices {
      while laneQueues[index].popFirst() != nil {}
    }
    while network.waitingForNetwork.popFirst() != nil {}
    tasks.paused.removeAll()
    for index in apps.heldOccurrences.indices where apps.heldOccurrences[index].due >= 0 {
      workloads[index].stats.held += 1
      apps.hold(AppLifecycleRuntime.HeldOccurrence(), for: index)
    }
    // The push service drops what it holds for a device that went off, as it drops what is sent
    // while it is off: lost, counted `held` (its deadline event goes stale).
    for held in push.takeAll() { workloads[Int(held.workload)].stats.held += 1 }
    // Transfers on the shared links are cut off too; bumping a link's generation makes its
    // queued completion stale.
    for index in links.indices {
      var fresh = SharedLinkRuntime(
        node: links[index].node, drx: links[index].drx, scanningPower: links[index].scanningPower)
      fresh.generation = links[index].generation &+ 1
      fresh.drxGeneration = links[index].drxGeneration &+ 1
      links[index] = fresh
    }
    // No hand-on or idle entry of the instant outlives the shutdown (its occurrences are gone).
    completionsThisInstant.handOns.removeAllKeepingCapacity()
    completionsThisInstant.idleLanes.removeAllKeepingCapacity()
    lowPower.deviceTurned(off: true, at: time)
    if var fresh = shutdown.initialCPU, let current = cpu {
      fresh.packageWakeups = current.packageWakeups
      cpu = fresh
    }
    unsettledOwnerCount = 0
    // The flash forgets what it served; a pending throttling timer goes stale.
    var freshStorage = StorageQoSRuntime(throttleWindow: storageQoS.throttleWindow)
    freshStorage.generation = storageQoS.generation &+ 1
    storageQoS = freshStorage
  }

  /// Charging started while the device was off: it starts again now, every component in its
  /// deepest state (as at time 0), the display lit if a session is on.
  func restart() {
    ledger.restart(at: now)
    shutdown.isOff = false
    lowPower.deviceTurned(off: false, at: now)
    for node in nodes.indices { recordChange(node) }
    if let display, display.session >= 0 { displayTurned(on: true) }
    deferralCheckPending = true
  }
}
