import SimulationEngine

/// The one place that enumerates the simulation's state (see *The fast-forward*): every mutable
/// stored property of ``DeviceSimulation`` is handed to a ``SteadyStateVisitor`` here, or named in
/// ``DeviceSimulation/stateNotVisited`` with the reason it needs no visit. A test enumerates the
/// stored properties with `Mirror` and fails on one named in neither list, so that state added
/// later cannot be forgotten by the fast-forward.
///
/// To add a runtime held as a stored property (an `Equatable` struct: apps, push delivery, Low
/// Power Mode, background tasks): see ``SteadyStateRuntimes``.
extension DeviceSimulation {
  /// The stored properties ``visitSteadyState(_:)`` hands to its visitor (the range timers'
  /// generations through the deadlines that carry them, as generations are compared).
  static let stateVisited: Set<String> = [
    "scheduler", "nodes", "laneQueues", "jobs", "occurrences", "cpu", "links", "calls", "network",
    "workloads", "rangeTimerGenerations", "animations", "debounces", "latencyLog",
    "unsettledOwnerNodes", "unsettledOwnerCount", "knownWakes", "pendingRangeTimers",
    "rangeTimerCheckPending", "deferralCheckPending", "pendingDeferrals",
    "completionsThisInstant", "environment", "display", "shutdown", "ledger", "apps", "push",
    "lowPower", "tasks", "reactions", "activity", "storageQoS", "cpuTimeByClass", "mainThreads",
    "thermal", "assertions",
  ]

  /// The stored properties that need no visit: set when the simulation is built and never
  /// changed, or the fast-forward's own bookkeeping (which changes no result).
  static let stateNotVisited: Set<String> = [
    "setup", "endTime", "memory", "ladders", "children", "nodePaths", "slotNames", "components",
    "steps", "platformNode", "suspensionDependentNodes", "storageNode", "gpuNode",
    "radioSpecs", "storageSpec", "gpuSpec", "nodeLink", "hasRun", "fastForward",
    "exactLatencyLimit", "cpuTables",
  ]

  /// Hands every piece of mutable state to `visitor` (see ``SteadyStateVisitor``), always in the
  /// same order.
  func visitSteadyState<V: SteadyStateVisitor>(_ visitor: inout V) {
    visitEvents(&visitor)
    visitNodes(&visitor)
    visitWork(&visitor)
    visitWorkloads(&visitor)
    // Policies and the same-instant buffers (empty between instants, compared all the same).
    visitor.value(rangeTimerCheckPending)
    visitor.value(deferralCheckPending)
    visitor.values(pendingDeferrals)
    visitor.values(completionsThisInstant.handOns)
    visitor.values(completionsThisInstant.idleLanes)
    visitor.value(Int64(unsettledOwnerCount))
    for index in 0..<unsettledOwnerCount { visitor.value(unsettledOwnerNodes[index]) }
    visitor.value(Int64(latencyLog.count))
    // The world around the device.
    visitor.value(Int64(environment.cursor))
    visitor.value(environment.isCharging)
    visitor.value(environment.currentNetworkNode)
    visitor.value(environment.networkIsWiFi)
    visitor.value(Int64(SignalLevel.allCases.firstIndex(of: environment.networkSignal) ?? 0))
    if let display {
      visitor.value(display.session)
      visitor.value(Int64(display.animations.count))
      for animation in display.animations {
        visitor.value(animation.workload)
        visitor.value(animation.rate)
      }
      visitor.values(display.pausedAnimations)
    }
    visitor.value(network.isOffline)
    visitor.values(network.waitingForNetwork)
    visitor.value(shutdown.isOff)
    visitor.value(Int64(shutdown.boot))
    // Network quality, apps, Low Power Mode, background tasks, each compared whole: their times
    // change only at events outside the cycle (a grant's expiry, an environment change, a
    // battery level), so a steady state leaves them as they are. Reactions compared whole too:
    // their waiting occurrences' due times are instants an event put there, so while any waits
    // the simulation does not skip.
    visitor.runtimes(
      SteadyStateRuntimes(
        networkQuality: network.quality, apps: apps, lowPower: lowPower, tasks: tasks,
        reactions: reactions))
    visitPushDelivery(&visitor)
    // Storage QoS: the window's start moves with the cycle; its generation is compared through
    // the timer that carries it.
    visitor.instant(&storageQoS.lastHigherClassServed)
    visitMainThreads(&visitor)
    visitThermal(&visitor)
    visitAssertions(&visitor)
    ledger.visitSteadyState(&visitor)
    activity?.visitSteadyState(&visitor)
  }

  /// The boundary's fingerprint (see ``SteadyStateFingerprint``): a few words of the state that
  /// ``visitSteadyState(_:)`` compares and that most often tell two boundaries apart — how many
  /// events are pending, when the ledger last changed and at which powers, the environment's
  /// position, the sum of the apps' held occurrences' due times, each node's phase, state, last
  /// finish and idle timer, how much work is in flight, the CPU's busy cores and clocks, the
  /// thermal governor's outputs. The idle timer's check,
  /// hashed too before, is left out: without it the telemetry hour of *The fast-forward* takes
  /// the same 3,691 snapshots and 372,739 events. A word added here
  /// must be one the enumeration compares (a value as it is, an instant as
  /// ``SteadyStateFingerprint/instant(_:)`` classifies it): otherwise two equal states could be
  /// told apart, and the fast-forward would miss a steady state. Its cost grows with the nodes, not
  /// with the workloads or the events.
  func steadyStateFingerprint(boundary: Int64, period: Int64, past: Int64, horizon: Int64)
    -> SteadyStateFingerprint
  {
    var fingerprint = SteadyStateFingerprint(
      boundary: boundary, period: period, past: past, horizon: horizon)
    fingerprint.value(Int64(scheduler.pendingEventCount))
    fingerprint.value(Int64(jobs.usedSlots - jobs.freeSlotCount))
    fingerprint.value(Int64(occurrences.usedSlots - occurrences.freeSlotCount))
    fingerprint.value(Int64(calls.count))
    fingerprint.value(Int64(environment.cursor))
    fingerprint.value(environment.isCharging)
    fingerprint.value(shutdown.isOff)
    // The apps' held occurrences, compared whole with the apps, as one word.
    fingerprint.value(apps.heldDueSum)
    fingerprint.instant(ledger.clock)
    fingerprint.value(ledger.totalPower)
    fingerprint.value(ledger.heatEnergy)
    fingerprint.value(ledger.packageEnergy)
    for index in nodes.indices {
      fingerprint.values(Int32(nodes[index].phase.rawValue), nodes[index].state)
      fingerprint.instant(nodes[index].lastFinish)
      // A tail running out beside the cycle (a radio's after a random arrival): due at the same
      // instant at each boundary, not at the same distance.
      fingerprint.instant(nodes[index].idleTimerDue)
    }
    if cpu != nil {
      fingerprint.value(Int64(cpu!.busyCores))
      for cluster in cpu!.clusters { fingerprint.value(cluster.currentOPP) }
    }
    if thermal.isUsed {
      fingerprint.value(Int64(thermal.state.rawValue))
      fingerprint.value(thermal.thermalLevel)
      fingerprint.value(thermal.limitLevel)
      fingerprint.value(thermal.isResting)
    }
    return fingerprint
  }

  /// The thermal model: what the rest of the device reads of it — the state, the levels and whether
  /// the governor rests, at which powers — is compared; the times in each state and throttled grow
  /// with the cycle. The temperatures and the power limits' average are not compared: they settle
  /// on their own, for an hour or more after a change of load, and reach the rest of the device
  /// only through what is compared and through each poll's decisions. The fast-forward logs the
  /// polls of each cycle and skips only cycles whose polls, replayed from the temperatures as they
  /// are, decide what they decided (see ``ThermalRuntime/replay(_:cycles:)``).
  private func visitThermal<V: SteadyStateVisitor>(_ visitor: inout V) {
    guard thermal.isUsed else { return }
    visitor.value(Int64(thermal.state.rawValue))
    visitor.value(thermal.thermalLevel)
    visitor.value(thermal.limitLevel)
    visitor.value(thermal.isResting)
    visitor.value(thermal.restingPower)
    visitor.value(thermal.restingPackagePower)
    visitor.instant(&thermal.lastPoll)
    for index in thermal.timeInState.indices { visitor.accumulator(&thermal.timeInState[index]) }
    visitor.accumulator(&thermal.throttledTime)
  }

  /// The push service, compared as a whole but for its queue of held pushes: that queue is
  /// compared by its length and the service's count of changes, not copied into the snapshot
  /// (millions of held pushes, copied at every boundary, took six times the memory of the run).
  /// The two agree: every push held has a `sent` time no queue held before, and only taking
  /// every push removes one, so two boundaries hold equal non-empty queues exactly when no
  /// change came between them.
  private func visitPushDelivery<V: SteadyStateVisitor>(_ visitor: inout V) {
    visitor.value(Int64(push.held.count))
    visitor.value(push.isHolding ? Int64(bitPattern: push.changes) : 0)
    visitor.value(push.deadline)
    visitor.value(Int64(push.generation))
  }

  /// Each app's main thread: who holds it and waits for it, compared; its busy stretch and the
  /// ends of the counted stretches, instants; its counts and times, accumulators.
  private func visitMainThreads<V: SteadyStateVisitor>(_ visitor: inout V) {
    for app in mainThreads.lanes.indices {
      visitor.value(mainThreads.lanes[app].holder)
      visitor.values(mainThreads.lanes[app].waiting)
      visitor.instant(&mainThreads.lanes[app].busySince)
      visitor.instant(&mainThreads.lanes[app].hitchCountedUntil)
      visitor.instant(&mainThreads.lanes[app].animationCountedUntil)
      visitor.counter(&mainThreads.lanes[app].hangs)
      visitor.counter(&mainThreads.lanes[app].hitches)
      visitor.accumulator(&mainThreads.lanes[app].hitchTime)
      visitor.accumulator(&mainThreads.lanes[app].animationTime)
    }
  }

  /// The holds on the device: each hold's occurrence, workload and end (its id relative to the next
  /// one's, as a generation), and each workload's holding, its time held growing with the cycle.
  private func visitAssertions<V: SteadyStateVisitor>(_ visitor: inout V) {
    visitor.value(Int64(assertions.holds.count))
    for position in assertions.holds.indices {
      visitor.generation(assertions.holds[position].id, current: assertions.nextID)
      visitor.values(assertions.holds[position].occurrence, assertions.holds[position].workload)
      visitor.instant(&assertions.holds[position].end)
    }
    for index in assertions.openHolds.indices {
      visitor.value(assertions.openHolds[index])
      visitor.instant(&assertions.holdingSince[index])
      visitor.accumulator(&assertions.heldTime[index])
    }
  }

  /// The pending events, in the order they will come out, and the two heaps of instants.
  private func visitEvents<V: SteadyStateVisitor>(_ visitor: inout V) {
    var pending: [(time: Int64, order: UInt64, event: DeviceEvent)] = []
    pending.reserveCapacity(scheduler.pendingEventCount)
    scheduler.forEachPendingEvent { pending.append(($0, $1, $2)) }
    pending.sort { ($0.time, $0.order) < ($1.time, $1.order) }
    visitor.value(Int64(pending.count))
    for entry in pending {
      visitor.derivedInstant(entry.time)
      // The rank; the sequence below it only orders events of one instant and rank, and the
      // sorted order keeps that.
      visitor.value(Int64(entry.order >> 44))
      visitEvent(entry.event, &visitor)
    }
    visitor.moveEvents(of: scheduler)
    visitKeys(of: knownWakes, &visitor)
    visitKeys(of: pendingRangeTimers, &visitor)
  }

  private func visitKeys<V: SteadyStateVisitor>(of heap: IndexedMinHeap, _ visitor: inout V) {
    for id in 0..<workloads.count {
      if let key = heap.key(for: id) {
        visitor.value(1)
        visitor.derivedInstant(key)
      } else {
        visitor.value(0)
      }
    }
    visitor.moveKeys(of: heap)
  }

  private func visitEvent<V: SteadyStateVisitor>(_ event: DeviceEvent, _ visitor: inout V) {
    switch event {
    case .wakeDone(let node, let boot):
      visitor.values(0, node)
      visitor.value(Int64(boot))
    case .segmentDone(let node, let generation):
      visitor.values(1, node)
      visitor.generation(generation, current: nodes[Int(node)].jobGeneration)
    case .linkEvent(let node, let generation):
      visitor.values(2, node)
      visitor.generation(generation, current: links[Int(nodeLink[Int(node)])].generation)
    case .idleTimer(let node):
      visitor.values(3, node)
    case .demote(let node, let generation):
      visitor.values(4, node)
      visitor.generation(generation, current: nodes[Int(node)].timerGeneration)
    case .environment:
      visitor.value(5)
    case .arrival(let workload):
      visitor.values(6, workload)
    case .rangeDeadline(let workload, let generation):
      visitor.values(7, workload)
      visitor.generation(generation, current: rangeTimerGenerations[Int(workload)])
    case .debounceExpiry(let workload, let generation):
      visitor.values(8, workload)
      visitor.generation(
        generation, current: debounces[Int(workloads[Int(workload)].debounceSlot)].generation)
    case .windowOpen(let workload):
      visitor.values(9, workload)
    case .windowDeadline(let workload):
      visitor.values(10, workload)
    case .appGrantExpired(let app, let generation):
      visitor.values(11, app)
      visitor.generation(generation, current: apps.apps[Int(app)].grantGeneration)
    case .pushDeadline(let generation):
      visitor.value(12)
      visitor.generation(generation, current: push.generation)
    case .batteryLevel(let generation):
      visitor.value(13)
      visitor.generation(generation, current: tasks.batteryLevelGeneration)
    case .ioThrottleEnd(let node, let generation):
      visitor.values(14, node)
      visitor.generation(generation, current: storageQoS.generation)
    case .thermalPoll:
      visitor.value(15)
    case .holdEnded(let id):
      visitor.value(16)
      visitor.generation(id, current: assertions.nextID)
    case .callPacket(let call, let generation):
      visitor.values(17, call)
      visitor.generation(generation, current: calls[Int(call)].generation)
    case .drx(let node, let generation):
      visitor.values(18, node)
      visitor.generation(generation, current: links[Int(nodeLink[Int(node)])].drxGeneration)
    }
  }

  /// Every node's phase, state, timers and work, the lanes' queues and the CPU.
  private func visitNodes<V: SteadyStateVisitor>(_ visitor: inout V) {
    for index in nodes.indices {
      // Role, kind, ladder, parent, component and first slot never change; the generations are
      // compared through the events that carry them.
      visitor.value(Int64(nodes[index].phase.rawValue))
      visitor.value(nodes[index].state)
      visitor.value(nodes[index].busyChildren)
      visitor.instant(&nodes[index].idleTimerDue)
      visitor.instant(&nodes[index].idleTimerCheck)
      visitor.value(nodes[index].lastServed)
      visitor.value(nodes[index].wakeCause)
      visitor.value(nodes[index].job)
      visitor.value(nodes[index].isServing)
      visitor.value(nodes[index].servingOPP)
      visitor.value(Int64(nodes[index].queuedPriorities))
      visitor.value(nodes[index].servingPower)
      visitor.instant(&nodes[index].lastFinish)
      visitor.value(Int64(nodes[index].contribution.rawValue))
      visitor.value(nodes[index].contributedOwner)
      visitor.value(nodes[index].hasUnsettledOwner)
    }
    laneQueues.withUnsafeBufferPointer { visitor.values($0) }
    guard cpu != nil else { return }
    for cluster in cpu!.clusters { visitor.value(cluster.currentOPP) }
    for queue in cpu!.queues { visitor.values(queue) }
    visitor.value(cpu!.displayLatencyLimit)
    visitor.value(Int64(cpu!.queuedPriorities))
    visitor.value(Int64(cpu!.busyCores))
    visitor.instant(&cpu!.allIdleSince)
    visitor.counter(&cpu!.packageWakeups)
    for index in cpuTimeByClass.indices { visitor.accumulator(&cpuTimeByClass[index]) }
  }

  /// The jobs and occurrences in flight, by pool slot, and the shared links. Which slots are free
  /// is compared as a set (slot by slot, free or what it holds): a pool reuses its lowest free
  /// slot first, so the order in which slots were freed — two occurrences due at one instant end
  /// in either order — changes nothing that follows.
  private func visitWork<V: SteadyStateVisitor>(_ visitor: inout V) {
    visitor.value(Int64(jobs.usedSlots))
    for slot in 0..<Int32(jobs.usedSlots) {
      let isFree = jobs.isFree(slot)
      visitor.value(isFree)
      guard !isFree else { continue }
      visitor.values(jobs[slot].occurrence, jobs[slot].step)
      visitor.value(Int64(jobs[slot].priority))
      visitor.values(jobs[slot].segment, jobs[slot].segmentCount)
      visitor.value(jobs[slot].requestedOPP)
      visitor.value(jobs[slot].remainingWork)
      visitor.instant(&jobs[slot].rateStart)
      visitor.instant(&jobs[slot].coreStart)
    }
    visitor.value(Int64(occurrences.usedSlots))
    for slot in 0..<Int32(occurrences.usedSlots) {
      let isFree = occurrences.isFree(slot)
      visitor.value(isFree)
      guard !isFree else { continue }
      let occurrence = occurrences[slot]
      visitor.values(occurrence.workload, occurrence.step)
      visitor.value(occurrence.stepEnd)
      visitor.values(occurrence.partsLeft, occurrence.frameCPUEnd)
      visitor.value(occurrence.isLive)
      visitor.value(occurrence.isCutOff)
      visitor.value(occurrence.waitedForMainThread)
      visitor.value(occurrence.holdsBackgroundTask)
      visitor.instant(&occurrences[slot].due)
      visitor.instant(&occurrences[slot].deadline)
      var number = Int128(occurrence.number)
      visitor.lastSet(&number)
      occurrences[slot].number = Int64(number)
    }
    for index in links.indices {
      links[index].visitSteadyState(&visitor)
      visitor.value(links[index].isDRXAsleep)
      visitor.value(links[index].hasReleasedHost)
      // The phase of the DRX cycle (on-durations are aligned to the run's start) is not state:
      // it matters only where a DRX boundary reads it, and those reads are logged by the
      // fast-forward and compared cycle by cycle (see ``FastForward/drxPhases``); a pending
      // boundary is compared as an instant.
    }
    // Calls: the packets left count down, so the fast-forward does not skip during a call.
    visitor.value(Int64(calls.count))
    for index in calls.indices {
      visitor.value(calls[index].occurrence)
      visitor.value(calls[index].packetStep)
      visitor.instant(&calls[index].nextPacket)
      visitor.value(calls[index].packetsLeft)
      visitor.value(calls[index].inFlight)
      visitor.value(calls[index].isLive)
    }
  }

  /// Every workload: where it is in its sequence, its timers and its counts (latencies are
  /// carried over by the fast-forward itself, see ``FastForward``).
  private func visitWorkloads<V: SteadyStateVisitor>(_ visitor: inout V) {
    for index in workloads.indices {
      let workload = Int32(index)
      switch workloads[index].timing {
      case .periodic(let every, let start, let end, let count, _):
        // Where the timer is: its next due time, moved by the skip as its index grows.
        let due = timerDue(workload, workloads[index].nextIndex)
        visitor.derivedInstant(due ?? -2)
        visitor.counter(&workloads[index].nextIndex)
        if let end { visitor.bound(end.nanosecondsSinceStart) }
        if let count {
          let (product, overflow) = every.nanoseconds.multipliedReportingOverflow(
            by: Int64(count))
          if !overflow { visitor.bound(Saturating.sum(start.nanosecondsSinceStart, product)) }
        }
        // A timer due in the coming cycles whose interval does not divide the period cannot
        // repeat with it. One whose due time has passed waits, its window open, for the CPU to
        // start an item or for its deadline (a pending event: beyond the horizon it bounds the
        // skip, within it it is compared relative to each boundary and differs): while it waits,
        // through cycles that start no CPU item, it does not keep the state from repeating.
        if let due, due >= visitor.boundary, visitor.isNear(due),
          visitor.period % every.nanoseconds != 0
        {
          visitor.notPeriodic()
        }
      case .frames:
        let due = frameDue(workload, workloads[index].nextIndex)
        visitor.derivedInstant(due ?? -2)
        visitor.counter(&workloads[index].nextIndex)
        // A range's clock, retimed at its last rate change, and the rate it is to take (every
        // animation has a slot).
        let slot = Int(workloads[index].animationSlot)
        let clock = animations[slot].clock
        visitor.value(clock.rate)
        visitor.value(clock.start)
        visitor.value(Int64(clock.base))
        visitor.value(animations[slot].rateTarget)
        visitor.bound(clock.end)
        if let due, visitor.isNear(due),
          clock.repeatPeriod.map({ visitor.period % $0 != 0 }) ?? true
        {
          visitor.notPeriodic()
        }
      default:
        visitor.value(Int64(workloads[index].nextIndex))
      }
      visitor.value(workloads[index].frameInCPUStage)
      visitor.value(Int64(bitPattern: workloads[index].rng.state))
      let debounceSlot = Int(workloads[index].debounceSlot)
      if debounceSlot >= 0 {
        visitor.value(debounces[debounceSlot].steps.start)
        visitor.value(debounces[debounceSlot].steps.end)
      }
      visitor.value(workloads[index].inFlight)
      visitor.instant(&workloads[index].pendingDue)
      visitor.value(workloads[index].isDeferred)
      visitor.counter(&workloads[index].stats.occurrences)
      visitor.counter(&workloads[index].stats.droppedFrames)
      visitor.counter(&workloads[index].stats.deadlineMisses)
      visitor.counter(&workloads[index].stats.coalescedFirings)
      visitor.counter(&workloads[index].stats.skipped)
      visitor.counter(&workloads[index].stats.held)
      visitor.counter(&workloads[index].stats.cutOff)
    }
  }
}
