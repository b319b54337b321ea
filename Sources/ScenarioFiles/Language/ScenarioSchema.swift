public import JSONSupport
import Quantities

/// The JSON Schema (draft 2020-12) of scenario files, generated from ``ScenarioLanguage``:
/// `powersim schema` prints it and `scenarios/schema.json` holds it, so editors validate and
/// complete scenario files.
///
/// The schema uses only keywords editors widely support: `type`, `properties`, `required`,
/// `additionalProperties`, `patternProperties`, `items`, `minItems`, `maxItems`, `enum`,
/// `oneOf`, `anyOf`, `pattern`, `minimum`, `maximum`, `$ref`, `$defs` and `description`. It
/// checks the shape of a file and the units of its quantities; it does not check what needs the
/// whole file to decide (a time within the run, intervals in order, a work step the device has a
/// component for): `powersim validate` does.
public enum ScenarioSchema {
  /// The schema's text: pretty-printed JSON ending in a newline.
  public static var text: String { document.serialized(pretty: true) + "\n" }

  /// The schema.
  public static var document: JSONValue {
    var root = JSONObject()
    root["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
    guard case .object(let scenario) = objectDefinitions(ScenarioLanguage.scenario)[0].1 else {
      preconditionFailure("a scenario is an object")
    }
    for (key, value) in scenario { root[key] = value }
    var definitions = JSONObject(quantityDefinitions)
    for value in ScenarioLanguage.namedValues {
      definitions[value.name] = schema(of: value.type, description: value.meaning)
    }
    for object in ScenarioLanguage.objects where object.name != ScenarioLanguage.scenario.name {
      for (name, definition) in objectDefinitions(object) { definitions[name] = definition }
    }
    root["$defs"] = .object(definitions)
    return .object(root)
  }

  // MARK: Objects

  /// The definitions of `object`: one, or, for an object whose forms are chosen by its keys,
  /// one choosing among the forms and one per form (`workload_every`).
  static func objectDefinitions(_ object: ObjectDescription) -> [(String, JSONValue)] {
    let selected = object.forms.filter { !$0.selectedBy.isEmpty }
    guard !selected.isEmpty else {
      var unique: [KeyDescription] = []
      for key in object.keys where !unique.contains(where: { $0.name == key.name }) {
        unique.append(key)
      }
      return [(object.name, objectSchema(object, description: object.summary, keys: unique))]
    }
    let kinds = selected.map { "\($0.name) (\($0.selectedBy.joined(separator: " and ")))" }
    let choice = oneOf(
      selected.map { ref("\(object.name)_\($0.name)") },
      "\(object.summary) Its keys say which kind it is: \(kinds.joined(separator: ", "))."
    )
    return [(object.name, choice)]
      + selected.map { form in
        (
          "\(object.name)_\(form.name)",
          objectSchema(
            object, description: form.summary, keys: object.keys(inForm: form.name),
            required: form.selectedBy, anyValues: form.isPatch)
        )
      }
  }

  /// An object with `keys`: the required ones and those of `required` must be present, other
  /// keys match the object's other keys (or none may be), `$…` and `x-…` keys are always
  /// allowed, and the object's rules become `oneOf` and `anyOf` of required sets. With
  /// `anyValues` (a merge patch over such an object), the keys are checked but not their values.
  static func objectSchema(
    _ object: ObjectDescription, description: String, keys: [KeyDescription],
    required: [String] = [], anyValues: Bool = false
  ) -> JSONValue {
    var schema = JSONObject()
    schema["description"] = .string(description)
    schema["type"] = .string("object")
    if !keys.isEmpty {
      schema["properties"] = .object(
        JSONObject(
          keys.map { key in
            let description = text(of: key)
            return (
              key.name,
              anyValues
                ? .object(JSONObject([("description", .string(description))]))
                : Self.schema(of: key.type, description: description)
            )
          }))
    }
    var requiredKeys = required
    for key in keys where key.isRequired && !requiredKeys.contains(key.name) {
      requiredKeys.append(key.name)
    }
    if !requiredKeys.isEmpty { schema["required"] = strings(requiredKeys) }
    schema["patternProperties"] = extensionPattern
    schema["additionalProperties"] =
      object.otherKeys.map { Self.schema(of: $0.type, description: $0.meaning) } ?? .bool(false)
    for rule in object.rules {
      switch rule {
      case .exactlyOne(let names):
        precondition(schema["oneOf"] == nil, "\(object.name): one exactlyOne rule at most")
        schema["oneOf"] = requiredSets(names)
      case .atLeastOne(let names):
        precondition(schema["anyOf"] == nil, "\(object.name): one atLeastOne rule at most")
        schema["anyOf"] = requiredSets(names)
      case .note: break
      }
    }
    return .object(schema)
  }

  /// A key's meaning, with its default.
  static func text(of key: KeyDescription) -> String {
    key.defaultValue.map { "\(key.meaning) Default: \($0)." } ?? key.meaning
  }

  /// `[{ "required": ["a"] }, { "required": ["b"] }]`.
  static func requiredSets(_ names: [String]) -> JSONValue {
    .array(names.map { .object(JSONObject([("required", strings([$0]))])) })
  }

  // MARK: Values

  /// The schema of a value of `type`.
  static func schema(of type: ValueType, description: String?) -> JSONValue {
    var schema = JSONObject()
    if let description { schema["description"] = .string(description) }
    switch type {
    case .quantity(let dimension):
      schema["$ref"] = .string("#/$defs/\(definitionName(dimension))")
    case .integer(let minimum, let maximum):
      schema["type"] = .string("integer")
      schema["minimum"] = .number(JSONNumber(minimum))
      if let maximum { schema["maximum"] = .number(JSONNumber(maximum)) }
    case .number(let minimum):
      schema["type"] = .string("number")
      schema["minimum"] = .number(JSONNumber(minimum))
    case .boolean:
      schema["type"] = .string("boolean")
    case .string:
      schema["type"] = .string("string")
    case .choice(let values):
      schema["enum"] = strings(values)
    case .object(let name), .named(let name):
      schema["$ref"] = .string("#/$defs/\(name)")
    case .array(let item, let minimum, let maximum):
      schema["type"] = .string("array")
      schema["items"] = Self.schema(of: item, description: nil)
      if minimum > 0 { schema["minItems"] = .number(JSONNumber(minimum)) }
      if let maximum { schema["maxItems"] = .number(JSONNumber(maximum)) }
    case .oneOf(let types):
      schema["oneOf"] = .array(types.map { Self.schema(of: $0, description: nil) })
    case .map(let value, let freeKeys, let reserved):
      schema["type"] = .string("object")
      if !reserved.isEmpty {
        schema["properties"] = .object(JSONObject(reserved.map { ($0, .bool(false)) }))
      }
      if freeKeys { schema["patternProperties"] = extensionPattern }
      schema["additionalProperties"] = Self.schema(of: value, description: nil)
    case .mergePatch:
      schema["type"] = .string("object")
    }
    return .object(schema)
  }

  // MARK: Quantities

  /// The name of the definition of `dimension`'s quantities.
  static func definitionName(_ dimension: Dimension) -> String {
    switch dimension {
    case .time: "time"
    case .power: "power"
    case .energy: "energy"
    case .dataSize: "data_size"
    case .dataRate: "data_rate"
    case .frequency: "frequency"
    case .fraction: "fraction"
    case .voltage: "voltage"
    case .luminance: "luminance"
    }
  }

  /// One definition per dimension: a bare number in the base unit, or a string with a unit.
  static var quantityDefinitions: [(String, JSONValue)] {
    Dimension.allCases.map { dimension in
      var number = JSONObject()
      number["type"] = .string("number")
      number["minimum"] = .number(JSONNumber(0))
      if dimension == .fraction { number["maximum"] = .number(JSONNumber(1)) }
      var text = JSONObject()
      text["type"] = .string("string")
      text["pattern"] = .string(dimension.pattern)
      var definition = JSONObject()
      definition["description"] = .string(quantityDescription(dimension))
      // A luminance is always written with its unit: a bare brightness is a fraction.
      definition["anyOf"] = .array(
        dimension == .luminance ? [.object(text)] : [.object(number), .object(text)])
      return (definitionName(dimension), .object(definition))
    }
  }

  /// How a value of `dimension` is written.
  static func quantityDescription(_ dimension: Dimension) -> String {
    let units = dimension.acceptedUnits.joined(separator: ", ")
    if dimension == .luminance {
      return
        "A luminance: a string \"<number> <unit>\" with a unit of \(units); never a bare number."
    }
    return dimension == .fraction
      ? "A fraction: a number from 0 to 1, or a percentage such as \"40%\"."
      : "\(dimension.phrase.capitalizedFirst): a number in \(dimension.baseUnit), or a string \"<number> <unit>\" with a unit of \(units)."
  }

  // MARK: Builders

  /// Keys starting with `$` or `x-` are allowed in every object.
  static var extensionPattern: JSONValue {
    .object(JSONObject([("^(\\$|x-)", .object(JSONObject()))]))
  }

  static func ref(_ name: String) -> JSONValue {
    .object(JSONObject([("$ref", .string("#/$defs/\(name)"))]))
  }

  static func oneOf(_ schemas: [JSONValue], _ description: String) -> JSONValue {
    .object(JSONObject([("description", .string(description)), ("oneOf", .array(schemas))]))
  }

  static func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }
}

extension String {
  /// The string with its first character upper-cased.
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
