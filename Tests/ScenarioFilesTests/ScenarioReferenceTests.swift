import Foundation
import Testing

@testable import ScenarioFiles

/// The article *Scenario file reference*: the checked-in copy is what the generator writes from
/// the description of the language, and it covers every object and key.
@Suite struct ScenarioReferenceTests {
  static let articlePath = "Sources/ScenarioFiles/ScenarioFiles.docc/ScenarioFileReference.md"

  @Test func checkedInArticleIsTheGeneratorOutput() throws {
    let checkedIn = try String(
      contentsOf: RepositoryFiles.root.appendingPathComponent(Self.articlePath), encoding: .utf8)
    #expect(
      checkedIn == ScenarioReference.article,
      "\(Self.articlePath) is stale: run 'swift run powersim reference > \(Self.articlePath)'")
  }

  /// Each object has a section, and each of its keys a row in it, before the next section.
  @Test(arguments: ScenarioLanguage.objects.map(\.name))
  func everyKeyHasARowInItsObjectsSection(name: String) throws {
    let object = ScenarioLanguage.object(name)
    let article = ScenarioReference.article
    let start = try #require(article.range(of: "\n### \(object.title)\n"))
    let rest = article[start.upperBound...]
    let section = rest[..<(rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex)]
    for key in object.keyNames {
      #expect(section.contains("\n| `\(key)` | "), "\(name).\(key)")
    }
    #expect(section.contains("```json\n\(object.example)\n```"))
  }
}
