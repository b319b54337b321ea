/// A transfer a radio carries.
struct LinkTransfer {
  /// The job (a download or upload step part).
  var job: Int32
  var isDownload: Bool
  /// Whether it moves data; radio time (a Wi-Fi scan, *Peripherals and recipes*) is all round trip:
  /// it keeps the radio active for its duration, at the draw of a round trip, and takes no
  /// bandwidth.
  var carriesData: Bool
  /// Round-trip time still to wait before its data flows, ns (0: its data flows).
  var roundTripLeft: Int64
  /// Data still to move, in shares of a bit: units of 1 / (10⁹ × ``SharedLinkRuntime/shareUnit``)
  /// bit. May end at or a little below 0: a completion is rounded up to a whole nanosecond.
  var remaining: Int128
}

/// A radio's connected-mode DRX in integers (see ``ConnectedDRX``): times in ns, the sleep power
/// in nW.
struct DRXTiming {
  let cycle: Int64
  let onDuration: Int64
  let inactivity: Int64
  let power: Int64

  init(_ drx: ConnectedDRX) {
    cycle = drx.cycle.nanoseconds
    onDuration = drx.onDuration.nanoseconds
    inactivity = drx.inactivity.nanoseconds
    power = drx.power.nanowatts
  }
}

/// A radio's shared link (see *Radios*): every transfer the radio carries at once, sharing its
/// bandwidth equally among those whose data flows (processor sharing), downlink and uplink
/// separately.
///
/// A transfer first waits its own round-trip time (`rtt`), taking no bandwidth, then joins the
/// data flowing in its direction. With *n* transfers moving data one way at *R* bit/s, each moves
/// *R* / *n* bit/s. Remaining data is counted exactly, in integers: a transfer of *B* bytes
/// starts with `B × 8 × 10⁹ × L` units (L = ``shareUnit`` = 720720, the least common multiple of
/// 1…16), and *t* nanoseconds move `R × L × t` units in all, an equal `⌊R × L × t ÷ n⌋` for each
/// transfer and the one-unit remainders to the first transfers in join order. So the link moves
/// exactly its bandwidth whatever *n*, and each transfer its equal share to within a unit (a
/// 720720-billionth of a bit) per change of the link; for up to 16 transfers one way the shares are
/// always equal (*n* divides `R × L`). A lone transfer so takes exactly `B × 8 × 10⁹ / R` ns,
/// rounded up. The link's next event is the earliest end of a round trip or of a transfer, the
/// latter `⌈remaining × n ÷ (R × L)⌉` ns ahead: rounded up to a whole nanosecond as *Quantities and
/// units* says; the others are charged for that fraction of a nanosecond too, so nothing is lost.
/// Completions are recomputed exactly whenever a transfer starts or ends or the network's quality
/// changes (the remaining bytes of each transfer go on at the new rate).
///
/// Radio time (`"wifi": "1.5 s"`, a scan) is a transfer that is all round trip: it keeps the
/// link busy for its duration and takes no bandwidth.
///
/// The radio's draw follows the total throughput: the transfer power for the directions with
/// data flowing (see ``LinkQuality``), its base while only round trips are in flight. Its energy
/// is shared equally among the workloads of the transfers in flight (see *Results and accounting*).
struct SharedLinkRuntime {
  /// Shares of a bit per bit per nanosecond: lcm(1…16).
  static let shareUnit: Int128 = 720_720

  /// The radio's node.
  var node: Int32
  /// Transfers in flight, in the order they joined.
  var transfers: [LinkTransfer]
  /// Transfers paused by an offline spell, in the order they joined, each with the round trip
  /// and the data it had left: they take no part in the link, whose radio follows its ladder as
  /// if idle, until a network is back.
  var paused: [LinkTransfer] = []
  /// Until when the transfers' progress is counted, ns.
  var countedUntil: Int64 = 0
  /// Guards the link's queued event: bumped whenever it is re-timed.
  var generation: UInt32 = 0
  /// Transfers moving data down and up.
  var downloads: Int32 = 0
  var uploads: Int32 = 0
  /// The radio's connected-mode DRX, if it has one.
  let drx: DRXTiming?
  /// Whether the radio, active with nothing to carry, sleeps between on-durations now.
  var isDRXAsleep = false
  /// Guards the radio's queued DRX event: bumped whenever DRX is disarmed or armed again.
  var drxGeneration: UInt32 = 0

  init(node: Int32, drx: DRXTiming? = nil) {
    self.node = node
    self.drx = drx
    transfers = []
    transfers.reserveCapacity(8)
  }

  /// The units each of `sharing` transfers moving data one way gets in `elapsed` ns of `bits`
  /// bit/s (`each`), and how many of them, the first in join order, get one unit more
  /// (`extra`, less than `sharing`): `bits × L × elapsed` in all.
  @inline(__always)
  static func shares(bits: Int64, elapsed: Int64, sharing: Int32) -> (each: Int128, extra: Int128) {
    let count = Int128(max(1, sharing))
    let (total, overflow) = (Int128(bits) * shareUnit).multipliedReportingOverflow(
      by: Int128(elapsed))
    // Beyond 2¹²⁷ units each share is far more than any transfer holds (a decoded transfer is
    // below 2⁶³ bytes, 2¹¹⁵ units): it ends them all.
    guard !overflow else { return (Int128.max / 2, 0) }
    return (total / count, total % count)
  }

  /// The units of `bytes` bytes.
  static func units(bytes: Int64) -> Int128 {
    Int128(bytes) * 8 * 1_000_000_000 * shareUnit
  }

  /// Counts the progress from ``countedUntil`` to `now` at `quality` (none while offline).
  mutating func advance(to now: Int64, quality: LinkQuality) {
    let elapsed = now - countedUntil
    countedUntil = now
    guard elapsed > 0, quality.isOnline, !transfers.isEmpty else { return }
    let down = Self.shares(bits: quality.downlinkBits, elapsed: elapsed, sharing: downloads)
    let up = Self.shares(bits: quality.uplinkBits, elapsed: elapsed, sharing: uploads)
    var downSeen: Int128 = 0
    var upSeen: Int128 = 0
    for index in transfers.indices {
      if transfers[index].roundTripLeft > 0 {
        assert(transfers[index].roundTripLeft >= elapsed, "a round trip overran its end")
        transfers[index].roundTripLeft -= elapsed
      } else if !transfers[index].carriesData {
        continue
      } else if transfers[index].isDownload {
        transfers[index].remaining -= down.each + (downSeen < down.extra ? 1 : 0)
        downSeen += 1
      } else {
        transfers[index].remaining -= up.each + (upSeen < up.extra ? 1 : 0)
        upSeen += 1
      }
    }
  }

  /// Moves the transfers whose round trip ended to the data flowing, and counts them.
  mutating func startDataOfEndedRoundTrips() {
    var down: Int32 = 0
    var up: Int32 = 0
    for index in transfers.indices
    where transfers[index].roundTripLeft == 0 && transfers[index].carriesData {
      if transfers[index].isDownload { down += 1 } else { up += 1 }
    }
    downloads = down
    uploads = up
  }

  /// When the next round trip or transfer ends at `quality`, counting from `now` (`Int64.max`:
  /// nothing ends, e.g. offline).
  func nextEnd(now: Int64, quality: LinkQuality) -> Int64 {
    guard quality.isOnline else { return .max }
    var soonest = Int64.max
    var leastDown = Int128.max
    var leastUp = Int128.max
    for transfer in transfers {
      if transfer.roundTripLeft > 0 {
        soonest = min(soonest, Saturating.sum(now, transfer.roundTripLeft))
      } else if !transfer.carriesData {
        soonest = now
      } else if transfer.isDownload {
        leastDown = min(leastDown, transfer.remaining)
      } else {
        leastUp = min(leastUp, transfer.remaining)
      }
    }
    if downloads > 0 {
      soonest = min(
        soonest,
        Self.end(now: now, remaining: leastDown, bits: quality.downlinkBits, sharing: downloads))
    }
    if uploads > 0 {
      soonest = min(
        soonest,
        Self.end(now: now, remaining: leastUp, bits: quality.uplinkBits, sharing: uploads))
    }
    return soonest
  }

  /// `now + ⌈remaining × sharing ÷ (bits × L)⌉`, saturating: when a transfer with `remaining`
  /// units, one of `sharing` moving data one way at `bits` bit/s, has surely moved them all.
  private static func end(now: Int64, remaining: Int128, bits: Int64, sharing: Int32) -> Int64 {
    guard remaining > 0 else { return now }
    let perNanosecond = Int128(bits) * shareUnit
    let (scaled, overflow) = remaining.multipliedReportingOverflow(by: Int128(max(1, sharing)))
    guard !overflow else { return .max }
    let time = (scaled + perNanosecond - 1) / perNanosecond
    return time >= Int128(Int64.max - now) ? .max : now + Int64(time)
  }

  /// The draw (nW) of the link at `quality` with its transfers as they are (online: offline, it
  /// carries none).
  func power(_ quality: LinkQuality) -> Int64 {
    switch (downloads > 0, uploads > 0) {
    case (true, true): return quality.bothPower
    case (true, false): return quality.downPower
    case (false, true): return quality.upPower
    case (false, false): return quality.roundTripPower
    }
  }
}

extension DeviceSimulation {
  /// Starts a transfer on radio `node`: at once when the radio is active with a network, else it
  /// waits in the radio's queue (highest QoS first), waking the radio when there is a network.
  func submitTransfer(_ job: Int32, to node: Int) {
    let link = Int(nodeLink[node])
    if network.quality[link].isOnline && nodes[node].phase == .active && !links[link].isDRXAsleep {
      joinLink(job, link: link)
      return
    }
    queueTransfer(job, on: node)
    if network.quality[link].isOnline && nodes[node].phase == .idle {
      wake(node, cause: occurrences[jobs[job].occurrence].workload)
    }
  }

  /// Puts transfer `job` in radio `node`'s queue, behind those of its QoS class.
  func queueTransfer(_ job: Int32, on node: Int) {
    let priority = Int(jobs[job].priority)
    laneQueues[node * 5 + priority].append(job)
    nodes[node].queuedPriorities |= 1 << priority
  }

  /// Radio `node` is active: the transfers an offline spell paused resume and its waiting
  /// transfers start, highest QoS first (if it has a network), or, with nothing to carry, it
  /// enters idle; idle, it wakes for them. Asleep between DRX on-durations, it leaves them
  /// waiting for the next. Returns whether it carries any.
  @discardableResult
  func startQueuedTransfers(_ node: Int) -> Bool {
    let link = Int(nodeLink[node])
    if network.quality[link].isOnline {
      if nodes[node].phase == .active {
        guard !links[link].isDRXAsleep else { return false }
        if !links[link].paused.isEmpty { resumePausedTransfers(link) }
        while let job = dequeueJob(node) { joinLink(job, link: link) }
      } else if nodes[node].phase == .idle {
        if let first = links[link].paused.first {
          wake(node, cause: occurrences[jobs[first.job].occurrence].workload)
        } else if nodes[node].queuedPriorities != 0 {
          let waiting = nodes[node].queuedPriorities.trailingZeroBitCount
          if let job = laneQueues[node * 5 + waiting].first {
            wake(node, cause: occurrences[jobs[job].occurrence].workload)
          }
        }
      }
    }
    return !links[link].transfers.isEmpty
  }

  /// Link `link`'s network went offline (its progress counted up to now): every transfer in
  /// flight pauses with the round trip and data it has left, and the radio stops serving — it
  /// leaves its transfer power and follows its ladder as if its transfers had ended (see the
  /// article *Radios*). The transfer in flight longest counts as the one it served last.
  func pauseTransfers(_ link: Int) {
    let node = Int(links[link].node)
    guard !links[link].transfers.isEmpty else { return }
    for transfer in links[link].transfers {
      uncountTransferOwner(occurrences[jobs[transfer.job].occurrence].workload, onRadio: node)
    }
    nodes[node].lastServed = occurrences[jobs[links[link].transfers[0].job].occurrence].workload
    links[link].paused += links[link].transfers
    links[link].transfers.removeAll(keepingCapacity: true)
    transfersLeft(link)
  }

  /// The network is back and link `link`'s radio is active: the paused transfers rejoin the link
  /// in the order they first joined, each with what it had left.
  private func resumePausedTransfers(_ link: Int) {
    let node = Int(links[link].node)
    advanceLink(link)
    let resuming = links[link].paused
    links[link].paused.removeAll(keepingCapacity: true)
    let opens = links[link].transfers.isEmpty
    for transfer in resuming {
      links[link].transfers.append(transfer)
      countTransferOwner(occurrences[jobs[transfer.job].occurrence].workload, onRadio: node)
    }
    if opens {
      disarmIdleTimers(node)
      nodes[node].job = links[link].transfers[0].job
      nodes[node].isServing = true
      ownerStateChanged(node)
    }
    settleLink(link)
    if opens {
      activity?.workStarted(
        node: node, occurrence: jobs[links[link].transfers[0].job].occurrence, at: now)
    }
  }

  /// Transfer `job` joins link `link` now (its radio active, with a network).
  func joinLink(_ job: Int32, link: Int) {
    let node = Int(links[link].node)
    advanceLink(link)
    let step = steps[Int(jobs[job].step)]
    if step.kind == .radioTime {
      links[link].transfers.append(
        LinkTransfer(
          job: job, isDownload: false, carriesData: false, roundTripLeft: step.amount,
          remaining: 0))
    } else if step.kind == .packetUp || step.kind == .packetDown {
      // A call's packet: its stream is one way, with no round trip to wait.
      links[link].transfers.append(
        LinkTransfer(
          job: job, isDownload: step.kind == .packetDown, carriesData: true, roundTripLeft: 0,
          remaining: SharedLinkRuntime.units(bytes: step.amount)))
    } else {
      links[link].transfers.append(
        LinkTransfer(
          job: job, isDownload: step.kind == .download, carriesData: true,
          roundTripLeft: network.quality[link].roundTripTime,
          remaining: SharedLinkRuntime.units(bytes: step.amount)))
    }
    countTransferOwner(occurrences[jobs[job].occurrence].workload, onRadio: node)
    if links[link].transfers.count == 1 {
      // The trace shows one slice per stretch the link carries anything, named by the
      // transfer that opened it.
      disarmIdleTimers(node)
      nodes[node].job = job
      nodes[node].isServing = true
      ownerStateChanged(node)
    }
    settleLink(link)
    if links[link].transfers.count == 1 {
      // After the radio's state is recorded, so the work slice nests inside the active state.
      activity?.workStarted(node: node, occurrence: jobs[job].occurrence, at: now)
    }
  }

  /// Counts link `link`'s progress up to now.
  @inline(__always)
  func advanceLink(_ link: Int) {
    links[link].advance(to: now, quality: network.quality[link])
  }

  /// The link's queued event came due: transfers whose data is all through finish (in the order
  /// they joined), round trips that ended let their data flow, and the link is re-timed.
  func linkEventDue(_ node: Int, generation: UInt32) {
    let link = Int(nodeLink[node])
    guard links[link].generation == generation else { return }
    advanceLink(link)
    var index = 0
    while index < links[link].transfers.count {
      let transfer = links[link].transfers[index]
      guard transfer.roundTripLeft == 0, transfer.remaining <= 0 else {
        index += 1
        continue
      }
      links[link].transfers.remove(at: index)
      uncountTransferOwner(occurrences[jobs[transfer.job].occurrence].workload, onRadio: node)
      finishTransfer(transfer.job, on: node)
    }
    transfersLeft(link)
  }

  /// Transfers left link `link` (counted up to now): with none left its radio stops serving and
  /// enters idle once the instant's completions are in; otherwise the link is re-timed, its
  /// trace slice named by the transfer now in flight longest.
  func transfersLeft(_ link: Int) {
    let node = Int(links[link].node)
    if links[link].transfers.isEmpty {
      links[link].downloads = 0
      links[link].uploads = 0
      links[link].generation &+= 1
      activity?.workFinished(node: node, at: now)
      nodes[node].job = -1
      nodes[node].isServing = false
      ownerStateChanged(node)
      recordChange(node)
      completionsThisInstant.idleLanes.append(Int32(node))
      return
    }
    if nodes[node].job != links[link].transfers[0].job {
      nodes[node].job = links[link].transfers[0].job
      ownerStateChanged(node)
    }
    settleLink(link)
  }

  /// A transfer is through: its occurrence hands on its next step once every completion of the
  /// instant is in (see *The power-state ladder*).
  private func finishTransfer(_ job: Int32, on node: Int) {
    let occurrence = jobs[job].occurrence
    nodes[node].lastServed = occurrences[occurrence].workload
    let kind = steps[Int(jobs[job].step)].kind
    jobs.remove(job)
    if kind == .packetUp || kind == .packetDown {
      callPacketDone(occurrence)
      return
    }
    completionsThisInstant.handOns.append(occurrence)
  }

  /// Re-times link `link` (counted up to now) and sets its radio's draw.
  func settleLink(_ link: Int) {
    let node = Int(links[link].node)
    links[link].startDataOfEndedRoundTrips()
    links[link].generation &+= 1
    let quality = network.quality[link]
    let next = links[link].nextEnd(now: now, quality: quality)
    if next < endTime {
      schedule(
        .linkEvent(node: Int32(node), generation: links[link].generation), at: next,
        rank: EventRank.completion)
    }
    let power = links[link].power(quality)
    if power != nodes[node].servingPower || !nodes[node].isServing {
      nodes[node].servingPower = power
    }
    recordChange(node)
  }
}
