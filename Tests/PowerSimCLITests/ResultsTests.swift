import Foundation
import Reports
import Testing

/// `results/` keeps up with `scenarios/`: every scenario has its comparison table, every table a
/// scenario, each table has the current columns, and each was made from the scenario file as it
/// is now (`results/NAME/scenario.sha256` holds the file's SHA-256, as `sha256sum` prints it).
///
/// The test checks a manifest of input hashes rather than re-running every comparison: a
/// simulated day takes over ten minutes in the debug build `swift test` uses. The price is that a change to
/// the simulator or a built-in device, which changes results as much as a changed scenario, is
/// not caught here; `results/update.sh --check` (CI, release build) re-runs every
/// comparison and compares the bytes.
@Suite struct ResultsTests {
  static let results = CLI.root.appendingPathComponent("results")

  static var scenarioNames: [String] {
    let names = try? FileManager.default.contentsOfDirectory(
      atPath: CLI.root.appendingPathComponent("scenarios").path)
    return (names ?? []).filter { $0.hasSuffix(".json") && $0 != "schema.json" }
      .map { String($0.dropLast(5)) }.sorted()
  }

  static let advice = "run results/update.sh"

  /// The text of `file` in `directory`, or `nil` if it cannot be read.
  static func text(_ directory: URL, _ file: String) -> String? {
    try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
  }

  @Test func everyScenarioHasResultsAndEveryResultAScenario() throws {
    let entries = try FileManager.default.contentsOfDirectory(atPath: Self.results.path)
    let directories = entries.filter { entry in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: Self.results.appendingPathComponent(entry).path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    #expect(
      directories.sorted() == Self.scenarioNames,
      "results/ does not match scenarios/: \(Self.advice)")
  }

  @Test(arguments: scenarioNames)
  func resultsWereMadeFromTheScenarioAsItIs(name: String) throws {
    let scenario = try Data(
      contentsOf: CLI.root.appendingPathComponent("scenarios/\(name).json"))
    let directory = Self.results.appendingPathComponent(name)
    #expect(
      Self.text(directory, "scenario.sha256")
        == "\(SHA256.hex([UInt8](scenario)))  scenarios/\(name).json\n",
      "scenarios/\(name).json changed since results/\(name) was made: \(Self.advice)")
    let table = try #require(Self.text(directory, "compare.csv"), "no results/\(name)/compare.csv")
    let plot = try #require(Self.text(directory, "compare.svg"), "no results/\(name)/compare.svg")
    #expect(plot.hasSuffix("</svg>\n"), "results/\(name)/compare.svg is not a whole SVG document")
    #expect(
      table.hasPrefix(ComparisonCSV.fixedColumns.joined(separator: ",") + ","),
      "results/\(name)/compare.csv has other columns than compare writes now: \(Self.advice)")
  }

  /// The published test vectors of FIPS 180-4 (and the `sha256sum` of a scenario-like text).
  @Test func sha256MatchesItsTestVectors() {
    #expect(
      SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256.hex(Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }
}
