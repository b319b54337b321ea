import JSONSupport
import Testing

/// JSON paths as messages print them, as command lines type them, and as places to read and
/// write values.
@Suite struct JSONPathTests {
  @Test func rendering() {
    #expect((["workloads", "sync", "every"] as JSONPath).description == "workloads.sync.every")
    #expect(
      JSONPath([.key("display"), .index(0), .key("brightness")]).description
        == "display[0].brightness")
    #expect(JSONPath().description == "the document")
    #expect(JSONPath.root.isRoot && JSONPath().isRoot)
    #expect(!(["duration"] as JSONPath).isRoot)
    #expect(JSONPath.root.appending(index: 2).description == "[2]")
    #expect(JSONPath([.key("a"), .index(1), .index(2)]).description == "a[1][2]")
    // Letters, digits, "_" and "-" need no quotes.
    #expect((["x-note", "battery_start"] as JSONPath).description == "x-note.battery_start")
  }

  /// A path is its last step linked to the path before it: paths built step by step, from a
  /// list of steps, or sharing a parent are equal exactly when their steps are, and hash alike.
  @Test func pathsBuiltStepByStep() {
    let workloads = JSONPath.root.appending(key: "workloads")
    let built = workloads.appending(key: "sync").appending(index: 2).appending(key: "every")
    let listed = JSONPath([.key("workloads"), .key("sync"), .index(2), .key("every")])
    #expect(built == listed)
    #expect(built.hashValue == listed.hashValue)
    #expect(built.components == [.key("workloads"), .key("sync"), .index(2), .key("every")])
    #expect(built.description == "workloads.sync[2].every")
    let sibling = workloads.appending(key: "sync").appending(index: 2).appending(key: "from")
    #expect(sibling != built)
    #expect(workloads.appending(key: "sync") != built)
    #expect(JSONPath([.key("sync")]) != JSONPath([.index(0)]))
    #expect(JSONPath([.key("a"), .key("b")]) != JSONPath([.key("b"), .key("b")]))
    var changed = built
    changed.components = [.key("x")]
    #expect(changed == ["x"])
    #expect(built.description == "workloads.sync[2].every")
    #expect(JSONPath(dotted: "display.0.brightness")?.components.count == 3)
  }

  /// Keys that could be misread are quoted in brackets, with JSON escapes.
  @Test func keysNeedingQuotes() {
    #expect(
      (["workloads", "my.sync", "every"] as JSONPath).description == #"workloads["my.sync"].every"#)
    #expect((["workloads", "a b"] as JSONPath).description == #"workloads["a b"]"#)
    #expect((["0abc"] as JSONPath).description == #"["0abc"]"#)
    #expect((["$schema"] as JSONPath).description == #"["$schema"]"#)
    #expect((["", "x"] as JSONPath).description == #"[""].x"#)
    #expect((["café"] as JSONPath).description == #"["café"]"#)
    #expect((["say \"hi\""] as JSONPath).description == #"["say \"hi\""]"#)
  }

  @Test func appending() {
    let path = JSONPath.root.appending(key: "display").appending(index: 0).appending(key: "to")
    #expect(path == JSONPath([.key("display"), .index(0), .key("to")]))
  }

  @Test func parsingDottedPaths() {
    #expect(JSONPath(dotted: "workloads.sync.every") == ["workloads", "sync", "every"])
    #expect(
      JSONPath(dotted: "display[0].brightness")
        == JSONPath([.key("display"), .index(0), .key("brightness")]))
    #expect(JSONPath(dotted: "display.0.brightness") == ["display", "0", "brightness"])
    #expect(JSONPath(dotted: "a[0][1]") == JSONPath([.key("a"), .index(0), .index(1)]))
    #expect(JSONPath(dotted: "seed") == ["seed"])
    for bad in ["", "a..b", ".a", "a.", "a[x]", "a[-1]", "a[0", "a[0]b"] {
      #expect(JSONPath(dotted: bad) == nil, "\(bad)")
    }
  }

  @Test func reading() throws {
    let document = try JSONReader.parse(
      #"{"display":[{"brightness":"50%"}],"workloads":{"sync":{"every":"1 s"}}}"#)
    #expect(document[path: ["workloads", "sync", "every"]] == .string("1 s"))
    #expect(
      document[path: JSONPath([.key("display"), .index(0), .key("brightness")])] == .string("50%"))
    #expect(document[path: ["display", "0", "brightness"]] == .string("50%"))
    #expect(document[path: ["workloads", "ui"]] == nil)
    #expect(document[path: JSONPath([.key("display"), .index(3)])] == nil)
    #expect(document[path: ["workloads", "sync", "every", "deeper"]] == nil)
    #expect(document[path: .root] == document)
  }

  @Test func writing() throws {
    let document = try JSONReader.parse(#"{"display":[{"brightness":"50%"}],"seed":1}"#)
    let seeded = try document.setting(.number(JSONNumber(2)), at: ["seed"])
    #expect(seeded.serialized() == #"{"display":[{"brightness":"50%"}],"seed":2}"#)
    // Missing objects are created on the way; new members go at the end.
    let created = try document.setting(.string("5 s"), at: ["workloads", "sync", "every"])
    #expect(
      created.serialized()
        == #"{"display":[{"brightness":"50%"}],"seed":1,"workloads":{"sync":{"every":"5 s"}}}"#)
    let bright = try document.setting(.string("90%"), at: ["display", "0", "brightness"])
    #expect(bright.serialized() == #"{"display":[{"brightness":"90%"}],"seed":1}"#)
  }

  /// The message of the error setting `null` at `path` throws.
  static func settingError(_ document: JSONValue, _ path: JSONPath) -> String? {
    do {
      _ = try document.setting(.null, at: path)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func writingErrors() throws {
    let document = try JSONReader.parse(#"{"display":[{"brightness":"50%"}],"seed":1}"#)
    #expect(
      Self.settingError(document, ["seed", "x"])
        == "cannot set seed.x: seed is a number, not an object")
    #expect(
      Self.settingError(document, JSONPath([.key("display"), .index(5), .key("x")]))
        == "cannot set display[5].x: display has no element 5")
    #expect(
      Self.settingError(document, ["display", "x"])
        == "cannot set display.x: display has no element x")
    #expect(
      Self.settingError(document, JSONPath([.index(0)]))
        == "cannot set [0]: the document is an object, not an array")
  }
}
