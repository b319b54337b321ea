/// A data rate in bytes per second.
public struct DataRate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Bytes per second.
  public var bytesPerSecond: Double

  /// A rate of `bytesPerSecond`.
  public init(bytesPerSecond: Double) {
    self.bytesPerSecond = bytesPerSecond
  }

  /// `m` megabits (10⁶ bits) per second.
  public static func megabitsPerSecond(_ m: Double) -> DataRate {
    DataRate(bytesPerSecond: m * 125_000)
  }

  /// Megabits (10⁶ bits) per second.
  public var megabitsPerSecond: Double { bytesPerSecond / 125_000 }

  /// How long `size` takes at this rate, rounded up to a whole nanosecond (a duration derived by
  /// the model, *Quantities and units*). The rate must be positive.
  public func timeToTransfer(_ size: DataSize) -> TimeSpan {
    precondition(bytesPerSecond > 0, "transfer at a zero rate")
    let nanoseconds = (Double(size.bytes) * 1e9 / bytesPerSecond).rounded(.up)
    // Beyond 2^62 ns (146 years, far past any run) the time saturates instead of trapping.
    return TimeSpan(nanoseconds: nanoseconds < 0x1p62 ? Int64(nanoseconds) : 1 << 62)
  }

  /// `13 Mbit/s`.
  public var description: String {
    DecimalText.significant(megabitsPerSecond, digits: 6) + " Mbit/s"
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: DataRate, rhs: DataRate) -> Bool {
    lhs.bytesPerSecond < rhs.bytesPerSecond
  }
}

/// A frequency in hertz: clock rates, refresh rates, frame rates.
public struct Frequency: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Hertz.
  public var hertz: Double

  /// A frequency of `hertz`.
  public init(hertz: Double) {
    self.hertz = hertz
  }

  /// `m` megahertz.
  public static func megahertz(_ m: Double) -> Frequency { Frequency(hertz: m * 1e6) }
  /// `g` gigahertz.
  public static func gigahertz(_ g: Double) -> Frequency { Frequency(hertz: g * 1e9) }

  /// `60 Hz`, `2.4 GHz`.
  public var description: String {
    if hertz >= 1e9 { return DecimalText.significant(hertz / 1e9, digits: 6) + " GHz" }
    if hertz >= 1e6 { return DecimalText.significant(hertz / 1e6, digits: 6) + " MHz" }
    if hertz >= 1e3 { return DecimalText.significant(hertz / 1e3, digits: 6) + " kHz" }
    return DecimalText.significant(hertz, digits: 6) + " Hz"
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.hertz < rhs.hertz }
}

/// A fraction in [0, 1]: a share, a brightness setting, an average pixel level.
public struct Fraction: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The value, in [0, 1].
  public var value: Double

  /// The fraction `value`, which must lie in [0, 1].
  public init(_ value: Double) {
    precondition(value >= 0 && value <= 1, "a fraction outside [0, 1]")
    self.value = value
  }

  /// Nothing.
  public static let zero = Fraction(0)
  /// Everything.
  public static let one = Fraction(1)

  /// `40%`.
  public var description: String { DecimalText.significant(value * 100, digits: 6) + "%" }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: Fraction, rhs: Fraction) -> Bool { lhs.value < rhs.value }
}

/// An electrical potential in volts, used to turn a battery's mAh into energy.
public struct Voltage: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Volts.
  public var volts: Double

  /// A voltage of `volts`.
  public init(volts: Double) {
    self.volts = volts
  }

  /// `3.85 V`.
  public var description: String { DecimalText.significant(volts, digits: 6) + " V" }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: Voltage, rhs: Voltage) -> Bool { lhs.volts < rhs.volts }
}

/// A luminance in nits (candela per square metre): how bright a display shines, as reviews and
/// battery tests state it.
public struct Luminance: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Nits (cd/m²).
  public var nits: Double

  /// A luminance of `nits`.
  public init(nits: Double) {
    self.nits = nits
  }

  /// `200 nits`.
  public var description: String { DecimalText.significant(nits, digits: 6) + " nits" }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: Luminance, rhs: Luminance) -> Bool { lhs.nits < rhs.nits }
}
