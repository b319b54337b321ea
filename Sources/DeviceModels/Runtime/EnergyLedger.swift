/// Integrates every node's piecewise-constant power exactly and splits the energy into floor,
/// fixed and dynamic parts, per state, per component and per workload.
///
/// The models announce every change of a node's power, state or owners with
/// ``update(node:at:power:dynamicPower:slot:owner:)``; the ledger closes the node's current
/// segment — `power × duration` in attojoules, exact in `Int128` — and opens the next. Nothing
/// samples: the energy is the integral of the curve the models drew. Because the arithmetic is
/// integer, the invariants of SPEC section 7 (components add up to the total, floor + fixed +
/// dynamic to each component, attribution to the total) hold exactly, not merely to 1e-9.
///
/// A segment's energy splits as
/// - floor: the node's deepest-state power × duration, always unattributed;
/// - dynamic: `dynamicPower × duration`, to the segment's owners (shared equally, any remainder
///   attojoules to the first owner);
/// - fixed: the rest, to the segment's owners, or unattributed for the display.
struct EnergyLedger {
  let componentCount: Int
  /// Per node: the open segment.
  var segmentStart: [Int64]
  var segmentPower: [Int64]
  var segmentDynamicPower: [Int64]
  var segmentSlot: [Int32]
  /// Per node: where its owners live in `ownerPool`, how many it may hold and how many it has.
  var ownerOffset: [Int32]
  var ownerCapacity: [Int32]
  var ownerCount: [Int32]
  var ownerPool: [Int32]
  /// Per node: whether fixed energy goes to the owners (false: unattributed).
  var fixedGoesToOwners: [Bool]
  var floorPower: [Int64]
  var nodeComponent: [Int32]
  /// Per node totals.
  var floorEnergy: [Int128]
  var fixedEnergy: [Int128]
  var dynamicEnergy: [Int128]
  /// Per state slot.
  var slotResidency: [Int64]
  var slotEnergy: [Int128]
  var slotWakeups: [Int]
  /// Per component: current power and energy of closed segments.
  var componentPower: [Int64]
  var componentClosedEnergy: [Int128]
  var totalPower: Int64 = 0
  /// `(workload + 1) × componentCount + component`; row 0 is unattributed.
  var attribution: [Int128]
  /// The latest time the ledger has been advanced to.
  private(set) var clock: Int64 = 0
  /// Binned and exact power series, and the battery.
  var recorder: PowerRecorder
  /// Told of every change of a node's state slot, when a trace is recorded.
  let activity: ActivityRecorder?

  /// A ledger for nodes described by `layout`, all starting at time 0 with zero power.
  init(
    layout: LedgerLayout, workloadCount: Int, recorder: PowerRecorder,
    activity: ActivityRecorder? = nil
  ) {
    let nodes = layout.nodeComponent.count
    componentCount = layout.componentCount
    segmentStart = Array(repeating: 0, count: nodes)
    segmentPower = Array(repeating: 0, count: nodes)
    segmentDynamicPower = Array(repeating: 0, count: nodes)
    segmentSlot = layout.initialSlot
    var offsets: [Int32] = []
    var total: Int32 = 0
    for capacity in layout.ownerCapacity {
      offsets.append(total)
      total += capacity
    }
    ownerOffset = offsets
    ownerCapacity = layout.ownerCapacity
    ownerCount = Array(repeating: 0, count: nodes)
    ownerPool = Array(repeating: -1, count: Int(total))
    fixedGoesToOwners = layout.fixedGoesToOwners
    floorPower = layout.floorPower
    nodeComponent = layout.nodeComponent
    floorEnergy = Array(repeating: 0, count: nodes)
    fixedEnergy = Array(repeating: 0, count: nodes)
    dynamicEnergy = Array(repeating: 0, count: nodes)
    slotResidency = Array(repeating: 0, count: layout.slotCount)
    slotEnergy = Array(repeating: 0, count: layout.slotCount)
    slotWakeups = Array(repeating: 0, count: layout.slotCount)
    componentPower = Array(repeating: 0, count: componentCount)
    componentClosedEnergy = Array(repeating: 0, count: componentCount)
    attribution = Array(repeating: 0, count: (workloadCount + 1) * componentCount)
    self.recorder = recorder
    self.activity = activity
  }

  /// Records that from `now` on, `node` draws `power` (of which `dynamicPower` is dynamic), in
  /// state slot `slot`, on behalf of the single workload `owner` (-1: nobody).
  @inline(__always)
  mutating func update(
    node: Int, at now: Int64, power: Int64, dynamicPower: Int64, slot: Int32, owner: Int32
  ) {
    closeSegment(node: node, at: now)
    ownerCount[node] = 1
    ownerPool[Int(ownerOffset[node])] = owner
    openSegment(node: node, at: now, power: power, dynamicPower: dynamicPower, slot: slot)
  }

  /// Records a change whose owners are `owners` (shared equally).
  mutating func update(
    node: Int, at now: Int64, power: Int64, dynamicPower: Int64, slot: Int32, owners: [Int32]
  ) {
    closeSegment(node: node, at: now)
    precondition(owners.count <= Int(ownerCapacity[node]), "too many owners for a node")
    let offset = Int(ownerOffset[node])
    for (index, owner) in owners.enumerated() { ownerPool[offset + index] = owner }
    ownerCount[node] = Int32(owners.count)
    openSegment(node: node, at: now, power: power, dynamicPower: dynamicPower, slot: slot)
  }

  /// The owners of `node`'s open segment.
  func owners(of node: Int) -> ArraySlice<Int32> {
    let offset = Int(ownerOffset[node])
    return ownerPool[offset..<offset + Int(ownerCount[node])]
  }

  /// Counts a wake-up out of state slot `slot`.
  mutating func countWakeup(slot: Int32) {
    slotWakeups[Int(slot)] += 1
  }

  @inline(__always)
  private mutating func openSegment(
    node: Int, at now: Int64, power: Int64, dynamicPower: Int64, slot: Int32
  ) {
    let delta = power - segmentPower[node]
    if delta != 0 {
      if now > clock { advance(to: now) }
      componentPower[Int(nodeComponent[node])] += delta
      totalPower += delta
    }
    if let activity, slot != segmentSlot[node] {
      activity.stateChanged(node: node, slot: slot, at: now)
    }
    segmentStart[node] = now
    segmentPower[node] = power
    segmentDynamicPower[node] = dynamicPower
    segmentSlot[node] = slot
  }

  /// Closes `node`'s open segment at `now` and books its energy.
  @inline(__always)
  private mutating func closeSegment(node: Int, at now: Int64) {
    let duration = now - segmentStart[node]
    guard duration > 0 else { return }
    let span = Int128(duration)
    let energy = Int128(segmentPower[node]) * span
    let slot = Int(segmentSlot[node])
    slotEnergy[slot] += energy
    slotResidency[slot] += duration
    let floor = Int128(floorPower[node]) * span
    let dynamic = Int128(segmentDynamicPower[node]) * span
    let fixed = energy - floor - dynamic
    floorEnergy[node] += floor
    dynamicEnergy[node] += dynamic
    fixedEnergy[node] += fixed
    let component = Int(nodeComponent[node])
    componentClosedEnergy[component] += energy
    if fixedGoesToOwners[node] {
      attribution[component] += floor
      attribute(fixed + dynamic, node: node, component: component)
    } else {
      attribution[component] += floor + fixed
      attribute(dynamic, node: node, component: component)
    }
    segmentStart[node] = now
  }

  @inline(__always)
  private mutating func attribute(_ energy: Int128, node: Int, component: Int) {
    guard energy != 0 else { return }
    let count = Int(ownerCount[node])
    let offset = Int(ownerOffset[node])
    if count <= 1 {
      let owner = count == 0 ? -1 : Int(ownerPool[offset])
      attribution[(owner + 1) * componentCount + component] += energy
      return
    }
    let share = energy / Int128(count)
    let remainder = energy - share * Int128(count)
    for index in 0..<count {
      let owner = Int(ownerPool[offset + index])
      let amount = index == 0 ? share + remainder : share
      attribution[(owner + 1) * componentCount + component] += amount
    }
  }

  /// Moves the ledger's clock to `now`: the power curve has been constant since the last
  /// change, so the recorder books that stretch (bins, battery, an exact row).
  mutating func advance(to now: Int64) {
    guard now > clock else { return }
    recorder.record(from: clock, to: now, componentPower: componentPower, totalPower: totalPower)
    clock = now
  }

  /// Closes every open segment at `end` (the end of the run).
  mutating func finish(at end: Int64) {
    advance(to: end)
    for node in 0..<segmentStart.count { closeSegment(node: node, at: end) }
    recorder.finish(at: end, componentPower: componentPower)
  }

  /// The energy of component `component` from time 0 to the ledger's clock, including open
  /// segments.
  func componentEnergy(_ component: Int, at time: Int64) -> Int128 {
    var energy = componentClosedEnergy[component]
    for node in 0..<segmentStart.count where Int(nodeComponent[node]) == component {
      energy += Int128(segmentPower[node]) * Int128(time - segmentStart[node])
    }
    return energy
  }
}

/// How the ledger's arrays are laid out: which component each node belongs to, its floor, its
/// first state slot and how many owners it can have.
struct LedgerLayout {
  var componentCount: Int
  var nodeComponent: [Int32] = []
  var floorPower: [Int64] = []
  var initialSlot: [Int32] = []
  var ownerCapacity: [Int32] = []
  var fixedGoesToOwners: [Bool] = []
  var slotCount = 0
}
