/// Locale-independent decimal text for numbers, the same on every machine.
///
/// Floating-point values are rounded on the decimal digits of their shortest round-trip form
/// (what Swift prints for them), so `2.675` to two places is `2.68`, as a reader expects.
/// Integer counts of small units (attojoules, nanowatts) convert exactly.
public enum DecimalFormat {
  /// `value` with exactly `places` digits after the point, rounded half away from zero.
  /// `-0.000` prints `0.000`; NaN prints `nan`, infinities `inf` and `-inf`.
  public static func fixed(_ value: Double, places: Int) -> String {
    guard let decimal = ShortestDecimal(value) else { return nonFinite(value) }
    return decimal.rounded(toPlaces: places).text(places: places)
  }

  /// `value` with `digits` significant digits, in positional notation, trailing zeros removed:
  /// 1234.5678 (4) is `1235`, 0.000123456 (3) is `0.000123`.
  public static func significant(_ value: Double, digits: Int) -> String {
    guard let decimal = ShortestDecimal(value) else { return nonFinite(value) }
    guard !decimal.digits.isEmpty else { return "0" }
    let places = max(0, digits - decimal.pointPosition)
    return trimmed(decimal.rounded(toPlaces: places).text(places: places))
  }

  /// The shortest text that reads back as the same `Double`, always positional: `0.00001`,
  /// `150000000000000000000`; integers print without a point.
  public static func exact(_ value: Double) -> String {
    guard let decimal = ShortestDecimal(value) else { return nonFinite(value) }
    let places = max(0, decimal.digits.count - decimal.pointPosition)
    return decimal.text(places: places)
  }

  /// `units` counts of `10^-scale` as a decimal, exactly, trailing zeros removed: `1.27`, `5`,
  /// `-0.000000001`.
  public static func scaledTrimmed(_ units: Int128, scale: Int) -> String {
    var text: [UInt8] = []
    appendScaledTrimmed(units, scale: scale, to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends ``scaledTrimmed(_:scale:)``'s text to `text` as UTF-8, allocating nothing once
  /// `text` has room.
  public static func appendScaledTrimmed(_ units: Int128, scale: Int, to text: inout [UInt8]) {
    // A quotient by one terminates: every digit is printed, and trailing zeros are trimmed.
    appendQuotient(units, dividedBy: 1, scale: scale, significantDigits: 1, to: &text)
  }

  /// Appends `trimmed(fixed(value, places: places))` to `text` as UTF-8, for writers of long
  /// numeric files.
  ///
  /// When `value × 10^places` lies below 10⁹ and more than 10⁻⁶ from a half, the rounding is
  /// done on the binary value: the shortest round-trip decimal of `value`, scaled, lies within
  /// 1.7 × 10⁻⁷ of the computed product (half an ulp of each, below 2³⁰), so both round to the
  /// same integer. Other values take ``fixed(_:places:)``'s path.
  ///
  /// - Precondition: `0 <= places <= 9`.
  public static func appendFixedTrimmed(_ value: Double, places: Int, to text: inout [UInt8]) {
    precondition(places >= 0 && places <= 9, "places out of range")
    var factor = 1.0
    for _ in 0..<places { factor *= 10 }
    let scaled = value.magnitude * factor
    // False for NaN and the infinities too.
    if scaled < 1e9 {
      let whole = scaled.rounded(.down)
      let fraction = scaled - whole
      if (fraction - 0.5).magnitude > 1e-6 {
        let units = Int128(whole) + (fraction > 0.5 ? 1 : 0)
        appendScaledTrimmed(value < 0 ? -units : units, scale: places, to: &text)
        return
      }
    }
    text.append(contentsOf: trimmed(fixed(value, places: places)).utf8)
  }

  /// Removes trailing zeros after a point, and the point when nothing follows it.
  public static func trimmed(_ text: String) -> String {
    let bytes = Array(text.utf8)
    guard bytes.contains(UInt8(ascii: ".")) else { return text }
    var end = bytes.count
    while end > 0 && bytes[end - 1] == UInt8(ascii: "0") { end -= 1 }
    if end > 0 && bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
    if end == 2 && bytes[0] == UInt8(ascii: "-") && bytes[1] == UInt8(ascii: "0") { return "0" }
    return String(decoding: bytes[..<end], as: UTF8.self)
  }

  private static func nonFinite(_ value: Double) -> String {
    value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf")
  }
}

/// The shortest round-trip decimal digits of a finite `Double`: value = 0.d₁d₂… × 10^pointPosition.
struct ShortestDecimal {
  var isNegative: Bool
  /// Significant digits, no leading zeros (empty for zero).
  var digits: [UInt8]
  /// Where the point sits relative to the first digit.
  var pointPosition: Int

  init?(_ value: Double) {
    guard value.isFinite else { return nil }
    isNegative = value < 0
    var mantissa: [UInt8] = []
    mantissa.reserveCapacity(24)
    var exponent = 0
    var pointSeen = false
    var digitsAfterPoint = 0
    let text = Array(value.magnitude.description.utf8)
    var index = 0
    while index < text.count {
      let byte = text[index]
      if byte == UInt8(ascii: ".") {
        pointSeen = true
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        exponent = Int(String(decoding: text[(index + 1)...], as: UTF8.self)) ?? 0
        break
      } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        mantissa.append(byte - UInt8(ascii: "0"))
        if pointSeen { digitsAfterPoint += 1 }
      }
      index += 1
    }
    var position = mantissa.count - digitsAfterPoint + exponent
    let leadingZeros = mantissa.prefix { $0 == 0 }.count
    mantissa.removeFirst(leadingZeros)
    position -= leadingZeros
    while let last = mantissa.last, last == 0 { mantissa.removeLast() }
    digits = mantissa
    pointPosition = mantissa.isEmpty ? 0 : position
    if mantissa.isEmpty { isNegative = false }
  }

  /// Rounded half away from zero to `places` digits after the point.
  func rounded(toPlaces places: Int) -> ShortestDecimal {
    let keep = pointPosition + places
    guard keep < digits.count else { return self }
    var copy = self
    if keep < 0 {
      copy.digits = []
      copy.pointPosition = 0
      copy.isNegative = false
      return copy
    }
    var kept = Array(digits[0..<keep])
    var position = pointPosition
    if digits[keep] >= 5 {
      var index = kept.count - 1
      while index >= 0 {
        if kept[index] == 9 {
          kept[index] = 0
          index -= 1
        } else {
          kept[index] += 1
          break
        }
      }
      if index < 0 {
        kept.insert(1, at: 0)
        position += 1
      }
    }
    while let last = kept.last, last == 0 { kept.removeLast() }
    copy.digits = kept
    copy.pointPosition = kept.isEmpty ? 0 : position
    if kept.isEmpty { copy.isNegative = false }
    return copy
  }

  /// Positional text with exactly `places` digits after the point.
  func text(places: Int) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(max(0, pointPosition) + places + 3)
    if isNegative { text.append(UInt8(ascii: "-")) }
    if pointPosition <= 0 {
      text.append(UInt8(ascii: "0"))
    } else {
      for index in 0..<pointPosition {
        text.append(UInt8(ascii: "0") + (index < digits.count ? digits[index] : 0))
      }
    }
    if places > 0 {
      text.append(UInt8(ascii: "."))
      for offset in 0..<places {
        let index = pointPosition + offset
        text.append(UInt8(ascii: "0") + (index >= 0 && index < digits.count ? digits[index] : 0))
      }
    }
    return String(decoding: text, as: UTF8.self)
  }
}

/// Short human number text used by the quantities' descriptions.
enum DecimalText {
  static func significant(_ value: Double, digits: Int) -> String {
    DecimalFormat.significant(value, digits: digits)
  }
}

/// Exact rounding of a `Double` to an integer count of `10^-scale` units.
enum DecimalValue {
  static func roundedInteger(_ value: Double, scale: Int) -> Int128 {
    guard let decimal = ShortestDecimal(value), !decimal.digits.isEmpty else { return 0 }
    let rounded = decimal.rounded(toPlaces: scale)
    var result: Int128 = 0
    let integerDigits = rounded.pointPosition + scale
    for index in 0..<max(0, integerDigits) {
      result = result * 10 + Int128(index < rounded.digits.count ? rounded.digits[index] : 0)
    }
    return rounded.isNegative ? -result : result
  }
}
