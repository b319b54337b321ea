import TestSupport
import Testing

/// `powersim validate`: every variant of every file, the first problem of each reported.
@Suite struct ValidateCommandTests {
  @Test func validFiles() throws {
    let directory = try TemporaryDirectory()
    let gps = try directory.write(gpsScenarioText, to: "gps.json")
    let idle = try directory.write(#"{ "device": "phone", "duration": "1 h" }"#, to: "idle.json")
    let result = CLI.run(["validate", gps, idle])
    #expect(result.status == 0)
    #expect(result.output == "\(gps): ok (3 variants)\n\(idle): ok (1 variant)\n")
    #expect(result.error.isEmpty)
  }

  /// A problem in one variant fails the file; the other files are still checked.
  @Test func aBadVariantFailsItsFile() throws {
    let directory = try TemporaryDirectory()
    let bad = try directory.write(
      #"{ "device": "devboard", "duration": "1 min", "variants": { "long": { "duration": "400 d" } } }"#,
      to: "bad.json")
    let good = try directory.write(
      #"{ "device": "devboard", "duration": "1 min" }"#, to: "good.json")
    let result = CLI.run(["validate", bad, good])
    #expect(result.status == 1)
    #expect(result.output == "\(good): ok (1 variant)\n")
    #expect(
      result.error
        == "Error: \(bad): variants.long.duration: expected a duration of at most 366 days, found \"400 d\"\n"
    )
  }

  @Test func syntaxErrors() throws {
    let directory = try TemporaryDirectory()
    let broken = try directory.write(
      "{\n  \"device\": \"phone\",\n  \"duration\": 1 s\n}", to: "broken.json")
    let result = CLI.run(["validate", broken])
    #expect(result.status == 1)
    #expect(
      result.error
        == "Error: \(broken):3:17: expected ',' or '}' after an object member, found 's'\n")
  }

  /// A file name holding a line break and an escape sequence prints escaped, on one line.
  @Test func fileNamesAreEscaped() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(
      #"{ "device": "phone", "duration": "1 h" }"#, to: "a\nb\u{1B}[31m.json")
    let result = CLI.run(["validate", file])
    #expect(result.status == 0)
    #expect(result.output == directory.path + #"/a\nb\u001B[31m.json: ok (1 variant)"# + "\n")
  }
}
