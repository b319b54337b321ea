import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Every SVG the shipped scenarios produce is well-formed XML (what a browser needs to show it):
/// the compare plot of each scenario, and the run plot of each baseline.
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

  @Test func everyShippedScenarioIsFound() {
    #expect(Self.scenarios.count >= 10)
    #expect(Self.scenarios.contains("day-in-the-life.json"))
  }

  @Test(arguments: scenarios)
  func comparePlotParses(_ name: String) throws {
    let directory = try TemporaryDirectory()
    let plot = directory.path("compare.svg")
    let outcome = CLI.run(["compare", CLI.scenario(name), "--plot", plot])
    #expect(outcome.status == 0, "\(outcome.error)")
    let svg = try String(contentsOfFile: plot, encoding: .utf8)
    #expect(Self.parses(svg), "\(name)")
    #expect(svg.contains("Energy per component"))
    if name == "day-in-the-life.json" {
      // The baseline's flat battery, in the headline, the plot's subtitle and its battery panel.
      #expect(outcome.output.contains("\nBattery ran out: baseline at 15.78 h (off 13.12 min).\n"))
      #expect(svg.contains("Battery ran out: baseline at 15.78 h"))
      #expect(svg.contains("baseline ran out at 15.78 h"))
    }
    if name == "deferred-download.json" {
      #expect(svg.contains("Largest battery saving: charging, −24.33 J of battery"))
      #expect(svg.contains("on the charger"))
    }
  }

  /// The run plot of each baseline but the day-long one (its compare plot above covers it; a
  /// day at 60 fps takes half a minute in a debug build).
  @Test(arguments: scenarios.filter { $0 != "day-in-the-life.json" })
  func runPlotParses(_ name: String) throws {
    let directory = try TemporaryDirectory()
    let plot = directory.path("run.svg")
    let outcome = CLI.run(["run", CLI.scenario(name), "--plot", plot])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(Self.parses(try String(contentsOfFile: plot, encoding: .utf8)), "\(name)")
  }
}
