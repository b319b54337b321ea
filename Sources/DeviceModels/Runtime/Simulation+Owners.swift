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
/// ``withdrawLedgerOwners(of:)`` and ``contributeLedgerOwners(of:)``). Debug builds check the
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

  /// Before the ledger changes the owners of host `node`: takes them out of its parent's set if
  /// they are counted there. Returns whether they were, for ``contributeLedgerOwners(of:)``.
  func withdrawLedgerOwners(of node: Int) -> Bool {
    guard nodes[node].contribution == .hostOwners else { return false }
    withdrawContribution(of: node, from: Int(nodes[node].parent))
    return true
  }

  /// After the ledger changed the owners of host `node`: counts the new ones in its parent's set.
  func contributeLedgerOwners(of node: Int) {
    makeContribution(of: node, to: Int(nodes[node].parent))
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

  /// Counts one more use of `owner` in `parent`'s set, inserting it in order if new.
  private func addOwner(_ owner: Int32, to parent: Int) {
    let offset = Int(ledger.ownerOffset[parent])
    let count = Int(nodes[parent].liveOwnerCount)
    var index = offset + count
    while index > offset && liveOwnerTable[index - 1] > owner { index -= 1 }
    if index > offset && liveOwnerTable[index - 1] == owner {
      liveOwnerUses[index - 1] += 1
      return
    }
    precondition(count < Int(ledger.ownerCapacity[parent]), "too many owners for a node")
    var slot = offset + count
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
    let offset = Int(ledger.ownerOffset[parent])
    let end = offset + Int(nodes[parent].liveOwnerCount)
    var index = offset
    while index < end && liveOwnerTable[index] != owner { index += 1 }
    precondition(index < end, "an owner withdrawn that was never counted")
    liveOwnerUses[index] -= 1
    guard liveOwnerUses[index] == 0 else { return }
    for slot in index..<end - 1 {
      liveOwnerTable[slot] = liveOwnerTable[slot + 1]
      liveOwnerUses[slot] = liveOwnerUses[slot + 1]
    }
    nodes[parent].liveOwnerCount -= 1
  }
}
