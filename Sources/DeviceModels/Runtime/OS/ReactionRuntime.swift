import Quantities

/// Reactions to state at run time (see *OS policies*): which workloads run on each event, the
/// occurrences each has waiting for its `delay`, and which workloads' `when` depends on a state
/// that can change during the run (the thermal state it reads is the thermal runtime's).
///
/// ```
///   event ──▶ systemEventOccurred ──▶ each listening workload: due = event + delay
///                                       ──▶ queued (in order) ──▶ arrival: one occurrence
/// ```
///
/// Every event goes through ``DeviceSimulation/systemEventOccurred(_:app:at:)``: the environment's
/// timeline, the apps' lifecycles and Low Power Mode call it, and a thermal governor calls it
/// with `thermal-serious` and `thermal-nominal` (without one, the thermal state stays nominal and
/// those events never happen).
struct ReactionRuntime: Equatable {
  /// Per event (in ``SystemEvent`` declaration order): the workloads that run on it, in name
  /// order.
  let listeners: [[Int32]]
  /// Per workload: the delay of its reaction, ns (0 for other workloads).
  let delays: [Int64]
  /// Whether any animation's `when` holds a state other than `visible` (its frames then pause
  /// while that state does not hold, and the display stops refreshing for it).
  let hasStateAnimations: Bool
  /// Whether any deferrable workload's `when` holds a state other than `visible` (a change of
  /// state is then a moment to check it).
  let hasStateDeferrals: Bool

  /// Per workload: the due times of its reaction's occurrences still to come, earliest first.
  var pending: [[Int64]]

  /// The reactions of `workloads`.
  init(workloads: [WorkloadSpec]) {
    var listeners = Array(repeating: [Int32](), count: SystemEvent.allCases.count)
    var delays = Array(repeating: Int64(0), count: workloads.count)
    var hasStateAnimations = false
    var hasStateDeferrals = false
    // One pass over the specs, each borrowed where it lies: enumerating them, then a pass for
    // each flag, copied every spec (its strings and arrays retained and released).
    workloads.withUnsafeBufferPointer { specs in
      for index in specs.indices {
        let changing = !specs[index].when.subtracting(.visible).isEmpty
        switch specs[index].timing {
        case .reaction(let event, let delay):
          listeners[Self.index(of: event)].append(Int32(index))
          delays[index] = delay.nanoseconds
        case .frames: hasStateAnimations = hasStateAnimations || changing
        case .window, .repeatingWindow: hasStateDeferrals = hasStateDeferrals || changing
        default: break
        }
      }
    }
    self.listeners = listeners
    self.delays = delays
    self.hasStateAnimations = hasStateAnimations
    self.hasStateDeferrals = hasStateDeferrals
    pending = Array(repeating: [], count: workloads.count)
  }

  /// The position of `event` among the cases of ``SystemEvent``, in declaration order.
  static func index(of event: SystemEvent) -> Int {
    SystemEvent.allCases.firstIndex(of: event) ?? 0
  }
}
