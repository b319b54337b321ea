/// The power-state ladder (see *The power-state ladder*): waking along the parent chain, serving,
/// holding, and stepping down by timeout or prediction.
///
/// ```
///            ┌───────────── wake(): parent awake? ──── no ──▶ waitingForParent ─┐
///            │                                                                  │ parent active
///   idle(s) ─┤ latency(s) = 0 ───────────────────────────────▶ active ◀── waking(s) ◀┘
///      ▲     └ latency(s) > 0 ──▶ waking(s) ── wakeDone ──────▲   │
///      │                                                          │ nothing left to serve
///      └──── timeout: after(i) expires / predictive: at once ◀────┘ (idleEntry)
/// ```
///
/// The predictive policy chooses at idle entry from the time to the next known wake-up. A node
/// that this chose a shallow state for, and that the wake-up then passes by (it came for another
/// node, or brought no work), goes to its deepest state: as an idle governor learns that a timer
/// is not this CPU's, so idle cores do not stay shallow for ever under another core's timer.
extension DeviceSimulation {
  /// Brings an inactive node towards the active state for work caused by workload `cause`: wakes
  /// it at once if its parent is awake, else waits for the parent, waking that first.
  @inline(__always)
  func wake(_ node: Int, cause: Int32) {
    guard nodes[node].phase == .idle else { return }
    disarmIdleTimers(node)
    if nodeLink[node] >= 0 {
      nodes[node].wakeCause = cause
      radioWakeBegins(node)
    }
    let parent = Int(nodes[node].parent)
    if parent >= 0 && nodes[parent].phase != .active {
      setPhase(node, to: .waitingForParent)
      nodes[node].wakeCause = cause
      ownerStateChanged(node)
      wake(parent, cause: cause)
    } else {
      beginWake(node, cause: cause)
    }
  }

  /// Starts the return to the active state from the current idle state.
  func beginWake(_ node: Int, cause: Int32) {
    nodes[node].wakeCause = cause
    let table = ladders[Int(nodes[node].ladder)]
    let state = Int(nodes[node].state)
    let latency = table.wakeLatency[state]
    if state == Int(table.deepest) { radioLeftDeepestState(node) }
    let resumesDevice = node == Int(platformNode) && state == Int(table.deepest)
    guard latency > 0 else {
      becomeActive(node)
      if resumesDevice { platformSuspensionChanged() }
      return
    }
    setPhase(node, to: .waking)
    ledger.countWakeup(slot: nodes[node].firstSlot + Int32(state))
    recordChange(node)
    markBusy(node)
    if resumesDevice { platformSuspensionChanged() }
    schedule(
      .wakeDone(node: Int32(node), boot: shutdown.boot), at: Saturating.sum(now, latency),
      rank: EventRank.wake)
  }

  /// Puts the node in its active state and lets whatever waited for it go on.
  func becomeActive(_ node: Int) {
    let wasBusy = nodes[node].isBusy
    setPhase(node, to: .active)
    nodes[node].state = 0
    if !wasBusy { markBusy(node) }
    switch nodes[node].role {
    case .host:
      recordChange(node)
      // By index: a loop over the array would retain it (atomically) for the loop's length.
      for index in 0..<children[node].count {
        let child = Int(children[node][index])
        if nodes[child].phase == .waitingForParent {
          beginWake(child, cause: nodes[child].wakeCause)
        }
      }
      if nodes[node].busyChildren == 0 { idleEntry(node) }
    case .lane:
      if nodes[node].laneKind == .radio {
        let carrying = startQueuedTransfers(node)
        radioWakeEnded(node)
        if !carrying {
          recordChange(node)
          idleEntry(node)
        }
      } else if nodes[node].job >= 0 {
        startJob(on: node)
      } else {
        recordChange(node)
        idleEntry(node)
      }
    case .display:
      break
    }
  }

  /// A node that was neither waking nor active became one of them: its parent is busy for it.
  @inline(__always)
  func markBusy(_ node: Int) {
    if nodes[node].laneKind == .core { cpuCoreBecameBusy() }
    let parent = Int(nodes[node].parent)
    guard parent >= 0 else { return }
    parentGainedBusyChild(parent)
  }

  /// `parent` is busy for one more child (or hold, see *OS policies*).
  @inline(__always)
  func parentGainedBusyChild(_ parent: Int) {
    nodes[parent].busyChildren += 1
    // Already busy for other children, the parent draws the same power; its owners follow its
    // children's by themselves.
    guard nodes[parent].busyChildren == 1 else { return }
    ownerStateChanged(parent)
    disarmIdleTimers(parent)
    if nodes[parent].phase == .active { recordChange(parent) }
  }

  /// A node left the active state for an idle one: its parent may have nothing left to do.
  @inline(__always)
  func unmarkBusy(_ node: Int) {
    if nodes[node].laneKind == .core { cpuCoreBecameIdle() }
    let parent = Int(nodes[node].parent)
    guard parent >= 0 else { return }
    parentLostBusyChild(parent, lastServed: nodes[node].lastServed)
  }

  /// `parent` is busy for one child (or hold) fewer, which last served `lastServed`: with none
  /// left, it idles.
  @inline(__always)
  func parentLostBusyChild(_ parent: Int, lastServed: Int32) {
    nodes[parent].busyChildren -= 1
    guard nodes[parent].busyChildren == 0 else { return }
    nodes[parent].lastServed = lastServed
    ownerStateChanged(parent)
    // Only the display can leave before its parent is awake (it lights at once, while the
    // platform wakes): a parent still waking idles when it becomes active with no busy child.
    if nodes[parent].phase == .active { idleEntry(parent) }
  }

  /// The node is active with nothing to serve: hold (timeout) or step down at once.
  func idleEntry(_ node: Int) {
    nodes[node].lastFinish = now
    disarmIdleTimers(node)
    let table = ladders[Int(nodes[node].ladder)]
    if table.isPredictive {
      let nextWake = knownWakes.minimum?.key
      let predictedIdle = nextWake.map { max(0, $0 - now) } ?? Int64.max
      let target = table.predictiveTarget(
        predictedIdle: predictedIdle, latencyLimit: idleLatencyLimit(node))
      demote(node, to: target)
      if let nextWake, target < table.deepest, nextWake < endTime {
        // Checked once everything due at that instant has run: if the wake-up did not come to
        // this node, it was some other node's, and nothing is known ahead for this one.
        schedule(
          .demote(node: Int32(node), generation: nodes[node].timerGeneration), at: nextWake,
          rank: EventRank.missedWakeup)
      }
      return
    }
    let target = table.timeoutState(afterIdle: 0)
    if target > 0 {
      demote(node, to: target)
    } else {
      recordChange(node)
      scheduleNextDemotion(node)
      if nodeLink[node] >= 0 { armDRX(node) }
    }
  }

  /// An idle timer fired: go to the state the idle time has now reached. For the predictive
  /// policy, the known wake-up it predicted passed without waking the node: go to the deepest
  /// state.
  func timeoutExpired(_ node: Int) {
    let table = ladders[Int(nodes[node].ladder)]
    if table.isPredictive {
      guard nodes[node].phase == .idle, nodes[node].state < table.deepest else { return }
      let target = table.predictiveTarget(
        predictedIdle: .max, latencyLimit: idleLatencyLimit(node))
      if target > nodes[node].state { demote(node, to: target) }
      return
    }
    let target = table.timeoutState(afterIdle: now - nodes[node].lastFinish)
    guard target > nodes[node].state else { return }
    demote(node, to: target)
  }

  /// Whether `node` is idle in its deepest state (a radio there has no reason of its own to be
  /// awake: a `radio-active` deferral waits, a low-priority push is held).
  func isIdleInDeepestState(_ node: Int) -> Bool {
    nodes[node].phase == .idle && nodes[node].state == ladders[Int(nodes[node].ladder)].deepest
  }

  /// Moves the node to idle state `target`.
  func demote(_ node: Int, to target: Int32) {
    let wasActive = nodes[node].phase == .active
    // A radio asleep under DRX may have released its host already (see *Radios*).
    let keptHostBusy = wasActive && stillKeptHostBusy(node)
    if wasActive && nodeLink[node] >= 0 { disarmDRX(node) }
    setPhase(node, to: .idle)
    nodes[node].state = target
    recordChange(node)
    if node == Int(platformNode) && target == ladders[Int(nodes[node].ladder)].deepest {
      platformSuspensionChanged()
    }
    if keptHostBusy { unmarkBusy(node) }
    if !ladders[Int(nodes[node].ladder)].isPredictive { scheduleNextDemotion(node) }
  }

  /// Arms the idle timer for the next deeper state, if there is one.
  ///
  /// A node that goes back to work before its timer is due disarms it, and most do: a core
  /// between frames, a part between requests. Rather than queue an event per arming that would
  /// mostly fire stale, the timer keeps one check queued: a new arming queues one only when none
  /// is queued at or before its due time, and a check that finds the timer due later queues
  /// itself again for then. The node steps down at the same instant either way.
  @inline(__always)
  func scheduleNextDemotion(_ node: Int) {
    let table = ladders[Int(nodes[node].ladder)]
    let next = Int(nodes[node].state) + 1
    guard next <= Int(table.deepest) else { return }
    let due = Saturating.sum(nodes[node].lastFinish, table.after[next])
    guard due < endTime else { return }
    nodes[node].idleTimerDue = due
    if nodes[node].idleTimerCheck > due { queueIdleTimerCheck(node, at: due) }
  }

  /// A check of the idle timer came due: step down if the timer is due now, check again when it
  /// is due if it is later, nothing if it was disarmed.
  func idleTimerChecked(_ node: Int) {
    // A check overtaken by an earlier one, queued since, is not the node's current check.
    guard nodes[node].idleTimerCheck == now else { return }
    nodes[node].idleTimerCheck = .max
    let due = nodes[node].idleTimerDue
    guard due != .max else { return }
    if due > now {
      queueIdleTimerCheck(node, at: due)
      return
    }
    nodes[node].idleTimerDue = .max
    timeoutExpired(node)
  }

  private func queueIdleTimerCheck(_ node: Int, at time: Int64) {
    nodes[node].idleTimerCheck = time
    schedule(.idleTimer(node: Int32(node)), at: time, rank: EventRank.demotion)
  }

  /// The node is busy again (or its state changed under its timers): a step down it was waiting
  /// for, or a predictive check, no longer applies.
  func disarmIdleTimers(_ node: Int) {
    nodes[node].timerGeneration &+= 1
    nodes[node].idleTimerDue = .max
    if nodeLink[node] >= 0 { disarmDRX(node) }
  }

  /// Tells the ledger what `node` draws now, in which state and for whom.
  func recordChange(_ node: Int) {
    let item = nodes[node]
    if item.role == .display {
      recordDisplay()
      return
    }
    let table = ladders[Int(item.ladder)]
    let floor = table.floorPower
    var power: Int64
    var dynamic: Int64 = 0
    // A state slot of the ledger's layout: the sum is below the slots' number.
    var slot = item.firstSlot &+ item.state
    var owner = item.lastServed
    switch item.phase {
    case .idle, .waitingForParent:
      power = table.power[Int(item.state)]
      if table.dependsOnSuspension && item.phase == .idle && isPlatformSuspended {
        power = table.suspendedPower[Int(item.state)]
      }
      // A radio without a network searches for one (see *Radios*).
      let link = Int(nodeLink[node])
      if link >= 0 && links[link].scanningPower >= 0 && !network.quality[link].isOnline {
        power = links[link].scanningPower
      }
    case .waking:
      power = table.wakePower[Int(item.state)]
      slot = item.firstSlot + table.deepest + 1
      owner = item.wakeCause
    case .active:
      if item.role == .host && item.busyChildren > 0 {
        // Busy for its children, a host's power above its floor is fixed cost (*Results and
        // accounting*: the bottom half), shared among the workloads its children work for.
        ledger.updateShared(
          node: node, at: now, power: table.power[0], dynamicPower: 0, slot: slot)
        return
      }
      if item.isServing {
        power = item.servingPower
        dynamic = power - floor
        if nodeLink[node] >= 0 {
          // A radio's link shares its energy among the workloads of its transfers (see *Results and
          // accounting*).
          ledger.updateShared(
            node: node, at: now, power: power, dynamicPower: dynamic, slot: slot)
          return
        }
        owner = occurrences[jobs[item.job].occurrence].workload
      } else {
        power = table.power[0]
        // Asleep between connected-mode DRX on-durations (see *Radios*).
        let link = Int(nodeLink[node])
        if link >= 0 && links[link].isDRXAsleep { power = links[link].drx!.power }
      }
    }
    if radioSharesWakeOrTail(node) {
      // A radio's wake or tail left by transfers of several workloads at one instant is theirs,
      // equally (see *Radios*).
      ledger.updateShared(node: node, at: now, power: power, dynamicPower: dynamic, slot: slot)
      return
    }
    ledger.update(
      node: node, at: now, power: power, dynamicPower: dynamic, slot: slot, owner: owner)
  }
}
