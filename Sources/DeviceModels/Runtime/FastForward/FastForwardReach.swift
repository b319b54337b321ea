public import Quantities

/// What the fast-forward can skip, told before a run for the run limits' estimate (see *The
/// fast-forward* and *Bad Input, Run Limits and Safe Output*): the figures its policy uses,
/// read from that policy, so that an estimate made before a run follows any change to it.
public enum FastForwardReach {
  /// The longest period watched in a run of any length (a long run may watch longer ones, up to
  /// a fraction of its length): the least common multiple of the periodic sources' periods must
  /// not exceed it, and a timer slower than it is a thing outside the cycle.
  public static var longestPeriod: TimeSpan { .nanoseconds(FastForward.shortestLongestPeriod) }

  /// The longest multiple of the period tried as the cycle.
  public static var longestCycle: TimeSpan { .nanoseconds(FastForward.longestCycle) }

  /// The most multiples of the period tried.
  public static var mostMultiples: Int { FastForward.mostMultiples }

  /// How long the fast-forward first waits before looking again after giving up.
  public static var initialBackoff: TimeSpan { .nanoseconds(FastForward.initialBackoff) }

  /// The latencies the run's latency log holds between drains, for `workloads` workloads: a
  /// period whose occurrences complete more than that many never counts as repeating.
  public static func latencyLogCapacity(workloads: Int) -> Int {
    LatencyLog.standardCapacity(workloadCount: workloads)
  }

  /// The shortest span after which the due times of an animation at `rate` repeat, shifted by it
  /// (`10⁹ / gcd(10⁹, rate)` ns for a whole rate); `nil` for a rate that is not a whole number
  /// of hertz, whose frames never repeat in whole nanoseconds.
  public static func framePeriod(rate: Frequency) -> TimeSpan? {
    FrameClock(.frames(rate: rate, start: .start, duration: nil))?.repeatPeriod.map {
      .nanoseconds($0)
    }
  }
}
