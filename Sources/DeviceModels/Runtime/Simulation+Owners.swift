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
/// active; the shared set of a host that is active with busy children; nobody (-1) for the
/// display; otherwise the workload it works for — its wake's cause while waking, the workload
/// it serves, or the one it served last. Each parent's shared set in the ledger counts the
/// uses of the owners its children contribute (``EnergyLedger/countSharedOwner(_:of:at:)``);
/// an owner that joins or leaves a host's set joins or leaves its parent's too, when the host
/// contributes its set.
///
/// The parent's set equals what a scan of its children gives (``scannedOwners(of:)``) as long as
/// every change to what a contribution depends on — a node's phase, serving state, last workload,
/// wake cause and count of busy children — is followed by ``ownerStateChanged(_:)`` (or is made
/// through ``setPhase(_:to:)``). Debug builds check the equality whenever a host is recorded.
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

  /// The distinct workloads `host`'s busy children work for, in ascending order, found by
  /// visiting every child: what its shared set must equal (checked in debug builds).
  func scannedOwners(of host: Int) -> [Int32] {
    var owners: [Int32] = []
    for child in children[host] {
      let childIndex = Int(child)
      guard nodes[childIndex].isBusy else { continue }
      if nodes[childIndex].role == .host && nodes[childIndex].phase == .active
        && nodes[childIndex].busyChildren > 0
      {
        owners += ledger.sharedOwners(of: childIndex)
      } else if nodes[childIndex].role == .display {
        owners.append(-1)
      } else {
        owners.append(currentOwner(childIndex))
      }
    }
    return Array(Set(owners)).sorted()
  }

  // MARK: The parent's counted set

  // Each helper below has one caller and is inlined into it: left alone, the optimizer merges
  // adding and removing into one function that calls the ledger through a pointer, on a path
  // taken about once per event.

  @inline(__always)
  private func withdrawContribution(of node: Int, from parent: Int) {
    switch nodes[node].contribution {
    case .none:
      return
    case .single:
      removeOwner(nodes[node].contributedOwner, from: parent)
    case .hostOwners:
      for owner in ledger.sharedOwners(of: node) { removeOwner(owner, from: parent) }
    }
  }

  @inline(__always)
  private func makeContribution(of node: Int, to parent: Int) {
    switch nodes[node].contribution {
    case .none:
      return
    case .single:
      addOwner(nodes[node].contributedOwner, to: parent)
    case .hostOwners:
      for owner in ledger.sharedOwners(of: node) { addOwner(owner, to: parent) }
    }
  }

  /// Counts one more use of `owner` in `parent`'s set; an owner new to it is new to the set of
  /// the parent's own parent too, when the parent contributes its set, and so on up.
  @inline(__always)
  private func addOwner(_ owner: Int32, to parent: Int) {
    var node = parent
    while ledger.countSharedOwner(owner, of: node, at: now)
      && nodes[node].contribution == .hostOwners
    {
      node = Int(nodes[node].parent)
    }
  }

  /// Counts one use fewer of `owner` in `parent`'s set; an owner that leaves it leaves the set of
  /// the parent's own parent too, when the parent contributes its set, and so on up.
  @inline(__always)
  private func removeOwner(_ owner: Int32, from parent: Int) {
    var node = parent
    while ledger.uncountSharedOwner(owner, of: node, at: now)
      && nodes[node].contribution == .hostOwners
    {
      node = Int(nodes[node].parent)
    }
  }
}
