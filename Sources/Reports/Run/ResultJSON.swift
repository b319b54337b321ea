public import DeviceModels
public import JSONSupport
import Quantities

/// The `--json` form of a run's summary (see *The command line*): numbers are JSON numbers in the
/// units their names end with, written as ``ResultCSV`` writes them (energies and times exactly).
public enum ResultJSON {
  /// The summary object.
  public static func summary(_ result: RunResult, variant: String) -> JSONValue {
    var root = JSONObject()
    root["variant"] = .string(variant)
    root["duration_s"] = number(Units.seconds(result.duration))
    root["energy_j"] = number(Units.joules(result.energy))
    root["average_power_w"] = number(Units.averageWatts(result.energy, over: result.duration))
    root["battery"] = result.battery.map { .object(batteryDetails($0)) } ?? .null
    root["peak_power_w"] = number(Units.watts(result.peakPower))
    root["low_power_s"] = number(Units.seconds(result.lowPowerTime))
    root["thermal"] = result.thermal.map { .object(thermalDetails($0)) } ?? .null
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
      entry["coalesced"] = .number(JSONNumber(workload.coalescedFirings))
      entry["app"] = .string(workload.app)
      entry["held"] = .number(JSONNumber(workload.held))
      entry["skipped"] = .number(JSONNumber(workload.skipped))
      entry["held_awake_s"] = number(Units.seconds(workload.heldAwake))
      workloads[workload.name] = .object(entry)
    }
    var unattributed = JSONObject()
    unattributed["energy_j"] = number(Units.joules(result.unattributedEnergy))
    workloads[ResultCSV.unattributedName] = .object(unattributed)
    root["workloads"] = .object(workloads)
    root["qos"] = .object(qos(result))
    root["apps"] = .object(apps(result))
    return .object(root)
  }

  /// The apps, keyed by name (*The command line*, the fields of `apps.csv`).
  static func apps(_ result: RunResult) -> JSONObject {
    var apps = JSONObject()
    for app in result.apps {
      var entry = JSONObject()
      entry["energy_j"] = number(Units.joules(app.energy))
      entry["foreground_s"] = number(Units.seconds(app.foregroundTime))
      entry["background_s"] = number(Units.seconds(app.backgroundTime))
      entry["suspended_s"] = number(Units.seconds(app.suspendedTime))
      entry["held"] = .number(JSONNumber(app.held))
      entry["hitches"] = .number(JSONNumber(app.hitches))
      entry["hitch_s"] = number(Units.seconds(app.hitchTime))
      entry["hitch_ms_per_s"] = app.hitchTimeRatio.map { number(Units.share($0)) } ?? .null
      entry["hangs"] = .number(JSONNumber(app.hangs))
      apps[app.name] = .object(entry)
    }
    return apps
  }

  /// Latency per QoS class, keyed by class name, highest class first.
  static func qos(_ result: RunResult) -> JSONObject {
    var classes = JSONObject()
    for entry in result.qosClasses {
      var item = JSONObject()
      item["workloads"] = .number(JSONNumber(entry.workloads))
      item["occurrences"] = .number(JSONNumber(entry.occurrences))
      item["latency_p50_s"] = entry.latency.map { number(Units.seconds($0.p50)) } ?? .null
      item["latency_p99_s"] = entry.latency.map { number(Units.seconds($0.p99)) } ?? .null
      item["latency_max_s"] = entry.latency.map { number(Units.seconds($0.max)) } ?? .null
      item["dropped_frames"] = .number(JSONNumber(entry.droppedFrames))
      item["unfinished"] = .number(JSONNumber(entry.unfinished))
      item["deadline_misses"] = .number(JSONNumber(entry.deadlineMisses))
      item["coalesced"] = .number(JSONNumber(entry.coalescedFirings))
      item["cpu_s"] = number(Units.seconds(entry.cpuTime))
      classes[entry.qos.rawValue] = .object(item)
    }
    return classes
  }

  /// The thermal account (see *Peripherals and recipes*): `peak_temperature_c`, `throttled_s`
  /// and `states`, each state's `NAME_s`.
  static func thermalDetails(_ thermal: ThermalResult) -> JSONObject {
    var entry = JSONObject()
    entry["peak_temperature_c"] = number(Units.celsius(thermal.peakTemperature))
    entry["throttled_s"] = number(Units.seconds(thermal.throttledTime))
    var states = JSONObject()
    for state in ThermalState.allCases {
      states["\(state.name)_s"] = number(Units.seconds(thermal.time(in: state)))
    }
    entry["states"] = .object(states)
    return entry
  }

  /// `battery`: the two figures *The command line* names, then the rest of the account. `life_h` is
  /// null when nothing was drawn or the battery ran out (its `ran_out_h` stands instead).
  static func batteryDetails(_ battery: BatteryResult) -> JSONObject {
    var object = JSONObject()
    object["energy_j"] = number(Units.joules(battery.drawnEnergy))
    object["life_h"] = battery.life.map { number(Units.hours($0)) } ?? .null
    object["capacity_j"] = number(Units.joules(battery.capacity))
    object["charger_energy_j"] = number(Units.joules(battery.chargerEnergy))
    object["unplugged_s"] = number(Units.seconds(battery.unpluggedTime))
    object["end_soc"] = number(Units.share(battery.endStateOfCharge.value))
    object["ran_out_s"] = battery.ranOutAt.map { number(Units.seconds($0)) } ?? .null
    object["ran_out_h"] =
      battery.ranOutAt.map {
        number(Units.hours(TimeSpan(nanoseconds: $0.nanosecondsSinceStart)))
      } ?? .null
    object["off_h"] = number(Units.hours(battery.offTime))
    object["min_charge"] = number(Units.share(battery.lowestStateOfCharge.value))
    // mAh at the nominal voltage, when the device file gives one; null otherwise.
    object["energy_mah"] =
      battery.milliampHours(battery.drawnEnergy).map { number(Units.milliampHours($0)) } ?? .null
    object["capacity_mah"] =
      battery.milliampHours(battery.capacity).map { number(Units.milliampHours($0)) } ?? .null
    return object
  }

  static func number(_ text: String) -> JSONValue {
    .number(JSONNumber(literal: text))
  }
}
