import Quantities
import Testing

/// Locale-independent decimal text, rounded on the decimal digits a reader sees.
@Suite struct DecimalFormatTests {
  @Test(
    arguments: [
      // 2.675 is stored as 2.67499999…, but its shortest form is 2.675, which rounds to 2.68.
      (2.675, 2, "2.68"), (0.5, 0, "1"), (1.5, 0, "2"), (-0.0001, 3, "0.000"), (9.995, 2, "10.00"),
      (1234.5, 1, "1234.5"), (0.001, 4, "0.0010"),
    ] as [(Double, Int, String)])
  func fixed(value: Double, places: Int, text: String) {
    #expect(DecimalFormat.fixed(value, places: places) == text)
  }

  @Test func significant() {
    #expect(DecimalFormat.significant(1234.5678, digits: 4) == "1235")
    #expect(DecimalFormat.significant(0.000123456, digits: 3) == "0.000123")
    #expect(DecimalFormat.significant(0, digits: 3) == "0")
    #expect(DecimalFormat.significant(99.96, digits: 3) == "100")
  }

  @Test func exact() {
    #expect(DecimalFormat.exact(1e-5) == "0.00001")
    #expect(DecimalFormat.exact(1.5e20) == "150000000000000000000")
    #expect(DecimalFormat.exact(0.1) == "0.1")
    #expect(DecimalFormat.exact(-2.5) == "-2.5")
    #expect(DecimalFormat.exact(.nan) == "nan")
    #expect(DecimalFormat.exact(-.infinity) == "-inf")
  }

  @Test func scaledIntegers() {
    // 1.27 J in attojoules.
    #expect(DecimalFormat.scaledTrimmed(1_270_000_000_000_000_000, scale: 18) == "1.27")
    #expect(DecimalFormat.scaledTrimmed(-4, scale: 1) == "-0.4")
    #expect(DecimalFormat.scaledTrimmed(5_000, scale: 3) == "5")
    #expect(DecimalFormat.scaledTrimmed(1, scale: 9) == "0.000000001")
    #expect(DecimalFormat.trimmed("-0.000") == "0")
  }

  /// `appendScaledTrimmed` against an independent definition: the integer's own decimal
  /// digits, zero-padded, with a point put `scale` digits from the right and trailing zeros
  /// dropped.
  @Test func scaledTrimmedBytesMatchTheirDefinition() {
    func reference(_ units: Int128, scale: Int) -> String {
      var digits = String(units.magnitude)
      if digits.count <= scale {
        digits = String(repeating: "0", count: scale - digits.count + 1) + digits
      }
      let point = digits.index(digits.endIndex, offsetBy: -scale)
      var fraction = String(digits[point...])
      while fraction.last == "0" { fraction.removeLast() }
      let text = fraction.isEmpty ? String(digits[..<point]) : digits[..<point] + "." + fraction
      return units < 0 ? "-" + text : text
    }
    let values: [Int128] = [
      0, 1, -1, 9, 10, 1_270_000_000_000_000_000, -5_000, 123_456_789, 100_000_000_000,
      Int128(Int64.max), Int128(Int64.min), Int128(Int64.max) * 1_000_003, .max, .min + 1,
    ]
    for value in values {
      for scale in [0, 1, 3, 9, 18] {
        var bytes: [UInt8] = Array("x,".utf8)
        DecimalFormat.appendScaledTrimmed(value, scale: scale, to: &bytes)
        let expected = "x," + reference(value, scale: scale)
        #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(value) \(scale)")
        #expect(DecimalFormat.scaledTrimmed(value, scale: scale) == reference(value, scale: scale))
      }
    }
  }

  /// `appendFixedTrimmed` rounds on the binary value only far from a half; every value, near a
  /// half or not, prints as `trimmed(fixed(…))` does.
  @Test func fixedTrimmedBytesMatchTheStringForm() {
    var values: [Double] = [
      0, -0.0, 1, 0.5, 0.999_999_5, 0.000_000_5, 0.000_000_499_999, 0.123_456_5, 2.675,
      -0.000_000_4, -0.25, 0.994_986, 1e9, 1e10, 123_456.789_012_5, .nan, .infinity, -.infinity,
      .leastNonzeroMagnitude, 1 - .ulpOfOne,
    ]
    // Pseudo-random values in [0, 1] and values one ulp either side of a six-place half.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let value = Double(state >> 11) / Double(1 << 53)
      values.append(value)
      let half = ((value * 1e6).rounded(.down) + 0.5) / 1e6
      values += [half, half.nextUp, half.nextDown]
    }
    for places in [0, 2, 6, 9] {
      for value in values {
        var bytes: [UInt8] = []
        DecimalFormat.appendFixedTrimmed(value, places: places, to: &bytes)
        let expected = DecimalFormat.trimmed(DecimalFormat.fixed(value, places: places))
        if String(decoding: bytes, as: UTF8.self) != expected {
          Issue.record(
            "\(value) to \(places) places: \(String(decoding: bytes, as: UTF8.self)) ≠ \(expected)")
        }
      }
    }
    // By hand: 0.1234565 is a half in its shortest digits, and rounds away from zero.
    var bytes: [UInt8] = []
    DecimalFormat.appendFixedTrimmed(0.123_456_5, places: 6, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "0.123457")
  }

  /// Quotients print every digit when they terminate, else 17 significant digits.
  @Test func quotients() {
    func watts(_ attojoules: Int128, over nanoseconds: Int64) -> String {
      DecimalFormat.quotient(attojoules, dividedBy: nanoseconds, scale: 9, significantDigits: 17)
    }
    // 1.83 J over 20 s: 1.83e18 aJ ÷ 2e10 ns = 91,500,000 nW = 0.0915 W.
    #expect(watts(1_830_000_000_000_000_000, over: 20_000_000_000) == "0.0915")
    // 0.22 J over 3 s = 0.07333… W: 17 significant digits.
    #expect(watts(220_000_000_000_000_000, over: 3_000_000_000) == "0.073333333333333333")
    // 2/3 rounds up; −1/3 keeps its sign.
    #expect(
      DecimalFormat.quotient(2, dividedBy: 3, scale: 0, significantDigits: 17)
        == "0.66666666666666667")
    #expect(DecimalFormat.quotient(-1, dividedBy: 3, scale: 0, significantDigits: 3) == "-0.333")
    // 1 − 1/(3 × 10^17) = 0.99999999999999999666…: rounding carries into the whole part.
    #expect(
      DecimalFormat.quotient(
        299_999_999_999_999_999, dividedBy: 300_000_000_000_000_000, scale: 0,
        significantDigits: 17) == "1")
    // Terminating quotients print every digit, however many: 1 ÷ 2^60.
    #expect(
      DecimalFormat.quotient(1, dividedBy: 1 << 60, scale: 0, significantDigits: 17)
        == "0.000000000000000000867361737988403547205962240695953369140625")
    // 6 ÷ 15 = 0.4 terminates although 15 has a factor 3.
    #expect(DecimalFormat.quotient(6, dividedBy: 15, scale: 0, significantDigits: 2) == "0.4")
    // Rounding may fall in the whole part: 100 ÷ 3 ≈ 30, 9,999 ÷ 7 = 1,428.43… ≈ 1,400,
    // −30 ÷ 7 = −4.29… ≈ −4, 95 ÷ 3 = 31.67… ≈ 30; but 5 ÷ 2 = 2.5 terminates.
    #expect(DecimalFormat.quotient(100, dividedBy: 3, scale: 0, significantDigits: 1) == "30")
    #expect(DecimalFormat.quotient(9_999, dividedBy: 7, scale: 0, significantDigits: 2) == "1400")
    #expect(DecimalFormat.quotient(-300, dividedBy: 7, scale: 1, significantDigits: 1) == "-4")
    #expect(DecimalFormat.quotient(950, dividedBy: 3, scale: 1, significantDigits: 1) == "30")
    #expect(DecimalFormat.quotient(5, dividedBy: 2, scale: 0, significantDigits: 1) == "2.5")
    #expect(DecimalFormat.quotient(0, dividedBy: 7, scale: 9, significantDigits: 17) == "0")
    #expect(
      DecimalFormat.quotient(5, dividedBy: 1, scale: 9, significantDigits: 17) == "0.000000005")
    // The largest divisor: the digit step works in 128 bits.
    #expect(
      DecimalFormat.quotient(Int128(Int64.max) - 1, dividedBy: .max, scale: 0, significantDigits: 3)
        == "1")
    #expect(
      DecimalFormat.quotient(1, dividedBy: .max, scale: 0, significantDigits: 2)
        == "0.00000000000000000011")
  }

  /// Every small quotient against its definition: canonical text (no leading or trailing
  /// zeros, no `-0`); equal to the fraction when that terminates; else less than half a unit of
  /// the place where `significant` digits end away from it.
  @Test func quotientsAgainstTheirDefinition() {
    var checked = 0
    for numerator in -200...200 {
      for denominator in 1...40 {
        for scale in 0...3 {
          for significant in 1...4 {
            let text = DecimalFormat.quotient(
              Int128(numerator), dividedBy: Int64(denominator), scale: scale,
              significantDigits: significant)
            if let problem = Self.problem(text, numerator, denominator, scale, significant) {
              Issue.record(
                "\(numerator) / \(denominator), scale \(scale), \(significant) digits: \(text): \(problem)"
              )
            }
            checked += 1
          }
        }
      }
    }
    #expect(checked == 401 * 40 * 4 * 4)
  }

  /// What is wrong with `text` as the quotient `numerator ÷ denominator` counts of
  /// `10^-scale` to `significant` digits, if anything.
  static func problem(
    _ text: String, _ numerator: Int, _ denominator: Int, _ scale: Int, _ significant: Int
  ) -> String? {
    func power(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { result, _ in result * 10 } }
    func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
    let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, text != "-0",
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= "0" && $0 <= "9" } }),
      parts[0] == "0" || parts[0].first != "0", parts.count == 1 || parts[1].last != "0",
      let printed = Int(text.filter { $0 != "." })
    else { return "not a canonical decimal" }
    let places = parts.count == 2 ? parts[1].count : 0
    // The value is numerator / whole; printed / 10^places is the text's.
    let whole = denominator * power(scale)
    var reduced = whole / gcd(abs(numerator), whole)
    while reduced % 2 == 0 { reduced /= 2 }
    while reduced % 5 == 0 { reduced /= 5 }
    if reduced == 1 {
      return printed * whole == numerator * power(places) ? nil : "not the exact value"
    }
    // The value's first significant digit is at 10^exponent, its last kept one at 10^-kept.
    var exponent = 0
    while abs(numerator) * power(max(0, -exponent)) < whole * power(max(0, exponent)) {
      exponent -= 1
    }
    while abs(numerator) * power(max(0, -exponent - 1)) >= whole * power(max(0, exponent + 1)) {
      exponent += 1
    }
    let kept = significant - 1 - exponent
    guard places <= max(0, kept) else { return "too many digits" }
    // |printed / 10^places − numerator / whole| < ½ × 10^-kept.
    if kept >= 0 {
      let error = printed * power(kept - places) * whole - numerator * power(kept)
      return 2 * abs(error) < whole ? nil : "not rounded to the nearest"
    }
    guard printed % power(-kept) == 0 else { return "too many digits" }
    return 2 * abs(printed * whole - numerator) < whole * power(-kept)
      ? nil : "not rounded to the nearest"
  }
}
