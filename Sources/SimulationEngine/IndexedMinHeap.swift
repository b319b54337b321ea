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
///
/// A heap made with `keepsSortedRun` places a key set no smaller than the last one placed in its
/// sorted run in the run instead of the heap (tens of thousands of workloads, each setting its
/// next due time a period ahead, nearly always set it after every other): appended in O(1),
/// where the heap sank it through every level, a cache miss each. The run's earliest live key is
/// kept in the heap (the next one moves there when it leaves or changes), so the heap's root is
/// still the minimum. A key the run holds that is changed or removed is left there, stale, and
/// skipped when it comes to the front (an identifier's current key is recorded apart).
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
  /// The position of each identifier in `slots`, -1 when absent, `inRun` when in the sorted run.
  @usableFromInline let positions: UnsafeMutablePointer<Int32>
  @exclusivity(unchecked) @usableFromInline var count = 0

  /// The position of an identifier whose key is in the sorted run.
  @usableFromInline static var inRun: Int32 { -2 }
  /// Whether keys may join the sorted run (chosen when the heap is made: a flag costs one test
  /// per key set, where counting the keys cost four).
  @usableFromInline let keepsSortedRun: Bool
  /// The sorted run: `runCount` slots from `runHead` in a ring of `runCapacity` (a power of two),
  /// in ascending order but for stale ones (whose identifier has another key, or none, since).
  @exclusivity(unchecked) @usableFromInline var run: UnsafeMutablePointer<Slot>
  @exclusivity(unchecked) @usableFromInline var runCapacity = 16
  @exclusivity(unchecked) @usableFromInline var runHead = 0
  @exclusivity(unchecked) @usableFromInline var runCount = 0
  /// The key of each identifier in the run (read only while its position is `inRun`).
  @usableFromInline let runKeys: UnsafeMutablePointer<Int64>
  /// How many identifiers are in the run (live slots; the rest of `runCount` are stale).
  @exclusivity(unchecked) @usableFromInline var liveInRun = 0
  /// The identifier in the heap that came from the run, no later than any live key in the run
  /// (-1 when none: then no key is live in the run).
  @exclusivity(unchecked) @usableFromInline var promotedID: Int32 = -1
  /// The order of the last slot placed in the run's chain (the promoted one, then the run): a
  /// key joins the run only when no smaller (0 when the chain is empty).
  @exclusivity(unchecked) @usableFromInline var lastRunOrder: UInt128 = 0

  /// Slots allocated before `slots[0]`, so that every family `4i + 1 … 4i + 4` is one line.
  private static var leadingSlots: Int { 3 }

  /// An empty heap for identifiers `0 ..< capacity`, whose keys set after every other join a
  /// sorted run beside it with `keepsSortedRun`: for tens of thousands of identifiers (a few
  /// thousand gain nothing measurable).
  public init(capacity: Int, keepsSortedRun: Bool = false) {
    self.capacity = capacity
    self.keepsSortedRun = keepsSortedRun
    run = .allocate(capacity: runCapacity)
    runKeys = .allocate(capacity: Swift.max(1, capacity))
    slots = SiblingAlignedMemory.allocate(
      Slot.self, count: Swift.max(1, capacity), leading: Self.leadingSlots)
    positions = .allocate(capacity: Swift.max(1, capacity))
    positions.initialize(repeating: -1, count: Swift.max(1, capacity))
  }

  deinit {
    SiblingAlignedMemory.deallocate(slots, leading: Self.leadingSlots)
    positions.deallocate()
    run.deallocate()
    runKeys.deallocate()
  }

  /// The identifier with the smallest key and that key, or `nil` when empty; among equal keys,
  /// the smallest identifier.
  @inlinable @inline(__always) public var minimum: (id: Int, key: Int64)? {
    count == 0 ? nil : (Int(slots[0].id), slots[0].key)
  }

  /// Whether `id` currently has a key.
  @inlinable public func contains(_ id: Int) -> Bool {
    precondition(id >= 0 && id < capacity, "an identifier out of range")
    return positions[id] != -1
  }

  /// Sets the key of `id`, inserting it if absent.
  ///
  /// - Complexity: O(log *n*).
  @inlinable @inline(__always)
  public func setKey(_ key: Int64, for id: Int) {
    precondition(id >= 0 && id < capacity, "an identifier out of range")
    let slot = Slot(key: key, id: Int32(id))
    if keepsSortedRun && slot.order >= lastRunOrder {
      setKeyInRun(slot)
      return
    }
    let position = Int(positions[id])
    if position < 0 {
      if position == Int(Self.inRun) { leaveRun(id) }
      insert(slot)
    } else if slot.precedes(slots[position]) {
      // An earlier key: the key from the run, if this is it, is still no later than the run's.
      siftUp(slot, from: position)
    } else {
      siftDown(slot, from: position)
      if Int32(id) == promotedID { promoteFromRun() }
    }
  }

  /// Adds `slot`, whose identifier has no key.
  @inlinable
  func insert(_ slot: Slot) {
    (slots + count).initialize(to: slot)
    count += 1
    siftUp(slot, from: count - 1)
  }

  /// Sets `slot`'s key, no smaller than the last in the run's chain, at the chain's back.
  @usableFromInline
  func setKeyInRun(_ slot: Slot) {
    let id = Int(slot.id)
    let position = positions[id]
    if position == Self.inRun {
      leaveRun(id)
    } else if position >= 0 {
      removeFromHeap(id)
      if slot.id == promotedID { promotedID = -1 }
    }
    lastRunOrder = slot.order
    if promotedID < 0 && liveInRun == 0 {
      // The chain is empty (what the run holds is stale): the key goes to the heap, first.
      runHead = 0
      runCount = 0
      insert(slot)
      promotedID = slot.id
      return
    }
    if runCount == runCapacity { makeRoomInRun() }
    run[(runHead &+ runCount) & (runCapacity &- 1)] = slot
    runCount &+= 1
    positions[id] = Self.inRun
    runKeys[id] = slot.key
    liveInRun &+= 1
    if promotedID < 0 { promoteFromRun() }
  }

  /// `id`'s key in the run is no longer its key: the slot stays there, stale.
  @usableFromInline
  func leaveRun(_ id: Int) {
    positions[id] = -1
    liveInRun &-= 1
  }

  /// The heap's key from the run has left or changed: the run's earliest live key moves to the
  /// heap in its place (stale slots before it are dropped), or the chain is empty.
  @usableFromInline
  func promoteFromRun() {
    promotedID = -1
    while runCount > 0 {
      let slot = run[runHead]
      runHead = (runHead &+ 1) & (runCapacity &- 1)
      runCount &-= 1
      guard isLive(slot) else { continue }
      liveInRun &-= 1
      insert(slot)
      promotedID = slot.id
      return
    }
    lastRunOrder = 0
  }

  /// The run is full: with as many stale slots as live ones it drops them, else it doubles.
  @usableFromInline
  func makeRoomInRun() {
    let isMostlyStale = liveInRun * 2 <= runCount
    rebuildRun(capacity: isMostlyStale ? runCapacity : runCapacity * 2, dropStale: isMostlyStale)
  }

  /// Moves the run to the front of a new ring of `capacity`, its stale slots dropped when
  /// `dropStale`.
  @usableFromInline
  func rebuildRun(capacity newCapacity: Int, dropStale: Bool) {
    let moved = UnsafeMutablePointer<Slot>.allocate(capacity: newCapacity)
    var kept = 0
    for offset in 0..<runCount {
      let slot = run[(runHead &+ offset) & (runCapacity &- 1)]
      guard !dropStale || isLive(slot) else { continue }
      moved[kept] = slot
      kept += 1
    }
    run.deallocate()
    run = moved
    runCapacity = newCapacity
    runHead = 0
    runCount = kept
  }

  /// Whether `slot` of the run is its identifier's key.
  @inlinable
  func isLive(_ slot: Slot) -> Bool {
    positions[Int(slot.id)] == Self.inRun && runKeys[Int(slot.id)] == slot.key
  }

  /// Removes `id` if present.
  ///
  /// - Complexity: O(log *n*).
  @inlinable
  public func remove(_ id: Int) {
    precondition(id >= 0 && id < capacity, "an identifier out of range")
    let position = Int(positions[id])
    guard position >= 0 else {
      if position == Int(Self.inRun) { leaveRun(id) }
      return
    }
    removeFromHeap(id)
    if Int32(id) == promotedID { promoteFromRun() }
  }

  /// Removes `id`, which is in the heap.
  @inlinable
  func removeFromHeap(_ id: Int) {
    let position = Int(positions[id])
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
