public import DeviceModels
public import JSONSupport
import Quantities

/// The `--json` form of a run's summary (SPEC section 8): numbers are JSON numbers in the units
/// their names end with.
public enum ResultJSON {
  /// The summary object.
  public static func summary(_ result: RunResult, variant: String) -> JSONValue {
    var root = JSONObject()
    root["variant"] = .string(variant)
    root["duration_s"] = number(Units.seconds(result.duration))
    root["energy_j"] = number(Units.joules(result.energy))
    root["average_power_w"] = number(Units.watts(result.averagePower))
    var battery = JSONObject()
    battery["energy_j"] = result.battery.map { number(Units.joules($0.drawnEnergy)) } ?? .null
    battery["life_h"] = result.battery?.life.map { number(Units.hours($0)) } ?? .null
    root["battery"] = result.battery == nil ? .null : .object(battery)
    var components = JSONObject()
    for component in result.components {
      var entry = JSONObject()
      entry["energy_j"] = number(Units.joules(component.energy))
      entry["floor_j"] = number(Units.joules(component.floor))
      entry["fixed_j"] = number(Units.joules(component.fixed))
      entry["dynamic_j"] = number(Units.joules(component.dynamic))
      entry["wakeups"] = .number(JSONNumber(component.wakeups))
      var states = JSONObject()
      for node in component.nodes {
        for state in node.states {
          let key = node.path == component.name ? state.name : "\(node.path)/\(state.name)"
          var stateEntry = JSONObject()
          stateEntry["residency_s"] = number(Units.seconds(state.residency))
          stateEntry["energy_j"] = number(Units.joules(state.energy))
          states[key] = .object(stateEntry)
        }
      }
      entry["states"] = .object(states)
      components[component.name] = .object(entry)
    }
    root["components"] = .object(components)
    var workloads = JSONObject()
    for workload in result.workloads {
      var entry = JSONObject()
      entry["occurrences"] = .number(JSONNumber(workload.occurrences))
      entry["energy_j"] = number(Units.joules(workload.energy))
      entry["latency_p50_s"] = workload.latency.map { number(Units.seconds($0.p50)) } ?? .null
      entry["latency_p99_s"] = workload.latency.map { number(Units.seconds($0.p99)) } ?? .null
      entry["latency_max_s"] = workload.latency.map { number(Units.seconds($0.max)) } ?? .null
      entry["dropped_frames"] = .number(JSONNumber(workload.droppedFrames))
      entry["unfinished"] = .number(JSONNumber(workload.unfinished))
      entry["deadline_misses"] = .number(JSONNumber(workload.deadlineMisses))
      workloads[workload.name] = .object(entry)
    }
    var unattributed = JSONObject()
    unattributed["energy_j"] = number(Units.joules(result.unattributedEnergy))
    workloads[ResultCSV.unattributedName] = .object(unattributed)
    root["workloads"] = .object(workloads)
    return .object(root)
  }

  static func number(_ text: String) -> JSONValue {
    .number(JSONNumber(literal: text))
  }
}
