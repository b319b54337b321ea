public import Quantities

/// A priority queue of pending events, ordered by time, then by rank, then by insertion order.
///
/// The order is total, so a simulation that schedules the same events in the same order always
/// processes them in the same order (SimPy orders its queue by `(time, priority, sequence)` for the
/// same reason). The rank lets a model say which of several things due at one instant happens
/// first (in powersim: wake completions, then work completions, then demotions, then arrivals).
///
/// `EventQueue` is a binary min-heap in memory it owns. It is not a `Sequence`, because iterating
/// a heap visits its elements in no useful order, and it is not copyable: a simulation has one
/// queue, and as an array held by the scheduler every push and pop paid a uniqueness check.
public struct EventQueue<Event>: ~Copyable {
  /// One scheduled event: its key (when, in which rank, and the insertion sequence that breaks
  /// ties) and the event.
  @usableFromInline
  struct Entry {
    /// The time, its sign bit flipped, in the high 64 bits; `rank << sequenceBits | sequence`
    /// in the low 64: one unsigned comparison orders time, then rank, then insertion, and
    /// compiles to a flag rather than a branch, so the sift's choice between two children
    /// (a coin toss) costs no mispredicted jump.
    @usableFromInline var key: UInt128
    @usableFromInline var event: Event

    @inlinable
    init(time: Int64, order: UInt64, event: Event) {
      key = UInt128(UInt64(bitPattern: time) ^ Entry.timeBias) << 64 | UInt128(order)
      self.event = event
    }

    /// Maps signed times onto unsigned ones in the same order.
    @inlinable static var timeBias: UInt64 { 1 << 63 }

    @inlinable
    var time: Int64 { Int64(bitPattern: UInt64(truncatingIfNeeded: key >> 64) ^ Entry.timeBias) }
  }

  /// Bits of the order key that hold the insertion sequence; the rank takes the rest.
  @usableFromInline static var sequenceBits: UInt64 { 44 }

  /// The largest rank a caller may use.
  public static var maximumRank: UInt32 { (1 << 20) - 1 }

  /// The heap: `entries[0 ..< heapCount]` are initialized, the rest of `capacity` is not.
  @usableFromInline var entries: UnsafeMutablePointer<Entry>
  @usableFromInline var capacity: Int
  @usableFromInline var heapCount = 0
  @usableFromInline var nextSequence: UInt64 = 0

  /// An empty queue with room for `minimumCapacity` events before it reallocates.
  public init(minimumCapacity: Int = 1024) {
    capacity = Swift.max(1, minimumCapacity)
    entries = .allocate(capacity: capacity)
  }

  deinit {
    entries.deinitialize(count: heapCount)
    entries.deallocate()
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
  /// - Complexity: O(log *n*), amortized.
  @inlinable
  public mutating func push(_ event: Event, at time: Instant, rank: UInt32) {
    precondition(rank <= Self.maximumRank, "event rank out of range")
    let order = UInt64(rank) << Self.sequenceBits | nextSequence
    nextSequence &+= 1
    let moving = Entry(time: time.nanosecondsSinceStart, order: order, event: event)
    if heapCount == capacity { grow() }
    // The new slot at the end is the hole; it rises while its parent comes after the new entry.
    // (Every slot in the heap stays initialized, so entries move by plain assignment.)
    var hole = heapCount
    (entries + hole).initialize(to: moving)
    heapCount &+= 1
    while hole > 0 {
      let parent = (hole &- 1) >> 1
      guard moving.key < entries[parent].key else { break }
      entries[hole] = entries[parent]
      hole = parent
    }
    entries[hole] = moving
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
    guard heapCount > 0, entries[0].time < limit || limit == .max else { return nil }
    let first = entries[0]
    let count = heapCount &- 1
    heapCount = count
    // The last entry leaves its slot and fills the root's, sinking while a child comes first.
    let moving = (entries + count).move()
    guard count > 0 else { return first }
    var hole = 0
    // While the hole has two children, the earlier one is chosen by arithmetic on a comparison,
    // not by a jump; the moving entry (a former leaf) nearly always sinks far, so the loop's own
    // exit test is predictable.
    let lastParent = (count &- 3) >> 1
    while hole <= lastParent {
      let left = 2 &* hole &+ 1
      let child = left &+ (entries[left &+ 1].key < entries[left].key ? 1 : 0)
      guard entries[child].key < moving.key else {
        entries[hole] = moving
        return first
      }
      entries[hole] = entries[child]
      hole = child
    }
    // A last parent with only a left child.
    let left = 2 &* hole &+ 1
    if left < count && entries[left].key < moving.key {
      entries[hole] = entries[left]
      hole = left
    }
    entries[hole] = moving
    return first
  }

  /// Removes every pending event.
  public mutating func removeAll() {
    entries.deinitialize(count: heapCount)
    heapCount = 0
  }

  /// Doubles the room for entries.
  @usableFromInline
  mutating func grow() {
    let larger = capacity * 2
    let moved = UnsafeMutablePointer<Entry>.allocate(capacity: larger)
    moved.moveInitialize(from: entries, count: heapCount)
    entries.deallocate()
    entries = moved
    capacity = larger
  }
}

// The queue owns its memory alone (it cannot be copied), so sending it sends the events.
extension EventQueue: @unchecked Sendable where Event: Sendable {}
