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
/// A heap made with `keepsSortedRun` places a key set no smaller than the last one placed in one
/// of its two sorted runs in that run instead of the heap (tens of thousands of workloads, each
/// setting its next due time a period ahead, nearly always set it after every other of its kind):
/// appended in O(1), where the heap sank it through every level, a cache miss each. Two runs, as
/// in ``EventQueue``: the keys set come in two interleaved ascending kinds (arrivals' due times,
/// and range timers' deadlines a tolerance later), and a key joins the run whose last key is the
/// largest no larger than it. Each run's earliest live key is kept in the heap (the next one moves
/// there when it leaves or changes), so the heap's root is still the minimum. A key a run holds
/// that is changed or removed is left there, stale, and skipped when it comes to the front (an
/// identifier's current key, and the run that holds it, are recorded apart).
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
  /// The position of each identifier in `slots`, -1 when absent, `inRun(r)` when in run `r`.
  @usableFromInline let positions: UnsafeMutablePointer<Int32>
  @exclusivity(unchecked) @usableFromInline var count = 0

  /// The position of an identifier whose key is in sorted run `run` (0 or 1).
  @inlinable static func inRun(_ run: Int) -> Int32 { Int32(truncatingIfNeeded: -2 &- run) }
  /// The run a position below -1 stands for.
  @inlinable static func run(at position: Int32) -> Int { Int(-2 &- position) }
  /// Whether keys may join the sorted runs (chosen when the heap is made: a flag costs one test
  /// per key set, where counting the keys cost four).
  @usableFromInline let keepsSortedRun: Bool
  /// The two sorted runs.
  @usableFromInline let runs: UnsafeMutablePointer<SortedSlots>
  /// The key of each identifier in a run (read only while its position is `inRun(_:)`).
  @usableFromInline let runKeys: UnsafeMutablePointer<Int64>

  /// One sorted run: `count` slots from `head` in a ring of `capacity` (a power of two), in
  /// ascending order but for stale ones (whose identifier has another key, or none, since), and
  /// the identifier of the heap that came from it.
  @usableFromInline
  struct SortedSlots {
    @usableFromInline var ring: UnsafeMutablePointer<Slot>
    @usableFromInline var capacity = 16
    @usableFromInline var head = 0
    @usableFromInline var count = 0
    /// How many identifiers are in the run (live slots; the rest of `count` are stale).
    @usableFromInline var live = 0
    /// The identifier in the heap that came from the run, no later than any live key in the run
    /// (-1 when none: then no key is live in the run).
    @usableFromInline var promotedID: Int32 = -1
    /// The order of the last slot placed in the run's chain (the promoted one, then the run): a
    /// key joins the run only when no smaller (0 when the chain is empty).
    @usableFromInline var lastOrder: UInt128 = 0

    init() {
      ring = .allocate(capacity: capacity)
    }
  }

  /// Slots in the runs, stale ones included.
  var runCount: Int { runs[0].count + runs[1].count }
  /// Live slots in the runs.
  var liveInRun: Int { runs[0].live + runs[1].live }

  /// Slots allocated before `slots[0]`, so that every family `4i + 1 … 4i + 4` is one line.
  private static var leadingSlots: Int { 3 }

  /// An empty heap for identifiers `0 ..< capacity`, whose keys set after every other join a
  /// sorted run beside it with `keepsSortedRun`: for tens of thousands of identifiers (a few
  /// thousand gain nothing measurable).
  public init(capacity: Int, keepsSortedRun: Bool = false) {
    self.capacity = capacity
    self.keepsSortedRun = keepsSortedRun
    runs = .allocate(capacity: 2)
    runs.initialize(to: SortedSlots())
    (runs + 1).initialize(to: SortedSlots())
    runKeys = .allocate(capacity: Swift.max(1, capacity))
    slots = SiblingAlignedMemory.allocate(
      Slot.self, count: Swift.max(1, capacity), leading: Self.leadingSlots)
    positions = .allocate(capacity: Swift.max(1, capacity))
    positions.initialize(repeating: -1, count: Swift.max(1, capacity))
  }

  deinit {
    SiblingAlignedMemory.deallocate(slots, leading: Self.leadingSlots)
    positions.deallocate()
    runs[0].ring.deallocate()
    runs[1].ring.deallocate()
    runs.deallocate()
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
    if keepsSortedRun,
      let run = SortedRunChoice.run(
        for: slot.order, lastOrders: runs[0].lastOrder, runs[1].lastOrder)
    {
      setKeyInRun(slot, run: run)
      return
    }
    let position = Int(positions[id])
    if position < 0 {
      if position != -1 { leaveRun(id, run: Self.run(at: Int32(position))) }
      insert(slot)
    } else if slot.precedes(slots[position]) {
      // An earlier key: the key from a run, if this is it, is still no later than the run's.
      siftUp(slot, from: position)
    } else {
      siftDown(slot, from: position)
      if let run = promotedRun(of: Int32(id)) { promoteFromRun(run) }
    }
  }

  /// The run whose key in the heap is `id`'s, if any.
  @inlinable
  func promotedRun(of id: Int32) -> Int? {
    if runs[0].promotedID == id { return 0 }
    if runs[1].promotedID == id { return 1 }
    return nil
  }

  /// Adds `slot`, whose identifier has no key.
  @inlinable
  func insert(_ slot: Slot) {
    (slots + count).initialize(to: slot)
    count += 1
    siftUp(slot, from: count - 1)
  }

  /// Sets `slot`'s key, no smaller than the last in run `r`'s chain, at the chain's back.
  @usableFromInline
  func setKeyInRun(_ slot: Slot, run r: Int) {
    let id = Int(slot.id)
    let position = positions[id]
    if position < -1 {
      leaveRun(id, run: Self.run(at: position))
    } else if position >= 0 {
      removeFromHeap(id)
      if let other = promotedRun(of: slot.id) {
        runs[other].promotedID = -1
        // The other run's next live key takes its place in the heap (this run's is seen to
        // below, once the slot has joined it).
        if other != r { promoteFromRun(other) }
      }
    }
    runs[r].lastOrder = slot.order
    if runs[r].promotedID < 0 && runs[r].live == 0 {
      // The chain is empty (what the run holds is stale): the key goes to the heap, first.
      runs[r].head = 0
      runs[r].count = 0
      insert(slot)
      runs[r].promotedID = slot.id
      return
    }
    if runs[r].count == runs[r].capacity { makeRoomInRun(r) }
    runs[r].ring[(runs[r].head &+ runs[r].count) & (runs[r].capacity &- 1)] = slot
    runs[r].count &+= 1
    positions[id] = Self.inRun(r)
    runKeys[id] = slot.key
    runs[r].live &+= 1
    if runs[r].promotedID < 0 { promoteFromRun(r) }
  }

  /// `id`'s key in run `r` is no longer its key: the slot stays there, stale.
  @usableFromInline
  func leaveRun(_ id: Int, run r: Int) {
    positions[id] = -1
    runs[r].live &-= 1
  }

  /// The heap's key from run `r` has left or changed: the run's earliest live key moves to the
  /// heap in its place (stale slots before it are dropped), or the chain is empty.
  @usableFromInline
  func promoteFromRun(_ r: Int) {
    runs[r].promotedID = -1
    while runs[r].count > 0 {
      let slot = runs[r].ring[runs[r].head]
      runs[r].head = (runs[r].head &+ 1) & (runs[r].capacity &- 1)
      runs[r].count &-= 1
      guard isLive(slot, run: r) else { continue }
      runs[r].live &-= 1
      insert(slot)
      runs[r].promotedID = slot.id
      return
    }
    runs[r].lastOrder = 0
  }

  /// Run `r` is full: with as many stale slots as live ones it drops them, else it doubles.
  @usableFromInline
  func makeRoomInRun(_ r: Int) {
    let isMostlyStale = runs[r].live * 2 <= runs[r].count
    let capacity = runs[r].capacity
    rebuildRun(r, capacity: isMostlyStale ? capacity : capacity * 2, dropStale: isMostlyStale)
  }

  /// Moves run `r` to the front of a new ring of `capacity`, its stale slots dropped when
  /// `dropStale`.
  @usableFromInline
  func rebuildRun(_ r: Int, capacity newCapacity: Int, dropStale: Bool) {
    let moved = UnsafeMutablePointer<Slot>.allocate(capacity: newCapacity)
    var kept = 0
    let old = runs[r]
    for offset in 0..<old.count {
      let slot = old.ring[(old.head &+ offset) & (old.capacity &- 1)]
      guard !dropStale || isLive(slot, run: r) else { continue }
      moved[kept] = slot
      kept += 1
    }
    old.ring.deallocate()
    runs[r].ring = moved
    runs[r].capacity = newCapacity
    runs[r].head = 0
    runs[r].count = kept
  }

  /// Whether `slot` of run `r` is its identifier's key.
  @inlinable
  func isLive(_ slot: Slot, run r: Int) -> Bool {
    positions[Int(slot.id)] == Self.inRun(r) && runKeys[Int(slot.id)] == slot.key
  }

  /// Removes `id` if present.
  ///
  /// - Complexity: O(log *n*).
  @inlinable
  public func remove(_ id: Int) {
    precondition(id >= 0 && id < capacity, "an identifier out of range")
    let position = Int(positions[id])
    guard position >= 0 else {
      if position != -1 { leaveRun(id, run: Self.run(at: Int32(position))) }
      return
    }
    removeFromHeap(id)
    if let run = promotedRun(of: Int32(id)) { promoteFromRun(run) }
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
