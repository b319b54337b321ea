import SimulationEngine
import Testing

@testable import DeviceModels

@Suite("Latency log")
struct LatencyLogTests {
  @Test("a full batch says so, and drains grouped by workload, each group in logged order")
  func drainsGroupedByWorkloadInOrder() {
    let log = LatencyLog(workloadCount: 4, capacity: 6)
    let logged: [(Int64, Int32)] = [(30, 2), (10, 0), (31, 2), (11, 0), (32, 2)]
    for (latency, workload) in logged { #expect(!log.append(latency, of: workload)) }
    #expect(log.append(12, of: 0))
    var delivered: [(Int, [Int64])] = []
    log.drain { workload, latencies in delivered.append((workload, Array(latencies))) }
    #expect(delivered.map(\.0) == [0, 2])
    #expect(delivered.map(\.1) == [[10, 11, 12], [30, 31, 32]])
    #expect(log.count == 0)
    // An empty log delivers nothing; the next batch starts afresh.
    log.drain { _, _ in Issue.record("an empty log delivered latencies") }
    #expect(!log.append(7, of: 3))
    delivered = []
    log.drain { workload, latencies in delivered.append((workload, Array(latencies))) }
    #expect(delivered.map(\.0) == [3])
    #expect(delivered.map(\.1) == [[7]])
    // Every latency handed over counts in the total, and those recorded apart too.
    #expect(log.recordedTotal == 7)
    log.countRecordedApart(5)
    #expect(log.recordedTotal == 12)
  }

  @Test("recorders fed through a log of small batches summarise as if fed directly")
  func batchesSummariseLikeDirectRecording() {
    var direct = [LatencyRecorder(), LatencyRecorder(), LatencyRecorder()]
    var batched = direct
    let log = LatencyLog(workloadCount: 3, capacity: 7)
    var state: UInt64 = 42
    for _ in 0..<500 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let workload = Int(state >> 62) % 3
      let latency = Int64(state >> 40)
      direct[workload].record(latency)
      if log.append(latency, of: Int32(workload)) {
        log.drain { batched[$0].record(contentsOf: $1) }
      }
    }
    log.drain { batched[$0].record(contentsOf: $1) }
    for workload in 0..<3 {
      #expect(batched[workload].summary() == direct[workload].summary())
      #expect(batched[workload].summary() != nil)
    }
  }

  @Test("a batch that crosses the exact limit moves every sample to the histogram, as one by one")
  func batchCrossingTheExactLimit() throws {
    let below = (0..<LatencyRecorder.exactLimit - 2).map { Int64($0 % 5_000) * 1_000 }
    let batch: [Int64] = [7_000_000, 3, 9_999_999, 42]
    var oneByOne = LatencyRecorder()
    var batched = LatencyRecorder()
    for latency in below { oneByOne.record(latency) }
    below.withUnsafeBufferPointer { batched.record(contentsOf: $0) }
    for latency in batch { oneByOne.record(latency) }
    batch.withUnsafeBufferPointer { batched.record(contentsOf: $0) }
    let summary = try #require(batched.summary())
    #expect(summary == oneByOne.summary())
    #expect(summary.isApproximate)
    #expect(summary.count == LatencyRecorder.exactLimit + 2)
    #expect(summary.max == .nanoseconds(9_999_999))
  }
}

@Suite("Latency percentiles")
struct LatencySelectionTests {
  /// Quickselect against a sort, on lengths across the small-range cutoff, with values drawn
  /// from ranges from all-equal to all-distinct; then the second selection from the first's
  /// place, as ``LatencyRecorder/summary()`` makes it.
  @Test func selectionMatchesSorting() {
    var rng = SplitMix64(seed: 7)
    func next() -> UInt64 { rng.next() >> 33 }
    var mismatches = 0
    for length in [1, 2, 3, 16, 17, 18, 33, 100, 1_000, 5_000] {
      for spread in [1, 2, 7, 1_000, 1 << 30] as [UInt64] {
        var values = (0..<length).map { _ in Int64(next() % spread) }
        let sorted = values.sorted()
        let first = Int(next() % UInt64(length))
        let second = first + Int(next() % UInt64(length - first))
        if LatencyRecorder.select(first, in: &values, from: 0) != sorted[first] { mismatches += 1 }
        if values[first] != sorted[first] || values.sorted() != sorted { mismatches += 1 }
        if !values[..<first].allSatisfy({ $0 <= sorted[first] }) { mismatches += 1 }
        if !values[first...].allSatisfy({ $0 >= sorted[first] }) { mismatches += 1 }
        if LatencyRecorder.select(second, in: &values, from: first) != sorted[second] {
          mismatches += 1
        }
      }
    }
    #expect(mismatches == 0)
  }

  /// The summary against a sort, on every length from 1 to 40 (a workload's few latencies,
  /// sorted by insertion) and a few longer ones (selected), with values from all-equal to
  /// all-distinct: p50 and p99 the sorted values at the nearest ranks ⌈n/2⌉ and ⌈99n/100⌉,
  /// counted here in integers, the max the last.
  @Test func summaryMatchesSortedNearestRanks() {
    var rng = SplitMix64(seed: 11)
    func next() -> UInt64 { rng.next() >> 33 }
    var mismatches = 0
    for length in Array(1...40) + [100, 1_000, 4_097] {
      for spread in [1, 2, 7, 1_000, 1 << 30] as [UInt64] {
        let values = (0..<length).map { _ in Int64(next() % spread) }
        var recorder = LatencyRecorder()
        for value in values { recorder.record(value) }
        let sorted = values.sorted()
        let expected = LatencySummary(
          count: length, p50: .nanoseconds(sorted[(length + 1) / 2 - 1]),
          p99: .nanoseconds(sorted[(99 * length + 99) / 100 - 1]),
          max: .nanoseconds(sorted[length - 1]), isApproximate: false)
        if recorder.summary() != expected { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }

  /// Nearest rank by hand: of 1…200 ns, p50 is the 100th value and p99 the 198th.
  @Test func nearestRanksOfAShuffledRun() throws {
    var recorder = LatencyRecorder()
    for value in (1...200).map({ Int64($0) * 37 % 201 }) { recorder.record(value) }
    let summary = try #require(recorder.summary())
    #expect(summary.p50 == .nanoseconds(100))
    #expect(summary.p99 == .nanoseconds(198))
    #expect(summary.max == .nanoseconds(200))
    #expect(!summary.isApproximate)
    // Merged from two halves (as a QoS class merges its workloads), the same ranks.
    var low = LatencyRecorder()
    var high = LatencyRecorder()
    for value in (1...200).map({ Int64($0) * 37 % 201 }) {
      if value <= 100 { low.record(value) } else { high.record(value) }
    }
    high.merge(low)
    #expect(high.summary() == summary)
  }
}
