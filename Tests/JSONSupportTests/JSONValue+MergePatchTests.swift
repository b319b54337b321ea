import JSONSupport
import Testing

/// JSON Merge Patch (RFC 7396): every example of the RFC's Appendix A, and its Section 3
/// document. Results are compared member order included: the target's members keep their
/// place, new members follow in the patch's order.
@Suite struct MergePatchTests {
  /// RFC 7396, Appendix A: original, patch, result.
  static let appendixA: [(String, String, String)] = [
    (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
    (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
    (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
    (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
    (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
    (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
    (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
    (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
    (#"{"a":"foo"}"#, "null", "null"),
    (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
    (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
    (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
    (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
  ]

  @Test(arguments: appendixA)
  func appendixAExample(original: String, patch: String, result: String) throws {
    let patched = try JSONReader.parse(original).mergePatched(with: try JSONReader.parse(patch))
    #expect(patched == (try JSONReader.parse(result)))
    #expect(patched.serialized() == result)
  }

  /// There are fifteen examples in Appendix A.
  @Test func allFifteenExamples() {
    #expect(Self.appendixA.count == 15)
  }

  /// RFC 7396, Section 3: the example document and patch.
  @Test func sectionThreeExample() throws {
    let target = try JSONReader.parse(
      """
      {
        "title": "Goodbye!",
        "author" : {
          "givenName" : "John",
          "familyName" : "Doe"
        },
        "tags":[ "example", "sample" ],
        "content": "This will be unchanged"
      }
      """)
    let patch = try JSONReader.parse(
      """
      {
        "title": "Hello!",
        "phoneNumber": "+01-123-456-7890",
        "author": {
          "familyName": null
        },
        "tags": [ "example" ]
      }
      """)
    let expected =
      #"{"title":"Hello!","author":{"givenName":"John"},"tags":["example"],"#
      + #""content":"This will be unchanged","phoneNumber":"+01-123-456-7890"}"#
    #expect(target.mergePatched(with: patch).serialized() == expected)
  }

  /// The scenario cases of *Scenario file reference*: a timer turned into Poisson arrivals, and a
  /// device named in the base replaced by another name.
  @Test func scenarioPatches() throws {
    let base = try JSONReader.parse(
      #"{"device":"phone","workloads":{"sync":{"every":"1 s","tolerance":"0 s","work":{"cpu":"2 ms"}}}}"#
    )
    let patch = try JSONReader.parse(
      #"{"device":"laptop","workloads":{"sync":{"every":null,"tolerance":null,"rate":"1 Hz"}}}"#)
    #expect(
      base.mergePatched(with: patch).serialized()
        == #"{"device":"laptop","workloads":{"sync":{"work":{"cpu":"2 ms"},"rate":"1 Hz"}}}"#)
  }

  /// Patching with an empty object changes nothing; deleting a missing key is not an error.
  @Test func emptyPatchesAndMissingKeys() throws {
    let target = try JSONReader.parse(#"{"a":1,"b":[2]}"#)
    #expect(target.mergePatched(with: .object(JSONObject())) == target)
    #expect(target.mergePatched(with: try JSONReader.parse(#"{"zzz":null}"#)) == target)
  }
}
