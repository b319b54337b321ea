/// A point in simulated time: nanoseconds since the start of the run (time 0).
///
/// See ``TimeSpan`` for lengths of time; the difference of two instants is a span.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Nanoseconds since the start of the run.
  public var nanosecondsSinceStart: Int64

  /// The instant `nanosecondsSinceStart` ns after the start.
  @inlinable
  public init(nanosecondsSinceStart: Int64) {
    self.nanosecondsSinceStart = nanosecondsSinceStart
  }

  /// Time 0.
  public static let start = Instant(nanosecondsSinceStart: 0)
  /// Never: the largest instant.
  public static let distantFuture = Instant(nanosecondsSinceStart: .max)

  /// Seconds since the start, for printing only.
  public var secondsSinceStart: Double { Double(nanosecondsSinceStart) / 1e9 }

  /// The time since the start in human form (`1.5 s`).
  public var description: String { TimeUnitText.describe(nanosecondsSinceStart) }

  /// Whether `lhs` comes before `rhs`.
  @inlinable public static func < (lhs: Instant, rhs: Instant) -> Bool {
    lhs.nanosecondsSinceStart < rhs.nanosecondsSinceStart
  }
  /// The sum of the two values.
  @inlinable public static func + (lhs: Instant, rhs: TimeSpan) -> Instant {
    Instant(nanosecondsSinceStart: lhs.nanosecondsSinceStart + rhs.nanoseconds)
  }
  /// The difference of the two values.
  @inlinable public static func - (lhs: Instant, rhs: TimeSpan) -> Instant {
    Instant(nanosecondsSinceStart: lhs.nanosecondsSinceStart - rhs.nanoseconds)
  }
  /// The difference of the two values.
  @inlinable public static func - (lhs: Instant, rhs: Instant) -> TimeSpan {
    TimeSpan(nanoseconds: lhs.nanosecondsSinceStart - rhs.nanosecondsSinceStart)
  }
  /// Adds `rhs` to `lhs`.
  @inlinable public static func += (lhs: inout Instant, rhs: TimeSpan) { lhs = lhs + rhs }
}
