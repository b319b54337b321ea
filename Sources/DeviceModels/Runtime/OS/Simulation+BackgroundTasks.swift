/// Deferrable work (*OS policies*, 6.3): a `window` runs once inside `[earliest, deadline]`, a
/// repeating task's instances each inside their own window, as soon as every condition they
/// require holds, or at the deadline; interruptible ones pause between steps when their
/// conditions stop holding. The states and the rules are drawn in ``BackgroundTaskRuntime``.
extension DeviceSimulation {
  /// Schedules a deferrable workload's first window.
  func startDeferrableWorkload(_ workload: Int32) {
    switch workloads[Int(workload)].timing {
    case .window(let earliest, let deadline, _):
      let open = earliest.nanosecondsSinceStart
      if open < endTime {
        schedule(.windowOpen(workload: workload), at: open, rank: EventRank.workload(workload))
        knownWakes.setKey(open, for: Int(workload))
      }
      let close = deadline.nanosecondsSinceStart
      if close < endTime {
        schedule(
          .windowDeadline(workload: workload), at: close, rank: EventRank.workload(workload))
      }
    case .repeatingWindow:
      scheduleNextTaskInstance(workload)
    default:
      preconditionFailure("not a deferrable workload")
    }
  }

  /// Eligibility of a repeating task's instance `k`, or `nil` when there is none before the end.
  func taskEligibility(_ workload: Int32, _ k: Int) -> Int64? {
    guard
      case .repeatingWindow(let every, let start, let end, let count, _, _) = workloads[
        Int(workload)
      ].timing
    else { return nil }
    return repeatingInstant(k, every: every, start: start, end: end, count: count)
  }

  /// Schedules the opening of a repeating task's next instance, and notes it as a known
  /// wake-up (unless an instance waiting with an earlier deadline is one already).
  private func scheduleNextTaskInstance(_ workload: Int32) {
    let index = Int(workload)
    guard let open = taskEligibility(workload, tasks.nextInstance[index]) else {
      if !workloads[index].isDeferred { knownWakes.remove(index) }
      return
    }
    schedule(.windowOpen(workload: workload), at: open, rank: EventRank.workload(workload))
    refreshKnownWake(workload)
  }

  /// The workload's next known wake-up: the deadline of its waiting instance or the opening of
  /// its next one, whichever comes first. A deadline that has come is no wake-up ahead: an
  /// instance still waiting then waits for its predecessor to finish, which no timer foretells.
  private func refreshKnownWake(_ workload: Int32) {
    let index = Int(workload)
    var next = Int64.max
    if workloads[index].isDeferred && tasks.waitingDeadline[index] > now {
      next = tasks.waitingDeadline[index]
    }
    if tasks.isRepeating[index], let open = taskEligibility(workload, tasks.nextInstance[index]) {
      next = min(next, open)
    }
    if next == .max { knownWakes.remove(index) } else { knownWakes.setKey(next, for: index) }
  }

  /// A deferrable window opened (a `window`'s, or a repeating task's next instance's): run now if
  /// the conditions hold, else wait.
  func windowOpened(_ workload: Int32) {
    let index = Int(workload)
    let deadline: Int64
    switch workloads[index].timing {
    case .window(_, let close, _):
      deadline = close.nanosecondsSinceStart
    case .repeatingWindow(_, _, _, _, let window, _):
      deadline = now + window.nanoseconds
      tasks.nextInstance[index] += 1
      if workloads[index].isDeferred {
        // The previous instance never ran: this one replaces it.
        workloads[index].stats.held += 1
      }
      if deadline < endTime {
        schedule(
          .windowDeadline(workload: workload), at: deadline, rank: EventRank.workload(workload))
      }
      scheduleNextTaskInstance(workload)
    default:
      return
    }
    tasks.waitingDue[index] = now
    tasks.waitingDeadline[index] = deadline
    if !workloads[index].isDeferred {
      workloads[index].isDeferred = true
      pendingDeferrals.append(workload)
    }
    refreshKnownWake(workload)
    if mayStartDeferred(workload) { runDeferred(workload) }
  }

  /// A deadline came: the waiting instance runs now, or, while the previous instance still runs, as
  /// soon as it finishes (its deadline is then no longer a known wake-up: the predictive idle
  /// policy must not aim at an instant gone by) — unless the workload runs only while the app is
  /// visible and it is not: then, as every `when: "visible"` workload outside the visibility
  /// intervals, it does nothing (see *Scenario file reference*), and the window passes without an
  /// occurrence. Paused occurrences whose deadline it is go on.
  func windowDeadlineReached(_ workload: Int32) {
    let index = Int(workload)
    if !tasks.paused.isEmpty { resumePausedOccurrences() }
    guard workloads[index].isDeferred, tasks.waitingDeadline[index] <= now else { return }
    if !whenHolds(index) {
      stopWaiting(workload)
      return
    }
    if mayStartDeferred(workload) {
      runDeferred(workload)
    } else {
      refreshKnownWake(workload)
    }
  }

  /// Whether the waiting instance may start now: its previous one has finished, and its
  /// conditions hold or its deadline has come (and then its `when` states other than `visible`
  /// hold: if not, ``windowDeadlineReached(_:)`` lets the window pass).
  private func mayStartDeferred(_ workload: Int32) -> Bool {
    let index = Int(workload)
    if tasks.isRepeating[index] && workloads[index].inFlight > 0 { return false }
    if tasks.waitingDeadline[index] <= now { return otherStatesHold(index) }
    return deferralConditionHolds(workload)
  }

  /// Runs a deferrable workload's waiting instance, due when it became eligible.
  func runDeferred(_ workload: Int32) {
    let index = Int(workload)
    let due = tasks.waitingDue[index]
    let deadline = tasks.waitingDeadline[index]
    stopWaiting(workload)
    startOccurrence(
      workload, due: due, steps: workloads[index].programStart, workloads[index].programEnd,
      deadline: deadline)
  }

  /// A deferrable workload no longer waits: it has run, or its window passed without it.
  private func stopWaiting(_ workload: Int32) {
    workloads[Int(workload)].isDeferred = false
    pendingDeferrals.removeAll { $0 == workload }
    refreshKnownWake(workload)
  }

  /// Whether every condition a deferrable workload requires holds now (and, for a repeating
  /// task, Low Power Mode is off; for a `when: "visible"` one, the app is visible).
  func deferralConditionHolds(_ workload: Int32) -> Bool {
    let index = Int(workload)
    if !whenHolds(index) { return false }
    if tasks.isRepeating[index] && lowPower.isOn { return false }
    let requires = tasks.requirements[index]
    // No condition: the system chooses the time — the next time the device is awake anyway.
    if requires.isEmpty { return isDeviceAwakeAnyway }
    if requires.contains(.radioActive) && !deferralRadioIsActive(workload) { return false }
    return requirementsHold(requires)
  }

  /// Whether the conditions of `requires` other than `radio-active` hold now.
  private func requirementsHold(_ requires: DeferralConditions) -> Bool {
    if requires.contains(.charging) && !environment.isCharging { return false }
    if requires.contains(.wifi) && !environment.networkIsWiFi { return false }
    if requires.contains(.idle) && !tasks.deviceIsIdle { return false }
    if requires.contains(.batteryOK) && !tasks.batteryIsOK { return false }
    // No radio carries the network: offline, or a scenario without one.
    let isOnline = environment.currentNetworkNode >= 0
    if requires.contains(.network) && !isOnline { return false }
    if requires.contains(.goodNetwork) && (!isOnline || environment.networkSignal == .poor) {
      return false
    }
    return true
  }

  /// Whether the device is awake anyway, so that work the system may place runs at little cost:
  /// the display is on, a radio is out of its deepest state (promoted or in its tail), or the
  /// platform is out of its deepest state — busy for other work, or not yet back in suspension.
  var isDeviceAwakeAnyway: Bool {
    if shutdown.isOff { return false }
    if isDeviceAwakeForPush { return true }
    return platformNode >= 0 && !isIdleInDeepestState(Int(platformNode))
  }

  /// The device woke (the display turned on, or the platform left its deepest state): deferrable
  /// work without conditions, which runs the next time the device is awake anyway, is checked.
  func deviceWokeForDeferrals() {
    if tasks.hasConditionless && !pendingDeferrals.isEmpty { deferralCheckPending = true }
  }

  /// Whether the radio a `radio-active` deferral watches is out of its deepest state.
  private func deferralRadioIsActive(_ workload: Int32) -> Bool {
    let index = Int(workload)
    let radio =
      workloads[index].deferralRadio >= 0
      ? workloads[index].deferralRadio : environment.currentNetworkNode
    return radio >= 0 && !isIdleInDeepestState(Int(radio))
  }

  /// Runs every waiting deferrable workload that may now start, in name order (tasks whose
  /// conditions come true at one instant so start together: the OS batches them), and lets
  /// paused occurrences whose conditions hold again go on.
  func runSatisfiedDeferrals() {
    if !tasks.paused.isEmpty { resumePausedOccurrences() }
    guard !pendingDeferrals.isEmpty else { return }
    for workload in pendingDeferrals.sorted() where mayStartDeferred(workload) {
      runDeferred(workload)
    }
  }

  /// A radio is leaving its deepest state: deferrals waiting for it may run, and held
  /// low-priority pushes be delivered (after the event).
  func radioLeftDeepestState(_ node: Int) {
    guard !pendingDeferrals.isEmpty || push.isHolding, nodes[node].laneKind == .radio else {
      return
    }
    deferralCheckPending = true
  }

  // MARK: Interruptible occurrences

  /// Whether an interruptible occurrence that just finished a step must wait before the next:
  /// its deadline has not come and its conditions (but `radio-active`) do not hold.
  func mustPauseBetweenSteps(_ occurrence: Int32) -> Bool {
    let workload = occurrences[occurrence].workload
    let index = Int(workload)
    guard tasks.isInterruptible[index], now < occurrences[occurrence].deadline else { return false }
    if tasks.isRepeating[index] && lowPower.isOn { return true }
    return !requirementsHold(tasks.requirements[index])
  }

  /// Pauses an occurrence between steps (see ``mustPauseBetweenSteps(_:)``); its window's
  /// deadline event, already scheduled, lets it go on at the latest.
  func pauseBetweenSteps(_ occurrence: Int32) {
    tasks.paused.append(occurrence)
  }

  /// Lets every paused occurrence whose conditions hold again, or whose deadline has come, start
  /// its next step, in the order they paused.
  func resumePausedOccurrences() {
    var index = 0
    while index < tasks.paused.count {
      let occurrence = tasks.paused[index]
      if mustPauseBetweenSteps(occurrence) {
        index += 1
        continue
      }
      tasks.paused.remove(at: index)
      startStep(of: occurrence)
    }
  }

  /// A waiting repeating task's previous instance finished: the waiting one may start now.
  func deferredPredecessorFinished() {
    deferralCheckPending = true
  }
}
