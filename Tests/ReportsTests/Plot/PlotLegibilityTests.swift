import DeviceModels
import Foundation
import Quantities
import Testing

@testable import Reports

/// Charts that read the same everywhere: one colour per component in every chart, battery
/// labels that never run into another bar, and a logarithmic axis where swept values span
/// decades.
@Suite struct PlotLegibilityTests {
  // MARK: One colour per component

  /// A component keeps its colour whatever else the chart shows and in whatever order: the
  /// built-in names have their own (cpu #3182bd, display #bd9e39, platform #636363).
  @Test func aComponentHasOneColourInEveryChart() {
    let run = ComponentPalette.colors(for: ["platform", "cpu", "display"])
    let compared = ComponentPalette.colors(for: ["display", "wifi", "cpu", "gps", "platform"])
    #expect(run["cpu"] == "#3182bd" && compared["cpu"] == "#3182bd")
    #expect(run["display"] == "#bd9e39" && compared["display"] == "#bd9e39")
    #expect(run["platform"] == "#636363" && compared["platform"] == "#636363")
    // Other names hash to a colour, the same for the same set of names in any order.
    let names = (0..<16).map { "part\($0)" }
    let forward = ComponentPalette.colors(for: names)
    #expect(ComponentPalette.colors(for: names.reversed()) == forward)
    // Sixteen names, sixteen colours: none shared.
    #expect(Set(forward.values).count == 16)
  }

  /// The run's stacked areas and the comparison's bars give `cpu` and `display` the same fills
  /// (the comparison lists its components in another order, and one more).
  @Test func runAndComparisonChartsAgreeOnColours() throws {
    let run = PowerSeries(
      components: ["display", "cpu"], binWidth: .seconds(1), duration: .seconds(1),
      energies: [.joules(1), .joules(2)])
    let stacked = try #require(parseXML(Plot.stackedPower(run, title: "run")))
    let areaFills = try #require(stacked.group("areas")).all("path").map {
      $0.attributes["fill"]
    }
    #expect(areaFills == ["#bd9e39", "#3182bd"])
    let compared = Plot.ComparedAlternative(
      name: "a", series: run,
      componentEnergies: [("wifi", .joules(1)), ("cpu", .joules(2)), ("display", .joules(1))],
      batteryEnergy: nil, ranOutAt: nil, charging: [])
    let chart = try #require(parseXML(Plot.comparison([compared, compared], title: "compare")))
    let barFills = try #require(chart.group("bars")).all("rect").prefix(3).map {
      $0.attributes["fill"]
    }
    #expect(barFills == [ComponentPalette.colors(for: ["wifi"])["wifi"], "#3182bd", "#bd9e39"])
  }

  // MARK: Battery labels

  /// From 1 to 12 alternatives, every battery label (at most 6 px a character, 10 px high) stays
  /// clear of every bar but its own and of every other label.
  @Test func batteryLabelsNeverOverlapAnotherBar() throws {
    for count in 1...12 {
      let series = PowerSeries(
        components: ["cpu"], binWidth: .seconds(1), duration: .seconds(1),
        energies: [.joules(1_234)])
      let alternatives = (0..<count).map { index in
        Plot.ComparedAlternative(
          name: "alternative-\(index)", series: series,
          componentEnergies: [("cpu", .joules(1_234))], batteryEnergy: .joules(1_111),
          ranOutAt: nil, charging: [])
      }
      let chart = try #require(parseXML(Plot.comparison(alternatives, title: "labels")))
      let bars = try #require(chart.group("bars"))
      let rects = bars.all("rect").map { rect in
        (
          x: Double(rect.attributes["x"] ?? "") ?? 0, y: Double(rect.attributes["y"] ?? "") ?? 0,
          width: Double(rect.attributes["width"] ?? "") ?? 0,
          height: Double(rect.attributes["height"] ?? "") ?? 0
        )
      }
      #expect(rects.count == count)
      let labels = bars.all("text").filter { $0.text.contains("battery 1.111 kJ") }
      #expect(labels.count == count, "\(count) alternatives")
      for label in labels where label.attributes["transform"] == nil {
        let x = Double(label.attributes["x"] ?? "") ?? 0
        let y = Double(label.attributes["y"] ?? "") ?? 0
        let width = Double(label.text.count) * 6
        let anchor = label.attributes["text-anchor"] ?? "start"
        let left = anchor == "middle" ? x - width / 2 : x
        let box = (left: left, right: left + width, top: y - 10, bottom: y + 2)
        // Clear of every bar it does not belong to (its own is the nearest on its left, or the
        // one it is centred under).
        let own = rects.min { abs($0.x + $0.width / 2 - x) < abs($1.x + $1.width / 2 - x) }
        for rect in rects where rect.x != own?.x {
          let overlaps =
            box.left < rect.x + rect.width + 4 && box.right > rect.x - 4
            && box.top < rect.y + rect.height && box.bottom > rect.y
          #expect(!overlaps, "\(count) alternatives: \(label.text) at \(x)")
        }
        for other in labels where other.attributes["x"] != label.attributes["x"] {
          let otherX = Double(other.attributes["x"] ?? "") ?? 0
          let otherLeft = anchor == "middle" ? otherX - width / 2 : otherX
          if other.attributes["y"] == label.attributes["y"] {
            #expect(
              box.right <= otherLeft || otherLeft + width <= box.left,
              "\(count) alternatives: labels at \(x) and \(otherX)")
          }
        }
      }
    }
  }

  // MARK: Logarithmic sweep axis

  /// 15 s to 1 h spans 240×: ticks at 1, 2 and 5 per decade from 10 to 5000 (nine, within
  /// ten); 0.015 to 120 would need fourteen, so only the powers of ten.
  @Test func logTicksCoverTheDecades() {
    #expect(LogTicks.suits([15, 30, 60, 120, 3_600]))
    #expect(!LogTicks.suits([15, 30, 60, 120]), "8×: under a decade")
    #expect(!LogTicks.suits([0, 10, 100]), "zero has no logarithm")
    #expect(!LogTicks.suits([-1, 100]))
    let ticks = LogTicks.spanning(15, 3_600)
    #expect(ticks.values == [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000])
    #expect(ticks.labels == ["10", "20", "50", "100", "200", "500", "1000", "2000", "5000"])
    let wide = LogTicks.spanning(0.015, 120)
    #expect(wide.labels == ["0.01", "0.1", "1", "10", "100", "1000"])
  }

  /// On the 10–5000 axis (76…600 px), 15 s sits at 76 + 524 × log10(1.5) / log10(500) =
  /// 110.19 px and 2 min at 76 + 524 × log10(12) / log10(500) = 276.33 px: 15 s to 2 min
  /// takes 32% of the axis, not the 3% a linear axis gives it.
  @Test func aSweepSpanningDecadesGetsALogarithmicAxis() throws {
    let points = [15.0, 30, 60, 120, 3_600].map {
      Plot.SweepPoint(x: .number($0), energy: .joules(1))
    }
    let svg = Plot.energySweep(
      [Plot.SweepSeries(points: points)],
      axis: Plot.SweepAxis(label: "workloads.sync.every", unit: "s"), title: "log")
    let root = try #require(parseXML(svg))
    let xs = root.all("circle").compactMap { Double($0.attributes["cx"] ?? "") }
    #expect(abs(xs[0] - (76 + 524 * log10(1.5) / log10(500))) < 0.01)
    #expect(abs(xs[3] - (76 + 524 * log10(12) / log10(500))) < 0.01)
    #expect(root.all("text").map(\.text).contains("workloads.sync.every (s), logarithmic scale"))
    // Under a decade the axis stays linear.
    let linear = Plot.energySweep(
      [Plot.SweepSeries(points: Array(points.prefix(4)))],
      axis: Plot.SweepAxis(label: "workloads.sync.every", unit: "s"), title: "linear")
    #expect(!linear.contains("logarithmic"))
  }
}
