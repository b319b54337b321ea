import JSONSupport
import Testing

/// `JSONStringTracker`: which characters of JSON text are structural.
@Suite struct JSONStringTrackerTests {
  /// By hand, for `[1,"a,\"b\\",2]`: the brackets, digits and the two commas outside the string
  /// are structural; the quotes, the escaped quote and backslash, and the comma inside are not.
  @Test func tellsStructuralCharactersFromStringContents() {
    let text = #"[1,"a,\"b\\",2]"#
    var tracker = JSONStringTracker()
    let structural = text.map { tracker.isStructural($0) ? "s" : "." }.joined()
    #expect(structural == "sss.........sss")
    #expect(!tracker.isInString)
  }

  /// An unterminated string leaves the tracker inside it (what a scanner reports as missing).
  @Test func anUnterminatedStringStaysOpen() {
    var tracker = JSONStringTracker()
    for character in #"["a\"# { _ = tracker.isStructural(character) }
    #expect(tracker.isInString)
  }
}
