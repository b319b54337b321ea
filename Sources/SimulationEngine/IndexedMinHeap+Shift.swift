extension IndexedMinHeap {
  /// The key of `id`, or `nil` when it has none.
  ///
  /// - Complexity: O(1).
  public func key(for id: Int) -> Int64? {
    precondition(id >= 0 && id < capacity, "an identifier out of range")
    let position = Int(positions[id])
    if position < -1 { return runKeys[id] }
    return position < 0 ? nil : slots[position].key
  }

  /// Adds `delta` to every key in `range`. The heap's order stays valid when every key outside
  /// `range` is below it, or at or above `range.upperBound + delta` (keys moved by whole periods
  /// of a steady state).
  ///
  /// - Complexity: O(*n*) for *n* keys.
  /// The sorted runs stay sorted: their stale slots are dropped first, and each one's live keys
  /// in `range` are consecutive and move to where no key is.
  public func shiftKeys(in range: Range<Int64>, by delta: Int64) {
    for index in 0..<count where range.contains(slots[index].key) {
      slots[index].key += delta
    }
    let chains = (0..<2).filter { runs[$0].promotedID >= 0 }
    guard !chains.isEmpty else { return }
    for r in chains {
      rebuildRun(r, capacity: runs[r].capacity, dropStale: true)
      let ring = runs[r].ring
      for index in 0..<runs[r].count where range.contains(ring[index].key) {
        ring[index].key += delta
      }
    }
    // By identifier: a run may hold one identifier's key twice (set, changed, set again).
    for id in 0..<capacity where positions[id] < -1 && range.contains(runKeys[id]) {
      runKeys[id] += delta
    }
    for r in chains {
      let promoted = Int(positions[Int(runs[r].promotedID)])
      runs[r].lastOrder =
        runs[r].count > 0 ? runs[r].ring[runs[r].count - 1].order : slots[promoted].order
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
