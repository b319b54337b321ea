public import Quantities

/// What the fast-forward can skip, told before a run for the run limits' estimate (see *The
/// fast-forward* and *Bad Input, Run Limits and Safe Output*): the figures its policy uses,
/// read from that policy, so that an estimate made before a run follows any change to it.
public enum FastForwardReach {
  /// The longest period watched in a run of `length` (`FastForward.longestPeriod`): 120 s, or a
  /// 32nd of the run when that is longer — 45 min in a day, 22.5 h in 30 days. The least common
  /// multiple of the periodic sources' periods must not exceed it, and a timer slower than it is
  /// a thing outside the cycle.
  public static func longestPeriod(run length: TimeSpan) -> TimeSpan {
    .nanoseconds(
      max(FastForward.shortestLongestPeriod, length.nanoseconds / FastForward.runPerLongestPeriod))
  }

  /// How many multiples of `period` the fast-forward tries as the cycle: the first two always,
  /// more (up to eight) while their cycle stays within 10 s — so that two occurrences due at one
  /// instant, which may end in either order and repeat only every second period, are seen to
  /// repeat whatever the period.
  public static func multiples(of period: TimeSpan) -> Int {
    let within = FastForward.longestCycle / max(1, period.nanoseconds)
    return max(
      FastForward.leastMultiples, Int(min(Int64(FastForward.mostMultiples), within)))
  }

  /// How long the fast-forward first waits before looking again after giving up.
  public static var initialBackoff: TimeSpan { .nanoseconds(FastForward.initialBackoff) }

  /// The shortest span after which the due times of an animation at `rate` repeat, shifted by it:
  /// for a rate `p / q` in lowest terms, `10⁹q / gcd(p, 10⁹q)` ns — 25 ms at 120 fps, 50 s at
  /// 59.94 fps (2,997/50 fps); `nil` for a rate that is neither whole nor a decimal of at most six
  /// places, whose frames are timed in floating point and never repeat in whole nanoseconds.
  public static func framePeriod(rate: Frequency) -> TimeSpan? {
    FrameClock(.frames(rate: rate, start: .start, duration: nil))?.repeatPeriod.map {
      .nanoseconds($0)
    }
  }
}
