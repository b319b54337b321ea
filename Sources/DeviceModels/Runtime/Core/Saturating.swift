/// Arithmetic that saturates instead of trapping, for values the model derives from input that
/// the scenario layer cannot bound without redoing the model's work: a transfer at 1e-300 B/s,
/// GPU work at a 1e-300 Hz operating point, a 290-year wake latency that starts after 300 days.
///
/// A saturated duration lies far beyond the end of any run (at most 366 days), so the event it
/// schedules never happens and the work is reported unfinished; a saturated power is the largest
/// a `Power` holds. Neither turns into a wrong number inside the run.
enum Saturating {
  /// The longest duration the model derives: 2^62 ns, about 146 years.
  static let longestDuration: Int64 = 1 << 62

  /// The largest power, in nanowatts (about 9.2 GW).
  static let largestPower: Int64 = 9_200_000_000_000_000_000

  /// `value` nanoseconds as an integer, at most ``longestDuration`` (NaN counts as too long).
  @inline(__always)
  static func nanoseconds(_ value: Double) -> Int64 {
    value < Double(longestDuration) ? Int64(max(0, value)) : longestDuration
  }

  /// `value` nanowatts as an integer, at most ``largestPower`` (NaN counts as too large).
  @inline(__always)
  static func nanowatts(_ value: Double) -> Int64 {
    value < Double(largestPower) ? Int64(max(0, value)) : largestPower
  }

  /// `a + b`, or `Int64.max` when that overflows: a time so late that no event at it runs.
  @inline(__always)
  static func sum(_ a: Int64, _ b: Int64) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }
}
