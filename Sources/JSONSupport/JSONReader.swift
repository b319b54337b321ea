import Quantities

/// A JSON syntax error: where it was found (1-based line, and column counted in Unicode scalars)
/// and what was expected instead.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, in Unicode scalars.
  public var column: Int
  /// What was expected and what was found.
  public var message: String

  /// `line 3, column 7: <message>`.
  public var description: String { "line \(line), column \(column): \(message)" }
}

/// Reads JSON documents (RFC 8259) strictly, with positions for every error.
///
/// Unlike Foundation's decoder it reports line and column, rejects duplicate keys, keeps the
/// order of object members and the literal text of numbers, and bounds nesting, so hostile
/// input cannot exhaust the stack. It runs in linear time and never traps on input.
public enum JSONReader {
  /// Parses one document from UTF-8 `bytes`; a leading byte-order mark is skipped.
  public static func parse(
    _ bytes: [UInt8], maximumDepth: Int = 256, maximumValues: Int = defaultMaximumValues
  ) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth, maximumValues: maximumValues)
    return try parser.document()
  }

  /// Parses one document from `text`.
  public static func parse(
    _ text: String, maximumDepth: Int = 256, maximumValues: Int = defaultMaximumValues
  ) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8), maximumDepth: maximumDepth, maximumValues: maximumValues)
  }

  /// The most values (numbers, strings, literals, arrays, objects) one document may hold: parsed
  /// values take some thirty times the bytes of their text (`0,` becomes a boxed value), so this
  /// bounds memory at a few hundred megabytes whatever the file.
  public static let defaultMaximumValues = 5_000_000

  /// The longest key, in bytes as written: far more than any name, far less than a runaway key
  /// (a 240 MB key once took gigabytes and minutes to report). A longer key is refused at its
  /// opening quote before the rest of it is read.
  public static let maximumKeyLength = 1_000_000

  /// The longest number literal, in characters: no value needs more than a few dozen digits.
  public static let maximumNumberLength = 1_000_000
}

/// The parser behind ``JSONReader``: a cursor over the bytes, and the nesting depth. This file
/// reads the structure (documents, values, objects, arrays); numbers and strings are scanned in
/// `JSONParser+NumbersAndStrings.swift`, byte-level helpers and error phrases are in
/// `JSONParser+Helpers.swift`.
struct JSONParser {
  let bytes: [UInt8]
  let maximumDepth: Int
  let maximumValues: Int
  var valueCount = 0
  /// The keys, where each key starts, and the values of the objects being read, innermost last.
  var memberKeys: [String] = []
  var memberKeyOffsets: [Int] = []
  var memberValues: [JSONValue] = []
  var offset = 0
  var depth = 0

  init(bytes: [UInt8], maximumDepth: Int, maximumValues: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
    self.maximumValues = maximumValues
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
  }

  mutating func document() throws(JSONSyntaxError) -> JSONValue {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      throw error("expected UTF-8 text, found a UTF-16 byte-order mark (save the file as UTF-8)")
    }
    skipWhitespace()
    let value = try value()
    skipWhitespace()
    if offset < bytes.count {
      throw error("expected the end of the document, found \(found())")
    }
    return value
  }

  // MARK: Values

  mutating func value() throws(JSONSyntaxError) -> JSONValue {
    guard offset < bytes.count else {
      throw error("expected a value, found the end of the file")
    }
    valueCount += 1
    if valueCount > maximumValues {
      throw error(
        "expected at most \(DigitGroups.text(maximumValues)) values in one document, found more")
    }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default:
      throw error("expected a value, found \(foundWordOrCharacter())\(hint())")
    }
  }

  mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
    let expected = Array(word.utf8)
    guard bytes.count - offset >= expected.count,
      Array(bytes[offset..<offset + expected.count]) == expected
    else {
      throw error("expected a value, found \(found(word: true))")
    }
    offset += expected.count
    return value
  }

  mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > maximumDepth {
      throw error("expected at most \(maximumDepth) levels of nesting, found deeper nesting")
    }
  }

  mutating func object() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    offset += 1
    // The members go on the parser's stacks (above those of the objects this one is inside) and
    // into the object at its end, each array allocated once at its size.
    let keyBase = memberKeys.count
    let valueBase = memberValues.count
    // Position by key once there are more members than a scan suits (as in `JSONObject`).
    var positions: [String: Int]?
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      offset += 1
      depth -= 1
      return .object(JSONObject())
    }
    while true {
      skipWhitespace()
      guard peek(UInt8(ascii: "\"")) else {
        throw error("expected a key in double quotes, found \(found())\(hint())")
      }
      let keyOffset = offset
      let key = try string(maximumBytes: JSONReader.maximumKeyLength, what: "a key")
      let count = memberKeys.count - keyBase
      let repeated =
        positions.map { $0[key] }
        ?? memberKeys[keyBase...].firstIndex(of: key).map { $0 - keyBase }
      if let index = repeated {
        let (line, column) = position(of: memberKeyOffsets[keyBase + index])
        throw error(
          "expected each key once in an object, found \(ValueExcerpt.quoted(key, by: JSONText.quoted)) again (first at line \(line), column \(column))",
          at: keyOffset)
      }
      memberKeys.append(key)
      memberKeyOffsets.append(keyOffset)
      if positions != nil {
        positions![key] = count
      } else if count + 1 > JSONObject.indexThreshold {
        var index: [String: Int] = [:]
        for (position, key) in memberKeys[keyBase...].enumerated() { index[key] = position }
        positions = index
      }
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else {
        throw error(
          "expected ':' after the key \(ValueExcerpt.quoted(key, by: JSONText.quoted)), found \(found())"
        )
      }
      offset += 1
      skipWhitespace()
      let value = try value()
      memberValues.append(value)
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        offset += 1
        continue
      }
      if peek(UInt8(ascii: "}")) {
        offset += 1
        depth -= 1
        let object = JSONObject(
          uniqueKeys: memberKeys[keyBase...], values: memberValues[valueBase...],
          positions: positions)
        memberKeys.removeSubrange(keyBase...)
        memberKeyOffsets.removeSubrange(keyBase...)
        memberValues.removeSubrange(valueBase...)
        return .object(object)
      }
      throw error("expected ',' or '}' after an object member, found \(found())")
    }
  }

  mutating func array() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    offset += 1
    var items: [JSONValue] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      offset += 1
      depth -= 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      items.append(try value())
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        offset += 1
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
          throw error("expected a value after ',', found ']' (JSON allows no trailing comma)")
        }
        continue
      }
      if peek(UInt8(ascii: "]")) {
        offset += 1
        depth -= 1
        return .array(items)
      }
      throw error("expected ',' or ']' after an array element, found \(found())")
    }
  }
}
