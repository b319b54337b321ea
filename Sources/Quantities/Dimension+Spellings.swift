extension Dimension {
  /// Every unit spelling the parser accepts for this dimension, including the alternative
  /// spellings ``acceptedUnits`` leaves out (`μs` with a Greek mu beside `µs` with a micro sign).
  public var unitSpellings: [String] { UnitTable.units(ofAllSpellings: self).map(\.name) }

  /// A regular expression (ECMA-262, as JSON Schema's `pattern` uses) matching exactly the
  /// strings the parser reads as a value of this dimension, bar range checks: an unsigned
  /// decimal number with an optional exponent, then one of ``unitSpellings`` (optional but for a
  /// luminance, which a scenario always writes with its unit), with optional spaces around and
  /// between.
  ///
  /// Negative numbers do not match: no quantity in a scenario or device file may be negative.
  public var pattern: String {
    let units = unitSpellings.sorted { $0.count > $1.count }.map(Self.escapedForPattern)
    // A luminance's unit is never left out: a bare brightness is a fraction.
    return #"^\s*\+?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*("# + units.joined(separator: "|")
      + (self == .luminance ? #")\s*$"# : #")?\s*$"#)
  }

  private static func escapedForPattern(_ unit: String) -> String {
    var escaped = ""
    for character in unit {
      if "\\^$.|?*+()[]{}".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}

extension UnitTable {
  /// Every entry of `dimension`'s table.
  static func units(ofAllSpellings dimension: Dimension) -> [UnitEntry] {
    switch dimension {
    case .time: time
    case .power: power
    case .energy: energy
    case .dataSize: dataSize
    case .dataRate: dataRate
    case .frequency: frequency
    case .fraction: fraction
    case .voltage: voltage
    case .luminance: luminance
    }
  }
}
