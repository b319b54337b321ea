import JSONSupport
import Quantities
import ScenarioFiles

/// Small scenarios whose accounts are computed by hand, built on the GPS of *The power-state
/// ladder*'s worked example: active 300 mW; hot 60 mW after 1 s, waking in 20 ms; off 0 W after 6
/// s, waking in 800 ms at 200 mW. No platform and no CPU, so nothing else spends energy.
enum ScenarioFixtures {
  /// The device as inline JSON.
  static let gpsDevice = """
    {
      "name": "gps-board",
      "components": {
        "gps": {
          "type": "generic", "parent": "none",
          "states": [
            { "name": "active", "power": "300 mW" },
            { "name": "hot", "power": "60 mW", "after": "1 s", "wake_latency": "20 ms" },
            { "name": "off", "power": "0 W", "after": "6 s", "wake_latency": "800 ms",
              "wake_power": "200 mW" }
          ]
        }
      }
    }
    """

  /// The worked example as the baseline (500 ms of work at 2 s and 4 s over 20 s: 1.27 J,
  /// fixed 0.97, dynamic 0.30; latencies 1.3 s and 0.5 s), with variants:
  ///
  /// - `one`: a single 1 s fix at 2 s. Waking 2.0–2.8 (0.16 J), active 2.8–3.8 (0.30 J),
  ///   holding 3.8–4.8 (0.30 J), hot 4.8–9.8 (0.30 J): 1.06 J, fixed 0.76, dynamic 0.30;
  ///   latency 1.8 s.
  /// - `late`: 500 ms fixes at 2 s and 12 s, each paying the whole cycle (0.16 + 0.15 + 0.30 +
  ///   0.30): 1.82 J, fixed 1.52, dynamic 0.30; latencies 1.3 s and 1.3 s.
  static let gpsScenario = """
    {
      "name": "GPS fixture",
      "device": \(gpsDevice),
      "duration": "20 s",
      "workloads": { "fix": { "times": ["2 s", "4 s"], "work": { "gps": "500 ms" } } },
      "variants": {
        "one": { "workloads": { "fix": { "times": ["2 s"], "work": { "gps": "1 s" } } } },
        "late": { "workloads": { "fix": { "times": ["2 s", "12 s"] } } }
      }
    }
    """

  /// `text` as a scenario document named `file`.
  static func document(_ text: String, file: String = "fixture.json") throws -> ScenarioDocument {
    try ScenarioDocument(json: JSONReader.parse(text), file: file)
  }

  /// `value` joules as an exact energy (a decimal with few digits).
  static func joules(_ value: String) -> Energy {
    try! QuantityParser.energy(.text(value + " J"))
  }
}

extension ScenarioFixtures {
  /// The base of `document` merge-patched with the JSON `patch`, as text.
  static func documentText(_ document: ScenarioDocument, mergedWith patch: String) throws
    -> String
  {
    document.base.mergePatched(with: try JSONReader.parse(patch)).serialized()
  }
}
