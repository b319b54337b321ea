import SimulationEngine

/// Everything the device simulation schedules on the engine's queue.
///
/// Timers that can be superseded carry a generation; a firing whose generation no longer matches
/// is stale and ignored.
enum DeviceEvent {
  /// A node finished waking and is now active (unless the device shut down since: `boot` is
  /// the count of its starts when the wake began, see ``DeviceShutdown``).
  case wakeDone(node: Int32, boot: UInt32)
  /// The running segment of a lane's job ended (CPU cores: the job's remaining cycles ran out).
  case segmentDone(node: Int32, generation: UInt32)
  /// A radio's shared link reaches its next end of a round trip or of a transfer (see
  /// ``SharedLinkRuntime``).
  case linkEvent(node: Int32, generation: UInt32)
  /// A check of a node's idle timer, queued for its due time or earlier: step down its ladder if
  /// the timer is due, queue the check again if it is later (see
  /// ``DeviceSimulation/scheduleNextDemotion(_:)``).
  case idleTimer(node: Int32)
  /// A predictive node's check that the wake-up it stayed shallow for came to it.
  case demote(node: Int32, generation: UInt32)
  /// A radio's connected-mode DRX reaches its next boundary: the end of its inactivity, the start
  /// or the end of an on-duration (see ``DeviceSimulation/drxBoundary(_:)``).
  case drx(node: Int32, generation: UInt32)
  /// A call's next packets are due (see ``CallStream``).
  case callPacket(call: Int32, generation: UInt32)
  /// The next change of the environment (charger, network, visibility, display, animations).
  case environment
  /// A workload's next occurrence is due.
  case arrival(workload: Int32)
  /// A range timer's window closes: it must fire now.
  case rangeDeadline(workload: Int32, generation: UInt32)
  /// A debounced workload's quiet period has passed.
  case debounceExpiry(workload: Int32, generation: UInt32)
  /// A deferrable workload's window opens.
  case windowOpen(workload: Int32)
  /// A deferrable workload's window closes: it runs now if it has not.
  case windowDeadline(workload: Int32)
  /// An app's background grant ends: it is suspended (see ``AppLifecycleRuntime``).
  case appGrantExpired(app: Int32, generation: UInt32)
  /// The push service must deliver the low-priority pushes it holds (see
  /// ``PushDeliveryRuntime``).
  case pushDeadline(generation: UInt32)
  /// A charging battery reaches the level at which deferrable work finds it ok (see *OS policies*),
  /// unless the charger was unplugged since (then `generation` is stale).
  case batteryLevel(generation: UInt32)
  /// The throttling window of background storage requests ends (see
  /// ``StorageQoSRuntime``), unless a later timer replaced it.
  case ioThrottleEnd(node: Int32, generation: UInt32)
  /// The thermal governor's next poll (see ``ThermalRuntime``).
  case thermalPoll
  /// A hold on the device ends (see *OS policies*), unless it was cut off before (then no hold
  /// carries `id`).
  case holdEnded(id: UInt32)
}

/// The rank of each kind of event among those due at one instant (see *The power-state ladder*):
/// wake completions, then work completions, then demotions, then environment changes (with apps'
/// grant expiries and the push service's deadlines, in the order they were scheduled), then
/// workload events in workload-name order, then predictive nodes' checks for a missed wake-up. So
/// an app whose grant expires at an occurrence's due time is suspended before the occurrence is due
/// (it is held), and work completing at that instant completes.
enum EventRank {
  static let wake: UInt32 = 0
  static let completion: UInt32 = 1
  static let demotion: UInt32 = 2
  static let environment: UInt32 = 3
  /// Workload `index` (in name order) ranks after every workload before it.
  static func workload(_ index: Int32) -> UInt32 { 4 + UInt32(index) }
  /// A predictive node's check that the known wake-up it stayed shallow for came to it: after
  /// everything else due at that instant, so the wake-up has had its chance to bring work.
  static let missedWakeup: UInt32 = EventQueue<DeviceEvent>.maximumRank
  /// The ranks of workload events: arrivals and timers, one or two pending per workload and
  /// mostly far ahead, kept in a heap apart from the device's events due soon.
  static let workloads: Range<UInt32> = workload(0)..<missedWakeup
  /// The rank of the checks of idle timers, due milliseconds ahead (and those of timers
  /// disarmed since stay queued until then), kept in a heap apart from the events due soon.
  static let timeouts: Range<UInt32> = demotion..<environment
}
