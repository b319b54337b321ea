import Foundation
import JSONSupport
import Quantities
import TestSupport
import Testing

@testable import ScenarioFiles

/// `powersim schema`: the shipped copy, the shipped scenarios and built-in devices against it,
/// documents it must reject, and agreement with the decoder.
@Suite struct ScenarioSchemaTests {
  static var validator: JSONSchemaValidator {
    JSONSchemaValidator(root: ScenarioSchema.document)
  }

  static func violations(_ text: String) throws -> [String] {
    try validator.violations(of: try JSONReader.parse(text)).map(\.description)
  }

  @Test func shippedCopyIsTheCommandOutput() throws {
    let shipped = try Data(
      contentsOf: RepositoryFiles.scenarios.appendingPathComponent("schema.json"))
    #expect(
      String(decoding: shipped, as: UTF8.self) == ScenarioSchema.text,
      "scenarios/schema.json is stale: run 'swift run powersim schema > scenarios/schema.json'")
  }

  @Test(arguments: try RepositoryFiles.scenarioNames())
  func shippedScenarioValidatesAndReferencesTheSchema(name: String) throws {
    let json = try JSONReader.parse(try RepositoryFiles.text(ofScenario: name))
    #expect(try Self.validator.violations(of: json) == [])
    guard case .object(let object) = json else { return }
    #expect(object["$schema"] == .string("schema.json"))
  }

  @Test(arguments: BuiltInDevices.names)
  func builtInDeviceValidates(name: String) throws {
    let json = try JSONReader.parse(BuiltInDevices.json(named: name)!)
    #expect(try Self.validator.violations(of: json, definition: "device_object") == [])
  }

  /// A scenario that uses every key, decoded by the decoder and validated by the schema: the
  /// schema is not stricter than the decoder.
  @Test func everyKeyTheDecoderAcceptsTheSchemaAccepts() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("powersim-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "time,cpu,gps\r\n1 s,2 ms,\r\n2 s,,1 s\r\n".write(
      to: directory.appendingPathComponent("trace.csv"), atomically: true, encoding: .utf8)
    let file = directory.appendingPathComponent("sink.json").path
    try Self.kitchenSink.write(toFile: file, atomically: true, encoding: .utf8)
    let document = try ScenarioDocument.load(file)
    for variant in document.variantNames { _ = try document.scenario(variant: variant) }
    #expect(try Self.violations(Self.kitchenSink) == [])
  }

  static let kitchenSink = """
    {
      "$schema": "schema.json", "x-note": "every key",
      "name": "Kitchen sink", "description": "Every key a scenario may have.",
      "device": "phone",
      "device_patch": { "components": { "gps": { "type": "generic", "parent": "platform",
        "idle_policy": "timeout", "states": [ { "name": "on", "power": "300 mW" },
        { "name": "off", "power": 0, "after": "1 s", "wake_latency": "100 ms",
          "wake_power": "200 mW", "min_residency": "1 ms", "description": "asleep" } ] } } },
      "duration": "10 min", "seed": 7,
      "environment": {
        "network": [ { "from": 0, "to": "5 min", "network": "wifi" },
                     { "from": "5 min", "to": "10 min", "network": "cellular" } ],
        "charging": [ ["8 min", "9 min"] ], "battery_start": "80%",
        "low_power": { "below": "20%" } },
      "display": [ { "from": 0, "to": "1 min", "brightness": "50%", "appearance": "dark" },
                   { "from": "2 min", "to": "3 min", "brightness": 0.3, "apl": 0.2 } ],
      "visibility": [ ["0 s", "5 min"] ],
      "apps": { "app": {}, "mail": { "foreground": [ ["0 s", "1 min"] ],
        "background_time": "unlimited", "timer_leeway": "2 s" } },
      "workloads": {
        "once": { "at": "1 s", "work": { "cpu": "2 ms", "threads": 2,
          "parallel_efficiency": "90%", "qos": "user-initiated" } },
        "timer": { "every": "10 s", "from": "1 s", "until": "9 min", "count": 20,
          "tolerance": "1 s", "when": "visible", "app": "mail",
          "work": [ { "cpu": "1 ms" }, { "write": "64 KiB", "write_size": "4 KiB" },
                    { "read": "1 MB" } ] },
        "poisson": { "rate": "0.1 Hz", "from": "10 s", "until": "8 min", "debounce": "5 s",
          "work": { "download": "100 KB", "via": "wifi" } },
        "sporadic": { "mean_interval": "30 s", "work": { "upload": "10 KB" } },
        "replay": { "times": ["1 s", "2 s", "3.5 s"], "work": { "gps": "2 s" } },
        "trace": { "trace": "trace.csv", "when": "visible" },
        "ui": { "frames": "60 fps", "from": "0 s", "for": "30 s",
          "work": { "cpu": "3 ms", "gpu": "4 ms" } },
        "ui-range": { "frames": { "min": "30 fps", "max": "120 fps", "preferred": "60 fps" },
          "work": { "cpu": "3 ms", "gpu": "4 ms" } },
        "deferred": { "window": ["1 min", "9 min"], "requires": "radio-active",
          "interruptible": true, "work": { "download": "5 MB" } },
        "refresh": { "every": "5 min", "window": "1 min", "from": "1 min", "until": "9 min",
          "count": 2, "requires": ["wifi", "battery-ok"], "interruptible": false, "app": "mail",
          "when": "visible", "work": { "download": "1 MB" } },
        "pushed": { "rate": "0.05 Hz", "push": "low", "push_size": "8 KB", "max_delay": "2 min",
          "collapse": true, "app": "mail", "work": { "cpu": "5 ms" } },
        "located": { "at": "2 s", "work": { "recipe": "location-best" } },
        "saved": { "on": "background", "delay": "1 s", "app": "mail",
          "when": ["display-on", "not-low-power"], "work": { "write": "1 MB" } },
        "whenever": { "window": ["1 min", "9 min"], "when": "thermal-nominal",
          "work": { "cpu": "1 s" } },
        "online": { "window": ["1 min", "9 min"], "requires": ["network", "good-network"],
          "work": { "download": "1 MB" } }
      },
      "variants": {
        "no-timer": { "workloads": { "timer": null } },
        "light": { "display": [ { "from": 0, "to": "10 min", "brightness": 1,
          "appearance": "light" } ] }
      }
    }
    """

  /// Each document breaks one rule of *Quantities and units*, *Scenario file reference*, *Device
  /// files* and *OS policies*; the schema reports it where it is.
  @Test(arguments: [
    (#"{ "device": "phone", "duration": "1 s", "durration": 1 }"#, #"durration: unknown key"#),
    (#"{ "device": "phone" }"#, #"(top level): missing required key "duration""#),
    (#"{ "device": "phone", "duration": "5 MB" }"#, "duration: matches none of anyOf"),
    (#"{ "device": "phone", "duration": -1 }"#, "duration: matches none of anyOf"),
    (#"{ "device": 3, "duration": "1 s" }"#, "device: matches 0 branches of oneOf"),
    (
      #"{ "device": "phone", "duration": "1 s", "workloads": { "w": { "every": "1 s", "at": "0 s", "work": { "cpu": "1 ms" } } } }"#,
      "workloads.w: matches 0 branches of oneOf"
    ),
    (
      #"{ "device": "phone", "duration": "1 s", "workloads": { "w": { "at": "0 s", "tolerance": "1 s", "work": { "cpu": "1 ms" } } } }"#,
      "workloads.w: matches 0 branches of oneOf"
    ),
    (
      #"{ "device": "phone", "duration": "1 s", "workloads": { "w": { "at": "0 s" } } }"#,
      "workloads.w: matches 0 branches of oneOf"
    ),
    (
      #"{ "device": "phone", "duration": "1 s", "variants": { "baseline": {} } }"#,
      "variants.baseline: no value is allowed here"
    ),
    (
      #"{ "device": "phone", "duration": "1 s", "environment": { "battery_start": 1.5 } }"#,
      "environment.battery_start: matches none of anyOf"
    ),
    (
      #"{ "device": "phone", "duration": "1 s", "display": [ { "from": 0, "to": 1, "brightness": 1, "appearance": "dark", "apl": 0.5 } ] }"#,
      "display[0]: matches 2 branches of oneOf"
    ),
    (
      #"{ "device": { "components": { "m": { "type": "modem", "states": [] } } }, "duration": "1 s" }"#,
      "device: matches 0 branches of oneOf"
    ),
    (
      #"{ "device": { "name": "d" }, "duration": "1 s" }"#,
      "device: matches 0 branches of oneOf"
    ),
  ])
  func invalidDocumentIsRejected(document: String, expected: String) throws {
    let violations = try Self.violations(document)
    #expect(violations.contains { $0.hasPrefix(expected) }, "\(violations)")
  }

  @Test func invalidWorkIsRejectedInside() throws {
    let validator = Self.validator
    for work in [#"{ "qos": "fast" }"#, #"[ { "cpu": "1 MB" } ]"#, #"{ "threads": 0 }"#, "[]x"] {
      guard let json = try? JSONReader.parse(work) else { continue }
      #expect(try !validator.violations(of: json, definition: "work").isEmpty, "\(work)")
    }
  }

  /// The key lists the decoders check and word their messages with, derived from the language,
  /// are the ones written out here by hand.
  @Test func decodersReadTheirKeysFromTheLanguage() {
    #expect(
      ScenarioDecoder.timingKeys == [
        "at", "every", "rate", "mean_interval", "times", "trace", "frames", "window", "on",
      ])
    #expect(
      ScenarioDecoder.allModifiers == [
        "from", "until", "count", "tolerance", "for", "requires", "interruptible", "thread", "task",
        "delay",
      ])
    let task = ScenarioDecoder.repeatingTaskKind
    #expect(
      ScenarioDecoder.modifiers == [
        "at": ["thread"], "every": ["from", "until", "count", "tolerance", "thread"],
        "rate": ["from", "until", "thread"], "mean_interval": ["from", "until", "thread"],
        "times": ["thread"], "trace": ["thread"], "frames": ["from", "for"],
        "window": ["requires", "interruptible", "thread", "task"],
        task: ["from", "until", "count", "requires", "interruptible", "thread", "task"],
        "on": ["delay"],
      ])
    #expect(ScenarioDecoder.kindsWithoutDebounce == ["frames", "window", task, "on"])
    #expect(ScenarioDecoder.kindsWithoutPush == ["frames", "window", task, "on"])
    #expect(
      ScenarioLanguage.workload.keyNames
        == ScenarioDecoder.timingKeys + ScenarioDecoder.allModifiers
        + ["when", "debounce", "work", "app"] + ScenarioDecoder.pushKeys)
    #expect(
      ScenarioLanguage.scenario.keyNames == [
        "name", "description", "device", "device_patch", "duration", "seed", "environment",
        "display", "visibility", "apps", "workloads", "variants",
      ])
    #expect(
      WorkDecoder.stepKeys == [
        "cpu", "threads", "qos", "parallel_efficiency", "read", "write", "write_size", "download",
        "upload", "via", "gpu", "resolution", "fps", "call", "video", "bitrate",
      ])
    #expect(ScenarioLanguage.recipe.keyNames == WorkDecoder.stepKeys.filter { $0 != "qos" })
    #expect(
      DeviceDecoder.componentTypes == [
        "platform", "island", "cpu", "storage", "radio", "gpu", "display", "generic",
      ])
    let common = ["type", "description", "parent"]
    let ladder = common + ["states", "idle_policy"]
    #expect(
      DeviceDecoder.componentKeys == [
        "platform": ladder + ["memory"],
        "island": ladder,
        "cpu": common + ["dispatch_cost", "display_latency_limit", "clusters", "qos_policy"],
        "storage": ladder + [
          "read_bandwidth", "write_bandwidth", "read_power", "write_power", "command_latency",
          "page_size",
        ],
        "radio": ladder + [
          "technology", "downlink", "uplink", "rtt", "transfer_power", "signal_power", "drx",
          "scanning",
        ],
        "gpu": ladder + ["opps", "frequency"],
        "display": common + [
          "technology", "refresh_rates", "idle_refresh", "panel_power", "per_hz",
          "full_white_power", "backlight_power", "brightness_curve", "brightness_gamma",
          "appearance_apl", "off_power", "max_luminance",
        ],
        "generic": ladder + ["memory_bandwidth", "pixel_energy", "pixel_memory"],
      ])
    #expect(DeviceDecoder.activeStateKeys == ["name", "power", "description"])
    #expect(
      DeviceDecoder.idleStateKeys == [
        "name", "power", "after", "wake_latency", "wake_power", "min_residency",
        "suspended_power", "description",
      ])
  }

  /// Each workload form's branch of the schema holds exactly the keys the decoder lets that
  /// timing kind have: the selecting keys, its modifiers, `when` and `app` always, `work` but
  /// for a trace, `debounce` and the push keys for arrivals.
  @Test func eachWorkloadBranchHasTheKeysOfItsKind() throws {
    let root = try #require(Self.object(ScenarioSchema.document))
    let definitions = try #require(Self.object(root["$defs"]))
    for (form, kind) in ScenarioDecoder.kindNames {
      let branch = try #require(Self.object(definitions["workload_\(form)"]))
      let timing = kind == ScenarioDecoder.repeatingTaskKind ? ["every", "window"] : [kind]
      let isArrival = !ScenarioDecoder.kindsWithoutPush.contains(kind)
      let expected =
        timing + (ScenarioDecoder.modifiers[kind] ?? []) + ["when"]
        + (ScenarioDecoder.kindsWithoutDebounce.contains(kind) ? [] : ["debounce"])
        + (kind == "trace" ? [] : ["work"]) + ["app"]
        + (isArrival ? ScenarioDecoder.pushKeys : [])
      #expect(Self.propertyNames(branch) == expected, "\(kind)")
    }
  }

  /// A repeating deferrable task that names its app and runs only when visible: the decoder
  /// takes it, and so does the schema (it once did not).
  @Test func repeatingTaskTakesAppAndWhen() throws {
    let document = """
      { "device": "phone", "duration": "2 h",
        "apps": { "mail": { "foreground": [["0 s", "10 min"]] } },
        "workloads": { "refresh": { "every": "1 h", "window": "10 min", "app": "mail",
          "when": "visible", "requires": ["wifi"], "work": { "download": "1 MB" } } } }
      """
    let scenario = try decodeScenario(document)
    #expect(scenario.setup.workloads.map(\.app) == ["mail"])
    #expect(scenario.setup.workloads.map(\.onlyWhenVisible) == [true])
    #expect(try Self.violations(document) == [])
  }

  /// A device that extends another is a merge patch: its components may be partial or `null`,
  /// but its keys are still a device's.
  @Test func deviceThatExtendsAnotherIsAPatch() throws {
    let patch = try JSONReader.parse(
      #"{ "extends": "phone", "battery": { "charge_power": "5 W" }, "components": { "cpu": { "dispatch_cost": "20 µs" }, "gpu": null } }"#
    )
    #expect(try Self.validator.violations(of: patch, definition: "device_object") == [])
    let typo = try JSONReader.parse(#"{ "extends": "phone", "batery": {} }"#)
    #expect(
      try Self.validator.violations(of: typo, definition: "device_object").map(\.description) == [
        "(top level): matches 0 branches of oneOf, not 1"
      ])
    let partial = try JSONReader.parse(#"{ "components": { "cpu": { "dispatch_cost": "1 ms" } } }"#)
    #expect(try !Self.validator.violations(of: partial, definition: "device_object").isEmpty)
  }

  /// The example of every object in the reference is valid against the object's definition.
  @Test(arguments: ScenarioLanguage.objects.map(\.name))
  func objectExampleValidates(name: String) throws {
    let object = ScenarioLanguage.object(name)
    let example = try JSONReader.parse(object.example)
    let definition = name == ScenarioLanguage.scenario.name ? nil : name
    #expect(try Self.validator.violations(of: example, definition: definition) == [])
  }

  static func object(_ value: JSONValue?) -> JSONObject? {
    if case .object(let object)? = value { return object }
    return nil
  }

  static func propertyNames(_ schema: JSONObject) -> [String] {
    object(schema["properties"])?.keys ?? []
  }
}
