/// Energy in whole attojoules (10⁻¹⁸ J, one nanowatt for one nanosecond), so that power × time is
/// exact and sums of energies never round.
public struct Energy: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The energy in attojoules.
  public var attojoules: Int128

  /// An energy of `attojoules`.
  @inlinable
  public init(attojoules: Int128) {
    self.attojoules = attojoules
  }

  /// No energy.
  public static let zero = Energy(attojoules: 0)

  /// `j` joules, rounded to the nearest attojoule.
  public static func joules(_ j: Double) -> Energy {
    Energy(attojoules: DecimalValue.roundedInteger(j, scale: 18))
  }

  /// `wh` watt-hours, rounded to the nearest attojoule.
  public static func wattHours(_ wh: Double) -> Energy {
    Energy(attojoules: DecimalValue.roundedInteger(wh * 3_600, scale: 18))
  }

  /// Joules as the nearest `Double`.
  public var joules: Double { Double(attojoules) / 1e18 }

  /// `1.27 J`, `12.7 mJ`.
  public var description: String {
    let value = joules
    let magnitude = abs(value)
    if magnitude >= 1 || magnitude == 0 { return DecimalText.significant(value, digits: 6) + " J" }
    if magnitude >= 1e-3 { return DecimalText.significant(value * 1e3, digits: 6) + " mJ" }
    return DecimalText.significant(value * 1e6, digits: 6) + " µJ"
  }

  /// Average power over `span`: this energy ÷ span, rounded to the nearest nanowatt.
  /// `span` must be positive.
  public func averagePower(over span: TimeSpan) -> Power {
    precondition(span.nanoseconds > 0, "average power over an empty span")
    let divisor = Int128(span.nanoseconds)
    var quotient = attojoules / divisor
    let remainder = attojoules - quotient * divisor
    if remainder.magnitude * 2 >= divisor.magnitude { quotient += attojoules < 0 ? -1 : 1 }
    return Power(nanowatts: Int64(clamping: quotient))
  }

  /// Whether `lhs` comes before `rhs`.
  @inlinable public static func < (lhs: Energy, rhs: Energy) -> Bool {
    lhs.attojoules < rhs.attojoules
  }
  /// The sum of the two values.
  @inlinable public static func + (lhs: Energy, rhs: Energy) -> Energy {
    Energy(attojoules: lhs.attojoules + rhs.attojoules)
  }
  /// The difference of the two values.
  @inlinable public static func - (lhs: Energy, rhs: Energy) -> Energy {
    Energy(attojoules: lhs.attojoules - rhs.attojoules)
  }
  /// Adds `rhs` to `lhs`.
  @inlinable public static func += (lhs: inout Energy, rhs: Energy) { lhs = lhs + rhs }
  /// Subtracts `rhs` from `lhs`.
  @inlinable public static func -= (lhs: inout Energy, rhs: Energy) { lhs = lhs - rhs }
  /// The product of the value and a scale factor.
  @inlinable public static func * (lhs: Energy, rhs: Int64) -> Energy {
    Energy(attojoules: lhs.attojoules * Int128(rhs))
  }
  /// The energy divided by `rhs`, truncating.
  @inlinable public static func / (lhs: Energy, rhs: Int64) -> Energy {
    Energy(attojoules: lhs.attojoules / Int128(rhs))
  }
}
