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
    /// How many times it is expected to run (for Poisson arrivals, the mean).
    public var occurrences: Double
    /// How many times it is expected to be due while its app is suspended: held (or, for a
    /// frame, counted as held) at the cost of its arrival alone.
    public var held: Double
    /// Events one occurrence is expected to cost.
    public var eventsPerOccurrence: Double
    /// Whether it is an animation (the advice then names its frame rate).
    public var isAnimation: Bool
    /// The share of its events the engine is expected to take off its queue: below 1 for a
    /// source of a steady cycle the fast-forward skips (see ``RunLimits``), else 1.
    public var simulatedShare: Double = 1
    /// `occurrences × eventsPerOccurrence`, plus an event per held arrival, times
    /// ``simulatedShare``.
    public var events: Double { (occurrences * eventsPerOccurrence + held) * simulatedShare }
  }

  /// Every workload's share, in setup order.
  public var workloads: [Workload]
  /// All events: the workloads' and the environment's (display, charger, network, visibility
  /// changes).
  public var events: Double
  /// The slice of the run estimated, ns (the whole run unless a window was given).
  public var span: Double
  /// The component with the most occurrences left waiting at the end, if work arrives faster
  /// than some component can serve it (estimated over the whole run only).
  var largestBacklog: Backlog?
  /// Held pushes and transfers waiting for a network, per workload, at the worst moment
  /// (estimated over the whole run only).
  var waiting: [WaitingWork] = []
  /// Everything that may wait at once: the backlog's occurrences, held pushes, waiting
  /// transfers.
  var totalWaiting: Double {
    waiting.reduce(largestBacklog?.waiting ?? 0) { $0 + $1.count }
  }

  /// The estimate of the whole run of `setup`, or of its part inside `window`: a workload counts
  /// only in the stretches it can run in (`when: "visible"`: while its app is in the foreground;
  /// an app that can be suspended: while it is not), and the environment's changes in proportion
  /// to the part of the run estimated. With `fastForward`, the sources of a steady cycle count
  /// only the share of their events the fast-forward is expected to leave to simulate (see
  /// ``RunLimits``); without, every event counts.
  init(_ setup: SimulationSetup, window: TimeRange? = nil, fastForward: Bool = false) {
    let cost = WorkloadCost(setup: setup)
    var shares = fastForward ? cost.steadyCycle().map { SourceShares(cycle: $0, cost: cost) } : nil
    let within = window.map { cost.wholeRun.intersection(RunSpans([$0])) } ?? cost.wholeRun
    var waiting: [WaitingWork] = []
    var perOccurrence = EventsPerOccurrence(cost: cost)
    workloads = setup.workloads.map { workload in
      let due = cost.dueSpans(of: workload, within: within)
      let runs = cost.runSpans(of: workload, due: due)
      let occurrences = cost.occurrences(of: workload, in: runs)
      if window == nil {
        waiting += cost.waitingWork(of: workload, occurrences: occurrences, due: runs)
      }
      let isAnimation: Bool
      if case .frames = workload.timing { isAnimation = true } else { isAnimation = false }
      return Workload(
        name: workload.name, occurrences: occurrences,
        held: max(0, cost.occurrences(of: workload, in: due) - occurrences),
        eventsPerOccurrence: perOccurrence.events(
          of: workload, occurrences: occurrences, stretches: Double(runs.spans.count)),
        isAnimation: isAnimation,
        simulatedShare: shares?.share(of: workload, runs: runs, cost: cost) ?? 1)
    }
    let environment = setup.environment
    let changes =
      environment.charging.count + environment.network.count + setup.display.count
      + (setup.visibility?.count ?? 0)
    span = within.length
    self.waiting = waiting
    let share = cost.runEnd > 0 ? span / cost.runEnd : 0
    events = workloads.reduce(Double(2 * changes) * share) { $0 + $1.events }
    largestBacklog =
      window != nil
      ? nil
      : cost.largestBacklog(
        occurrences: Dictionary(uniqueKeysWithValues: workloads.map { ($0.name, $0.occurrences) }))
  }
}

/// ``WorkloadCost/eventsPerOccurrence(of:occurrences:stretches:)`` found once per shape of
/// workload: workloads with the same work that fire as regularly as each other (a hundred
/// thousand timers with a handful of periods) cost the same per occurrence, and working it out
/// for each took a tenth of reading such a file.
struct EventsPerOccurrence {
  /// What the events of one occurrence depend on, for a workload whose gaps between occurrences
  /// are described by their interval and count (not listed one by one).
  struct Shape: Hashable {
    var work: WorkSpec
    var hasPush: Bool
    var occurrences: Double
    var gaps: OccurrenceGaps

    /// Hashes what tells shapes apart cheaply — the gaps, the number of steps, the first step's
    /// CPU time and QoS class — rather than every field of every step (which cost more than the
    /// estimate it saved); equal shapes still compare in full.
    func hash(into hasher: inout Hasher) {
      hasher.combine(gaps)
      hasher.combine(occurrences)
      hasher.combine(hasPush)
      hasher.combine(work.count)
      hasher.combine(work.first?.cpu)
      hasher.combine(work.first?.qos)
    }
  }

  let cost: WorkloadCost
  private var known: [Shape: Double] = [:]

  init(cost: WorkloadCost) { self.cost = cost }

  /// `cost.eventsPerOccurrence(of: workload, occurrences:, stretches:)`, remembered by shape.
  mutating func events(of workload: WorkloadSpec, occurrences: Double, stretches: Double)
    -> Double
  {
    let gaps: OccurrenceGaps
    switch workload.timing {
    case .periodic, .repeatingWindow, .frames, .poisson:
      gaps = cost.gaps(of: workload, occurrences: occurrences, stretches: stretches)
    default:
      return cost.eventsPerOccurrence(
        of: workload, occurrences: occurrences, stretches: stretches)
    }
    let shape = Shape(
      work: workload.work, hasPush: workload.push != nil, occurrences: occurrences, gaps: gaps)
    if let events = known[shape] { return events }
    let events = cost.eventsPerOccurrence(
      of: workload, occurrences: occurrences, stretches: stretches)
    known[shape] = events
    return events
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
