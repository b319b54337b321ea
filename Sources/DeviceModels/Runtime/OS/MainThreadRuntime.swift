/// Each app's main thread (see *OS policies*): one lane per app that has a workload on it
/// (`"thread": "main"`). An occurrence of such a workload holds the thread from its start to its
/// end, every step included (a blocking read holds it while the flash serves); a frame of the
/// app's animations holds it for its CPU stage. An occurrence that finds the thread held waits, in
/// the order it came, and its latency counts the wait; a frame waiting for it is still in its CPU
/// stage, so the animation's next frames are dropped meanwhile.
///
/// What it reports per app: hitches — frames that waited for the thread and completed after their
/// deadline — and hitch time, each late frame's lateness beyond its deadline counted once (the
/// union of the late stretches, as Apple's hitch-time ratio counts it); the animation time those
/// are a share of (the union of the app's frames' intervals, due to deadline, dropped frames
/// included); and hangs, stretches over 250 ms in which the thread was held without a break (held
/// again at the instant it was let go is no break).
struct MainThreadRuntime: Equatable {
  /// A busy stretch of the main thread longer than this is a hang (Apple's hang threshold:
  /// "a hang is … at least 250 ms"), ns.
  static let hangThreshold: Int64 = 250_000_000

  /// One app's main thread and its counts.
  struct Lane: Equatable {
    /// The occurrence holding the thread, or -1.
    var holder: Int32 = -1
    /// Occurrences waiting for the thread, first come first.
    var waiting: [Int32] = []
    /// When the current busy stretch began (-1: the thread is free).
    var busySince: Int64 = -1
    var hangs = 0
    var hitches = 0
    /// Hitch time and animation time so far, ns, and the ends of the stretches each has counted.
    var hitchTime: Int128 = 0
    var hitchCountedUntil: Int64 = -1
    var animationTime: Int128 = 0
    var animationCountedUntil: Int64 = -1
  }

  /// Whether each app has a main thread to share (a workload on it).
  let hasLane: [Bool]
  /// Per app.
  var lanes: [Lane]

  /// No apps.
  init() {
    hasLane = []
    lanes = []
  }

  /// The main threads of `appCount` apps; `mainThreadApps` are those with a workload on theirs.
  init(appCount: Int, mainThreadApps: Set<Int32>) {
    hasLane = (0..<appCount).map { mainThreadApps.contains(Int32($0)) }
    lanes = Array(repeating: Lane(), count: appCount)
  }

  /// Adds the part of `[start, end]` after `countedUntil` to `total` and moves `countedUntil` on:
  /// a stretch overlapping one counted before counts once.
  static func addOnce(
    from start: Int64, to end: Int64, total: inout Int128, countedUntil: inout Int64
  ) {
    let from = max(start, countedUntil)
    if end > from { total += Int128(end - from) }
    countedUntil = max(countedUntil, end)
  }

  /// The thread of `app` is let go at `time` with no one waiting: the busy stretch ends, a hang
  /// when it lasted over the threshold.
  mutating func endBusyStretch(of app: Int, at time: Int64) {
    guard lanes[app].busySince >= 0 else { return }
    if time - lanes[app].busySince > Self.hangThreshold { lanes[app].hangs += 1 }
    lanes[app].busySince = -1
  }
}

extension DeviceSimulation {
  /// Whether occurrence `occurrence` must hold its app's main thread: its workload runs on it, or
  /// it is a frame with a CPU stage of an app with a main thread.
  func needsMainThread(_ occurrence: Int32) -> Bool {
    let workload = Int(occurrences[occurrence].workload)
    guard mainThreads.hasLane[Int(workloads[workload].app)] else { return false }
    if workloads[workload].onMainThread { return true }
    return occurrences[occurrence].isFrame
      && occurrences[occurrence].step < occurrences[occurrence].frameCPUEnd
  }

  /// The occurrence takes its app's main thread, or waits for it: whether it may start now.
  func takeMainThread(_ occurrence: Int32) -> Bool {
    let app = Int(workloads[Int(occurrences[occurrence].workload)].app)
    if mainThreads.lanes[app].holder < 0 {
      mainThreads.lanes[app].holder = occurrence
      if mainThreads.lanes[app].busySince < 0 { mainThreads.lanes[app].busySince = now }
      return true
    }
    occurrences[occurrence].waitedForMainThread = true
    mainThreads.lanes[app].waiting.append(occurrence)
    return false
  }

  /// The occurrence lets its app's main thread go (it ended, left its CPU stage as a frame, or
  /// was cut off): the next waiting occurrence takes it at once and starts; with none, the busy
  /// stretch ends.
  func releaseMainThread(_ occurrence: Int32) {
    let app = Int(workloads[Int(occurrences[occurrence].workload)].app)
    guard mainThreads.lanes[app].holder == occurrence else {
      // Cut off while it waited: it leaves the queue.
      mainThreads.lanes[app].waiting.removeAll { $0 == occurrence }
      return
    }
    mainThreads.lanes[app].holder = -1
    while !mainThreads.lanes[app].waiting.isEmpty {
      let next = mainThreads.lanes[app].waiting.removeFirst()
      // Cut off with its app while it waited: it is discarded with the others.
      guard !occurrences[next].isCutOff else { continue }
      mainThreads.lanes[app].holder = next
      startStep(of: next)
      return
    }
    mainThreads.endBusyStretch(of: app, at: now)
  }

  /// The occurrence lets its app's main thread go if it holds it.
  @inline(__always)
  func releaseMainThreadIfHeld(_ occurrence: Int32) {
    let app = Int(workloads[Int(occurrences[occurrence].workload)].app)
    if mainThreads.hasLane[app] && mainThreads.lanes[app].holder == occurrence {
      releaseMainThread(occurrence)
    }
  }

  /// A frame of `workload` falls due now with deadline `deadline` (started or dropped): its
  /// interval counts as animation time of its app, once.
  func countAnimationTime(_ workload: Int32, deadline: Int64) {
    let app = Int(workloads[Int(workload)].app)
    guard deadline != .max else { return }
    MainThreadRuntime.addOnce(
      from: now, to: deadline, total: &mainThreads.lanes[app].animationTime,
      countedUntil: &mainThreads.lanes[app].animationCountedUntil)
  }

  /// A frame completed now: a hitch when it waited for the main thread and is past its deadline,
  /// its lateness counted once.
  func frameCompleted(_ finished: Occurrence) {
    guard finished.waitedForMainThread, now > finished.deadline else { return }
    let app = Int(workloads[Int(finished.workload)].app)
    mainThreads.lanes[app].hitches += 1
    MainThreadRuntime.addOnce(
      from: finished.deadline, to: now, total: &mainThreads.lanes[app].hitchTime,
      countedUntil: &mainThreads.lanes[app].hitchCountedUntil)
  }
}
