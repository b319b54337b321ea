import Foundation
import JSONSupport
import PowerSim
import Reports
import Testing

/// The PowerSim library and `powersim run --json` agree to the last digit: every number
/// `--json` prints, read as a `Double`, is the library's `Double` for the same figure — on
/// shipped scenarios with radios, frames, a battery and Low Power Mode, every variant.
@Suite struct LibraryAgreementTests {
  static let scenarios = [
    "coalescing.json", "lte-transfer.json", "frame-rate.json", "gaming.json",
    "messaging-push.json",
  ]

  @Test(arguments: scenarios)
  func everyFigureIsTheDoubleThatJSONPrints(_ name: String) throws {
    let file = CLI.scenario(name)
    let scenario = try Scenario(contentsOf: URL(fileURLWithPath: file))
    for variant in ["baseline"] + scenario.variants {
      let outcome = CLI.run(["run", file, "--variant", variant, "--json"])
      try #require(outcome.status == 0, "\(outcome.error)")
      let json = try JSONReader.parse(Array(outcome.output.utf8))
      try expectAgreement(json, try scenario.run(variant: variant))
    }
  }

  /// Every number of the `--json` object `json` against the library's `result`.
  func expectAgreement(_ json: JSONValue, _ result: SimulationResult) throws {
    let root = try Self.object(json)
    #expect(root["variant"] == .string(result.variant))
    #expect(try Self.number(root["duration_s"]) == result.duration.seconds)
    #expect(try Self.number(root["energy_j"]) == result.energy.joules)
    #expect(try Self.number(root["average_power_w"]) == result.averagePower.watts)
    #expect(try Self.number(root["peak_power_w"]) == result.peakPower.watts)
    if let battery = result.battery {
      let object = try Self.object(root["battery"])
      #expect(try Self.number(object["energy_j"]) == battery.energy.joules)
      #expect(try Self.number(object["capacity_j"]) == battery.capacity.joules)
      #expect(try Self.number(object["charger_energy_j"]) == battery.chargerEnergy.joules)
      #expect(try Self.number(object["unplugged_s"]) == battery.unpluggedTime.seconds)
      // Hours and charges print with six decimals: the library's value, so rounded.
      #expect(try Self.number(object["min_charge"]) == Self.sixDecimals(battery.minimumCharge))
      #expect(try Self.number(object["end_soc"]) == Self.sixDecimals(battery.endCharge))
      if let life = battery.life {
        #expect(try Self.number(object["life_h"]) == Self.sixDecimals(life.hours))
      } else {
        #expect(object["life_h"] == .null)
      }
    } else {
      #expect(root["battery"] == .null)
    }
    let components = try Self.object(root["components"])
    #expect(Set(components.keys) == Set(result.components.keys))
    for (name, component) in result.components {
      let entry = try Self.object(components[name])
      #expect(try Self.number(entry["energy_j"]) == component.energy.joules)
      #expect(try Self.number(entry["floor_j"]) == component.floor.joules)
      #expect(try Self.number(entry["fixed_j"]) == component.fixed.joules)
      #expect(try Self.number(entry["dynamic_j"]) == component.dynamic.joules)
      #expect(try Self.number(entry["wakeups"]) == Double(component.wakeups))
      let states = try Self.object(entry["states"])
      #expect(Set(states.keys) == Set(component.states.keys))
      for (stateName, state) in component.states {
        let stateEntry = try Self.object(states[stateName])
        #expect(try Self.number(stateEntry["residency_s"]) == state.residency.seconds)
        #expect(try Self.number(stateEntry["energy_j"]) == state.energy.joules)
      }
    }
    let workloads = try Self.object(root["workloads"])
    #expect(Set(workloads.keys) == Set(result.workloads.keys).union(["(unattributed)"]))
    let unattributed = try Self.object(workloads["(unattributed)"])
    #expect(try Self.number(unattributed["energy_j"]) == result.unattributedEnergy.joules)
    for (name, workload) in result.workloads {
      let entry = try Self.object(workloads[name])
      #expect(try Self.number(entry["energy_j"]) == workload.energy.joules)
      #expect(try Self.number(entry["occurrences"]) == Double(workload.occurrences))
      #expect(try Self.number(entry["dropped_frames"]) == Double(workload.droppedFrames))
      #expect(try Self.number(entry["unfinished"]) == Double(workload.unfinished))
      #expect(try Self.number(entry["deadline_misses"]) == Double(workload.deadlineMisses))
      #expect(try Self.number(entry["held"]) == Double(workload.held))
      #expect(entry["app"] == .string(workload.app))
      if let latency = workload.latency {
        #expect(try Self.number(entry["latency_p50_s"]) == latency.p50.seconds)
        #expect(try Self.number(entry["latency_p99_s"]) == latency.p99.seconds)
        #expect(try Self.number(entry["latency_max_s"]) == latency.max.seconds)
      } else {
        #expect(entry["latency_p99_s"] == .null)
      }
    }
  }

  /// `value` rounded half away from zero to six decimals, read back as a `Double`: what
  /// `--json` prints for hours and charges.
  static func sixDecimals(_ value: Double) -> Double {
    Double(Units.share(value))!
  }

  static func object(_ value: JSONValue?) throws -> JSONObject {
    guard case .object(let object)? = value else { throw Mismatch(found: value) }
    return object
  }

  /// The `Double` a JSON reader reads from the number `value`.
  static func number(_ value: JSONValue?) throws -> Double {
    guard case .number(let number)? = value, let double = Double(number.literal) else {
      throw Mismatch(found: value)
    }
    return double
  }

  struct Mismatch: Error {
    var found: JSONValue?
  }
}
