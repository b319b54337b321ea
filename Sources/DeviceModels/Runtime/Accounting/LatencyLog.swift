/// Completion latencies on their way to each workload's ``LatencyRecorder``, in batches.
///
/// Thousands of workloads complete occurrences in no particular order, and appending each
/// latency straight to its workload's own array reads that array's header and writes its tail,
/// two places in memory that a busy run has long since evicted from the cache. The log instead
/// appends `(workload, latency)` pairs to one buffer, and when it is full (or the run ends)
/// hands them over grouped by workload, with a stable counting sort: one run of appends per
/// workload per batch. Each workload's latencies reach its recorder in the order they happened,
/// so the recorders hold exactly what direct appends would give them.
final class LatencyLog {
  /// Pairs a batch holds.
  let capacity: Int
  private let workloadCount: Int
  private let owners: UnsafeMutablePointer<Int32>
  private let latencies: UnsafeMutablePointer<Int64>
  /// The batch, grouped by workload.
  private let grouped: UnsafeMutablePointer<Int64>
  /// Per workload, then its end: where its group starts in `grouped`.
  private let groupStart: UnsafeMutablePointer<Int>
  @exclusivity(unchecked) private(set) var count = 0
  /// Latencies recorded in all so far: every one the log has handed over, and those recorded
  /// without it (see ``countRecordedApart(_:)``) — the sum of the recorders' counts, kept as
  /// the run goes so that the latency budget need not walk every workload to know it.
  @exclusivity(unchecked) private(set) var recordedTotal = 0

  /// A log for `workloadCount` workloads whose batches hold `capacity` latencies.
  init(workloadCount: Int, capacity: Int) {
    precondition(capacity > 0, "a latency log needs room for a latency")
    self.capacity = capacity
    self.workloadCount = workloadCount
    owners = .allocate(capacity: capacity)
    latencies = .allocate(capacity: capacity)
    grouped = .allocate(capacity: capacity)
    groupStart = .allocate(capacity: workloadCount + 1)
  }

  /// A batch of about 32 latencies per workload, between 1,024 and 65,536 in all: large
  /// enough that each workload's appends come in runs, small enough to stay in the cache.
  convenience init(workloadCount: Int) {
    self.init(
      workloadCount: workloadCount, capacity: Self.standardCapacity(workloadCount: workloadCount))
  }

  /// The capacity of ``init(workloadCount:)``'s log.
  static func standardCapacity(workloadCount: Int) -> Int {
    min(65_536, max(1_024, workloadCount * 32))
  }

  deinit {
    owners.deallocate()
    latencies.deallocate()
    grouped.deallocate()
    groupStart.deallocate()
  }

  /// Appends `latency` of `workload`; returns whether the batch is now full (drain it).
  @inline(__always)
  func append(_ latency: Int64, of workload: Int32) -> Bool {
    owners[count] = workload
    latencies[count] = latency
    count &+= 1
    return count == capacity
  }

  /// Hands every logged latency to `deliver`, once per workload that has any (in workload
  /// order, each group in the order it was logged), and empties the log.
  func drain(_ deliver: (_ workload: Int, _ latencies: UnsafeBufferPointer<Int64>) -> Void) {
    guard count > 0 else { return }
    recordedTotal += count
    groupStart.initialize(repeating: 0, count: workloadCount + 1)
    for index in 0..<count { groupStart[Int(owners[index]) + 1] += 1 }
    for workload in 0..<workloadCount { groupStart[workload + 1] += groupStart[workload] }
    // `groupStart[w]` is now where group `w` starts; filling advances it to where it ends,
    // which is where group `w + 1` starts.
    for index in 0..<count {
      let workload = Int(owners[index])
      grouped[groupStart[workload]] = latencies[index]
      groupStart[workload] += 1
    }
    var start = 0
    for workload in 0..<workloadCount where groupStart[workload] > start {
      deliver(
        workload, UnsafeBufferPointer(start: grouped + start, count: groupStart[workload] - start))
      start = groupStart[workload]
    }
    count = 0
  }

  /// Counts `latencies` recorded straight to the recorders, not through the log (a skip of the
  /// fast-forward records a cycle's latencies that way).
  func countRecordedApart(_ latencies: Int) {
    recordedTotal += latencies
  }
}
