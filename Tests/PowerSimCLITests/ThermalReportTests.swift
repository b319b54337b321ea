import Foundation
import TestSupport
import Testing

/// The thermal model in every report (see *Results and accounting*), on a 1 W device whose
/// temperature is computed by hand: 10 °C per W with a 10 s time constant, so each 1 s poll
/// closes a tenth of the gap to 25 + 10 = 35 °C, T_k = 35 − 10 × 0.9^k °C; after 7 polls
/// 30.217031 °C, past the 30 °C `fair` threshold. In 7.5 s: 7 s nominal, 0.5 s fair.
@Suite struct ThermalReportTests {
  static let scenario = """
    { "name": "warm", "duration": "7.5 s",
      "device": { "name": "warm",
        "thermal": { "resistance": 10, "time_constant": "10 s",
          "states": { "fair": 30, "serious": 40, "critical": 50 } },
        "components": { "platform": { "type": "platform", "states": [
          { "name": "on", "power": "2 W" }, { "name": "idle", "power": "1 W", "after": "1 ms" } ] } } },
      "variants": { "cool": { "environment": { "ambient": 20 } } } }
    """

  /// summary.csv ends with the time in each state, the time throttled and the peak; `--json`
  /// has them under `thermal`.
  @Test func runReportsTheTimeInEachStateAndThePeak() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.scenario, to: "warm.json")
    let run = CLI.run(["run", file, "--out", directory.path("out")])
    #expect(run.status == 0, "\(run.error)")
    let summary = try directory.read("out/summary.csv").split(separator: "\r\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    #expect(
      Array(summary[0].suffix(6)) == [
        "nominal_s", "fair_s", "serious_s", "critical_s", "throttled_s", "peak_temperature_c",
      ])
    #expect(Array(summary[1].suffix(6)) == ["7", "0.5", "0", "0", "0", "30.217031"])
    let json = CLI.run(["run", file, "--json"])
    #expect(json.output.contains(#""peak_temperature_c": 30.217031"#), "\(json.output)")
  }

  /// In a 20 °C room the same device peaks 5 °C lower, 25.217031 °C, never fair: compare's row
  /// gives the difference with a minus sign, and compare.csv the peak.
  @Test func compareGivesThePeakAndItsChange() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.scenario, to: "warm.json")
    let compare = CLI.run(["compare", file, "--out", directory.path("out")])
    #expect(compare.status == 0, "\(compare.error)")
    let row = compare.output.split(separator: "\n").first { $0.hasPrefix("peak temperature") }
    let cells = row.map { $0.split(separator: " ", omittingEmptySubsequences: true) } ?? []
    #expect(cells.suffix(6) == ["30.2", "°C", "25.2", "°C", "−5.0", "°C"], "\(row ?? "")")
    let csv = try directory.read("out/compare.csv").split(separator: "\r\n")
    #expect(csv[0].hasSuffix(",throttled_s,peak_temperature_c"))
    #expect(csv[2].hasSuffix(",0,25.217031"))
  }
}
