import DeviceModels
public import JSONSupport
import Quantities

/// The JSON Schema (draft 2020-12) of scenario files (SPEC sections 3, 4 and 6), which
/// `powersim schema` prints and `scenarios/schema.json` holds, so editors validate and complete
/// scenario files.
///
/// The schema uses only keywords editors widely support: `type`, `properties`, `required`,
/// `additionalProperties`, `patternProperties`, `items`, `enum`, `oneOf`, `anyOf`, `pattern`,
/// `minimum`, `maximum`, `$ref`, `$defs` and `description`. It checks the shape of a file and
/// the units of its quantities; it does not check what needs the whole file to decide (a time
/// within the run, intervals in order, a work step the device has a component for): `powersim
/// validate` does.
public enum ScenarioSchema {
  /// The schema's text: pretty-printed JSON ending in a newline.
  public static var text: String { document.serialized(pretty: true) + "\n" }

  /// The schema.
  public static var document: JSONValue {
    var root = JSONObject()
    root["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
    root["description"] = .string(
      "A powersim scenario: a device, the workloads it runs, and design alternatives (variants) to compare."
    )
    root["type"] = .string("object")
    root["properties"] = .object(
      JSONObject([
        ("name", string("The scenario's name, shown in reports (default: the file's name).")),
        ("description", string("What the scenario shows.")),
        (
          "device",
          ref(
            "device",
            "A built-in device name (see 'powersim devices'), a path to a device file (relative to this file), or an inline device object."
          )
        ),
        (
          "device_patch",
          mergePatch(
            "A JSON Merge Patch (RFC 7396) applied to the device before use: \"the phone with a bigger battery\"."
          )
        ),
        ("duration", ref("time", "How long the run lasts; at most 366 days.")),
        (
          "seed",
          integer(
            "The seed of every random stream; the same file and seed give byte-identical outputs (default 0).",
            minimum: 0)
        ),
        ("environment", ref("environment")),
        (
          "display",
          array(
            ref("display_session"),
            "Intervals with the display on; outside them it is off (no display key: off for the whole run)."
          )
        ),
        (
          "visibility",
          ref(
            "intervals",
            "Intervals in which the app is visible (no visibility key: always visible); workloads with \"when\": \"visible\" do nothing outside them. With apps, each app's foreground intervals default to these."
          )
        ),
        ("apps", appsProperty),
        (
          "workloads",
          object(
            "The workloads, keyed by name; names order ties deterministically.",
            properties: [], additional: ref("workload"), extensionKeys: false)
        ),
        ("variants", variants),
      ]))
    root["required"] = .array([.string("device"), .string("duration")])
    root["patternProperties"] = extensionPattern
    root["additionalProperties"] = .bool(false)
    var definitions = JSONObject(quantityDefinitions)
    for (key, value) in scenarioDefinitions + workloadDefinitions + deviceDefinitions
      + appDefinitions
    {
      definitions[key] = value
    }
    root["$defs"] = .object(definitions)
    return .object(root)
  }

  // MARK: Scenario parts

  static var variants: JSONValue {
    var object = JSONObject()
    object["description"] = .string(
      "Named design alternatives, each a JSON Merge Patch (RFC 7396) over the whole scenario without its variants; the scenario itself is the variant named baseline."
    )
    object["type"] = .string("object")
    object["properties"] = .object(JSONObject([("baseline", .bool(false))]))
    object["additionalProperties"] = mergePatch(
      "A merge patch over the scenario: objects merge member by member, arrays are replaced whole, null deletes a key."
    )
    return .object(object)
  }

  static var scenarioDefinitions: [(String, JSONValue)] {
    [
      (
        "interval",
        array(
          ref("time"),
          "A half-open interval [from, to) of the run: two times, the first before the second.")
      ),
      (
        "intervals",
        array(ref("interval"), "Intervals [from, to) in time order, without overlaps.")
      ),
      (
        "environment",
        object(
          "The world around the device: the network, the charger, the battery and Low Power Mode.",
          properties: [
            (
              "network",
              oneOf(
                [
                  string(
                    "\"wifi\", \"cellular\" or the name of a radio of the device, for the whole run."
                  ),
                  array(
                    ref("network_interval"),
                    "The network over time: intervals that cover the run without gaps or overlaps."
                  ),
                ],
                "Which radio carries traffic by default (default: Wi-Fi, else the device's first radio)."
              )
            ),
            ("charging", ref("intervals", "Intervals during which the device is plugged in.")),
            ("battery_start", ref("fraction", "The state of charge at time 0 (default 100%).")),
            (
              "low_power",
              oneOf(
                [
                  ref("intervals", "Intervals with Low Power Mode on."),
                  object(
                    "On when an unplugged battery falls to this charge; off when charging starts.",
                    properties: [("below", ref("fraction", "The charge, such as \"20%\"."))],
                    required: ["below"]),
                ],
                "Low Power Mode (SPEC 6.6): slower clocks, at most 60 Hz, repeating background tasks paused, timers given leeway."
              )
            ),
          ])
      ),
      (
        "network_interval",
        object(
          "An interval during which one radio carries traffic, with the network's quality, or none does (offline).",
          properties: [
            ("from", ref("time")), ("to", ref("time")),
            (
              "network",
              string(
                "\"wifi\", \"cellular\" or the name of a radio of the device; \"offline\": no network (transfers wait, those in flight stall)."
              )
            ),
            (
              "downlink",
              ref("data_rate", "The downlink bandwidth in this interval (default: the radio's).")
            ),
            (
              "uplink",
              ref("data_rate", "The uplink bandwidth in this interval (default: the radio's).")
            ),
            ("rtt", ref("time", "The round-trip time in this interval (default: the radio's).")),
            (
              "signal",
              choice(
                SignalLevel.allCases.map(\.rawValue),
                "The signal level (default good): the transfer power is multiplied by the radio's signal_power factor for it."
              )
            ),
          ], required: ["from", "to", "network"])
      ),
      (
        "display_session",
        object(
          "An interval with the display on, with its brightness and either an appearance or an explicit average pixel level.",
          properties: [
            ("from", ref("time")), ("to", ref("time")),
            (
              "brightness",
              ref("fraction", "The user's brightness setting, 0–100% (perceptual).")
            ),
            (
              "appearance",
              choice(
                Appearance.allCases.map(\.rawValue),
                "Light or dark appearance, which the device maps to an average pixel level.")
            ),
            ("apl", ref("fraction", "An explicit average pixel level.")),
          ], required: ["from", "to", "brightness"],
          oneOf: [["appearance"], ["apl"]])
      ),
    ]
  }

  // MARK: Quantities

  /// One definition per dimension: a bare number in the base unit, or a string with a unit.
  static var quantityDefinitions: [(String, JSONValue)] {
    let dimensions: [(String, Dimension, String)] = [
      ("time", .time, "s"), ("power", .power, "W"), ("energy", .energy, "J"),
      ("data_size", .dataSize, "B"), ("data_rate", .dataRate, "B/s"),
      ("frequency", .frequency, "Hz"), ("fraction", .fraction, "1"), ("voltage", .voltage, "V"),
    ]
    return dimensions.map { name, dimension, base in
      var number = JSONObject()
      number["type"] = .string("number")
      number["minimum"] = .number(JSONNumber(0))
      if dimension == .fraction { number["maximum"] = .number(JSONNumber(1)) }
      var text = JSONObject()
      text["type"] = .string("string")
      text["pattern"] = .string(dimension.pattern)
      var definition = JSONObject()
      let units = dimension.acceptedUnits.joined(separator: ", ")
      definition["description"] = .string(
        dimension == .fraction
          ? "A fraction: a number from 0 to 1, or a percentage such as \"40%\"."
          : "\(dimension.phrase.capitalizedFirst): a number in \(base), or a string \"<number> <unit>\" with a unit of \(units)."
      )
      definition["anyOf"] = .array([.object(number), .object(text)])
      return (name, .object(definition))
    }
  }

  // MARK: Builders

  /// Keys starting with `$` or `x-` are allowed in every object (SPEC section 3).
  static var extensionPattern: JSONValue {
    .object(JSONObject([("^(\\$|x-)", .object(JSONObject()))]))
  }

  static func ref(_ name: String, _ description: String? = nil) -> JSONValue {
    var object = JSONObject()
    object["$ref"] = .string("#/$defs/\(name)")
    if let description { object["description"] = .string(description) }
    return .object(object)
  }

  static func string(_ description: String) -> JSONValue {
    .object(JSONObject([("description", .string(description)), ("type", .string("string"))]))
  }

  static func integer(_ description: String, minimum: Int, maximum: Int? = nil) -> JSONValue {
    var object = JSONObject()
    object["description"] = .string(description)
    object["type"] = .string("integer")
    object["minimum"] = .number(JSONNumber(minimum))
    if let maximum { object["maximum"] = .number(JSONNumber(maximum)) }
    return .object(object)
  }

  static func number(_ description: String, minimum: Int) -> JSONValue {
    var object = JSONObject()
    object["description"] = .string(description)
    object["type"] = .string("number")
    object["minimum"] = .number(JSONNumber(minimum))
    return .object(object)
  }

  static func choice(_ values: [String], _ description: String) -> JSONValue {
    .object(
      JSONObject([
        ("description", .string(description)), ("enum", .array(values.map { .string($0) })),
      ]))
  }

  static func array(_ items: JSONValue, _ description: String) -> JSONValue {
    .object(
      JSONObject([
        ("description", .string(description)), ("type", .string("array")), ("items", items),
      ]))
  }

  static func oneOf(_ schemas: [JSONValue], _ description: String) -> JSONValue {
    .object(JSONObject([("description", .string(description)), ("oneOf", .array(schemas))]))
  }

  static func mergePatch(_ description: String) -> JSONValue {
    .object(JSONObject([("description", .string(description)), ("type", .string("object"))]))
  }

  /// An object with `properties`; other keys must match `additional` (`false`: none allowed),
  /// except `$…` and `x-…` keys when `extensionKeys`. `oneOf` lists alternative sets of
  /// required keys (exactly one set must be present), `anyOf` sets of which at least one must.
  static func object(
    _ description: String, properties: [(String, JSONValue)], required: [String] = [],
    additional: JSONValue = .bool(false), extensionKeys: Bool = true,
    oneOf: [[String]] = [], anyOf: [[String]] = []
  ) -> JSONValue {
    var object = JSONObject()
    object["description"] = .string(description)
    object["type"] = .string("object")
    if !properties.isEmpty { object["properties"] = .object(JSONObject(properties)) }
    if !required.isEmpty { object["required"] = .array(required.map { .string($0) }) }
    if extensionKeys { object["patternProperties"] = extensionPattern }
    object["additionalProperties"] = additional
    let requirements = { (sets: [[String]]) -> JSONValue in
      .array(
        sets.map { .object(JSONObject([("required", .array($0.map { .string($0) }))])) })
    }
    if !oneOf.isEmpty { object["oneOf"] = requirements(oneOf) }
    if !anyOf.isEmpty { object["anyOf"] = requirements(anyOf) }
    return .object(object)
  }
}

extension String {
  /// The string with its first character upper-cased.
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
