import SimulationEngine
import Testing

/// The indexed min-heap against a naive oracle: a dictionary scanned for its smallest key.
@Suite struct IndexedMinHeapTests {
  @Test func smallCaseByHand() {
    let heap = IndexedMinHeap(capacity: 4)
    #expect(heap.minimum == nil)
    heap.setKey(30, for: 0)
    heap.setKey(10, for: 2)
    heap.setKey(20, for: 3)
    #expect(heap.minimum?.id == 2)
    #expect(heap.minimum?.key == 10)
    #expect(heap.contains(2) && !heap.contains(1))
    // Raising the minimum's key lets the next one up; lowering another's brings it to the top.
    heap.setKey(40, for: 2)
    #expect(heap.minimum?.id == 3)
    heap.setKey(5, for: 0)
    #expect(heap.minimum?.id == 0)
    #expect(heap.minimum?.key == 5)
    heap.remove(0)
    #expect(!heap.contains(0))
    #expect(heap.minimum?.id == 3)
    heap.remove(0)  // Removing an absent identifier does nothing.
    heap.remove(3)
    heap.remove(2)
    #expect(heap.minimum == nil)
  }

  /// 2000 seeds of random inserts, key changes (up and down) and removals over up to 40
  /// identifiers; after every operation the minimum key and membership match the oracle.
  @Test func matchesANaiveOracleOverThousandsOfSeeds() {
    checkAgainstOracle(seeds: 0..<2_000, capacities: 1...40, operations: 150)
  }

  /// Deeper heaps: 41 to 400 identifiers (up to five levels of four, the last family often
  /// incomplete), 1600 operations each.
  @Test func deepHeapsMatchTheOracle() {
    checkAgainstOracle(seeds: 10_000..<10_030, capacities: 41...400, operations: 1_600)
  }

  private func checkAgainstOracle(
    seeds: Range<Int>, capacities: ClosedRange<Int>, operations: Int
  ) {
    for seed in seeds {
      var random = SplitMix64(seed: UInt64(seed))
      let span = UInt64(capacities.count)
      let capacity = capacities.lowerBound + Int(random.next() % span)
      let heap = IndexedMinHeap(capacity: capacity)
      var oracle: [Int: Int64] = [:]
      for _ in 0..<operations {
        let id = Int(random.next() % UInt64(capacity))
        if random.next() % 4 == 0 {
          heap.remove(id)
          oracle[id] = nil
        } else {
          // Keys from a small range, so that ties are common.
          let key = Int64(random.next() % 20) - 5
          heap.setKey(key, for: id)
          oracle[id] = key
        }
        let expectedKey = oracle.values.min()
        let minimum = heap.minimum
        #expect(minimum?.key == expectedKey, "seed \(seed)")
        if let minimum { #expect(oracle[minimum.id] == minimum.key, "seed \(seed)") }
      }
      for id in 0..<capacity { #expect(heap.contains(id) == (oracle[id] != nil)) }
      // Draining by removing the minimum gives the keys in sorted order.
      var drained: [Int64] = []
      while let minimum = heap.minimum {
        drained.append(minimum.key)
        heap.remove(minimum.id)
      }
      #expect(drained == oracle.values.sorted(), "seed \(seed)")
    }
  }
}
