import JSONSupport
import Quantities
import Reports

// The forms `powersim check` prints and writes: the table, JUnit XML and Markdown. Package
// members, for the command line; a test asserts on ``BudgetReport`` itself.
extension BudgetReport {
  /// One line: `12 limits hold.` or `2 of 12 limits breached (1 by regression).`
  package var summaryLine: String {
    let failed = failures.count
    let count = results.count == 1 ? "1 limit" : "\(results.count) limits"
    guard failed > 0 else {
      return results.count == 1 ? "1 limit holds.\n" : "All \(count) hold.\n"
    }
    let regressions = failures.filter { $0.holds }.count
    let byRegression = regressions == 0 ? "" : " (\(regressions) by regression only)"
    return "\(failed) of \(count) failed\(byRegression).\n"
  }

  /// The table `powersim check` prints: one row per limit.
  package func table(width: Int = TextTable.terminalWidth) -> String {
    let againstBaseline = results.contains { $0.baseline != nil }
    var columns: [(title: String, alignment: TextTable.Alignment)] = [
      ("Scenario", .left), ("Variant", .left), ("Metric", .left), ("Value", .right),
      ("Limit", .right), ("Margin", .right),
    ]
    if againstBaseline { columns.append(("Baseline", .right)) }
    columns.append(("Result", .left))
    var table = TextTable(columns: columns)
    for result in results {
      var row = [
        result.scenario, result.variant, result.qualifiedMetric, result.valueText,
        result.limitText, result.marginText,
      ]
      if againstBaseline { row.append(result.changeText) }
      row.append(result.status)
      table.appendRow(row)
    }
    return table.rendered(width: width) + summaryLine
  }

  /// JUnit XML for CI systems: one test suite for the budgets file, one test case per limit,
  /// with a failure for each limit breached or regressed.
  package var junitXML: String {
    let failed = failures.count
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml +=
      #"<testsuites name="powersim check" tests="\#(results.count)" failures="\#(failed)">"#
      + "\n"
    xml +=
      #"  <testsuite name="\#(Self.xml(file))" tests="\#(results.count)" failures="\#(failed)" errors="0" skipped="0">"#
      + "\n"
    for result in results {
      let name = "\(result.qualifiedMetric) \(result.limitText)"
      let classname = "\(result.scenario).\(result.variant)"
      let opening =
        #"    <testcase classname="\#(Self.xml(classname))" name="\#(Self.xml(name))" time="0""#
      guard !result.passes else {
        xml += opening + "/>\n"
        continue
      }
      xml += opening + ">\n"
      let type = result.holds ? "regression" : "breach"
      xml +=
        #"      <failure type="\#(type)" message="\#(Self.xml(result.failureMessage))">"#
        + Self.xml(result.description) + "</failure>\n"
      xml += "    </testcase>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  /// A Markdown table for a pull-request comment, headed by the summary.
  package var markdown: String {
    let againstBaseline = results.contains { $0.baseline != nil }
    var text = "### Energy budgets: \(file)\n\n" + summaryLine + "\n"
    text += "| Scenario | Variant | Metric | Value | Limit | Margin |"
    text += againstBaseline ? " Baseline | Result |\n" : " Result |\n"
    text += "|---|---|---|--:|--:|--:|" + (againstBaseline ? "--:|---|\n" : "---|\n")
    for result in results {
      var cells = [
        "`\(result.scenario)`", result.variant, "`\(result.qualifiedMetric)`", result.valueText,
        result.limitText, result.marginText,
      ]
      if againstBaseline { cells.append(result.changeText) }
      cells.append(result.passes ? "ok" : "**\(result.status)**")
      text += "| " + cells.map(Self.markdownCell).joined(separator: " | ") + " |\n"
    }
    return text
  }

  /// `text` escaped for an XML attribute or element, as the SVG plots escape names.
  static func xml(_ text: String) -> String { SVGDocument.escaped(text) }

  /// `text` safe in a Markdown table cell.
  static func markdownCell(_ text: String) -> String {
    JSONText.printable(text).replacingOccurrences(of: "|", with: "\\|")
  }
}

extension BudgetReport.LimitResult {
  /// `ok`, `BREACH`, or `REGRESSION`.
  package var status: String { holds ? (regressed ? "REGRESSION" : "ok") : "BREACH" }

  /// The figure with a fitting unit: `61.234 J`, `412.5 ms`, `5.21 d`, `17`, `23.4%`.
  package var valueText: String { metric.text(value) }

  /// `≤ 70 J` or `≥ 5 d`.
  package var limitText: String { (isMaximum ? "≤ " : "≥ ") + metric.text(limit) }

  /// `+3.2 J (4.6%)`: the margin, and its share of the limit.
  package var marginText: String {
    let sign = margin < 0 ? "-" : "+"
    var text = sign + metric.text(abs(margin), digits: 4)
    if limit != 0 {
      text += " (" + DecimalFormat.fixed(margin / abs(limit) * 100, places: 1) + "%)"
    }
    return text
  }

  /// `60.1 J (+1.8%)`: the baseline's figure and the change from it; empty without one.
  package var changeText: String {
    guard let baseline else { return "" }
    var text = metric.text(baseline)
    if baseline != 0 {
      let change = (value - baseline) / abs(baseline) * 100
      text += " (" + (change >= 0 ? "+" : "") + DecimalFormat.fixed(change, places: 1) + "%)"
    }
    return text
  }

  /// Why the limit failed, in a sentence.
  package var failureMessage: String {
    let scope = "\(scenario) (\(variant)): \(qualifiedMetric)"
    if !holds {
      let relation = isMaximum ? "above" : "below"
      return
        "\(scope) is \(valueText), \(metric.text(abs(margin))) \(relation) its limit \(limitText)"
    }
    return "\(scope) is \(valueText), regressed from \(changeText) beyond the tolerance"
  }
}

extension BudgetMetric {
  /// `value` (in the base unit) with `digits` significant digits in a fitting unit.
  func text(_ value: Double, digits: Int = 6) -> String {
    switch kind {
    case .energy:
      Self.scaled(value, digits, [(1e3, "kJ"), (1, "J"), (1e-3, "mJ"), (1e-6, "µJ")], "J")
    case .power: Self.scaled(value, digits, [(1, "W"), (1e-3, "mW"), (1e-6, "µW")], "W")
    case .time:
      Self.scaled(
        value, digits,
        [
          (86_400, "d"), (3_600, "h"), (60, "min"), (1, "s"), (1e-3, "ms"), (1e-6, "µs"),
          (1e-9, "ns"),
        ],
        "s")
    case .count: DecimalFormat.exact(value)
    case .fraction: DecimalFormat.significant(value * 100, digits: digits) + "%"
    }
  }

  private static func scaled(
    _ value: Double, _ digits: Int, _ units: [(Double, String)], _ base: String
  ) -> String {
    guard value != 0, value.isFinite else { return "0 " + base }
    let (scale, name) = units.first { abs(value) >= $0.0 } ?? units[units.count - 1]
    return DecimalFormat.significant(value / scale, digits: digits) + " " + name
  }
}
