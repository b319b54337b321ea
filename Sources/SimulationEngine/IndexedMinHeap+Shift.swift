extension IndexedMinHeap {
  /// The key of `id`, or `nil` when it has none.
  ///
  /// - Complexity: O(1).
  public func key(for id: Int) -> Int64? {
    precondition(id >= 0 && id < capacity, "an identifier out of range")
    let position = Int(positions[id])
    if position == Int(Self.inRun) { return runKeys[id] }
    return position < 0 ? nil : slots[position].key
  }

  /// Adds `delta` to every key in `range`. The heap's order stays valid when every key outside
  /// `range` is below it, or at or above `range.upperBound + delta` (keys moved by whole periods
  /// of a steady state).
  ///
  /// - Complexity: O(*n*) for *n* keys.
  /// The sorted run stays sorted: its stale slots are dropped first, and its live keys in `range`
  /// are consecutive and move to where no key is.
  public func shiftKeys(in range: Range<Int64>, by delta: Int64) {
    for index in 0..<count where range.contains(slots[index].key) {
      slots[index].key += delta
    }
    guard promotedID >= 0 else { return }
    rebuildRun(capacity: runCapacity, dropStale: true)
    for index in 0..<runCount where range.contains(run[index].key) { run[index].key += delta }
    // By identifier: the run may hold one identifier's key twice (set, changed, set again).
    for id in 0..<capacity where positions[id] == Self.inRun && range.contains(runKeys[id]) {
      runKeys[id] += delta
    }
    lastRunOrder =
      runCount > 0 ? run[runCount - 1].order : slots[Int(positions[Int(promotedID)])].order
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
