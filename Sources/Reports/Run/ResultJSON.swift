public import DeviceModels
public import JSONSupport
import Quantities

/// The `--json` form of a run's summary (see *The command line*): numbers are JSON numbers in the
/// units their names end with, written as ``ResultCSV`` writes them (energies and times exactly).
public enum ResultJSON {
  /// The summary object: ``summaryText(_:variant:measured:)`` read back.
  public static func summary(_ result: RunResult, variant: String) -> JSONValue {
    do {
      return try JSONReader.parse(summaryText(result, variant: variant), maximumValues: .max)
    } catch {
      preconditionFailure("the summary writer wrote invalid JSON: \(error)")
    }
  }

  /// The summary as indented JSON text (no final newline), written member by member without
  /// building a tree (see `JSONStreamWriter`), with `measured` last when given: the same text
  /// as ``summary(_:variant:)`` serialized with `pretty`, in time and memory linear in the
  /// workloads.
  public static func summaryText(_ result: RunResult, variant: String, measured: JSONValue? = nil)
    -> String
  {
    var writer = JSONStreamWriter()
    write(result, variant: variant, measured: measured, to: &writer)
    return writer.text
  }

  /// The text of ``summaryText(_:variant:measured:)``, handed to `sink` in pieces of about
  /// 64 KiB as it is written (the summary of a hundred thousand workloads is tens of megabytes,
  /// which as one string, and its copies on the way out, were most of such a run's peak memory).
  public static func writeSummary(
    _ result: RunResult, variant: String, measured: JSONValue? = nil,
    to sink: @escaping (String) -> Void
  ) {
    var writer = JSONStreamWriter(sink: sink)
    write(result, variant: variant, measured: measured, to: &writer)
    writer.finish()
  }

  /// Writes the summary into `writer`.
  private static func write(
    _ result: RunResult, variant: String, measured: JSONValue?, to writer: inout JSONStreamWriter
  ) {
    writer.beginObject()
    writer.member("variant", .string(variant))
    writer.member("duration_s", number: Units.seconds(result.duration))
    writer.member("energy_j", number: Units.joules(result.energy))
    writer.member(
      "average_power_w", number: Units.averageWatts(result.energy, over: result.duration))
    writer.member("battery", result.battery.map { .object(batteryDetails($0)) } ?? .null)
    writer.member("peak_power_w", number: Units.watts(result.peakPower))
    writer.member("low_power_s", number: Units.seconds(result.lowPowerTime))
    writer.member("thermal", result.thermal.map { .object(thermalDetails($0)) } ?? .null)
    writer.beginObject("components")
    for component in result.components {
      writer.beginObject(component.name)
      writer.member("energy_j", number: Units.joules(component.energy))
      writer.member("floor_j", number: Units.joules(component.floor))
      writer.member("fixed_j", number: Units.joules(component.fixed))
      writer.member("dynamic_j", number: Units.joules(component.dynamic))
      writer.member("wakeups", integer: component.wakeups)
      writer.beginObject("states")
      for node in component.nodes {
        for state in node.states {
          let key = node.path == component.name ? state.name : "\(node.path)/\(state.name)"
          writer.beginObject(key)
          writer.member("residency_s", number: Units.seconds(state.residency))
          writer.member("energy_j", number: Units.joules(state.energy))
          writer.endObject()
        }
      }
      writer.endObject()
      writer.endObject()
    }
    writer.endObject()
    writer.beginObject("workloads")
    // Byte by byte: a run may have a hundred thousand workloads.
    for workload in result.workloads {
      writer.beginObject(workload.name)
      writer.member("occurrences", integer: workload.occurrences)
      writer.member("energy_j") { Units.appendJoules(workload.energy, to: &$0) }
      writeLatency(workload.latency, to: &writer)
      writer.member("dropped_frames", integer: workload.droppedFrames)
      writer.member("unfinished", integer: workload.unfinished)
      writer.member("deadline_misses", integer: workload.deadlineMisses)
      writer.member("coalesced", integer: workload.coalescedFirings)
      writer.member("app", .string(workload.app))
      writer.member("held", integer: workload.held)
      writer.member("skipped", integer: workload.skipped)
      writer.member("held_awake_s") { Units.appendSeconds(workload.heldAwake, to: &$0) }
      writer.endObject()
    }
    writer.beginObject(ResultCSV.unattributedName)
    writer.member("energy_j", number: Units.joules(result.unattributedEnergy))
    writer.endObject()
    writer.endObject()
    writer.member("qos", .object(qos(result)))
    writer.member("apps", .object(apps(result)))
    if let measured { writer.member("measured", measured) }
    writer.endObject()
  }

  /// `latency_p50_s`, `latency_p99_s` and `latency_max_s`, null without latencies.
  private static func writeLatency(_ latency: LatencySummary?, to writer: inout JSONStreamWriter) {
    guard let latency else {
      writer.member("latency_p50_s", .null)
      writer.member("latency_p99_s", .null)
      writer.member("latency_max_s", .null)
      return
    }
    writer.member("latency_p50_s") { Units.appendSeconds(latency.p50, to: &$0) }
    writer.member("latency_p99_s") { Units.appendSeconds(latency.p99, to: &$0) }
    writer.member("latency_max_s") { Units.appendSeconds(latency.max, to: &$0) }
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
