import DeviceModels
import Quantities

/// `compare.csv`: the comparison table as CSV, one row per alternative, the baseline first
/// (RFC 4180, units in column names). Changes are against the baseline; a figure an alternative
/// does not have (no battery, no completed occurrence, no such component) is an empty field.
///
/// The columns up to `wakeups` are a stable interface; then come four columns per component,
/// in the order components first appear: `<component>_j`, `<component>_change_j`,
/// `<component>_fixed_j`, `<component>_dynamic_j`.
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

  /// The whole document.
  public static func render(_ comparison: Comparison) -> String {
    let names = comparison.componentNames
    var header = fixedColumns
    for name in names {
      header += ["\(name)_j", "\(name)_change_j", "\(name)_fixed_j", "\(name)_dynamic_j"]
    }
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
