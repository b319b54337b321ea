import Foundation

/// A plain-text table: a header, rows, the first column left-aligned and the others right-aligned.
struct ResultTable {
  /// Column titles.
  var header: [String]
  /// Rows of cells, as many as the header has titles.
  var rows: [[String]] = []

  /// The table as text, with a rule under the header.
  func render() -> String {
    var widths = header.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      var text = ""
      for (column, cell) in cells.enumerated() {
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        if column == 0 {
          text += cell + padding
        } else {
          text += "  " + padding + cell
        }
      }
      return text
    }
    var lines = [
      line(header), String(repeating: "─", count: widths.reduce(0, +) + 2 * (widths.count - 1)),
    ]
    lines += rows.map(line)
    return lines.joined(separator: "\n") + "\n"
  }
}

/// How the benchmark prints numbers (locale-independent).
enum Format {
  /// `21,345,678`.
  static func count(_ value: Int) -> String {
    let digits = String(value)
    var grouped = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
      grouped.append(digit)
    }
    return grouped
  }

  /// `1.812 s`.
  static func seconds(_ value: Double) -> String {
    String(format: "%.3f s", value)
  }

  /// `11.78 M events/s`.
  static func rate(_ perSecond: Double) -> String {
    String(format: "%.2f M events/s", perSecond / 1e6)
  }

  /// `9.52 scenarios/s`.
  static func scenarioRate(_ perSecond: Double) -> String {
    String(format: "%.2f scenarios/s", perSecond)
  }

  /// `35.2 MiB`.
  static func bytes(_ value: Int) -> String {
    String(format: "%.1f MiB", Double(value) / 1_048_576)
  }

  /// `3.91×`.
  static func ratio(_ value: Double) -> String {
    String(format: "%.2f×", value)
  }
}
