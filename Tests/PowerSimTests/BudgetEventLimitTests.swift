import Foundation
import PowerSim
import TestSupport
import Testing

/// `Budgets.maximumEvents`, the library's `powersim check --max-events`: by default the billion
/// events `powersim run` allows; a run that takes more with events still due stops the check with
/// a ``PowerSimError`` naming the scenario file (the estimate's side is `check`'s, tested with the
/// command line in `EventLimitCommandsTests`).
@Suite struct BudgetEventLimitTests {
  /// An hour of standby: no workload, so its estimate counts no event, while the device's own
  /// ladders and polls take a couple of thousand.
  static func budgets() throws -> (Budgets, TemporaryDirectory) {
    let directory = try TemporaryDirectory()
    try directory.write(
      #"{ "device": "phone", "duration": "1 h", "environment": { "network": "wifi" } }"#,
      to: "standby.json")
    let file = try directory.write(
      #"{ "budgets": [ { "scenario": "standby.json", "max": { "energy": "1 kJ" } } ] }"#,
      to: "budgets.json")
    return (try Budgets(contentsOf: URL(fileURLWithPath: file)), directory)
  }

  @Test func theDefaultIsABillionEvents() throws {
    let (budgets, _directory) = try Self.budgets()
    _ = _directory
    #expect(budgets.maximumEvents == 1_000_000_000)
    #expect(try budgets.check().allHold)
  }

  @Test func aRunBeyondTheLimitStopsTheCheck() throws {
    var (budgets, directory) = try Self.budgets()
    budgets.maximumEvents = 1_000
    do {
      _ = try budgets.check()
      Issue.record("a check whose run takes more than 1,000 events finished")
    } catch {
      #expect(error.file == directory.path("standby.json"))
      #expect(error.jsonPath == nil)
      #expect(
        error.message.hasPrefix(
          "the run of the baseline stopped after 1000 events, as many as a run may take, at "))
      #expect(error.message.hasSuffix("or raise the limit with --max-events"))
      #expect(error.description == "\(error.file): \(error.message)")
    }
  }
}
