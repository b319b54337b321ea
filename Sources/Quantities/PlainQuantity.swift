/// The common case of an integer quantity read in one pass over its UTF-8 bytes: `"250 ms"`,
/// `"1.5 h"`, `"30s"`, a bare `12` — unsigned decimal digits with at most one point, no exponent,
/// optional spaces, then one of the dimension's ASCII unit names or none.
///
/// A scenario with a hundred thousand workloads holds hundreds of thousands of such strings; the
/// general reader (``QuantityParser``) splits each into Unicode scalars, trims it, keeps its
/// digits in an array and multiplies them digit by digit, which cost a sixth of reading such a
/// file. This reader gives the same value — the decimal times the unit's factor rounded once,
/// ties away from zero (see *Quantities and units*) — with integer arithmetic, and declines
/// (`nil`) anything else: a sign, an exponent, another space or unit spelling, more than 18
/// significant digits, a value beyond the limit. The general reader then reads it, or says what
/// is wrong with it.
enum PlainQuantity {
  /// The value of `input` in `dimension`'s storage unit when it is written plainly and within
  /// `limit`; `nil` to leave it to the general reader.
  static func integer(_ input: QuantityInput, _ dimension: Dimension, limit: Int128) -> Int128? {
    switch input {
    case .number(let literal):
      var literal = literal
      return literal.withUTF8 { read($0, dimension, limit: limit, allowsUnit: false) }
    case .text(let text):
      var text = text
      return text.withUTF8 { read($0, dimension, limit: limit, allowsUnit: true) }
    }
  }

  private static let space = UInt8(ascii: " ")
  private static let point = UInt8(ascii: ".")
  private static let zero = UInt8(ascii: "0")

  private static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

  private static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, _ dimension: Dimension, limit: Int128, allowsUnit: Bool
  ) -> Int128? {
    var index = 0
    while index < bytes.count && bytes[index] == space { index += 1 }
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var fractionDigits = 0
    var sawDigit = false
    var sawPoint = false
    while index < bytes.count {
      let byte = bytes[index]
      if isDigit(byte) {
        sawDigit = true
        if sawPoint { fractionDigits += 1 }
        if mantissa != 0 || byte != zero {
          significantDigits += 1
          guard significantDigits <= 18 else { return nil }
          mantissa = mantissa * 10 + UInt64(byte &- zero)
        }
      } else if byte == point && !sawPoint {
        sawPoint = true
      } else {
        break
      }
      index += 1
    }
    guard sawDigit else { return nil }
    while index < bytes.count && bytes[index] == space { index += 1 }
    var unitEnd = bytes.count
    while unitEnd > index && bytes[unitEnd - 1] == space { unitEnd -= 1 }
    let unit: UnitEntry
    if index == unitEnd {
      unit = UnitTable.base(of: dimension)
    } else {
      // An exponent (`1e3 s`) or a unit with a space inside is the general reader's.
      guard allowsUnit, bytes[index] != UInt8(ascii: "e"), bytes[index] != UInt8(ascii: "E"),
        let entry = lookup(UnsafeBufferPointer(rebasing: bytes[index..<unitEnd]), dimension)
      else { return nil }
      unit = entry
    }
    var value = Int128(mantissa) * Int128(unit.significand)
    let shift = unit.exponent - fractionDigits
    if shift >= 0 {
      for _ in 0..<shift {
        let (product, overflow) = value.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        value = product
      }
    } else {
      guard shift >= -38 else { return nil }
      var divisor: Int128 = 1
      for _ in 0 ..< -shift { divisor *= 10 }
      let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
      // The first discarded digit is 5 or more exactly when the remainder is half or more.
      value = remainder * 2 >= divisor ? quotient + 1 : quotient
    }
    return value <= limit ? value : nil
  }

  /// The entry of `dimension` spelt exactly `name` (ASCII spellings only; `µs` is the general
  /// reader's).
  private static func lookup(_ name: UnsafeBufferPointer<UInt8>, _ dimension: Dimension)
    -> UnitEntry?
  {
    for entry in UnitTable.units(ofAllSpellings: dimension) {
      var spelling = entry.name
      let matches = spelling.withUTF8 { $0.elementsEqual(name) }
      if matches { return entry }
    }
    return nil
  }
}
