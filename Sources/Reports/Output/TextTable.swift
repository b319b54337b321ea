import Foundation
import JSONSupport

/// A plain-text table with aligned columns, for the terminal.
///
/// Every title and cell goes through `JSONText.printable(_:)`, so a name from an input file that
/// holds a line break, a tab, an escape sequence or a bidirectional override shows as escapes
/// such as `\n` and `\u001B` instead of breaking the table or acting on the terminal; columns
/// are as wide as the escaped text.
///
/// A table wider than the terminal is wrapped, never cut: its columns after the first are split
/// into blocks that fit, each block printed below the previous one with the first column (the
/// rows' names) repeated. A column marked with ``keepWithPrevious(_:)`` stays in the block of
/// the column before it (a figure and its change); a block too wide on its own is printed
/// whole, wider than the terminal, rather than losing a digit.
public struct TextTable {
  /// How a column's cells line up.
  public enum Alignment: Sendable {
    case left, right
  }

  private let columns: [(title: String, alignment: Alignment)]
  private var rows: [[String]?] = []
  private var joinsPrevious: Set<Int> = []

  /// The width tables wrap at: the `COLUMNS` environment variable (set by shells for the
  /// terminal), else 100.
  public static var terminalWidth: Int {
    if let text = ProcessInfo.processInfo.environment["COLUMNS"], let width = Int(text),
      width > 0
    {
      return width
    }
    return 100
  }

  /// Lets the text of column `index` (prose, such as a description) break into several lines
  /// at spaces when the table is wider than the terminal, before any column moves to a block
  /// of its own.
  public mutating func wrapText(in index: Int) {
    textColumn = index
  }

  private var textColumn: Int?

  /// Keeps column `index` in the same block as the column before it when the table wraps.
  public mutating func keepWithPrevious(_ index: Int) {
    joinsPrevious.insert(index)
  }

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
  /// no trailing spaces, every line ending in a newline. Wider than `width` (default: the
  /// terminal's), it is wrapped into blocks of columns separated by a blank line.
  public func rendered(width: Int = TextTable.terminalWidth) -> String {
    let rows = wrappedRows(fitting: width)
    var widths = columns.map { $0.title.unicodeScalars.count }
    for case let row? in rows {
      for (index, cell) in row.enumerated() {
        widths[index] = max(widths[index], cell.unicodeScalars.count)
      }
    }
    return blocks(widths, fitting: width).map { render($0, widths, rows) }
      .joined(separator: "\n")
  }

  /// The rows, with the text column's cells broken at spaces into lines that let the table fit
  /// in `width` (continuation lines have every other cell empty), beside the other columns or,
  /// when they leave it less than 20, in a block of its own; the rows as they are when the
  /// table fits, or has no text column, or the text column would still be narrower than 20.
  private func wrappedRows(fitting width: Int) -> [[String]?] {
    guard let text = textColumn else { return rows }
    var widths = columns.map { $0.title.unicodeScalars.count }
    for case let row? in rows {
      for (index, cell) in row.enumerated() {
        widths[index] = max(widths[index], cell.unicodeScalars.count)
      }
    }
    let others = widths.indices.reduce(0) { $0 + ($1 == text ? 0 : widths[$1] + 2) }
    // Beside the other columns if there is room, else in a block of its own beside the first.
    var room = width - others
    if room < 20 && text > 0 { room = width - widths[0] - 2 }
    guard others + widths[text] > width, room >= 20 else { return rows }
    var result: [[String]?] = []
    for row in rows {
      guard let row else {
        result.append(nil)
        continue
      }
      let lines = Self.breakLines(row[text], width: room)
      for (number, line) in lines.enumerated() {
        var cells = number == 0 ? row : Array(repeating: "", count: row.count)
        cells[text] = line
        result.append(cells)
      }
    }
    return result
  }

  /// `text` in lines of at most `width` scalars, broken at spaces (a word longer than the
  /// line stays whole).
  private static func breakLines(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if current.isEmpty {
        current = String(word)
      } else if current.unicodeScalars.count + 1 + word.unicodeScalars.count <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    lines.append(current)
    return lines
  }

  /// The columns of each block: the first column, then as many units (a column and those kept
  /// with it) as fit in `width`, at least one.
  private func blocks(_ widths: [Int], fitting width: Int) -> [[Int]] {
    guard columns.count > 1 else { return [Array(columns.indices)] }
    var units: [[Int]] = []
    for index in 1..<columns.count {
      if joinsPrevious.contains(index), !units.isEmpty {
        units[units.count - 1].append(index)
      } else {
        units.append([index])
      }
    }
    var blocks: [[Int]] = []
    var current = [0]
    var used = widths[0]
    for unit in units {
      let unitWidth = unit.reduce(0) { $0 + widths[$1] + 2 }
      if current.count > 1 && used + unitWidth > width {
        blocks.append(current)
        current = [0]
        used = widths[0]
      }
      current += unit
      used += unitWidth
    }
    blocks.append(current)
    return blocks
  }

  private func render(_ block: [Int], _ widths: [Int], _ rows: [[String]?]) -> String {
    let totalWidth = block.reduce(0) { $0 + widths[$1] } + 2 * (block.count - 1)
    let rule = String(repeating: "─", count: totalWidth) + "\n"
    var text = line(columns.map(\.title), widths, block) + rule
    for row in rows {
      guard let row else {
        text += rule
        continue
      }
      // A continuation line of wrapped text in another block.
      if block.allSatisfy({ row[$0].isEmpty }) { continue }
      text += line(row, widths, block)
    }
    return text
  }

  private func line(_ cells: [String], _ widths: [Int], _ block: [Int]) -> String {
    var parts: [String] = []
    for index in block {
      let cell = cells[index]
      let padding = String(repeating: " ", count: widths[index] - cell.unicodeScalars.count)
      parts.append(columns[index].alignment == .left ? cell + padding : padding + cell)
    }
    var text = parts.joined(separator: "  ")
    while text.hasSuffix(" ") { text.removeLast() }
    return text + "\n"
  }
}
