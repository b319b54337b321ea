import Foundation
import Testing

/// The README's snippets of "Energy budgets in your tests and CI" are the files CI runs and
/// the tests compile, so they cannot rot: the GitHub Actions workflow is `.ci/energy-budgets.yml`
/// whole, the Swift Testing example the marked part of `EnergyBudgetTests.swift`.
@Suite struct ReadmeSnippetTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The fenced blocks of `language` in the README's budgets section.
  static func blocks(_ language: String) throws -> [String] {
    let readme = try text("README.md")
    let section = try #require(
      readme.components(separatedBy: "## Energy budgets in your tests and CI\n").dropFirst().first
    ).components(separatedBy: "\n## ")[0]
    return section.components(separatedBy: "```\(language)\n").dropFirst().map {
      $0.components(separatedBy: "```\n")[0]
    }
  }

  @Test func theActionsWorkflowIsTheFileInCI() throws {
    #expect(try Self.blocks("yaml") == [try Self.text(".ci/energy-budgets.yml")])
  }

  @Test func theSwiftTestingExampleIsTheTestThatRuns() throws {
    let test = try Self.text("Tests/PowerSimTests/EnergyBudgetTests.swift")
    let marked = test.components(separatedBy: "// snippet.begin swift-testing\n")[1]
      .components(separatedBy: "// snippet.end swift-testing\n")[0]
    #expect(try Self.blocks("swift") == [marked])
  }
}
