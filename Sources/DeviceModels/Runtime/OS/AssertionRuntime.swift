/// Holds on the device (see *OS policies*: a wake lock, an open background task held, a power
/// assertion): a `{ "hold": "awake", "for": … }` step keeps the platform busy for its workload for
/// its length, whether or not anything else runs, and then the occurrence goes on.
///
/// ```
///   step starts ──▶ holding (platform busy for the workload) ── `for` ends ──▶ next step
///                      │ app suspended, device shut down
///                      └──▶ released at once (the occurrence is cut off)
/// ```
///
/// Each workload's time holding the device is the union of its holds (two at once count once),
/// reported as `held_awake_s`.
struct AssertionRuntime: Equatable {
  /// One hold in progress.
  struct Hold: Equatable {
    /// Tells a hold's end event from a stale one (a hold released early, its slot reused).
    var id: UInt32
    var occurrence: Int32
    var workload: Int32
    var end: Int64
  }

  /// The holds in progress, in the order they began.
  var holds: [Hold] = []
  /// The id the next hold gets.
  var nextID: UInt32 = 0
  /// Per workload: its holds in progress. This and the next two are empty when no workload's
  /// work holds the device (see ``init(workloadCount:)``).
  var openHolds: [Int32]
  /// Per workload: when its current stretch of holding began (while ``openHolds`` > 0).
  var holdingSince: [Int64]
  /// Per workload: its time holding the device in stretches that ended, ns.
  var heldTime: [Int128]

  /// No holds, for `workloadCount` workloads (0 for a run whose work holds nothing: then no
  /// workload's time held is kept, and every workload's is zero).
  init(workloadCount: Int = 0) {
    openHolds = Array(repeating: 0, count: workloadCount)
    holdingSince = Array(repeating: -1, count: workloadCount)
    heldTime = Array(repeating: 0, count: workloadCount)
  }

  /// Workload `workload`'s time holding the device up to `time`, ns.
  func heldTime(of workload: Int, upTo time: Int64) -> Int128 {
    guard !openHolds.isEmpty else { return 0 }
    return heldTime[workload]
      + (openHolds[workload] > 0 ? Int128(time - holdingSince[workload]) : 0)
  }
}
