// snippet.begin xctest
import Foundation
import PowerSim
import XCTest

/// An energy budget as an XCTest test: the same budgets as `EnergyBudgetTests`.
final class EnergyBudgetXCTests: XCTestCase {
  /// The budgets file beside this test.
  static let budgets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Budgets/coalescing.json")

  func testCoalescedSyncStaysWithinItsBudget() throws {
    try assertWithinBudgets(Self.budgets)
  }

  /// Checks the budgets file at `url` and fails for each limit breached. The `power.csv` of
  /// each variant that breaches one is attached where XCTest can (Apple platforms), and is
  /// written to `.build/powersim-budget-failures/` everywhere, its path in the failure message.
  func assertWithinBudgets(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
    let report = try Budgets(contentsOf: url).check()
    for failure in report.failures {
      let directory = URL(fileURLWithPath: ".build/powersim-budget-failures")
        .appendingPathComponent(UUID().uuidString)
      _ = try Scenario(contentsOf: failure.scenarioURL)
        .run(variant: failure.variant, writingFilesTo: directory)
      let csv = directory.appendingPathComponent("power.csv")
      #if canImport(Darwin)
        add(XCTAttachment(contentsOfFile: csv))
      #endif
      XCTFail("\(failure); power over time in \(csv.path)", file: file, line: line)
    }
  }
}
// snippet.end xctest
