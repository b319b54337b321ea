import DeviceModels
import Quantities

/// Work that waits, besides occurrences queued for a busy component (``Backlog``): each waiting
/// thing holds memory until it goes on, so the run limits count them all together.
struct WaitingWork {
  /// What waits.
  enum Kind {
    /// Low-priority pushes the push service holds while the device sleeps, up to `max_delay`.
    case heldPushes
    /// Transfers waiting for a network during an offline spell.
    case transfersWaitingForNetwork
  }

  /// The workload whose work waits.
  var workload: String
  var kind: Kind
  /// How many wait at once at the worst moment (an estimate).
  var count: Double
}

extension WorkloadCost {
  /// What of `workload`'s work may wait at once, at the worst moment of the run, given its
  /// `occurrences` due in `due`: occurrences arrive at their average rate over `due`, and
  ///
  /// - a low-priority push that does not collapse may be held for up to its `max_delay` (the
  ///   device asleep all that time): the pushes of a `max_delay` wait together (a collapsing
  ///   one keeps only its latest);
  /// - an occurrence with a transfer waits for a network through the longest offline spell: the
  ///   occurrences of that spell wait together.
  func waitingWork(of workload: WorkloadSpec, occurrences: Double, due: RunSpans) -> [WaitingWork] {
    let length = due.length
    guard occurrences > 0, length > 0 else { return [] }
    /// The occurrences due in `span` ns at the average rate, at most all of them.
    func arriving(within span: Double) -> Double { occurrences * min(1, span / length) }
    var waiting: [WaitingWork] = []
    if let push = workload.push, push.priority == .low, !push.collapses {
      waiting.append(
        WaitingWork(
          workload: workload.name, kind: .heldPushes,
          count: arriving(within: Double(push.maxDelay.nanoseconds))))
    }
    let transfers =
      workload.push != nil
      || RunLimits.steps(of: workload).contains {
        $0.download != nil || $0.upload != nil || $0.call != nil
      }
    if transfers, longestOfflineSpell > 0 {
      waiting.append(
        WaitingWork(
          workload: workload.name, kind: .transfersWaitingForNetwork,
          count: arriving(within: longestOfflineSpell)))
    }
    return waiting
  }

  /// The longest spell without a network in the run, ns (0: none).
  var longestOfflineSpell: Double {
    setup.environment.network.filter(\.isOffline).map {
      RunSpans([$0.range]).intersection(wholeRun).length
    }.max() ?? 0
  }
}
