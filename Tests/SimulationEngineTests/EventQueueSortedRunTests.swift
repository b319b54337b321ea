import Quantities
import Testing

@testable import SimulationEngine

/// The event queue's sorted run (``EventRun``): events of the second heap's ranks, due after every
/// other, kept in ascending order beside the heap once it is large. Checked against an oracle (a
/// list scanned for its smallest time, rank and sequence) over random pushes — most a period
/// ahead, as many sources schedule them, some sooner — pops and shifts, with ties of time and
/// rank drawn often.
@Suite struct EventQueueSortedRunTests {
  typealias Pending = (time: Int64, rank: UInt32, sequence: Int)

  static func at(_ nanoseconds: Int64) -> Instant { Instant(nanosecondsSinceStart: nanoseconds) }

  /// Whether the queue lists exactly the oracle's events, with their times and ranks.
  static func listsTheSame(_ queue: borrowing EventQueue<Int>, _ oracle: [Pending]) -> Bool {
    var listed: [Pending] = []
    queue.forEachPending { time, order, event in
      listed.append((time, UInt32(order >> 44), event))
    }
    let sort = { (list: [Pending]) in list.sorted { $0.sequence < $1.sequence } }
    return sort(listed).elementsEqual(sort(oracle)) { $0 == $1 }
  }

  /// A thousand seeds, with the run and without: every pop, count, next time and `hasEvent`
  /// answer agrees with the oracle's, shifts included, and the run is used when kept.
  @Test(arguments: [true, false])
  func matchesANaiveOracle(keepsSortedRun: Bool) {
    var runWasUsed = false
    for seed in 0..<1_000 {
      var random = SplitMix64(seed: UInt64(seed), stream: "sorted run")
      var queue = EventQueue<Int>(
        minimumCapacity: 1, secondHeapRanks: 4..<9, thirdHeapRanks: 2..<3,
        keepsSortedRun: keepsSortedRun)
      var oracle: [Pending] = []
      var sequence = 0
      var now: Int64 = 0
      var agrees = true
      for _ in 0..<(1 + Int(random.next() % 300)) where agrees {
        switch random.next() % 10 {
        case 0..<6:
          // Mostly a source's next arrival, a period of about 100 ahead; sometimes sooner.
          let far = random.next() % 4 != 0
          let time = now + (far ? 100 + Int64(random.next() % 3) : Int64(random.next() % 100))
          let rank = far ? 4 + UInt32(random.next() % 5) : UInt32(random.next() % 9)
          queue.push(sequence, at: Self.at(time), rank: rank)
          oracle.append((time, rank, sequence))
          sequence += 1
        case 6..<9:
          let expected = EventQueueTests.popMinimum(&oracle)
          let popped = queue.popFirst()
          agrees =
            popped?.event == expected?.sequence
            && popped?.time.nanosecondsSinceStart == expected?.time
          if let expected { now = expected.time }
        default:
          // Events due in [now, upper) move later by delta, when none is due in
          // [upper, upper + delta) (the order the fast-forward's skips keep).
          let upper = now + Int64(random.next() % 150)
          let delta = 1 + Int64(random.next() % 120)
          guard !oracle.contains(where: { $0.time >= upper && $0.time < upper + delta }) else {
            continue
          }
          queue.shiftPending(dueIn: now..<upper, by: delta)
          for index in oracle.indices where (now..<upper).contains(oracle[index].time) {
            oracle[index].time += delta
          }
        }
        runWasUsed = runWasUsed || queue.sortedRun.count > 0
        // Asked at the clock, as the engine asks it (no event is due before the clock).
        let probeRank = UInt32(random.next() % 9)
        let due = oracle.contains { $0.time <= now && $0.rank <= probeRank }
        agrees =
          agrees && queue.count == oracle.count
          && queue.nextTime?.nanosecondsSinceStart == oracle.map(\.time).min()
          && queue.hasEvent(dueAtOrBefore: Self.at(now), rankAtMost: probeRank) == due
          && Self.listsTheSame(queue, oracle)
      }
      while agrees, let expected = EventQueueTests.popMinimum(&oracle) {
        agrees = queue.popFirst()?.event == expected.sequence
      }
      let matches = agrees && queue.isEmpty
      #expect(matches, "seed \(seed), run \(keepsSortedRun): the queue differs from the oracle")
    }
    #expect(runWasUsed == keepsSortedRun)
  }

  /// Events pushed in ascending order: all but the first join the run, and they come out in
  /// order, ties of time in order of rank then of pushing; events of other ranks never do.
  @Test func ascendingPushesJoinTheRunAndKeepTies() {
    var queue = EventQueue<Int>(secondHeapRanks: 4..<100, keepsSortedRun: true)
    queue.push(0, at: Self.at(5), rank: 0)
    queue.push(1, at: Self.at(10), rank: 2)
    queue.push(2, at: Self.at(20), rank: 7)
    queue.push(3, at: Self.at(20), rank: 7)
    queue.push(4, at: Self.at(20), rank: 9)
    queue.push(5, at: Self.at(30), rank: 5)
    // Earlier than the run's last: to the heap, though its rank sorts it before event 5.
    queue.push(6, at: Self.at(20), rank: 6)
    // The first of the chain is in the second heap; the three after it in the run.
    let (runCount, heapCount) = (queue.sortedRun.count, queue.secondHeap.count)
    #expect(runCount == 3)
    #expect(heapCount == 2)
    var popped: [Int] = []
    while let entry = queue.popFirst() { popped.append(entry.event) }
    #expect(popped == [0, 1, 6, 2, 3, 4, 5])
  }

  /// Two kinds of event, each pushed in ascending order but interleaved with the other (arrivals
  /// at their due times, deadlines a tolerance later): each kind fills a run of its own, the heap
  /// holds only their two first events, and they come out in order of time.
  @Test func interleavedAscendingKindsFillTwoRuns() {
    var queue = EventQueue<Int>(secondHeapRanks: 4..<100, keepsSortedRun: true)
    for index in 0..<50 {
      queue.push(2 * index, at: Self.at(Int64(1_000 + 10 * index)), rank: 4)
      queue.push(2 * index + 1, at: Self.at(Int64(10 * index + 5)), rank: 5)
    }
    let (runCount, otherRunCount) = (queue.sortedRun.count, queue.otherSortedRun.count)
    let heapCount = queue.secondHeap.count
    #expect(runCount == 49)
    #expect(otherRunCount == 49)
    #expect(heapCount == 2)
    var times: [Int64] = []
    while let entry = queue.popFirst() { times.append(entry.time.nanosecondsSinceStart) }
    let arrivals: [Int64] = (0..<50).map { Int64(10 * $0 + 5) }
    let deadlines: [Int64] = (0..<50).map { Int64(1_000 + 10 * $0) }
    let expected = arrivals + deadlines
    #expect(times == expected)
  }

  /// A shift moves the run's events in its range and the run stays in order, with the event of
  /// the run kept in the heap.
  @Test func shiftMovesTheRunsEvents() {
    var queue = EventQueue<Int>(secondHeapRanks: 4..<100, keepsSortedRun: true)
    for (index, time) in [0, 10, 20, 100, 110].enumerated() {
      queue.push(index, at: Self.at(Int64(time)), rank: 4)
    }
    // 0, 10 and 20 (the first of them in the heap) move by 50; none is due in [30, 80).
    queue.shiftPending(dueIn: 0..<30, by: 50)
    let runCount = queue.sortedRun.count
    #expect(runCount == 4)
    // A later event joins the run behind 110, an earlier one goes to the heap.
    queue.push(5, at: Self.at(120), rank: 4)
    queue.push(6, at: Self.at(60), rank: 4)
    var popped: [Int] = []
    var times: [Int64] = []
    while let entry = queue.popFirst() {
      popped.append(entry.event)
      times.append(entry.time.nanosecondsSinceStart)
    }
    #expect(popped == [0, 1, 6, 2, 3, 4, 5])
    #expect(times == [50, 60, 60, 70, 100, 110, 120])
  }

  /// The run owns its events: kept while pending, through its ring's growth, and released when
  /// popped, removed, or with the queue.
  @Test func runEventsAreKeptAndReleased() {
    final class Token {}
    weak var popped: Token?
    weak var removed: Token?
    weak var leftInQueue: Token?
    do {
      var queue = EventQueue<Token>(secondHeapRanks: 4..<5, keepsSortedRun: true)
      var tokens = (0..<100).map { _ in Token() }
      for (index, token) in tokens.enumerated() {
        queue.push(token, at: Self.at(Int64(index)), rank: 4)
      }
      popped = tokens[0]
      removed = tokens[50]
      tokens.removeAll()
      let runCount = queue.sortedRun.count
      #expect(runCount == 99)
      #expect(removed != nil)
      _ = queue.popFirst()
      #expect(popped == nil)
      queue.removeAll()
      #expect(removed == nil)
      var another = [Token()]
      leftInQueue = another[0]
      queue.push(Token(), at: Self.at(0), rank: 4)
      queue.push(another[0], at: Self.at(1), rank: 4)
      another.removeAll()
      #expect(leftInQueue != nil)
    }
    #expect(leftInQueue == nil)
  }
}
