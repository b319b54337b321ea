/// Shared owners: a busy host (the platform, a CPU cluster) works for every workload its
/// children work for, and its energy is shared among them equally (SPEC 7).
///
/// The platform of a busy device may share among dozens of workloads, and its owners change at
/// almost every event while its power does not. Splitting each of its segments among them, as
/// ``EnergyLedger/update(node:at:power:dynamicPower:slot:owners:)`` does for the display, costs
/// O(*k*) per change for *k* owners. A shared node instead keeps one running sum, `shareSum`,
/// of the equal share `⌊E ÷ k⌋` of each closed segment's attributed energy *E*, and gives the
/// segment's remainder, `E − k × ⌊E ÷ k⌋`, to its first owner at once — the same split, segment
/// by segment, as an explicit list would give. Each owner remembers the sum when it joined
/// (`shareStart`) and is booked the difference when it leaves, or when the node stops sharing:
/// O(1) per segment, and O(log *k*) to find an owner that comes or goes (plus the shift of a
/// sorted insertion).
///
/// The set is kept by use counts: each child that works for a workload counts one use of it
/// (``countSharedOwner(_:of:at:)``, ``uncountSharedOwner(_:of:at:)``), and a workload is an
/// owner while any child counts it. Counts and starts live in a row per parent indexed by
/// workload, so a use that does not change the set costs O(1); the set itself is a sorted list,
/// whose first owner takes the remainders. The set is kept whether or not the node shares its
/// energy right now; it shares from ``updateShared(node:at:power:dynamicPower:slot:)`` until the
/// next single-owner or explicit-list update.
extension EnergyLedger {
  /// Records that from `now` on, `node` draws `power` (of which `dynamicPower` is dynamic), in
  /// state slot `slot`, shared among its shared set as that set changes.
  func updateShared(
    node: Int, at now: Int64, power: Int64, dynamicPower: Int64, slot: Int32
  ) {
    closeSegment(node: node, at: now)
    if !isShared[node] {
      isShared[node] = true
      for owner in sharedOwners(of: node) {
        shareStart[ownerIndex(owner, of: node)] = shareSum[node]
      }
    }
    openSegment(node: node, at: now, power: power, dynamicPower: dynamicPower, slot: slot)
  }

  /// The distinct owners `node`'s children count now, in ascending order.
  func sharedOwners(of node: Int) -> UnsafeBufferPointer<Int32> {
    let offset = Int(ownerOffset[node])
    return UnsafeBufferPointer(
      rebasing: sharedOwners[offset..<offset + Int(sharedCount[node])])
  }

  /// Counts one more use of `owner` in `node`'s shared set, inserting it in order if new; a new
  /// owner of a node that shares its energy shares from `now` on. Returns whether it was new.
  func countSharedOwner(_ owner: Int32, of node: Int, at now: Int64) -> Bool {
    let index = ownerIndex(owner, of: node)
    ownerUses[index] += 1
    guard ownerUses[index] == 1 else { return false }
    let count = Int(sharedCount[node])
    precondition(count < Int(ownerCapacity[node]), "too many owners for a node")
    // The segment so far was shared without it.
    if isShared[node] { closeSegment(node: node, at: now) }
    shareStart[index] = shareSum[node]
    let position = sortedPosition(of: owner, in: node)
    var slot = Int(ownerOffset[node]) + count
    while slot > position {
      sharedOwners[slot] = sharedOwners[slot - 1]
      slot -= 1
    }
    sharedOwners[position] = owner
    sharedCount[node] += 1
    return true
  }

  /// Counts one use fewer of `owner` in `node`'s shared set; when none is left, books what it
  /// was owed (until `now`, if the node shares its energy) and removes it. Returns whether it
  /// was removed.
  func uncountSharedOwner(_ owner: Int32, of node: Int, at now: Int64) -> Bool {
    let index = ownerIndex(owner, of: node)
    precondition(ownerUses[index] > 0, "an owner withdrawn that was never counted")
    ownerUses[index] -= 1
    guard ownerUses[index] == 0 else { return false }
    if isShared[node] {
      closeSegment(node: node, at: now)
      bookShare(of: owner, node: node)
    }
    let position = sortedPosition(of: owner, in: node)
    let end = Int(ownerOffset[node]) + Int(sharedCount[node])
    for slot in position..<end - 1 { sharedOwners[slot] = sharedOwners[slot + 1] }
    sharedCount[node] -= 1
    return true
  }

  /// Books the attributed part of a closed segment of shared `node`: an equal share for every
  /// owner into `shareSum`, the remainder to the first owner now (to nobody when it has none).
  @inline(__always)
  func share(_ energy: Int128, node: Int, component: Int) {
    guard energy != 0 else { return }
    let count = Int(sharedCount[node])
    guard count > 0 else {
      attribution[component] += energy
      return
    }
    let share = Self.equalShare(of: energy, among: count)
    shareSum[node] += share
    let first = Int(sharedOwners[Int(ownerOffset[node])])
    attribution[(first + 1) * componentCount + component] += energy - share * Int128(count)
  }

  /// Books every owner of `node` what it is owed, after its last shared segment was closed;
  /// the node's owners are then its explicit list again.
  func stopSharing(_ node: Int) {
    for owner in sharedOwners(of: node) { bookShare(of: owner, node: node) }
    isShared[node] = false
  }

  /// Books `owner` of `node`'s shared set the shares since it joined (or was last booked), and
  /// starts it again from now.
  private func bookShare(of owner: Int32, node: Int) {
    let index = ownerIndex(owner, of: node)
    let component = Int(nodeComponent[node])
    attribution[(Int(owner) + 1) * componentCount + component] += shareSum[node] - shareStart[index]
    shareStart[index] = shareSum[node]
  }

  /// Where `owner` of parent `node` is counted in `ownerUses` and `shareStart`.
  @inline(__always)
  private func ownerIndex(_ owner: Int32, of node: Int) -> Int {
    let row = Int(parentRow[node])
    precondition(row >= 0, "owners counted for a node without children")
    return row * ownerRowWidth + Int(owner) + 1
  }

  /// The position of `owner` in `node`'s sorted shared set, or where it would go.
  @inline(__always)
  private func sortedPosition(of owner: Int32, in node: Int) -> Int {
    var low = Int(ownerOffset[node])
    var high = low + Int(sharedCount[node])
    while low < high {
      let middle = (low + high) >> 1
      if sharedOwners[middle] < owner { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
