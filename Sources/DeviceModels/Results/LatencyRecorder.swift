public import Quantities

/// Percentiles of a workload's latencies: exact nearest-rank while it has seen at most a million
/// samples, then from a log-bucketed histogram whose buckets are at most 0.1% wide, so memory
/// stays flat however long the run (SPEC section 7).
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
  private var histogram: [Int64] = []
  private(set) var count = 0
  private var largest: Int64 = 0

  /// An empty recorder.
  public init() {}

  /// Records one latency in ns (not negative).
  public mutating func record(_ latency: Int64) {
    count += 1
    largest = Swift.max(largest, latency)
    if histogram.isEmpty {
      samples.append(latency)
      if samples.count > Self.exactLimit { moveToHistogram() }
    } else {
      histogram[Self.bucket(of: latency)] += 1
    }
  }

  /// Records each of `latencies` in ns (none negative), in order: the same as recording them
  /// one by one.
  mutating func record(contentsOf latencies: UnsafeBufferPointer<Int64>) {
    guard histogram.isEmpty else {
      for latency in latencies { record(latency) }
      return
    }
    count += latencies.count
    for latency in latencies { largest = Swift.max(largest, latency) }
    samples.append(contentsOf: latencies)
    // Past the limit, every sample goes to the histogram, whichever came first.
    if samples.count > Self.exactLimit { moveToHistogram() }
  }

  /// Adds every latency `other` recorded.
  public mutating func merge(_ other: LatencyRecorder) {
    if other.histogram.isEmpty {
      for sample in other.samples { record(sample) }
      return
    }
    if histogram.isEmpty { moveToHistogram() }
    for (bucket, n) in other.histogram.enumerated() { histogram[bucket] += n }
    count += other.count
    largest = Swift.max(largest, other.largest)
  }

  /// The summary, or `nil` when nothing was recorded.
  public func summary() -> LatencySummary? {
    guard count > 0 else { return nil }
    if histogram.isEmpty {
      let sorted = samples.sorted()
      return LatencySummary(
        count: count, p50: .nanoseconds(sorted[Self.rank(0.5, count) - 1]),
        p99: .nanoseconds(sorted[Self.rank(0.99, count) - 1]), max: .nanoseconds(largest),
        isApproximate: false)
    }
    return LatencySummary(
      count: count, p50: .nanoseconds(histogramValue(rank: Self.rank(0.5, count))),
      p99: .nanoseconds(histogramValue(rank: Self.rank(0.99, count))), max: .nanoseconds(largest),
      isApproximate: true)
  }

  /// The nearest rank of percentile `p` among `n` samples: ⌈p · n⌉, at least 1.
  static func rank(_ p: Double, _ n: Int) -> Int {
    Swift.max(1, Int((p * Double(n)).rounded(.up)))
  }

  private mutating func moveToHistogram() {
    histogram = Array(repeating: 0, count: 64 << Self.subBucketBits)
    for sample in samples { histogram[Self.bucket(of: sample)] += 1 }
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
    for (bucket, n) in histogram.enumerated() where n > 0 {
      seen += Int(n)
      if seen >= rank { return Swift.min(Self.value(ofBucket: bucket), largest) }
    }
    return largest
  }
}
