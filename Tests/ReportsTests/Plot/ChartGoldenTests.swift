import DeviceModels
import Quantities
import Reports
import Testing

/// Tiny charts compared byte for byte with golden files in `Tests/Golden/Reports` (open them in
/// a browser to see what they show; regenerate with `POWERSIM_UPDATE_GOLDEN=1 swift test`).
@Suite struct ChartGoldenTests {
  /// Three 1 s bins: `base` draws 100 mW throughout; `burst` 0, 250 mW, then 50 mW; the battery
  /// goes 100 % → 99 % → 98 % → 97.5 %.
  static let tiny = PowerSeries(
    components: ["base", "burst"], binWidth: .seconds(1), duration: .seconds(3),
    energies: [.joules(0.1), .zero, .joules(0.1), .joules(0.25), .joules(0.1), .joules(0.05)],
    stateOfCharge: [Fraction(1), Fraction(0.99), Fraction(0.98), Fraction(0.975)])

  @Test func stackedPower() throws {
    let svg = Plot.stackedPower(Self.tiny, title: "Tiny", subtitle: "Three bins by hand")
    try expectGolden(svg, named: "stacked-tiny.svg")
    let root = try #require(parseXML(svg))
    let areas = try #require(root.group("areas")).all("path")
    // 350 mW peak: a 0–400 mW axis; 3 s: a seconds axis. Bin 1 (x 250.67…425.33): base 0–100,
    // burst 100–350 mW.
    #expect(
      areas.map { $0.attributes["d"] } == [
        "M76 290 H600 V360 H76 Z",
        "M76 290 H250.67 V115 H425.33 V255 H600 V290 H76 Z",
      ])
  }

  /// The same series without a battery: one panel, time labels under it.
  @Test func stackedPowerWithoutBattery() throws {
    var series = Self.tiny
    series.stateOfCharge = []
    let svg = Plot.stackedPower(series, title: "Tiny, no battery")
    try expectGolden(svg, named: "stacked-tiny-no-battery.svg")
    #expect(parseXML(svg)?.all("path").count == 2)
  }

  @Test func powerComparison() throws {
    let coalesced = PowerSeries(
      components: ["base", "burst"], binWidth: .seconds(1), duration: .seconds(3),
      energies: [.joules(0.1), .zero, .joules(0.1), .joules(0.2), .joules(0.1), .zero])
    let svg = Plot.powerComparison(
      [
        Plot.PowerLine(name: "baseline", series: Self.tiny),
        Plot.PowerLine(name: "coalesced", series: coalesced),
      ],
      title: "Tiny comparison")
    try expectGolden(svg, named: "comparison-tiny.svg")
    let root = try #require(parseXML(svg))
    let lines = try #require(root.group("lines")).all("path")
    #expect(lines.count == 2)
    #expect(lines[0].title == "baseline: 600 mJ")
    #expect(lines[1].title == "coalesced: 500 mJ (-16.7% against baseline)")
    // Totals 100, 350, 150 mW and 100, 300, 100 mW on a 0–400 mW axis.
    #expect(lines[0].attributes["d"] == "M76 290 H250.67 V115 H425.33 V255 H600")
    #expect(lines[1].attributes["d"] == "M76 290 H250.67 V150 H425.33 V290 H600")
  }

  @Test func energySweepNumeric() throws {
    let points = [(1.0, 12.0), (5, 4.5), (30, 2.2), (60, 2)].map {
      Plot.SweepPoint(x: .number($0.0), energy: .joules($0.1))
    }
    let svg = Plot.energySweep(
      [Plot.SweepSeries(points: points)],
      axis: Plot.SweepAxis(label: "workloads.sync.every", unit: "s"),
      title: "Tiny sweep")
    try expectGolden(svg, named: "sweep-numeric-tiny.svg")
    let root = try #require(parseXML(svg))
    #expect(root.all("circle").count == 4)
    #expect(root.all("circle")[1].title == "workloads.sync.every = 5 s: 4.5 J")
    // 1 s to 60 s spans decades: a logarithmic axis, 1-2-5 ticks from 1 to 100.
    #expect(
      root.all("text").map(\.text).contains("workloads.sync.every (s), logarithmic scale"))
    #expect(root.all("text").map(\.text).contains("Energy (J)"))
  }

  @Test func energySweepCategorical() throws {
    let series = ["light", "dark"].map { appearance in
      Plot.SweepSeries(
        name: appearance,
        points: [("60 fps", 3.0), ("30 fps", 2.5)].map {
          Plot.SweepPoint(
            x: .category($0.0), energy: .joules(appearance == "dark" ? $0.1 * 0.6 : $0.1))
        })
    }
    let svg = Plot.energySweep(
      series, axis: Plot.SweepAxis(label: "frame rate"), title: "Tiny categorical sweep")
    try expectGolden(svg, named: "sweep-categorical-tiny.svg")
    let root = try #require(parseXML(svg))
    let bars = root.all("g").filter { $0.attributes["class"] == "series" }.flatMap {
      $0.all("path")
    }
    #expect(bars.count == 4)
    #expect(
      bars.map(\.title) == [
        "light, frame rate = 60 fps: 3 J", "light, frame rate = 30 fps: 2.5 J",
        "dark, frame rate = 60 fps: 1.8 J", "dark, frame rate = 30 fps: 1.5 J",
      ])
  }
}
