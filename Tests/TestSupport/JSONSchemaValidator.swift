public import JSONSupport
import Synchronization

/// A JSON Schema (draft 2020-12) validator for exactly the keywords the scenario schema uses:
/// `type`, `properties`, `required`, `additionalProperties`, `patternProperties`, `items`,
/// `minItems`, `maxItems`, `enum`, `oneOf`, `anyOf`, `pattern`, `minimum`, `maximum`, `$ref` (to
/// `#/$defs/NAME`), `$defs` and `description`, and the boolean schemas `true` and `false`.
///
/// Shared by the tests of the schema (ScenarioFilesTests) and of the bad-input corpus
/// (BadInputTests). Swift and Foundation only.
///
/// Any other keyword is a ``SchemaError``, so a test that validates with it also checks that the
/// schema sticks to those keywords. `pattern` is matched with Swift's `Regex`, which reads the
/// patterns the schema uses (`\d`, `\s`, classes, groups, alternation) as ECMA-262 does.
public struct JSONSchemaValidator: Sendable {
  /// A place where the instance breaks the schema.
  public struct Violation: Equatable, Sendable, CustomStringConvertible {
    /// The instance's path, `workloads.sync.every`.
    public var path: String
    /// What is wrong.
    public var message: String

    /// The violation as `path: message`.
    public var description: String { "\(path.isEmpty ? "(top level)" : path): \(message)" }
  }

  /// The schema uses something this validator does not know.
  public struct SchemaError: Error, CustomStringConvertible {
    /// What the validator does not know.
    public var description: String
  }

  /// The keywords it reads.
  public static let keywords: Set<String> = [
    "$schema", "$defs", "$ref", "description", "type", "properties", "required",
    "additionalProperties", "patternProperties", "items", "minItems", "maxItems", "enum", "oneOf",
    "anyOf", "pattern", "minimum", "maximum",
  ]

  /// The schema.
  public let root: JSONValue

  /// A validator of `root`.
  public init(root: JSONValue) { self.root = root }

  /// The violations of `instance` against the root schema, or against `#/$defs/NAME`.
  public func violations(of instance: JSONValue, definition: String? = nil) throws(SchemaError)
    -> [Violation]
  {
    let schema = try definition.map { name throws(SchemaError) in try resolve("#/$defs/\(name)") }
    return try check(instance, schema ?? root, at: "")
  }

  private func resolve(_ reference: String) throws(SchemaError) -> JSONValue {
    let prefix = "#/$defs/"
    guard reference.hasPrefix(prefix), case .object(let rootObject) = root,
      case .object(let definitions)? = rootObject["$defs"],
      let target = definitions[String(reference.dropFirst(prefix.count))]
    else { throw SchemaError(description: "cannot resolve $ref \(reference)") }
    return target
  }

  private func check(_ instance: JSONValue, _ schema: JSONValue, at path: String)
    throws(SchemaError) -> [Violation]
  {
    switch schema {
    case .bool(true): return []
    case .bool(false): return [Violation(path: path, message: "no value is allowed here")]
    case .object(let keywords):
      for key in keywords.keys where !Self.keywords.contains(key) {
        throw SchemaError(description: "unsupported keyword \(key)")
      }
      var found: [Violation] = []
      if case .string(let reference)? = keywords["$ref"] {
        found += try check(instance, try resolve(reference), at: path)
      }
      found += try checkType(instance, keywords, at: path)
      found += try checkObject(instance, keywords, at: path)
      if case .array(let items) = instance {
        found += try checkArray(items, keywords, at: path)
      }
      found += try checkCombinations(instance, keywords, at: path)
      return found
    default:
      throw SchemaError(description: "a schema must be an object or a boolean")
    }
  }

  private func checkType(_ instance: JSONValue, _ keywords: JSONObject, at path: String)
    throws(SchemaError) -> [Violation]
  {
    var found: [Violation] = []
    if case .string(let type)? = keywords["type"], !Self.has(instance, type: type) {
      found.append(Violation(path: path, message: "expected \(type), found \(instance.kindPhrase)"))
    }
    if case .array(let choices)? = keywords["enum"], !choices.contains(instance) {
      found.append(
        Violation(path: path, message: "expected one of \(JSONValue.array(choices).serialized())"))
    }
    if case .number(let number) = instance {
      if case .number(let minimum)? = keywords["minimum"], number.doubleValue < minimum.doubleValue
      {
        found.append(Violation(path: path, message: "expected at least \(minimum)"))
      }
      if case .number(let maximum)? = keywords["maximum"], number.doubleValue > maximum.doubleValue
      {
        found.append(Violation(path: path, message: "expected at most \(maximum)"))
      }
    }
    if case .string(let text) = instance, case .string(let pattern)? = keywords["pattern"] {
      if try !Self.matches(text, pattern) {
        found.append(Violation(path: path, message: "\"\(text)\" does not match \(pattern)"))
      }
    }
    return found
  }

  private func checkObject(_ instance: JSONValue, _ keywords: JSONObject, at path: String)
    throws(SchemaError) -> [Violation]
  {
    guard case .object(let object) = instance else { return [] }
    var found: [Violation] = []
    if case .array(let required)? = keywords["required"] {
      for case .string(let key) in required where object[key] == nil {
        found.append(Violation(path: path, message: "missing required key \"\(key)\""))
      }
    }
    var properties = JSONObject()
    if case .object(let declared)? = keywords["properties"] { properties = declared }
    var patterns = JSONObject()
    if case .object(let declared)? = keywords["patternProperties"] { patterns = declared }
    for (key, value) in object {
      let childPath = path.isEmpty ? key : "\(path).\(key)"
      var isDeclared = false
      if let propertySchema = properties[key] {
        isDeclared = true
        found += try check(value, propertySchema, at: childPath)
      }
      for (pattern, patternSchema) in patterns where try Self.matches(key, pattern) {
        isDeclared = true
        found += try check(value, patternSchema, at: childPath)
      }
      if !isDeclared, let additional = keywords["additionalProperties"] {
        if additional == .bool(false) {
          found.append(Violation(path: childPath, message: "unknown key \"\(key)\""))
        } else {
          found += try check(value, additional, at: childPath)
        }
      }
    }
    return found
  }

  private func checkArray(_ items: [JSONValue], _ keywords: JSONObject, at path: String)
    throws(SchemaError) -> [Violation]
  {
    var found: [Violation] = []
    if let itemSchema = keywords["items"] {
      for (index, item) in items.enumerated() {
        found += try check(item, itemSchema, at: "\(path)[\(index)]")
      }
    }
    if case .number(let minimum)? = keywords["minItems"], Double(items.count) < minimum.doubleValue
    {
      found.append(Violation(path: path, message: "expected at least \(minimum) items"))
    }
    if case .number(let maximum)? = keywords["maxItems"], Double(items.count) > maximum.doubleValue
    {
      found.append(Violation(path: path, message: "expected at most \(maximum) items"))
    }
    return found
  }

  private func checkCombinations(_ instance: JSONValue, _ keywords: JSONObject, at path: String)
    throws(SchemaError) -> [Violation]
  {
    var found: [Violation] = []
    if case .array(let branches)? = keywords["anyOf"] {
      var passing = false
      for branch in branches where try check(instance, branch, at: path).isEmpty { passing = true }
      if !passing { found.append(Violation(path: path, message: "matches none of anyOf")) }
    }
    if case .array(let branches)? = keywords["oneOf"] {
      var passing = 0
      for branch in branches where try check(instance, branch, at: path).isEmpty { passing += 1 }
      if passing != 1 {
        found.append(Violation(path: path, message: "matches \(passing) branches of oneOf, not 1"))
      }
    }
    return found
  }

  /// Whether `instance` is of the JSON Schema `type`.
  public static func has(_ instance: JSONValue, type: String) -> Bool {
    switch (type, instance) {
    case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool),
      ("null", .null), ("number", .number):
      return true
    case ("integer", .number(let number)):
      let value = number.doubleValue
      return value.isFinite && value == value.rounded()
    default:
      return false
    }
  }

  /// Whether `pattern` matches somewhere in `text`, as ECMA-262's `RegExp.test` does.
  public static func matches(_ text: String, _ pattern: String) throws(SchemaError) -> Bool {
    let regex = try compiled.withLock { cache throws(SchemaError) in
      if let regex = cache[pattern] { return regex }
      do {
        let regex = try Regex(pattern).asciiOnlyDigits()
        cache[pattern] = regex
        return regex
      } catch {
        throw SchemaError(description: "cannot compile the pattern \(pattern): \(error)")
      }
    }
    return text.firstMatch(of: regex) != nil
  }

  /// Each pattern compiled once: compiling dominates validating a corpus otherwise.
  private static let compiled = Mutex<[String: Regex<AnyRegexOutput>]>([:])
}
