/// A length of simulated time in whole nanoseconds.
///
/// `TimeSpan` is an interval, like SwiftNIO's `TimeAmount`; ``Instant`` is a point in simulated
/// time. Only sensible arithmetic compiles: spans add to spans and to instants, and the
/// difference of two instants is a span. Doubles appear only when a span is printed.
public struct TimeSpan: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The length in nanoseconds.
  public var nanoseconds: Int64

  /// A span of `nanoseconds`.
  @inlinable
  public init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// No time.
  public static let zero = TimeSpan(nanoseconds: 0)

  /// `n` nanoseconds.
  public static func nanoseconds(_ n: Int64) -> TimeSpan { TimeSpan(nanoseconds: n) }
  /// `n` microseconds.
  public static func microseconds(_ n: Int64) -> TimeSpan { TimeSpan(nanoseconds: n * 1_000) }
  /// `n` milliseconds.
  public static func milliseconds(_ n: Int64) -> TimeSpan { TimeSpan(nanoseconds: n * 1_000_000) }
  /// `n` seconds.
  public static func seconds(_ n: Int64) -> TimeSpan { TimeSpan(nanoseconds: n * 1_000_000_000) }
  /// `n` minutes.
  public static func minutes(_ n: Int64) -> TimeSpan { .seconds(n * 60) }
  /// `n` hours.
  public static func hours(_ n: Int64) -> TimeSpan { .seconds(n * 3_600) }
  /// `n` days.
  public static func days(_ n: Int64) -> TimeSpan { .seconds(n * 86_400) }

  /// The longest run a scenario may ask for: 366 days (see *Quantities and units*).
  public static let maximumRunLength = TimeSpan.days(366)

  /// Seconds as a `Double`, for printing only.
  public var seconds: Double { Double(nanoseconds) / 1e9 }

  /// A short human form: `1.5 s`, `20 ms`, `2 h`, `0 s` — the largest unit giving a value of at
  /// least 1, up to six significant digits.
  public var description: String {
    TimeUnitText.describe(nanoseconds)
  }

  /// Whether `lhs` comes before `rhs`.
  @inlinable public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }
  /// The sum of the two values.
  @inlinable public static func + (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan {
    TimeSpan(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
  }
  /// The difference of the two values.
  @inlinable public static func - (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan {
    TimeSpan(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
  }
  /// The product of the value and a scale factor.
  @inlinable public static func * (lhs: TimeSpan, rhs: Int64) -> TimeSpan {
    TimeSpan(nanoseconds: lhs.nanoseconds * rhs)
  }
  /// The product of the value and a scale factor.
  @inlinable public static func * (lhs: Int64, rhs: TimeSpan) -> TimeSpan {
    TimeSpan(nanoseconds: lhs * rhs.nanoseconds)
  }
  /// The span divided by `rhs`, truncating.
  @inlinable public static func / (lhs: TimeSpan, rhs: Int64) -> TimeSpan {
    TimeSpan(nanoseconds: lhs.nanoseconds / rhs)
  }
  /// Adds `rhs` to `lhs`.
  @inlinable public static func += (lhs: inout TimeSpan, rhs: TimeSpan) { lhs = lhs + rhs }
  /// Subtracts `rhs` from `lhs`.
  @inlinable public static func -= (lhs: inout TimeSpan, rhs: TimeSpan) { lhs = lhs - rhs }
}

/// Human text for nanosecond counts.
enum TimeUnitText {
  static let units: [(Int64, String)] = [
    (86_400_000_000_000, "d"), (3_600_000_000_000, "h"), (60_000_000_000, "min"),
    (1_000_000_000, "s"), (1_000_000, "ms"), (1_000, "µs"), (1, "ns"),
  ]

  static func describe(_ nanoseconds: Int64) -> String {
    if nanoseconds == 0 { return "0 s" }
    let magnitude = nanoseconds.magnitude
    let (scale, name) = units.first { UInt64($0.0) <= magnitude } ?? (1, "ns")
    return DecimalText.significant(Double(nanoseconds) / Double(scale), digits: 6) + " " + name
  }
}
