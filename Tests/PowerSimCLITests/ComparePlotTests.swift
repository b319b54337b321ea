import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `compare --plot` and `sweep --plot` from the command line: well-formed SVG whose series are
/// the alternatives (or sweep points) with their hand-computed energies.
@Suite struct ComparePlotTests {
  /// A 300 mW part that is off (0 W) 1 s after its last use, waking in 0 s; the platform-free
  /// device makes each run's energy `uses × 300 mW × (work + 1 s tail)` when uses are ≥ 1 s
  /// plus work apart.
  static let scenario = """
    {
      "name": "Tiny plot",
      "device": { "name": "bench", "components": { "part": { "type": "generic", "parent": "none",
        "states": [ { "name": "active", "power": "300 mW" },
                    { "name": "off", "power": "0 W", "after": "1 s" } ] } } },
      "duration": "20 s",
      "workloads": { "use": { "every": "5 s", "work": { "part": "1 s" } } },
      "variants": { "rarer": { "workloads": { "use": { "every": "10 s" } } } }
    }
    """

  /// The `<title>` texts of an SVG document, in order; the document must parse as XML.
  static func titles(_ svg: String) throws -> [String] {
    final class Collector: NSObject, XMLParserDelegate {
      var titles: [String] = []
      var current: String?
      func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
      ) {
        if element == "title" { current = "" }
      }
      func parser(_ parser: XMLParser, foundCharacters string: String) {
        current? += string
      }
      func parser(
        _ parser: XMLParser, didEndElement element: String, namespaceURI: String?,
        qualifiedName: String?
      ) {
        if element == "title", let text = current { titles.append(text) }
        current = nil
      }
    }
    let parser = XMLParser(data: Data(svg.utf8))
    let collector = Collector()
    parser.delegate = collector
    #expect(parser.parse(), "the SVG is well-formed XML")
    return collector.titles
  }

  /// A fresh directory holding `tiny.json`.
  static func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write(scenario, to: "tiny.json")
    return directory
  }

  /// Baseline: uses at 0, 5, 10, 15 s, each 1 s of work then a 1 s hold: 4 × 2 s × 0.3 W = 2.4 J.
  /// Rarer: uses at 0 and 10 s: 2 × 2 s × 0.3 W = 1.2 J, −50% against the baseline.
  @Test func compareDrawsOneLinePerAlternative() throws {
    let directory = try Self.directory()
    let plot = directory.path("compare.svg")
    let outcome = CLI.run(
      ["compare", directory.path("tiny.json"), "--plot", plot])
    #expect(outcome.status == 0, "\(outcome.error)")
    let titles = try Self.titles(try directory.read("compare.svg"))
    #expect(titles.first == "Tiny plot")
    #expect(titles.contains("baseline: 2.4 J"))
    #expect(titles.contains("rarer: 1.2 J (-50.0% against baseline)"))
  }

  /// Work of 1 s or 2 s every 5 s: 4 uses × (work + 1 s) × 0.3 W = 2.4 J and 3.6 J.
  @Test func sweepDrawsEnergyAgainstTheSweptValue() throws {
    let directory = try Self.directory()
    let plot = directory.path("sweep.svg")
    let outcome = CLI.run([
      "sweep", directory.path("tiny.json"),
      "--set", "workloads.use.work.part=1 s,2 s", "--plot", plot, "--jobs", "1",
    ])
    #expect(outcome.status == 0, "\(outcome.error)")
    let titles = try Self.titles(try directory.read("sweep.svg"))
    #expect(titles.contains("workloads.use.work.part = 1 s: 2.4 J"))
    #expect(titles.contains("workloads.use.work.part = 2 s: 3.6 J"))
  }

  /// A plot that cannot be written leaves no CSV behind either: the outputs are one transaction.
  @Test func comparePlotAndTableAppearTogether() throws {
    let directory = try Self.directory()
    try directory.write("a file", to: "blocked")
    let outcome = CLI.run([
      "compare", directory.path("tiny.json"),
      "--out", directory.path("table"),
      "--plot", directory.path("blocked/compare.svg"),
    ])
    #expect(outcome.status == 1)
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.path("table/compare.csv")))
  }
}
