import Foundation
import JSONSupport

/// Files of the repository the tests check: the shipped scenarios and their schema.
enum RepositoryFiles {
  /// The package's root directory.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `scenarios/`.
  static let scenarios = root.appendingPathComponent("scenarios")

  /// Every shipped scenario file (`scenarios/*.json` but `schema.json`), by name.
  static func scenarioNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: scenarios.path)
      .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
  }

  /// The text of `scenarios/NAME`.
  static func text(ofScenario name: String) throws -> String {
    try String(contentsOf: scenarios.appendingPathComponent(name), encoding: .utf8)
  }
}
