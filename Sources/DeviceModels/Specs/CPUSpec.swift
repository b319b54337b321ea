public import Quantities

/// A quality-of-service class, highest first (see *OS policies*).
public enum QoSClass: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Work the user is waiting on this frame (animation, input).
  case userInteractive = "user-interactive"
  /// Work the user asked for and waits on.
  case userInitiated = "user-initiated"
  /// The default class.
  case `default`
  /// Long-running work the user knows about (downloads with a progress bar).
  case utility
  /// Work the user does not see (sync, indexing, backups).
  case background

  /// 0 for the highest class, 4 for the lowest.
  public var priority: Int {
    switch self {
    case .userInteractive: 0
    case .userInitiated: 1
    case .default: 2
    case .utility: 3
    case .background: 4
    }
  }

  /// Higher classes sort first.
  public static func < (lhs: QoSClass, rhs: QoSClass) -> Bool { lhs.priority < rhs.priority }
}

/// Where and how fast a QoS class runs.
public struct QoSRule: Sendable, Hashable {
  /// The clusters the class may run on, in order of preference.
  public var clusters: [String]
  /// The operating point it asks for.
  public var frequency: FrequencyChoice

  /// A rule.
  public init(clusters: [String], frequency: FrequencyChoice) {
    self.clusters = clusters
    self.frequency = frequency
  }
}

/// What a QoS class means beyond the CPU (see *OS policies*): the device's `qos_policy` keys
/// `io_throttle_window` and `timer_tolerance`.
public struct QoSBeyondCPU: Sendable, Hashable {
  /// Darwin's I/O throttling window for `background` work: a background storage request starts
  /// only after no request of a higher class has been served for this long. XNU's
  /// `LOWPRI_TIER3_WINDOW_MSECS`, 500 ms (bsd/miscfs/specfs/spec_vnops.c; background QoS is
  /// throttle tier 3).
  public static let darwinThrottleWindow = TimeSpan.milliseconds(500)
  /// The guidance's least timer tolerance, a tenth of the period (Apple, Energy Efficiency
  /// Guide for Mac Apps, *Minimize Timer Usage*: "set the tolerance to at least 10% of the
  /// interval").
  public static let guidanceTimerTolerance = Fraction(0.1)

  /// The throttling window of `background` storage requests.
  public var ioThrottleWindow: TimeSpan
  /// The tolerance, as a fraction of the period, of `utility` and `background` repeating timers
  /// whose workload gives none.
  public var timerTolerance: Fraction

  /// The published defaults: a 500 ms throttling window, a tolerance of 10% of the period.
  public init(
    ioThrottleWindow: TimeSpan = darwinThrottleWindow,
    timerTolerance: Fraction = guidanceTimerTolerance
  ) {
    self.ioThrottleWindow = ioThrottleWindow
    self.timerTolerance = timerTolerance
  }
}

/// A cluster of identical cores sharing a clock.
public struct ClusterSpec: Sendable, Hashable {
  /// The cluster's name (`big`, `little`).
  public var name: String
  /// Number of cores.
  public var cores: Int
  /// Instructions per cycle relative to the reference core.
  public var ipc: Double
  /// Operating points, by increasing frequency.
  public var operatingPoints: [OperatingPoint]
  /// Each core's ladder; its active state's power is the holding power, serving power comes
  /// from the operating points.
  public var coreLadder: Ladder
  /// The cluster's own ladder, busy while any of its cores is.
  public var clusterLadder: Ladder

  /// A cluster.
  public init(
    name: String, cores: Int, ipc: Double, operatingPoints: [OperatingPoint], coreLadder: Ladder,
    clusterLadder: Ladder
  ) {
    self.name = name
    self.cores = cores
    self.ipc = ipc
    self.operatingPoints = operatingPoints
    self.coreLadder = coreLadder
    self.clusterLadder = clusterLadder
  }
}

/// A CPU: clusters, the cost of dispatching an occurrence, and the QoS policy.
public struct CPUSpec: Sendable, Hashable {
  /// The clusters; the first, at its highest frequency, is the reference core work is given in.
  public var clusters: [ClusterSpec]
  /// Time on the reference core every occurrence costs before its first step (interrupt and
  /// handler).
  public var dispatchCost: TimeSpan
  /// The rule for each QoS class.
  public var qosPolicy: [QoSClass: QoSRule]
  /// What QoS means beyond the CPU: storage throttling and timers' default tolerance (see *OS
  /// policies*).
  public var qosBeyondCPU = QoSBeyondCPU()
  /// While the display is on, the idle governor chooses no core or cluster state whose wake
  /// latency exceeds this (the display driver's CPU latency request, as Qualcomm's SDE driver
  /// holds one while it pushes frames); `nil`: no limit.
  public var displayLatencyLimit: TimeSpan?

  /// A CPU.
  public init(
    clusters: [ClusterSpec], dispatchCost: TimeSpan, qosPolicy: [QoSClass: QoSRule],
    displayLatencyLimit: TimeSpan? = nil
  ) {
    self.clusters = clusters
    self.dispatchCost = dispatchCost
    self.qosPolicy = qosPolicy
    self.displayLatencyLimit = displayLatencyLimit
  }
}
