/// The CPU (see *The CPU*): parts of CPU steps go to a core of the first cluster in their QoS
/// class's preference that has a free core, else wait, highest class first; a cluster runs at the
/// highest operating point any of its running parts asks for, and re-times the others when that
/// changes.
///
/// The constant tables (cores, operating points, QoS rules) are read from ``CPUTables``; the
/// run-time state (operating points, queues) from `cpu` in place, element by element: a loop
/// over one of its arrays, or a copy of the runtime, would retain the arrays it reads,
/// atomically, several times per part.
extension DeviceSimulation {
  /// Sends a CPU part to a free core, or queues it.
  func dispatchCPU(_ job: Int32) {
    precondition(cpu != nil, "CPU work without a CPU")
    let priority = Int(jobs[job].priority)
    for index in cpuTables.preferenceRange(of: priority) {
      if let core = bestFreeCore(in: Int(cpuTables.preferences[index])) {
        assignCore(job, to: core)
        return
      }
    }
    cpu!.queues[priority].append(job)
    cpu!.queuedPriorities |= 1 << priority
  }

  /// The free core of `cluster` that is quickest to use: the shallowest state, then the lowest
  /// index.
  func bestFreeCore(in cluster: Int) -> Int? {
    // Each core's rank, depth then index in one integer (a busy core's: none), and the least
    // of them: chosen by arithmetic, not by a branch per core that no predictor can learn.
    var best = Int64.max
    for index in cpuTables.coreRange(of: cluster) {
      let node = Int(cpuTables.cores[index])
      let depth = Int64(nodes[node].phase == .active ? 0 : nodes[node].state)
      best = min(best, nodes[node].job < 0 ? depth << 32 | Int64(index) : .max)
    }
    guard best != .max else { return nil }
    return Int(cpuTables.cores[Int(best & 0xFFFF_FFFF)])
  }

  /// The highest-priority waiting part allowed on `core`'s cluster, removed from its queue.
  @inline(__always)
  func dequeueCPUJob(for core: Int) -> Int32? {
    guard cpu!.queuedPriorities != 0, cpuTables.clusterOfNode[core] >= 0 else { return nil }
    let cluster = cpuTables.clusterOfNode[core]
    for priority in 0..<5 where cpu!.queuedPriorities & (1 << priority) != 0 {
      for index in cpuTables.preferenceRange(of: priority)
      where cpuTables.preferences[index] == cluster {
        let job = cpu!.queues[priority].popFirst()
        if cpu!.queues[priority].isEmpty { cpu!.queuedPriorities &= ~(1 << priority) }
        return job
      }
    }
    return nil
  }

  /// Gives `core` the part `job`, asking its class's operating point for the core's cluster —
  /// at most the cluster's Low Power Mode cap while that is on (see *Apps and push delivery*).
  @inline(__always)
  func assignCore(_ job: Int32, to core: Int) {
    let cluster = Int(cpuTables.clusterOfNode[core])
    jobs[job].requestedOPP =
      cpuTables.requestedPoint[Int(jobs[job].priority) * cpuTables.clusterCount + cluster]
    if lowPower.isOn {
      jobs[job].requestedOPP = min(jobs[job].requestedOPP, lowPower.cpuCap[cluster])
    }
    rangeTimerCheckPending = true
    assign(job, to: core)
  }

  /// The core is active: run its part at the cluster's (possibly raised) operating point.
  func startCoreJob(_ core: Int) {
    let cluster = Int(cpuTables.clusterOfNode[core])
    let job = nodes[core].job
    nodes[core].isServing = true
    nodes[core].servingOPP = jobs[job].requestedOPP
    ownerStateChanged(core)
    jobs[job].rateStart = now
    jobs[job].coreStart = now
    if !updateClusterFrequency(cluster) {
      nodes[core].servingPower =
        cpuTables.power(of: cluster, at: cpu!.clusters[cluster].currentOPP)
      recordChange(core)
      scheduleCoreCompletion(core, cluster: cluster)
    }
  }

  /// Adds to `times` (by QoS priority) the core time of every part running on a core from its
  /// start to `time`: at a shutdown, which cuts them off, and at the end of the run.
  func countRunningCPUTime(upTo time: Int64, into times: inout [Int128]) {
    guard cpu != nil else { return }
    forEachCPUNode { node in
      guard nodes[node].laneKind == .core, nodes[node].isServing else { return }
      let job = nodes[node].job
      times[Int(jobs[job].priority)] += Int128(max(0, time - jobs[job].coreStart))
    }
  }

  /// The core's part ended or left: the cluster may slow down.
  func coreStoppedServing(_ core: Int) {
    let cluster = Int(cpuTables.clusterOfNode[core])
    _ = updateClusterFrequency(cluster)
  }

  /// Sets the cluster's operating point to the highest asked by its running parts, at most the
  /// thermal governor's cap (see ``ThermalRuntime``); when it changes, re-times every running
  /// part. Returns whether it changed.
  @discardableResult
  func updateClusterFrequency(_ cluster: Int) -> Bool {
    var highest: Int32 = 0
    let cores = cpuTables.coreRange(of: cluster)
    for index in cores {
      highest = max(highest, nodes[Int(cpuTables.cores[index])].servingOPP)
    }
    if thermal.level > 0 { highest = min(highest, thermal.cpuCap(cluster)) }
    let old = cpu!.clusters[cluster].currentOPP
    guard highest != old else { return false }
    let oldSpeed = cpuTables.speed(of: cluster, at: old)
    cpu!.clusters[cluster].currentOPP = highest
    let power = cpuTables.power(of: cluster, at: highest)
    for index in cores {
      let node = Int(cpuTables.cores[index])
      guard nodes[node].isServing else { continue }
      let job = nodes[node].job
      let elapsed = now - jobs[job].rateStart
      if elapsed > 0 {
        jobs[job].remainingWork = max(0, jobs[job].remainingWork - Double(elapsed) * oldSpeed)
      }
      jobs[job].rateStart = now
      nodes[node].servingPower = power
      recordChange(node)
      scheduleCoreCompletion(node, cluster: cluster)
    }
    return true
  }

  /// Schedules the end of the core's part at the cluster's current rate.
  @inline(__always)
  func scheduleCoreCompletion(_ core: Int, cluster: Int) {
    let job = nodes[core].job
    let speed = cpuTables.speed(of: cluster, at: cpu!.clusters[cluster].currentOPP)
    let duration = Self.nanosecondsRoundedUp(jobs[job].remainingWork / speed)
    nodes[core].jobGeneration &+= 1
    schedule(
      .segmentDone(node: Int32(core), generation: nodes[core].jobGeneration),
      at: Saturating.sum(now, duration),
      rank: EventRank.completion)
  }

  /// A model-derived duration rounded up to a whole nanosecond (see *Quantities and units*),
  /// ignoring the last bits of floating-point noise so that exact work stays exact: 1 050
  /// 000.0000001 ns of work is 1 050 000 ns, not 1 050 001.
  @inline(__always)
  static func nanosecondsRoundedUp(_ value: Double) -> Int64 {
    let (nearest, up): (Double, Double)
    if value >= 0 && value < 0x1p52 {
      // Below 2^52 a Double's whole part and fraction are exact: rounding needs no library
      // call (`rounded()` and `rounded(.up)` are calls on a baseline x86-64), the same values.
      let whole = Double(Int64(value))
      let fraction = value - whole
      nearest = fraction >= 0.5 ? whole + 1 : whole
      up = fraction > 0 ? whole + 1 : whole
    } else {
      (nearest, up) = (value.rounded(), value.rounded(.up))
    }
    if abs(value - nearest) <= 1e-9 * max(1, nearest) { return Saturating.nanoseconds(nearest) }
    return Saturating.nanoseconds(up)
  }

  /// A core became waking or active.
  @inline(__always)
  func cpuCoreBecameBusy() {
    if cpu!.busyCores == 0 && now > cpu!.allIdleSince { cpu!.packageWakeups += 1 }
    cpu!.busyCores += 1
  }

  /// A core left the active state.
  @inline(__always)
  func cpuCoreBecameIdle() {
    cpu!.busyCores -= 1
    if cpu!.busyCores == 0 { cpu!.allIdleSince = now }
  }
}

/// The display's CPU latency request (*The CPU*; see ``CPUSpec/displayLatencyLimit``): while the
/// display is on, the idle governor keeps cores and clusters out of states slower to leave
/// than the limit, so that frames do not wait for a cluster to power up.
extension DeviceSimulation {
  /// The longest wake latency the idle governor may choose for `node` now (ns).
  @inline(__always)
  func idleLatencyLimit(_ node: Int) -> Int64 {
    // Read in place (`cpu!.`, `display?.`): binding the runtimes would copy them and retain
    // their arrays at every idle entry (and so did `display != nil`, then `display!.session`).
    guard cpu != nil, cpu!.displayLatencyLimit != .max, (display?.session ?? -1) >= 0,
      isCPUNode(node)
    else { return .max }
    return cpu!.displayLatencyLimit
  }

  /// Whether `node` is a core or a cluster of the CPU.
  func isCPUNode(_ node: Int) -> Bool {
    if nodes[node].laneKind == .core { return true }
    for index in 0..<cpu!.clusters.count where Int(cpu!.clusters[index].node) == node {
      return true
    }
    return false
  }

  /// The display came on: idle cores and clusters in a state slower to leave than the limit
  /// wake and choose again, as idle CPUs are kicked to re-select their state when a latency
  /// request is added (they pay the wake, unattributed).
  func displayLatencyLimitApplied() {
    guard cpu != nil, cpu!.displayLatencyLimit != .max else { return }
    let limit = cpu!.displayLatencyLimit
    forEachCPUNode { wakeIfTooDeep($0, limit: limit) }
  }

  private func wakeIfTooDeep(_ node: Int, limit: Int64) {
    guard nodes[node].phase == .idle else { return }
    let table = ladders[Int(nodes[node].ladder)]
    if table.wakeLatency[Int(nodes[node].state)] > limit { wake(node, cause: -1) }
  }

  /// The display went off: idle cores and clusters held shallow by its latency request go as
  /// deep as the time to the next known wake-up allows, as an idle governor re-selects once the
  /// request is dropped.
  func displayLatencyLimitLifted() {
    guard cpu != nil, cpu!.displayLatencyLimit != .max else { return }
    let nextWake = knownWakes.minimum?.key
    let predictedIdle = nextWake.map { max(0, $0 - now) } ?? Int64.max
    forEachCPUNode { deepenIdleNode($0, predictedIdle: predictedIdle, nextWake: nextWake) }
  }

  /// Calls `body` with every core, then its cluster, cluster by cluster.
  private func forEachCPUNode(_ body: (Int) -> Void) {
    for cluster in 0..<cpu!.clusters.count {
      for index in 0..<cpu!.clusters[cluster].cores.count {
        body(Int(cpu!.clusters[cluster].cores[index]))
      }
      body(Int(cpu!.clusters[cluster].node))
    }
  }

  private func deepenIdleNode(_ node: Int, predictedIdle: Int64, nextWake: Int64?) {
    guard nodes[node].phase == .idle else { return }
    let table = ladders[Int(nodes[node].ladder)]
    guard table.isPredictive else { return }
    let target = table.predictiveTarget(predictedIdle: predictedIdle)
    if target > nodes[node].state { demote(node, to: target) }
    if let nextWake, nodes[node].state < table.deepest, nextWake < endTime {
      // As at idle entry: if the predicted wake-up passes without coming to this node, it goes
      // to its deepest state then (without this it stayed shallow until it next had work).
      schedule(
        .demote(node: Int32(node), generation: nodes[node].timerGeneration), at: nextWake,
        rank: EventRank.missedWakeup)
    }
  }
}
