import Quantities
import Testing

/// How messages quote values: whole up to 80 characters, else the first 79, an ellipsis and the
/// length.
@Suite struct ValueExcerptTests {
  @Test func shortValuesAreQuotedWhole() {
    #expect(ValueExcerpt.quoted("5 parsecs") == #""5 parsecs""#)
    #expect(ValueExcerpt.bare("1e999") == "1e999")
    let eighty = String(repeating: "é", count: 80)
    #expect(ValueExcerpt.quoted(eighty) == "\"\(eighty)\"")
  }

  @Test func longValuesAreQuotedByTheirStartAndLength() {
    let start = String(repeating: "a", count: 79)
    #expect(
      ValueExcerpt.quoted(String(repeating: "a", count: 4_000_000))
        == "\"\(start)…\" (4,000,000 characters)")
    #expect(ValueExcerpt.bare(String(repeating: "a", count: 81)) == "\(start)… (81 characters)")
    #expect(
      ValueExcerpt.quoted(String(repeating: "a", count: 100)) { "[\($0)]" }
        == "[\(start)…] (100 characters)")
  }

  @Test func digitGroups() {
    #expect(DigitGroups.text(0) == "0")
    #expect(DigitGroups.text(999) == "999")
    #expect(DigitGroups.text(1_000) == "1,000")
    #expect(DigitGroups.text(-4_000_000) == "-4,000,000")
  }
}
