import Quantities

/// Where an app is in its lifecycle (see *Apps and push delivery*).
enum AppPhase: UInt8, Equatable {
  /// On screen: its workloads run, `when: "visible"` ones included.
  case foreground
  /// Off screen, within its background grant (or with unlimited background time).
  case background
  /// Off screen after its grant expired: none of its workloads run.
  case suspended
}

/// The apps of a run and their lifecycles (see *Apps and push delivery*):
///
/// ```
///              foreground starts                     grant expires
///   ┌──────────────────────────────┐  ┌──────────────────────────────────┐
///   ▼                              │  │                                  ▼
/// foreground ── foreground ends ──▶ background ◀── a push arrives ── suspended
///   ▲                                (grant of background_time)          │
///   └──────────────────────── foreground starts ─────────────────────────┘
/// ```
///
/// Leaving the foreground starts a grant of `background_time` (none with `"unlimited"`); when it
/// expires the app is suspended: work still running is cut off (`unfinished`) and each
/// workload's occurrences falling due are held — only the latest runs when the app next runs
/// (the others count as `held`). A push delivery runs a suspended app in the background for
/// another grant. An app not in the foreground at time 0 starts in the background, as if it had
/// just left the foreground. While not in the foreground, its periodic timers get at least its
/// `timer_leeway` of tolerance (App Nap).
///
/// Every mutable value of the apps lives here (and it is `Equatable`), so the simulation state
/// can be compared at period boundaries.
struct AppLifecycleRuntime: Equatable {
  /// One app's state and the time it spent in each phase so far.
  struct AppState: Equatable {
    var phase: AppPhase
    /// When the current phase began.
    var phaseSince: Int64 = 0
    /// Guards grant expiries: a new grant, or a return to the foreground, makes the pending one
    /// stale.
    var grantGeneration: UInt32 = 0
    /// When the current background grant ends, counting the extensions of background tasks and
    /// deferrable tasks (-1: none pending).
    var grantEnd: Int64 = -1
    /// When it ends without background tasks' extensions: once every background task has ended
    /// after this, the app is suspended at once.
    var baseGrantEnd: Int64 = -1
    /// Occurrences running that asked for the extended grant (`extend: background`) and have not
    /// ended: the app's open background tasks.
    var openBackgroundTasks: Int32 = 0
    /// Time spent in each phase before ``phaseSince``, in ns.
    var foregroundTime: Int64 = 0
    var backgroundTime: Int64 = 0
    var suspendedTime: Int64 = 0
  }

  /// The latest occurrence of a workload held while its app was suspended.
  struct HeldOccurrence: Equatable {
    /// When it was due (-1: nothing held).
    var due: Int64 = -1
    var stepStart: Int32 = 0
    var stepEnd: Int32 = 0
    var deadline: Int64 = .max
  }

  /// Each app's background grant in ns (-1: unlimited).
  let grants: [Int64]
  /// Each app's grant for a background task (`extended_time`), in ns.
  let extendedGrants: [Int64]
  /// Each app's foreground intervals (`nil`: always in the foreground).
  let foregroundIntervals: [[TimeRange]?]
  var apps: [AppState]
  /// Per workload: its latest held occurrence (empty when no app can be suspended: only a
  /// suspended app's workloads hold occurrences). Changed only through ``hold(_:for:)``.
  private(set) var heldOccurrences: [HeldOccurrence]
  /// The sum of the held occurrences' due times (wrapping), kept as they change: a function of
  /// them alone, so equal runtimes have equal sums, and the fast-forward's fingerprint reads one
  /// word where the occurrences held are one per workload (a suspended app's timer, held every
  /// period with a later due time, tells the boundaries apart without a snapshot).
  private(set) var heldDueSum: Int64 = 0

  /// Holds `held` for workload `workload` in place of what it held (nothing, with the default
  /// ``HeldOccurrence``).
  mutating func hold(_ held: HeldOccurrence, for workload: Int) {
    let before = heldOccurrences[workload].due
    if before >= 0 { heldDueSum &-= before }
    if held.due >= 0 { heldDueSum &+= held.due }
    heldOccurrences[workload] = held
  }

  /// No apps (before the simulation is built).
  init() {
    grants = []
    extendedGrants = []
    foregroundIntervals = []
    apps = []
    heldOccurrences = []
  }

  /// The apps of `specs` at time 0: in the foreground when their first foreground interval
  /// starts at 0 (or they have no intervals), in the background otherwise.
  init(specs: [AppSpec], workloadCount: Int) {
    grants = specs.map { $0.backgroundTime?.nanoseconds ?? -1 }
    extendedGrants = specs.map(\.grants.extendedTime.nanoseconds)
    foregroundIntervals = specs.map(\.foreground)
    apps = specs.map { spec in
      let foregroundAtStart = spec.foreground.map { $0.first?.start == .start } ?? true
      return AppState(phase: foregroundAtStart ? .foreground : .background)
    }
    heldOccurrences = Array(
      repeating: HeldOccurrence(),
      count: specs.contains(where: \.canBeSuspended) ? workloadCount : 0)
  }

  /// Whether app `app` is suspended.
  @inline(__always)
  func isSuspended(_ app: Int32) -> Bool { apps[Int(app)].phase == .suspended }

  /// Whether app `app` is in the foreground.
  @inline(__always)
  func isInForeground(_ app: Int32) -> Bool { apps[Int(app)].phase == .foreground }

  /// Moves app `app` to `phase` at `now`, adding the time of the phase it leaves.
  mutating func enter(_ phase: AppPhase, app: Int, at now: Int64) {
    let spent = now - apps[app].phaseSince
    switch apps[app].phase {
    case .foreground: apps[app].foregroundTime += spent
    case .background: apps[app].backgroundTime += spent
    case .suspended: apps[app].suspendedTime += spent
    }
    apps[app].phase = phase
    apps[app].phaseSince = now
  }
}
