import JSONSupport
import Testing

/// The error `JSONReader` reports for `text` (`line L, column C: message`), or `nil` when it
/// parses.
func syntaxError(_ text: String, maximumDepth: Int = 256) -> String? {
  syntaxError(Array(text.utf8), maximumDepth: maximumDepth)
}

/// The error `JSONReader` reports for `bytes`, or `nil` when they parse.
func syntaxError(_ bytes: [UInt8], maximumDepth: Int = 256) -> String? {
  do {
    _ = try JSONReader.parse(bytes, maximumDepth: maximumDepth)
    return nil
  } catch {
    #expect(error.description == "line \(error.line), column \(error.column): \(error.message)")
    return error.description
  }
}

/// How a syntax error at `line`, `column` with `message` prints.
func located(_ line: Int, _ column: Int, _ message: String) -> String {
  "line \(line), column \(column): \(message)"
}

/// The strict JSON reader: values, strings, numbers, and errors with their line and column.
@Suite struct JSONReaderTests {
  // MARK: Values

  @Test func literals() throws {
    #expect(try JSONReader.parse("true") == .bool(true))
    #expect(try JSONReader.parse("false") == .bool(false))
    #expect(try JSONReader.parse("null") == .null)
    #expect(try JSONReader.parse(" \t\r\n null \n") == .null)
  }

  /// Numbers keep their literal text, so units parse exactly and output round-trips.
  @Test(arguments: [
    "0", "-0", "12", "12.50", "1e-3", "-1.5E+10", "0.000001", "123456789012345678901",
  ])
  func numbersKeepTheirLiteral(literal: String) throws {
    #expect(try JSONReader.parse(literal) == .number(JSONNumber(literal: literal)))
  }

  @Test func integerValues() {
    #expect(JSONNumber(literal: "3").integerValue == 3)
    #expect(JSONNumber(literal: "3.0").integerValue == 3)
    #expect(JSONNumber(literal: "3e2").integerValue == 300)
    #expect(JSONNumber(literal: "-7").integerValue == -7)
    #expect(JSONNumber(literal: "3.5").integerValue == nil)
    #expect(JSONNumber(literal: "1e20").integerValue == nil)
    #expect(JSONNumber(literal: "2.5").doubleValue == 2.5)
    #expect(JSONNumber(42).literal == "42")
    #expect(JSONNumber(2.0).literal == "2")
    #expect(JSONNumber(0.25).literal == "0.25")
  }

  @Test func objectsKeepMemberOrder() throws {
    let value = try JSONReader.parse(#"{"b": 1, "a": {"z": [], "y": {}}, "c": "x"}"#)
    guard case .object(let object) = value else {
      Issue.record("not an object: \(value)")
      return
    }
    #expect(object.keys == ["b", "a", "c"])
    #expect(object["b"] == .number(JSONNumber(literal: "1")))
    #expect(object["c"] == .string("x"))
    guard case .object(let inner)? = object["a"] else {
      Issue.record("a is not an object")
      return
    }
    #expect(inner.keys == ["z", "y"])
    #expect(inner["z"] == .array([]))
    #expect(inner["y"] == .object(JSONObject()))
  }

  @Test func arrays() throws {
    #expect(
      try JSONReader.parse(#"[1, "two", [true], {"k": null}]"#)
        == .array([
          .number(JSONNumber(literal: "1")), .string("two"), .array([.bool(true)]),
          .object(JSONObject([("k", .null)])),
        ]))
    #expect(try JSONReader.parse("[ ]") == .array([]))
  }

  // MARK: Strings

  @Test func escapes() throws {
    #expect(try JSONReader.parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{08}\u{0C}\n\r\t"))
    #expect(try JSONReader.parse(#""caf\u00e9 \u00E9""#) == .string("café é"))
    #expect(try JSONReader.parse(#""\u0000""#) == .string("\u{0}"))
  }

  /// A character outside the Basic Multilingual Plane is written as a surrogate pair:
  /// U+1F600 = 0x10000 + (0xD83D − 0xD800) × 0x400 + (0xDE00 − 0xDC00).
  @Test func surrogatePairs() throws {
    #expect(try JSONReader.parse(#""\uD83D\uDE00""#) == .string("😀"))
    #expect(try JSONReader.parse(#""\ud834\udd1e""#) == .string("𝄞"))
    // Raw UTF-8 of four bytes reads the same.
    #expect(try JSONReader.parse("\"😀\"") == .string("😀"))
  }

  @Test func surrogateErrors() {
    #expect(
      syntaxError(#""\uD83D""#)
        == located(1, 2, "expected a low surrogate after \\uD83D, found a lone high surrogate"))
    #expect(
      syntaxError(#""\uD83Dx""#)
        == located(1, 2, "expected a low surrogate after \\uD83D, found a lone high surrogate"))
    #expect(
      syntaxError(#""\uD83D\u0041""#)
        == located(1, 2, "expected a low surrogate after \\uD83D, found \\u0041"))
    #expect(
      syntaxError(#""\uDE00""#)
        == located(1, 2, "expected a character escape, found the lone low surrogate \\uDE00"))
  }

  @Test func escapeErrors() {
    #expect(
      syntaxError(#""\x""#) == located(1, 2, "expected an escape such as \\n or \\u00e9, found \\x")
    )
    #expect(
      syntaxError(#""\u12G4""#)
        == located(1, 6, "expected four hexadecimal digits after \\u, found 'G'"))
    #expect(
      syntaxError(#""\u12"#)
        == located(1, 2, "expected four hexadecimal digits after \\u, found the end of the file"))
    #expect(
      syntaxError(#""abc\"#)
        == located(1, 6, "expected an escape such as \\n or \\u00e9, found the end of the file"))
  }

  @Test func controlCharactersMustBeEscaped() {
    #expect(
      syntaxError("\"a\tb\"")
        == located(
          1, 3,
          "expected a character of the string, found the control character U+0009 (write it as an escape such as \\n)"
        ))
    #expect(
      syntaxError("\"a\nb\"")
        == located(
          1, 3,
          "expected a character of the string, found the control character U+000A (write it as an escape such as \\n)"
        ))
  }

  // MARK: Non-UTF-8

  @Test func invalidUTF8() {
    // 0xFF never occurs in UTF-8.
    #expect(
      syntaxError([0x22, 0xFF, 0x22]) == located(1, 2, "expected UTF-8 text, found the byte 0xFF"))
    // 0xC3 starts a two-byte sequence, but 0x28 ('(') is not a continuation byte.
    #expect(
      syntaxError([0x22, 0xC3, 0x28, 0x22])
        == located(1, 2, "expected UTF-8 text, found the byte 0xC3 followed by 0x28"))
    // 0xC0 0x80 is an overlong encoding of U+0000.
    #expect(
      syntaxError([0x22, 0xC0, 0x80, 0x22])
        == located(1, 2, "expected UTF-8 text, found the byte 0xC0"))
    // E0 80 80 is an overlong three-byte form; ED A0 80 encodes the surrogate U+D800.
    #expect(
      syntaxError([0x22, 0xE0, 0x80, 0x80, 0x22])
        == located(1, 2, "expected UTF-8 text, found an invalid sequence starting with 0xE0"))
    #expect(
      syntaxError([0x22, 0xED, 0xA0, 0x80, 0x22])
        == located(1, 2, "expected UTF-8 text, found an invalid sequence starting with 0xED"))
    #expect(
      syntaxError([0x22, 0xE2, 0x82])
        == located(1, 2, "expected UTF-8 text, found an incomplete sequence at the end of the file")
    )
    // Outside a string.
    #expect(
      syntaxError([0x7B, 0xFF])
        == located(1, 2, "expected a key in double quotes, found the byte 0xFF, which is not UTF-8")
    )
  }

  /// A byte-order mark is skipped, and columns on the first line count from after it.
  @Test func byteOrderMarkIsSkipped() throws {
    #expect(
      syntaxError([0xEF, 0xBB, 0xBF] + Array("{x".utf8))
        == located(1, 2, "expected a key in double quotes, found 'x'"))
    #expect(
      syntaxError([0xEF, 0xBB, 0xBF] + Array("{}\n x".utf8))
        == located(2, 2, "expected the end of the document, found 'x'"))
    #expect(
      try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        == .array([.number(JSONNumber(1))]))
  }

  // MARK: Syntax errors and their positions

  @Test func trailingCommas() {
    #expect(
      syntaxError(#"{"a": 1,}"#) == located(1, 9, "expected a key in double quotes, found '}'"))
    #expect(
      syntaxError("[1, 2, ]")
        == located(1, 8, "expected a value after ',', found ']' (JSON allows no trailing comma)"))
  }

  /// A missing comma between members, reported where the next key starts (line 3, column 3).
  @Test func missingCommaOnALaterLine() {
    let text = "{\n  \"a\": 1\n  \"b\": 2\n}"
    #expect(
      syntaxError(text) == located(3, 3, "expected ',' or '}' after an object member, found '\"'"))
  }

  @Test func truncatedDocuments() {
    #expect(syntaxError("") == located(1, 1, "expected a value, found the end of the file"))
    #expect(syntaxError(#"{"a": "#) == located(1, 7, "expected a value, found the end of the file"))
    #expect(
      syntaxError(#"{"a": "abc"#)
        == located(1, 11, "expected '\"' to end the string, found the end of the file"))
    #expect(
      syntaxError("{\n  \"a\": [1, 2")
        == located(2, 13, "expected ',' or ']' after an array element, found the end of the file"))
    #expect(
      syntaxError(#"{"a" 1}"#) == located(1, 6, "expected ':' after the key \"a\", found '1'"))
  }

  @Test func badValues() {
    #expect(syntaxError(#"{"a": tru}"#) == located(1, 7, "expected a value, found 'tru'"))
    #expect(syntaxError("nul") == located(1, 1, "expected a value, found 'nul'"))
    #expect(syntaxError("[1, +2]") == located(1, 5, "expected a value, found '+'"))
    #expect(
      syntaxError("{'a': 1}")
        == located(
          1, 2,
          "expected a key in double quotes, found ''' (JSON strings and keys take double quotes)"))
    #expect(syntaxError("{} x") == located(1, 4, "expected the end of the document, found 'x'"))
  }

  @Test func badNumbers() {
    #expect(
      syntaxError("01") == located(1, 1, "expected a number without leading zeros, found '01'"))
    #expect(
      syntaxError("1.")
        == located(1, 3, "expected a digit after the decimal point, found the end of the file"))
    #expect(
      syntaxError("1.e5") == located(1, 3, "expected a digit after the decimal point, found 'e'"))
    #expect(
      syntaxError("1e")
        == located(1, 3, "expected a digit in the exponent, found the end of the file"))
    #expect(syntaxError("-") == located(1, 2, "expected a digit, found the end of the file"))
    #expect(syntaxError("-x") == located(1, 2, "expected a digit, found 'x'"))
  }

  /// Columns count Unicode scalars, not bytes: "é" is two bytes but one column.
  @Test func columnsCountScalars() {
    #expect(syntaxError(#"{"é": x}"#) == located(1, 7, "expected a value, found 'x'"))
    #expect(syntaxError("{\r\n  x") == located(2, 3, "expected a key in double quotes, found 'x'"))
  }

  @Test func duplicateKeysAreRejected() {
    #expect(
      syntaxError(#"{"a": 1, "a": 2}"#)
        == located(
          1, 10,
          "expected each key once in an object, found \"a\" again (first at line 1, column 2)"))
    let text = "{\n  \"sync\": {},\n  \"ui\": {},\n  \"sync\": {}\n}"
    #expect(
      syntaxError(text)
        == located(
          4, 3,
          "expected each key once in an object, found \"sync\" again (first at line 2, column 3)"))
  }

  /// The same key in different objects is fine; escapes are compared after decoding.
  @Test func duplicatesAreDecodedKeys() throws {
    #expect(syntaxError(#"{"a": {"a": 1}, "b": {"a": 2}}"#) == nil)
    #expect(
      syntaxError(#"{"a": 1, "\u0061": 2}"#)
        == located(
          1, 10,
          "expected each key once in an object, found \"a\" again (first at line 1, column 2)"))
  }

  /// Objects are read member by member onto the parser's stacks: an object nested between two
  /// members leaves its outer object's members as they were, an object of more than eight
  /// members finds each of them (through its index) and a key repeated after the ninth, and a
  /// key of an inner object may repeat one of the outer object.
  @Test func objectsOfManyMembersAndNestedObjects() throws {
    let keys = (0..<12).map { "k\($0)" }
    let members = keys.enumerated().map { index, key in
      index == 5 ? #""\#(key)": {"k0": [1, {"k1": 2}], "x": null}"# : #""\#(key)": \#(index)"#
    }
    let value = try JSONReader.parse("{" + members.joined(separator: ", ") + "}")
    guard case .object(let object) = value else {
      Issue.record("expected an object")
      return
    }
    #expect(object.keys == keys)
    for (index, key) in keys.enumerated() where index != 5 {
      #expect(object[key] == .number(JSONNumber(index)))
    }
    #expect(value[path: ["k5", "x"]] == .null)
    let inner = JSONPath([.key("k5"), .key("k0"), .index(1), .key("k1")])
    #expect(value[path: inner] == .number(JSONNumber(2)))
    #expect(object["k12"] == nil)
    // The repeated key's quote is 8 characters before the end (`"k3": 0}`); the first "k3"
    // starts after "{" and three members with their ", ".
    let repeated = "{" + members.joined(separator: ", ") + #", "k3": 0}"#
    let firstColumn = 2 + members[0..<3].map { $0.count + 2 }.reduce(0, +)
    #expect(
      syntaxError(repeated)
        == located(
          1, repeated.count - 7,
          "expected each key once in an object, found \"k3\" again (first at line 1, column \(firstColumn))"
        ))
  }

  /// A string with escapes is assembled from its plain runs and its escapes; one without is the
  /// bytes between its quotes, non-ASCII included.
  @Test func stringsWithAndWithoutEscapes() throws {
    #expect(try JSONReader.parse(#""plain é ü 😀""#) == .string("plain é ü 😀"))
    #expect(
      try JSONReader.parse(#""a\"b\\c\/d\n\u00e9é\ud83d\ude00end""#)
        == .string("a\"b\\c/d\néé😀end"))
    #expect(try JSONReader.parse(#""\t""#) == .string("\t"))
    #expect(try JSONReader.parse(#""""#) == .string(""))
  }

  /// Nesting is bounded: 256 levels parse, 257 are an error at the 257th bracket, and a
  /// hundred thousand levels fail the same way instead of exhausting the stack.
  @Test func depthLimit() throws {
    let deepest = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
    #expect(syntaxError(deepest) == nil)
    let tooDeep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
    #expect(
      syntaxError(tooDeep)
        == located(1, 257, "expected at most 256 levels of nesting, found deeper nesting"))
    let hostile = String(repeating: #"{"a":"#, count: 100_000)
    #expect(
      syntaxError(hostile)
        == located(1, 1_281, "expected at most 256 levels of nesting, found deeper nesting"))
    #expect(
      syntaxError("[[[1]]]", maximumDepth: 2)
        == located(1, 3, "expected at most 2 levels of nesting, found deeper nesting"))
  }
}
