import Reports
import Testing

/// Tables wider than the terminal wrap into blocks of columns, the first column repeated, and
/// never lose a character of a cell.
@Suite struct TextTableWrapTests {
  static func table() -> TextTable {
    var table = TextTable(columns: [
      ("", .left), ("base", .right), ("alt", .right), ("vs base", .right), ("other", .right),
      ("vs base", .right),
    ])
    table.keepWithPrevious(3)
    table.keepWithPrevious(5)
    table.appendRow(["total", "1.234 kJ", "1.2 kJ", "−34 J (−2.8%)", "2.468 kJ", "+1.234 kJ"])
    return table
  }

  @Test func aTableThatFitsIsOneBlock() {
    let text = Self.table().rendered(width: 100)
    #expect(text.split(separator: "\n").count == 3)
    #expect(text.hasPrefix("           base     alt        vs base     other    vs base\n"))
  }

  /// At 40 columns: `total` (5) + `base` (8) + `alt` and its change (6 + 13), two spaces apart,
  /// is 5 + 10 + 8 + 15 = 38; `other` and its change go to a second block, after a blank line.
  @Test func aWideTableWrapsKeepingAChangeBesideItsFigure() {
    let text = Self.table().rendered(width: 40)
    #expect(
      text == """
                   base     alt        vs base
        ──────────────────────────────────────
        total  1.234 kJ  1.2 kJ  −34 J (−2.8%)

                  other    vs base
        ──────────────────────────
        total  2.468 kJ  +1.234 kJ

        """)
  }

  /// A block too wide on its own is printed whole: no number is cut.
  @Test func numbersAreNeverCut() {
    let text = Self.table().rendered(width: 10)
    for cell in ["1.234 kJ", "1.2 kJ", "−34 J (−2.8%)", "2.468 kJ", "+1.234 kJ"] {
      #expect(text.contains(cell))
    }
    #expect(text.components(separatedBy: "\ntotal").count - 1 == 3)
  }

  /// Prose breaks at spaces to fit, the other cells on its continuation lines empty: 40 less
  /// `phone` and its gap (8) leaves 32, and `… radios and` would be 33.
  @Test func textColumnsBreakAtSpaces() {
    var table = TextTable(columns: [("device", .left), ("description", .left)])
    table.wrapText(in: 1)
    table.appendRow(["phone", "A phone with a screen, radios and a battery that lasts a day."])
    let text = table.rendered(width: 40)
    #expect(
      text == """
        device  description
        ───────────────────────────────────────
        phone   A phone with a screen, radios
                and a battery that lasts a day.

        """)
    for line in text.split(separator: "\n") { #expect(line.unicodeScalars.count <= 40) }
  }
}
