public import Quantities

/// Something that reacts to the events of a simulation: a device model, or a test's toy model.
///
/// The engine knows nothing of what a model is made of; it only hands it each event at its time.
/// A model schedules further events through the ``Scheduler`` it was built with.
public protocol SimulationModel: AnyObject {
  /// The model's own event type: a small value, so the queue stores it inline.
  associatedtype Event

  /// Reacts to `event`; the scheduler's clock already reads the event's time.
  func handle(_ event: Event)
}

/// The clock and the event queue of one simulation run.
///
/// `Scheduler` holds simulated time as an `Instant` that only moves forward, and a queue of
/// pending events (see ``EventQueue`` for their order). ``run(_:until:)`` takes events off the
/// queue one at a time, sets the clock to the event's time before the model sees it (as SwiftNIO's
/// `EmbeddedEventLoop` does), and stops at the end of the run: an event due exactly at the end is
/// not processed, because a run covers the half-open interval `[0, end)`.
///
/// A timer that may be superseded is not removed from the queue; its owner tags it with a
/// generation and ignores it when it fires stale. That keeps the queue a plain heap.
public final class Scheduler<Event> {
  /// The current simulated time.
  @inlinable public var now: Instant { currentTime }
  // The mutable state is `@exclusivity(unchecked)`: a scheduler is confined to the thread that
  // runs it, and the runtime's dynamic check on every access to a class property would cost more
  // than the queue operations themselves.
  @exclusivity(unchecked) @usableFromInline var currentTime: Instant = .start

  @exclusivity(unchecked) @usableFromInline var queue: EventQueue<Event>

  /// How many events have been taken off the queue so far (the engine's unit of work).
  @inlinable public var processedEventCount: Int { processedCount }
  @exclusivity(unchecked) @usableFromInline var processedCount: Int = 0

  /// A scheduler at time 0 with an empty queue, which keeps events whose rank lies in
  /// `secondHeapRanks`, and those whose rank lies in `thirdHeapRanks`, in heaps of their own (see
  /// ``EventQueue``), the second with a sorted run beside it when `keepsSortedRun`.
  public init(
    expectedPendingEvents: Int = 1024, secondHeapRanks: Range<UInt32> = 0..<0,
    thirdHeapRanks: Range<UInt32> = 0..<0, keepsSortedRun: Bool = false
  ) {
    queue = EventQueue(
      minimumCapacity: expectedPendingEvents, secondHeapRanks: secondHeapRanks,
      thirdHeapRanks: thirdHeapRanks, keepsSortedRun: keepsSortedRun)
  }

  /// Drops every pending event and gives the queue's memory back: for the end of a run, whose
  /// pending events will never be handled (a run of 100,000 workloads ends with as many arrivals
  /// pending). The clock and the count of processed events are kept, and events may be scheduled
  /// again.
  public func discardPendingEvents() {
    queue = EventQueue(
      minimumCapacity: 1, secondHeapRanks: queue.secondHeapRanks,
      thirdHeapRanks: queue.thirdHeapRanks, keepsSortedRun: queue.keepsSortedRun)
  }

  /// The number of events waiting in the queue.
  @inlinable public var pendingEventCount: Int { queue.count }

  /// When the earliest pending event is due, or `nil` when none is pending.
  ///
  /// - Complexity: O(1).
  @inlinable public var nextEventTime: Instant? { queue.nextTime }

  /// Whether an event due now with a rank of at most `rank` is still pending: the instant's
  /// events of those ranks are not all handled yet.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public func hasPendingEvent(dueNowWithRankAtMost rank: UInt32) -> Bool {
    queue.hasEvent(dueAtOrBefore: currentTime, rankAtMost: rank)
  }

  /// Schedules `event` at `time` (not before now) in `rank` (see ``EventQueue/push(_:at:rank:)``).
  ///
  /// - Complexity: O(log *n*) for *n* pending events.
  @inlinable
  public func schedule(_ event: Event, at time: Instant, rank: UInt32) {
    precondition(time >= now, "an event cannot be scheduled in the past")
    queue.push(event, at: time, rank: rank)
  }

  /// The most events ``run(_:until:)`` may take off the queue in all, over every call
  /// (`Int.max`, the default: no limit). A run that reaches it with an event still due before
  /// its end stops there and sets ``stoppedAtLimit``.
  public var processedEventLimit = Int.max

  /// Whether a call of ``run(_:until:)`` stopped at ``processedEventLimit`` with events still due
  /// before its end (the clock then reads the last event's time, not the end).
  @inlinable public var stoppedAtLimit: Bool { limitReached }
  @usableFromInline var limitReached = false

  /// Processes events in order until the queue is empty or the next event is at or after `end`,
  /// then sets the clock to `end`; with a ``processedEventLimit``, stops early when it is reached
  /// (see ``stoppedAtLimit``).
  ///
  /// The limit costs one comparison per call without one, and one per event with one: the loop
  /// without it is the same as before the limit existed.
  ///
  /// - Complexity: O(*e* log *n*) for *e* processed events, plus the model's own work.
  @inlinable
  public func run<Model: SimulationModel>(_ model: Model, until end: Instant)
  where Model.Event == Event {
    guard processedEventLimit == .max else {
      runLimited(model, until: end)
      return
    }
    let endTime = end.nanosecondsSinceStart
    while let entry = queue.removeFirst(dueBefore: endTime) {
      currentTime = Instant(nanosecondsSinceStart: entry.time)
      processedCount &+= 1
      model.handle(entry.event)
    }
    if end > currentTime { currentTime = end }
  }

  /// ``run(_:until:)`` under a ``processedEventLimit``: exactly the limit's events may be taken;
  /// one more due before `end` stops the run.
  @inlinable
  func runLimited<Model: SimulationModel>(_ model: Model, until end: Instant)
  where Model.Event == Event {
    let endTime = end.nanosecondsSinceStart
    let limit = processedEventLimit
    while processedCount < limit, let entry = queue.removeFirst(dueBefore: endTime) {
      currentTime = Instant(nanosecondsSinceStart: entry.time)
      processedCount &+= 1
      model.handle(entry.event)
    }
    if processedCount >= limit, let next = queue.nextTime, next < end {
      limitReached = true
      return
    }
    if end > currentTime { currentTime = end }
  }

  /// Takes the next event due before `end` off the queue and sets the clock to its time, or
  /// returns `nil` (and sets the clock to `end`) when there is none; for models that drive the
  /// loop themselves.
  @inlinable
  public func nextEvent(before end: Instant) -> Event? {
    guard let entry = queue.removeFirst(dueBefore: end.nanosecondsSinceStart) else {
      if end > currentTime { currentTime = end }
      return nil
    }
    currentTime = Instant(nanosecondsSinceStart: entry.time)
    processedCount &+= 1
    return entry.event
  }
}
