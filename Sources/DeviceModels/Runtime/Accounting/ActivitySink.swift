/// Receives what the device did, in time order and in batches: the state each node of the power
/// tree is in, the work each lane serves, and each occurrence of a workload from the moment it
/// fires to its completion. This is what a trace (`run --trace`) is drawn from.
///
/// The simulator calls ``begin(_:)`` once, before the run, then ``receive(_:)`` every few
/// thousand events and once more at the end, never per event; nothing is kept for the whole run,
/// so a 24-hour run streams in constant memory. Only events inside the recording window are
/// sent; slices that straddle an edge of the window are cut at it.
public protocol ActivitySink: AnyObject {
  /// The nodes, their states and the workloads the events refer to, and the window recorded.
  func begin(_ layout: ActivityLayout)
  /// A batch of events, in time order (events at the same instant in the order they happened).
  func receive(_ events: [ActivityEvent])
}

/// One change in what the device does.
///
/// Read a stream of them as nested intervals per node: a node is in one state at a time, from
/// its ``Kind/state`` event to the next one (or its ``Kind/stateEnd``); while in its active state
/// a lane may serve work, from ``Kind/workStart`` to ``Kind/workEnd``. Occurrences are separate
/// intervals per workload, and may overlap one another.
public struct ActivityEvent: Sendable, Hashable {
  /// What changed.
  public enum Kind: UInt8, Sendable {
    /// Node ``ActivityEvent/subject`` entered state ``ActivityEvent/detail`` (an index into its
    /// ``ActivityNode/states``), leaving the state it was in.
    case state
    /// Node ``ActivityEvent/subject``'s interval in state ``ActivityEvent/detail`` ends here,
    /// at the end of the window or run.
    case stateEnd
    /// Lane ``ActivityEvent/subject`` started serving work of workload
    /// ``ActivityEvent/detail``, for occurrence number ``ActivityEvent/occurrence``.
    case workStart
    /// Lane ``ActivityEvent/subject`` stopped serving: the work finished, or the window or run
    /// ended (``ActivityEvent/detail`` is then 0, else 1).
    case workEnd
    /// Occurrence number ``ActivityEvent/occurrence`` of workload ``ActivityEvent/subject``
    /// fired; it was due at ``ActivityEvent/due``.
    case occurrenceStart
    /// Occurrence number ``ActivityEvent/occurrence`` of workload ``ActivityEvent/subject``
    /// completed (``ActivityEvent/detail`` 1), or was cut off by the end of the window or run (0).
    case occurrenceEnd
    /// App ``ActivityEvent/subject`` entered phase ``ActivityEvent/detail`` (an index into
    /// ``ActivityLayout/appPhases``), leaving the phase it was in (see *Apps and push delivery*).
    case appPhase
    /// App ``ActivityEvent/subject``'s interval in phase ``ActivityEvent/detail`` ends here, at
    /// the end of the window or run.
    case appPhaseEnd
    /// The push service delivered a push of workload ``ActivityEvent/subject`` sent at
    /// ``ActivityEvent/due`` (see *Apps and push delivery*); an instant.
    case pushDelivered
    /// Low Power Mode switched on (``ActivityEvent/detail`` 1) or off (0), or its interval ends
    /// at the end of the window or run (0) (see *Apps and push delivery*).
    case lowPower
  }

  /// What changed.
  public var kind: Kind
  /// When, in nanoseconds since the start of the run.
  public var time: Int64
  /// The node (state and work events) or the workload (occurrence events).
  public var subject: Int32
  /// The state index, the workload served, or whether the work or occurrence completed.
  public var detail: Int32
  /// For work and occurrence events: the occurrence's number among its workload's occurrences,
  /// counted from 0 in the order they fired; otherwise 0.
  public var occurrence: Int64
  /// For ``Kind/occurrenceStart``: when the occurrence was due, ns (its latency counts from
  /// there); otherwise 0.
  public var due: Int64

  /// An event.
  public init(
    kind: Kind, time: Int64, subject: Int32, detail: Int32, occurrence: Int64 = 0, due: Int64 = 0
  ) {
    self.kind = kind
    self.time = time
    self.subject = subject
    self.detail = detail
    self.occurrence = occurrence
    self.due = due
  }
}

/// What the events of an ``ActivitySink`` refer to.
public struct ActivityLayout: Sendable {
  /// The nodes of the power tree in device order: each component, and for a CPU its clusters and
  /// cores after it.
  public var nodes: [ActivityNode]
  /// The top-level components, in device order.
  public var components: [String]
  /// The workloads, in name order.
  public var workloads: [String]
  /// The stretch of the run recorded (the requested window, clipped to the run).
  public var window: TimeRange
  /// The apps the scenario declares, in name order (none when it declares none: the implicit
  /// app has no track).
  public var apps: [String] = []
  /// The names of the phases of an app, as ``ActivityEvent/Kind/appPhase`` events index them.
  public var appPhases: [String] { ["foreground", "background", "suspended"] }
}

/// One node of the power tree, as ``ActivityEvent``s refer to it.
public struct ActivityNode: Sendable {
  /// `component`, `component/cluster` or `component/cluster/coreN` (as in `states.csv`).
  public var path: String
  /// Index of its component in ``ActivityLayout/components``.
  public var component: Int
  /// Its states: the ladder's states in order, then `waking`; for the display `off` and
  /// `on <rate>`.
  public var states: [String]
  /// Whether it serves work itself (a lane) rather than being busy for its children.
  public var isLane: Bool
}
