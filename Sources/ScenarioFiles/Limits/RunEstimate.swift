import DeviceModels
import Quantities

/// What a run would cost, estimated from its setup before it runs (see ``RunLimits``).
///
/// Every figure is a `Double`: the point is to recognise a scenario asking for 1e17 events, so
/// the arithmetic must not overflow on the way there.
public struct RunEstimate: Sendable {
  /// One workload's share.
  public struct Workload: Sendable {
    /// The workload's name.
    public var name: String
    /// How many times it is expected to fire (for Poisson arrivals, the mean).
    public var occurrences: Double
    /// Events one occurrence is expected to cost.
    public var eventsPerOccurrence: Double
    /// `occurrences × eventsPerOccurrence`.
    public var events: Double { occurrences * eventsPerOccurrence }
  }

  /// Every workload's share, in setup order.
  public var workloads: [Workload]
  /// All events: the workloads' and the environment's (display, charger, network, visibility
  /// changes).
  public var events: Double
  /// The component with the most occurrences left waiting at the end, if work arrives faster
  /// than some component can serve it.
  var largestBacklog: Backlog?

  init(_ setup: SimulationSetup) {
    let cost = WorkloadCost(setup: setup)
    workloads = setup.workloads.map { workload in
      let occurrences = cost.occurrences(of: workload)
      return Workload(
        name: workload.name, occurrences: occurrences,
        eventsPerOccurrence: cost.eventsPerOccurrence(of: workload, occurrences: occurrences))
    }
    let environment = setup.environment
    let changes =
      environment.charging.count + environment.network.count + setup.display.count
      + (setup.visibility?.count ?? 0)
    events = workloads.reduce(Double(2 * changes)) { $0 + $1.events }
    largestBacklog = cost.largestBacklog(
      occurrences: Dictionary(uniqueKeysWithValues: workloads.map { ($0.name, $0.occurrences) }))
  }
}

/// Occurrences left waiting because work arrives faster than a component serves it.
struct Backlog {
  /// The workload that asks most of the component.
  var workload: String
  /// The component, as messages name it (`storage`, `CPU`, `radio "wifi"`).
  var component: String
  /// Demand over capacity (above 1).
  var load: Double
  /// Occurrences expected to be waiting at the end.
  var waiting: Double
}
