public import Quantities

/// A priority queue of pending events, ordered by time, then by rank, then by insertion order.
///
/// The order is total, so a simulation that schedules the same events in the same order always
/// processes them in the same order (SimPy orders its queue by `(time, priority, sequence)` for the
/// same reason). The rank lets a model say which of several things due at one instant happens
/// first (in powersim: wake completions, then work completions, then demotions, then arrivals).
///
/// The events live in two binary min-heaps (``EventHeap``) under one sequence counter: events
/// whose rank lies in `secondHeapRanks` in one, the rest in the other, and the earlier of the two
/// heads comes out first — the same order as one heap would give. A model whose thousands of
/// sources each keep one arrival pending, far ahead, puts those ranks in the second heap, so that
/// the few events due soon (a wake, the end of a piece of work) climb and sink a heap of dozens,
/// not of thousands.
///
/// It is not a `Sequence`, because iterating a heap visits its elements in no useful order, and
/// it is not copyable: a simulation has one queue, and as an array held by the scheduler every
/// push and pop paid a uniqueness check.
public struct EventQueue<Event>: ~Copyable {
  /// Bits of the order key that hold the insertion sequence; the rank takes the rest.
  @usableFromInline static var sequenceBits: UInt64 { 44 }

  /// The largest rank a caller may use.
  public static var maximumRank: UInt32 { (1 << 20) - 1 }

  @usableFromInline var firstHeap: EventHeap<Event>
  @usableFromInline var secondHeap: EventHeap<Event>
  /// The ranks whose events go to `secondHeap`.
  @usableFromInline let secondHeapRanks: Range<UInt32>
  @usableFromInline var nextSequence: UInt64 = 0

  /// An empty queue with room for `minimumCapacity` events before it reallocates, which keeps
  /// the events whose rank lies in `secondHeapRanks` in a heap of their own (by default, none).
  public init(minimumCapacity: Int = 1024, secondHeapRanks: Range<UInt32> = 0..<0) {
    firstHeap = EventHeap(minimumCapacity: minimumCapacity)
    secondHeap = EventHeap(minimumCapacity: secondHeapRanks.isEmpty ? 1 : minimumCapacity)
    self.secondHeapRanks = secondHeapRanks
  }

  deinit {
    firstHeap.deallocate()
    secondHeap.deallocate()
  }

  /// The number of pending events.
  @inlinable public var count: Int { firstHeap.count + secondHeap.count }

  /// Whether no event is pending.
  @inlinable public var isEmpty: Bool { count == 0 }

  /// The time of the earliest pending event, or `nil` when the queue is empty.
  @inlinable public var nextTime: Instant? {
    switch earlierHeap {
    case nil: nil
    case false?: Instant(nanosecondsSinceStart: firstHeap.entries[0].time)
    case true?: Instant(nanosecondsSinceStart: secondHeap.entries[0].time)
    }
  }

  /// Adds `event`, due at `time`; among events due at the same time, lower ranks come first,
  /// and events of equal rank come in the order they were pushed.
  ///
  /// - Complexity: O(log *n*), amortized.
  @inlinable
  public mutating func push(_ event: Event, at time: Instant, rank: UInt32) {
    precondition(rank <= Self.maximumRank, "event rank out of range")
    let order = UInt64(rank) << Self.sequenceBits | nextSequence
    nextSequence &+= 1
    let entry = EventHeap.Entry(time: time.nanosecondsSinceStart, order: order, event: event)
    if secondHeapRanks.contains(rank) {
      secondHeap.push(entry)
    } else {
      firstHeap.push(entry)
    }
  }

  /// Removes and returns the earliest pending event, or `nil` when the queue is empty.
  ///
  /// - Complexity: O(log *n*).
  @inlinable
  public mutating func popFirst() -> (time: Instant, event: Event)? {
    guard let entry = removeFirst(dueBefore: .max) else { return nil }
    return (Instant(nanosecondsSinceStart: entry.time), entry.event)
  }

  /// Removes and returns the earliest pending event if it is due before `limit` ns (or `limit`
  /// is `Int64.max`), else `nil`: the engine's loop.
  ///
  /// - Complexity: O(log *n*).
  @inlinable
  mutating func removeFirst(dueBefore limit: Int64) -> EventHeap<Event>.Entry? {
    switch earlierHeap {
    case nil:
      return nil
    case false?:
      guard firstHeap.entries[0].time < limit || limit == .max else { return nil }
      return firstHeap.removeFirst()
    case true?:
      guard secondHeap.entries[0].time < limit || limit == .max else { return nil }
      return secondHeap.removeFirst()
    }
  }

  /// Which heap holds the earliest event: `true` for the second, `nil` when both are empty.
  @inlinable var earlierHeap: Bool? {
    if secondHeap.count == 0 { return firstHeap.count == 0 ? nil : false }
    if firstHeap.count == 0 { return true }
    return secondHeap.firstKey < firstHeap.firstKey
  }

  /// Removes every pending event.
  public mutating func removeAll() {
    firstHeap.removeAll()
    secondHeap.removeAll()
  }
}

// The queue owns its memory alone (it cannot be copied), so sending it sends the events.
extension EventQueue: @unchecked Sendable where Event: Sendable {}
