import DeviceModels
import Quantities

/// `compare.csv`: the comparison table as CSV, one row per alternative, the baseline first
/// (RFC 4180, units in column names). Changes are against the baseline; a figure an alternative
/// does not have (no battery, no completed occurrence, no such component) is an empty field.
///
/// The columns up to `wakeups` are a stable interface; then come four columns per component,
/// in the order components first appear: `<component>_j`, `<component>_change_j`,
/// `<component>_fixed_j`, `<component>_dynamic_j`; then, at the end (see *The command line*),
/// ``batteryColumns``: battery energy and its change, when the battery ran out and how long the
/// device was off, the lowest charge, the peak power, the workloads the worst latencies come
/// from, and the occurrences held (lost while off, held while suspended, collapsed pushes);
/// `low_power_s` when the alternatives' times in Low Power Mode differ; last,
/// `battery_energy_mah`. `battery_life_h` is empty for an alternative whose battery ran out.
public enum ComparisonCSV {
  /// The name of the file `compare --out DIR` writes.
  public static let fileName = "compare.csv"

  /// The columns before the per-component ones.
  public static let fixedColumns = [
    "alternative", "scenario", "variant", "energy_j", "energy_change_j", "energy_change_percent",
    "floor_j", "fixed_j", "dynamic_j", "battery_life_h", "battery_life_change_h",
    "worst_latency_p99_s", "worst_latency_p99_change_s", "worst_latency_max_s",
    "worst_latency_max_change_s", "dropped_frames", "deadline_misses", "unfinished", "wakeups",
  ]

  /// The columns after the per-component ones (see *The command line*).
  public static let batteryColumns = [
    "battery_energy_j", "battery_energy_change_j", "ran_out_h", "off_h", "min_charge",
    "peak_power_w", "worst_latency_p99_workload", "worst_latency_max_workload", "held",
  ]

  /// The column after the battery ones, present when the alternatives spend different times in
  /// Low Power Mode (see *Apps and push delivery* and *The command line*).
  public static let lowPowerColumns = ["low_power_s"]

  /// The last column: the battery energy in mAh at the battery's nominal voltage (empty without
  /// one).
  public static let milliampHourColumns = ["battery_energy_mah"]

  /// The whole document.
  public static func render(_ comparison: Comparison) -> String {
    let names = comparison.componentNames
    var header = fixedColumns
    for name in names {
      header += ["\(name)_j", "\(name)_change_j", "\(name)_fixed_j", "\(name)_dynamic_j"]
    }
    // Computed once: each scans every alternative.
    let lowPowerTimesDiffer = comparison.lowPowerTimesDiffer
    let hasThermal = comparison.hasThermal
    header += batteryColumns
    if lowPowerTimesDiffer { header += lowPowerColumns }
    header += milliampHourColumns
    if hasThermal { header += ResultCSV.throttleColumns }
    var csv = CSVWriter(header: header)
    let baseline = comparison.baseline
    for entry in comparison.entries {
      let energyChange = entry.energy - baseline.energy
      var fields = [
        entry.label, entry.alternative.scenario.name, entry.alternative.scenario.variant,
      ]
      fields += [
        Units.joules(entry.energy), Units.joules(energyChange),
        percent(ResultCSV.share(energyChange, of: baseline.energy)),
      ]
      fields += [Units.joules(entry.floor), Units.joules(entry.fixed), Units.joules(entry.dynamic)]
      fields.append(entry.batteryLife.map(Units.hours) ?? "")
      fields.append(difference(entry.batteryLife, baseline.batteryLife).map(Units.hours) ?? "")
      fields.append(entry.worstLatencyP99.map(Units.seconds) ?? "")
      fields.append(
        difference(entry.worstLatencyP99, baseline.worstLatencyP99).map(Units.seconds) ?? "")
      fields.append(entry.worstLatencyMax.map(Units.seconds) ?? "")
      fields.append(
        difference(entry.worstLatencyMax, baseline.worstLatencyMax).map(Units.seconds) ?? "")
      fields += [entry.droppedFrames, entry.deadlineMisses, entry.unfinished, entry.wakeups].map {
        String($0)
      }
      for name in names {
        guard let component = entry.result.components.first(where: { $0.name == name }) else {
          fields += ["", "", "", ""]
          continue
        }
        let base = baseline.energy(of: name) ?? .zero
        fields += [
          Units.joules(component.energy), Units.joules(component.energy - base),
          Units.joules(component.fixed), Units.joules(component.dynamic),
        ]
      }
      let battery = entry.result.battery
      fields.append(battery.map { Units.joules($0.drawnEnergy) } ?? "")
      if let mine = entry.batteryEnergy, let base = baseline.batteryEnergy {
        fields.append(Units.joules(mine - base))
      } else {
        fields.append("")
      }
      fields.append(
        entry.ranOutAt.map { Units.hours(TimeSpan(nanoseconds: $0.nanosecondsSinceStart)) } ?? "")
      fields.append(battery.map { Units.hours($0.offTime) } ?? "")
      fields.append(battery.map { Units.share($0.lowestStateOfCharge.value) } ?? "")
      fields.append(Units.watts(entry.peakPower))
      fields.append(entry.worstLatencyP99Workload?.name ?? "")
      fields.append(entry.worstLatencyMaxWorkload?.name ?? "")
      fields.append(String(entry.held))
      if lowPowerTimesDiffer { fields.append(Units.seconds(entry.result.lowPowerTime)) }
      fields.append(ResultCSV.batteryMilliampHours(battery))
      if hasThermal { fields += ResultCSV.throttleFields(entry.result.thermal) }
      csv.appendRow(fields)
    }
    return csv.text
  }

  /// A percentage with six decimals, trailing zeros trimmed: `-18.4`.
  static func percent(_ share: Double) -> String {
    Units.trimmed(DecimalFormat.fixed(share * 100, places: 6))
  }

  private static func difference(_ value: TimeSpan?, _ base: TimeSpan?) -> TimeSpan? {
    guard let value, let base else { return nil }
    return value - base
  }
}
