public import DeviceModels
public import Quantities

/// The CSV files of a run (see *The command line*). Their columns are a stable interface: new
/// columns go at the end, none is renamed.
///
/// Energies, residencies and latencies print exactly (see ``Units``), so the account's invariants
/// hold on the printed text to the attojoule: components add up to `summary.csv`'s energy, `floor_j
/// + fixed_j + dynamic_j` to each component's, the states of a component's nodes to its energy (and
/// each node's residencies to the duration), and `attribution.csv` to each component's energy.
public enum ResultCSV {
  /// `summary.csv`: one row for the run.
  public static func summary(_ result: RunResult, variant: String) -> String {
    var csv = CSVWriter(
      header: [
        "variant", "duration_s", "energy_j", "average_power_w", "battery_energy_j",
        "battery_life_h",
        "peak_power_w", "ran_out_h", "off_h", "min_charge", "low_power_s", "battery_energy_mah",
      ] + thermalColumns)
    csv.appendRow(
      summaryFields(result, variant: variant) + [
        Units.seconds(result.lowPowerTime), batteryMilliampHours(result.battery),
      ] + thermalFields(result.thermal))
    return csv.text
  }

  /// The thermal columns of `summary.csv` (see *Peripherals and recipes*): the time in each
  /// thermal state, the time throttled and the peak temperature.
  public static let thermalColumns = ThermalState.allCases.map { "\($0.name)_s" } + throttleColumns

  /// The thermal columns `compare.csv` has too: the time throttled and the peak temperature.
  public static let throttleColumns = ["throttled_s", "peak_temperature_c"]

  /// The fields of ``thermalColumns``: empty for a device without a thermal model.
  public static func thermalFields(_ thermal: ThermalResult?) -> [String] {
    guard let thermal else { return Array(repeating: "", count: thermalColumns.count) }
    return thermal.timeInState.map { Units.seconds($0) } + throttleFields(thermal)
  }

  /// The fields of ``throttleColumns``: empty for a device without a thermal model.
  public static func throttleFields(_ thermal: ThermalResult?) -> [String] {
    guard let thermal else { return Array(repeating: "", count: throttleColumns.count) }
    return [Units.seconds(thermal.throttledTime), Units.celsius(thermal.peakTemperature)]
  }

  /// The energy drawn from the battery in mAh at its nominal voltage; empty without a battery
  /// or a nominal voltage (a capacity given as energy).
  public static func batteryMilliampHours(_ battery: BatteryResult?) -> String {
    guard let battery, let mah = battery.milliampHours(battery.drawnEnergy) else { return "" }
    return Units.milliampHours(mah)
  }

  /// The fields of `summary.csv`'s row, also used by `sweep.csv`: `ran_out_h` is empty when
  /// the battery did not run out; `ran_out_h`, `off_h` and `min_charge` are empty without a
  /// battery (see *The command line*); `battery_life_h` is empty when the battery ran out (its
  /// `ran_out_h` stands instead).
  public static func summaryFields(_ result: RunResult, variant: String) -> [String] {
    [
      variant, Units.seconds(result.duration), Units.joules(result.energy),
      Units.averageWatts(result.energy, over: result.duration),
      result.battery.map { Units.joules($0.drawnEnergy) } ?? "",
      result.battery?.life.map { Units.hours($0) } ?? "",
      Units.watts(result.peakPower),
      result.battery?.ranOutAt.map { Units.hours(TimeSpan(nanoseconds: $0.nanosecondsSinceStart)) }
        ?? "",
      result.battery.map { Units.hours($0.offTime) } ?? "",
      result.battery.map { Units.share($0.lowestStateOfCharge.value) } ?? "",
    ]
  }

  /// `components.csv`: one row per top-level component.
  public static func components(_ result: RunResult) -> String {
    var csv = CSVWriter(header: [
      "component", "energy_j", "average_power_w", "share", "floor_j", "fixed_j", "dynamic_j",
      "wakeups",
    ])
    for component in result.components {
      csv.appendRow([
        component.name, Units.joules(component.energy),
        Units.averageWatts(component.energy, over: result.duration),
        Units.share(share(component.energy, of: result.energy)), Units.joules(component.floor),
        Units.joules(component.fixed), Units.joules(component.dynamic), String(component.wakeups),
      ])
    }
    return csv.text
  }

  /// `states.csv`: residency and energy per node and state; `wakeups` counts wake-ups out of the
  /// state.
  public static func states(_ result: RunResult) -> String {
    var csv = CSVWriter(header: ["component", "state", "residency_s", "energy_j", "wakeups"])
    for component in result.components {
      for node in component.nodes {
        for state in node.states {
          csv.appendRow([
            node.path, state.name, Units.seconds(state.residency), Units.joules(state.energy),
            String(state.wakeups),
          ])
        }
      }
    }
    return csv.text
  }

  /// `workloads.csv`: one row per workload, then `(unattributed)`.
  public static func workloads(_ result: RunResult) -> String {
    var csv = CSVWriter(header: [
      "workload", "occurrences", "energy_j", "latency_p50_s", "latency_p99_s", "latency_max_s",
      "dropped_frames", "unfinished", "deadline_misses", "coalesced", "app", "held",
      "skipped", "held_awake_s",
    ])
    // Field by field into the document's bytes: a row per workload, 100,000 in a large run.
    for workload in result.workloads {
      csv.appendField(workload.name)
      csv.appendField(String(workload.occurrences))
      csv.appendNumericField { Units.appendJoules(workload.energy, to: &$0) }
      let latency = workload.latency
      // Empty without latencies.
      csv.appendNumericField { if let latency { Units.appendSeconds(latency.p50, to: &$0) } }
      csv.appendNumericField { if let latency { Units.appendSeconds(latency.p99, to: &$0) } }
      csv.appendNumericField { if let latency { Units.appendSeconds(latency.max, to: &$0) } }
      csv.appendField(String(workload.droppedFrames))
      csv.appendField(String(workload.unfinished))
      csv.appendField(String(workload.deadlineMisses))
      csv.appendField(String(workload.coalescedFirings))
      csv.appendField(workload.app)
      csv.appendField(String(workload.held))
      csv.appendField(String(workload.skipped))
      csv.appendNumericField { Units.appendSeconds(workload.heldAwake, to: &$0) }
      csv.endRecord()
    }
    csv.appendRow([
      unattributedName, "", Units.joules(result.unattributedEnergy), "", "", "", "", "", "", "",
      "", "", "", "",
    ])
    return csv.text
  }

  /// `apps.csv`: one row per app (the implicit `app` when the scenario declares none), (see *The
  /// command line*): its workloads' energy, its time in each phase of its lifecycle, its
  /// workloads' held occurrences, and its main thread's hitches, hitch time, hitch-time ratio (ms
  /// per s of animation; empty without animation) and hangs.
  public static func apps(_ result: RunResult) -> String {
    var csv = CSVWriter(header: [
      "app", "energy_j", "foreground_s", "background_s", "suspended_s", "held", "hitches",
      "hitch_s", "hitch_ms_per_s", "hangs",
    ])
    for app in result.apps {
      csv.appendRow([
        app.name, Units.joules(app.energy), Units.seconds(app.foregroundTime),
        Units.seconds(app.backgroundTime), Units.seconds(app.suspendedTime), String(app.held),
        String(app.hitches), Units.seconds(app.hitchTime),
        app.hitchTimeRatio.map(Units.share) ?? "", String(app.hangs),
      ])
    }
    return csv.text
  }

  /// `qos.csv`: latency, dropped frames and deadline misses per QoS class, highest class first
  /// (a workload's class is its first work object's `qos`), and the core time each class's CPU
  /// steps ran (`cpu_s`, by the steps' own class).
  public static func qos(_ result: RunResult) -> String {
    var csv = CSVWriter(header: [
      "qos", "workloads", "occurrences", "latency_p50_s", "latency_p99_s", "latency_max_s",
      "dropped_frames", "unfinished", "deadline_misses", "coalesced", "cpu_s",
    ])
    for entry in result.qosClasses {
      csv.appendRow([
        entry.qos.rawValue, String(entry.workloads), String(entry.occurrences),
        entry.latency.map { Units.seconds($0.p50) } ?? "",
        entry.latency.map { Units.seconds($0.p99) } ?? "",
        entry.latency.map { Units.seconds($0.max) } ?? "",
        String(entry.droppedFrames), String(entry.unfinished), String(entry.deadlineMisses),
        String(entry.coalescedFirings), Units.seconds(entry.cpuTime),
      ])
    }
    return csv.text
  }

  /// `attribution.csv`: energy per workload and component, `(unattributed)` included.
  public static func attribution(_ result: RunResult) -> String {
    var csv = CSVWriter(header: ["workload", "component", "energy_j"])
    for workload in result.workloads {
      // Each energy read in place and written straight into the document's bytes: no array of
      // every component's energy, and no string per field, per row of every workload.
      for (index, component) in result.components.prefix(workload.componentCount).enumerated() {
        csv.appendField(workload.name)
        csv.appendField(component.name)
        csv.appendNumericField { Units.appendJoules(workload.energy(onComponent: index), to: &$0) }
        csv.endRecord()
      }
    }
    for (component, energy) in zip(result.components, result.unattributedByComponent) {
      csv.appendRow([unattributedName, component.name, Units.joules(energy)])
    }
    return csv.text
  }

  /// The name of the row holding energy attributed to no workload.
  public static let unattributedName = "(unattributed)"

  /// `part ÷ whole`, 0 when the whole is 0.
  public static func share(_ part: Energy, of whole: Energy) -> Double {
    whole.attojoules == 0 ? 0 : Double(part.attojoules) / Double(whole.attojoules)
  }
}
