import Foundation
import Testing

/// `results/` is current: every scenario has its comparison table, every table a scenario, and
/// each table is what `compare` computes now, byte for byte.
///
/// Re-running each comparison catches both a changed scenario and a changed simulator, at the
/// cost of simulating every scenario in the debug build (seconds today). If that grows too
/// slow, the fallback is a manifest of input hashes checked here, with the full re-run left to
/// CI on a release build; a manifest alone would miss changes to the simulator.
@Suite struct ResultsTests {
  static let results = CLI.root.appendingPathComponent("results")

  static var scenarioNames: [String] {
    let names = try? FileManager.default.contentsOfDirectory(
      atPath: CLI.root.appendingPathComponent("scenarios").path)
    return (names ?? []).filter { $0.hasSuffix(".json") && $0 != "schema.json" }
      .map { String($0.dropLast(5)) }.sorted()
  }

  @Test func everyScenarioHasResultsAndEveryResultAScenario() throws {
    let entries = try FileManager.default.contentsOfDirectory(atPath: Self.results.path)
    var isDirectory: ObjCBool = false
    let directories = entries.filter {
      FileManager.default.fileExists(
        atPath: Self.results.appendingPathComponent($0).path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    #expect(
      directories.sorted() == Self.scenarioNames,
      "results/ does not match scenarios/: run scripts/update-results.sh")
  }

  @Test(arguments: scenarioNames)
  func comparisonTableIsCurrent(name: String) throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outcome = CLI.run(["compare", CLI.scenario("\(name).json"), "--out", directory.path])
    #expect(outcome.status == 0, "\(outcome.error)")
    let fresh = try #require(CLI.read(directory, "compare.csv"))
    let committed = CLI.read(Self.results.appendingPathComponent(name), "compare.csv")
    #expect(
      committed == fresh,
      "results/\(name)/compare.csv is out of date: run scripts/update-results.sh")
  }
}
