/// What kind of physical value a user wrote, for error messages (`a time`, `a data size`).
public enum Dimension: String, Sendable, CaseIterable {
  case time, power, energy, dataSize, dataRate, frequency, fraction, voltage, luminance

  /// With its article: `a time`, `an energy`, `a data size`.
  public var phrase: String {
    switch self {
    case .time: "a time"
    case .power: "a power"
    case .energy: "an energy"
    case .dataSize: "a data size"
    case .dataRate: "a data rate"
    case .frequency: "a frequency"
    case .fraction: "a fraction"
    case .voltage: "a voltage"
    case .luminance: "a luminance"
    }
  }

  /// Example values for messages.
  var examples: String {
    switch self {
    case .time: "\"5 s\" or \"20 ms\""
    case .power: "\"300 mW\" or \"1.2 W\""
    case .energy: "\"12.7 Wh\" or \"5 J\""
    case .dataSize: "\"2 MB\" or \"4 KiB\""
    case .dataRate: "\"13 Mbit/s\" or \"400 MB/s\""
    case .frequency: "\"60 fps\" or \"2.4 GHz\""
    case .fraction: "\"40%\" or 0.4"
    case .voltage: "\"3.85 V\""
    case .luminance: "\"200 nits\""
    }
  }

  /// The unit a bare JSON number of this dimension is read in (`s`, `W`, `B/s`; `1` for a
  /// fraction).
  public var baseUnit: String {
    switch self {
    case .time: "s"
    case .power: "W"
    case .energy: "J"
    case .dataSize: "B"
    case .dataRate: "B/s"
    case .frequency: "Hz"
    case .fraction: "1"
    case .voltage: "V"
    case .luminance: "nits"
    }
  }

  /// The units accepted, in the order *Quantities and units* lists them.
  public var acceptedUnits: [String] { UnitTable.units(of: self).map(\.name) }

  /// How big a value of this dimension may be, for "too large" messages.
  var limitPhrase: String {
    switch self {
    case .time: "at most 292 years"
    case .power: "at most 9.2 GW"
    case .energy: "at most 1.7e20 J"
    case .dataSize: "at most 9.2 EB"
    default: "a finite value"
    }
  }
}

/// What the user wrote: a JSON number (its literal text, exactly as in the file) or a string.
public enum QuantityInput: Sendable, Equatable {
  /// A bare JSON number, in the dimension's base unit.
  case number(literal: String)
  /// A string: `"<number> <unit>"`, the space optional.
  case text(String)

  /// How the value reads in "found …": bare for numbers, quoted for strings.
  var found: String {
    switch self {
    case .number(let literal): ValueExcerpt.bare(literal)
    case .text(let text): ValueExcerpt.quoted(text)
    }
  }
}

/// Why a value could not be read: a complete phrase saying what was expected and what was
/// found. It names no file or JSON path; the caller adds those.
public struct QuantityError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message.
  public var message: String
  /// Whether the value was a finite number too large for its storage type, so that a caller with
  /// a tighter limit (a run of at most 366 days) can say so instead.
  public var isTooLarge: Bool

  /// An error with `message`.
  public init(message: String, isTooLarge: Bool = false) {
    self.message = message
    self.isTooLarge = isTooLarge
  }

  /// The message.
  public var description: String { message }
}

/// One accepted unit: its name and how many base storage units (ns, nW, aJ, B) or base SI units
/// (B/s, Hz, 1, V) it is.
struct UnitEntry {
  var name: String
  /// The factor as an exact integer `significand × 10^exponent` (integer dimensions).
  var significand: UInt64
  var exponent: Int
  /// The factor as a `Double` (floating dimensions).
  var factor: Double
}

enum UnitTable {
  static func exact(_ name: String, _ significand: UInt64, _ exponent: Int) -> UnitEntry {
    var factor = Double(significand)
    for _ in 0..<exponent { factor *= 10 }
    return UnitEntry(name: name, significand: significand, exponent: exponent, factor: factor)
  }

  static func real(_ name: String, _ factor: Double) -> UnitEntry {
    UnitEntry(name: name, significand: 1, exponent: 0, factor: factor)
  }

  static let time = [
    exact("ns", 1, 0), exact("us", 1, 3), exact("µs", 1, 3), exact("μs", 1, 3), exact("ms", 1, 6),
    exact("s", 1, 9), exact("min", 6, 10), exact("h", 36, 11), exact("d", 864, 11),
  ]
  static let power = [
    exact("uW", 1, 3), exact("µW", 1, 3), exact("μW", 1, 3), exact("mW", 1, 6), exact("W", 1, 9),
  ]
  static let energy = [
    exact("pJ", 1, 6), exact("nJ", 1, 9), exact("uJ", 1, 12), exact("mJ", 1, 15), exact("J", 1, 18),
    exact("kJ", 1, 21),
    exact("mWh", 36, 17), exact("Wh", 36, 20),
  ]
  static let dataSize = [
    exact("B", 1, 0), exact("KB", 1, 3), exact("MB", 1, 6), exact("GB", 1, 9),
    exact("KiB", 1_024, 0), exact("MiB", 1_048_576, 0), exact("GiB", 1_073_741_824, 0),
  ]
  static let dataRate = [
    real("B/s", 1), real("KB/s", 1e3), real("MB/s", 1e6), real("GB/s", 1e9), real("bit/s", 0.125),
    real("kbit/s", 125), real("Mbit/s", 125e3), real("Gbit/s", 125e6), real("kbps", 125),
    real("Mbps", 125e3), real("Gbps", 125e6),
  ]
  static let frequency = [
    real("Hz", 1), real("kHz", 1e3), real("MHz", 1e6), real("GHz", 1e9), real("fps", 1),
  ]
  static let fraction = [real("%", 0.01)]
  static let voltage = [real("V", 1), real("mV", 1e-3)]
  /// Nits are candela per square metre.
  static let luminance = [real("nits", 1), real("nit", 1), real("cd/m²", 1), real("cd/m2", 1)]

  /// The base unit of each dimension when a string has no unit, and its entry.
  static func base(of dimension: Dimension) -> UnitEntry {
    switch dimension {
    case .time: exact("s", 1, 9)
    case .power: exact("W", 1, 9)
    case .energy: exact("J", 1, 18)
    case .dataSize: exact("B", 1, 0)
    default: real("", 1)
    }
  }

  static func units(of dimension: Dimension) -> [UnitEntry] {
    switch dimension {
    case .time: time.filter { $0.name != "μs" }
    case .power: power.filter { $0.name != "μW" }
    case .energy: energy
    case .dataSize: dataSize
    case .dataRate: dataRate
    case .frequency: frequency
    case .fraction: fraction
    case .voltage: voltage
    case .luminance: luminance.filter { $0.name != "nit" && $0.name != "cd/m2" }
    }
  }

  static func lookup(_ name: String, in dimension: Dimension) -> UnitEntry? {
    let table: [UnitEntry]
    switch dimension {
    case .time: table = time
    case .power: table = power
    case .energy: table = energy
    case .dataSize: table = dataSize
    case .dataRate: table = dataRate
    case .frequency: table = frequency
    case .fraction: table = fraction
    case .voltage: table = voltage
    case .luminance: table = luminance
    }
    return table.first { $0.name == name }
  }
}
