/// Parses the values users write in scenario and device files (see *Quantities and units*).
///
/// A bare JSON number is in the dimension's base unit (s, W, J, B, B/s, Hz, 1, V); a string is
/// `"<number> <unit>"` with an optional space. Times, powers, energies and sizes are integers in
/// their storage units (ns, nW, aJ, B): their decimal text is converted exactly and rounded once
/// to the nearest unit, ties away from zero, so `"0.1 s"` is exactly 100 000 000 ns.
public enum QuantityParser {
  /// A time.
  public static func time(_ input: QuantityInput) throws(QuantityError) -> TimeSpan {
    TimeSpan(nanoseconds: try integer(input, .time, limit: Int128(Int64.max)).asInt64)
  }

  /// A power.
  public static func power(_ input: QuantityInput) throws(QuantityError) -> Power {
    Power(nanowatts: try integer(input, .power, limit: Int128(Int64.max)).asInt64)
  }

  /// An energy.
  public static func energy(_ input: QuantityInput) throws(QuantityError) -> Energy {
    Energy(attojoules: try integer(input, .energy, limit: Int128.max))
  }

  /// A data size.
  public static func dataSize(_ input: QuantityInput) throws(QuantityError) -> DataSize {
    DataSize(bytes: try integer(input, .dataSize, limit: Int128(Int64.max)).asInt64)
  }

  /// A data rate.
  public static func dataRate(_ input: QuantityInput) throws(QuantityError) -> DataRate {
    DataRate(bytesPerSecond: try real(input, .dataRate))
  }

  /// A frequency.
  public static func frequency(_ input: QuantityInput) throws(QuantityError) -> Frequency {
    Frequency(hertz: try real(input, .frequency))
  }

  /// A voltage.
  public static func voltage(_ input: QuantityInput) throws(QuantityError) -> Voltage {
    Voltage(volts: try real(input, .voltage))
  }

  /// A luminance (`"200 nits"`), always with its unit: a bare number could be a brightness.
  public static func luminance(_ input: QuantityInput) throws(QuantityError) -> Luminance {
    guard case .text(let text) = input, let parts = split(text), !parts.unit.isEmpty else {
      throw QuantityError(message: "a luminance is written with its unit (\"500 nits\")")
    }
    return Luminance(nits: try real(input, .luminance))
  }

  /// A fraction: a number in [0, 1], or a percentage from `"0%"` to `"100%"`.
  public static func fraction(_ input: QuantityInput) throws(QuantityError) -> Fraction {
    let value = try real(input, .fraction)
    guard value >= 0 && value <= 1 else {
      throw QuantityError(
        message: "expected a fraction between 0 and 1 (or \"0%\" to \"100%\"), found \(input.found)"
      )
    }
    return Fraction(value)
  }

  /// The dimension a string's unit belongs to, if any (`"5 MB"` → data size).
  public static func dimension(ofUnitIn text: String) -> Dimension? {
    guard let split = split(text), !split.unit.isEmpty else { return nil }
    return Dimension.allCases.first { UnitTable.lookup(split.unit, in: $0) != nil }
  }

  // MARK: Implementation

  /// The number and unit parts of a trimmed string.
  private static func split(_ text: String) -> (number: String, unit: String)? {
    let trimmed = text.trimmingWhitespace()
    let scalars = Array(trimmed.unicodeScalars)
    var index = 0
    if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
    let digitsStart = index
    var sawDigit = false
    while index < scalars.count, ("0"..."9").contains(scalars[index]) {
      index += 1
      sawDigit = true
    }
    if index < scalars.count, scalars[index] == "." {
      index += 1
      while index < scalars.count, ("0"..."9").contains(scalars[index]) {
        index += 1
        sawDigit = true
      }
    }
    guard sawDigit, index > digitsStart else { return nil }
    if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
      var lookahead = index + 1
      if lookahead < scalars.count, scalars[lookahead] == "-" || scalars[lookahead] == "+" {
        lookahead += 1
      }
      let exponentStart = lookahead
      while lookahead < scalars.count, ("0"..."9").contains(scalars[lookahead]) { lookahead += 1 }
      if lookahead > exponentStart {
        index = lookahead
      } else if lookahead == scalars.count || scalars[exponentStart] == " " {
        return nil
      }
    }
    var number = String.UnicodeScalarView()
    number.append(contentsOf: scalars[0..<index])
    var unit = String.UnicodeScalarView()
    unit.append(contentsOf: scalars[index...])
    return (String(number), String(unit).trimmingWhitespace())
  }

  private static func isNonFinite(_ text: String) -> Bool {
    var word = text.trimmingWhitespace().lowercased()
    if word.hasPrefix("-") || word.hasPrefix("+") { word.removeFirst() }
    return ["nan", "inf", "infinity"].contains(word)
  }

  /// The number text and unit entry of `input` in `dimension`, or the error.
  private static func components(_ input: QuantityInput, _ dimension: Dimension)
    throws(QuantityError) -> (number: String, unit: UnitEntry)
  {
    var expectation: String { "expected \(dimension.phrase) such as \(dimension.examples)" }
    switch input {
    case .number(let literal):
      return (literal, UnitTable.base(of: dimension))
    case .text(let text):
      if isNonFinite(text) || isNonFinite(text.split(separator: " ").first.map(String.init) ?? "") {
        throw QuantityError(
          message: "expected \(dimension.phrase), found \(input.found) (not a finite number)")
      }
      guard let parts = split(text) else {
        throw QuantityError(message: "\(expectation), found \(input.found)")
      }
      if parts.unit.isEmpty { return (parts.number, UnitTable.base(of: dimension)) }
      if let entry = UnitTable.lookup(parts.unit, in: dimension) { return (parts.number, entry) }
      if let other = Dimension.allCases.first(where: { UnitTable.lookup(parts.unit, in: $0) != nil }
      ) {
        throw QuantityError(message: "\(expectation), found \(input.found) (\(other.phrase))")
      }
      if parts.unit.contains(" ") || parts.unit.first.map({ $0.isNumber }) == true {
        throw QuantityError(message: "\(expectation), found \(input.found)")
      }
      let units = dimension.acceptedUnits
      let list = units.dropLast().joined(separator: ", ") + " or " + units.last!
      var message =
        "expected \(dimension.phrase) with a unit of \(list), found \(input.found) (unknown unit \(ValueExcerpt.quoted(parts.unit)))"
      if let match = units.first(where: { $0.lowercased() == parts.unit.lowercased() })
        ?? abbreviation(of: parts.unit, among: units)
      {
        message += "; did you mean \"\(match)\"?"
      }
      throw QuantityError(message: message)
    }
  }

  /// An integer dimension: exact decimal × unit factor, rounded once.
  private static func integer(_ input: QuantityInput, _ dimension: Dimension, limit: Int128)
    throws(QuantityError) -> Int128
  {
    if let value = PlainQuantity.integer(input, dimension, limit: limit) { return value }
    let (number, unit) = try components(input, dimension)
    guard let decimal = ExactDecimal(number) else {
      throw QuantityError(
        message: "expected \(dimension.phrase) such as \(dimension.examples), found \(input.found)")
    }
    if decimal.isNegative && !decimal.isZero {
      throw QuantityError(
        message: "expected \(dimension.phrase) that is not negative, found \(input.found)")
    }
    guard
      let value = decimal.scaledInteger(by: unit.significand, exponent: unit.exponent, limit: limit)
    else {
      throw QuantityError(
        message:
          "expected \(dimension.phrase) of \(dimension.limitPhrase), found \(input.found) (too large)",
        isTooLarge: true)
    }
    return value
  }

  /// A floating dimension.
  private static func real(_ input: QuantityInput, _ dimension: Dimension) throws(QuantityError)
    -> Double
  {
    let (number, unit) = try components(input, dimension)
    guard ExactDecimal(number) != nil, let value = Double(number) else {
      throw QuantityError(
        message: "expected \(dimension.phrase) such as \(dimension.examples), found \(input.found)")
    }
    if value < 0 {
      throw QuantityError(
        message: "expected \(dimension.phrase) that is not negative, found \(input.found)")
    }
    // A factor below 1 (%, mV) divides by its reciprocal, which is exact (100, 1000), so that
    // "35%" is the same Double as 0.35 (35 × 0.01 is 0.35000000000000003).
    let scaled = unit.factor < 1 ? value / (1 / unit.factor) : value * unit.factor
    guard scaled.isFinite else {
      throw QuantityError(
        message:
          "expected \(dimension.phrase) of \(dimension.limitPhrase), found \(input.found) (too large)",
        isTooLarge: true)
    }
    return scaled == 0 ? 0 : scaled
  }
}

extension Int128 {
  /// The value as `Int64`; callers checked the limit.
  var asInt64: Int64 { Int64(self) }
}

extension String {
  /// Without leading and trailing spaces, tabs and line breaks.
  func trimmingWhitespace() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }

}

/// The accepted unit a spelled-out or longer unit abbreviates: the longest one its letters
/// start with, ignoring case (`sec` and `seconds` → `s`, `minutes` → `min`, `hrs` → `h`,
/// `msec` → `ms`, `watts` → `W`, `bytes` → `B`); `nil` when none does.
private func abbreviation(of unit: String, among units: [String]) -> String? {
  let written = unit.lowercased()
  return units.filter { written.hasPrefix($0.lowercased()) }.max { $0.count < $1.count }
}
