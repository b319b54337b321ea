/// A min-heap of integer keys for a fixed set of identifiers `0 ..< capacity`, whose keys can be
/// changed in place.
///
/// The simulator uses it to know, at any moment, the earliest time any workload is next due (what
/// an idle governor calls the next known wake-up) without scanning every workload. An identifier
/// with no key is simply absent.
///
/// A final class over fixed memory it owns: each workload's arrival changes a key, so the heap is
/// updated about once per event, and as arrays held by the simulation every write paid a
/// uniqueness check. Each heap slot holds its key beside its identifier, so comparisons read no
/// other table. Like the simulation that owns it, it is confined to one thread.
///
/// The heap is 4-ary: node `i`'s children are `4i + 1 … 4i + 4`, and the four 16-byte slots of a
/// family share one 64-byte cache line. The key that changes is nearly always the earliest, set to
/// the workload's next due time, far ahead; it sinks to the bottom of a heap half as deep as a
/// binary one. It sinks bottom-up: the hole left by the root descends along the earliest children
/// to the last level, each chosen by arithmetic on comparisons, and the moving key climbs back
/// from there the little it must — no comparison with the moving key at every level, and no
/// mispredicted exit from the descent.
public final class IndexedMinHeap {
  @usableFromInline
  struct Slot {
    /// Key, then identifier, as one ``OrderedKey`` (identifiers are never negative): a smaller
    /// key, or an equal key and a smaller identifier, is a smaller order. Kept whole, so that a
    /// comparison is one 128-bit comparison of stored values, not two keys built first.
    @usableFromInline var order: UInt128

    @inlinable init(key: Int64, id: Int32) {
      order = OrderedKey.make(key, tieBreak: UInt64(UInt32(bitPattern: id)))
    }

    @inlinable var key: Int64 {
      get { OrderedKey.value(of: order) }
      set { order = OrderedKey.make(newValue, tieBreak: UInt64(truncatingIfNeeded: order)) }
    }

    @inlinable var id: Int32 { Int32(truncatingIfNeeded: UInt64(truncatingIfNeeded: order)) }

    @inlinable func precedes(_ other: Slot) -> Bool { order < other.order }
  }

  @usableFromInline let capacity: Int
  /// `slots[0 ..< count]` are the heap; slot 1 (the root's first child) starts a cache line.
  @usableFromInline let slots: UnsafeMutablePointer<Slot>
  /// The position of each identifier in `slots`, or -1 when absent.
  @usableFromInline let positions: UnsafeMutablePointer<Int32>
  @exclusivity(unchecked) @usableFromInline var count = 0

  /// Slots allocated before `slots[0]`, so that every family `4i + 1 … 4i + 4` is one line.
  private static var leadingSlots: Int { 3 }

  /// An empty heap for identifiers `0 ..< capacity`.
  public init(capacity: Int) {
    self.capacity = capacity
    slots = SiblingAlignedMemory.allocate(
      Slot.self, count: Swift.max(1, capacity), leading: Self.leadingSlots)
    positions = .allocate(capacity: Swift.max(1, capacity))
    positions.initialize(repeating: -1, count: Swift.max(1, capacity))
  }

  deinit {
    SiblingAlignedMemory.deallocate(slots, leading: Self.leadingSlots)
    positions.deallocate()
  }

  /// The identifier with the smallest key and that key, or `nil` when empty; among equal keys,
  /// the smallest identifier.
  @inlinable @inline(__always) public var minimum: (id: Int, key: Int64)? {
    count == 0 ? nil : (Int(slots[0].id), slots[0].key)
  }

  /// Whether `id` currently has a key.
  @inlinable public func contains(_ id: Int) -> Bool {
    precondition(id >= 0 && id < capacity, "an identifier out of range")
    return positions[id] >= 0
  }

  /// Sets the key of `id`, inserting it if absent.
  ///
  /// - Complexity: O(log *n*).
  @inlinable @inline(__always)
  public func setKey(_ key: Int64, for id: Int) {
    precondition(id >= 0 && id < capacity, "an identifier out of range")
    let position = Int(positions[id])
    let slot = Slot(key: key, id: Int32(id))
    if position < 0 {
      (slots + count).initialize(to: slot)
      count += 1
      siftUp(slot, from: count - 1)
    } else if slot.precedes(slots[position]) {
      siftUp(slot, from: position)
    } else {
      siftDown(slot, from: position)
    }
  }

  /// Removes `id` if present.
  ///
  /// - Complexity: O(log *n*).
  @inlinable
  public func remove(_ id: Int) {
    precondition(id >= 0 && id < capacity, "an identifier out of range")
    let position = Int(positions[id])
    guard position >= 0 else { return }
    positions[id] = -1
    count -= 1
    guard position < count else { return }
    // The last slot fills the hole, moving whichever way its key sends it.
    let last = slots[count]
    if position > 0 && last.precedes(slots[(position &- 1) >> 2]) {
      siftUp(last, from: position)
    } else {
      siftDown(last, from: position)
    }
  }

  /// Places `moving` at or above `start`, whose slot it takes.
  @inlinable
  func siftUp(_ moving: Slot, from start: Int) {
    var index = start
    while index > 0 {
      let parent = (index &- 1) >> 2
      guard moving.precedes(slots[parent]) else { break }
      place(slots[parent], at: index)
      index = parent
    }
    place(moving, at: index)
  }

  /// Places `moving` at or below `start`, whose slot it takes: the hole descends to the last
  /// level along the earliest children, then `moving` climbs back to its place (not above
  /// `start`).
  @inlinable
  func siftDown(_ moving: Slot, from start: Int) {
    var index = start
    while true {
      let first = 4 &* index &+ 1
      guard first < count else { break }
      let child = first &+ 3 < count ? earliestOfFour(from: first) : earliest(from: first)
      place(slots[child], at: index)
      index = child
    }
    let order = moving.order
    while index > start {
      let parent = (index &- 1) >> 2
      guard order < slots[parent].order else { break }
      place(slots[parent], at: index)
      index = parent
    }
    place(moving, at: index)
  }

  /// The earliest of the four slots from `first`, chosen without a branch.
  @inlinable
  func earliestOfFour(from first: Int) -> Int {
    let left = first &+ (slots[first &+ 1].order < slots[first].order ? 1 : 0)
    let right = first &+ 2 &+ (slots[first &+ 3].order < slots[first &+ 2].order ? 1 : 0)
    return slots[right].order < slots[left].order ? right : left
  }

  /// The earliest of the slots from `first` to the end of the heap (fewer than four).
  @inlinable
  func earliest(from first: Int) -> Int {
    var best = first
    var index = first &+ 1
    while index < count {
      if slots[index].order < slots[best].order { best = index }
      index &+= 1
    }
    return best
  }

  /// Stores `slot` at `index` and records its position.
  @inlinable
  func place(_ slot: Slot, at index: Int) {
    slots[index] = slot
    // An index of the heap is below its capacity, an identifier's range: it fits in 32 bits.
    positions[Int(slot.id)] = Int32(truncatingIfNeeded: index)
  }
}
