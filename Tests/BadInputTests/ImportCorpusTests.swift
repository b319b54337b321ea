import Foundation
import TestSupport
import Testing

/// Hostile input to `import power-profile` and `run --measured`, through the real executable:
/// the exact error (with line and column), status 1, nothing on standard output and nothing
/// written.
@Suite struct ImportCorpusTests {
  static let profiles: [(file: String, message: String)] = [
    (
      "import/mismatched-close.xml",
      "import/mismatched-close.xml:5:3: expected </array> (opened at line 3, column 3), found </arrray>"
    ),
    (
      "import/not-a-number.xml",
      "import/not-a-number.xml:2:3: expected a number in <item name=\"screen.on\">, found \"ninety\""
    ),
    (
      "import/doctype.xml",
      "import/doctype.xml:2:1: expected an element; document type declarations are not read"
    ),
    (
      "import/unclosed-comment.xml",
      "import/unclosed-comment.xml:3:3: expected \"-->\" to end this comment, found the end of the file"
    ),
    (
      "import/empty.xml",
      "import/empty.xml:1:1: expected the document's root element, found the end of the file"
    ),
  ]

  @Test(arguments: profiles.map(\.file))
  func importReportsTheExactErrorAndWritesNothing(_ file: String) throws {
    let message = try #require(Self.profiles.first { $0.file == file }?.message)
    let output = try TemporaryDirectory()
    let outcome = try PowerSimProcess.run(
      ["import", "power-profile", file, "--out", output.path("device.json")])
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(outcome.standardError == "Error: \(message)\n")
    #expect(outcome.standardOutput == "")
    #expect(try FileManager.default.contentsOfDirectory(atPath: output.url.path) == [])
  }

  static let traces: [(file: String, message: String)] = [
    (
      "import/time-goes-back.csv",
      "import/time-goes-back.csv:4:1: expected times in increasing order, found 5 after a later time"
    ),
    (
      "import/no-time-column.csv",
      "import/no-time-column.csv:1:1: expected a header naming a time column and a power or current column (time_s,power_w; time_s,current_a,voltage_v; time_s,current_ma; or a Monsoon, PPK2 or Joulescope export), found \"when,watts\""
    ),
    ("import/bad-number.csv", "import/bad-number.csv:3:1: expected a number of power, found \"x\""),
  ]

  @Test(arguments: traces.map(\.file))
  func runMeasuredReportsTheExactErrorAndWritesNothing(_ file: String) throws {
    let message = try #require(Self.traces.first { $0.file == file }?.message)
    let scenario = PowerSimProcess.corpus.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scenarios/timer-coalescing.json").path
    let output = try TemporaryDirectory()
    let outcome = try PowerSimProcess.run(
      ["run", scenario, "--measured", file, "--out", output.path("results")])
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(outcome.standardError == "Error: \(message)\n")
    #expect(outcome.standardOutput == "")
    #expect(try FileManager.default.contentsOfDirectory(atPath: output.url.path) == [])
  }
}
