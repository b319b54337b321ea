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
}

/// The parser behind ``JSONReader``: a cursor over the bytes, and the nesting depth.
struct JSONParser {
  let bytes: [UInt8]
  let maximumDepth: Int
  let maximumValues: Int
  var valueCount = 0
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
    var object = JSONObject()
    var firstSeen: [String: Int] = [:]
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      offset += 1
      depth -= 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard peek(UInt8(ascii: "\"")) else {
        throw error("expected a key in double quotes, found \(found())\(hint())")
      }
      let keyOffset = offset
      let key = try string()
      if let first = firstSeen[key] {
        let (line, column) = position(of: first)
        throw error(
          "expected each key once in an object, found \(JSONText.quoted(key)) again (first at line \(line), column \(column))",
          at: keyOffset)
      }
      firstSeen[key] = keyOffset
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else {
        throw error("expected ':' after the key \(JSONText.quoted(key)), found \(found())")
      }
      offset += 1
      skipWhitespace()
      object[key] = try value()
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        offset += 1
        continue
      }
      if peek(UInt8(ascii: "}")) {
        offset += 1
        depth -= 1
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

  mutating func number() throws(JSONSyntaxError) -> JSONNumber {
    let start = offset
    if peek(UInt8(ascii: "-")) { offset += 1 }
    guard offset < bytes.count, isDigit(bytes[offset]) else {
      throw error("expected a digit, found \(foundWordOrCharacter())")
    }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
      if offset < bytes.count, isDigit(bytes[offset]) {
        throw error(
          "expected a number without leading zeros, found \(found(word: true, from: start))",
          at: start)
      }
    } else {
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    if peek(UInt8(ascii: ".")) {
      offset += 1
      guard offset < bytes.count, isDigit(bytes[offset]) else {
        throw error("expected a digit after the decimal point, found \(found())")
      }
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      offset += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
      guard offset < bytes.count, isDigit(bytes[offset]) else {
        throw error("expected a digit in the exponent, found \(found())")
      }
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    return JSONNumber(literal: String(decoding: bytes[start..<offset], as: UTF8.self))
  }

  mutating func string() throws(JSONSyntaxError) -> String {
    offset += 1
    var scalars = String.UnicodeScalarView()
    while true {
      // A run of plain ASCII goes in at once (a 50 MB string must not cost 50 million appends).
      let runStart = offset
      offset = bytes.withUnsafeBufferPointer { buffer in
        var index = runStart
        while index < buffer.count {
          let byte = buffer[index]
          if byte < 0x20 || byte >= 0x80 || byte == 0x22 || byte == 0x5C { break }
          index += 1
        }
        return index
      }
      if offset > runStart {
        scalars.append(
          contentsOf: String(decoding: bytes[runStart..<offset], as: UTF8.self).unicodeScalars)
      }
      guard offset < bytes.count else {
        throw error("expected '\"' to end the string, found the end of the file")
      }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        offset += 1
        return String(scalars)
      }
      if byte == UInt8(ascii: "\\") {
        scalars.append(try escape())
        continue
      }
      if byte < 0x20 {
        throw error(
          "expected a character of the string, found the control character U+00\(hex(byte)) (write it as an escape such as \\n)"
        )
      }
      scalars.append(try utf8Scalar())
    }
  }

  mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
    let start = offset
    offset += 1
    guard offset < bytes.count else {
      throw error("expected an escape such as \\n or \\u00e9, found the end of the file")
    }
    let byte = bytes[offset]
    offset += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try hexQuad(start: start)
      if (0xD800...0xDBFF).contains(high) {
        guard bytes.count - offset >= 2, bytes[offset] == UInt8(ascii: "\\"),
          bytes[offset + 1] == UInt8(ascii: "u")
        else {
          throw error(
            "expected a low surrogate after \\u\(hex16(high)), found a lone high surrogate",
            at: start)
        }
        offset += 2
        let low = try hexQuad(start: start)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error(
            "expected a low surrogate after \\u\(hex16(high)), found \\u\(hex16(low))", at: start)
        }
        let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        return Unicode.Scalar(value)!
      }
      if (0xDC00...0xDFFF).contains(high) {
        throw error(
          "expected a character escape, found the lone low surrogate \\u\(hex16(high))", at: start)
      }
      return Unicode.Scalar(high)!
    default:
      offset = start
      throw error("expected an escape such as \\n or \\u00e9, found \\\(foundCharacter())")
    }
  }

  mutating func hexQuad(start: Int) throws(JSONSyntaxError) -> UInt32 {
    guard bytes.count - offset >= 4 else {
      throw error(
        "expected four hexadecimal digits after \\u, found the end of the file", at: start)
    }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
      default:
        throw error("expected four hexadecimal digits after \\u, found \(found())")
      }
      value = value * 16 + digit
      offset += 1
    }
    return value
  }

  /// Decodes one UTF-8 scalar at `offset`, rejecting invalid sequences.
  mutating func utf8Scalar() throws(JSONSyntaxError) -> Unicode.Scalar {
    let lead = bytes[offset]
    if lead < 0x80 {
      offset += 1
      return Unicode.Scalar(lead)
    }
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
    default: throw error("expected UTF-8 text, found the byte 0x\(hex(lead))")
    }
    guard bytes.count - offset >= length else {
      throw error("expected UTF-8 text, found an incomplete sequence at the end of the file")
    }
    for index in 1..<length {
      let byte = bytes[offset + index]
      guard byte & 0xC0 == 0x80 else {
        throw error("expected UTF-8 text, found the byte 0x\(hex(lead)) followed by 0x\(hex(byte))")
      }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= minimum, let scalar = Unicode.Scalar(value) else {
      throw error("expected UTF-8 text, found an invalid sequence starting with 0x\(hex(lead))")
    }
    offset += length
    return scalar
  }
}
