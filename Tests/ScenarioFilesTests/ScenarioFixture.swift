import DeviceModels
import JSONSupport
import ScenarioFiles

/// Scenarios written inline in tests, and a device whose every number is round so that step
/// durations and energies can be worked out by hand.
enum ScenarioFixture {
  /// Every component type but the display, with no wake latency, no hold and no floor:
  ///
  /// - `cpu`: one core at 1 GHz drawing 1 W; no dispatch cost;
  /// - `storage`: read 10 MB/s at 1 W, write 1 MB/s at 2 W, no command latency, 1 kB pages;
  /// - `wifi`: 1 MB/s both ways at 1 W, no round trip;
  /// - `cell`: 1 MB/s both ways at 2 W, a 100 ms round trip;
  /// - `gpu`: 500 MHz at 1 W;
  /// - `gps`, `audio`: generic, 1 W and 0.5 W active.
  static let device = """
    {
      "name": "round",
      "battery": { "capacity": "1 Wh", "charge_power": "10 W" },
      "components": {
        "cpu": { "type": "cpu", "dispatch_cost": "0 s",
          "clusters": [ { "name": "c", "cores": 1, "opps": [ { "freq": "1 GHz", "power": "1 W" } ],
            "core_states": [ { "name": "active", "power": "0 W" }, { "name": "idle", "power": "0 W" } ],
            "states": [ { "name": "on", "power": "0 W" }, { "name": "off", "power": "0 W" } ] } ] },
        "storage": { "type": "storage", "read_bandwidth": "10 MB/s", "write_bandwidth": "1 MB/s",
          "read_power": "1 W", "write_power": "2 W", "command_latency": "0 s", "page_size": "1 KB",
          "states": [ { "name": "active", "power": "0 W" }, { "name": "idle", "power": "0 W", "after": "0 s" } ] },
        "wifi": { "type": "radio", "technology": "wifi", "downlink": "1 MB/s", "uplink": "1 MB/s",
          "rtt": "0 s", "transfer_power": "1 W",
          "states": [ { "name": "active", "power": "0 W" }, { "name": "off", "power": "0 W", "after": "0 s" } ] },
        "cell": { "type": "radio", "technology": "cellular", "downlink": "1 MB/s", "uplink": "1 MB/s",
          "rtt": "100 ms", "transfer_power": "2 W",
          "states": [ { "name": "active", "power": "0 W" }, { "name": "off", "power": "0 W", "after": "0 s" } ] },
        "gpu": { "type": "gpu", "frequency": "max", "opps": [ { "freq": "500 MHz", "power": "1 W" } ],
          "states": [ { "name": "active", "power": "0 W" }, { "name": "off", "power": "0 W", "after": "0 s" } ] },
        "gps": { "type": "generic",
          "states": [ { "name": "on", "power": "1 W" }, { "name": "off", "power": "0 W", "after": "0 s" } ] },
        "audio": { "type": "generic",
          "states": [ { "name": "on", "power": "0.5 W" }, { "name": "off", "power": "0 W", "after": "0 s" } ] }
      }
    }
    """

  /// A scenario of `duration` on ``device`` with these workloads (a JSON object's members).
  static func text(workloads: String, duration: String = "10 s", extra: String = "") -> String {
    """
    { "name": "test", "device": \(device), "duration": "\(duration)", \(extra)
      "workloads": { \(workloads) } }
    """
  }

  /// The decoded baseline of a scenario written inline, as if read from `file`.
  static func scenario(_ text: String, file: String = "test.json", variant: String = "baseline")
    throws -> Scenario
  {
    try document(text, file: file).scenario(variant: variant)
  }

  /// The document of a scenario written inline, as if read from `file`.
  static func document(_ text: String, file: String = "test.json") throws -> ScenarioDocument {
    try ScenarioDocument(json: try JSONReader.parse(text), file: file)
  }

  /// The error decoding `text` gives, if any.
  static func error(_ text: String, file: String = "test.json") -> InputError? {
    do {
      _ = try scenario(text, file: file)
      return nil
    } catch let error as InputError {
      return error
    } catch {
      return nil
    }
  }
}

extension RunResult {
  func component(_ name: String) -> ComponentResult {
    components.first { $0.name == name }!
  }

  func workload(_ name: String) -> WorkloadResult {
    workloads.first { $0.name == name }!
  }
}
