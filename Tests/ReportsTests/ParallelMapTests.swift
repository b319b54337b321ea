import Foundation
import Reports
import Testing

/// ``ParallelMap`` against the naive oracle, a serial `map`, for every small size and thread count.
@Suite struct ParallelMapTests {
  struct Failure: Error, Equatable {
    var index: Int
  }

  /// A job whose run time varies with the index, so threads finish out of order.
  static func job(_ index: Int) -> Int {
    var value = UInt64(index) &* 0x9E37_79B9_7F4A_7C15
    for _ in 0..<(index % 7) * 2_000 { value = value &* 6_364_136_223_846_793_005 &+ 1 }
    return index * index + Int(value % 3)
  }

  @Test func resultsComeInIndexOrderWhateverTheThreadCount() {
    for count in 0...20 {
      let expected = (0..<count).map(Self.job)
      for jobs in 1...6 {
        #expect(ParallelMap.map(count: count, jobs: jobs, Self.job) == expected)
      }
    }
  }

  /// Indices 5, 9 and 13 fail; every thread count reports index 5.
  @Test func theLowestFailingIndexIsThrown() {
    for jobs in 1...6 {
      #expect(throws: Failure(index: 5)) {
        try ParallelMap.map(count: 20, jobs: jobs) { (index: Int) throws(Failure) -> Int in
          if [5, 9, 13].contains(index) { throw Failure(index: index) }
          return Self.job(index)
        }
      }
    }
  }

  @Test func progressCountsUpOneByOne() {
    final class Counts: @unchecked Sendable {
      var values: [Int] = []
    }
    for jobs in [1, 4] {
      let counts = Counts()
      _ = ParallelMap.map(count: 30, jobs: jobs, progress: { counts.values.append($0) }, Self.job)
      #expect(counts.values == Array(1...30))
    }
  }

  @Test func everyJobRunsExactlyOnce() {
    final class Tally: @unchecked Sendable {
      let lock = NSLock()
      var runs: [Int: Int] = [:]
    }
    let tally = Tally()
    _ = ParallelMap.map(count: 200, jobs: 8) { index in
      tally.lock.lock()
      tally.runs[index, default: 0] += 1
      tally.lock.unlock()
      return index
    }
    #expect(tally.runs.count == 200)
    #expect(tally.runs.values.allSatisfy { $0 == 1 })
  }
}
