import DeviceModels
import Foundation
import Quantities
import Reports
import TestSupport
import Testing

/// `run --plot` on *The power-state ladder*'s worked example beside a constant 50 mW sensor, whose
/// power at any time is known by hand: sensor 50 mW throughout; gps 0 before 2 s, 200 mW waking
/// 2–2.8 s, 300 mW 2.8–5.5 s, 60 mW 5.5–10.5 s, 0 after.
@Suite struct StackedPowerPlotTests {
  /// The chart's fixed layout (``ChartStyle``): the power panel spans x 76…600 and y 80…360;
  /// the battery panel y 384…474. The run is 20 s (a seconds axis); the stack peaks at 350 mW,
  /// so the power axis goes to 400 mW.
  static func x(seconds: Double) -> Double { 76 + seconds / 20 * 524 }
  static func y(milliwatts: Double) -> Double { 360 - milliwatts / 400 * 280 }

  /// Runs the worked example with `--plot` (and `--out` when asked) and returns the SVG.
  static func plot(withCSV: Bool = false) throws -> String {
    let directory = try TemporaryDirectory()
    var request = RunRequest(scenario: try scenario(workedExample, in: directory))
    request.plotFile = directory.path("plot.svg")
    if withCSV { request.outputDirectory = directory.path("out") }
    _ = try RunPipeline.run(request)
    return try directory.read("plot.svg")
  }

  /// Names come from scenario files and may hold anything JSON can: control characters (which
  /// XML 1.0 forbids even as character references), U+FFFF, markup. The plot shows them as the
  /// tables do, and stays well-formed.
  @Test func namesWithControlCharactersAndMarkupGiveWellFormedXML() throws {
    let directory = try TemporaryDirectory()
    let hostile = #""sen\u001Bsor\n\uFFFF<&>\u202E\"x""#
    let json = workedExample.replacingOccurrences(of: #""sensor""#, with: hostile)
      .replacingOccurrences(of: #""GPS worked example""#, with: #""title\u0007""#)
    var request = RunRequest(scenario: try scenario(json, in: directory))
    request.plotFile = directory.path("plot.svg")
    _ = try RunPipeline.run(request)
    let svg = try #require(parseXML(try directory.read("plot.svg")))
    let areas = try #require(svg.group("areas")).all("path")
    // By hand: each escape as `JSONText.printable` writes it; `<`, `&`, `>` and `"` as themselves
    // once the XML parser has decoded their entities.
    #expect(areas[0].title == #"sen\u001Bsor\n\uFFFF<&>\u202E"x: 1 J (44.1%)"#)
    #expect(svg.all("text").map(\.text).contains(#"title\u0007 — baseline"#))
  }

  @Test func isWellFormedWithOneAreaPerComponentAxesAndLegend() throws {
    let svg = try #require(parseXML(try Self.plot()))
    #expect(svg.name == "svg")
    let areas = try #require(svg.group("areas")).all("path")
    #expect(areas.count == 2)
    #expect(areas[0].title == "sensor: 1 J (44.1%)")
    #expect(areas[1].title == "gps: 1.27 J (55.9%)")
    let texts = svg.all("text").map(\.text)
    #expect(texts.contains("GPS worked example — baseline"))
    #expect(texts.contains("Energy 2.27 J, average power 113.5 mW"))
    for title in ["Power (mW)", "Time (s)", "Battery (%)"] { #expect(texts.contains(title)) }
    let yLabels = try #require(svg.all("g").first { $0.attributes["class"] == "y-axis" })
      .all("text").map(\.text)
    #expect(yLabels == ["0", "100", "200", "300", "400", "Power (mW)"])
    let xLabels = svg.all("g").filter { $0.attributes["class"] == "x-axis" }.flatMap {
      $0.all("text").map(\.text)
    }
    #expect(xLabels == ["0", "5", "10", "15", "20"], "labelled once, under the battery panel")
    let legend = svg.all("g").filter { $0.attributes["class"] == "legend" }.flatMap {
      $0.all("text").map(\.text)
    }
    #expect(legend == ["gps", "1.27 J", "sensor", "1 J", "battery", "99.9%"])
  }

  /// Over each stretch of the run, each area's band is exactly that component's power, stacked
  /// on the ones below it.
  @Test func stackedAreasAtATimeEqualTheComponentPowers() throws {
    let svg = try #require(parseXML(try Self.plot()))
    let areas = try #require(svg.group("areas")).all("path")
    let sensor = try #require(areas[0].attributes["d"])
    let gps = try #require(areas[1].attributes["d"])
    let expectations: [(seconds: Double, gps: Double)] = [
      (1, 0), (2.4, 200), (3, 300), (3.7, 300), (4.2, 300), (5.2, 300), (6, 60), (10.4, 60),
      (12, 0), (19.9, 0),
    ]
    for (seconds, gpsPower) in expectations {
      let x = Self.x(seconds: seconds)
      #expect(
        horizontalEdges(of: sensor, at: x) == [Self.y(milliwatts: 50), Self.y(milliwatts: 0)],
        "sensor at \(seconds) s")
      #expect(
        horizontalEdges(of: gps, at: x) == [
          Self.y(milliwatts: 50 + gpsPower), Self.y(milliwatts: 50),
        ], "gps at \(seconds) s")
    }
  }

  /// The battery line starts full and ends 2.27 J lower out of 3600 J.
  @Test func batteryPanelFollowsTheStateOfCharge() throws {
    let svg = try #require(parseXML(try Self.plot()))
    let battery = try #require(svg.all("path").first { $0.attributes["class"] == "battery" })
    let vertices = pathVertices(try #require(battery.attributes["d"]))
    #expect(vertices.count == 401, "one per 50 ms bin start, and the end")
    #expect(vertices.first?.x == 76)
    #expect(vertices.first?.y == 384)
    #expect(vertices.last?.x == 600)
    let end = 1 - 2.27 / 3600
    #expect(abs(vertices.last!.y - (474 - end * 90)) <= 0.005)
  }

  /// The plot's resolution is its own: writing `power.csv` (2 ms bins) beside it changes
  /// nothing, and the same run always draws the same bytes.
  @Test func plotIsIndependentOfTheCSVAndDeterministic() throws {
    let alone = try Self.plot()
    #expect(try Self.plot(withCSV: true) == alone)
    #expect(try Self.plot() == alone)
  }

  /// The series the plot draws integrates exactly to the run's energy, per component.
  @Test func seriesIntegratesToTheRunEnergy() throws {
    let directory = try TemporaryDirectory()
    let setup = try scenario(workedExample, in: directory).setup
    let (result, series) = PowerSeriesRecorder.run(setup)
    #expect(series.binWidth == .milliseconds(50))
    #expect(series.binCount == 400)
    #expect(series.totalEnergy == result.energy)
    for (index, component) in result.components.enumerated() {
      #expect(series.energy(ofComponent: index) == component.energy)
    }
    #expect(series.averagePower(bin: 60, component: 1) == .milliwatts(300))
    #expect(series.stateOfCharge.count == 401)
  }
}
