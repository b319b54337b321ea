public import Quantities

/// A priority queue of pending events, ordered by time, then by rank, then by insertion order.
///
/// The order is total, so a simulation that schedules the same events in the same order always
/// processes them in the same order (SimPy orders its queue by `(time, priority, sequence)` for the
/// same reason). The rank lets a model say which of several things due at one instant happens
/// first (in powersim: wake completions, then work completions, then demotions, then arrivals).
///
/// `EventQueue` is a binary min-heap stored in an array. It is not a `Sequence`, because iterating
/// a heap visits its elements in no useful order.
public struct EventQueue<Event> {
  /// One scheduled event: when, in which rank, and the insertion sequence that breaks ties.
  @usableFromInline
  struct Entry {
    @usableFromInline var time: Int64
    /// `rank << sequenceBits | sequence`: one comparison orders rank, then insertion.
    @usableFromInline var order: UInt64
    @usableFromInline var event: Event

    @inlinable
    init(time: Int64, order: UInt64, event: Event) {
      self.time = time
      self.order = order
      self.event = event
    }

    @inlinable
    func precedes(_ other: Entry) -> Bool {
      time < other.time || (time == other.time && order < other.order)
    }
  }

  /// Bits of the order key that hold the insertion sequence; the rank takes the rest.
  @usableFromInline static var sequenceBits: UInt64 { 44 }

  /// The largest rank a caller may use.
  public static var maximumRank: UInt32 { (1 << 20) - 1 }

  /// The heap is `entries[0 ..< heapCount]`; the slots after it are spare room kept from earlier
  /// pushes, so that a push and a pop each touch the array's storage once (one uniqueness check)
  /// instead of resizing it. (A spare slot keeps a copy of the event last moved out of it until a
  /// push reuses it or ``removeAll()`` empties the queue.)
  @usableFromInline var entries: [Entry]
  @usableFromInline var heapCount = 0
  @usableFromInline var nextSequence: UInt64 = 0

  /// An empty queue with room for `minimumCapacity` events before it reallocates.
  public init(minimumCapacity: Int = 1024) {
    entries = []
    entries.reserveCapacity(minimumCapacity)
  }

  /// The number of pending events.
  @inlinable public var count: Int { heapCount }

  /// Whether no event is pending.
  @inlinable public var isEmpty: Bool { heapCount == 0 }

  /// The time of the earliest pending event, or `nil` when the queue is empty.
  @inlinable public var nextTime: Instant? {
    heapCount == 0 ? nil : Instant(nanosecondsSinceStart: entries[0].time)
  }

  /// Adds `event`, due at `time`; among events due at the same time, lower ranks come first,
  /// and events of equal rank come in the order they were pushed.
  ///
  /// - Complexity: O(log *n*).
  @inlinable
  public mutating func push(_ event: Event, at time: Instant, rank: UInt32) {
    precondition(rank <= Self.maximumRank, "event rank out of range")
    let order = UInt64(rank) << Self.sequenceBits | nextSequence
    nextSequence &+= 1
    let moving = Entry(time: time.nanosecondsSinceStart, order: order, event: event)
    if heapCount == entries.count { entries.append(moving) }
    let start = heapCount
    heapCount &+= 1
    entries.withUnsafeMutableBufferPointer { heap in
      var hole = start
      while hole > 0 {
        let parent = (hole &- 1) >> 1
        guard moving.precedes(heap[parent]) else { break }
        heap[hole] = heap[parent]
        hole = parent
      }
      heap[hole] = moving
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
  /// is `Int64.max`), else `nil`: the engine's loop, in one pass over the heap.
  ///
  /// - Complexity: O(log *n*).
  @inlinable
  mutating func removeFirst(dueBefore limit: Int64) -> Entry? {
    guard heapCount > 0 else { return nil }
    let count = heapCount &- 1
    let first: Entry? = entries.withUnsafeMutableBufferPointer { heap in
      let first = heap[0]
      guard first.time < limit || limit == .max else { return nil }
      let moving = heap[count]
      var hole = 0
      while true {
        let left = 2 &* hole &+ 1
        guard left < count else { break }
        let right = left &+ 1
        let child = right < count && heap[right].precedes(heap[left]) ? right : left
        guard heap[child].precedes(moving) else { break }
        heap[hole] = heap[child]
        hole = child
      }
      heap[hole] = moving
      return first
    }
    if first != nil { heapCount = count }
    return first
  }

  /// Removes every pending event.
  public mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
    heapCount = 0
  }
}

extension EventQueue: Sendable where Event: Sendable {}
extension EventQueue.Entry: Sendable where Event: Sendable {}
