import DeviceModels
import ScenarioFiles
import Testing

@testable import Reports

/// `powersim run --json` writes the summary in pieces as it goes (`ResultJSON.writeSummary`):
/// the pieces are the text `summaryText` writes whole.
@Suite struct SummaryPiecesTests {
  /// Five hundred fixes on the fixtures' GPS, named in two- and three-byte UTF-8: a summary of
  /// over 128 KiB: three pieces or more.
  static func result() throws -> (RunResult, String) {
    let workloads = (0..<500).map { index in
      "\"fixé-名\(index)\": { \"times\": [\"\(index * 40) ms\"], \"work\": { \"gps\": \"10 ms\" } }"
    }
    let text = """
      { "name": "many fixes", "device": \(ScenarioFixtures.gpsDevice), "duration": "20 s",
        "workloads": { \(workloads.joined(separator: ",\n")) } }
      """
    let scenario = try ScenarioFixtures.document(text).scenario()
    return (try RunPipeline.run(RunRequest(scenario: scenario)), scenario.variant)
  }

  @Test func thePiecesAreTheWholeSummary() throws {
    let (result, variant) = try Self.result()
    var pieces: [String] = []
    ResultJSON.writeSummary(result, variant: variant) { pieces.append($0) }
    let whole = ResultJSON.summaryText(result, variant: variant)
    #expect(pieces.joined() == whole)
    #expect(whole.utf8.count > 2 * 65_536)
    #expect(pieces.count >= 3)
    // Each but the last is handed over once it reaches 64 KiB, at the end of an object.
    #expect(pieces.dropLast().allSatisfy { $0.utf8.count >= 65_536 && $0.hasSuffix("}") })
    #expect(whole.contains("\"fixé-名499\": {"))
  }
}
