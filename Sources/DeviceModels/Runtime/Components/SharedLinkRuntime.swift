/// A transfer a radio carries.
struct LinkTransfer {
  /// The job (a download or upload step part); -1 once it has left the link (a place the next
  /// compaction drops).
  var job: Int32
  var isDownload: Bool
  /// Whether it moves data; radio time (a Wi-Fi scan, *Peripherals and recipes*) is all round trip:
  /// it keeps the radio active for its duration, at the draw of a round trip, and takes no
  /// bandwidth.
  var carriesData: Bool
  /// Whether it still waits for its round trip to end (then ``roundTripEnd`` holds), else its data
  /// flows (then ``finish`` holds).
  var inRoundTrip: Bool
  /// When its round trip ends, ns.
  var roundTripEnd: Int64
  /// The service level of its direction (``SharedLinkRuntime/downService``) at which all its data
  /// is through.
  var finish: Int128
}

/// A transfer an offline spell paused, with what it had left.
struct PausedTransfer: Equatable {
  var job: Int32
  var isDownload: Bool
  var carriesData: Bool
  /// Round-trip time still to wait before its data flows, ns (0: its data flows).
  var roundTripLeft: Int64
  /// Data still to move, in shares of a bit (see ``SharedLinkRuntime``).
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
/// *R* / *n* bit/s. Data is counted exactly, in integers: a transfer of *B* bytes is
/// `B × 8 × 10⁹ × L` units (L = ``shareUnit`` = 720720, the least common multiple of 1…16), and
/// *t* nanoseconds move `R × L × t` units in all, an equal `⌊(R × L × t + c) ÷ n⌋` to each
/// transfer, where *c* is the remainder `(R × L × t + c) mod n` carried from the previous change of
/// the link. So the link moves exactly its bandwidth whatever *n* (less than *n* units, a few
/// 720720-billionths of a bit, wait in the carry), every transfer moving data one way always has
/// moved the same since it joined, and for up to 16 transfers one way there is never a remainder
/// (*n* divides `R × L`). A lone transfer so takes exactly `B × 8 × 10⁹ / R` ns, rounded up.
///
/// Because every transfer of a direction gets the same share, the link keeps one running total
/// per direction, its service level (virtual time): the units each transfer moving data that way
/// has received since the direction was last empty. A transfer whose data starts flowing at
/// level *S* is through at level `S + B × 8 × 10⁹ × L`, its ``LinkTransfer/finish``, which never
/// changes, however many transfers come and go or the network's quality changes. The link keeps
/// the transfers in flight in join order and three heaps (round trips by their end; downloads and
/// uploads by their finish), so a change of the link costs O(log *n*) for *n* transfers in flight,
/// not O(*n*): a backlog of thousands of transfers on an overloaded link costs time linear in the
/// transfers, not quadratic.
///
/// The link's next event is the earliest end of a round trip or of a transfer, the latter the
/// first instant at which the direction's level reaches the least finish,
/// `⌈(n × (finish − level) − c) ÷ (R × L)⌉` ns ahead: rounded up to a whole nanosecond as
/// *Quantities and units* says; the others are served for that fraction of a nanosecond too, so
/// nothing is lost.
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
  /// Transfers in flight in the order they joined, among places of transfers that have left
  /// (``LinkTransfer/job`` -1), which a compaction drops once they are half of the array.
  private(set) var transfers: [LinkTransfer]
  /// The first place that may hold a transfer in flight (every place before it has left).
  private var firstPlace = 0
  /// Transfers in flight.
  private(set) var inFlight = 0
  /// Transfers paused by an offline spell, in the order they joined, each with the round trip
  /// and the data it had left: they take no part in the link, whose radio follows its ladder as
  /// if idle, until a network is back.
  var paused: [PausedTransfer] = []
  /// Until when the transfers' progress is counted, ns.
  var countedUntil: Int64 = 0
  /// Guards the link's queued event: bumped whenever it is re-timed.
  var generation: UInt32 = 0
  /// Transfers moving data down and up.
  private(set) var downloads: Int32 = 0
  private(set) var uploads: Int32 = 0
  /// The units each transfer moving data down (up) has received since that direction was last
  /// empty, and the remainder carried to the next change.
  private(set) var downService: Int128 = 0
  private(set) var upService: Int128 = 0
  private(set) var downCarry: Int128 = 0
  private(set) var upCarry: Int128 = 0
  /// Places of the transfers in their round trip, by its end; of those moving data down and up,
  /// by their finish (ties: join order). Places of transfers that have left or moved on are
  /// dropped when they reach the top.
  private var roundTrips = LinkHeap(byRoundTrip: true)
  private var downFinishes = LinkHeap(byRoundTrip: false)
  private var upFinishes = LinkHeap(byRoundTrip: false)
  /// What ``takeFinished(now:)`` and ``removeAll(where:)`` took off the link, in join order (kept
  /// between calls so that taking costs no allocation).
  private(set) var finished: [LinkTransfer] = []
  private var finishedPlaces: [Int32] = []
  /// The workloads sharing the radio's wake or its tail: empty, or two or more distinct
  /// workloads, each counted once more among the radio's shared owners while it lasts (see
  /// ``DeviceSimulation/radioWakeBegins(_:)``).
  var sharing: [Int32] = []
  /// When the radio's current wake began (transfers queued at that instant share it), ns; -1
  /// when it is not waking for its transfers.
  var wakeStart: Int64 = -1
  /// The radio's connected-mode DRX, if it has one.
  let drx: DRXTiming?
  /// The radio's draw while it searches for a network, nW (-1: none given).
  let scanningPower: Int64
  /// Whether the radio, active with nothing to carry, sleeps between on-durations now.
  var isDRXAsleep = false
  /// Guards the radio's queued DRX event: bumped whenever DRX is disarmed or armed again.
  var drxGeneration: UInt32 = 0
  /// Whether the radio, asleep under DRX since its tail began, no longer keeps its host (the
  /// platform) busy: the modem follows its DRX cycle on its own until it carries data again or
  /// its tail ends (see *Radios*).
  var hasReleasedHost = false

  init(node: Int32, drx: DRXTiming? = nil, scanningPower: Int64 = -1) {
    self.node = node
    self.drx = drx
    self.scanningPower = scanningPower
    transfers = []
    transfers.reserveCapacity(8)
  }

  /// Whether the link carries any transfer.
  var isCarrying: Bool { inFlight > 0 }

  /// The transfer in flight longest (the link must carry one).
  var longestInFlight: LinkTransfer {
    // ``tidy()``, after every removal, keeps the first place on a transfer in flight.
    transfers[firstPlace]
  }

  /// Calls `body` with each transfer in flight, in join order.
  func forEachInFlight(_ body: (LinkTransfer) -> Void) {
    for place in firstPlace..<transfers.count where transfers[place].job >= 0 {
      body(transfers[place])
    }
  }

  /// The units each of `sharing` transfers moving data one way gets in `elapsed` ns of `bits`
  /// bit/s with `carry` left from before, and the remainder carried on: `bits × L × elapsed + carry`
  /// in all.
  @inline(__always)
  static func shares(bits: Int64, elapsed: Int64, sharing: Int32, carry: Int128) -> (
    each: Int128, carry: Int128
  ) {
    let count = Int128(max(1, sharing))
    let (moved, overflow) = (Int128(bits) * shareUnit).multipliedReportingOverflow(
      by: Int128(elapsed))
    // Beyond 2¹²⁶ units each share is far more than any transfer holds (a decoded transfer is
    // below 2⁶³ bytes, 2¹¹⁵ units): it ends them all.
    guard !overflow, moved < Int128.max / 2 else { return (Int128.max / 2, 0) }
    let total = moved + carry
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
    guard elapsed > 0, quality.isOnline else { return }
    if downloads > 0 {
      let down = Self.shares(
        bits: quality.downlinkBits, elapsed: elapsed, sharing: downloads, carry: downCarry)
      downService = Self.saturatingSum(downService, down.each)
      downCarry = down.carry
    }
    if uploads > 0 {
      let up = Self.shares(
        bits: quality.uplinkBits, elapsed: elapsed, sharing: uploads, carry: upCarry)
      upService = Self.saturatingSum(upService, up.each)
      upCarry = up.carry
    }
  }

  @inline(__always)
  private static func saturatingSum(_ first: Int128, _ second: Int128) -> Int128 {
    let (sum, overflow) = first.addingReportingOverflow(second)
    return overflow ? .max : sum
  }

  /// Adds a transfer of `job` at `now`: its round trip of `roundTrip` ns first, then (if it
  /// carries data) `units` of data. Its place in join order is the last.
  mutating func add(
    job: Int32, isDownload: Bool, carriesData: Bool, roundTrip: Int64, units: Int128, now: Int64
  ) {
    transfers.append(
      LinkTransfer(
        job: job, isDownload: isDownload, carriesData: carriesData, inRoundTrip: true,
        roundTripEnd: Saturating.sum(now, roundTrip), finish: units))
    inFlight += 1
    let place = Int32(transfers.count - 1)
    if roundTrip == 0 && carriesData {
      startData(at: place)
    } else {
      roundTrips.push(place, in: transfers)
    }
  }

  /// Re-adds a paused transfer at `now` with what it had left.
  mutating func resume(_ transfer: PausedTransfer, now: Int64) {
    add(
      job: transfer.job, isDownload: transfer.isDownload, carriesData: transfer.carriesData,
      roundTrip: transfer.roundTripLeft, units: transfer.remaining, now: now)
  }

  /// The transfer at `place` ends its round trip: its data (``LinkTransfer/finish`` holding its
  /// units until now) starts flowing at its direction's level.
  private mutating func startData(at place: Int32) {
    let index = Int(place)
    transfers[index].inRoundTrip = false
    if transfers[index].isDownload {
      transfers[index].finish = Self.saturatingSum(downService, transfers[index].finish)
      downloads += 1
      downFinishes.push(place, in: transfers)
    } else {
      transfers[index].finish = Self.saturatingSum(upService, transfers[index].finish)
      uploads += 1
      upFinishes.push(place, in: transfers)
    }
  }

  /// Lets the data of the transfers whose round trip ended by `now` flow (data-less ones stay,
  /// to end at the link's next event).
  mutating func startDataOfEndedRoundTrips(now: Int64) {
    var held: [Int32] = []
    endRoundTrips(now: now) { held.append($0) }
    for place in held { roundTrips.push(place, in: transfers) }
  }

  /// Takes off the round-trip heap every transfer whose round trip ended by `now`: the data of
  /// those that carry some starts flowing, and the others (radio time, which is all round trip)
  /// go to `dataLess`.
  private mutating func endRoundTrips(now: Int64, dataLess: (Int32) -> Void) {
    while let place = roundTrips.top(in: transfers),
      transfers[Int(place)].roundTripEnd <= now
    {
      roundTrips.pop(in: transfers)
      if transfers[Int(place)].carriesData {
        startData(at: place)
      } else {
        dataLess(place)
      }
    }
  }

  /// Takes off the link every transfer that is through by `now` — radio time whose round trip
  /// ended, data all moved — into ``finished``, in join order (the data of transfers whose round
  /// trip ended by `now` starts flowing first: it has moved nothing yet).
  mutating func takeFinished(now: Int64) {
    finishedPlaces.removeAll(keepingCapacity: true)
    finished.removeAll(keepingCapacity: true)
    var ended: [Int32] = []
    endRoundTrips(now: now) { ended.append($0) }
    finishedPlaces += ended
    while let place = downFinishes.top(in: transfers), transfers[Int(place)].finish <= downService {
      downFinishes.pop(in: transfers)
      finishedPlaces.append(place)
    }
    while let place = upFinishes.top(in: transfers), transfers[Int(place)].finish <= upService {
      upFinishes.pop(in: transfers)
      finishedPlaces.append(place)
    }
    guard !finishedPlaces.isEmpty else { return }
    finishedPlaces.sort()
    for place in finishedPlaces {
      finished.append(transfers[Int(place)])
      remove(at: Int(place))
    }
    tidy()
  }

  /// Takes off the link the transfers in flight for which `isCutOff` holds, into ``finished``
  /// in join order.
  mutating func removeAll(where isCutOff: (Int32) -> Bool) {
    finished.removeAll(keepingCapacity: true)
    for place in firstPlace..<transfers.count
    where transfers[place].job >= 0 && isCutOff(transfers[place].job) {
      finished.append(transfers[place])
      remove(at: place)
    }
    tidy()
  }

  /// Pauses every transfer in flight (counted up to now) with what it has left, in join order,
  /// and empties the link.
  mutating func pauseAll(now: Int64) {
    for place in firstPlace..<transfers.count where transfers[place].job >= 0 {
      let transfer = transfers[place]
      paused.append(
        PausedTransfer(
          job: transfer.job, isDownload: transfer.isDownload, carriesData: transfer.carriesData,
          roundTripLeft: transfer.inRoundTrip ? max(0, transfer.roundTripEnd - now) : 0,
          remaining: transfer.inRoundTrip
            ? transfer.finish
            : transfer.finish - (transfer.isDownload ? downService : upService)))
      remove(at: place)
    }
    tidy()
  }

  /// The transfer at `place` leaves the link (``tidy()`` follows).
  private mutating func remove(at place: Int) {
    let transfer = transfers[place]
    transfers[place].job = -1
    inFlight -= 1
    guard !transfer.inRoundTrip else { return }
    if transfer.isDownload {
      downloads -= 1
      if downloads == 0 {
        // An empty direction starts again from level 0, with nothing carried.
        downService = 0
        downCarry = 0
      }
    } else {
      uploads -= 1
      if uploads == 0 {
        upService = 0
        upCarry = 0
      }
    }
  }

  /// After transfers left: empties the places once none is in flight, skips those that left at
  /// the front, and compacts once the places left are more than half of them (O(n) then, O(1)
  /// per transfer in all).
  private mutating func tidy() {
    if inFlight == 0 {
      transfers.removeAll(keepingCapacity: true)
      roundTrips.places.removeAll(keepingCapacity: true)
      downFinishes.places.removeAll(keepingCapacity: true)
      upFinishes.places.removeAll(keepingCapacity: true)
      firstPlace = 0
      return
    }
    while transfers[firstPlace].job < 0 { firstPlace += 1 }
    guard transfers.count >= 64 && inFlight * 2 < transfers.count else { return }
    transfers.removeAll { $0.job < 0 }
    firstPlace = 0
    roundTrips.places.removeAll(keepingCapacity: true)
    downFinishes.places.removeAll(keepingCapacity: true)
    upFinishes.places.removeAll(keepingCapacity: true)
    for place in transfers.indices {
      let index = Int32(place)
      if transfers[place].inRoundTrip {
        roundTrips.push(index, in: transfers)
      } else if transfers[place].isDownload {
        downFinishes.push(index, in: transfers)
      } else {
        upFinishes.push(index, in: transfers)
      }
    }
  }

  /// Hands the transfers in flight and paused, the levels and the carries to `visitor` (see
  /// *The fast-forward*): each transfer by what it has left, so that two links whose transfers
  /// have the same left match whatever their levels and places; round-trip ends as instants.
  mutating func visitSteadyState<V: SteadyStateVisitor>(_ visitor: inout V) {
    visitor.value(Int64(inFlight))
    for place in firstPlace..<transfers.count where transfers[place].job >= 0 {
      let transfer = transfers[place]
      visitor.value(transfer.job)
      visitor.value(transfer.isDownload)
      visitor.value(transfer.carriesData)
      visitor.value(transfer.inRoundTrip)
      if transfer.inRoundTrip {
        visitor.instant(&transfers[place].roundTripEnd)
        visitor.value(transfer.finish)
      } else {
        visitor.value(transfer.finish - (transfer.isDownload ? downService : upService))
      }
    }
    visitor.value(Int64(paused.count))
    for transfer in paused {
      visitor.value(transfer.job)
      visitor.value(transfer.isDownload)
      visitor.value(transfer.carriesData)
      visitor.value(transfer.roundTripLeft)
      visitor.value(transfer.remaining)
    }
    visitor.instant(&countedUntil)
    visitor.value(downloads)
    visitor.value(uploads)
    visitor.value(downCarry)
    visitor.value(upCarry)
    visitor.values(sharing)
    visitor.instant(&wakeStart)
  }

  /// When the next round trip or transfer ends at `quality`, counting from `now` (`Int64.max`:
  /// nothing ends, e.g. offline).
  mutating func nextEnd(now: Int64, quality: LinkQuality) -> Int64 {
    guard quality.isOnline else { return .max }
    var soonest = Int64.max
    if let place = roundTrips.top(in: transfers) {
      soonest = max(now, transfers[Int(place)].roundTripEnd)
    }
    if let place = downFinishes.top(in: transfers) {
      soonest = min(
        soonest,
        Self.end(
          now: now, remaining: transfers[Int(place)].finish - downService,
          bits: quality.downlinkBits, sharing: downloads, carry: downCarry))
    }
    if let place = upFinishes.top(in: transfers) {
      soonest = min(
        soonest,
        Self.end(
          now: now, remaining: transfers[Int(place)].finish - upService,
          bits: quality.uplinkBits, sharing: uploads, carry: upCarry))
    }
    return soonest
  }

  /// `now + ⌈(remaining × sharing − carry) ÷ (bits × L)⌉`, saturating: when a transfer with
  /// `remaining` units, one of `sharing` moving data one way at `bits` bit/s with `carry` units
  /// carried, has surely moved them all.
  private static func end(
    now: Int64, remaining: Int128, bits: Int64, sharing: Int32, carry: Int128
  ) -> Int64 {
    guard remaining > 0 else { return now }
    let perNanosecond = Int128(bits) * shareUnit
    let (scaled, overflow) = remaining.multipliedReportingOverflow(by: Int128(max(1, sharing)))
    guard !overflow else { return .max }
    let needed = scaled - carry
    guard needed > 0 else { return now }
    let time = (needed + perNanosecond - 1) / perNanosecond
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

/// Places of a link's transfers (see ``SharedLinkRuntime``) in a binary min-heap: by round-trip
/// end, or by finish, ties in join order. A place whose transfer has left the link or moved on
/// from what the heap orders is dropped when it reaches the top.
struct LinkHeap {
  var places: [Int32] = []
  /// Ordered by ``LinkTransfer/roundTripEnd`` (else by ``LinkTransfer/finish``).
  let byRoundTrip: Bool

  /// Whether the transfer at `first` comes before the one at `second`.
  @inline(__always)
  private func precedes(_ first: Int32, _ second: Int32, in transfers: [LinkTransfer]) -> Bool {
    let a = transfers[Int(first)]
    let b = transfers[Int(second)]
    if byRoundTrip {
      return a.roundTripEnd != b.roundTripEnd ? a.roundTripEnd < b.roundTripEnd : first < second
    }
    return a.finish != b.finish ? a.finish < b.finish : first < second
  }

  mutating func push(_ place: Int32, in transfers: [LinkTransfer]) {
    places.append(place)
    var child = places.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(places[child], places[parent], in: transfers) else { break }
      places.swapAt(child, parent)
      child = parent
    }
  }

  /// The first place that still belongs in the heap, dropping those that do not.
  mutating func top(in transfers: [LinkTransfer]) -> Int32? {
    while let first = places.first {
      let transfer = transfers[Int(first)]
      if transfer.job >= 0 && transfer.inRoundTrip == byRoundTrip { return first }
      pop(in: transfers)
    }
    return nil
  }

  /// Removes the first place.
  mutating func pop(in transfers: [LinkTransfer]) {
    let last = places.removeLast()
    guard !places.isEmpty else { return }
    places[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < places.count else { break }
      var child = left
      if left + 1 < places.count && precedes(places[left + 1], places[left], in: transfers) {
        child = left + 1
      }
      guard precedes(places[child], places[parent], in: transfers) else { break }
      places.swapAt(child, parent)
      parent = child
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
    let link = Int(nodeLink[node])
    if links[link].wakeStart == now {
      shareRadioWake(node, with: occurrences[jobs[job].occurrence].workload)
    }
  }

  // MARK: Wakes and tails shared among workloads

  /// Radio `node` begins to wake (or waits for its parent to) for its transfers: the workloads
  /// of every transfer that waits for it now — in its queue, or paused by an offline spell — and
  /// of those queued later at this instant share the wake, equally (see *Radios*). A tail left
  /// from before is over.
  func radioWakeBegins(_ node: Int) {
    let link = Int(nodeLink[node])
    endRadioSharing(node)
    links[link].wakeStart = now
    for transfer in links[link].paused {
      shareRadioWake(node, with: occurrences[jobs[transfer.job].occurrence].workload)
    }
    var queued: [Int32] = []
    for priority in 0..<5 { laneQueues[node * 5 + priority].forEachElement { queued.append($0) } }
    for job in queued { shareRadioWake(node, with: occurrences[jobs[job].occurrence].workload) }
  }

  /// `workload` shares radio `node`'s wake (with its cause) unless it is the only one.
  private func shareRadioWake(_ node: Int, with workload: Int32) {
    let link = Int(nodeLink[node])
    let cause = nodes[node].wakeCause
    if links[link].sharing.isEmpty {
      guard workload != cause, cause >= 0 else { return }
      startRadioSharing(node, among: [cause, workload])
    } else if !links[link].sharing.contains(workload) {
      links[link].sharing.append(workload)
      countTransferOwner(workload, onRadio: node)
    }
  }

  /// The wake or tail of radio `node` is shared among `workloads` (two or more, distinct) from
  /// now on.
  private func startRadioSharing(_ node: Int, among workloads: [Int32]) {
    let link = Int(nodeLink[node])
    links[link].sharing = workloads
    for workload in workloads { countTransferOwner(workload, onRadio: node) }
    ownerStateChanged(node)
    recordChange(node)
  }

  /// The wake of radio `node` is over (it is active): what it carries now, or its hold and tail,
  /// is booked as usual from now on.
  func radioWakeEnded(_ node: Int) {
    links[Int(nodeLink[node])].wakeStart = -1
    endRadioSharing(node)
  }

  /// Radio `node`'s wake or tail is no longer shared.
  func endRadioSharing(_ node: Int) {
    let link = Int(nodeLink[node])
    guard !links[link].sharing.isEmpty else { return }
    let workloads = links[link].sharing
    links[link].sharing.removeAll(keepingCapacity: true)
    for workload in workloads { uncountTransferOwner(workload, onRadio: node) }
    ownerStateChanged(node)
    recordChange(node)
  }

  /// Whether radio lane `node` books its energy among a shared wake's or tail's workloads.
  @inline(__always)
  func radioSharesWakeOrTail(_ node: Int) -> Bool {
    let link = nodeLink[node]
    return link >= 0 && !links[Int(link)].sharing.isEmpty
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
    return links[link].isCarrying
  }

  /// Link `link`'s network went offline (its progress counted up to now): every transfer in
  /// flight pauses with the round trip and data it has left, and the radio stops serving — it
  /// leaves its transfer power and follows its ladder as if its transfers had ended (see the
  /// article *Radios*). The transfer in flight longest counts as the one it served last.
  func pauseTransfers(_ link: Int) {
    let node = Int(links[link].node)
    guard links[link].isCarrying else { return }
    links[link].forEachInFlight { transfer in
      uncountTransferOwner(occurrences[jobs[transfer.job].occurrence].workload, onRadio: node)
    }
    nodes[node].lastServed =
      occurrences[jobs[links[link].longestInFlight.job].occurrence].workload
    links[link].pauseAll(now: now)
    transfersLeft(link)
  }

  /// The network is back and link `link`'s radio is active: the paused transfers rejoin the link
  /// in the order they first joined, each with what it had left.
  private func resumePausedTransfers(_ link: Int) {
    let node = Int(links[link].node)
    advanceLink(link)
    let resuming = links[link].paused
    links[link].paused.removeAll(keepingCapacity: true)
    let opens = !links[link].isCarrying
    if opens && links[link].wakeStart < 0 { endRadioSharing(node) }
    for transfer in resuming {
      links[link].resume(transfer, now: now)
      countTransferOwner(occurrences[jobs[transfer.job].occurrence].workload, onRadio: node)
    }
    if opens {
      reclaimHost(
        node, cause: occurrences[jobs[links[link].longestInFlight.job].occurrence].workload)
      disarmIdleTimers(node)
      nodes[node].job = links[link].longestInFlight.job
      nodes[node].isServing = true
      ownerStateChanged(node)
    }
    settleLink(link)
    if opens {
      activity?.workStarted(
        node: node, occurrence: jobs[links[link].longestInFlight.job].occurrence, at: now)
    }
  }

  /// Transfer `job` joins link `link` now (its radio active, with a network).
  func joinLink(_ job: Int32, link: Int) {
    let node = Int(links[link].node)
    advanceLink(link)
    let step = steps[Int(jobs[job].step)]
    if step.kind == .radioTime {
      links[link].add(
        job: job, isDownload: false, carriesData: false, roundTrip: step.amount, units: 0,
        now: now)
    } else if step.kind == .packetUp || step.kind == .packetDown {
      // A call's packet: its stream is one way, with no round trip to wait.
      links[link].add(
        job: job, isDownload: step.kind == .packetDown, carriesData: true, roundTrip: 0,
        units: SharedLinkRuntime.units(bytes: step.amount), now: now)
    } else {
      links[link].add(
        job: job, isDownload: step.kind == .download, carriesData: true,
        roundTrip: network.quality[link].roundTripTime,
        units: SharedLinkRuntime.units(bytes: step.amount), now: now)
    }
    countTransferOwner(occurrences[jobs[job].occurrence].workload, onRadio: node)
    let opens = links[link].inFlight == 1
    if opens && links[link].wakeStart < 0 { endRadioSharing(node) }
    if opens {
      // The trace shows one slice per stretch the link carries anything, named by the
      // transfer that opened it.
      reclaimHost(node, cause: occurrences[jobs[job].occurrence].workload)
      disarmIdleTimers(node)
      nodes[node].job = job
      nodes[node].isServing = true
      ownerStateChanged(node)
    }
    settleLink(link)
    if opens {
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
    links[link].takeFinished(now: now)
    if !links[link].isCarrying && links[link].finished.count > 1 {
      // The last transfers ended together: the tail is theirs, equally, when they belong to
      // several workloads (see *Radios*).
      var workloads: [Int32] = []
      for transfer in links[link].finished {
        let workload = occurrences[jobs[transfer.job].occurrence].workload
        if !workloads.contains(workload) { workloads.append(workload) }
      }
      if workloads.count > 1 { startRadioSharing(node, among: workloads) }
    }
    for index in links[link].finished.indices {
      let job = links[link].finished[index].job
      uncountTransferOwner(occurrences[jobs[job].occurrence].workload, onRadio: node)
      finishTransfer(job, on: node)
    }
    transfersLeft(link)
  }

  /// Transfers left link `link` (counted up to now): with none left its radio stops serving and
  /// enters idle once the instant's completions are in; otherwise the link is re-timed, its
  /// trace slice named by the transfer now in flight longest.
  func transfersLeft(_ link: Int) {
    let node = Int(links[link].node)
    if !links[link].isCarrying {
      links[link].generation &+= 1
      activity?.workFinished(node: node, at: now)
      nodes[node].job = -1
      nodes[node].isServing = false
      ownerStateChanged(node)
      recordChange(node)
      completionsThisInstant.idleLanes.append(Int32(node))
      return
    }
    let longest = links[link].longestInFlight.job
    if nodes[node].job != longest {
      nodes[node].job = longest
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
    links[link].startDataOfEndedRoundTrips(now: now)
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
