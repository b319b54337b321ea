import DeviceModels
import Testing

@testable import ScenarioFiles

/// Reactions, states and conditions that read the network and the display (see *OS policies*), on
/// the built-in phone: a minute of network spells — Wi-Fi [0, 10 s), cellular [10 s, 20 s),
/// cellular at a poor signal [20 s, 30 s), offline [30 s, 40 s), cellular [40 s, 50 s), cellular
/// at another downlink [50 s, 60 s) — and the display on [5 s, 15 s) and [30 s, 35 s).
@Suite struct ReactionScenarioTests {
  static func scenario(workloads: String) -> String {
    """
    {
      "device": "phone", "duration": "60 s",
      "environment": { "network": [
        { "from": "0 s", "to": "10 s", "network": "wifi" },
        { "from": "10 s", "to": "20 s", "network": "cellular" },
        { "from": "20 s", "to": "30 s", "network": "cellular", "signal": "poor" },
        { "from": "30 s", "to": "40 s", "network": "offline" },
        { "from": "40 s", "to": "50 s", "network": "cellular" },
        { "from": "50 s", "to": "60 s", "network": "cellular", "downlink": "5 Mbit/s" } ] },
      "display": [
        { "from": "5 s", "to": "15 s", "brightness": "50%", "appearance": "light" },
        { "from": "30 s", "to": "35 s", "brightness": "50%", "appearance": "light" } ],
      "workloads": { \(workloads) }
    }
    """
  }

  static func run(_ workloads: String) throws -> RunResult {
    Simulation(setup: try decodeScenario(scenario(workloads: workloads)).setup).run()
  }

  /// network-change at 10 s (Wi-Fi to cellular), 20 s (the signal), 30 s (offline) and 40 s
  /// (back): 4; the downlink alone changing at 50 s is no change of network, and the first spell
  /// is the state the run starts in. display-on at 5 and 30 s, display-off at 15 and 35 s.
  @Test func networkAndDisplayEvents() throws {
    let result = try Self.run(
      """
      "net": { "on": "network-change", "work": { "cpu": "1 ms" } },
      "on": { "on": "display-on", "work": { "cpu": "1 ms" } },
      "off": { "on": "display-off", "work": { "cpu": "1 ms" } }
      """)
    #expect(result.workload("net").occurrences == 4)
    #expect(result.workload("on").occurrences == 2)
    #expect(result.workload("off").occurrences == 2)
  }

  /// A 10 s timer from 5 s (due at 5, 15, … 55 s): on Wi-Fi only at 5 s; with the display on at
  /// 5 s (on [5 s, 15 s): 15 s is off already) — and 30 s is not due; both at once: 5 s.
  @Test(arguments: [(#""wifi""#, 1), (#""display-on""#, 1), (#"["wifi", "display-on"]"#, 1)])
  func networkAndDisplayStates(when: String, expected: Int) throws {
    let result = try Self.run(
      #""tick": { "every": "10 s", "from": "5 s", "when": \#(when), "work": { "cpu": "1 ms" } }"#)
    #expect(result.workload("tick").occurrences == expected)
  }

  /// A window [25 s, 55 s]: "network" holds at once (cellular, though poor): it runs at 25 s;
  /// "good-network" waits for the fair-or-good signal back at 40 s (offline [30 s, 40 s)): 15 s
  /// later. Either then takes its 1 s of reference-core CPU (a few seconds at most on the phone).
  @Test(arguments: [("network", Int64(0)), ("good-network", 15)])
  func networkConditions(condition: String, waited: Int64) throws {
    let result = try Self.run(
      #""sync": { "window": ["25 s", "55 s"], "requires": "\#(condition)", "work": { "cpu": "1 s" } }"#
    )
    let latency = try #require(result.workload("sync").latency?.max)
    #expect(latency >= .seconds(waited))
    #expect(latency < .seconds(waited + 5))
  }
}
