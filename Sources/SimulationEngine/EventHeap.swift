/// A binary min-heap of scheduled events in memory it owns: the storage of ``EventQueue``.
///
/// Entries are compared by one 128-bit key (see ``Entry``), and a sift chooses between two
/// children by arithmetic on a comparison rather than by a branch.
///
/// The heap does not free its memory: its owner, a queue that cannot be copied, calls
/// ``deallocate()`` once. (A noncopyable heap with a deinitializer of its own, held by the
/// queue, crashes the 6.3 optimizer when it inlines the queue's accessors.)
@usableFromInline
struct EventHeap<Event> {
  /// One scheduled event: its key (when, in which rank, and the insertion sequence that breaks
  /// ties) and the event.
  @usableFromInline
  struct Entry {
    /// The time, then `rank << sequenceBits | sequence` (see ``OrderedKey``): one unsigned
    /// comparison orders time, then rank, then insertion.
    @usableFromInline var key: UInt128
    @usableFromInline var event: Event

    @inlinable
    init(time: Int64, order: UInt64, event: Event) {
      key = OrderedKey.make(time, tieBreak: order)
      self.event = event
    }

    @inlinable
    var time: Int64 { OrderedKey.value(of: key) }
  }

  /// `entries[0 ..< count]` are initialized, the rest of `capacity` is not.
  @usableFromInline var entries: UnsafeMutablePointer<Entry>
  @usableFromInline var capacity: Int
  @usableFromInline var count = 0

  @inlinable
  init(minimumCapacity: Int) {
    capacity = Swift.max(1, minimumCapacity)
    entries = Self.allocateEntries(capacity)
  }

  /// Room for `capacity` entries, placed one entry past a 64-byte boundary: with entries of
  /// 32 bytes (a key and a small event), the two children of every node, at `2i + 1` and
  /// `2i + 2`, then share one cache line, and a sift loads one line per level instead of two.
  @usableFromInline
  static func allocateEntries(_ capacity: Int) -> UnsafeMutablePointer<Entry> {
    SiblingAlignedMemory.allocate(Entry.self, count: capacity, leading: 1)
  }

  /// Releases the pending events and the memory; the heap must not be used again.
  @usableFromInline
  func deallocate() {
    entries.deinitialize(count: count)
    SiblingAlignedMemory.deallocate(entries, leading: 1)
  }

  /// The key of the earliest entry; the heap must not be empty.
  @inlinable var firstKey: UInt128 { entries[0].key }

  /// Adds `moving`.
  ///
  /// Inlined into the queue's choice among its heaps, one copy per heap, like ``removeFirst()``:
  /// called, it cost a prologue and an epilogue on every event scheduled.
  @inlinable @inline(__always)
  mutating func push(_ moving: Entry) {
    if count == capacity { grow() }
    // The new slot at the end is the hole; it rises while its parent comes after the new entry.
    // (Every slot in the heap stays initialized, so entries move by plain assignment.)
    var hole = count
    (entries + hole).initialize(to: moving)
    count &+= 1
    while hole > 0 {
      let parent = (hole &- 1) >> 1
      guard moving.key < entries[parent].key else { break }
      entries[hole] = entries[parent]
      hole = parent
    }
    entries[hole] = moving
  }

  /// Removes and returns the earliest entry; the heap must not be empty.
  ///
  /// Inlined into the queue's choice among its heaps, one copy per heap: called, it cost a
  /// prologue, an epilogue and the entry's return through memory on every event.
  @inlinable @inline(__always)
  mutating func removeFirst() -> Entry {
    let first = entries[0]
    let count = self.count &- 1
    self.count = count
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

  /// Removes every entry.
  @inlinable
  mutating func removeAll() {
    entries.deinitialize(count: count)
    count = 0
  }

  /// Doubles the room for entries.
  @usableFromInline
  mutating func grow() {
    let larger = capacity * 2
    let moved = Self.allocateEntries(larger)
    moved.moveInitialize(from: entries, count: count)
    SiblingAlignedMemory.deallocate(entries, leading: 1)
    entries = moved
    capacity = larger
  }
}
