public import Quantities

/// Percentiles of a workload's latencies: exact nearest-rank while the run's exact samples fit in a
/// million in total (*Results and accounting*; which workloads keep theirs is a rule on the counts,
/// see the simulation's latency budget), otherwise from a log-bucketed histogram whose buckets are
/// at most 0.1% wide, so memory stays flat however long the run.
public struct LatencySummary: Sendable, Hashable {
  /// Number of latencies recorded.
  public var count: Int
  /// Median (nearest rank).
  public var p50: TimeSpan
  /// 99th percentile (nearest rank).
  public var p99: TimeSpan
  /// Largest latency.
  public var max: TimeSpan
  /// Whether the percentiles came from the histogram (within 0.1%) rather than exact samples.
  public var isApproximate: Bool
}

/// Collects latencies and answers percentiles.
public struct LatencyRecorder: Sendable {
  /// Samples kept exactly before switching to the histogram.
  public static let exactLimit = 1_000_000
  /// Sub-buckets per power of two: widths of at most 1/1024 < 0.1% of the value.
  static let subBucketBits = 10

  private var samples: [Int64] = []
  /// Counts per bucket once past the exact samples, kept sparse: a run's latencies fill a few
  /// of the 65,536 buckets, and a thousand workloads each with every bucket would hold half a
  /// gigabyte.
  private var histogram: [Int: Int64] = [:]
  private(set) var count = 0
  private var largest: Int64 = 0
  /// Whether the samples are kept exactly (no histogram yet). Last, so that what follows a
  /// recorder in a workload's runtime packs into the bytes after it.
  private(set) var isExact = true

  /// An empty recorder.
  public init() {}

  /// Records one latency in ns (not negative).
  public mutating func record(_ latency: Int64) {
    count += 1
    largest = Swift.max(largest, latency)
    if isExact {
      samples.append(latency)
      if samples.count > Self.exactLimit { moveToHistogram() }
    } else {
      histogram[Self.bucket(of: latency), default: 0] += 1
    }
  }

  /// Records each of `latencies` in ns (none negative), in order: the same as recording them
  /// one by one.
  mutating func record(contentsOf latencies: UnsafeBufferPointer<Int64>) {
    guard isExact else {
      for latency in latencies { record(latency) }
      return
    }
    count += latencies.count
    for latency in latencies { largest = Swift.max(largest, latency) }
    samples.append(contentsOf: latencies)
    // Past the limit, every sample goes to the histogram, whichever came first.
    if samples.count > Self.exactLimit { moveToHistogram() }
  }

  /// Records each of `latencies` `times` times: the same account as recording them `times`
  /// over, in O(*n*) for *n* latencies once past the exact limit (the fast-forward's skipped
  /// periods).
  mutating func record(contentsOf latencies: UnsafeBufferPointer<Int64>, times: Int) {
    guard times > 0, !latencies.isEmpty else { return }
    if isExact && samples.count + latencies.count * times <= Self.exactLimit {
      for _ in 0..<times { record(contentsOf: latencies) }
      return
    }
    if isExact { moveToHistogram() }
    count += latencies.count * times
    for latency in latencies {
      largest = Swift.max(largest, latency)
      histogram[Self.bucket(of: latency), default: 0] += Int64(times)
    }
  }

  /// Adds every latency `other` recorded.
  public mutating func merge(_ other: LatencyRecorder) {
    if other.isExact {
      other.samples.withUnsafeBufferPointer { record(contentsOf: $0) }
      return
    }
    if isExact { moveToHistogram() }
    for (bucket, n) in other.histogram { histogram[bucket, default: 0] += n }
    count += other.count
    largest = Swift.max(largest, other.largest)
  }

  /// The summary, or `nil` when nothing was recorded.
  public func summary() -> LatencySummary? {
    guard count > 0 else { return nil }
    if isExact {
      // The two nearest ranks, selected rather than sorted for: O(n), not O(n log n), which
      // matters for thousands of workloads with thousands of samples each. In scratch memory (on
      // the stack for a few samples) rather than a copy of the array, one allocation a workload.
      let median = Self.rank(0.5, count) - 1
      let high = Self.rank(0.99, count) - 1
      let (p50, p99) = withUnsafeTemporaryAllocation(of: Int64.self, capacity: samples.count) {
        values in
        _ = samples.withUnsafeBufferPointer { values.initialize(fromContentsOf: $0) }
        let p50 = Self.select(median, in: values, from: 0)
        // Selection leaves every value at or above the median's at or after its place.
        return (p50, Self.select(high, in: values, from: median))
      }
      return LatencySummary(
        count: count, p50: .nanoseconds(p50), p99: .nanoseconds(p99), max: .nanoseconds(largest),
        isApproximate: false)
    }
    return LatencySummary(
      count: count, p50: .nanoseconds(histogramValue(rank: Self.rank(0.5, count))),
      p99: .nanoseconds(histogramValue(rank: Self.rank(0.99, count))), max: .nanoseconds(largest),
      isApproximate: true)
  }

  /// The value that sorting `values[start...]` would put at index `k` (`k ≥ start`), found by
  /// quickselect: afterwards `values[k]` is that value, everything in `start..<k` is at most it
  /// and everything after `k` at least it. The pivot is the median of three; a range of at most
  /// 17 values is finished by insertion sort, and one that has not shrunk to that after
  /// 2 log₂ n + 8 partitions is sorted instead, so the worst case stays O(n log n).
  static func select(_ k: Int, in values: inout [Int64], from start: Int) -> Int64 {
    values.withUnsafeMutableBufferPointer { select(k, in: $0, from: start) }
  }

  /// ``select(_:in:from:)`` on the values of `buffer`.
  static func select(_ k: Int, in buffer: UnsafeMutableBufferPointer<Int64>, from start: Int)
    -> Int64
  {
    precondition(start <= k && k < buffer.count, "a rank outside the values")
    var low = start
    var high = buffer.count - 1
    var budget = 2 * (Int.bitWidth - buffer.count.leadingZeroBitCount) + 8
    while high - low > 16 {
      guard budget > 0 else { break }
      budget -= 1
      let middle = low + (high - low) / 2
      // Median of three, moved to `low`.
      if buffer[middle] < buffer[low] { buffer.swapAt(middle, low) }
      if buffer[high] < buffer[low] { buffer.swapAt(high, low) }
      if buffer[high] < buffer[middle] { buffer.swapAt(high, middle) }
      buffer.swapAt(low, middle)
      let pivot = buffer[low]
      // Hoare partition: equal values split between the sides, so repeated latencies (the
      // rule, not the exception) do not degrade it.
      var left = low
      var right = high + 1
      while true {
        repeat { left += 1 } while left <= high && buffer[left] < pivot
        repeat { right -= 1 } while buffer[right] > pivot
        if left >= right { break }
        buffer.swapAt(left, right)
      }
      buffer.swapAt(low, right)
      // `buffer[right]` is the pivot in its sorted place.
      if right == k { return pivot }
      if k < right { high = right - 1 } else { low = right + 1 }
    }
    if high - low > 16 {
      // Out of budget: the worst case sorted, O(n log n).
      var rest = UnsafeMutableBufferPointer(rebasing: buffer[low...high])
      rest.sort()
    } else {
      // A few values (a workload's latencies, most often): sorted by insertion, without the
      // general sort's call.
      for index in low + 1..<high + 1 {
        let value = buffer[index]
        var place = index
        while place > low && buffer[place - 1] > value {
          buffer[place] = buffer[place - 1]
          place -= 1
        }
        buffer[place] = value
      }
    }
    return buffer[k]
  }

  /// The nearest rank of percentile `p` among `n` samples: ⌈p · n⌉, at least 1.
  static func rank(_ p: Double, _ n: Int) -> Int {
    Swift.max(1, Int((p * Double(n)).rounded(.up)))
  }

  /// Moves the exact samples into the histogram; from now on every sample goes there.
  mutating func moveToHistogram() {
    guard isExact else { return }
    isExact = false
    for sample in samples { histogram[Self.bucket(of: sample), default: 0] += 1 }
    samples = []
  }

  /// Values below 2¹⁰ have a bucket each; above, each power of two splits into 1024 buckets.
  static func bucket(of value: Int64) -> Int {
    let v = UInt64(Swift.max(0, value))
    let bits = subBucketBits
    if v < (1 << bits) { return Int(v) }
    let exponent = 63 - v.leadingZeroBitCount
    let shift = exponent - bits
    let sub = Int((v >> UInt64(shift)) & ((1 << UInt64(bits)) - 1))
    return ((shift + 1) << bits) + sub
  }

  /// The midpoint of a bucket.
  static func value(ofBucket bucket: Int) -> Int64 {
    let bits = subBucketBits
    if bucket < (1 << bits) { return Int64(bucket) }
    let shift = (bucket >> bits) - 1
    let sub = Int64(bucket & ((1 << bits) - 1))
    let low = ((1 << Int64(bits)) + sub) << Int64(shift)
    let width = Int64(1) << Int64(shift)
    return low + (width - 1) / 2
  }

  private func histogramValue(rank: Int) -> Int64 {
    var seen = 0
    for bucket in histogram.keys.sorted() {
      let n = histogram[bucket] ?? 0
      seen += Int(n)
      if seen >= rank { return Swift.min(Self.value(ofBucket: bucket), largest) }
    }
    return largest
  }
}
