import JSONSupport

/// A plain-text table with aligned columns, for the terminal.
///
/// Every title and cell goes through `JSONText.printable(_:)`, so a name from an input file that
/// holds a line break, a tab, an escape sequence or a bidirectional override shows as escapes
/// such as `\n` and `\u001B` instead of breaking the table or acting on the terminal; columns
/// are as wide as the escaped text.
public struct TextTable {
  /// How a column's cells line up.
  public enum Alignment: Sendable {
    case left, right
  }

  private let columns: [(title: String, alignment: Alignment)]
  private var rows: [[String]?] = []

  /// A table with these column titles and alignments.
  public init(columns: [(title: String, alignment: Alignment)]) {
    self.columns = columns.map { (JSONText.printable($0.title), $0.alignment) }
  }

  /// Appends a row of cells (as many as columns).
  public mutating func appendRow(_ cells: [String]) {
    precondition(cells.count == columns.count, "a table row with the wrong number of cells")
    rows.append(cells.map(JSONText.printable))
  }

  /// Appends a horizontal rule.
  public mutating func appendRule() {
    rows.append(nil)
  }

  /// The table: titles, a rule, the rows; columns two spaces apart, widths in Unicode scalars,
  /// no trailing spaces, every line ending in a newline.
  public func rendered() -> String {
    var widths = columns.map { $0.title.unicodeScalars.count }
    for case let row? in rows {
      for (index, cell) in row.enumerated() {
        widths[index] = max(widths[index], cell.unicodeScalars.count)
      }
    }
    let totalWidth = widths.reduce(0, +) + 2 * (widths.count - 1)
    let rule = String(repeating: "─", count: totalWidth) + "\n"
    var text = line(columns.map(\.title), widths) + rule
    for row in rows {
      text += row.map { line($0, widths) } ?? rule
    }
    return text
  }

  private func line(_ cells: [String], _ widths: [Int]) -> String {
    var parts: [String] = []
    for (index, cell) in cells.enumerated() {
      let padding = String(repeating: " ", count: widths[index] - cell.unicodeScalars.count)
      parts.append(columns[index].alignment == .left ? cell + padding : padding + cell)
    }
    var text = parts.joined(separator: "  ")
    while text.hasSuffix(" ") { text.removeLast() }
    return text + "\n"
  }
}
