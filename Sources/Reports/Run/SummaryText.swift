public import DeviceModels
import JSONSupport
public import Quantities
public import ScenarioFiles

/// The readable account `powersim run` prints: totals, energy per component with its share and
/// split, the workloads that cost most, latency, and battery life.
public enum SummaryText {
  /// How many workloads the table lists before summing the rest.
  public static let workloadRows = 10

  /// The whole summary of `result` for `scenario`.
  public static func render(_ result: RunResult, scenario: Scenario) -> String {
    var text = header(result, scenario: scenario)
    text += "\n" + componentTable(result) + "\n" + workloadTable(result)
    if !result.qosClasses.isEmpty { text += "\n" + qosTable(result) }
    if result.declaresApps || result.apps.contains(where: \.usesMainThread) {
      text += "\n" + appTable(result)
    }
    if let battery = result.battery { text += "\n" + batteryLines(battery) }
    return text
  }

  /// The scenario's name (and variant), then its device, duration and seed, then its totals; the
  /// names as `JSONText.printable(_:)` shows them, like the tables'.
  static func header(_ result: RunResult, scenario: Scenario) -> String {
    var line = JSONText.printable(scenario.name)
    if scenario.variant != ScenarioDocument.baselineName {
      line += " — variant \(JSONText.printable(scenario.variant))"
    }
    line +=
      "\n  device \(JSONText.printable(scenario.deviceName)), \(Units.durationText(result.duration)), seed \(scenario.setup.seed)"
    line +=
      "\n  energy \(Units.energyText(result.energy)), average power \(Units.powerText(result.averagePower))"
    line += ", peak \(Units.powerText(result.peakPower))"
    if let battery = result.battery { line += ", " + batteryPhrase(battery) }
    if result.lowPowerTime > .zero {
      line += "\n  in Low Power Mode \(Units.durationText(result.lowPowerTime))"
    }
    if let thermal = result.thermal { line += "\n  " + thermalPhrase(thermal) }
    return line + "\n"
  }

  /// `peak 41.3 °C, throttled 12 min; nominal 3 min, fair 5 min, serious 12 min`: the states
  /// the device spent time in, coolest first.
  static func thermalPhrase(_ thermal: ThermalResult) -> String {
    var phrase = "peak \(Units.celsiusText(thermal.peakTemperature))"
    phrase += ", throttled \(Units.durationText(thermal.throttledTime)); "
    phrase += ThermalState.allCases.filter { thermal.time(in: $0) > .zero }.map {
      "\($0.name) \(Units.durationText(thermal.time(in: $0)))"
    }.joined(separator: ", ")
    return phrase
  }

  static func componentTable(_ result: RunResult) -> String {
    var table = TextTable(columns: [
      ("component", .left), ("energy", .right), ("share", .right), ("avg power", .right),
      ("floor", .right), ("fixed", .right), ("dynamic", .right), ("wake-ups", .right),
    ])
    for component in result.components {
      table.appendRow([
        component.name, Units.energyText(component.energy),
        Units.percentText(ResultCSV.share(component.energy, of: result.energy)),
        Units.powerText(component.energy.averagePower(over: result.duration)),
        Units.energyText(component.floor), Units.energyText(component.fixed),
        Units.energyText(component.dynamic), String(component.wakeups),
      ])
    }
    table.appendRule()
    let sum = { (part: KeyPath<ComponentResult, Energy>) in
      result.components.reduce(Energy.zero) { $0 + $1[keyPath: part] }
    }
    table.appendRow([
      "total", Units.energyText(result.energy), "100.0%", Units.powerText(result.averagePower),
      Units.energyText(sum(\.floor)), Units.energyText(sum(\.fixed)),
      Units.energyText(sum(\.dynamic)), "",
    ])
    return table.rendered()
  }

  static func workloadTable(_ result: RunResult) -> String {
    var table = TextTable(columns: [
      ("workload", .left), ("energy", .right), ("share", .right), ("runs", .right),
      ("p50 latency", .right), ("p99", .right), ("max", .right), ("notes", .left),
    ])
    let ranked = result.workloads.sorted {
      $0.energy != $1.energy ? $0.energy > $1.energy : $0.name < $1.name
    }
    for workload in ranked.prefix(workloadRows) {
      table.appendRow([
        workload.name, Units.energyText(workload.energy),
        Units.percentText(ResultCSV.share(workload.energy, of: result.energy)),
        String(workload.occurrences),
        workload.latency.map { Units.durationText($0.p50) } ?? "–",
        workload.latency.map { Units.durationText($0.p99) } ?? "–",
        workload.latency.map { Units.durationText($0.max) } ?? "–", notes(workload),
      ])
    }
    if ranked.count > workloadRows {
      let rest = ranked.dropFirst(workloadRows).reduce(Energy.zero) { $0 + $1.energy }
      table.appendRow([
        "(\(ranked.count - workloadRows) more)", Units.energyText(rest),
        Units.percentText(ResultCSV.share(rest, of: result.energy)), "", "", "", "", "",
      ])
    }
    table.appendRow([
      ResultCSV.unattributedName, Units.energyText(result.unattributedEnergy),
      Units.percentText(ResultCSV.share(result.unattributedEnergy, of: result.energy)), "", "",
      "", "", "floors, idle, display",
    ])
    return table.rendered()
  }

  /// Latency by QoS class: what each class of work waited, next to what it was dropped or late,
  /// and, on a device whose cores ran any work, the time they spent on each class's.
  static func qosTable(_ result: RunResult) -> String {
    let showsCPUTime = result.qosClasses.contains { $0.cpuTime > .zero }
    var columns: [(String, TextTable.Alignment)] = [
      ("qos", .left), ("workloads", .right), ("runs", .right), ("p50 latency", .right),
      ("p99", .right), ("max", .right), ("dropped", .right), ("missed", .right),
      ("unfinished", .right),
    ]
    if showsCPUTime { columns.append(("cpu time", .right)) }
    var table = TextTable(columns: columns)
    for entry in result.qosClasses {
      var row = [
        entry.qos.rawValue, String(entry.workloads), String(entry.occurrences),
        entry.latency.map { Units.durationText($0.p50) } ?? "–",
        entry.latency.map { Units.durationText($0.p99) } ?? "–",
        entry.latency.map { Units.durationText($0.max) } ?? "–", String(entry.droppedFrames),
        String(entry.deadlineMisses), String(entry.unfinished),
      ]
      if showsCPUTime { row.append(Units.durationText(entry.cpuTime)) }
      table.appendRow(row)
    }
    return table.rendered()
  }

  static func notes(_ workload: WorkloadResult) -> String {
    var notes: [String] = []
    if workload.droppedFrames > 0 { notes.append("\(workload.droppedFrames) dropped frames") }
    if workload.deadlineMisses > 0 { notes.append("\(workload.deadlineMisses) deadline misses") }
    if workload.coalescedFirings > 0 {
      notes.append("\(workload.coalescedFirings) timer firings coalesced")
    }
    if workload.skipped > 0 { notes.append("\(workload.skipped) timer due times skipped") }
    if workload.heldAwake > .zero {
      notes.append("held awake \(Units.durationText(workload.heldAwake))")
    }
    if workload.unfinished > 0 { notes.append("\(workload.unfinished) unfinished") }
    if workload.held > 0 { notes.append("\(workload.held) held") }
    return notes.joined(separator: ", ")
  }

  /// The apps a scenario declares: each one's energy, time in each phase and held occurrences
  /// (see *The command line*).
  static func appTable(_ result: RunResult) -> String {
    var table = TextTable(columns: [
      ("app", .left), ("energy", .right), ("share", .right), ("foreground", .right),
      ("background", .right), ("suspended", .right), ("held", .right), ("hitches", .right),
      ("hitch ms/s", .right), ("hangs", .right),
    ])
    for app in result.apps {
      table.appendRow([
        app.name, Units.energyText(app.energy),
        Units.percentText(ResultCSV.share(app.energy, of: result.energy)),
        Units.durationText(app.foregroundTime), Units.durationText(app.backgroundTime),
        Units.durationText(app.suspendedTime), String(app.held), String(app.hitches),
        app.hitchTimeRatio.map { Units.trimmed(DecimalFormat.fixed($0, places: 1)) } ?? "–",
        String(app.hangs),
      ])
    }
    return table.rendered()
  }

  /// `battery life 1.644 d` — or, when the battery ran out, `battery ran out at 14.29 h (off
  /// 1.712 h)`: a battery life never hides a flat battery (see *Results and accounting*).
  public static func batteryPhrase(_ battery: BatteryResult) -> String {
    if let ranOut = battery.ranOutAt {
      let at = Units.durationText(TimeSpan(nanoseconds: ranOut.nanosecondsSinceStart))
      return "battery ran out at \(at) (off \(Units.durationText(battery.offTime)))"
    }
    let lowest = "lowest charge \(Units.percentText(battery.lowestStateOfCharge.value))"
    guard let life = battery.life else { return lowest }
    return "battery life \(Units.durationText(life)), " + lowest
  }

  /// What "battery life" means, as the outputs print it beside the figure (see the article
  /// *Results and accounting*).
  public static let batteryLifeDefinition =
    "battery life = capacity ÷ average drain over the unplugged time the device ran; not given for a battery that ran out, whose ran-out time stands instead"

  /// `12.3 kJ (888.3 mAh)`: an energy and, with a nominal voltage, the same as charge.
  public static func batteryEnergyText(_ energy: Energy, of battery: BatteryResult) -> String {
    let joules = Units.energyText(energy)
    guard let mah = battery.milliampHours(energy) else { return joules }
    return joules + " (" + Units.milliampHoursText(mah) + ")"
  }

  static func batteryLines(_ battery: BatteryResult) -> String {
    var line =
      "battery: drew \(batteryEnergyText(battery.drawnEnergy, of: battery)) of \(batteryEnergyText(battery.capacity, of: battery))"
    if let voltage = battery.nominalVoltage { line += " at \(voltage)" }
    line += " over \(Units.durationText(battery.unpluggedTime)) unplugged"
    if battery.chargerEnergy > .zero {
      line += "; the charger supplied \(Units.energyText(battery.chargerEnergy))"
    }
    line += "; ends at \(Units.percentText(battery.endStateOfCharge.value))"
    line += "; lowest \(Units.percentText(battery.lowestStateOfCharge.value))"
    if let ranOut = battery.ranOutAt {
      line +=
        "; ran out at \(Units.durationText(TimeSpan(nanoseconds: ranOut.nanosecondsSinceStart)))"
      line += " and was off \(Units.durationText(battery.offTime))"
    }
    if let life = battery.life { line += "; battery life \(Units.durationText(life))" }
    return line + "\n  (" + batteryLifeDefinition + ")\n"
  }
}
