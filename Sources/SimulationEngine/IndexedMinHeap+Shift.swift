extension IndexedMinHeap {
  /// The key of `id`, or `nil` when it has none.
  ///
  /// - Complexity: O(1).
  public func key(for id: Int) -> Int64? {
    precondition(id >= 0 && id < capacity, "an identifier out of range")
    let position = Int(positions[id])
    return position < 0 ? nil : slots[position].key
  }

  /// Adds `delta` to every key in `range`. The heap's order stays valid when every key outside
  /// `range` is below it, or at or above `range.upperBound + delta` (keys moved by whole periods
  /// of a steady state).
  ///
  /// - Complexity: O(*n*) for *n* keys.
  public func shiftKeys(in range: Range<Int64>, by delta: Int64) {
    for index in 0..<count where range.contains(slots[index].key) {
      slots[index].key += delta
    }
  }
}

extension RingBuffer {
  /// Calls `body` with each element, first to last (for a snapshot of a queue).
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public func forEachElement(_ body: (Element) -> Void) {
    var index = head
    for _ in 0..<storedCount {
      body(storage[index]!)
      index += 1
      if index == storage.count { index = 0 }
    }
  }
}
