/// Scheduled events in ascending order of their keys, in a ring of memory it owns: the sorted run
/// beside ``EventQueue``'s heap of workload events (see ``EventQueue``).
///
/// Entries join at the back only, each no earlier than the one before it, and leave from the
/// front, so both ends cost O(1) and touch one cache line: a model whose thousands of sources
/// each schedule their next arrival a whole period ahead appends nearly every arrival, and the
/// heap beside the run stays small instead of sinking each arrival through a tree of all of them.
///
/// Like ``EventHeap``, it does not free its memory: its owner, a queue that cannot be copied,
/// calls ``deallocate()`` once.
@usableFromInline
struct EventRun<Event> {
  @usableFromInline typealias Entry = EventHeap<Event>.Entry

  /// The ring: `count` entries from `head`, wrapping at `capacity` (a power of two).
  @usableFromInline var entries: UnsafeMutablePointer<Entry>
  @usableFromInline var capacity: Int
  @usableFromInline var head = 0
  @usableFromInline var count = 0

  @usableFromInline
  init() {
    capacity = 16
    entries = .allocate(capacity: capacity)
  }

  /// Releases the entries and the memory; the run must not be used again.
  @usableFromInline
  func deallocate() {
    removeEntries()
    entries.deallocate()
  }

  /// Deinitializes every entry (the ring's indices stay as they are).
  @usableFromInline
  func removeEntries() {
    forEachIndex { (entries + $0).deinitialize(count: 1) }
  }

  /// Calls `body` with the ring index of every entry, front to back.
  @inlinable
  func forEachIndex(_ body: (Int) -> Void) {
    var index = head
    for _ in 0..<count {
      body(index)
      index = (index &+ 1) & (capacity &- 1)
    }
  }

  /// Adds `entry` at the back; its key must be no smaller than the last entry's.
  @inlinable
  mutating func append(_ entry: Entry) {
    if count == capacity { grow() }
    (entries + ((head &+ count) & (capacity &- 1))).initialize(to: entry)
    count &+= 1
  }

  /// Removes and returns the front entry, the earliest; the run must not be empty.
  @inlinable
  mutating func removeFirst() -> Entry {
    let first = (entries + head).move()
    head = (head &+ 1) & (capacity &- 1)
    count &-= 1
    return first
  }

  /// Removes every entry.
  @usableFromInline
  mutating func removeAll() {
    removeEntries()
    head = 0
    count = 0
  }

  /// Doubles the room, the entries moved to the front of the new ring in order.
  @usableFromInline
  mutating func grow() {
    let larger = capacity * 2
    let moved = UnsafeMutablePointer<Entry>.allocate(capacity: larger)
    let firstPart = Swift.min(count, capacity - head)
    moved.moveInitialize(from: entries + head, count: firstPart)
    (moved + firstPart).moveInitialize(from: entries, count: count - firstPart)
    entries.deallocate()
    entries = moved
    capacity = larger
    head = 0
  }
}

/// A sorted run and the earliest of its events, which waits in a heap beside it (see
/// ``EventQueue``): events join at its back when due no earlier than the last one placed, and its
/// next event moves to the heap when the one there leaves.
///
/// Like ``EventRun``, it does not free its memory: its owner, a queue that cannot be copied,
/// calls ``deallocate()`` once.
@usableFromInline
struct SortedChain<Event> {
  @usableFromInline typealias Entry = EventHeap<Event>.Entry

  /// The chain's events in ascending order, all but the earliest (which is in the heap, with key
  /// `promotedKey`, while `hasPromoted`).
  @usableFromInline var run: EventRun<Event>
  /// Whether an event of the chain is in the heap (the chain is not empty).
  @usableFromInline var hasPromoted = false
  /// The key of the chain's event in the heap, while `hasPromoted`.
  @usableFromInline var promotedKey: UInt128 = 0
  /// The key of the last event placed in the chain (0 when it is empty): an event joins it only
  /// when due no earlier.
  @usableFromInline var lastKey: UInt128 = 0

  @usableFromInline
  init() {
    run = EventRun()
  }

  /// The events in the run (the one in the heap not counted).
  @inlinable var count: Int { run.count }

  /// Releases the run's events and memory; the chain must not be used again.
  @usableFromInline
  func deallocate() {
    run.deallocate()
  }

  /// Places `entry`, due no earlier than the chain's last event, at its back: in `heap` when the
  /// chain is empty, else in the run.
  @inlinable
  mutating func append(_ entry: Entry, promotingInto heap: inout EventHeap<Event>) {
    lastKey = entry.key
    if hasPromoted {
      run.append(entry)
    } else {
      hasPromoted = true
      promotedKey = entry.key
      heap.push(entry)
    }
  }

  /// Whether the entry of `key`, just taken off the heap, is the chain's.
  @inlinable func isPromoted(_ key: UInt128) -> Bool { hasPromoted && key == promotedKey }

  /// The chain's event in `heap` has left: the run's next one takes its place there, or the chain
  /// is empty.
  @inlinable
  mutating func promoteNext(into heap: inout EventHeap<Event>) {
    guard run.count > 0 else {
      hasPromoted = false
      lastKey = 0
      return
    }
    let next = run.removeFirst()
    promotedKey = next.key
    heap.push(next)
  }

  /// Removes every event of the run (the caller empties the heap).
  @usableFromInline
  mutating func removeAll() {
    run.removeAll()
    hasPromoted = false
    lastKey = 0
  }
}

/// The rule shared by the event queue and the indexed heaps for their two sorted runs: an
/// element joins the run whose last element is the latest no later than it, so that two
/// interleaved ascending kinds each keep a run of their own.
@usableFromInline
enum SortedRunChoice {
  /// The run (0 or 1) an element of order `order` joins, given each run's last order (0 when
  /// the run is empty), or `nil` when it is earlier than both and goes to the heap.
  @inlinable @inline(__always)
  static func run(for order: UInt128, lastOrders first: UInt128, _ second: UInt128) -> Int? {
    let fitsFirst = order >= first
    let fitsSecond = order >= second
    if fitsFirst && (!fitsSecond || first >= second) { return 0 }
    return fitsSecond ? 1 : nil
  }
}
