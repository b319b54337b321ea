import Quantities

/// Deferrable work at run time (see *OS policies*): the conditions the OS tracks for it, each
/// deferrable workload's waiting instance, and the interruptible occurrences paused between
/// steps.
///
/// A waiting instance, per deferrable workload:
///
/// ```
///            eligible                       conditions hold, or deadline (and the previous
///   (none) ───────────▶ waiting ──────────▶ instance finished) ──────────▶ running
///                          │ next instance eligible
///                          └──▶ replaced (the older one counts as `held`)
/// ```
///
/// A repeating task's instance `k` is eligible at `start + k·every`, its deadline `window`
/// later. An instance never runs beside the previous one (as BGTaskScheduler and WorkManager
/// never run two instances of one periodic task at once): one that falls due while the previous
/// still runs waits for it to finish, even past its deadline (it then runs as soon as the
/// previous finishes); one that becomes eligible while the previous still waits replaces it.
/// Repeating tasks also wait while Low Power Mode is on (see *Apps and push delivery*).
///
/// An interruptible occurrence whose conditions no longer hold when a step ends waits there —
/// paused — until they hold again or its deadline comes; from its deadline on it runs to the end.
/// `radio-active` does not interrupt: once the task's own transfer has woken the radio, that
/// the radio later drops to idle between steps is no reason to stop.
///
/// The device is idle when the display has been off for ``DeferralConditions/idleAfter`` without
/// a break: the environment's timeline carries the instants that happens (see
/// ``EnvironmentChange/idleStarted``); a display off from time 0 counts from time 0. The battery
/// is ok at ``DeferralConditions/batteryOKLevel`` or more: a fall to it is found exactly like
/// the battery running out (see ``DeviceShutdown``), and a rise to it while charging — at the
/// charger's constant rate — is scheduled.
struct BackgroundTaskRuntime: Equatable {
  /// Per workload: the conditions its deferral waits for.
  let requirements: [DeferralConditions]
  /// Per workload: whether it is a repeating deferrable task.
  let isRepeating: [Bool]
  /// Per workload: whether its occurrences pause between steps when their conditions stop
  /// holding.
  let isInterruptible: [Bool]
  /// Whether any workload is interruptible (the check each step end makes first).
  let hasInterruptible: Bool
  /// Whether any workload waits for `battery-ok` (the battery level is then watched).
  let watchesBatteryLevel: Bool
  /// Whether any workload waits for `idle` (the environment then marks the idle instants).
  let watchesIdle: Bool
  /// Whether any deferrable workload has no conditions: the system chooses its time, so the
  /// device waking is a moment to check it (see *OS policies*).
  let hasConditionless: Bool

  /// The display has been off for ``DeferralConditions/idleAfter``.
  var deviceIsIdle = false
  /// The battery holds at least ``DeferralConditions/batteryOKLevel`` (always, without one).
  var batteryIsOK = true
  /// Guards the scheduled rise of a charging battery to the ok level.
  var batteryLevelGeneration: UInt32 = 0

  /// Per workload: the index of a repeating task's next instance.
  var nextInstance: [Int]
  /// Per workload: the due time (eligibility) and deadline of the waiting instance.
  var waitingDue: [Int64]
  var waitingDeadline: [Int64]
  /// Interruptible occurrences paused between steps, in the order they paused.
  var paused: [Int32] = []

  /// The tasks of `workloads`.
  init(workloads: [WorkloadSpec]) {
    requirements = workloads.map { workload in
      switch workload.timing {
      case .window(_, _, let requires), .repeatingWindow(_, _, _, _, _, let requires): requires
      default: []
      }
    }
    isRepeating = workloads.map {
      if case .repeatingWindow = $0.timing { return true }
      return false
    }
    isInterruptible = workloads.map(\.isInterruptible)
    hasInterruptible = isInterruptible.contains(true)
    watchesBatteryLevel = requirements.contains { $0.contains(.batteryOK) }
    watchesIdle = requirements.contains { $0.contains(.idle) }
    hasConditionless = workloads.contains { workload in
      switch workload.timing {
      case .window(_, _, let requires), .repeatingWindow(_, _, _, _, _, let requires):
        requires.isEmpty
      default: false
      }
    }
    nextInstance = Array(repeating: 0, count: workloads.count)
    waitingDue = Array(repeating: -1, count: workloads.count)
    waitingDeadline = Array(repeating: -1, count: workloads.count)
  }
}
