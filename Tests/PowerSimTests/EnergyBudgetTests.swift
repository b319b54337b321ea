// snippet.begin swift-testing
import Foundation
import PowerSim
import Testing

/// An energy budget as a Swift Testing test: the test fails when the coalesced sync uses more
/// than its budgets allow, and the report of the failure carries the run's power over time.
@Suite struct EnergyBudgetTests {
  /// The budgets file beside this test.
  static let budgets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Budgets/coalescing.json")

  @Test func coalescedSyncStaysWithinItsBudget() throws {
    try expectWithinBudgets(Self.budgets)
  }
}

/// Checks the budgets file at `url` and expects every limit to hold; for each scenario variant
/// that breaches one, attaches the run's `power.csv` to the test.
func expectWithinBudgets(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
  let report = try Budgets(contentsOf: url).check()
  for failure in report.failures {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("powersim-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try Scenario(contentsOf: failure.scenarioURL)
      .run(variant: failure.variant, writingFilesTo: directory)
    let csv = try Data(contentsOf: directory.appendingPathComponent("power.csv"))
    Attachment.record(csv, named: "\(failure.variant)-power.csv", sourceLocation: sourceLocation)
  }
  #expect(
    report.allHold, "\(report.failures.map(\.description).joined(separator: "\n"))",
    sourceLocation: sourceLocation)
}
// snippet.end swift-testing
