import SimulationEngine
import Testing

/// Ties in the indexed min-heap go to the smallest identifier, so that range timers due at the
/// same instant fire in workload-name order whatever the order they were armed in.
@Suite struct IndexedMinHeapTieTests {
  @Test func equalKeysComeOutSmallestIdentifierFirst() {
    let heap = IndexedMinHeap(capacity: 4)
    heap.setKey(7, for: 3)
    heap.setKey(7, for: 1)
    heap.setKey(7, for: 2)
    #expect(heap.minimum?.id == 1)
    heap.remove(1)
    #expect(heap.minimum?.id == 2)
    heap.setKey(6, for: 3)
    #expect(heap.minimum?.id == 3)
    heap.setKey(7, for: 3)
    #expect(heap.minimum?.id == 2)
  }

  /// Over 1000 seeds of random operations with few distinct keys, the minimum is always the
  /// smallest identifier holding the smallest key (the oracle scans every identifier).
  @Test func tiesMatchAnOracle() {
    for seed in 0..<1_000 {
      var random = SplitMix64(seed: UInt64(seed))
      let capacity = 1 + Int(random.next() % 30)
      let heap = IndexedMinHeap(capacity: capacity)
      var oracle: [Int64?] = Array(repeating: nil, count: capacity)
      for _ in 0..<100 {
        let id = Int(random.next() % UInt64(capacity))
        if random.next() % 4 == 0 {
          heap.remove(id)
          oracle[id] = nil
        } else {
          let key = Int64(random.next() % 4)
          heap.setKey(key, for: id)
          oracle[id] = key
        }
        let expected = oracle.indices.filter { oracle[$0] != nil }.min {
          (oracle[$0]!, $0) < (oracle[$1]!, $1)
        }
        #expect(heap.minimum?.id == expected, "seed \(seed)")
      }
    }
  }
}
