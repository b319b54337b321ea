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
    var text = headline(comparison) + "\n\n" + table(comparison)
    if comparison.entries.contains(where: { $0.result.battery != nil }) {
      text += "(" + SummaryText.batteryLifeDefinition + ")\n"
    }
    return text
  }

  /// The lines naming the largest saving (*The command line*: battery-first), e.g. `Largest saving:
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
    let candidates = comparison.entries.dropFirst()
    let running = candidates.filter { $0.ranOutAt == nil }
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
      if let saver = candidates.first(where: { $0.label == saving.label }) {
        let costs = costs(of: saver, against: comparison.baseline)
        if !costs.isEmpty { line += "; at a cost: " + costs.joined(separator: ", ") }
      }
      lines.append(line)
    } else if comparison.ranOut.count == comparison.entries.count {
      lines.append(allRanOutLine(comparison))
    } else if running.isEmpty {
      lines.append(
        "No saving: every alternative to \(baseline) ran out of battery (saving by being off is no saving)."
      )
    } else {
      let least = running.min { $0.value(measure) < $1.value(measure) }!
      let figure = battery ? "battery energy" : measure.isRate ? measure.rawValue : "energy"
      var line = "No saving: no alternative"
      if running.count < candidates.count { line += " that kept running" }
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

  /// What `entry` costs against `baseline`, each item only when it is worse: the worst
  /// 99th-percentile latency (or, when that did not grow, the worst latency) and the workload it
  /// comes from, then more dropped frames, deadline misses, held and unfinished occurrences, hitches and hangs; e.g.
  /// `worst p99 latency 15 min in pushes (+14.98 min)`, `1204 more held (lost, held back or
  /// collapsed)`. Empty when it costs
  /// nothing.
  static func costs(of entry: ComparisonEntry, against baseline: ComparisonEntry) -> [String] {
    var costs: [String] = []
    func latency(
      _ name: String, _ mine: (name: String, latency: TimeSpan)?, _ theirs: TimeSpan?
    ) -> Bool {
      guard let mine, mine.latency > theirs ?? .zero else { return false }
      costs.append(
        "worst \(name) latency \(Units.durationText(mine.latency)) in "
          + "\(JSONText.printable(mine.name)) ("
          + change(mine.latency, from: theirs ?? .zero, relative: false) + ")")
      return true
    }
    if !latency("p99", entry.worstLatencyP99Workload, baseline.worstLatencyP99) {
      _ = latency("max", entry.worstLatencyMaxWorkload, baseline.worstLatencyMax)
    }
    let counts: [(Int, Int, String)] = [
      (entry.droppedFrames, baseline.droppedFrames, "dropped frames"),
      (entry.deadlineMisses, baseline.deadlineMisses, "deadline misses"),
      (entry.held, baseline.held, "held (lost, held back or collapsed)"),
      (entry.unfinished, baseline.unfinished, "unfinished"),
      (entry.hitches, baseline.hitches, "hitches"),
      (entry.hangs, baseline.hangs, "hangs"),
    ]
    for (mine, theirs, what) in counts where mine > theirs {
      costs.append("\(mine - theirs) more \(what)")
    }
    return costs
  }

  /// The headline when every alternative's battery ran out: no battery energy is saved (each
  /// drew its whole charge), so it names the one that ran the longest, e.g. `Every alternative
  /// ran out of battery, so none saves any: coalesced ran the longest, out at 15.78 h (+1.49 h
  /// vs baseline).`
  static func allRanOutLine(_ comparison: Comparison) -> String {
    let baseline = comparison.baseline
    func at(_ entry: ComparisonEntry) -> TimeSpan {
      TimeSpan(nanoseconds: entry.ranOutAt?.nanosecondsSinceStart ?? 0)
    }
    var longest = baseline
    for entry in comparison.entries.dropFirst() where at(entry) > at(longest) { longest = entry }
    var line = "Every alternative ran out of battery, so none saves any: "
    if longest.label == baseline.label {
      line += "\(JSONText.printable(baseline.label)) ran the longest, out at "
      line += Units.durationText(at(baseline)) + "."
    } else {
      line += "\(JSONText.printable(longest.label)) ran the longest, out at "
      line += Units.durationText(at(longest)) + " ("
      line += change(at(longest), from: at(baseline), relative: false)
      line += " vs \(JSONText.printable(baseline.label)))."
    }
    return line
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
        "battery energy",
        { entry in
          entry.result.battery.map { SummaryText.batteryEnergyText($0.drawnEnergy, of: $0) } ?? "–"
        },
        { entry in
          guard let mine = entry.batteryEnergy, let base = baseline.batteryEnergy else {
            return "–"
          }
          return change(mine, from: base)
        })
      row(
        "battery life",
        { entry in
          // A flat battery has no life: its ran-out time stands instead.
          if entry.ranOutAt != nil { return "(ran out)" }
          guard let life = entry.batteryLife else { return "–" }
          return Units.durationText(life)
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
    if comparison.entries.contains(where: \.usesMainThread) {
      row("hitches", { String($0.hitches) }, { count($0.hitches - baseline.hitches) })
      row("hangs", { String($0.hangs) }, { count($0.hangs - baseline.hangs) })
    }
    if comparison.lowPowerTimesDiffer {
      row(
        "in Low Power Mode", { Units.durationText($0.result.lowPowerTime) },
        { change($0.result.lowPowerTime, from: baseline.result.lowPowerTime, relative: false) })
    }
    if comparison.hasThermal {
      row(
        "peak temperature",
        { $0.result.thermal.map { Units.celsiusText($0.peakTemperature) } ?? "–" },
        { entry in
          guard let peak = entry.result.thermal?.peakTemperature,
            let base = baseline.result.thermal?.peakTemperature
          else { return "–" }
          let difference = peak.microdegrees - base.microdegrees
          let text = Units.celsiusText(Temperature(microdegrees: abs(difference)))
          return text == "0.0 °C" ? text : (difference < 0 ? minus : "+") + text
        })
      row(
        "throttled", { Units.durationText($0.result.thermal?.throttledTime ?? .zero) },
        {
          change(
            $0.result.thermal?.throttledTime ?? .zero,
            from: baseline.result.thermal?.throttledTime ?? .zero, relative: false)
        })
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
