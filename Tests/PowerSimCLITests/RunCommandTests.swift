import Foundation
import JSONSupport
import TestSupport
import Testing

/// `powersim run` on the *The power-state ladder* worked example, every number checked against the
/// hand computation.
///
/// The GPS alone (see *The power-state ladder*): 1.27 J = floor 0 + fixed 0.97 + dynamic 0.30; one
/// wake-up; latencies 1.3 s and 0.5 s. The platform (on 100 mW, sleep 10 mW after 500 ms, no wake
/// latency) is busy while the GPS wakes, serves or holds, 2.0–5.5 s, then holds 5.5–6.0 s: on for 4
/// s = 0.4 J, asleep for 16 s = 0.16 J, total 0.56 J; floor 20 s × 10 mW = 0.2 J; fixed (busy for
/// its child 3.5 s, then the hold 0.5 s: a host's power above its floor is fixed cost, *Results and
/// accounting*) 4 s × 90 mW = 0.36 J; dynamic 0. Device: 1.83 J over 20 s = 91.5 mW. The workload
/// gets all but the platform's floor: 1.27 + 0.36 = 1.63 J; (unattributed) 0.2 J. Latency by QoS
/// class: the one `default` workload's two runs, 500 ms and 1.3 s.
@Suite struct RunCommandTests {
  static let summary = """
    GPS worked example
      device gps-board, 20 s, seed 0
      energy 1.83 J, average power 91.5 mW, peak 400 mW

    component  energy   share  avg power   floor   fixed  dynamic  wake-ups
    ───────────────────────────────────────────────────────────────────────
    platform   560 mJ   30.6%      28 mW  200 mJ  360 mJ      0 J         0
    gps        1.27 J   69.4%    63.5 mW     0 J  970 mJ   300 mJ         1
    ───────────────────────────────────────────────────────────────────────
    total      1.83 J  100.0%    91.5 mW  200 mJ  1.33 J   300 mJ

    workload        energy  share  runs  p50 latency    p99    max  notes
    ─────────────────────────────────────────────────────────────────────────────────────
    fix             1.63 J  89.1%     2       500 ms  1.3 s  1.3 s
    (unattributed)  200 mJ  10.9%                                   floors, idle, display

    qos      workloads  runs  p50 latency    p99    max  dropped  missed  unfinished
    ────────────────────────────────────────────────────────────────────────────────
    default          1     2       500 ms  1.3 s  1.3 s        0       0           0

    """

  @Test func summaryOfTheWorkedExample() throws {
    let directory = try TemporaryDirectory()
    let scenario = try directory.write(gpsScenarioText, to: "gps.json")
    let result = CLI.run(["run", scenario])
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
    #expect(result.output == Self.summary)
  }

  /// 1 Wh = 3600 J; the run drains 1.83 J in 20 s (91.5 mW), so the battery would last
  /// 3600 / 0.0915 s = 10.93 h, and ends at 1 − 1.83 / 3600 = 99.95%, printed 99.9%.
  @Test func summaryWithABattery() throws {
    let directory = try TemporaryDirectory()
    let scenario = try directory.write(gpsScenarioText, to: "gps.json")
    let result = CLI.run(["run", scenario, "--variant", "with battery"])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "GPS worked example — variant with battery")
    #expect(
      lines.dropFirst(2).first
        == "  energy 1.83 J, average power 91.5 mW, peak 400 mW, battery life 10.93 h, lowest charge 99.9%"
    )
    #expect(
      result.output.hasSuffix(
        "\nbattery: drew 1.83 J of 3.6 kJ over 20 s unplugged; ends at 99.9%; lowest 99.9%; battery life 10.93 h\n  (battery life = capacity ÷ average drain over the unplugged time the device ran; not given for a battery that ran out, whose ran-out time stands instead)\n"
      ))
  }

  // MARK: --json

  static func number(_ value: JSONValue?) -> Double? {
    guard case .number(let number)? = value else { return nil }
    return number.doubleValue
  }

  static func object(_ value: JSONValue?) -> JSONObject? {
    guard case .object(let object)? = value else { return nil }
    return object
  }

  @Test func jsonSummary() throws {
    let directory = try TemporaryDirectory()
    let scenario = try directory.write(gpsScenarioText, to: "gps.json")
    let result = CLI.run(["run", scenario, "--json"])
    #expect(result.status == 0)
    let json = try JSONReader.parse(result.output)
    let root = try #require(Self.object(json))
    #expect(
      root.keys == [
        "variant", "duration_s", "energy_j", "average_power_w", "battery", "peak_power_w",
        "low_power_s", "thermal", "components", "workloads", "qos", "apps",
      ])
    #expect(Self.number(root["peak_power_w"]) == 0.4)
    #expect(root["variant"] == .string("baseline"))
    #expect(Self.number(root["duration_s"]) == 20)
    #expect(Self.number(root["energy_j"]) == 1.83)
    #expect(Self.number(root["average_power_w"]) == 0.0915)
    #expect(root["battery"] == .null, "the board has no battery")

    let components = try #require(Self.object(root["components"]))
    #expect(components.keys == ["platform", "gps"])
    let gps = try #require(Self.object(components["gps"]))
    #expect(gps.keys == ["energy_j", "floor_j", "fixed_j", "dynamic_j", "wakeups", "states"])
    #expect(Self.number(gps["energy_j"]) == 1.27)
    #expect(Self.number(gps["floor_j"]) == 0)
    #expect(Self.number(gps["fixed_j"]) == 0.97)
    #expect(Self.number(gps["dynamic_j"]) == 0.3)
    #expect(Self.number(gps["wakeups"]) == 1)
    let states = try #require(Self.object(gps["states"]))
    // Residency: off 0–2 and 10.5–20 s; waking 2–2.8; active 2.8–5.5; hot 5.5–10.5.
    let expected: [(String, Double, Double)] = [
      ("active", 2.7, 0.81), ("hot", 5, 0.3), ("off", 11.5, 0), ("waking", 0.8, 0.16),
    ]
    #expect(states.keys == expected.map(\.0))
    for (name, residency, energy) in expected {
      let state = try #require(Self.object(states[name]))
      #expect(Self.number(state["residency_s"]) == residency, "\(name)")
      #expect(Self.number(state["energy_j"]) == energy, "\(name)")
    }
    let platform = try #require(Self.object(components["platform"]))
    #expect(Self.number(platform["energy_j"]) == 0.56)
    #expect(Self.number(platform["floor_j"]) == 0.2)
    #expect(Self.number(platform["fixed_j"]) == 0.36)
    #expect(Self.number(platform["dynamic_j"]) == 0)
    #expect(Self.number(platform["wakeups"]) == 0)

    let workloads = try #require(Self.object(root["workloads"]))
    let fix = try #require(Self.object(workloads["fix"]))
    for key in [
      "occurrences", "energy_j", "latency_p50_s", "latency_p99_s", "latency_max_s",
      "dropped_frames",
    ] {
      #expect(fix.keys.contains(key), "\(key)")
    }
    #expect(Self.number(fix["occurrences"]) == 2)
    #expect(Self.number(fix["energy_j"]) == 1.63)
    #expect(Self.number(fix["latency_p50_s"]) == 0.5)
    #expect(Self.number(fix["latency_p99_s"]) == 1.3)
    #expect(Self.number(fix["latency_max_s"]) == 1.3)
    #expect(Self.number(fix["dropped_frames"]) == 0)

    let qos = try #require(Self.object(root["qos"]))
    #expect(qos.keys == ["default"])
    let byClass = try #require(Self.object(qos["default"]))
    #expect(Self.number(byClass["workloads"]) == 1)
    #expect(Self.number(byClass["occurrences"]) == 2)
    #expect(Self.number(byClass["latency_p50_s"]) == 0.5)
    #expect(Self.number(byClass["latency_p99_s"]) == 1.3)
    #expect(Self.number(byClass["latency_max_s"]) == 1.3)
    #expect(Self.number(byClass["deadline_misses"]) == 0)
  }

  @Test func jsonBattery() throws {
    let directory = try TemporaryDirectory()
    let scenario = try directory.write(gpsScenarioText, to: "gps.json")
    let result = CLI.run(["run", scenario, "--json", "--variant", "with battery"])
    let root = try #require(Self.object(try JSONReader.parse(result.output)))
    #expect(root["variant"] == .string("with battery"))
    let battery = try #require(Self.object(root["battery"]))
    #expect(Self.number(battery["energy_j"]) == 1.83)
    // 3600 J / 0.0915 W = 39 344.26 s = 10.928962 h (six decimals).
    #expect(Self.number(battery["life_h"]) == 10.928962)
  }

  // MARK: Errors

  @Test func scenarioErrorsExitWithOne() throws {
    let directory = try TemporaryDirectory()
    let bad = try directory.write(
      #"{ "device": "devboard", "duration": "10 s", "workloads": { "sync": { "every": "5 MB", "work": { "gps": "1 s" } } } }"#,
      to: "bad.json")
    let result = CLI.run(["run", bad])
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(
      result.error
        == #"Error: \#(bad): workloads.sync.every: expected a time such as "5 s" or "20 ms", found "5 MB" (a data size)"#
        + "\n")
    let missing = directory.path("missing.json")
    #expect(
      CLI.run(["run", missing]).error
        == "Error: \(missing): cannot read the file: it does not exist\n")
    let scenario = try directory.write(gpsScenarioText, to: "gps.json")
    let unknown = CLI.run(["run", scenario, "--variant", "batery"])
    #expect(unknown.status == 1)
    #expect(
      unknown.error
        == #"Error: \#(scenario): there is no variant "batery" (the scenario has "baseline", "with battery" and "a,"quoted" one")"#
        + "\n")
  }
}
