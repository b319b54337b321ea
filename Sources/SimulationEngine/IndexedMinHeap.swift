/// A min-heap of integer keys for a fixed set of identifiers `0 ..< capacity`, whose keys can be
/// changed in place.
///
/// The simulator uses it to know, at any moment, the earliest time any workload is next due (what
/// an idle governor calls the next known wake-up) without scanning every workload. An identifier
/// with no key is simply absent.
public struct IndexedMinHeap: Sendable {
  @usableFromInline var heap: [Int32] = []
  @usableFromInline var keys: [Int64]
  /// The position of each identifier in `heap`, or -1 when absent.
  @usableFromInline var positions: [Int32]

  /// An empty heap for identifiers `0 ..< capacity`.
  public init(capacity: Int) {
    keys = Array(repeating: 0, count: capacity)
    positions = Array(repeating: -1, count: capacity)
    heap.reserveCapacity(capacity)
  }

  /// The identifier with the smallest key and that key, or `nil` when empty; among equal keys,
  /// the smallest identifier.
  @inlinable public var minimum: (id: Int, key: Int64)? {
    guard let top = heap.first else { return nil }
    return (Int(top), keys[Int(top)])
  }

  /// Whether `id` currently has a key.
  @inlinable public func contains(_ id: Int) -> Bool { positions[id] >= 0 }

  /// Sets the key of `id`, inserting it if absent.
  ///
  /// - Complexity: O(log *n*).
  @inlinable
  public mutating func setKey(_ key: Int64, for id: Int) {
    let position = Int(positions[id])
    if position < 0 {
      keys[id] = key
      heap.append(Int32(id))
      positions[id] = Int32(heap.count - 1)
      siftUp(heap.count - 1)
    } else {
      let old = keys[id]
      keys[id] = key
      if key < old { siftUp(position) } else if key > old { siftDown(position) }
    }
  }

  /// Removes `id` if present.
  ///
  /// - Complexity: O(log *n*).
  @inlinable
  public mutating func remove(_ id: Int) {
    let position = Int(positions[id])
    guard position >= 0 else { return }
    let last = heap.removeLast()
    positions[id] = -1
    guard position < heap.count else { return }
    heap[position] = last
    positions[Int(last)] = Int32(position)
    siftDown(position)
    siftUp(Int(positions[Int(last)]))
  }

  @inlinable
  mutating func siftUp(_ start: Int) {
    var index = start
    let moving = heap[index]
    while index > 0 {
      let parent = (index - 1) / 2
      let parentID = heap[parent]
      guard precedes(moving, parentID) else { break }
      heap[index] = parentID
      positions[Int(parentID)] = Int32(index)
      index = parent
    }
    heap[index] = moving
    positions[Int(moving)] = Int32(index)
  }

  @inlinable
  mutating func siftDown(_ start: Int) {
    var index = start
    let moving = heap[index]
    let count = heap.count
    while true {
      let left = 2 * index + 1
      guard left < count else { break }
      let right = left + 1
      var child = left
      if right < count && precedes(heap[right], heap[left]) { child = right }
      let childID = heap[child]
      guard precedes(childID, moving) else { break }
      heap[index] = childID
      positions[Int(childID)] = Int32(index)
      index = child
    }
    heap[index] = moving
    positions[Int(moving)] = Int32(index)
  }

  /// Whether `a` comes before `b`: a smaller key, or an equal key and a smaller identifier.
  @inlinable
  func precedes(_ a: Int32, _ b: Int32) -> Bool {
    let keyA = keys[Int(a)]
    let keyB = keys[Int(b)]
    return keyA < keyB || (keyA == keyB && a < b)
  }
}
