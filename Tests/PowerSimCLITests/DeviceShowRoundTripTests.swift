import Foundation
import TestSupport
import Testing

/// A user copies a built-in device with `powersim device show`, edits it, and runs a scenario
/// against the edited file (see *Device files*): the result changes exactly as the edit says.
@Suite struct DeviceShowRoundTripTests {
  /// The `--json` result of running `variant` of `scenario`, as a dictionary.
  static func run(_ scenario: String, variant: String) throws -> [String: Any] {
    let outcome = CLI.run(["run", scenario, "--variant", variant, "--json"])
    #expect(outcome.status == 0, "\(outcome.error)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
  }

  static func number(_ result: [String: Any], _ path: String...) -> Double {
    var value: Any? = result
    for key in path { value = (value as? [String: Any])?[key] }
    return (value as? NSNumber)?.doubleValue ?? .nan
  }

  @Test func showSaveEditAndRun() throws {
    let directory = try TemporaryDirectory()

    // powersim device show phone > phone.json
    let shown = CLI.run(["device", "show", "phone"])
    #expect(shown.status == 0)
    try directory.write(shown.output, to: "phone.json")

    // Edit a copy: twice the battery (4000 → 8000 mAh).
    let original = "\"capacity_mah\": 4000,"
    #expect(shown.output.components(separatedBy: original).count == 2, "one battery capacity")
    try directory.write(
      shown.output.replacingOccurrences(of: original, with: "\"capacity_mah\": 8000,"),
      to: "phone-big.json")

    // Or extend it in three lines: an OLED twice as bright per watt of full white.
    try directory.write(
      """
      { "extends": "phone.json",
        "components": { "display": { "full_white_power": "2.964 W" } } }
      """, to: "phone-bright.json")

    // Ten minutes of light content at full brightness with a sync every 30 s.
    let scenario = try directory.write(
      """
      {
        "name": "Round trip", "device": "phone.json", "duration": "10 min",
        "display": [{ "from": "0 s", "to": "10 min", "brightness": "100%", "appearance": "light" }],
        "workloads": { "sync": { "every": "30 s", "work": { "cpu": "5 ms", "download": "100 KB" } } },
        "variants": {
          "built-in": { "device": "phone" },
          "bigger-battery": { "device": "phone-big.json" },
          "brighter": { "device": "phone-bright.json" }
        }
      }
      """, to: "scenario.json")

    let saved = try Self.run(scenario, variant: "baseline")
    let builtIn = try Self.run(scenario, variant: "built-in")
    let bigger = try Self.run(scenario, variant: "bigger-battery")
    let brighter = try Self.run(scenario, variant: "brighter")

    // The saved file is the built-in device.
    #expect(Self.number(saved, "energy_j") == Self.number(builtIn, "energy_j"))
    #expect(Self.number(saved, "battery", "life_h") == Self.number(builtIn, "battery", "life_h"))

    // A battery twice as large: the same energy, twice the battery life.
    #expect(Self.number(bigger, "energy_j") == Self.number(saved, "energy_j"))
    let lifeRatio =
      Self.number(bigger, "battery", "life_h") / Self.number(saved, "battery", "life_h")
    #expect(abs(lifeRatio - 2) < 1e-6)

    // Full white 1.482 W → 2.964 W: the display emits 1.482 W × 1 (full brightness on the Android
    // slider) × 65% APL more for 600 s,
    // 577.98 J, and nothing else changes.
    let extra =
      Self.number(brighter, "components", "display", "energy_j")
      - Self.number(saved, "components", "display", "energy_j")
    #expect(abs(extra - 577.98) < 1e-6)
    let rest = { (result: [String: Any]) in
      Self.number(result, "energy_j") - Self.number(result, "components", "display", "energy_j")
    }
    #expect(abs(rest(brighter) - rest(saved)) < 1e-6)
  }
}
