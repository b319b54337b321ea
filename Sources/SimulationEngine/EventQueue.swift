public import Quantities

/// A priority queue of pending events, ordered by time, then by rank, then by insertion order.
///
/// The order is total, so a simulation that schedules the same events in the same order always
/// processes them in the same order (SimPy orders its queue by `(time, priority, sequence)` for the
/// same reason). The rank lets a model say which of several things due at one instant happens
/// first (in powersim: wake completions, then work completions, then demotions, then arrivals).
///
/// The events live in up to three binary min-heaps (``EventHeap``) under one sequence counter:
/// events whose rank lies in `secondHeapRanks` in one, those whose rank lies in `thirdHeapRanks`
/// in another, the rest in the first, and the earliest of the heads comes out first — the same
/// order as one heap would give. A model sorts its events by how far ahead they are due into
/// heaps of their own: its thousands of sources each keep one arrival pending, far ahead (the
/// second heap); its timeouts are due milliseconds ahead, and the checks of those it has disarmed
/// stay queued until then (the third); the few events due soon — a wake, the end of a piece of
/// work — then climb and sink a heap of a dozen, not of hundreds or thousands.
///
/// A queue made with `keepsSortedRun` places an event of the second heap's ranks due no earlier
/// than the last one placed in one of two sorted runs beside that heap (``SortedChain``) in that
/// run instead: tens of thousands of sources, each scheduling its next arrival a whole period
/// ahead, nearly always schedule it after every other of its kind, and the run takes it at its
/// back in O(1) where the heap sank each one through a tree of all of them, a cache miss a level.
/// Two runs, because sources schedule two kinds of event a period ahead, each kind in its own
/// ascending order: arrivals at their due times, and range timers' deadlines a tolerance later
/// (a third of 100,000 workloads' arrivals, behind the others' deadlines, kept 30,000 events in
/// the heap with one run). An event joins the run whose last event is the latest due no later
/// than it. Each run's earliest event is kept in the second heap (and the next one moves there
/// when it leaves), so the second heap's head is still the earliest of its ranks and the order
/// is the one a single heap gives.
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
  @usableFromInline var thirdHeap: EventHeap<Event>
  /// The ranks whose events go to `secondHeap` and to `thirdHeap`.
  @usableFromInline let secondHeapRanks: Range<UInt32>
  @usableFromInline let thirdHeapRanks: Range<UInt32>
  @usableFromInline var nextSequence: UInt64 = 0
  /// Two chains of events of the second heap's ranks in ascending order, each with its earliest
  /// event in `secondHeap`.
  @usableFromInline var sortedRun: SortedChain<Event>
  @usableFromInline var otherSortedRun: SortedChain<Event>
  /// Whether events of the second heap's ranks may join the sorted run (chosen when the queue is
  /// made: a flag costs one test per event scheduled, where counting the events cost four).
  @usableFromInline let keepsSortedRun: Bool

  /// An empty queue with room for `minimumCapacity` events before it reallocates, which keeps
  /// the events whose rank lies in `secondHeapRanks`, and those whose rank lies in
  /// `thirdHeapRanks`, in heaps of their own (by default, none). With `keepsSortedRun`, events of
  /// the second heap's ranks due after every other such event join a sorted run beside it: for
  /// a model with tens of thousands of sources (a few thousand gain nothing measurable).
  public init(
    minimumCapacity: Int = 1024, secondHeapRanks: Range<UInt32> = 0..<0,
    thirdHeapRanks: Range<UInt32> = 0..<0, keepsSortedRun: Bool = false
  ) {
    precondition(!secondHeapRanks.overlaps(thirdHeapRanks), "a rank in two heaps")
    firstHeap = EventHeap(minimumCapacity: minimumCapacity)
    secondHeap = EventHeap(minimumCapacity: secondHeapRanks.isEmpty ? 1 : minimumCapacity)
    thirdHeap = EventHeap(minimumCapacity: thirdHeapRanks.isEmpty ? 1 : minimumCapacity)
    self.secondHeapRanks = secondHeapRanks
    self.thirdHeapRanks = thirdHeapRanks
    sortedRun = SortedChain()
    otherSortedRun = SortedChain()
    self.keepsSortedRun = keepsSortedRun
  }

  deinit {
    firstHeap.deallocate()
    secondHeap.deallocate()
    thirdHeap.deallocate()
    sortedRun.deallocate()
    otherSortedRun.deallocate()
  }

  /// The number of pending events.
  @inlinable public var count: Int {
    firstHeap.count + secondHeap.count + thirdHeap.count + sortedRun.count + otherSortedRun.count
  }

  /// Whether no event is pending.
  @inlinable public var isEmpty: Bool { count == 0 }

  /// The time of the earliest pending event, or `nil` when the queue is empty.
  @inlinable public var nextTime: Instant? {
    switch earliestHeap {
    case .first: Instant(nanosecondsSinceStart: firstHeap.entries[0].time)
    case .second: Instant(nanosecondsSinceStart: secondHeap.entries[0].time)
    case .third: Instant(nanosecondsSinceStart: thirdHeap.entries[0].time)
    case .none: nil
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
      if keepsSortedRun {
        placeInSortedRuns(entry)
      } else {
        secondHeap.push(entry)
      }
    } else if thirdHeapRanks.contains(rank) {
      thirdHeap.push(entry)
    } else {
      firstHeap.push(entry)
    }
  }

  /// Whether an event is pending that is due at or before `time` with a rank of at most `rank`.
  /// Pending events are never due before the clock, so asked at the current time it tells
  /// whether something of that rank, or of a lower one, is still due now: the end of a phase of
  /// the instant (a model that defers work to the end of its completions asks this).
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public func hasEvent(dueAtOrBefore time: Instant, rankAtMost rank: UInt32) -> Bool {
    precondition(rank < Self.maximumRank, "no rank above the largest to bound by")
    let bound = OrderedKey.make(
      time.nanosecondsSinceStart, tieBreak: UInt64(rank + 1) << Self.sequenceBits)
    return (firstHeap.count > 0 && firstHeap.firstKey < bound)
      || (secondHeap.count > 0 && secondHeap.firstKey < bound)
      || (thirdHeap.count > 0 && thirdHeap.firstKey < bound)
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
  ///
  /// Inlined into the engine's loop: called, it cost a prologue, an epilogue and the entry's
  /// return through memory on every event.
  @inlinable @inline(__always)
  mutating func removeFirst(dueBefore limit: Int64) -> EventHeap<Event>.Entry? {
    switch earliestHeap {
    case .first:
      guard firstHeap.entries[0].time < limit || limit == .max else { return nil }
      return firstHeap.removeFirst()
    case .second:
      guard secondHeap.entries[0].time < limit || limit == .max else { return nil }
      let entry = secondHeap.removeFirst()
      if sortedRun.isPromoted(entry.key) {
        sortedRun.promoteNext(into: &secondHeap)
      } else if otherSortedRun.isPromoted(entry.key) {
        otherSortedRun.promoteNext(into: &secondHeap)
      }
      return entry
    case .third:
      guard thirdHeap.entries[0].time < limit || limit == .max else { return nil }
      return thirdHeap.removeFirst()
    case .none:
      return nil
    }
  }

  /// Places `entry`, of the second heap's ranks, at the back of the sorted run whose last event
  /// is the latest due no later than it, or in `secondHeap` when both runs' last events are due
  /// later. Inlinable, like every step of ``push(_:at:rank:)`` and ``removeFirst(dueBefore:)``:
  /// the simulation's module specializes it for its events, where a generic call looked up the
  /// entry type's metadata at every event.
  @inlinable
  mutating func placeInSortedRuns(_ entry: EventHeap<Event>.Entry) {
    switch SortedRunChoice.run(
      for: entry.key, lastOrders: sortedRun.lastKey, otherSortedRun.lastKey)
    {
    case 0: sortedRun.append(entry, promotingInto: &secondHeap)
    case 1: otherSortedRun.append(entry, promotingInto: &secondHeap)
    default: secondHeap.push(entry)
    }
  }

  /// One of the heaps, or none.
  @usableFromInline enum HeapChoice { case first, second, third, none }

  /// Which heap holds the earliest event (`.none` when all are empty).
  @inlinable var earliestHeap: HeapChoice {
    var choice = HeapChoice.none
    var key: UInt128 = 0
    if firstHeap.count > 0 {
      choice = .first
      key = firstHeap.firstKey
    }
    if secondHeap.count > 0 && (choice == .none || secondHeap.firstKey < key) {
      choice = .second
      key = secondHeap.firstKey
    }
    if thirdHeap.count > 0 && (choice == .none || thirdHeap.firstKey < key) {
      choice = .third
    }
    return choice
  }

  /// Removes every pending event.
  public mutating func removeAll() {
    firstHeap.removeAll()
    secondHeap.removeAll()
    thirdHeap.removeAll()
    sortedRun.removeAll()
    otherSortedRun.removeAll()
  }
}

// The queue owns its memory alone (it cannot be copied), so sending it sends the events.
extension EventQueue: @unchecked Sendable where Event: Sendable {}
