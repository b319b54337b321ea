import SimulationEngine

/// Work cut off when its app is suspended (see *Apps and push delivery*), as a shutdown cuts off
/// all work (``DeviceShutdown``) but for one app's occurrences only: each counts as `unfinished` at
/// once; its parts still waiting — in a lane's queue, the CPU's queues, for a network or paused on
/// a link by an offline spell — are removed, its parts being served on a core, flash, the GPU or a
/// generic component, or carried on a radio's shared link, stop now (the lane takes its next item
/// or goes idle, as when a part completes; the link carries its other transfers on), and no further
/// step starts. A part whose component is still waking for it runs to its end, as the hardware
/// finishes what it was handed. Then the occurrence is discarded, out of latency.
extension DeviceSimulation {
  /// Cuts off every occurrence of app `app`'s workloads in progress.
  func cutOffWork(of app: Int32) {
    var cutAny = false
    for slot in 0..<occurrences.slotCount {
      let occurrence = Int32(slot)
      guard occurrences[occurrence].isLive, !occurrences[occurrence].isCutOff else { continue }
      let workload = Int(occurrences[occurrence].workload)
      guard workloads[workload].app == app else { continue }
      occurrences[occurrence].isCutOff = true
      workloads[workload].inFlight -= 1
      workloads[workload].stats.cutOff += 1
      if occurrences[occurrence].isFrame { workloads[workload].frameInCPUStage = false }
      cutAny = true
    }
    guard cutAny else { return }
    for node in nodes.indices where nodes[node].queuedPriorities != 0 {
      for priority in 0..<5 {
        removeCutOffParts(from: &laneQueues[node * 5 + priority])
        if laneQueues[node * 5 + priority].isEmpty {
          nodes[node].queuedPriorities &= ~(1 << UInt8(priority))
        }
      }
    }
    if cpu != nil {
      for priority in 0..<5 {
        removeCutOffParts(from: &cpu!.queues[priority])
        if cpu!.queues[priority].isEmpty { cpu!.queuedPriorities &= ~(1 << UInt8(priority)) }
      }
    }
    removeCutOffParts(from: &network.waitingForNetwork)
    for link in links.indices where !links[link].paused.isEmpty {
      links[link].paused.removeAll { transfer in
        guard occurrences[jobs[transfer.job].occurrence].isCutOff else { return false }
        removeCutOffPart(transfer.job)
        return true
      }
    }
    cutOffLinkTransfers()
    if !calls.isEmpty { endCutOffCalls() }
    if !assertions.holds.isEmpty { releaseCutOffHolds() }
    for node in nodes.indices where nodes[node].isServing && nodes[node].laneKind != .radio {
      let job = nodes[node].job
      guard job >= 0, occurrences[jobs[job].occurrence].isCutOff else { continue }
      // Stale: the part's completion, still queued, must not end the lane's next part.
      nodes[node].jobGeneration &+= 1
      finishJob(on: node)
    }
    // Occurrences left with no part running are done with at once.
    for slot in 0..<occurrences.slotCount {
      let occurrence = Int32(slot)
      if occurrences[occurrence].isLive && occurrences[occurrence].isCutOff
        && occurrences[occurrence].partsLeft == 0
      {
        discardCutOffOccurrence(occurrence)
      }
    }
  }

  /// Takes the cut-off occurrences' transfers off every shared link: the radio carries the others
  /// on, re-timed, or, with none left, enters idle as when its last transfer completes.
  private func cutOffLinkTransfers() {
    for link in links.indices where links[link].isCarrying {
      var touched = false
      links[link].forEachInFlight { transfer in
        touched = touched || occurrences[jobs[transfer.job].occurrence].isCutOff
      }
      guard touched else { continue }
      let node = Int(links[link].node)
      advanceLink(link)
      links[link].removeAll { job in occurrences[jobs[job].occurrence].isCutOff }
      for index in links[link].finished.indices {
        let job = links[link].finished[index].job
        uncountTransferOwner(occurrences[jobs[job].occurrence].workload, onRadio: node)
        removeCutOffPart(job)
      }
      transfersLeft(link)
    }
  }

  /// Removes from `queue` the parts of cut-off occurrences, keeping the others in order.
  private func removeCutOffParts(from queue: inout RingBuffer<Int32>) {
    for _ in 0..<queue.count {
      guard let job = queue.popFirst() else { break }
      if occurrences[jobs[job].occurrence].isCutOff {
        removeCutOffPart(job)
      } else {
        queue.append(job)
      }
    }
  }

  /// Removes part `job` of a cut-off occurrence before it ran to its end: the occurrence has one
  /// part fewer — or, for a call's packet, which is no part of its own, its call's stream has one
  /// packet fewer in flight (the stream, one part, ends in ``endCutOffCalls()``).
  private func removeCutOffPart(_ job: Int32) {
    let occurrence = jobs[job].occurrence
    switch steps[Int(jobs[job].step)].kind {
    case .packetUp, .packetDown: callPacketCutOff(occurrence)
    default: occurrences[occurrence].partsLeft -= 1
    }
    jobs.remove(job)
  }

  /// A cut-off occurrence has no part left running: it is removed (already counted unfinished).
  /// An interruptible task paused between steps leaves the paused list, and a repeating task's
  /// instance waiting for this one may start.
  func discardCutOffOccurrence(_ occurrence: Int32) {
    if mainThreads.hasLane[Int(workloads[Int(occurrences[occurrence].workload)].app)] {
      releaseMainThread(occurrence)
    }
    if !tasks.paused.isEmpty { tasks.paused.removeAll { $0 == occurrence } }
    if workloads[Int(occurrences[occurrence].workload)].isDeferred {
      deferredPredecessorFinished()
    }
    endBackgroundTask(of: occurrence)
    activity?.occurrenceFinished(occurrence, at: now)
    occurrences[occurrence].isLive = false
    occurrences.remove(occurrence)
  }
}
