/// What a node gives its parent's owner set (see ``DeviceSimulation/ownerStateChanged(_:)``).
enum OwnerContribution: UInt8 {
  /// Nothing: the node is neither waking nor active.
  case none
  /// One workload (or -1, nobody): ``Node/contributedOwner``.
  case single
  /// The owners on the ledger of a host that is active with busy children.
  case hostOwners
}

/// Whom a busy parent works for (SPEC 7: a platform or a CPU cluster that is busy for its
/// children shares its energy among the workloads they work for), kept up to date as the
/// children change rather than gathered from them at every change.
///
/// A node's *contribution* to its parent's owner set is: nothing while it is neither waking nor
/// active; the owners on the ledger of a host that is active with busy children; nobody (-1) for
/// the display; otherwise the workload it works for — its wake's cause while waking, the workload
/// it serves, or the one it served last. Each parent keeps the distinct owners its children
/// contribute, in ascending order, with a use count each, in a slice of `liveOwnerTable` laid
/// out like the ledger's owner pool. Refreshing a parent after a child's change then compares two
/// short lists instead of visiting every busy child (the platform has one child per component).
///
/// The parent's list equals what a scan of its children gives (``scannedOwners(of:)``) as long as
/// every change to what a contribution depends on — a node's phase, serving state, last workload,
/// wake cause, count of busy children, and a host's ledger owners — is followed by
/// ``ownerStateChanged(_:)`` (or is made through ``setPhase(_:to:)``, or wrapped in
/// ``ledgerOwnersWillChange(of:)`` and ``ledgerOwnersDidChange(of:)``). Debug builds check the
/// equality at every refresh.
extension DeviceSimulation {
  /// Updates what `node` gives its parent's owner set after a change of its state.
  ///
  /// - Complexity: O(*k*) for *k* owners in the parent's set.
  @inline(__always)
  func ownerStateChanged(_ node: Int) {
    let parent = Int(nodes[node].parent)
    guard parent >= 0 else { return }
    var kind = OwnerContribution.none
    var owner: Int32 = -1
    switch nodes[node].phase {
    case .idle, .waitingForParent:
      break
    case .waking:
      kind = .single
      if nodes[node].role != .display { owner = nodes[node].wakeCause }
    case .active:
      if nodes[node].role == .host && nodes[node].busyChildren > 0 {
        kind = .hostOwners
      } else {
        kind = .single
        if nodes[node].role == .display {
          owner = -1
        } else if nodes[node].isServing {
          owner = occurrences[jobs[nodes[node].job].occurrence].workload
        } else {
          owner = nodes[node].lastServed
        }
      }
    }
    if kind == nodes[node].contribution
      && (kind != .single || owner == nodes[node].contributedOwner)
    {
      return
    }
    changeContribution(of: node, to: parent, kind: kind, owner: owner)
  }

  /// Replaces what `node` gives `parent`'s owner set.
  private func changeContribution(
    of node: Int, to parent: Int, kind: OwnerContribution, owner: Int32
  ) {
    withdrawContribution(of: node, from: parent)
    nodes[node].contribution = kind
    nodes[node].contributedOwner = owner
    makeContribution(of: node, to: parent)
  }

  /// The workload `node` works for right now, as its parent sees it.
  func currentOwner(_ node: Int) -> Int32 {
    let item = nodes[node]
    switch item.phase {
    case .waking: return item.wakeCause
    case .active where item.isServing: return occurrences[jobs[item.job].occurrence].workload
    default: return item.lastServed
    }
  }

  /// The distinct owners `node`'s children contribute now, in ascending order.
  func liveOwners(of node: Int) -> UnsafeBufferPointer<Int32> {
    let offset = Int(ledger.ownerOffset[node])
    return UnsafeBufferPointer(
      rebasing: liveOwnerTable[offset..<offset + Int(nodes[node].liveOwnerCount)])
  }

  /// Before the ledger changes the owners of host `node`: when its parent counts them, keeps a
  /// copy for ``ledgerOwnersDidChange(of:)``. Returns whether it did.
  func ledgerOwnersWillChange(of node: Int) -> Bool {
    guard nodes[node].contribution == .hostOwners else { return false }
    let offset = Int(ledger.ownerOffset[node])
    let count = Int(ledger.ownerCount[node])
    for index in 0..<count { previousOwners[index] = ledger.ownerPool[offset + index] }
    previousOwnerCount = count
    return true
  }

  /// After the ledger changed the owners of host `node`, counted by its parent: takes out of the
  /// parent's set the owners it lost and adds those it gained (both lists are in ascending
  /// order; a host usually gains or loses one owner at a time).
  func ledgerOwnersDidChange(of node: Int) {
    let parent = Int(nodes[node].parent)
    let offset = Int(ledger.ownerOffset[node])
    let count = Int(ledger.ownerCount[node])
    var old = 0
    var new = 0
    while old < previousOwnerCount || new < count {
      let before = old < previousOwnerCount ? previousOwners[old] : Int32.max
      let after = new < count ? ledger.ownerPool[offset + new] : Int32.max
      if before == after {
        old += 1
        new += 1
      } else if before < after {
        removeOwner(before, from: parent)
        old += 1
      } else {
        addOwner(after, to: parent)
        new += 1
      }
    }
  }

  /// Re-records a busy parent whose set of owners may have changed with its child's.
  func refreshParentOwners(of node: Int) {
    let parent = Int(nodes[node].parent)
    guard parent >= 0, nodes[parent].phase == .active, nodes[parent].busyChildren > 0 else {
      return
    }
    assert(liveOwners(of: parent).elementsEqual(scannedOwners(of: parent)), "stale owners")
    let count = Int(nodes[parent].liveOwnerCount)
    if Int(ledger.ownerCount[parent]) == count {
      // The live set and the ledger's owners share the layout of the ledger's owner pool.
      var index = Int(ledger.ownerOffset[parent])
      let end = index + count
      while index < end && liveOwnerTable[index] == ledger.ownerPool[index] { index += 1 }
      if index == end { return }
    }
    recordChange(parent)
  }

  /// The distinct workloads `host`'s busy children work for, in ascending order, found by
  /// visiting every child: what ``liveOwners(of:)`` must equal (checked in debug builds).
  func scannedOwners(of host: Int) -> [Int32] {
    var owners: [Int32] = []
    for child in children[host] {
      let childIndex = Int(child)
      guard nodes[childIndex].isBusy else { continue }
      if nodes[childIndex].role == .host && nodes[childIndex].phase == .active
        && nodes[childIndex].busyChildren > 0
      {
        owners += ledger.owners(of: childIndex)
      } else if nodes[childIndex].role == .display {
        owners.append(-1)
      } else {
        owners.append(currentOwner(childIndex))
      }
    }
    return Array(Set(owners)).sorted()
  }

  // MARK: The parent's counted set

  private func withdrawContribution(of node: Int, from parent: Int) {
    switch nodes[node].contribution {
    case .none:
      return
    case .single:
      removeOwner(nodes[node].contributedOwner, from: parent)
    case .hostOwners:
      let offset = Int(ledger.ownerOffset[node])
      for index in offset..<offset + Int(ledger.ownerCount[node]) {
        removeOwner(ledger.ownerPool[index], from: parent)
      }
    }
  }

  private func makeContribution(of node: Int, to parent: Int) {
    switch nodes[node].contribution {
    case .none:
      return
    case .single:
      addOwner(nodes[node].contributedOwner, to: parent)
    case .hostOwners:
      let offset = Int(ledger.ownerOffset[node])
      for index in offset..<offset + Int(ledger.ownerCount[node]) {
        addOwner(ledger.ownerPool[index], to: parent)
      }
    }
  }

  /// The position of `owner` in `parent`'s set, or where it would go, and whether it is there.
  @inline(__always)
  private func findOwner(_ owner: Int32, in parent: Int) -> (index: Int, isPresent: Bool) {
    var low = Int(ledger.ownerOffset[parent])
    var high = low + Int(nodes[parent].liveOwnerCount)
    while low < high {
      let middle = (low + high) >> 1
      if liveOwnerTable[middle] < owner { low = middle + 1 } else { high = middle }
    }
    let end = Int(ledger.ownerOffset[parent]) + Int(nodes[parent].liveOwnerCount)
    return (low, low < end && liveOwnerTable[low] == owner)
  }

  /// Counts one more use of `owner` in `parent`'s set, inserting it in order if new.
  private func addOwner(_ owner: Int32, to parent: Int) {
    let (index, isPresent) = findOwner(owner, in: parent)
    if isPresent {
      liveOwnerUses[index] += 1
      return
    }
    let count = Int(nodes[parent].liveOwnerCount)
    precondition(count < Int(ledger.ownerCapacity[parent]), "too many owners for a node")
    var slot = Int(ledger.ownerOffset[parent]) + count
    while slot > index {
      liveOwnerTable[slot] = liveOwnerTable[slot - 1]
      liveOwnerUses[slot] = liveOwnerUses[slot - 1]
      slot -= 1
    }
    liveOwnerTable[index] = owner
    liveOwnerUses[index] = 1
    nodes[parent].liveOwnerCount += 1
  }

  /// Counts one use fewer of `owner` in `parent`'s set, removing it when none is left.
  private func removeOwner(_ owner: Int32, from parent: Int) {
    let (index, isPresent) = findOwner(owner, in: parent)
    precondition(isPresent, "an owner withdrawn that was never counted")
    liveOwnerUses[index] -= 1
    guard liveOwnerUses[index] == 0 else { return }
    let end = Int(ledger.ownerOffset[parent]) + Int(nodes[parent].liveOwnerCount)
    for slot in index..<end - 1 {
      liveOwnerTable[slot] = liveOwnerTable[slot + 1]
      liveOwnerUses[slot] = liveOwnerUses[slot + 1]
    }
    nodes[parent].liveOwnerCount -= 1
  }
}
