/// Exact latency samples are limited to a million in total over all workloads (see *Results and
/// accounting*), so a run's memory is bounded by what it keeps, not by its number of workloads.
///
/// Which workloads keep exact samples follows only from how many latencies each recorded in the
/// whole run — not from the order they came in, nor from when the log was drained, nor from the
/// fast-forward — so results are deterministic and the same with or without it. The rule fills
/// the budget like water: with counts `n_w`, the level `c` is the largest with `Σ min(n_w, c) ≤
/// limit`; every workload with at most `c` latencies keeps them exactly (nearest-rank
/// percentiles), every workload with more keeps the histogram (within 0.1%). So when all
/// latencies fit, all are exact; otherwise the workloads with the fewest stay exact, and a
/// single workload keeps up to the whole million as before.
///
/// The rule can be applied as the run goes: counts only grow, so the level only falls, and a
/// workload above the level now is above it at the end. Applied after every drain of the log
/// (and before the fast-forward adds a skip's latencies), the samples kept exactly never exceed
/// the limit by more than a drain's worth.
extension DeviceSimulation {
  /// Moves to its histogram every workload whose count, plus `adding[w]` about to be recorded
  /// (counted in the log's ``LatencyLog/recordedTotal`` here, as the caller records them next),
  /// is above the level of the budget. Within the budget, the log's running total tells so
  /// without a walk over every workload (at each drain of a 100,000 workloads' log, each of
  /// them a cache miss).
  func enforceLatencyBudget(adding: [Int]? = nil) {
    if let adding { latencyLog.countRecordedApart(adding.reduce(0, +)) }
    guard latencyLog.recordedTotal > exactLatencyLimit else { return }
    var counts = workloads.map(\.stats.latency.count)
    if let adding { for index in counts.indices { counts[index] += adding[index] } }
    // The running total is the recorders' counts added up, kept as they grow.
    assert(counts.reduce(0, +) == latencyLog.recordedTotal, "a latency counted apart from the log")
    let level = Self.waterLevel(counts, limit: exactLatencyLimit)
    for index in workloads.indices where counts[index] > level {
      workloads[index].stats.latency.moveToHistogram()
    }
  }

  /// The largest `c` with `Σ min(counts[w], c) ≤ limit` (when the counts add up to more).
  static func waterLevel(_ counts: [Int], limit: Int) -> Int {
    let sorted = counts.sorted()
    var remaining = limit
    for (index, count) in sorted.enumerated() {
      let rest = sorted.count - index
      if count > remaining / rest { return remaining / rest }
      remaining -= count
    }
    return .max
  }
}
