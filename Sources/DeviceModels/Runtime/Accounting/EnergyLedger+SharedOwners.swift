/// Shared owners: a busy host (the platform, a CPU cluster) works for every workload its
/// children work for, and its energy is shared among them equally (see *Results and accounting*).
///
/// The platform of a busy device may share among dozens of workloads, and its owners change at
/// almost every event while its power does not. Splitting each of its segments among them, as
/// ``EnergyLedger/update(node:at:power:dynamicPower:slot:owners:)`` does for the display, costs
/// O(*k*) per change for *k* owners. A shared node instead keeps one running sum, `shareSum`,
/// of the equal share `⌊E ÷ k⌋` of each closed segment's attributed energy *E*, and gives the
/// segment's remainder, `E − k × ⌊E ÷ k⌋`, to its lowest owner at once — the same split,
/// segment by segment, as an explicit list in ascending order would give. Each owner remembers
/// the sum when it joined (`shareStart`) and is booked the difference when it leaves, or when the
/// node stops sharing: O(1) per segment.
///
/// The set is kept by use counts: each child that works for a workload counts one use of it
/// (``countSharedOwner(_:of:at:)``, ``uncountSharedOwner(_:of:at:)``), and a workload is an
/// owner while any child counts it. Counts, places in the list and starts live in a row per
/// parent indexed by workload, so an owner that comes or goes costs O(1): the list is unordered
/// (a leaving owner's place takes the last one), and the lowest owner, who takes the remainders,
/// is kept aside (found again by a scan only when it leaves). The set is kept whether or not the
/// node shares its energy right now; it shares from
/// ``updateShared(node:at:power:dynamicPower:slot:)`` until the next single-owner or
/// explicit-list update.
extension EnergyLedger {
  /// Records that from `now` on, `node` draws `power` (of which `dynamicPower` is dynamic), in
  /// state slot `slot`, shared among its shared set as that set changes.
  func updateShared(
    node: Int, at now: Int64, power: Int64, dynamicPower: Int64, slot: Int32
  ) {
    closeSegment(node: node, at: now)
    if !nodeRecords[node].isShared {
      nodeRecords[node].isShared = true
      for owner in sharedOwners(of: node) {
        sharedOwnerRecords[ownerIndex(owner, of: node)].shareStart = shareSum[node]
      }
    }
    openSegment(node: node, at: now, power: power, dynamicPower: dynamicPower, slot: slot)
  }

  /// The distinct owners `node`'s children count now, in no particular order.
  func sharedOwners(of node: Int) -> UnsafeBufferPointer<Int32> {
    let offset = Int(nodeRecords[node].ownerOffset)
    return UnsafeBufferPointer(
      rebasing: sharedOwners[offset..<offset + Int(sharedCount[node])])
  }

  /// Counts one more use of `owner` in `node`'s shared set, adding it if new; a new owner of a
  /// node that shares its energy shares from `now` on. Returns whether it was new.
  func countSharedOwner(_ owner: Int32, of node: Int, at now: Int64) -> Bool {
    let index = ownerIndex(owner, of: node)
    sharedOwnerRecords[index].uses += 1
    guard sharedOwnerRecords[index].uses == 1 else { return false }
    let count = Int(sharedCount[node])
    precondition(count < Int(ownerCapacity[node]), "too many owners for a node")
    // The energy so far was shared without it.
    if nodeRecords[node].isShared { attributeStretch(of: node, until: now) }
    sharedOwnerRecords[index].shareStart = shareSum[node]
    let slot = Int(nodeRecords[node].ownerOffset) + count
    sharedOwners[slot] = owner
    sharedOwnerRecords[index].slot = Int32(slot)
    sharedCount[node] += 1
    if count == 0 || owner < lowestSharedOwner[node] { lowestSharedOwner[node] = owner }
    return true
  }

  /// Counts one use fewer of `owner` in `node`'s shared set; when none is left, books what it
  /// was owed (until `now`, if the node shares its energy) and removes it. Returns whether it
  /// was removed.
  func uncountSharedOwner(_ owner: Int32, of node: Int, at now: Int64) -> Bool {
    let index = ownerIndex(owner, of: node)
    precondition(sharedOwnerRecords[index].uses > 0, "an owner withdrawn that was never counted")
    sharedOwnerRecords[index].uses -= 1
    guard sharedOwnerRecords[index].uses == 0 else { return false }
    if nodeRecords[node].isShared {
      attributeStretch(of: node, until: now)
      bookShare(of: owner, at: index, node: node)
    }
    // The last owner of the list takes the leaving one's place.
    let offset = Int(nodeRecords[node].ownerOffset)
    let last = offset + Int(sharedCount[node]) - 1
    let slot = Int(sharedOwnerRecords[index].slot)
    let moved = sharedOwners[last]
    sharedOwners[slot] = moved
    sharedOwnerRecords[ownerIndex(moved, of: node)].slot = Int32(slot)
    sharedCount[node] -= 1
    if owner == lowestSharedOwner[node] && last > offset {
      var lowest = sharedOwners[offset]
      for other in sharedOwners[offset + 1..<last] where other < lowest { lowest = other }
      lowestSharedOwner[node] = lowest
    }
    return true
  }

  /// Books the attributed part of a closed segment of shared `node`: an equal share for every
  /// owner into `shareSum`, the remainder to the lowest owner now (to nobody when it has none).
  @inline(__always)
  func share(_ energy: Int128, node: Int, component: Int) {
    guard energy != 0 else { return }
    let count = Int(sharedCount[node])
    guard count > 0 else {
      attribution[attributionIndex(owner: -1, component: component)] += energy
      return
    }
    let share = Self.equalShare(of: energy, among: count)
    shareSum[node] += share
    let lowest = Int(lowestSharedOwner[node])
    // `share × count` is at most `energy` in magnitude: `&*` is exact and skips the check.
    attribution[attributionIndex(owner: lowest, component: component)] +=
      energy - share &* Int128(count)
  }

  /// Books every owner of `node` what it is owed, after its last shared segment was closed;
  /// the node's owners are then its explicit list again.
  func stopSharing(_ node: Int) {
    for owner in sharedOwners(of: node) {
      bookShare(of: owner, at: ownerIndex(owner, of: node), node: node)
    }
    nodeRecords[node].isShared = false
  }

  /// Books `owner` of `node`'s shared set the shares since it joined (or was last booked), and
  /// starts it again from now.
  /// (`index` is the owner's record, ``ownerIndex(_:of:)``.)
  @inline(__always)
  private func bookShare(of owner: Int32, at index: Int, node: Int) {
    let component = Int(nodeRecords[node].component)
    attribution[attributionIndex(owner: Int(owner), component: component)] +=
      shareSum[node] - sharedOwnerRecords[index].shareStart
    sharedOwnerRecords[index].shareStart = shareSum[node]
  }

  /// Where `owner` of parent `node` has its record in `sharedOwnerRecords`.
  @inline(__always)
  private func ownerIndex(_ owner: Int32, of node: Int) -> Int {
    let row = Int(parentRow[node])
    precondition(row >= 0, "owners counted for a node without children")
    // Wrapping arithmetic: a row and an owner of the layout give an index below the table's
    // size, which fits in an `Int` (the table was allocated with it).
    return row &* ownerRowWidth &+ Int(owner) &+ 1
  }
}

/// One workload in a parent's shared set: how many of the parent's children count it, where it
/// is in the parent's unordered list, and the parent's `shareSum` when it joined (or was last
/// booked).
///
/// A new record is all zeros — `slot` is read only while `uses` is above zero, and set when it
/// becomes one — so that the table of every parent's records for every workload comes from
/// zeroed memory the system maps only when first written (see ``TableMemory``): an idle
/// workload's records cost nothing.
struct SharedOwnerRecord: BitwiseCopyable {
  var shareStart: Int128 = 0
  var uses: Int32 = 0
  var slot: Int32 = 0
}
