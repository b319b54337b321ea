import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Every SVG the shipped scenarios produce is well-formed XML (what a browser needs to show it).
///
/// The compare plots are read from `results/`, which `results/update.sh --check` (run by
/// `.ci/run` on a release build) proves to be what `compare` draws now, so this suite does not
/// simulate the shipped days again in a debug build; `.ci/run` also draws the run plot of every
/// shipped baseline on the release build and checks that each parses. Here a run plot is drawn
/// for the short scenarios only.
@Suite struct ShippedPlotTests {
  static var scenarios: [String] {
    let directory = CLI.root.appendingPathComponent("scenarios")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
  }

  static func parses(_ svg: String) -> Bool {
    let parser = XMLParser(data: Data(svg.utf8))
    return parser.parse()
  }

  /// The compare plot `results/update.sh` wrote for a shipped scenario.
  static func resultPlot(_ name: String) throws -> String {
    let directory = CLI.root.appendingPathComponent("results")
      .appendingPathComponent(String(name.dropLast(".json".count)))
    return try String(
      contentsOf: directory.appendingPathComponent("compare.svg"), encoding: .utf8)
  }

  @Test func everyShippedScenarioIsFound() {
    #expect(Self.scenarios.count >= 10)
    #expect(Self.scenarios.contains("day-in-the-life.json"))
  }

  @Test(arguments: scenarios)
  func comparePlotParses(_ name: String) throws {
    let svg = try Self.resultPlot(name)
    #expect(Self.parses(svg), "\(name)")
    #expect(svg.contains("Energy per component"))
    if name == "day-in-the-life.json" {
      // The baseline's flat battery, in the plot's subtitle and its battery panel.
      #expect(svg.contains("Battery ran out: baseline at 15.8 h"))
      #expect(svg.contains("baseline ran out at 15.8 h"))
    }
    if name == "deferred-download.json" {
      #expect(svg.contains("Largest battery saving: charging, −21.99 J of battery"))
      #expect(svg.contains("on the charger"))
    }
  }

  /// A compare plot drawn now, in this build, is the one in `results/` (the short scenarios).
  @Test(arguments: ["deferred-download.json", "dark-mode.json"])
  func comparePlotIsTheShippedOne(_ name: String) throws {
    let directory = try TemporaryDirectory()
    let plot = directory.path("compare.svg")
    let outcome = CLI.run(["compare", CLI.scenario(name), "--plot", plot])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(try String(contentsOfFile: plot, encoding: .utf8) == Self.resultPlot(name))
  }

  /// The run plot of the short baselines (each simulates at most a few minutes of a device).
  @Test(arguments: ["coalescing.json", "dark-mode.json", "deferred-download.json", "threads.json"])
  func runPlotParses(_ name: String) throws {
    let directory = try TemporaryDirectory()
    let plot = directory.path("run.svg")
    let outcome = CLI.run(["run", CLI.scenario(name), "--plot", plot])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(Self.parses(try String(contentsOfFile: plot, encoding: .utf8)), "\(name)")
  }
}
