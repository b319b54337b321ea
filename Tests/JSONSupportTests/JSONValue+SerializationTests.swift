import JSONSupport
import Testing

/// A small deterministic generator for test inputs (a 64-bit LCG, Knuth's MMIX constants).
struct InputGenerator {
  var state: UInt64

  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
}

/// Serialization: exact text for small documents, deterministic member order, and
/// parse(serialize(v)) == v for thousands of generated documents.
@Suite struct JSONSerializationTests {
  @Test func compactText() throws {
    let value = JSONValue.object(
      JSONObject([
        ("z", .number(JSONNumber(literal: "1e-3"))),
        ("a", .array([.bool(true), .null, .string("x")])),
        ("m", .object(JSONObject())), ("e", .array([])),
      ]))
    #expect(value.serialized() == #"{"z":1e-3,"a":[true,null,"x"],"m":{},"e":[]}"#)
  }

  /// Pretty output indents by two spaces and keeps short arrays of scalars on one line.
  @Test func prettyText() throws {
    let value = try JSONReader.parse(
      #"{"name":"phone","rates":[60,120],"states":[{"name":"on","power":"1 W"}],"battery":{},"none":[]}"#
    )
    let expected = """
      {
        "name": "phone",
        "rates": [60, 120],
        "states": [
          {
            "name": "on",
            "power": "1 W"
          }
        ],
        "battery": {},
        "none": []
      }
      """
    #expect(value.serialized(pretty: true) == expected)
    // Commas inside strings of an inline array are not spaced.
    #expect(try JSONReader.parse(#"["a,b", 1]"#).serialized(pretty: true) == #"["a,b", 1]"#)
  }

  @Test func longScalarArraysBreak() throws {
    let items = (0..<40).map { JSONValue.number(JSONNumber($0 * 1_000)) }
    let text = JSONValue.array(items).serialized(pretty: true)
    #expect(text.hasPrefix("[\n  0,\n  1000,\n"))
    #expect(text.hasSuffix("\n  39000\n]"))
  }

  @Test func stringEscapes() {
    #expect(JSONText.quoted("plain") == #""plain""#)
    #expect(JSONText.quoted("a\"b\\c") == #""a\"b\\c""#)
    #expect(JSONText.quoted("\n\r\t\u{08}\u{0C}") == #""\n\r\t\b\f""#)
    #expect(JSONText.quoted("\u{01}\u{1F}") == #""\u0001\u001f""#)
    // Non-ASCII and "/" are written as they are.
    #expect(JSONText.quoted("café/😀") == "\"café/😀\"")
  }

  /// Members print in the order the file had them, every time.
  @Test func memberOrderIsDeterministic() throws {
    let text = #"{"zeta":1,"alpha":{"y":2,"b":3},"mid":[{"q":1,"c":2}]}"#
    let value = try JSONReader.parse(text)
    #expect(value.serialized() == text)
    #expect(try JSONReader.parse(value.serialized()).serialized() == text)
    var object = JSONObject()
    object["b"] = .null
    object["a"] = .null
    object["b"] = .bool(true)
    #expect(JSONValue.object(object).serialized() == #"{"b":true,"a":null}"#)
    object["b"] = nil
    object["c"] = .null
    #expect(object.keys == ["a", "c"])
  }

  /// Equality of objects includes member order.
  @Test func objectEqualityIsOrdered() {
    let ab = JSONObject([("a", .null), ("b", .null)])
    let ba = JSONObject([("b", .null), ("a", .null)])
    #expect(ab != ba)
    #expect(ab == JSONObject([("a", .null), ("b", .null)]))
  }

  @Test func kindPhrases() {
    #expect(JSONValue.null.kindPhrase == "null")
    #expect(JSONValue.bool(false).kindPhrase == "false")
    #expect(JSONValue.number(JSONNumber(1)).kindPhrase == "a number")
    #expect(JSONValue.string("").kindPhrase == "a string")
    #expect(JSONValue.array([]).kindPhrase == "an array")
    #expect(JSONValue.object(JSONObject()).kindPhrase == "an object")
  }

  /// parse(serialize(v)) == v, compact and pretty, for 2000 generated documents whose strings
  /// hold quotes, backslashes, control characters and characters beyond the BMP.
  @Test func roundTripsThousandsOfDocuments() throws {
    for seed in 0..<2_000 {
      var generator = InputGenerator(state: UInt64(seed))
      let value = Self.randomValue(&generator, depth: 0)
      #expect(try JSONReader.parse(value.serialized()) == value, "seed \(seed)")
      #expect(try JSONReader.parse(value.serialized(pretty: true)) == value, "seed \(seed)")
    }
  }

  static let alphabet: [Unicode.Scalar] = [
    "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "€",
    "\u{FFFF}", "😀", "𝄞",
  ]

  static func randomString(_ generator: inout InputGenerator) -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<generator.next(6) { scalars.append(alphabet[generator.next(alphabet.count)]) }
    return String(scalars)
  }

  static func randomValue(_ generator: inout InputGenerator, depth: Int) -> JSONValue {
    let kinds = depth >= 4 ? 4 : 6
    switch generator.next(kinds) {
    case 0: return .null
    case 1: return .bool(generator.next(2) == 0)
    case 2:
      let literals = ["0", "-0", "17", "-2.5", "1e-3", "6.02E+23", "0.1"]
      return .number(JSONNumber(literal: literals[generator.next(literals.count)]))
    case 3: return .string(randomString(&generator))
    case 4:
      return .array((0..<generator.next(4)).map { _ in randomValue(&generator, depth: depth + 1) })
    default:
      var object = JSONObject()
      for _ in 0..<generator.next(4) {
        object[randomString(&generator)] = randomValue(&generator, depth: depth + 1)
      }
      return .object(object)
    }
  }
}

/// The stream writer writes what the pretty serializer writes for the same tree.
@Suite struct JSONStreamWriterTests {
  @Test func sameTextAsTheTree() throws {
    let long = JSONValue.array((0..<40).map { .number(JSONNumber($0 * 1_000)) })
    var writer = JSONStreamWriter()
    writer.beginObject()
    writer.member("name", .string("a \"quoted\"\nname é"))
    writer.member("energy_j", number: "1.5e-3")
    writer.member("count", integer: 42)
    writer.member("negative", integer: -9_007_199_254_740_993)
    writer.member("written") { $0.append(contentsOf: Array("0.25".utf8)) }
    writer.beginObject("empty")
    writer.endObject()
    writer.beginObject("nested")
    writer.member("short", .array([.number(JSONNumber(1)), .string("x,y"), .null]))
    writer.member("long", long)
    writer.beginObject("deeper")
    writer.member("flag", .bool(false))
    writer.endObject()
    writer.endObject()
    writer.member("object", .object(JSONObject([("k", .number(JSONNumber(1)))])))
    writer.endObject()
    let tree = JSONValue.object(
      JSONObject([
        ("name", .string("a \"quoted\"\nname é")),
        ("energy_j", .number(JSONNumber(literal: "1.5e-3"))),
        ("count", .number(JSONNumber(42))),
        ("negative", .number(JSONNumber(literal: "-9007199254740993"))),
        ("written", .number(JSONNumber(literal: "0.25"))),
        ("empty", .object(JSONObject())),
        (
          "nested",
          .object(
            JSONObject([
              ("short", .array([.number(JSONNumber(1)), .string("x,y"), .null])),
              ("long", long),
              ("deeper", .object(JSONObject([("flag", .bool(false))]))),
            ]))
        ),
        ("object", .object(JSONObject([("k", .number(JSONNumber(1)))]))),
      ]))
    #expect(writer.text == tree.serialized(pretty: true))
    // The inline array keeps a space after each separating comma, not after the one in "x,y".
    #expect(writer.text.contains(#""short": [1, "x,y", null]"#))
    #expect(writer.text.contains("\"long\": [\n      0,\n"))
  }

  /// The document of ``pieces(size:)`` written whole.
  static let whole: String = {
    var writer = JSONStreamWriter()
    writeDocument(to: &writer)
    return writer.text
  }()

  /// Three objects of names in two- and three-byte UTF-8 and a closing member.
  static func writeDocument(to writer: inout JSONStreamWriter) {
    writer.beginObject()
    for (index, name) in ["café", "名前", "ünïcödé"].enumerated() {
      writer.beginObject(name)
      writer.member("index", integer: index)
      writer.member("label", .string(String(repeating: name, count: 3)))
      writer.endObject()
    }
    writer.member("end", .null)
    writer.endObject()
  }

  /// The pieces a writer handing pieces of `size` bytes gives.
  static func pieces(size: Int) -> [String] {
    var pieces: [String] = []
    var writer = JSONStreamWriter(pieceSize: size) { pieces.append($0) }
    writeDocument(to: &writer)
    writer.finish()
    return pieces
  }

  @Test func piecesMakeTheWholeDocument() {
    // A byte: a piece at every object that closes (three workloads' objects and the root).
    let small = Self.pieces(size: 1)
    #expect(small.count == 4)
    #expect(small.joined() == Self.whole)
    // Each piece is whole text: none holds a replacement character for a split sequence.
    #expect(small.allSatisfy { !$0.contains("\u{FFFD}") })
    #expect(small[0].hasSuffix("\"label\": \"cafécafécafé\"\n  }"))
    // Larger than the document: one piece, handed over by `finish()`.
    #expect(Self.pieces(size: 1 << 20) == [Self.whole])
  }

  @Test func aPieceWaitsForItsSizeAndNothingIsHandedTwice() {
    var pieces: [String] = []
    var writer = JSONStreamWriter(pieceSize: 100) { pieces.append($0) }
    Self.writeDocument(to: &writer)
    // Objects close 65, 134, 223 and 240 bytes in: the first waits for the second (a piece of
    // 134 bytes), the third for the root (106 more).
    #expect(pieces.map(\.utf8.count) == [134, 106])
    writer.finish()
    writer.finish()
    #expect(pieces.count == 2)
    #expect(pieces.joined() == Self.whole)
  }
}
