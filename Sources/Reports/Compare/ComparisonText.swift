import DeviceModels
import JSONSupport
import Quantities

/// The table `powersim compare` prints: a headline naming the largest saving, then one column
/// per alternative (the baseline first), each other alternative followed by its change against
/// the baseline, and one row per component, the total with its floor, fixed and dynamic parts,
/// battery life and the latency cost.
public enum ComparisonText {
  /// The headline and the table.
  public static func render(_ comparison: Comparison) -> String {
    headline(comparison) + "\n\n" + table(comparison)
  }

  /// One line naming the largest saving, e.g. `Largest saving: coalesced, −1.23 J (−18.4%) vs
  /// baseline, mostly cpu fixed cost`; labels and component names as `JSONText.printable(_:)`
  /// shows them, like the table's.
  public static func headline(_ comparison: Comparison) -> String {
    let baseline = JSONText.printable(comparison.baseline.label)
    guard comparison.entries.count > 1 else {
      return
        "Nothing to compare: only \(baseline) (give the scenario variants, or compare several files)."
    }
    guard let saving = comparison.largestSaving else {
      let least = comparison.entries.dropFirst().min { $0.energy < $1.energy }!
      return "No saving: no alternative uses less energy than \(baseline) (the closest, "
        + "\(JSONText.printable(least.label)), "
        + change(least.energy, from: comparison.baseline.energy) + ")."
    }
    let whole = saving.change.attojoules
    let part = saving.partChange.attojoules
    let mostly = whole != 0 && part * 2 <= whole ? "mostly" : "the largest part"
    return "Largest saving: \(JSONText.printable(saving.label)), "
      + change(by: saving.change, of: comparison.baseline.energy)
      + " vs \(baseline), \(mostly) \(JSONText.printable(saving.component)) "
      + "\(saving.part.rawValue) cost"
  }

  /// The table without the headline.
  public static func table(_ comparison: Comparison) -> String {
    let baseline = comparison.baseline
    let others = Array(comparison.entries.dropFirst())
    var columns: [(title: String, alignment: TextTable.Alignment)] = [
      ("", .left), (baseline.label, .right),
    ]
    for entry in others { columns += [(entry.label, .right), ("vs \(baseline.label)", .right)] }
    var table = TextTable(columns: columns)
    func row(
      _ title: String, _ value: (ComparisonEntry) -> String,
      _ difference: (ComparisonEntry) -> String
    ) {
      var cells = [title, value(baseline)]
      for entry in others { cells += [value(entry), difference(entry)] }
      table.appendRow(cells)
    }
    for name in comparison.componentNames {
      row(
        name, { $0.energy(of: name).map(Units.energyText) ?? "–" },
        { entry in
          guard let mine = entry.energy(of: name) else { return "–" }
          return change(mine, from: baseline.energy(of: name) ?? .zero)
        })
    }
    table.appendRule()
    row("total", { Units.energyText($0.energy) }, { change($0.energy, from: baseline.energy) })
    row("  floor", { Units.energyText($0.floor) }, { change($0.floor, from: baseline.floor) })
    row("  fixed", { Units.energyText($0.fixed) }, { change($0.fixed, from: baseline.fixed) })
    row(
      "  dynamic", { Units.energyText($0.dynamic) }, { change($0.dynamic, from: baseline.dynamic) })
    table.appendRule()
    row(
      "battery life", { $0.batteryLife.map(Units.durationText) ?? "–" },
      { change($0.batteryLife, from: baseline.batteryLife, relative: true) })
    row(
      "worst p99 latency", { $0.worstLatencyP99.map(Units.durationText) ?? "–" },
      { change($0.worstLatencyP99, from: baseline.worstLatencyP99, relative: false) })
    row(
      "worst max latency", { $0.worstLatencyMax.map(Units.durationText) ?? "–" },
      { change($0.worstLatencyMax, from: baseline.worstLatencyMax, relative: false) })
    row(
      "dropped frames", { String($0.droppedFrames) },
      { count($0.droppedFrames - baseline.droppedFrames) })
    row(
      "deadline misses", { String($0.deadlineMisses) },
      { count($0.deadlineMisses - baseline.deadlineMisses) })
    row("unfinished", { String($0.unfinished) }, { count($0.unfinished - baseline.unfinished) })
    row("wake-ups", { String($0.wakeups) }, { count($0.wakeups - baseline.wakeups) })
    return table.rendered()
  }

  // MARK: Signed forms

  /// The minus sign of the tables (U+2212), which lines up with `+`.
  static let minus = "\u{2212}"

  /// `−1.23 J (−18.4%)`, `+5 mJ (+0.4%)`, `0 J (0.0%)`; without the percentage when `base` is 0.
  static func change(_ value: Energy, from base: Energy) -> String {
    change(by: value - base, of: base)
  }

  /// A change of `difference` against `base`, as ``change(_:from:)-(Energy,_)`` prints it.
  static func change(by difference: Energy, of base: Energy) -> String {
    let magnitude = Energy(attojoules: abs(difference.attojoules))
    var text = sign(difference.attojoules) + Units.energyText(magnitude)
    if base.attojoules != 0 {
      text += " (" + percent(ResultCSV.share(difference, of: base)) + ")"
    }
    return text
  }

  /// The change of a duration: `+1.86 d (+78.1%)` when `relative`, `+12 ms` otherwise; `–` when
  /// either is missing.
  static func change(_ value: TimeSpan?, from base: TimeSpan?, relative: Bool) -> String {
    guard let value, let base else { return "–" }
    let difference = value - base
    var text =
      sign(Int128(difference.nanoseconds))
      + Units.durationText(TimeSpan(nanoseconds: abs(difference.nanoseconds)))
    if relative && base.nanoseconds != 0 {
      text += " (" + percent(Double(difference.nanoseconds) / Double(base.nanoseconds)) + ")"
    }
    return text
  }

  /// `+3`, `0`, `−2`.
  static func count(_ difference: Int) -> String {
    sign(Int128(difference)) + String(difference.magnitude)
  }

  /// `−18.4%`, `+0.4%`, `0.0%`.
  static func percent(_ share: Double) -> String {
    let text = DecimalFormat.fixed(abs(share) * 100, places: 1)
    guard text != "0.0" else { return "0.0%" }
    return (share < 0 ? minus : "+") + text + "%"
  }

  private static func sign(_ value: Int128) -> String {
    value < 0 ? minus : value > 0 ? "+" : ""
  }
}
