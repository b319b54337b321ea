import Quantities
import SimulationEngine
import Testing

/// The event queue's total order — time, then rank, then insertion — checked by hand and
/// against a naive oracle (a list scanned for its minimum) over thousands of seeds, with times
/// and ranks drawn from small ranges so that ties are the rule, not the exception.
@Suite struct EventQueueTests {
  static func at(_ nanoseconds: Int64) -> Instant { Instant(nanosecondsSinceStart: nanoseconds) }

  /// Pops every event, in order.
  static func drain(_ queue: inout EventQueue<String>) -> [String] {
    var order: [String] = []
    while let entry = queue.popFirst() { order.append(entry.event) }
    return order
  }

  @Test func emptyQueue() {
    // The queue cannot be copied, so `#expect` sees values read from it.
    var queue = EventQueue<Int>()
    let (isEmpty, count, nextTime) = (queue.isEmpty, queue.count, queue.nextTime)
    #expect(isEmpty)
    #expect(count == 0)
    #expect(nextTime == nil)
    let popped = queue.popFirst()
    #expect(popped == nil)
  }

  @Test func ordersByTime() {
    var queue = EventQueue<String>()
    queue.push("c", at: Self.at(30), rank: 0)
    queue.push("a", at: Self.at(10), rank: 5)
    queue.push("b", at: Self.at(20), rank: 0)
    let (count, nextTime) = (queue.count, queue.nextTime)
    #expect(count == 3)
    #expect(nextTime == Self.at(10))
    #expect(Self.drain(&queue) == ["a", "b", "c"])
  }

  /// At one instant, lower ranks first (*The power-state ladder*: wake completions, work
  /// completions, demotions, arrivals); within a rank, the order of pushing.
  @Test func tiesBreakByRankThenInsertion() {
    var queue = EventQueue<String>()
    queue.push("arrival-1", at: Self.at(5), rank: 3)
    queue.push("demotion", at: Self.at(5), rank: 2)
    queue.push("arrival-2", at: Self.at(5), rank: 3)
    queue.push("completion", at: Self.at(5), rank: 1)
    queue.push("wake", at: Self.at(5), rank: 0)
    queue.push("arrival-3", at: Self.at(5), rank: 3)
    queue.push("earlier", at: Self.at(4), rank: EventQueue<String>.maximumRank)
    #expect(
      Self.drain(&queue) == [
        "earlier", "wake", "completion", "demotion", "arrival-1", "arrival-2", "arrival-3",
      ])
  }

  /// The largest rank still sorts after every smaller one.
  /// Whether something of a rank or lower is still due at an instant, in each of the three
  /// heaps: the rank's own events and lower ones count, higher ranks and later times do not.
  @Test(arguments: [0, 1, 2]) func hasEventDueAtOrBeforeLooksAtEveryHeap(heap: Int) {
    // Rank 5 goes to the heap under test: the first by default, else the second or third.
    let rankFive: Range<UInt32> = 5..<6
    var queue = EventQueue<String>(
      secondHeapRanks: heap == 1 ? rankFive : 0..<0, thirdHeapRanks: heap == 2 ? rankFive : 0..<0)
    queue.push("later", at: Self.at(20), rank: 0)
    let none = queue.hasEvent(dueAtOrBefore: Self.at(10), rankAtMost: 9)
    #expect(!none)
    queue.push("now", at: Self.at(10), rank: 5)
    let (below, at, above) = (
      queue.hasEvent(dueAtOrBefore: Self.at(10), rankAtMost: 4),
      queue.hasEvent(dueAtOrBefore: Self.at(10), rankAtMost: 5),
      queue.hasEvent(dueAtOrBefore: Self.at(10), rankAtMost: 6)
    )
    #expect(!below)
    #expect(at)
    #expect(above)
  }

  @Test func maximumRankSortsLast() {
    var queue = EventQueue<String>()
    let top = EventQueue<String>.maximumRank
    #expect(top == 1_048_575)
    queue.push("max", at: Self.at(0), rank: top)
    queue.push("max-1", at: Self.at(0), rank: top - 1)
    queue.push("zero", at: Self.at(0), rank: 0)
    #expect(Self.drain(&queue) == ["zero", "max-1", "max"])
  }

  @Test func removeAllEmptiesTheQueue() {
    var queue = EventQueue<Int>(minimumCapacity: 1)
    for index in 0..<100 { queue.push(index, at: Self.at(Int64(index % 7)), rank: 0) }
    queue.removeAll()
    let isEmpty = queue.isEmpty
    #expect(isEmpty)
    queue.push(1, at: Self.at(3), rank: 0)
    let popped = queue.popFirst()
    #expect(popped?.event == 1)
  }

  /// 1000 seeds: random pushes and pops interleaved, times in 0..<5 and ranks in 0..<3, against
  /// an oracle that scans a list for the smallest (time, rank, sequence).
  /// With every rank in one heap, and with some ranks kept in a second heap, or in a second and
  /// a third (whose events the queue must interleave with the first's in the same total order).
  @Test(
    arguments: [
      (0..<0, 0..<0), (1..<2, 0..<0), (0..<2, 0..<0), (2..<3, 0..<0), (0..<0, 1..<2),
      (1..<2, 2..<3), (2..<3, 0..<1), (0..<1, 1..<3),
    ] as [(Range<UInt32>, Range<UInt32>)])
  func matchesANaiveOracleOverAThousandSeeds(
    secondHeapRanks: Range<UInt32>, thirdHeapRanks: Range<UInt32>
  ) {
    for seed in 0..<1_000 {
      var random = SplitMix64(seed: UInt64(seed))
      var queue = EventQueue<Int>(
        minimumCapacity: 1, secondHeapRanks: secondHeapRanks, thirdHeapRanks: thirdHeapRanks)
      var oracle: [(time: Int64, rank: UInt32, sequence: Int)] = []
      var sequence = 0
      let operations = 1 + Int(random.next() % 200)
      var agrees = true
      for _ in 0..<operations where agrees {
        if random.next() % 3 != 0 {
          let time = Int64(random.next() % 5)
          let rank = UInt32(random.next() % 3)
          queue.push(sequence, at: Self.at(time), rank: rank)
          oracle.append((time, rank, sequence))
          sequence += 1
        } else {
          let expected = Self.popMinimum(&oracle)
          let popped = queue.popFirst()
          agrees =
            popped?.event == expected?.sequence
            && popped?.time.nanosecondsSinceStart == expected?.time
        }
        agrees =
          agrees && queue.count == oracle.count
          && queue.nextTime?.nanosecondsSinceStart == oracle.map(\.time).min()
      }
      while agrees, let expected = Self.popMinimum(&oracle) {
        agrees = queue.popFirst()?.event == expected.sequence
      }
      // One issue per failing seed, so a broken order does not flood the log.
      let matches = agrees && queue.isEmpty
      #expect(
        matches,
        "seed \(seed), \(secondHeapRanks), \(thirdHeapRanks): the order differs from the oracle's")
    }
  }

  static func popMinimum(_ list: inout [(time: Int64, rank: UInt32, sequence: Int)])
    -> (time: Int64, rank: UInt32, sequence: Int)?
  {
    guard var best = list.indices.first else { return nil }
    for index in list.indices {
      let (a, b) = (list[index], list[best])
      if (a.time, a.rank, a.sequence) < (b.time, b.rank, b.sequence) { best = index }
    }
    return list.remove(at: best)
  }

  /// Many events at one time and rank come out exactly in insertion order (a stable order),
  /// whatever the heap's shape.
  @Test(arguments: [1, 2, 3, 7, 8, 9, 100, 1_000])
  func equalKeysKeepInsertionOrder(count: Int) {
    var queue = EventQueue<Int>(minimumCapacity: 1)
    for index in 0..<count { queue.push(index, at: Self.at(42), rank: 1) }
    var popped: [Int] = []
    while let entry = queue.popFirst() { popped.append(entry.event) }
    #expect(popped == Array(0..<count))
  }

  /// The queue owns its memory: an event is kept while it is pending — through growth and
  /// sifting — and released once popped, or with the queue; in any heap (rank 1 goes to the
  /// second or the third when it has one).
  @Test(
    arguments: [(0..<0, 0..<0), (1..<2, 0..<0), (0..<0, 1..<2)] as [(Range<UInt32>, Range<UInt32>)])
  func eventsAreKeptWhilePendingAndReleasedAfter(
    secondHeapRanks: Range<UInt32>, thirdHeapRanks: Range<UInt32>
  ) {
    final class Token {}
    weak var first: Token?
    weak var second: Token?
    weak var third: Token?
    var thirdWasPending = false
    do {
      var queue = EventQueue<Token>(
        minimumCapacity: 1, secondHeapRanks: secondHeapRanks, thirdHeapRanks: thirdHeapRanks)
      var tokens = (0..<3).map { _ in Token() }
      (first, second, third) = (tokens[0], tokens[1], tokens[2])
      for (index, token) in tokens.enumerated() {
        queue.push(token, at: Self.at(Int64(index)), rank: UInt32(index % 2))
      }
      tokens.removeAll()
      // Events after them make the heap grow and sift.
      for index in 0..<50 {
        queue.push(Token(), at: Self.at(100 + Int64(index % 9)), rank: UInt32(index % 2))
      }
      _ = queue.popFirst()
      _ = queue.popFirst()
      #expect(first == nil)
      #expect(second == nil)
      thirdWasPending = third != nil
    }
    #expect(thirdWasPending)
    #expect(third == nil)
  }
}
