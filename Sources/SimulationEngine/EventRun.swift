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
