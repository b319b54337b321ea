public import Quantities

/// A half-open interval of simulated time, `[start, end)`.
public struct TimeRange: Sendable, Hashable {
  /// The first instant inside.
  public var start: Instant
  /// The first instant after.
  public var end: Instant

  /// A range; `end` must not precede `start`.
  public init(start: Instant, end: Instant) {
    precondition(end >= start, "a time range cannot end before it starts")
    self.start = start
    self.end = end
  }

  /// Whether `instant` lies inside.
  public func contains(_ instant: Instant) -> Bool { instant >= start && instant < end }
}

/// What must hold before deferrable work runs.
public enum DeferralCondition: String, Sendable, Hashable, CaseIterable {
  /// The device is plugged in.
  case charging
  /// The environment's network is Wi-Fi.
  case wifi
  /// The radio the work transfers over is already out of its deepest state.
  case radioActive = "radio-active"
  /// The display has been off for at least ``DeferralConditions/idleAfter`` without a break.
  case idle
  /// The battery holds at least ``DeferralConditions/batteryOKLevel`` of its capacity (a device
  /// without a battery: always).
  case batteryOK = "battery-ok"
  /// There is a network: the environment's network is not offline.
  case network
  /// There is a network with a fair or good signal.
  case goodNetwork = "good-network"
}

/// The conditions deferrable work waits for, all of which must hold (see *OS policies*); empty:
/// none.
public struct DeferralConditions: OptionSet, Sendable, Hashable {
  /// One bit per ``DeferralCondition``, in declaration order.
  public let rawValue: UInt8

  /// A set from its bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The set holding `condition` alone.
  public init(_ condition: DeferralCondition) {
    let index = DeferralCondition.allCases.firstIndex(of: condition) ?? 0
    rawValue = 1 << UInt8(index)
  }

  /// The device is plugged in.
  public static let charging = DeferralConditions(.charging)
  /// The environment's network is Wi-Fi.
  public static let wifi = DeferralConditions(.wifi)
  /// The radio the work transfers over is already out of its deepest state.
  public static let radioActive = DeferralConditions(.radioActive)
  /// The display has been off for at least ``idleAfter``.
  public static let idle = DeferralConditions(.idle)
  /// The battery holds at least ``batteryOKLevel``.
  public static let batteryOK = DeferralConditions(.batteryOK)
  /// The environment's network is not offline.
  public static let network = DeferralConditions(.network)
  /// The environment's network is not offline and its signal is fair or good.
  public static let goodNetwork = DeferralConditions(.goodNetwork)

  /// How long the display must have been off, continuously, for the device to be idle: 10 min.
  /// A run whose display starts off counts from time 0 (the OS has not seen it idle before).
  public static let idleAfter = TimeSpan.minutes(10)
  /// The lowest charge at which the battery is ok: 20% (the level at which both platforms
  /// report a low battery and offer Low Power Mode / Battery Saver).
  public static let batteryOKLevel = Fraction(0.2)

  /// The conditions in the set, in declaration order.
  public var conditions: [DeferralCondition] {
    DeferralCondition.allCases.filter { contains(DeferralConditions($0)) }
  }
}

/// Something that happens to the device or an app, which a workload may run on (see *OS policies*:
/// reactions to state).
public enum SystemEvent: String, Sendable, Hashable, CaseIterable {
  /// The workload's app leaves the foreground.
  case background
  /// The workload's app comes to the foreground (an app that starts in the foreground: at time 0).
  case foreground
  /// Low Power Mode switches on.
  case lowPowerOn = "low-power-on"
  /// Low Power Mode switches off.
  case lowPowerOff = "low-power-off"
  /// The thermal state rises to serious or above.
  case thermalSerious = "thermal-serious"
  /// The thermal state falls back below serious (to fair or nominal).
  case thermalNominal = "thermal-nominal"
  /// The charger is plugged in.
  case chargingStart = "charging-start"
  /// The charger is unplugged.
  case chargingEnd = "charging-end"
  /// The network's radio (or offline) or its signal level changes.
  case networkChange = "network-change"
  /// The display turns on.
  case displayOn = "display-on"
  /// The display turns off.
  case displayOff = "display-off"

  /// Whether the event belongs to one app (the workload's own), rather than to the device.
  public var isPerApp: Bool { self == .background || self == .foreground }
}

/// A state a workload's `when` may require (see *OS policies*: reactions to state).
public enum RunState: String, Sendable, Hashable, CaseIterable {
  /// The workload's app is in the foreground.
  case visible
  /// Low Power Mode is off.
  case notLowPower = "not-low-power"
  /// The thermal state is nominal or fair (always, on a device without a thermal model).
  case thermalNominal = "thermal-nominal"
  /// The device is plugged in.
  case charging
  /// The environment's network is Wi-Fi.
  case wifi
  /// The display is on.
  case displayOn = "display-on"
}

/// The states a workload runs in, all of which must hold (see *OS policies*); empty: always.
public struct RunStates: OptionSet, Sendable, Hashable {
  /// One bit per ``RunState``, in declaration order.
  public let rawValue: UInt8

  /// A set from its bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The set holding `state` alone.
  public init(_ state: RunState) {
    let index = RunState.allCases.firstIndex(of: state) ?? 0
    rawValue = 1 << UInt8(index)
  }

  /// The workload's app is in the foreground.
  public static let visible = RunStates(.visible)
  /// Low Power Mode is off.
  public static let notLowPower = RunStates(.notLowPower)
  /// The thermal state is nominal or fair.
  public static let thermalNominal = RunStates(.thermalNominal)
  /// The device is plugged in.
  public static let charging = RunStates(.charging)
  /// The network is Wi-Fi.
  public static let wifi = RunStates(.wifi)
  /// The display is on.
  public static let displayOn = RunStates(.displayOn)
}

/// When a workload's occurrences are due (see *OS policies*).
public enum WorkloadTiming: Sendable, Hashable {
  /// Once.
  case once(at: Instant)
  /// A repeating timer, due at `start + k·every` while before `end` and `k < count`; it may fire
  /// anywhere in `[due, due + tolerance]`.
  case periodic(every: TimeSpan, start: Instant, end: Instant?, count: Int?, tolerance: TimeSpan)
  /// Poisson arrivals with the given mean interval (nanoseconds, possibly fractional).
  case poisson(meanIntervalNanoseconds: Double, start: Instant, end: Instant?)
  /// An explicit, sorted list of due times.
  case times([Instant])
  /// One occurrence per row of a trace, each with its own work (sorted by time).
  case trace([TraceRow])
  /// An animation: frame `k` due at `start + ⌊k·10⁹ / rate⌋` ns while before `start + duration`.
  case frames(rate: Frequency, start: Instant, duration: TimeSpan?)
  /// Deferrable: once inside `[earliest, deadline]`, as soon as every condition of `requires`
  /// holds, or at the deadline.
  case window(earliest: Instant, deadline: Instant, requires: DeferralConditions)
  /// A repeating deferrable task (see *OS policies*): instance `k` becomes eligible at
  /// `start + k·every` (while before `end` and `k < count`) and runs inside
  /// `[eligible, eligible + window]` by the rule of ``window(earliest:deadline:requires:)``;
  /// `window` is at most `every`. An instance never runs beside the previous one: one that
  /// becomes eligible while the previous is still waiting or running waits for it to finish.
  case repeatingWindow(
    every: TimeSpan, start: Instant, end: Instant?, count: Int?, window: TimeSpan,
    requires: DeferralConditions)
  /// A reaction (see *OS policies*): one occurrence `delay` after each time `event` happens.
  case reaction(on: SystemEvent, delay: TimeSpan)

  /// Whether the OS knows the due times in advance (everything but Poisson arrivals and
  /// reactions, which follow events the OS does not foresee).
  public var isKnownInAdvance: Bool {
    switch self {
    case .poisson, .reaction: false
    default: true
    }
  }
}

/// One occurrence of a trace replay.
public struct TraceRow: Sendable, Hashable {
  /// When it is due.
  public var time: Instant
  /// What it does.
  public var work: WorkSpec

  /// A row.
  public init(time: Instant, work: WorkSpec) {
    self.time = time
    self.work = work
  }
}

/// A workload: when it runs and what it does.
public struct WorkloadSpec: Sendable, Hashable {
  /// The workload's name; workloads run in name order at equal times.
  public var name: String
  /// When occurrences are due.
  public var timing: WorkloadTiming
  /// The states it runs in (`when`): outside them its occurrences do nothing.
  public var when: RunStates
  /// Whether it does nothing outside the visibility intervals (`"when": "visible"`).
  public var onlyWhenVisible: Bool {
    get { when.contains(.visible) }
    set {
      if newValue { when.insert(.visible) } else { when.remove(.visible) }
    }
  }
  /// If set, arrivals are triggers and the work runs once this long after the last one.
  public var debounce: TimeSpan?
  /// What each occurrence does (ignored for traces, whose rows carry their own work).
  public var work: WorkSpec
  /// The app the workload belongs to (see *Apps and push delivery*).
  public var app: String
  /// How occurrences reach the device when a server pushes them (see *Apps and push delivery*);
  /// `nil`: they start on the device itself.
  public var push: PushSpec?
  /// For deferrable work (see *OS policies*): whether an occurrence whose conditions stop holding
  /// while it runs waits, between steps, until they hold again or its deadline comes.
  public var isInterruptible = false
  /// Whether it runs on its app's main thread (`"thread": "main"`, see *OS policies*): each
  /// occurrence holds the thread from its start to its end, and the app's frames wait for it.
  public var onMainThread = false
  /// For deferrable work: what the task is for, which sets how long it runs its app in the
  /// background (see *Apps and push delivery*).
  public var task = BackgroundTaskKind.refresh
  /// For an animation: the range its frame rate may move in (see ``FrameRateRange``); `nil`: a
  /// fixed rate, the timing's. With a range, the timing's rate is the one the range runs at on
  /// the device's display with no cap.
  public var frameRateRange: FrameRateRange?

  /// A workload.
  public init(
    name: String, timing: WorkloadTiming, onlyWhenVisible: Bool = false,
    debounce: TimeSpan? = nil, work: WorkSpec, app: String = AppSpec.implicitName,
    push: PushSpec? = nil
  ) {
    self.name = name
    self.timing = timing
    self.when = onlyWhenVisible ? .visible : []
    self.debounce = debounce
    self.work = work
    self.app = app
    self.push = push
  }
}
