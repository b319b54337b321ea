import Quantities
import Reports
import Testing

/// The in-memory CSV writer (RFC 4180): fields quoted only when they hold a comma, a double
/// quote or a line break, quotes doubled inside, every record ending in CRLF, whether a record is
/// appended whole or field by field.
@Suite struct CSVWriterTests {
  /// Each field as RFC 4180 writes it, by hand.
  static let fields: [(field: String, written: String)] = [
    ("plain", "plain"),
    ("", ""),
    ("a,b", "\"a,b\""),
    ("say \"hi\"", "\"say \"\"hi\"\"\""),
    ("two\nlines", "\"two\nlines\""),
    ("crlf\r\nend", "\"crlf\r\nend\""),
    ("café ☕️", "café ☕️"),
    ("é,\"", "\"é,\"\"\""),
  ]

  @Test(arguments: fields)
  func aFieldIsQuotedOnlyWhenItNeedsTo(field: String, written: String) {
    #expect(CSVWriter.escape(field) == written)
    #expect(CSVWriter.record([field, "x"]) == written + ",x\r\n")
  }

  /// The same records appended whole and field by field give the same document, numbers written
  /// straight into its bytes as their text.
  @Test func fieldByFieldIsTheSameDocument() {
    var whole = CSVWriter(header: ["name", "energy_j", "count"])
    var byField = CSVWriter(header: ["name", "energy_j", "count"])
    for (index, (field, _)) in Self.fields.enumerated() {
      let energy = Energy(attojoules: Int128(index) * 1_250_000_000_000_000)
      whole.appendRow([field, Units.joules(energy), String(index)])
      byField.appendField(field)
      byField.appendNumericField { Units.appendJoules(energy, to: &$0) }
      byField.appendField(String(index))
      byField.endRecord()
    }
    #expect(byField.text == whole.text)
    #expect(byField.bytes == Array(whole.text.utf8))
    let lines = whole.text.components(separatedBy: "\r\n")
    #expect(lines.first == "name,energy_j,count")
    #expect(lines[1] == "plain,0,0")
    #expect(lines[2] == ",0.00125,1")
    #expect(lines[3] == "\"a,b\",0.0025,2")
    #expect(whole.text.hasSuffix("\"é,\"\"\",0.00875,7\r\n"))
  }
}
