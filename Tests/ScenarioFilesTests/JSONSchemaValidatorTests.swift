import JSONSupport
import TestSupport
import Testing

/// The test suite's own JSON Schema validator, on documents whose violations are known.
@Suite struct JSONSchemaValidatorTests {
  static let schema = """
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "type": "object",
      "properties": {
        "name": { "type": "string", "pattern": "^[a-z]+$" },
        "count": { "type": "integer", "minimum": 1, "maximum": 10 },
        "kind": { "enum": ["a", "b"] },
        "list": { "type": "array", "items": { "$ref": "#/$defs/size" } },
        "pair": { "type": "array", "minItems": 2, "maxItems": 2 },
        "either": { "oneOf": [ { "type": "string" }, { "type": "number" } ] },
        "any": { "anyOf": [ { "required": ["x"] }, { "required": ["y"] } ] },
        "never": false
      },
      "required": ["name"],
      "patternProperties": { "^x-": {} },
      "additionalProperties": false,
      "$defs": { "size": { "description": "A size.", "type": "number", "minimum": 0 } }
    }
    """

  static func violations(_ document: String) throws -> [String] {
    let validator = JSONSchemaValidator(root: try JSONReader.parse(schema))
    return try validator.violations(of: try JSONReader.parse(document)).map(\.description)
  }

  @Test func aValidDocumentHasNoViolations() throws {
    let document = """
      { "name": "abc", "count": 3, "kind": "b", "list": [0, 2.5], "pair": [1, "x"], "either": 4,
        "any": { "y": 1 }, "x-note": [1, "anything"] }
      """
    #expect(try Self.violations(document) == [])
    #expect(try Self.violations(#"{ "name": "a", "count": 10.0 }"#) == [])
  }

  @Test func eachKeywordReportsItsViolation() throws {
    #expect(try Self.violations("[]") == ["(top level): expected object, found an array"])
    #expect(try Self.violations("{}") == [#"(top level): missing required key "name""#])
    #expect(try Self.violations(#"{ "name": "A1" }"#) == [#"name: "A1" does not match ^[a-z]+$"#])
    #expect(
      try Self.violations(#"{ "name": "a", "count": 2.5 }"#) == [
        "count: expected integer, found a number"
      ])
    #expect(try Self.violations(#"{ "name": "a", "count": 0 }"#) == ["count: expected at least 1"])
    #expect(try Self.violations(#"{ "name": "a", "count": 11 }"#) == ["count: expected at most 10"])
    #expect(
      try Self.violations(#"{ "name": "a", "kind": "c" }"#) == [#"kind: expected one of ["a","b"]"#]
    )
    #expect(
      try Self.violations(#"{ "name": "a", "list": [1, -1, "2"] }"#) == [
        "list[1]: expected at least 0", "list[2]: expected number, found a string",
      ])
    #expect(
      try Self.violations(#"{ "name": "a", "pair": [1] }"#) == ["pair: expected at least 2 items"])
    #expect(
      try Self.violations(#"{ "name": "a", "pair": [1, 2, 3] }"#) == [
        "pair: expected at most 2 items"
      ])
    #expect(
      try Self.violations(#"{ "name": "a", "either": true }"#) == [
        "either: matches 0 branches of oneOf, not 1"
      ])
    #expect(
      try Self.violations(#"{ "name": "a", "any": {} }"#) == ["any: matches none of anyOf"])
    #expect(
      try Self.violations(#"{ "name": "a", "never": 1 }"#) == ["never: no value is allowed here"])
    #expect(try Self.violations(#"{ "name": "a", "nmae": 1 }"#) == [#"nmae: unknown key "nmae""#])
  }

  @Test func anUnsupportedKeywordIsASchemaError() throws {
    let validator = JSONSchemaValidator(
      root: try JSONReader.parse(#"{ "type": "array", "uniqueItems": true }"#))
    #expect(throws: JSONSchemaValidator.SchemaError.self) {
      try validator.violations(of: .array([]))
    }
  }
}
