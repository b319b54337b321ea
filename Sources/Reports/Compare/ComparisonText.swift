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

  /// The lines naming the largest saving (SPEC 8 [v2]: battery-first), e.g. `Largest saving:
  /// coalesced, −1.23 J (−18.4%) vs baseline, mostly cpu fixed cost` or `Largest battery saving:
  /// backup-when-charging, −7.66 kJ of battery (−39.5%) vs baseline; the charger pays`; then,
  /// when a battery ran out, which and when (`Ran out: baseline at 14.29 h (off 1.712 h)`); and
  /// first, when the durations differ, that average power is compared. Labels and component
  /// names as `JSONText.printable(_:)` shows them, like the table's.
  public static func headline(_ comparison: Comparison) -> String {
    let baseline = JSONText.printable(comparison.baseline.label)
    guard comparison.entries.count > 1 else {
      return
        "Nothing to compare: only \(baseline) (give the scenario variants, or compare several files)."
    }
    var lines: [String] = []
    let measure = comparison.measure
    if comparison.durationsDiffer {
      let durations = comparison.entries.map { Units.durationText($0.result.duration) }
      lines.append(
        "Durations differ (\(durations.joined(separator: ", "))): comparing \(measure.rawValue), "
          + "not energy.")
    }
    let battery = measure == .batteryEnergy || measure == .averageBatteryPower
    let savingName = battery ? "Largest battery saving" : "Largest saving"
    if let saving = comparison.largestSaving {
      var line = "\(savingName): \(JSONText.printable(saving.label)), "
      line += figureChange(saving, comparison: comparison)
      line += " vs \(baseline)"
      if battery && saving.energyChange >= .zero {
        line += "; the charger pays"
        line +=
          saving.energyChange == .zero
          ? " (total energy unchanged)"
          : " (total energy \(signedEnergy(saving.energyChange)))"
      } else if !measure.isRate {
        let whole = saving.change.attojoules
        let part = saving.partChange.attojoules
        let mostly = whole != 0 && part * 2 <= whole ? "mostly" : "the largest part"
        line +=
          ", \(mostly) \(JSONText.printable(saving.component)) \(saving.part.rawValue) cost"
      }
      lines.append(line)
    } else {
      let candidates = comparison.entries.dropFirst()
      let least = candidates.min { $0.value(measure) < $1.value(measure) }!
      let figure = battery ? "battery energy" : measure.isRate ? measure.rawValue : "energy"
      var line = "No saving: no alternative"
      if candidates.contains(where: { $0.ranOutAt != nil }) {
        line += " that kept running"
      }
      line += " uses less \(figure) than \(baseline) (the closest, "
      line += "\(JSONText.printable(least.label)), "
      line +=
        figureChange(
          Saving(entry: least, baseline: comparison.baseline, measure: measure),
          comparison: comparison) + ")."
      lines.append(line)
    }
    let ranOut = comparison.ranOut
    if !ranOut.isEmpty {
      let names = ranOut.map { entry in
        let at = Units.durationText(
          TimeSpan(nanoseconds: entry.ranOutAt?.nanosecondsSinceStart ?? 0))
        let off = Units.durationText(entry.result.battery?.offTime ?? .zero)
        return "\(JSONText.printable(entry.label)) at \(at) (off \(off))"
      }
      lines.append("Battery ran out: " + names.joined(separator: ", ") + ".")
    }
    return lines.joined(separator: "\n")
  }

  /// The saving's figure: `−1.23 J (−18.4%)`, `−7.66 kJ of battery (−39.5%)`, `−12 mW of average
  /// power (−3.1%)`.
  static func figureChange(_ saving: Saving, comparison: Comparison) -> String {
    let percentText = " (" + percent(saving.relativeChange) + ")"
    switch saving.measure {
    case .energy:
      return change(by: saving.change, of: comparison.baseline.energy)
    case .batteryEnergy:
      return signedEnergy(saving.change) + " of battery" + percentText
    case .averagePower, .averageBatteryPower:
      let magnitude = Power(nanowatts: abs(saving.powerChange.nanowatts))
      let sign =
        saving.powerChange.nanowatts < 0 ? minus : saving.powerChange.nanowatts > 0 ? "+" : ""
      return sign + Units.powerText(magnitude) + " of \(saving.measure.rawValue)" + percentText
    }
  }

  /// `−1.23 J`, `+5 mJ`, `0 J`.
  static func signedEnergy(_ value: Energy) -> String {
    sign(value.attojoules) + Units.energyText(Energy(attojoules: abs(value.attojoules)))
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
    // An alternative's change stays beside it when the table wraps.
    for index in stride(from: 3, to: columns.count, by: 2) { table.keepWithPrevious(index) }
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
    if comparison.durationsDiffer {
      row(
        "average power", { Units.powerText($0.result.averagePower) },
        { change($0.result.averagePower, from: baseline.result.averagePower) })
    }
    row(
      "peak power", { Units.powerText($0.peakPower) },
      { change($0.peakPower, from: baseline.peakPower) })
    if comparison.entries.contains(where: { $0.result.battery != nil }) {
      row(
        "battery energy", { $0.batteryEnergy.map(Units.energyText) ?? "–" },
        { entry in
          guard let mine = entry.batteryEnergy, let base = baseline.batteryEnergy else {
            return "–"
          }
          return change(mine, from: base)
        })
      row(
        "battery life",
        { entry in
          // A battery life never hides a flat battery (SPEC 7 [v2]).
          guard let life = entry.batteryLife else { return "–" }
          return Units.durationText(life) + (entry.ranOutAt == nil ? "" : " (ran out)")
        },
        { change($0.batteryLife, from: baseline.batteryLife, relative: true) })
      row(
        "battery ran out", { ranOutText($0) },
        { _ in "" })
      row(
        "lowest charge", { $0.lowestCharge.map { Units.percentText($0.value) } ?? "–" },
        { entry in
          guard let mine = entry.lowestCharge, let base = baseline.lowestCharge else { return "–" }
          let points = (mine.value - base.value) * 100
          let text = DecimalFormat.fixed(abs(points), places: 1)
          return text == "0.0" ? "0.0 pt" : (points < 0 ? minus : "+") + text + " pt"
        })
    }
    row(
      "worst p99 latency", { latencyText($0.worstLatencyP99Workload) },
      { change($0.worstLatencyP99, from: baseline.worstLatencyP99, relative: false) })
    row(
      "worst max latency", { latencyText($0.worstLatencyMaxWorkload) },
      { change($0.worstLatencyMax, from: baseline.worstLatencyMax, relative: false) })
    row(
      "dropped frames", { String($0.droppedFrames) },
      { count($0.droppedFrames - baseline.droppedFrames) })
    row(
      "deadline misses", { String($0.deadlineMisses) },
      { count($0.deadlineMisses - baseline.deadlineMisses) })
    row("unfinished", { String($0.unfinished) }, { count($0.unfinished - baseline.unfinished) })
    row("held", { String($0.held) }, { count($0.held - baseline.held) })
    if comparison.lowPowerTimesDiffer {
      row(
        "in Low Power Mode", { Units.durationText($0.result.lowPowerTime) },
        { change($0.result.lowPowerTime, from: baseline.result.lowPowerTime, relative: false) })
    }
    row(
      "wake-ups, all components", { String($0.wakeups) },
      { count($0.wakeups - baseline.wakeups) })
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

  /// `30.37 min (pushes)`: a latency and the workload it comes from; `–` without one.
  static func latencyText(_ worst: (name: String, latency: TimeSpan)?) -> String {
    guard let worst else { return "–" }
    return "\(Units.durationText(worst.latency)) (\(JSONText.printable(worst.name)))"
  }

  /// `14.29 h`, `no`, or `–` without a battery.
  static func ranOutText(_ entry: ComparisonEntry) -> String {
    guard entry.result.battery != nil else { return "–" }
    guard let at = entry.ranOutAt else { return "no" }
    return "at " + Units.durationText(TimeSpan(nanoseconds: at.nanosecondsSinceStart))
  }

  /// `−12 mW (−3.1%)`, like ``change(_:from:)-(Energy,_)``.
  static func change(_ value: Power, from base: Power) -> String {
    let difference = value.nanowatts - base.nanowatts
    var text = sign(Int128(difference)) + Units.powerText(Power(nanowatts: abs(difference)))
    if base.nanowatts != 0 {
      text += " (" + percent(Double(difference) / Double(base.nanowatts)) + ")"
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
