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
    // 1.27 J in attojoules, to two places and in full.
    #expect(DecimalFormat.scaled(1_270_000_000_000_000_000, scale: 18, places: 2) == "1.27")
    #expect(DecimalFormat.scaledTrimmed(1_270_000_000_000_000_000, scale: 18) == "1.27")
    // −0.5 rounds away from zero to −1; −0.4 to 0, printed without a sign.
    #expect(DecimalFormat.scaled(-5, scale: 1, places: 0) == "-1")
    #expect(DecimalFormat.scaled(-4, scale: 1, places: 0) == "0")
    #expect(DecimalFormat.scaledTrimmed(5_000, scale: 3) == "5")
    #expect(DecimalFormat.scaledTrimmed(1, scale: 9) == "0.000000001")
    #expect(DecimalFormat.trimmed("-0.000") == "0")
  }
}
