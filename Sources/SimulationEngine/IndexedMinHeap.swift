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
public final class IndexedMinHeap {
  @usableFromInline
  struct Slot {
    @usableFromInline var key: Int64
    @usableFromInline var id: Int32

    @inlinable init(key: Int64, id: Int32) {
      self.key = key
      self.id = id
    }

    /// A smaller key, or an equal key and a smaller identifier.
    /// Key, then identifier, as one ``OrderedKey`` (identifiers are never negative).
    @inlinable var order: UInt128 {
      OrderedKey.make(key, tieBreak: UInt64(UInt32(bitPattern: id)))
    }

    @inlinable func precedes(_ other: Slot) -> Bool { order < other.order }
  }

  @usableFromInline let capacity: Int
  @usableFromInline let slots: UnsafeMutablePointer<Slot>
  /// The position of each identifier in `slots`, or -1 when absent.
  @usableFromInline let positions: UnsafeMutablePointer<Int32>
  @exclusivity(unchecked) @usableFromInline var count = 0

  /// An empty heap for identifiers `0 ..< capacity`.
  public init(capacity: Int) {
    self.capacity = capacity
    slots = .allocate(capacity: Swift.max(1, capacity))
    positions = .allocate(capacity: Swift.max(1, capacity))
    positions.initialize(repeating: -1, count: Swift.max(1, capacity))
  }

  deinit {
    slots.deallocate()
    positions.deallocate()
  }

  /// The identifier with the smallest key and that key, or `nil` when empty; among equal keys,
  /// the smallest identifier.
  @inlinable public var minimum: (id: Int, key: Int64)? {
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
  @inlinable
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
    if position > 0 && last.precedes(slots[(position - 1) / 2]) {
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
      let parent = (index - 1) / 2
      guard moving.precedes(slots[parent]) else { break }
      slots[index] = slots[parent]
      positions[Int(slots[index].id)] = Int32(index)
      index = parent
    }
    slots[index] = moving
    positions[Int(moving.id)] = Int32(index)
  }

  /// Places `moving` at or below `start`, whose slot it takes.
  @inlinable
  func siftDown(_ moving: Slot, from start: Int) {
    var index = start
    while true {
      let left = 2 * index + 1
      guard left < count else { break }
      let right = left + 1
      let child = right < count ? left + (slots[right].precedes(slots[left]) ? 1 : 0) : left
      guard slots[child].precedes(moving) else { break }
      slots[index] = slots[child]
      positions[Int(slots[index].id)] = Int32(index)
      index = child
    }
    slots[index] = moving
    positions[Int(moving.id)] = Int32(index)
  }
}
