import JSONSupport
import Testing

/// `JSONText.printable`: what errors and printed tables do to names from input files. Each
/// expected text is written out by hand, escape by escape.
@Suite struct JSONTextPrintableTests {
  @Test func lineBreaksAndTabsHaveShortEscapes() {
    #expect(JSONText.printable("a\nb") == #"a\nb"#)
    #expect(JSONText.printable("a\r\nb") == #"a\r\nb"#)
    #expect(JSONText.printable("a\tb") == #"a\tb"#)
  }

  /// C0 controls, DEL and C1 controls: `\u` and four uppercase hexadecimal digits.
  @Test func otherControlCharactersAreHexadecimal() {
    #expect(JSONText.printable("\u{0}") == #"\u0000"#)
    #expect(JSONText.printable("\u{7}") == #"\u0007"#)
    #expect(JSONText.printable("red \u{1B}[31m") == #"red \u001B[31m"#)
    #expect(JSONText.printable("\u{1F}") == #"\u001F"#)
    #expect(JSONText.printable("\u{7F}") == #"\u007F"#)
    #expect(JSONText.printable("next\u{85}line") == #"next\u0085line"#)
    #expect(JSONText.printable("\u{9B}2J") == #"\u009B2J"#)
    #expect(JSONText.printable("\u{9F}") == #"\u009F"#)
  }

  @Test func lineSeparatorsAndBidiControlsAreEscaped() {
    #expect(JSONText.printable("a\u{2028}b\u{2029}c") == #"a\u2028b\u2029c"#)
    #expect(JSONText.printable("gps\u{202E}lanif") == #"gps\u202Elanif"#)
    #expect(
      JSONText.printable("\u{202A}\u{202B}\u{202C}\u{202D}")
        == #"\u202A\u202B\u202C\u202D"#)
    #expect(
      JSONText.printable("\u{2066}\u{2067}\u{2068}\u{2069}")
        == #"\u2066\u2067\u2068\u2069"#)
    #expect(JSONText.printable("\u{200E}\u{200F}\u{61C}") == #"\u200E\u200F\u061C"#)
  }

  /// Letters of any script, combining marks, emoji joined by U+200D, a no-break space, the
  /// first character past C1 and a backslash print as they are.
  @Test func everythingElseIsUnchanged() {
    for text in [
      "", "gps", "café", "cafe\u{301}", "日本", "Ελληνικά", "עברית", "👩\u{200D}💻", "a\u{A0}b",
      "\u{A0}", #"back\slash \n"#, "minus \u{2212}", "en dash –",
    ] {
      #expect(JSONText.printable(text) == text)
    }
  }
}
