import Testing

/// A misspelt key is reported as itself, with the key it most likely meant, before anything it
/// causes: a required key that looks missing, a choice of keys that looks empty, a modifier that
/// looks alone. Every kind of object the decoders read checks its keys first.
@Suite struct MisspeltKeyTests {
  static let on = DeviceDecoderErrorTests.on
  static let off = DeviceDecoderErrorTests.off

  /// The error of a scenario on the GPS board with one workload `w` (an object's JSON).
  static func workloadError(_ workload: String) -> String? {
    scenarioError(gpsScenario(workloads: #"{ "w": \#(workload) }"#))
  }

  /// The error of an inline device with one generic component `gps` (an object's JSON).
  static func componentError(_ component: String) -> String? {
    DeviceDecoderErrorTests.error(#""gps": \#(component)"#)
  }

  /// A CPU component whose one cluster has `cluster`'s members added and `opps`.
  static func cpu(cluster: String = "", opps: String = #"[ { "freq": "1 GHz", "power": "1 W" } ]"#)
    -> String
  {
    #"""
    "cpu": { "type": "cpu", "clusters": [ { "name": "c", "cores": 1, "opps": \#(opps),
      "core_states": [\#(on), \#(off)], "states": [\#(on), \#(off)]\#(cluster) } ] }
    """#
  }

  @Test(arguments: [
    (
      // Seen as missing before: the scenario needed "duration".
      #"{ "device": "devboard", "duraton": "1 min" }"#,
      #"test.json: duraton: unknown key "duraton" in a scenario (did you mean "duration"?)"#
    ),
    (
      #"{ "devise": "devboard", "duration": "1 min" }"#,
      #"test.json: devise: unknown key "devise" in a scenario (did you mean "device"?)"#
    ),
    (
      // A typo among valid keys and a value error after it: the typo first.
      #"{ "device": "devboard", "duration": "0 s", "sead": 1 }"#,
      #"test.json: sead: unknown key "sead" in a scenario (did you mean "seed"?)"#
    ),
  ])
  func scenario(document: String, expected: String) {
    #expect(scenarioError(document) == expected)
  }

  @Test(arguments: [
    (
      #"{ "every": "1 s", "wrok": { "gps": "1 s" } }"#,
      #"test.json: workloads.w.wrok: unknown key "wrok" in a workload (did you mean "work"?)"#
    ),
    (
      // Seen as "found none" of the timing keys before.
      #"{ "evrey": "1 s", "work": { "gps": "1 s" } }"#,
      #"test.json: workloads.w.evrey: unknown key "evrey" in a workload (did you mean "every"?)"#
    ),
    (
      // Not close to any key: every key is listed.
      #"{ "every": "1 s", "job": { "gps": "1 s" } }"#,
      #"test.json: workloads.w.job: unknown key "job" in a workload (expected one of "at", "every", "rate", "mean_interval", "times", "trace", "frames", "window", "on", "from", "until", "count", "tolerance", "for", "requires", "interruptible", "thread", "task", "delay", "when", "debounce", "work", "app", "push", "push_size", "max_delay" or "collapse")"#
    ),
    (
      // Seen as "threads" without "cpu" before.
      #"{ "at": "1 s", "work": { "threads": 2, "cpuu": "1 ms" } }"#,
      #"test.json: workloads.w.work.cpuu: unknown key "cpuu" in a work item (did you mean "cpu"?)"#
    ),
  ])
  func workload(workload: String, expected: String) {
    #expect(Self.workloadError(workload) == expected)
  }

  @Test(arguments: [
    (
      #"{ "tpye": "generic", "states": [\#(on), \#(off)] }"#,
      #"test.json: device.components.gps.tpye: unknown key "tpye" in a component (did you mean "type"?)"#
    ),
    (
      // The active state's "power".
      #"{ "type": "generic", "states": [{ "name": "on", "powr": "1 W" }, \#(off)] }"#,
      #"test.json: device.components.gps.states[0].powr: unknown key "powr" in a ladder state (did you mean "power"?)"#
    ),
    (
      // Seen as the timeout policy's missing "after" before.
      #"{ "type": "generic", "states": [\#(on), { "name": "off", "power": "0 W", "atfer": "1 s" }] }"#,
      #"test.json: device.components.gps.states[1].atfer: unknown key "atfer" in a ladder state (did you mean "after"?)"#
    ),
    (
      #"{ "type": "generic", "sates": [\#(on), \#(off)] }"#,
      #"test.json: device.components.gps.sates: unknown key "sates" in a component (did you mean "states"?)"#
    ),
  ])
  func component(component: String, expected: String) {
    #expect(Self.componentError(component) == expected)
  }

  @Test(arguments: [
    (
      DeviceDecoderErrorTests.generic("gps", "[\(on), \(off)]"),
      #"{ "capacty": "1 Wh" }"#,
      #"test.json: device.battery.capacty: unknown key "capacty" in a battery (did you mean "capacity"?)"#
    ),
    (
      cpu(cluster: #", "coers": 1"#), nil,
      #"test.json: device.components.cpu.clusters[0].coers: unknown key "coers" in a CPU cluster (did you mean "cores"?)"#
    ),
    (
      cpu(opps: #"[ { "frq": "1 GHz", "power": "1 W" } ]"#), nil,
      #"test.json: device.components.cpu.clusters[0].opps[0].frq: unknown key "frq" in an operating point (did you mean "freq"?)"#
    ),
    (
      #"""
      "wifi": { "type": "radio", "states": [\#(on), \#(off)], "downlink": "1 MB/s", "uplink": "1 MB/s",
        "transfer_power": { "bsae": "1 W", "per_mbit_down": "0 W", "per_mbit_up": "0 W" } }
      """#, nil,
      #"test.json: device.components.wifi.transfer_power.bsae: unknown key "bsae" in a throughput-dependent power (did you mean "base"?)"#
    ),
    (
      #"""
      "screen": { "type": "display", "technology": "oled", "refresh_rates": ["60 Hz"], "idle_refresh": "60 Hz",
        "panel_power": "100 mW", "per_hz": "1 mW", "full_white_power": "1 W",
        "appearance_apl": { "light": 0.5, "drak": 0.1 } }
      """#, nil,
      #"test.json: device.components.screen.appearance_apl.drak: unknown key "drak" in appearance levels (did you mean "dark"?)"#
    ),
  ])
  func device(components: String, battery: String?, expected: String) {
    #expect(DeviceDecoderErrorTests.error(components, battery: battery) == expected)
  }

  @Test(arguments: [
    (
      #""display": [ { "from": "0 s", "to": "1 s", "brightness": "50%", "apperance": "dark" } ]"#,
      #"test.json: display[0].apperance: unknown key "apperance" in a display session (did you mean "appearance"?)"#
    ),
    (
      #""environment": { "network": [ { "from": "0 s", "to": "20 s", "netwrok": "wifi" } ] }"#,
      #"test.json: environment.network[0].netwrok: unknown key "netwrok" in a network interval (did you mean "network"?)"#
    ),
  ])
  func environment(member: String, expected: String) {
    let scenario = #"{ "device": "phone", "duration": "20 s", \#(member) }"#
    #expect(scenarioError(scenario) == expected)
  }

  /// A key that is known but that the object's other keys leave without effect.
  @Test func keysWithoutEffect() {
    #expect(
      DeviceDecoderErrorTests.error(
        DeviceDecoderErrorTests.generic("gps", "[\(Self.on), \(Self.off)]"),
        battery: #"{ "capacity": "1 Wh", "voltage": "3.7 V" }"#)
        == #"test.json: device.battery.voltage: expected "voltage" only with "capacity_mah", found it with "capacity" (a device that extends one which gives it can set it to null)"#
    )
    #expect(
      scenarioError(
        #"{ "device": "phone", "duration": "1 s", "variants": { "v": { "variants": { "w": {} } } } }"#
      ) == #"test.json: variants.v.variants: a variant cannot have variants of its own"#)
    // A variant may delete "variants", which the scenario it patches no longer has.
    #expect(
      scenarioError(
        #"{ "device": "phone", "duration": "1 s", "variants": { "v": { "variants": null } } }"#,
        variant: "v") == nil)
  }
}
