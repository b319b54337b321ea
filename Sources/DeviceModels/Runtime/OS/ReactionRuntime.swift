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
    for (index, workload) in workloads.enumerated() {
      guard case .reaction(let event, let delay) = workload.timing else { continue }
      listeners[Self.index(of: event)].append(Int32(index))
      delays[index] = delay.nanoseconds
    }
    self.listeners = listeners
    self.delays = delays
    let changing = workloads.map { !$0.when.subtracting(.visible).isEmpty }
    hasStateAnimations = workloads.indices.contains { index in
      guard changing[index], case .frames = workloads[index].timing else { return false }
      return true
    }
    hasStateDeferrals = workloads.indices.contains { index in
      switch workloads[index].timing {
      case .window, .repeatingWindow: changing[index]
      default: false
      }
    }
    pending = Array(repeating: [], count: workloads.count)
  }

  /// The position of `event` among the cases of ``SystemEvent``, in declaration order.
  static func index(of event: SystemEvent) -> Int {
    SystemEvent.allCases.firstIndex(of: event) ?? 0
  }
}
