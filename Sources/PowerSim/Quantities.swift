/// An amount of energy, in joules.
///
/// The simulator counts energy exactly, in whole attojoules; `joules` is that count converted
/// once to the nearest `Double`, the number `powersim run --json` prints.
public struct Energy: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The energy in joules.
  public var joules: Double

  /// An energy of `joules` joules.
  public init(joules: Double) {
    self.joules = joules
  }

  /// The energy in milliwatt-hours.
  public var milliwattHours: Double { joules / 3.6 }

  /// Whether `lhs` is less energy than `rhs`.
  public static func < (lhs: Energy, rhs: Energy) -> Bool { lhs.joules < rhs.joules }

  /// `61.2 J`: the energy with its unit.
  public var description: String { "\(joules) J" }
}

/// A power, in watts.
public struct Power: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The power in watts.
  public var watts: Double

  /// A power of `watts` watts.
  public init(watts: Double) {
    self.watts = watts
  }

  /// The power in milliwatts.
  public var milliwatts: Double { watts * 1_000 }

  /// Whether `lhs` is less power than `rhs`.
  public static func < (lhs: Power, rhs: Power) -> Bool { lhs.watts < rhs.watts }

  /// `0.12 W`: the power with its unit.
  public var description: String { "\(watts) W" }
}

/// A span of simulated time, in seconds.
///
/// The simulator counts time exactly, in whole nanoseconds; `seconds` is that count converted
/// once to the nearest `Double`.
public struct TimeSpan: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The span in seconds.
  public var seconds: Double

  /// A span of `seconds` seconds.
  public init(seconds: Double) {
    self.seconds = seconds
  }

  /// The span in milliseconds.
  public var milliseconds: Double { seconds * 1_000 }

  /// The span in hours.
  public var hours: Double { seconds / 3_600 }

  /// Whether `lhs` is shorter than `rhs`.
  public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.seconds < rhs.seconds }

  /// `0.6 s`: the span with its unit.
  public var description: String { "\(seconds) s" }
}
