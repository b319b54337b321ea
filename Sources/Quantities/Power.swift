/// Electrical power in whole nanowatts.
///
/// Power × ``TimeSpan`` is an ``Energy``, computed exactly in 128-bit integers: a nanowatt for a
/// nanosecond is an attojoule.
public struct Power: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The power in nanowatts.
  public var nanowatts: Int64

  /// A power of `nanowatts`.
  @inlinable
  public init(nanowatts: Int64) {
    self.nanowatts = nanowatts
  }

  /// No power.
  public static let zero = Power(nanowatts: 0)

  /// `w` watts, rounded to the nearest nanowatt.
  public static func watts(_ w: Double) -> Power {
    Power(nanowatts: Int64((w * 1e9).rounded()))
  }

  /// `mw` milliwatts, rounded to the nearest nanowatt.
  public static func milliwatts(_ mw: Double) -> Power {
    Power(nanowatts: Int64((mw * 1e6).rounded()))
  }

  /// Watts as a `Double`, for printing and model arithmetic.
  public var watts: Double { Double(nanowatts) / 1e9 }

  /// `300 mW`, `1.2 W`.
  public var description: String {
    let magnitude = nanowatts.magnitude
    if magnitude >= 1_000_000_000 {
      return DecimalText.significant(watts, digits: 6) + " W"
    }
    if magnitude >= 1_000_000 {
      return DecimalText.significant(Double(nanowatts) / 1e6, digits: 6) + " mW"
    }
    if magnitude >= 1_000 {
      return DecimalText.significant(Double(nanowatts) / 1e3, digits: 6) + " µW"
    }
    return "\(nanowatts) nW"
  }

  /// Whether `lhs` comes before `rhs`.
  @inlinable public static func < (lhs: Power, rhs: Power) -> Bool {
    lhs.nanowatts < rhs.nanowatts
  }
  /// The sum of the two values.
  @inlinable public static func + (lhs: Power, rhs: Power) -> Power {
    Power(nanowatts: lhs.nanowatts + rhs.nanowatts)
  }
  /// The difference of the two values.
  @inlinable public static func - (lhs: Power, rhs: Power) -> Power {
    Power(nanowatts: lhs.nanowatts - rhs.nanowatts)
  }
  /// The product of the value and a scale factor.
  @inlinable public static func * (lhs: Power, rhs: Int64) -> Power {
    Power(nanowatts: lhs.nanowatts * rhs)
  }
  /// The energy of drawing `lhs` for `rhs`, exact.
  @inlinable public static func * (lhs: Power, rhs: TimeSpan) -> Energy {
    Energy(attojoules: Int128(lhs.nanowatts) * Int128(rhs.nanoseconds))
  }
  /// The energy of drawing `rhs` for `lhs`, exact.
  @inlinable public static func * (lhs: TimeSpan, rhs: Power) -> Energy { rhs * lhs }
}
