/// Integrates every node's piecewise-constant power exactly and splits the energy into floor,
/// fixed and dynamic parts, per state, per component and per workload.
///
/// The models announce every change of a node's power, state or owners with
/// ``update(node:at:power:dynamicPower:slot:owner:)``; the ledger closes the node's current segment
/// — `power × duration` in attojoules, exact in `Int128` — and opens the next. Nothing samples: the
/// energy is the integral of the curve the models drew. Because the arithmetic is integer, the
/// invariants of *Results and accounting* (components add up to the total, floor + fixed + dynamic
/// to each component, attribution to the total) hold exactly, not merely to 1e-9.
///
/// A segment's energy splits as
/// - floor: the node's deepest-state power × duration, always unattributed;
/// - dynamic: `dynamicPower × duration`, to the segment's owners (shared equally, any remainder
///   attojoules to the owner with the lowest workload index);
/// - fixed: the rest, to the segment's owners.
///
/// A node whose fixed energy is not its owners' (the display) books its owners only the part
/// of its power that its latest update says they own (``ownedPower``), and the rest above the
/// floor, dynamic or fixed, to nobody.
///
/// The ledger is a final class whose per-node, per-slot and per-workload tables are fixed-size
/// buffers (see ``TableMemory``): it is updated a few times per event, and as a struct of arrays
/// held by the simulation each update paid a uniqueness check per array written and each read a
/// copy of the whole struct. Like the simulation that owns it, a ledger is confined to one
/// thread, so its mutable properties skip the runtime's exclusivity checks.
final class EnergyLedger {
  let componentCount: Int
  /// Per node: its open segment and how the segment's energy is booked (see ``LedgerNode``).
  let nodeRecords: UnsafeMutableBufferPointer<LedgerNode>
  /// Per node: how many explicit owners it may hold in `ownerPool`, from its record's offset.
  let ownerCapacity: UnsafeMutableBufferPointer<Int32>
  let ownerPool: UnsafeMutableBufferPointer<Int32>
  /// Per node, laid out like `ownerPool`: the distinct workloads its children work for now, in
  /// no particular order (see ``countSharedOwner(_:of:at:)``), and the lowest of them.
  let sharedOwners: UnsafeMutableBufferPointer<Int32>
  let sharedCount: UnsafeMutableBufferPointer<Int32>
  let lowestSharedOwner: UnsafeMutableBufferPointer<Int32>
  /// Per node: the sum of every owner's equal share of its segments while shared.
  let shareSum: UnsafeMutableBufferPointer<Int128>
  /// Per parent node, its row in the two tables below (-1 for a node without children).
  let parentRow: UnsafeMutableBufferPointer<Int32>
  /// At `row × (workloads + 1) + owner + 1`: the owner in the parent's shared set (one record,
  /// so that an owner coming or going touches one cache line, not three tables).
  let sharedOwnerRecords: UnsafeMutableBufferPointer<SharedOwnerRecord>
  /// Workloads + 1: the owners (nobody, then each workload) of a row of `sharedOwnerRecords`
  /// and of a component's stretch of `attribution`.
  let ownerRowWidth: Int
  /// Per node whose fixed energy is not its owners': the part of its power above the floor
  /// that its owners own, nW (the rest is nobody's). Unused for other nodes.
  let ownedPower: UnsafeMutableBufferPointer<Int64>
  /// Per node totals (`floorEnergy` and `fixedEnergy` once the run has finished).
  let floorEnergy: UnsafeMutableBufferPointer<Int128>
  let fixedEnergy: UnsafeMutableBufferPointer<Int128>
  let dynamicEnergy: UnsafeMutableBufferPointer<Int128>
  /// Per node: its first state slot (a node's slots run to the next node's first).
  let firstSlot: UnsafeMutableBufferPointer<Int32>
  /// Per state slot.
  let slotResidency: UnsafeMutableBufferPointer<Int64>
  let slotEnergy: UnsafeMutableBufferPointer<Int128>
  let slotWakeups: UnsafeMutableBufferPointer<Int>
  /// Per component: current power, and energy (once the run has finished).
  let componentPower: UnsafeMutableBufferPointer<Int64>
  let componentClosedEnergy: UnsafeMutableBufferPointer<Int128>
  @exclusivity(unchecked) var totalPower: Int64 = 0
  /// At ``attributionIndex(owner:component:)``: the energy attributed to a workload (or, for
  /// owner -1, to nobody) by a component (complete once the run has finished). Laid out by
  /// component, then owner, so that the entries one component books for its workloads are
  /// neighbours (a busy platform or CPU books for thousands of workloads; every workload uses
  /// few of the components).
  let attribution: UnsafeMutableBufferPointer<Int128>
  /// The latest time the ledger has been advanced to.
  @exclusivity(unchecked) var clock: Int64 = 0
  /// Binned and exact power series, and the battery.
  @exclusivity(unchecked) var recorder: PowerRecorder
  /// Told of every change of a node's state slot, when a trace is recorded.
  let activity: ActivityRecorder?
  /// The battery's charge left while the device drains it (on and unplugged), attojoules;
  /// `Int128.max` otherwise (no battery, charging, or off). Kept here, beside ``totalPower`` and
  /// ``clock``, for the check every event makes (see ``DeviceShutdown``).
  @exclusivity(unchecked) private(set) var batteryCharge: Int128 = .max
  /// The battery level (attojoules) the check every event makes counts down to: 0 (running out)
  /// unless a higher level is watched (Low Power Mode's `below`, the ok level of deferrable work:
  /// *OS policies* and *Apps and push delivery*); ``batteryCharge`` is then the charge left above
  /// it.
  @exclusivity(unchecked) private(set) var batteryWatchLevel: Int128 = 0
  /// The highest total power held for a non-zero time, nW (see *Results and accounting*).
  @exclusivity(unchecked) var peakPower: Int64 = 0
  /// Whether the device is shut down (see ``DeviceShutdown``): its nodes draw nothing and their
  /// segments wait, unbooked, for the restart.
  @exclusivity(unchecked) private(set) var isOff = false
  /// When the current shutdown began, and the time spent off in all earlier ones, ns.
  @exclusivity(unchecked) var offSince: Int64 = 0
  @exclusivity(unchecked) var offTime: Int64 = 0

  /// For the thermal governor (see ``ThermalRuntime``), the components whose power its limits
  /// count (the package), and whether it runs at all; the energy the whole device and the package
  /// drew from the governor's last poll to ``clock``, attojoules (see
  /// ``takeHeat(at:)``).
  @exclusivity(unchecked) var tracksHeat = false
  @exclusivity(unchecked) var packageComponents: [Int32] = []
  @exclusivity(unchecked) var heatEnergy: Int128 = 0
  @exclusivity(unchecked) var packageEnergy: Int128 = 0

  /// While the fast-forward watches a period and the recorder books bins or a battery: every
  /// change of a component's power (see ``PeriodPowerCurve``).
  @exclusivity(unchecked) var isLoggingPower = false
  @exclusivity(unchecked) var powerLog: [PowerChange] = []

  /// Owns the tables.
  private let memory = TableMemory()

  /// A ledger for nodes described by `layout`, all starting at time 0 with zero power.
  init(
    layout: LedgerLayout, workloadCount: Int, recorder: PowerRecorder,
    activity: ActivityRecorder? = nil
  ) {
    let nodes = layout.nodeComponent.count
    componentCount = layout.componentCount
    var records: [LedgerNode] = []
    var total: Int32 = 0
    for node in 0..<nodes {
      records.append(
        LedgerNode(
          floorPower: layout.floorPower[node], slot: layout.initialSlot[node],
          component: layout.nodeComponent[node], ownerOffset: total,
          fixedGoesToOwners: layout.fixedGoesToOwners[node]))
      total += layout.ownerCapacity[node]
    }
    nodeRecords = memory.table(records, alignment: MemoryLayout<LedgerNode>.stride)
    ownerCapacity = memory.table(layout.ownerCapacity)
    // Zeros, not -1: an entry is read only below its node's count, and a table of zeros costs
    // no memory until written (see ``TableMemory``), where radios and the platform hold room for
    // every workload.
    ownerPool = memory.table(repeating: 0, count: Int(total))
    sharedOwners = memory.table(repeating: 0, count: Int(total))
    sharedCount = memory.table(repeating: 0, count: nodes)
    lowestSharedOwner = memory.table(repeating: -1, count: nodes)
    shareSum = memory.table(repeating: 0, count: nodes)
    ownedPower = memory.table(repeating: 0, count: nodes)
    var rows: [Int32] = []
    var parents: Int32 = 0
    for hasSharedSet in layout.hasSharedSet {
      rows.append(hasSharedSet ? parents : -1)
      if hasSharedSet { parents += 1 }
    }
    parentRow = memory.table(rows)
    ownerRowWidth = workloadCount + 1
    sharedOwnerRecords = memory.table(
      repeating: SharedOwnerRecord(), count: Int(parents) * ownerRowWidth)
    firstSlot = memory.table(layout.firstSlot)
    floorEnergy = memory.table(repeating: 0, count: nodes)
    fixedEnergy = memory.table(repeating: 0, count: nodes)
    dynamicEnergy = memory.table(repeating: 0, count: nodes)
    slotResidency = memory.table(repeating: 0, count: layout.slotCount)
    slotEnergy = memory.table(repeating: 0, count: layout.slotCount)
    slotWakeups = memory.table(repeating: 0, count: layout.slotCount)
    componentPower = memory.table(repeating: 0, count: componentCount)
    componentClosedEnergy = memory.table(repeating: 0, count: componentCount)
    attribution = memory.table(repeating: 0, count: (workloadCount + 1) * componentCount)
    self.recorder = recorder
    self.activity = activity
    refreshBatteryCharge()
  }

  /// Records that from `now` on, `node` draws `power` (of which `dynamicPower` is dynamic), in
  /// state slot `slot`, on behalf of the single workload `owner` (-1: nobody).
  @inline(__always)
  func update(
    node: Int, at now: Int64, power: Int64, dynamicPower: Int64, slot: Int32, owner: Int32
  ) {
    closeSegment(node: node, at: now)
    if nodeRecords[node].isShared { stopSharing(node) }
    nodeRecords[node].ownerCount = 1
    nodeRecords[node].firstOwner = owner
    openSegment(node: node, at: now, power: power, dynamicPower: dynamicPower, slot: slot)
  }

  /// Records a change whose owners are `owners` (shared equally). For a node whose fixed energy
  /// is not its owners' — such a node is updated only this way — `ownedPower` is the part of
  /// `power` above the floor that they own; the rest is nobody's.
  func update(
    node: Int, at now: Int64, power: Int64, dynamicPower: Int64, slot: Int32,
    owners: UnsafeBufferPointer<Int32>, ownedPower owned: Int64 = 0
  ) {
    closeSegment(node: node, at: now)
    ownedPower[node] = owned
    if nodeRecords[node].isShared { stopSharing(node) }
    precondition(owners.count <= Int(ownerCapacity[node]), "too many owners for a node")
    let offset = Int(nodeRecords[node].ownerOffset)
    for (index, owner) in owners.enumerated() { ownerPool[offset + index] = owner }
    nodeRecords[node].ownerCount = Int32(owners.count)
    nodeRecords[node].firstOwner = owners.first ?? -1
    openSegment(node: node, at: now, power: power, dynamicPower: dynamicPower, slot: slot)
  }

  /// Counts a wake-up out of state slot `slot`.
  func countWakeup(slot: Int32) {
    slotWakeups[Int(slot)] += 1
  }

  @inline(__always)
  func openSegment(
    node: Int, at now: Int64, power: Int64, dynamicPower: Int64, slot: Int32
  ) {
    // Powers are not negative: their difference cannot overflow (`&-` skips the check).
    let delta = power &- nodeRecords[node].power
    if delta != 0 {
      if now > clock { advance(to: now) }
      let component = Int(nodeRecords[node].component)
      recorder.componentPowerWillChange(component, from: componentPower[component], at: now)
      componentPower[component] += delta
      totalPower += delta
      if isLoggingPower {
        powerLog.append(
          PowerChange(time: now, component: Int32(component), power: componentPower[component]))
      }
    }
    if let activity, slot != nodeRecords[node].slot {
      activity.stateChanged(node: node, slot: slot, at: now)
    }
    nodeRecords[node].start = now
    nodeRecords[node].power = power
    nodeRecords[node].dynamicPower = dynamicPower
    nodeRecords[node].slot = slot
  }

  /// Closes `node`'s open segment at `now` and books its energy.
  @inline(__always)
  func closeSegment(node: Int, at now: Int64) {
    // Instants of the run are not negative: their difference cannot overflow.
    let duration = now &- nodeRecords[node].start
    guard duration > 0 else { return }
    let span = Int128(duration)
    // Products of two 64-bit values fit in 128 bits: `&*` is exact and skips the overflow check.
    let slot = Int(nodeRecords[node].slot)
    slotEnergy[slot] += Int128(nodeRecords[node].power) &* span
    slotResidency[slot] += duration
    dynamicEnergy[node] += Int128(nodeRecords[node].dynamicPower) &* span
    // The floor, the fixed part, the components' totals and the unattributed floor (and fixed
    // part, for the display) follow from these sums when the run finishes
    // (``bookDerivedTotals(end:)``).
    nodeRecords[node].start = now
    attributeStretch(of: node, until: now)
  }

  /// Books the attributed part of `node`'s energy since it was last booked: its power above
  /// the floor, or for a node whose fixed energy is not its owners' only the part they own (the
  /// rest to nobody). A segment is booked when it closes; a shared node's also when an owner
  /// comes or goes, while its power, and so its segment, carries on.
  @inline(__always)
  func attributeStretch(of node: Int, until now: Int64) {
    let record = nodeRecords[node]
    // Instants and powers are not negative: their differences cannot overflow.
    let duration = now &- record.attributedUntil
    guard duration > 0 else { return }
    let component = Int(record.component)
    var power = record.power &- record.floorPower
    if !record.fixedGoesToOwners {
      let owned = ownedPower[node]
      attribution[attributionIndex(owner: -1, component: component)] +=
        Int128(power - owned) &* Int128(duration)
      power = owned
    }
    let energy = Int128(power) &* Int128(duration)
    if record.isShared {
      share(energy, node: node, component: component)
    } else {
      attribute(energy, record: record, component: component)
    }
    nodeRecords[node].attributedUntil = now
  }

  /// Books what follows from the per-slot and per-node sums, once every segment is closed: each
  /// node's fixed energy (its slots' energy less its floor and dynamic parts), each component's
  /// energy, and the unattributed floor. Sums of integers, so the same as booking them segment
  /// by segment.
  private func bookDerivedTotals(end: Int64) {
    for node in 0..<nodeRecords.count {
      // Every node's segments cover the time the device was on, each at least at the floor.
      floorEnergy[node] = Int128(nodeRecords[node].floorPower) &* Int128(end - offTime)
      let end = node + 1 < firstSlot.count ? Int(firstSlot[node + 1]) : slotEnergy.count
      var energy: Int128 = 0
      for slot in Int(firstSlot[node])..<end { energy += slotEnergy[slot] }
      let fixed = energy - floorEnergy[node] - dynamicEnergy[node]
      fixedEnergy[node] = fixed
      let component = Int(nodeRecords[node].component)
      componentClosedEnergy[component] += energy
      let nobody = attributionIndex(owner: -1, component: component)
      attribution[nobody] += floorEnergy[node]
    }
  }

  @inline(__always)
  private func attribute(_ energy: Int128, record: LedgerNode, component: Int) {
    guard energy != 0 else { return }
    let count = Int(record.ownerCount)
    let offset = Int(record.ownerOffset)
    if count <= 1 {
      let owner = count == 0 ? -1 : Int(record.firstOwner)
      attribution[attributionIndex(owner: owner, component: component)] += energy
      return
    }
    let share = Self.equalShare(of: energy, among: count)
    // `share × count` is at most `energy` in magnitude: `&*` is exact and skips the check.
    let remainder = energy - share &* Int128(count)
    for index in 0..<count {
      let owner = Int(ownerPool[offset + index])
      let amount = index == 0 ? share + remainder : share
      attribution[attributionIndex(owner: owner, component: component)] += amount
    }
  }

  /// Where `owner`'s energy from `component` is booked in `attribution` (owner -1: nobody).
  /// Wrapping arithmetic: a component and an owner of the layout give an index below the
  /// table's size, which fits in an `Int` (the table was allocated with it).
  @inline(__always)
  func attributionIndex(owner: Int, component: Int) -> Int {
    component &* ownerRowWidth &+ owner &+ 1
  }

  /// `energy ÷ count`, rounded down.
  @inline(__always)
  static func equalShare(of energy: Int128, among count: Int) -> Int128 {
    if let small = Int64(exactly: energy) {
      // The same quotient as in 128 bits, without the software 128-bit division.
      return Int128(small / Int64(count))
    }
    return energy / Int128(count)
  }

  /// Moves the ledger's clock to `now`: the power curve has been constant since the last
  /// change, so the recorder books that stretch (bins, battery, an exact row).
  func advance(to now: Int64) {
    guard now > clock else { return }
    recorder.record(
      from: clock, to: now, componentPower: UnsafeBufferPointer(componentPower),
      totalPower: totalPower)
    if totalPower > peakPower { peakPower = totalPower }
    if tracksHeat { bookHeat(over: now - clock) }
    clock = now
    if batteryCharge != .max { refreshBatteryCharge() }
  }

  /// Adds `span` ns at the present powers to the energies the thermal governor takes at its next
  /// poll.
  func bookHeat(over span: Int64) {
    heatEnergy += Int128(totalPower) &* Int128(span)
    packageEnergy += Int128(packagePower) &* Int128(span)
  }

  /// The power of the components the thermal limits count (the package), nW.
  var packagePower: Int64 {
    var power: Int64 = 0
    for component in packageComponents { power += componentPower[Int(component)] }
    return power
  }

  /// The energy (attojoules) the whole device and its package drew since the last take, up to
  /// `now` (at or after ``clock``); the sums start again from `now`. The clock does not move: the
  /// powers have been constant since it, so the stretch from it to `now` is added here and taken
  /// off the new sums, which ``advance(to:)`` completes when the clock next moves.
  func takeHeat(at now: Int64) -> (device: Int128, package: Int128) {
    bookHeat(over: now - clock)
    let taken = (heatEnergy, packageEnergy)
    heatEnergy = 0
    packageEnergy = 0
    bookHeat(over: clock - now)
    return taken
  }

  /// Brings ``batteryCharge`` up to date with the battery, the charger and the shutdown.
  @inline(__always)
  func refreshBatteryCharge() {
    guard !isOff, let battery = recorder.battery, !battery.isCharging else {
      batteryCharge = .max
      return
    }
    batteryCharge = battery.charge - batteryWatchLevel
  }

  /// Watches the battery's fall to `level` attojoules (0: to empty).
  func setBatteryWatchLevel(_ level: Int128) {
    guard level != batteryWatchLevel else { return }
    batteryWatchLevel = level
    refreshBatteryCharge()
  }

  /// The first nanosecond at which the energy drawn since ``clock`` at ``totalPower`` reaches
  /// the battery's charge (``clock`` itself when the battery is empty).
  func batteryRunOutTime() -> Int64 {
    guard batteryCharge > 0, totalPower > 0 else { return clock }
    let power = Int128(totalPower)
    let nanoseconds = (batteryCharge + power - 1) / power
    return nanoseconds >= Int128(Int64.max - clock) ? .max : clock + Int64(nanoseconds)
  }

  /// The device shuts down at `time` (see *Results and accounting*): every node's segment closes
  /// there, the shared owner sets empty, and every node draws nothing until ``restart(at:)``.
  func shutDown(at time: Int64) {
    advance(to: time)
    recorder.battery?.markEmpty(at: time)
    for node in 0..<nodeRecords.count {
      closeSegment(node: node, at: time)
      if nodeRecords[node].isShared { stopSharing(node) }
    }
    for node in 0..<nodeRecords.count {
      sharedCount[node] = 0
      lowestSharedOwner[node] = -1
      ownedPower[node] = 0
      nodeRecords[node].ownerCount = 0
      nodeRecords[node].firstOwner = -1
      nodeRecords[node].power = 0
      nodeRecords[node].dynamicPower = 0
    }
    for index in 0..<sharedOwnerRecords.count { sharedOwnerRecords[index] = SharedOwnerRecord() }
    for component in 0..<componentCount {
      recorder.componentPowerWillChange(component, from: componentPower[component], at: time)
      componentPower[component] = 0
    }
    totalPower = 0
    isOff = true
    offSince = time
    refreshBatteryCharge()
  }

  /// The device starts again at `time`: the time off is left out of every node's segments (it
  /// counts as no state's residency and as no floor), and the nodes draw again as the
  /// simulation records them.
  func restart(at time: Int64) {
    advance(to: time)
    offTime += time - offSince
    for node in 0..<nodeRecords.count {
      nodeRecords[node].start = time
      nodeRecords[node].attributedUntil = time
    }
    isOff = false
    refreshBatteryCharge()
  }

  /// Closes every open segment at `end` (the end of the run).
  func finish(at end: Int64) {
    if isOff {
      restart(at: end)
      isOff = true
    }
    advance(to: end)
    for node in 0..<nodeRecords.count {
      closeSegment(node: node, at: end)
      if nodeRecords[node].isShared { stopSharing(node) }
    }
    bookDerivedTotals(end: end)
    recorder.finish(at: end, componentPower: UnsafeBufferPointer(componentPower))
  }
}

/// What the ledger keeps of one node for every change of it: its open segment and how the
/// segment's energy is booked. One record of 64 bytes at most, each in a cache line of its own, so
/// that an update reads and writes one line rather than a line in each of a dozen tables.
struct LedgerNode: BitwiseCopyable {
  /// When the open segment began, ns.
  var start: Int64 = 0
  /// Until when its attributed energy is booked: the segment's start, or later for a shared node
  /// whose owners changed since.
  var attributedUntil: Int64 = 0
  /// The segment's power and the dynamic part of it, nW.
  var power: Int64 = 0
  var dynamicPower: Int64 = 0
  /// The node's deepest-state power, its floor, nW.
  let floorPower: Int64
  /// The segment's state slot.
  var slot: Int32
  /// The reporting component the node belongs to.
  let component: Int32
  /// Where its explicit owners live in the ledger's `ownerPool`, how many it has, and the first
  /// of them (nearly always the only one), kept here as well.
  let ownerOffset: Int32
  var ownerCount: Int32 = 0
  var firstOwner: Int32 = -1
  /// Whether its owners are its shared set (a busy host) rather than its explicit ones.
  var isShared = false
  /// Whether fixed energy goes to the owners (false: unattributed).
  let fixedGoesToOwners: Bool
}

/// How the ledger's arrays are laid out: which component each node belongs to, its floor, its
/// first state slot and how many owners it can have.
struct LedgerLayout {
  var componentCount: Int
  var nodeComponent: [Int32] = []
  var floorPower: [Int64] = []
  var initialSlot: [Int32] = []
  var firstSlot: [Int32] = []
  var ownerCapacity: [Int32] = []
  var fixedGoesToOwners: [Bool] = []
  /// Whether a node keeps a shared owner set, among which its energy may be shared: a parent
  /// (the owners its children work for) or a radio (the owners of the transfers it carries).
  var hasSharedSet: [Bool] = []
  var slotCount = 0
}
