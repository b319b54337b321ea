/// Connected-mode discontinuous reception (see *Radios*): a radio held in its active state with
/// nothing to carry starts, `inactivity` after its last data, to sleep at the DRX power between
/// on-durations; each on-duration is the first `onDuration` of a cycle, cycles counted from the
/// start of the run, and draws the active state's power. Transfers submitted while it sleeps wait
/// in its queue for the next on-duration, where they start. One event per boundary (the end of the
/// inactivity, the start and the end of each on-duration), guarded by the link's DRX generation:
/// serving again, waking or demoting to an idle state stops it, and the tail timers to the idle
/// states run from the last data as they do without DRX.
extension DeviceSimulation {
  /// Radio `node` has just entered its active state with nothing to carry (its `lastFinish` is
  /// now): with DRX, its inactivity timer starts. A DRX boundary at this instant is taken at once.
  func armDRX(_ node: Int) {
    let link = Int(nodeLink[node])
    guard let drx = links[link].drx else { return }
    links[link].drxGeneration &+= 1
    links[link].isDRXAsleep = false
    let start = Saturating.sum(nodes[node].lastFinish, drx.inactivity)
    if start <= now {
      drxBoundary(node)
    } else if start < endTime {
      schedule(
        .drx(node: Int32(node), generation: links[link].drxGeneration), at: start,
        rank: EventRank.demotion)
    }
  }

  /// Radio `node` serves again, wakes or leaves its active state: its DRX event goes stale and it
  /// listens continuously.
  @inline(__always)
  func disarmDRX(_ node: Int) {
    let link = Int(nodeLink[node])
    guard link >= 0, links[link].drx != nil else { return }
    links[link].drxGeneration &+= 1
    links[link].isDRXAsleep = false
  }

  /// A DRX boundary of radio `node` came due: in an on-duration it listens (and starts what
  /// waited for it), otherwise it sleeps; the next boundary is queued.
  func drxBoundary(_ node: Int) {
    let link = Int(nodeLink[node])
    guard let drx = links[link].drx, nodes[node].phase == .active, !nodes[node].isServing else {
      return
    }
    let offset = now % drx.cycle
    // The phase read is logged for the fast-forward: two cycles of the device repeat only if
    // they read the same phases (see *The fast-forward*).
    if fastForward.period > 0 { fastForward.drxPhases.append(offset) }
    let next: Int64
    if offset < drx.onDuration {
      links[link].isDRXAsleep = false
      recordChange(node)
      if startQueuedTransfers(node) { return }
      next = now - offset + drx.onDuration
    } else {
      links[link].isDRXAsleep = true
      recordChange(node)
      releaseHost(node)
      next = now - offset + drx.cycle
    }
    guard next < endTime else { return }
    schedule(
      .drx(node: Int32(node), generation: links[link].drxGeneration), at: next,
      rank: EventRank.demotion)
  }

  /// Radio `node` fell asleep under DRX in its tail: from its first sleep it no longer keeps its
  /// host busy (the modem keeps its DRX cycle without the application processor), so the platform
  /// may step down and suspend while the radio's tail runs on.
  private func releaseHost(_ node: Int) {
    let link = Int(nodeLink[node])
    guard !links[link].hasReleasedHost else { return }
    let parent = Int(nodes[node].parent)
    guard parent >= 0 else { return }
    links[link].hasReleasedHost = true
    parentLostBusyChild(parent, lastServed: nodes[node].lastServed)
  }

  /// Radio `node`, which released its host while asleep, carries data again for workload
  /// `cause`: its host is busy for it again, and wakes (for `cause`) if it stepped down; the radio
  /// carries the data meanwhile.
  func reclaimHost(_ node: Int, cause: Int32) {
    let link = Int(nodeLink[node])
    guard links[link].hasReleasedHost else { return }
    links[link].hasReleasedHost = false
    let parent = Int(nodes[node].parent)
    parentGainedBusyChild(parent)
    if nodes[parent].phase == .idle { wake(parent, cause: cause) }
  }

  /// Radio `node` leaves its active state for an idle one: whether it still kept its host busy
  /// (it did not if it released it while asleep). Clears the release.
  func stillKeptHostBusy(_ node: Int) -> Bool {
    let link = Int(nodeLink[node])
    guard link >= 0, links[link].hasReleasedHost else { return true }
    links[link].hasReleasedHost = false
    return false
  }
}
