import DeviceModels
import Foundation
import JSONSupport
import Quantities
import ScenarioFiles
import TestSupport
import Testing

/// Run limits that know the fast-forward (see `RunLimits`): a steady cycle the scenario's
/// structure promises counts only the events the fast-forward leaves to simulate, and a run that
/// takes more events than its limit stops cleanly, writing nothing.
@Suite struct FastForwardLimitsTests {
  static func scenario(_ text: String, limits: RunLimits = .standard) throws -> Scenario {
    try ScenarioDocument(json: JSONReader.parse(text), file: "test.json").scenario(limits: limits)
  }

  static let thirtyDays = #"""
    { "device": "phone", "duration": "30 d",
      "environment": { "charging": [["0 s", "30 d"]] },
      "display": [ { "from": 0, "to": "30 d", "brightness": "50%", "appearance": "light" } ],
      "workloads": { "ui": { "frames": "60 fps", "work": { "cpu": "2 ms", "gpu": "2 ms" } } } }
    """#

  static let heavy = #"""
    { "device": "phone", "duration": "2 h",
      "environment": { "charging": [["0 s", "2 h"]] },
      "display": [ { "from": 0, "to": "2 h", "brightness": "100%", "appearance": "light" } ],
      "workloads": { "game": { "frames": "60 fps", "work": { "cpu": "8 ms", "threads": 4, "gpu": "6 ms" } } } }
    """#

  @Test func probe() throws {
    let root = LimitsTests.packageRoot.appendingPathComponent("scenarios")
    for name in [
      "day-in-the-life.json", "frame-rate.json", "standby.json", "timer-coalescing.json",
    ] {
      let document = try ScenarioDocument.load(root.appendingPathComponent(name).path)
      let scenario = try document.scenario()
      let every = RunLimits.estimate(scenario.setup).events
      let skipping = RunLimits.standard.estimate(scenario.setup).events
      let processed = Simulation(setup: scenario.setup).run().processedEvents
      let full = Simulation(setup: scenario.setup, recording: RecordingOptions(fastForward: false))
        .run().processedEvents
      print("PROBE \(name): every \(every) ff \(skipping) processed \(processed) full \(full)")
    }
    for (name, text) in [("anim30d", Self.thirtyDays), ("heavy", Self.heavy)] {
      let scenario = try Self.scenario(text, limits: .unlimited)
      let every = RunLimits.estimate(scenario.setup).events
      let skipping = RunLimits.standard.estimate(scenario.setup).events
      let processed = Simulation(setup: scenario.setup).run().processedEvents
      print("PROBE \(name): every \(every) ff \(skipping) processed \(processed)")
    }
  }
}
