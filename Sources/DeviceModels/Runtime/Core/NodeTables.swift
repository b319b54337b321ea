/// What a node of the power tree does.
enum NodeRole: UInt8 {
  /// Serves work itself, one job at a time (a CPU core, flash, a radio, a GPU, a generic part).
  case lane
  /// Is busy while any of its children is (the platform, a CPU cluster).
  case host
  /// The display: on or off, its power set by the session and refresh rate.
  case display
}

/// Where a node is on its ladder.
enum NodePhase: UInt8 {
  /// In an idle state (`state ≥ 1`).
  case idle
  /// In an idle state, with work waiting for the parent to wake before this node can.
  case waitingForParent
  /// Returning to the active state.
  case waking
  /// In the active state: serving, or (with nothing to serve) holding.
  case active
}

/// The kind of work a lane serves, which decides how a job is cut into segments.
enum LaneKind: UInt8 {
  case core, storage, radio, gpu, generic, none
}

/// A ladder flattened into tables of integers for the hot loop (powers in nW, times in ns).
///
/// A plain value whose tables live in a ``TableMemory``: the hot loop looks a node's ladder up on
/// every change of the node, and copying this costs no retain or release (a struct of five arrays
/// cost five of each).
struct LadderTable {
  let power: UnsafeBufferPointer<Int64>
  let after: UnsafeBufferPointer<Int64>
  let wakeLatency: UnsafeBufferPointer<Int64>
  let wakePower: UnsafeBufferPointer<Int64>
  let minimumResidency: UnsafeBufferPointer<Int64>
  /// Each state's draw while the platform is suspended (see ``LadderState/suspendedPower``).
  let suspendedPower: UnsafeBufferPointer<Int64>
  /// Whether some state draws less while the platform is suspended.
  let dependsOnSuspension: Bool
  /// The component's floor (see ``Ladder/floorPower``).
  let floorPower: Int64
  let isPredictive: Bool
  let deepest: Int32

  /// The table of `ladder`, in `memory`.
  init(_ ladder: Ladder, memory: TableMemory) {
    func table(_ values: [Int64]) -> UnsafeBufferPointer<Int64> {
      UnsafeBufferPointer(memory.table(values))
    }
    power = table(ladder.states.map { $0.power.nanowatts })
    after = table(ladder.states.map { $0.after.nanoseconds })
    wakeLatency = table(ladder.states.map { $0.wakeLatency.nanoseconds })
    wakePower = table(ladder.states.map { $0.wakePower.nanowatts })
    minimumResidency = table(ladder.states.map { $0.minimumResidency.nanoseconds })
    suspendedPower = table(ladder.states.map { $0.suspendedPower.nanowatts })
    dependsOnSuspension = ladder.states.contains { $0.suspendedPower != $0.power }
    floorPower = ladder.floorPower.nanowatts
    isPredictive = ladder.idlePolicy == .predictive
    deepest = Int32(ladder.states.count - 1)
  }

  /// The deepest state that the predictive policy may enter for `predictedIdle` ns of idleness
  /// whose wake latency is at most `latencyLimit` ns (state 1 when none qualifies).
  @inline(__always)
  func predictiveTarget(predictedIdle: Int64, latencyLimit: Int64 = .max) -> Int32 {
    var target: Int32 = 1
    var index = Int(deepest)
    while index >= 1 {
      if minimumResidency[index] <= predictedIdle && wakeLatency[index] <= latencyLimit {
        target = Int32(index)
        break
      }
      index -= 1
    }
    return target
  }

  /// The state a timeout ladder reaches at idle time `idle` since it last finished work, or 0
  /// while it still holds.
  func timeoutState(afterIdle idle: Int64) -> Int32 {
    var state: Int32 = 0
    var index = 1
    while index <= Int(deepest) && after[index] <= idle {
      state = Int32(index)
      index += 1
    }
    return state
  }
}

/// One node of the power tree and its run-time state.
struct Node {
  var role: NodeRole
  var laneKind: LaneKind
  /// Index into the simulation's ladder tables (unused by the display).
  var ladder: Int32
  /// Parent node, or -1.
  var parent: Int32
  /// Reporting component this node belongs to.
  var component: Int32
  /// First state slot of this node in the ledger; the waking slot is `firstSlot + states`.
  var firstSlot: Int32
  /// Where the node is on its ladder. Only ``DeviceSimulation/setPhase(_:to:)`` changes it, so
  /// that the parent's owner set stays exact.
  fileprivate(set) var phase: NodePhase
  /// Ladder state index (0 = active).
  var state: Int32
  /// Children that are waking or active (hosts).
  var busyChildren: Int32 = 0
  /// Guards predictive checks: bumped whenever a pending one becomes stale.
  var timerGeneration: UInt32 = 0
  /// When the idle timer steps the node down next, ns (`Int64.max`: not armed).
  var idleTimerDue: Int64 = .max
  /// When the earliest check of the idle timer is queued, ns (`Int64.max`: none).
  var idleTimerCheck: Int64 = .max
  /// Guards segment completions: bumped when a running job is re-timed.
  var jobGeneration: UInt32 = 0
  /// Workload last served (for tail attribution), or -1.
  var lastServed: Int32 = -1
  /// Workload whose work caused the current wake, or -1.
  var wakeCause: Int32 = -1
  /// The job the lane holds (running or waiting for the wake), or -1.
  var job: Int32 = -1
  /// Whether the lane's job is running (false while it waits for the node to wake).
  var isServing = false
  /// The operating point a CPU core's running part asks of its cluster (0 while it runs none):
  /// the cluster's point is the highest of its cores', found without a branch per core.
  var servingOPP: Int32 = 0
  /// The lane's QoS priorities with jobs waiting in their queues, one bit each (bit 0: the
  /// highest priority).
  var queuedPriorities: UInt8 = 0
  /// Draw while serving the current segment, nW.
  var servingPower: Int64 = 0
  /// When the node last finished work (idle timers count from here), ns.
  var lastFinish: Int64 = 0
  /// What this node gives its parent's owner set now (see ``DeviceSimulation/ownerStateChanged(_:)``).
  var contribution = OwnerContribution.none
  /// The owner it gives, when ``contribution`` is `.single`.
  var contributedOwner: Int32 = -1
  /// Whether what it gives may have changed since it was last settled (see
  /// ``DeviceSimulation/settleOwners()``).
  var hasUnsettledOwner = false

  /// Whether the node counts as busy for its parent.
  @inline(__always)
  var isBusy: Bool { phase == .waking || phase == .active }
}

extension DeviceSimulation {
  /// Moves `node` to `phase` (the only way to change it), and marks what it gives its parent's
  /// owner set for settling at the end of the event.
  @inline(__always)
  func setPhase(_ node: Int, to phase: NodePhase) {
    nodes[node].phase = phase
    ownerStateChanged(node)
  }
}
