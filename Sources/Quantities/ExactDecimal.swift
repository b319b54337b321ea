/// A decimal number parsed from text without rounding: sign, digits and a power of ten.
///
/// Used to convert times, powers, energies and sizes to integer storage units exactly, rounding
/// once at the end (ties away from zero).
struct ExactDecimal {
  var isNegative: Bool
  /// Decimal digits of the significand, leading zeros removed.
  var digits: [UInt8]
  /// The value is `digits × 10^exponent`.
  var exponent: Int

  var isZero: Bool { digits.isEmpty }

  /// Parses `[+-]digits[.digits][(e|E)[+-]digits]` (JSON number syntax, a leading `+` and a
  /// leading or trailing point allowed); `nil` for anything else.
  init?(_ text: String) {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    isNegative = false
    if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" {
      isNegative = scalars[index] == "-"
      index += 1
    }
    var mantissa: [UInt8] = []
    var fractionDigits = 0
    var sawDigit = false
    while index < scalars.count, let digit = Self.digit(scalars[index]) {
      mantissa.append(digit)
      sawDigit = true
      index += 1
    }
    if index < scalars.count, scalars[index] == "." {
      index += 1
      while index < scalars.count, let digit = Self.digit(scalars[index]) {
        mantissa.append(digit)
        fractionDigits += 1
        sawDigit = true
        index += 1
      }
    }
    guard sawDigit else { return nil }
    var exponent = 0
    if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
      index += 1
      var negativeExponent = false
      if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" {
        negativeExponent = scalars[index] == "-"
        index += 1
      }
      var sawExponentDigit = false
      while index < scalars.count, let digit = Self.digit(scalars[index]) {
        // Saturate: an exponent beyond a million already makes any value 0 or too large.
        if exponent < 1_000_000 { exponent = exponent * 10 + Int(digit) }
        sawExponentDigit = true
        index += 1
      }
      guard sawExponentDigit else { return nil }
      if negativeExponent { exponent = -exponent }
    }
    guard index == scalars.count else { return nil }
    // Leading zeros go in one step: one `removeFirst` at a time, a million zeros cost 10¹² moves.
    digits = Array(mantissa.drop { $0 == 0 })
    self.exponent = exponent - fractionDigits
  }

  private static func digit(_ scalar: Unicode.Scalar) -> UInt8? {
    guard ("0"..."9").contains(scalar) else { return nil }
    return UInt8(scalar.value - 48)
  }

  /// `self × significand × 10^unitExponent` rounded to the nearest integer (ties away from zero),
  /// as a non-negative magnitude; `nil` if it exceeds `limit`.
  func scaledInteger(by significand: UInt64, exponent unitExponent: Int, limit: Int128) -> Int128? {
    guard !digits.isEmpty else { return 0 }
    // digits × significand, as decimal digits.
    var product = digits
    var carry: UInt64 = 0
    for index in product.indices.reversed() {
      let value = UInt64(product[index]) * significand + carry
      product[index] = UInt8(value % 10)
      carry = value / 10
    }
    while carry > 0 {
      product.insert(UInt8(carry % 10), at: 0)
      carry /= 10
    }
    product = Array(product.drop { $0 == 0 })
    let shift = exponent + unitExponent
    let integerDigits = product.count + shift
    guard integerDigits <= 40 else { return nil }
    var result: Int128 = 0
    for index in 0..<max(0, integerDigits) {
      let digit = index < product.count ? Int128(product[index]) : 0
      let (multiplied, overflow) = result.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      let (sum, overflowAdd) = multiplied.addingReportingOverflow(digit)
      guard !overflowAdd else { return nil }
      result = sum
    }
    // The first discarded digit decides the rounding: ties go away from zero.
    if integerDigits >= 0 && integerDigits < product.count && product[integerDigits] >= 5 {
      let (sum, overflow) = result.addingReportingOverflow(1)
      guard !overflow else { return nil }
      result = sum
    }
    return result <= limit ? result : nil
  }
}
