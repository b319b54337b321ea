/// What a node gives its parent's owner set (see ``DeviceSimulation/ownerStateChanged(_:)``).
enum OwnerContribution: UInt8 {
  /// Nothing: the node is neither waking nor active.
  case none
  /// One workload (or -1, nobody): ``Node/contributedOwner``.
  case single
  /// The owners on the ledger of a host that is active with busy children, or of a radio
  /// carrying transfers (the workloads of its transfers).
  case hostOwners
}

/// Whom a busy parent works for (*Results and accounting*: a platform or a CPU cluster that is busy
/// for its children shares its energy among the workloads they work for), kept up to date as the
/// children change rather than gathered from them at every change.
///
/// The platform's set also counts each hold on the device (see *OS policies*) as a use of its
/// workload. A node's *contribution* to its parent's owner set is: nothing while it is neither waking nor
/// active; the shared set of a host that is active with busy children, or of a radio carrying
/// transfers (their workloads, counted as they join and leave its link); nobody (-1) for the
/// display; otherwise the workload it works for — its wake's cause while waking, the workload
/// it serves, or the one it served last. Each parent's shared set in the ledger counts the
/// uses of the owners its children contribute (``EnergyLedger/countSharedOwner(_:of:at:)``);
/// an owner that joins or leaves a host's set joins or leaves its parent's too, when the host
/// contributes its set.
///
/// Contributions settle once per event, not at every change: a change of what a contribution
/// depends on — a node's phase, serving state, last workload, wake cause and count of busy
/// children — marks the node (``ownerStateChanged(_:)``, or ``setPhase(_:to:)``), and
/// ``settleOwners()`` brings the marked nodes' contributions up to date when the event has been
/// handled. Within one instant a node often passes through a contribution it leaves again at
/// once — a core between the end of its wake and the start of its job gives the workload it
/// served last, a cluster between its last busy child and its own step down gives that child's
/// workload — and such an owner would join and leave a set (or leave and rejoin it) at the same
/// instant. Its stretch in the set lasts no time and carries no energy, so settling later gives
/// the same energy to every owner; it only skips the bookkeeping (close to half of the joins
/// and leaves of a busy device). Every set is what a scan of the children gives
/// (``scannedOwners(of:)``) once the event has settled; debug builds check it.
extension DeviceSimulation {
  /// Marks `node`'s contribution to its parent's owner set for settling at the end of the event.
  @inline(__always)
  func ownerStateChanged(_ node: Int) {
    guard !nodes[node].hasUnsettledOwner, nodes[node].parent >= 0 else { return }
    nodes[node].hasUnsettledOwner = true
    // Each node at most once (the flag above), so the count stays below the nodes' number.
    unsettledOwnerNodes[unsettledOwnerCount] = Int32(truncatingIfNeeded: node)
    unsettledOwnerCount &+= 1
  }

  /// Brings every marked node's contribution up to date (see the extension's overview). Settling
  /// marks nothing, so one pass over the marked nodes settles them all.
  ///
  /// - Complexity: O(*k*) per marked node whose contribution changed, for *k* owners in its
  ///   parent's set.
  func settleOwners() {
    for index in 0..<unsettledOwnerCount {
      let node = Int(unsettledOwnerNodes[index])
      nodes[node].hasUnsettledOwner = false
      settleContribution(of: node)
    }
    assert(settledSetsMatchScans(), "stale host owners")
    unsettledOwnerCount = 0
  }

  /// Whether every ancestor of the nodes just settled has the set its children give (debug
  /// builds): a change climbs to the parent's parent when the parent gives its set.
  private func settledSetsMatchScans() -> Bool {
    for index in 0..<unsettledOwnerCount {
      var ancestor = Int(nodes[Int(unsettledOwnerNodes[index])].parent)
      while ancestor >= 0 {
        guard ledger.sharedOwners(of: ancestor).sorted() == scannedOwners(of: ancestor) else {
          return false
        }
        ancestor = Int(nodes[ancestor].parent)
      }
    }
    return true
  }

  /// Updates what `node` gives its parent's owner set to what its state says now.
  @inline(__always)
  private func settleContribution(of node: Int) {
    let parent = Int(nodes[node].parent)
    var kind = OwnerContribution.none
    var owner: Int32 = -1
    switch nodes[node].phase {
    case .idle, .waitingForParent:
      break
    case .waking where givesOwnerSet(node):
      kind = .hostOwners
    case .waking:
      kind = .single
      if nodes[node].role != .display { owner = nodes[node].wakeCause }
    case .active:
      if givesOwnerSet(node) {
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

  /// Whether `node`, waking or active, gives its parent its own set of owners: a host busy for
  /// its children; a radio carrying transfers (it works for the workloads of all of them); a
  /// radio whose wake or tail several workloads share.
  @inline(__always)
  private func givesOwnerSet(_ node: Int) -> Bool {
    if nodes[node].phase == .active {
      if nodes[node].role == .host && nodes[node].busyChildren > 0 { return true }
      if nodes[node].isServing && nodeLink[node] >= 0 { return true }
    }
    return radioSharesWakeOrTail(node)
  }

  /// Replaces what `node` gives `parent`'s owner set.
  @inline(__always)
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
      if givesOwnerSet(childIndex) {
        owners += ledger.sharedOwners(of: childIndex)
      } else if nodes[childIndex].role == .display {
        owners.append(-1)
      } else {
        owners.append(currentOwner(childIndex))
      }
    }
    if host == Int(platformNode) {
      // The workloads holding the device awake (see *OS policies*).
      for hold in assertions.holds { owners.append(hold.workload) }
    }
    return Array(Set(owners)).sorted()
  }

  /// A transfer of `owner` joined radio `node`'s shared link: the radio works for one more use of
  /// it (*Results and accounting*: its energy is shared equally among the workloads of the
  /// transfers it carries), and so do its parents while the radio gives them its set.
  func countTransferOwner(_ owner: Int32, onRadio node: Int) { addOwner(owner, to: node) }

  /// A transfer of `owner` left radio `node`'s shared link (see
  /// ``countTransferOwner(_:onRadio:)``).
  func uncountTransferOwner(_ owner: Int32, onRadio node: Int) { removeOwner(owner, from: node) }

  /// Workload `owner` holds the device awake (see *OS policies*): the platform works for one more
  /// use of it.
  func countHolder(_ owner: Int32, onPlatform platform: Int) { addOwner(owner, to: platform) }

  /// Workload `owner` released a hold (see ``countHolder(_:onPlatform:)``).
  func uncountHolder(_ owner: Int32, onPlatform platform: Int) {
    removeOwner(owner, from: platform)
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
