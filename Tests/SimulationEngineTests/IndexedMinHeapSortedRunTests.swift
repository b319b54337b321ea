import Testing

@testable import SimulationEngine

/// The indexed min-heap's sorted run: keys set after every other, kept in ascending order beside
/// the heap once it is large, changed and removed there by leaving stale slots. Checked against an
/// oracle (a dictionary scanned for its smallest key, then identifier) over random operations as
/// a simulation makes them: the minimum taken and set a period ahead or removed, other keys set,
/// changed and removed, shifts; keys drawn so that ties are common.
@Suite struct IndexedMinHeapSortedRunTests {
  /// The smallest key, then identifier, of the oracle.
  static func minimum(_ oracle: [Int: Int64]) -> (id: Int, key: Int64)? {
    oracle.min { ($0.value, $0.key) < ($1.value, $1.key) }.map { ($0.key, $0.value) }
  }

  @Test(arguments: [true, false])
  func matchesANaiveOracle(keepsSortedRun: Bool) {
    var runWasUsed = false
    var secondRunWasUsed = false
    for seed in 0..<1_000 {
      var random = SplitMix64(seed: UInt64(seed), stream: "indexed run")
      let capacity = 1 + Int(random.next() % 40)
      let heap = IndexedMinHeap(capacity: capacity, keepsSortedRun: keepsSortedRun)
      var oracle: [Int: Int64] = [:]
      var now: Int64 = 0
      var agrees = true
      for _ in 0..<(1 + Int(random.next() % 300)) where agrees {
        let id = Int(random.next() % UInt64(capacity))
        switch random.next() % 10 {
        case 0..<3:
          // The minimum is due: set a period ahead, or done.
          guard let first = Self.minimum(oracle) else { continue }
          now = first.key
          if random.next() % 5 == 0 {
            heap.remove(first.id)
            oracle[first.id] = nil
          } else {
            let key = now + 100 + Int64(random.next() % 3)
            heap.setKey(key, for: first.id)
            oracle[first.id] = key
          }
        case 3..<6:
          let key = now + 100 + Int64(random.next() % 3)
          heap.setKey(key, for: id)
          oracle[id] = key
        case 6..<8:
          let key = now + Int64(random.next() % 120)
          heap.setKey(key, for: id)
          oracle[id] = key
        case 8:
          heap.remove(id)
          oracle[id] = nil
        default:
          // Keys in [now, upper) move later by delta, when none is in [upper, upper + delta).
          let upper = now + Int64(random.next() % 150)
          let delta = 1 + Int64(random.next() % 120)
          guard !oracle.values.contains(where: { $0 >= upper && $0 < upper + delta }) else {
            continue
          }
          heap.shiftKeys(in: now..<upper, by: delta)
          for (key, value) in oracle where (now..<upper).contains(value) {
            oracle[key] = value + delta
          }
        }
        runWasUsed = runWasUsed || heap.liveInRun > 0
        secondRunWasUsed = secondRunWasUsed || heap.runs[1].live > 0
        let minimum = heap.minimum
        let expected = Self.minimum(oracle)
        agrees =
          minimum?.id == expected?.id && minimum?.key == expected?.key
          && (0..<capacity).allSatisfy {
            heap.contains($0) == (oracle[$0] != nil) && heap.key(for: $0) == oracle[$0]
          }
      }
      // Draining by removing the minimum gives the oracle's order.
      while agrees, let expected = Self.minimum(oracle) {
        let minimum = heap.minimum
        agrees = minimum?.id == expected.id && minimum?.key == expected.key
        heap.remove(expected.id)
        oracle[expected.id] = nil
      }
      let matches = agrees && heap.minimum == nil
      #expect(matches, "seed \(seed), run \(keepsSortedRun): the heap differs from the oracle")
    }
    #expect(runWasUsed == keepsSortedRun)
    #expect(secondRunWasUsed == keepsSortedRun)
  }

  /// Two kinds of key, each set in ascending order but interleaved with the other (arrivals'
  /// due times, deadlines a tolerance later): each kind fills a run of its own, the heap holds
  /// only their two first keys, and removing the minimum gives every key in order.
  @Test func interleavedAscendingKindsFillTwoRuns() {
    let heap = IndexedMinHeap(capacity: 100, keepsSortedRun: true)
    for index in 0..<50 {
      heap.setKey(Int64(1_000 + 10 * index), for: 2 * index)
      heap.setKey(Int64(10 * index + 5), for: 2 * index + 1)
    }
    let (heapCount, first, second) = (heap.count, heap.runs[0].live, heap.runs[1].live)
    #expect(heapCount == 2)
    #expect(first == 49)
    #expect(second == 49)
    var keys: [Int64] = []
    while let minimum = heap.minimum {
      keys.append(minimum.key)
      heap.remove(minimum.id)
    }
    let arrivals: [Int64] = (0..<50).map { Int64(10 * $0 + 5) }
    let deadlines: [Int64] = (0..<50).map { Int64(1_000 + 10 * $0) }
    #expect(keys == arrivals + deadlines)
  }

  /// By hand: ascending keys join the run; changing or removing one there leaves it stale, and
  /// the minimum moves on past it; ties of key come out by identifier.
  @Test func staleKeysInTheRunAreSkipped() {
    let heap = IndexedMinHeap(capacity: 6, keepsSortedRun: true)
    heap.setKey(10, for: 3)
    heap.setKey(20, for: 1)
    heap.setKey(20, for: 2)
    heap.setKey(30, for: 0)
    // The first key is in the heap; the others in the run, in the order they were set.
    let (heapCount, runCount) = (heap.count, heap.runCount)
    #expect(heapCount == 1)
    #expect(runCount == 3)
    #expect(heap.key(for: 1) == 20)
    // Earlier than the run's last key (30 for 0): 15 for 4 starts the other run, in the heap.
    heap.setKey(15, for: 4)
    let heapCountAfter = heap.count
    #expect(heapCountAfter == 2)
    heap.remove(1)
    heap.setKey(5, for: 0)
    #expect(heap.minimum?.id == 0)
    #expect(heap.minimum?.key == 5)
    #expect(!heap.contains(1))
    heap.remove(0)
    heap.remove(3)
    // The run's slot of 1 is stale (removed), as is that of 0 (changed, then removed).
    #expect(heap.minimum?.id == 4)
    heap.remove(4)
    #expect(heap.minimum?.id == 2)
    #expect(heap.minimum?.key == 20)
    // Ties of key come out by identifier, wherever they are kept.
    heap.setKey(20, for: 5)
    heap.setKey(20, for: 1)
    #expect(heap.minimum?.id == 1)
    heap.remove(1)
    #expect(heap.minimum?.id == 2)
    heap.remove(2)
    #expect(heap.minimum?.id == 5)
    heap.remove(5)
    #expect(heap.minimum == nil)
    let liveInRun = heap.liveInRun
    let promotedIDs = [heap.runs[0].promotedID, heap.runs[1].promotedID]
    #expect(liveInRun == 0)
    #expect(promotedIDs == [-1, -1])
  }
}
