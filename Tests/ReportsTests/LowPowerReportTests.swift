import DeviceModels
import Quantities
import Reports
import ScenarioFiles
import Testing

/// Time in Low Power Mode in the reports (see *Apps and push delivery* and *The command line*):
/// `summary.csv`'s last column, the `--json` member, a line of the run summary, and — only when the
/// alternatives differ in it — a row of the comparison and `compare.csv`'s last column.
@Suite struct LowPowerReportTests {
  /// A 1 W sensor for 60 s; the variant `saver` has Low Power Mode on 10–25 s (15 s).
  static let text = """
    {
      "name": "Low Power Mode report",
      "device": { "name": "bench", "components": {
        "sensor": { "type": "generic", "parent": "none", "states": [
          { "name": "active", "power": "2 W" }, { "name": "idle", "power": "1 W", "after": "0 s" } ] } } },
      "duration": "60 s",
      "variants": {
        "saver": { "environment": { "low_power": [["10 s", "25 s"]] } },
        "same": { "seed": 2 }
      }
    }
    """

  static func comparison(_ variants: [String]) throws -> Comparison {
    let document = try ScenarioFixtures.document(Self.text)
    return Comparison.run(
      try variants.map {
        Alternative(label: $0, scenario: try document.scenario(variant: $0))
      }, jobs: 1)
  }

  @Test func runOutputsGiveTheTimeInLowPowerMode() throws {
    let document = try ScenarioFixtures.document(Self.text)
    let scenario = try document.scenario(variant: "saver")
    let result = Simulation(setup: scenario.setup).run()
    #expect(result.lowPowerTime == .seconds(15))
    let summary = ResultCSV.summary(result, variant: "saver").split(separator: "\r\n")
    #expect(summary[0].contains(",min_charge,low_power_s,battery_energy_mah,nominal_s,"))
    // No mAh (the battery gives no voltage), no thermal model: the last seven fields empty.
    #expect(summary[1].hasSuffix(",15,,,,,,,"))
    #expect(
      ResultJSON.summary(result, variant: "saver").serialized().contains("\"low_power_s\":15"))
    #expect(SummaryText.render(result, scenario: scenario).contains("in Low Power Mode 15 s"))
    let baseline = Simulation(setup: try document.scenario(variant: "baseline").setup).run()
    #expect(!SummaryText.render(baseline, scenario: scenario).contains("in Low Power Mode"))
  }

  @Test func compareShowsItOnlyWhenItDiffers() throws {
    let differing = try Self.comparison(["baseline", "saver"])
    let lines = ComparisonCSV.render(differing).split(separator: "\r\n")
    #expect(lines[0].hasSuffix(",held,low_power_s,battery_energy_mah"))
    #expect(lines[1].hasSuffix(",0,0,"))
    #expect(lines[2].hasSuffix(",0,15,"))
    #expect(ComparisonText.render(differing).contains("in Low Power Mode"))
    let same = try Self.comparison(["baseline", "same"])
    #expect(
      ComparisonCSV.render(same).split(separator: "\r\n")[0].hasSuffix(",held,battery_energy_mah"))
    #expect(!ComparisonText.render(same).contains("in Low Power Mode"))
  }
}
