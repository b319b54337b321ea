/// Storage served by QoS between requests, with `background` I/O throttled (see *OS policies*
/// and *Flash storage*).
///
/// A job on the flash is a step's requests, one after another. Between two requests the lane
/// looks at what waits: a job of a higher class goes first, and the interrupted job waits at the
/// head of its class's queue for its remaining requests — so a user's read waits for at most one
/// request of a background export. A `background` request starts only once no request of a higher
/// class has been served for the device's `io_throttle_window` (Darwin's I/O throttling): until
/// then the lane leaves it waiting (and may go idle), and a timer starts it when the window ends.
struct StorageQoSRuntime: Equatable {
  /// The throttling window, ns.
  let throttleWindow: Int64
  /// When a request of a class above `background` last ended (or was cut off), ns; -1: never.
  var lastHigherClassServed: Int64 = -1
  /// Guards the timers that end a throttling window: only the latest is current.
  var generation: UInt32 = 0

  /// The runtime of a device whose throttling window is `throttleWindow` ns.
  init(throttleWindow: Int64) {
    self.throttleWindow = throttleWindow
  }

  /// The first instant a `background` request may start: the window after the last
  /// higher-class request, or `Int64.min` when none has been served.
  var throttleEnds: Int64 {
    guard lastHigherClassServed >= 0 else { return .min }
    return Saturating.sum(lastHigherClassServed, throttleWindow)
  }
}

extension DeviceSimulation {
  /// QoS priority of the `background` class.
  static let backgroundPriority = QoSClass.background.priority

  /// The storage lane's next job: the highest class waiting, unless that is `background` and the
  /// throttling window is still open — then none, and a timer for the window's end. The job is
  /// removed from its queue.
  func nextStorageJob(_ node: Int) -> Int32? {
    let waiting = nodes[node].queuedPriorities
    guard waiting != 0 else { return nil }
    if waiting.trailingZeroBitCount == Self.backgroundPriority {
      let opens = storageQoS.throttleEnds
      if now < opens {
        storageQoS.generation &+= 1
        schedule(
          .ioThrottleEnd(node: Int32(node), generation: storageQoS.generation), at: opens,
          rank: EventRank.environment)
        return nil
      }
    }
    return dequeueJob(node)
  }

  /// Whether `job`, about to go to the free storage lane `node` with nothing waiting, must wait
  /// instead: it is `background` and the throttling window is open.
  @inline(__always)
  func isThrottled(_ job: Int32) -> Bool {
    Int(jobs[job].priority) == Self.backgroundPriority && now < storageQoS.throttleEnds
  }

  /// The storage lane's job ended or was cut off now: a higher class's restarts the window (its
  /// earlier requests ended while it held the lane, when no background request could start).
  @inline(__always)
  func storageRequestServed(_ job: Int32) {
    if Int(jobs[job].priority) < Self.backgroundPriority {
      storageQoS.lastHigherClassServed = now
    }
  }

  /// Between two requests of the storage lane's job: whether a job of a higher class waits.
  @inline(__always)
  func higherClassWaits(than job: Int32, on node: Int) -> Bool {
    let waiting = nodes[node].queuedPriorities
    return waiting != 0 && waiting.trailingZeroBitCount < Int(jobs[job].priority)
  }

  /// The storage lane's job gives way between requests to the higher class waiting: it goes back
  /// to the head of its class's queue, its requests served so far kept, and the lane starts the
  /// other job at once.
  func yieldStorageLane(_ node: Int) {
    let job = nodes[node].job
    activity?.workFinished(node: node, at: now)
    nodes[node].job = -1
    nodes[node].isServing = false
    ownerStateChanged(node)
    let priority = Int(jobs[job].priority)
    laneQueues[node * 5 + priority].prepend(job)
    nodes[node].queuedPriorities |= 1 << priority
    if let next = nextStorageJob(node) { assign(next, to: node) }
  }

  /// A throttling window ended: the free storage lane starts its waiting job, unless a
  /// higher-class request was served since (then the window runs again).
  func ioThrottleEnded(_ node: Int, generation: UInt32) {
    guard generation == storageQoS.generation, nodes[node].job < 0 else { return }
    if let next = nextStorageJob(node) { assign(next, to: node) }
  }
}
