public import Quantities

/// An app as the OS runs it (see *Apps and push delivery*): when it is on screen, how long it may
/// run after leaving the screen, and how much the OS may delay its timers while it is hidden.
public struct AppSpec: Sendable, Hashable {
  /// The name of the app that workloads without an `"app"` key belong to.
  public static let implicitName = "app"

  /// The app's name; workloads name it with `"app"`.
  public var name: String
  /// Intervals with the app in the foreground, sorted and disjoint (`nil`: always).
  public var foreground: [TimeRange]?
  /// How long the app keeps running after leaving the foreground before it is suspended (`nil`:
  /// unlimited, a background mode such as audio or navigation).
  public var backgroundTime: TimeSpan?
  /// The least tolerance the app's timers get while it is not in the foreground (App Nap).
  public var timerLeeway: TimeSpan
  /// The background grants beyond ``backgroundTime`` (see *Apps and push delivery*): what a
  /// background task asks for, and what a refresh or processing task runs the app for.
  public var grants: BackgroundGrants

  /// An app.
  public init(
    name: String, foreground: [TimeRange]?, backgroundTime: TimeSpan?, timerLeeway: TimeSpan,
    grants: BackgroundGrants = .standard
  ) {
    self.name = name
    self.foreground = foreground
    self.backgroundTime = backgroundTime
    self.timerLeeway = timerLeeway
    self.grants = grants
  }

  /// The one app of a scenario that declares none: in the foreground during `visibility`, never
  /// suspended and without timer leeway, so such a scenario runs as before apps existed.
  public static func implicitApp(visibility: [TimeRange]?) -> AppSpec {
    AppSpec(name: implicitName, foreground: visibility, backgroundTime: nil, timerLeeway: .zero)
  }

  /// Whether the app can be suspended (its background time is limited).
  public var canBeSuspended: Bool { backgroundTime != nil }
}

/// The defaults a device's OS gives the apps a scenario declares (the device file's
/// `app_policy`, *Apps and push delivery*).
public struct AppPolicySpec: Sendable, Hashable {
  /// How long an app runs after leaving the foreground (`nil`: unlimited, apps are never
  /// suspended, as on macOS).
  public var backgroundTime: TimeSpan?
  /// The least tolerance of a hidden app's timers (App Nap's timer coalescing).
  public var timerLeeway: TimeSpan
  /// The grants of background tasks, refresh tasks and processing tasks.
  public var grants: BackgroundGrants

  /// A policy.
  public init(
    backgroundTime: TimeSpan?, timerLeeway: TimeSpan, grants: BackgroundGrants = .standard
  ) {
    self.backgroundTime = backgroundTime
    self.timerLeeway = timerLeeway
    self.grants = grants
  }

  /// The policy of a device file without `app_policy`: *Apps and push delivery*'s defaults, a 30 s
  /// background grant, no timer leeway and the standard task grants.
  public static let standard = AppPolicySpec(backgroundTime: .seconds(30), timerLeeway: .zero)
}

/// What a deferrable task is for (see *Apps and push delivery*), which decides how long it runs its
/// app in the background.
public enum BackgroundTaskKind: String, Sendable, Hashable, CaseIterable {
  /// An app refresh (`BGAppRefreshTask`, a periodic job): ``BackgroundGrants/refreshTime``.
  case refresh
  /// Maintenance work (`BGProcessingTask`, a JobScheduler job):
  /// ``BackgroundGrants/processingTime``.
  case processing
}

/// How long an app may run in the background for each reason beyond leaving the screen (see *Apps
/// and push delivery*): each grant counts from the moment it is given.
public struct BackgroundGrants: Sendable, Hashable {
  /// What a background task (`{ "extend": "background" }`, `beginBackgroundTask`) asks for: the
  /// app's whole time in the background, counted from when it left the foreground (or a task or
  /// push started running it), is at least this while the task is open.
  public var extendedTime: TimeSpan
  /// How long a refresh task runs the app.
  public var refreshTime: TimeSpan
  /// How long a processing task runs the app.
  public var processingTime: TimeSpan

  /// Grants.
  public init(extendedTime: TimeSpan, refreshTime: TimeSpan, processingTime: TimeSpan) {
    self.extendedTime = extendedTime
    self.refreshTime = refreshTime
    self.processingTime = processingTime
  }

  /// The grants of a device file that gives none: 30 s for a background task and a refresh
  /// task, 10 min for a processing task (the figures of the built-in phone, see *Built-in
  /// devices*).
  public static let standard = BackgroundGrants(
    extendedTime: .seconds(30), refreshTime: .seconds(30), processingTime: .minutes(10))

  /// The grant of a task of `kind`.
  public func grant(for kind: BackgroundTaskKind) -> TimeSpan {
    switch kind {
    case .refresh: refreshTime
    case .processing: processingTime
    }
  }
}

/// How urgently a push is delivered (see *Apps and push delivery*).
public enum PushPriority: String, Sendable, Hashable, CaseIterable {
  /// Delivered at once, waking the radio.
  case high
  /// Held by the push service until the device is awake anyway, or `max_delay` has passed.
  case low
}

/// A workload whose occurrences are pushed by a server (see *Apps and push delivery*): each reaches
/// the device as a downlink of ``size`` before its work runs.
public struct PushSpec: Sendable, Hashable {
  /// High or low priority.
  public var priority: PushPriority
  /// The size of the push's downlink.
  public var size: DataSize
  /// How long the push service may hold a low-priority push.
  public var maxDelay: TimeSpan
  /// Whether held low-priority pushes collapse to the latest.
  public var collapses: Bool

  /// The default push size, 4 KB.
  public static let defaultSize = DataSize(bytes: 4000)
  /// The default longest hold of a low-priority push, 15 min.
  public static let defaultMaxDelay = TimeSpan.seconds(900)

  /// A push.
  public init(
    priority: PushPriority, size: DataSize = PushSpec.defaultSize,
    maxDelay: TimeSpan = PushSpec.defaultMaxDelay, collapses: Bool = false
  ) {
    self.priority = priority
    self.size = size
    self.maxDelay = maxDelay
    self.collapses = collapses
  }
}
