import DeviceModels
package import JSONSupport
package import Quantities

/// Reads typed values out of JSON, with errors that say what was expected and what was found.
package struct ValueReader {
  package let file: String

  /// A reader of values in `file`.
  package init(file: String) { self.file = file }

  package func error(_ path: JSONPath, _ message: String) -> InputError {
    InputError(file: file, jsonPath: path, message: message)
  }

  private func quantityInput(_ value: JSONValue, _ path: JSONPath, _ dimension: Dimension)
    throws(InputError) -> QuantityInput
  {
    switch value {
    case .number(let number): return .number(literal: number.literal)
    case .string(let text): return .text(text)
    default:
      throw error(
        path,
        "expected \(dimension.phrase) (a number or a string with a unit), found \(value.kindPhrase)"
      )
    }
  }

  private func parse<T>(
    _ value: JSONValue, _ path: JSONPath, _ dimension: Dimension,
    _ parser: (QuantityInput) throws(QuantityError) -> T
  ) throws(InputError) -> T {
    let input = try quantityInput(value, path, dimension)
    if case .number(let literal) = input {
      BareNumberLog.note(literal, dimension: dimension, file: file, path: path)
    }
    do {
      return try parser(input)
    } catch {
      throw self.error(path, error.message)
    }
  }

  package func time(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> TimeSpan {
    try parse(value, path, .time, QuantityParser.time)
  }

  /// A time that must be greater than zero.
  func positiveTime(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> TimeSpan {
    let span = try time(value, path)
    guard span > .zero else {
      throw error(
        path,
        "expected a time greater than zero, found \(Self.found(value))\(roundsToZero(value, unit: "ns"))"
      )
    }
    return span
  }

  /// A time greater than zero and at most `maximum`. Larger values, including those too large
  /// for nanoseconds, are reported as `expected <limitPhrase>`.
  func boundedTime(
    _ value: JSONValue, _ path: JSONPath, atMost maximum: TimeSpan, limitPhrase: String
  ) throws(InputError) -> TimeSpan {
    let input = try quantityInput(value, path, .time)
    if case .number(let literal) = input {
      BareNumberLog.note(literal, dimension: .time, file: file, path: path)
    }
    let span: TimeSpan
    do {
      span = try QuantityParser.time(input)
    } catch {
      guard error.isTooLarge else { throw self.error(path, error.message) }
      throw self.error(path, "expected \(limitPhrase), found \(Self.found(value))")
    }
    guard span <= maximum else {
      throw self.error(path, "expected \(limitPhrase), found \(Self.found(value))")
    }
    guard span > .zero else {
      throw error(
        path,
        "expected a time greater than zero, found \(Self.found(value))\(roundsToZero(value, unit: "ns"))"
      )
    }
    return span
  }

  /// ` (it rounds to 0 ns)` when `value` is not written as zero but rounds to zero `unit`s: times
  /// are whole nanoseconds and sizes whole bytes (see *Quantities and units*).
  private func roundsToZero(_ value: JSONValue, unit: String) -> String {
    let text: String
    switch value {
    case .number(let number): text = number.literal
    case .string(let string): text = string
    default: return ""
    }
    let mantissa = text.unicodeScalars.prefix { $0 == "." || $0 == " " || ("0"..."9").contains($0) }
    guard mantissa.contains(where: { ("1"..."9").contains($0) }) else { return "" }
    return " (it rounds to 0 \(unit))"
  }

  func instant(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> Instant {
    Instant(nanosecondsSinceStart: try time(value, path).nanoseconds)
  }

  /// A power, held as whole nanowatts (see *The power-state ladder*): a power not written as zero
  /// that rounds to 0 nW is an error, not a silent zero.
  package func power(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> Power {
    let power = try parse(value, path, .power, QuantityParser.power)
    let roundedAway = power.nanowatts == 0 ? roundsToZero(value, unit: "nW") : ""
    guard roundedAway.isEmpty else {
      throw error(
        path, "expected a power of 0 or at least 1 nW, found \(Self.found(value))\(roundedAway)")
    }
    return power
  }

  package func energy(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> Energy {
    try parse(value, path, .energy, QuantityParser.energy)
  }

  func dataSize(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> DataSize {
    try parse(value, path, .dataSize, QuantityParser.dataSize)
  }

  /// A data size that must be greater than zero.
  func positiveDataSize(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> DataSize {
    let size = try dataSize(value, path)
    guard size.bytes > 0 else {
      throw error(
        path,
        "expected a data size greater than zero, found \(Self.found(value))\(roundsToZero(value, unit: "B"))"
      )
    }
    return size
  }

  /// A data rate that must be greater than zero.
  func positiveDataRate(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> DataRate {
    let rate = try parse(value, path, .dataRate, QuantityParser.dataRate)
    guard rate.bytesPerSecond > 0 else {
      throw error(path, "expected a data rate greater than zero, found \(Self.found(value))")
    }
    return rate
  }

  /// A network's data rate (a radio's `downlink` or `uplink`, or a network interval's): the
  /// shared link counts in whole bits per second, so the rate must be at least 1 bit/s once
  /// rounded to the nearest bit/s (see the article *Radios*).
  func networkDataRate(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> DataRate {
    let rate = try positiveDataRate(value, path)
    guard (rate.bytesPerSecond * 8).rounded() >= 1 else {
      throw error(
        path,
        "expected a data rate of at least 1 bit/s, found \(Self.found(value)) (it rounds to 0 bit/s)"
      )
    }
    return rate
  }

  /// A frequency that must be greater than zero.
  func positiveFrequency(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> Frequency {
    let frequency = try parse(value, path, .frequency, QuantityParser.frequency)
    guard frequency.hertz > 0 else {
      throw error(path, "expected a frequency greater than zero, found \(Self.found(value))")
    }
    return frequency
  }

  package func fraction(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> Fraction {
    try parse(value, path, .fraction, QuantityParser.fraction)
  }

  func voltage(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> Voltage {
    try parse(value, path, .voltage, QuantityParser.voltage)
  }

  /// A luminance greater than zero, with its unit (`"500 nits"`: a bare number, in a string or
  /// not, could be nits or a brightness).
  func positiveLuminance(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> Luminance {
    guard case .string(let text) = value,
      QuantityParser.dimension(ofUnitIn: text) != nil || Double(text.filter { $0 != " " }) == nil
    else {
      throw error(
        path, "expected a luminance with its unit (\"500 nits\"), found \(Self.found(value))")
    }
    let luminance = try parse(value, path, .luminance, QuantityParser.luminance)
    guard luminance.nits > 0 else {
      throw error(path, "expected a luminance greater than zero, found \(Self.found(value))")
    }
    return luminance
  }

  package func string(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> String {
    guard case .string(let text) = value else {
      throw error(path, "expected a string, found \(value.kindPhrase)")
    }
    return text
  }

  /// A non-empty name.
  package func name(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> String {
    let text = try string(value, path)
    guard !text.trimmingSpaces().isEmpty else {
      throw error(path, "expected a non-empty name, found \(ValueExcerpt.quoted(text))")
    }
    return text
  }

  /// A whole number in `range`.
  package func integer(_ value: JSONValue, _ path: JSONPath, in range: ClosedRange<Int>)
    throws(InputError)
    -> Int
  {
    guard case .number(let number) = value else {
      throw error(path, "expected a whole number, found \(Self.found(value))")
    }
    let upper = range.upperBound == Int.max ? "" : " to \(range.upperBound)"
    guard let integer = number.integerValue else {
      let double = number.doubleValue
      guard double.isInfinite || (double == double.rounded() && abs(double) >= 9e15) else {
        throw error(path, "expected a whole number, found \(ValueExcerpt.bare(number.literal))")
      }
      if double < 0 {
        throw error(
          path,
          "expected a whole number from \(range.lowerBound)\(upper), found \(ValueExcerpt.bare(number.literal))"
        )
      }
      throw error(
        path,
        "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(ValueExcerpt.bare(number.literal)) (too large)"
      )
    }
    guard range.contains(integer) else {
      if range.upperBound == Int.max {
        throw error(
          path, "expected a whole number of at least \(range.lowerBound), found \(integer)")
      }
      throw error(
        path,
        "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(integer)")
    }
    return integer
  }

  /// A temperature given as a number of °C, from absolute zero (-273.15) to 1000 °C.
  func temperature(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> Temperature {
    guard case .number(let number) = value, number.doubleValue.isFinite else {
      throw error(
        path, "expected a temperature as a number of °C, such as 25, found \(Self.found(value))")
    }
    guard number.doubleValue >= -273.15, number.doubleValue <= 1000 else {
      throw error(
        path,
        "expected a temperature from -273.15 to 1000 °C, found \(ValueExcerpt.bare(number.literal))"
      )
    }
    return Temperature(celsius: number.doubleValue)
  }

  /// A plain number (no unit) greater than zero, such as an exponent or a ratio.
  func positiveNumber(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> Double {
    guard case .number(let number) = value, number.doubleValue.isFinite else {
      throw error(path, "expected a number, found \(Self.found(value))")
    }
    guard number.doubleValue > 0 else {
      throw error(
        path, "expected a number greater than zero, found \(ValueExcerpt.bare(number.literal))")
    }
    return number.doubleValue
  }

  /// One of `choices`, by its raw value.
  func choice<T: RawRepresentable & CaseIterable>(_ value: JSONValue, _ path: JSONPath, _: T.Type)
    throws(InputError) -> T where T.RawValue == String
  {
    let names = T.allCases.map(\.rawValue)
    guard case .string(let text) = value else {
      throw error(
        path, "expected one of \(listing(names, conjunction: "or")), found \(value.kindPhrase)")
    }
    if let result = T(rawValue: text) { return result }
    var message =
      "expected one of \(listing(names, conjunction: "or")), found \(ValueExcerpt.quoted(text))"
    if let suggestion = closestMatch(to: text, among: names) {
      message += " (did you mean \"\(suggestion)\"?)"
    }
    throw error(path, message)
  }

  /// An array.
  package func array(_ value: JSONValue, _ path: JSONPath, of what: String) throws(InputError)
    -> [JSONValue]
  {
    guard case .array(let items) = value else {
      throw error(path, "expected an array (\(what)), found \(value.kindPhrase)")
    }
    return items
  }

  /// `[from, to]` with `from < to`.
  func range(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> TimeRange {
    let items = try array(value, path, of: "[from, to]")
    guard items.count == 2 else {
      throw error(path, "expected a pair [from, to], found an array of \(items.count)")
    }
    let start = try instant(items[0], path.appending(index: 0))
    let end = try instant(items[1], path.appending(index: 1))
    guard start < end else {
      throw error(
        path, "expected an interval that ends after it starts, found [\(start), \(end)]")
    }
    return TimeRange(start: start, end: end)
  }

  /// How a value reads in "found …": numbers bare, strings quoted, others by kind.
  package static func found(_ value: JSONValue) -> String {
    switch value {
    case .number(let number): ValueExcerpt.bare(number.literal)
    case .string(let text): ValueExcerpt.quoted(text)
    default: value.kindPhrase
    }
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  func trimmingSpaces() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}

/// Checks that ranges are sorted and do not overlap.
func checkDisjoint(_ ranges: [TimeRange], reader: ValueReader, path: JSONPath, what: String)
  throws(InputError)
{
  for index in ranges.indices.dropFirst() where ranges[index].start < ranges[index - 1].end {
    throw reader.error(
      path.appending(index: index),
      "expected \(what) in time order without overlaps, found one starting at "
        + "\(ranges[index].start) before the previous ends at \(ranges[index - 1].end)")
  }
}
