import Foundation
import Quantities

/// `sweep --plot`: energy against the swept value. With numeric values, one line with a marker
/// per point for each series, on a linear x axis — or a logarithmic one when the values are all
/// positive and span a decade or more (15 s to 1 h would otherwise bunch its first points into
/// the axis's first tenth); otherwise one bar per value and series, grouped by value in the
/// order the values first appear.
struct SweepChart {
  let series: [Plot.SweepSeries]
  let axis: Plot.SweepAxis
  let title: String
  let subtitle: String?

  static let bottom = ChartStyle.plotTop + ChartStyle.panelHeight

  /// The SVG document.
  func render() -> String {
    let peak = series.flatMap(\.points).map(\.energy.joules).max() ?? 0
    let energyUnit = AxisUnit.energy(maximum: peak)
    let energyTicks = NiceTicks.covering(peak / energyUnit.scale)
    let isNumeric = series.allSatisfy { $0.points.allSatisfy { $0.x.number != nil } }
    var svg = SVGDocument(width: ChartStyle.width, height: Self.bottom + 56, title: title)
    svg.drawTitle(title, subtitles: subtitle.map { [$0] } ?? [])
    let xTitle = axis.unit.map { "\(axis.label) (\($0))" } ?? axis.label
    if isNumeric {
      drawLines(energyTicks: energyTicks, energyUnit: energyUnit, xTitle: xTitle, into: &svg)
    } else {
      drawBars(energyTicks: energyTicks, energyUnit: energyUnit, xTitle: xTitle, into: &svg)
    }
    if series.count > 1 || series.contains(where: { !$0.name.isEmpty }) {
      svg.drawLegend(
        series.enumerated().map {
          LegendEntry(
            color: ChartStyle.color($0.offset), name: $0.element.name, value: "",
            isLine: isNumeric)
        }, top: ChartStyle.plotTop)
    }
    return svg.finished()
  }

  private func drawLines(
    energyTicks: NiceTicks, energyUnit: AxisUnit, xTitle: String, into svg: inout SVGDocument
  ) {
    let xs = series.flatMap(\.points).compactMap(\.x.number)
    let logarithmic = LogTicks.suits(xs)
    // On a logarithmic axis the panel's linear scale maps log10 of the values.
    let place: (Double) -> Double = logarithmic ? { log10($0) } : { $0 }
    let panel: ChartPanel
    let gridTicks: [(value: Double, label: String)]
    if logarithmic {
      let ticks = LogTicks.spanning(xs.min() ?? 1, xs.max() ?? 10)
      panel = ChartPanel(
        left: ChartStyle.plotLeft, top: ChartStyle.plotTop, right: ChartStyle.plotRight,
        bottom: Self.bottom, xDomain: (log10(ticks.lower), log10(ticks.upper)),
        yDomain: (0, energyTicks.upper))
      gridTicks = Array(zip(ticks.values, ticks.labels))
    } else {
      let ticks = NiceTicks.spanning(xs.min() ?? 0, xs.max() ?? 1)
      panel = ChartPanel(
        left: ChartStyle.plotLeft, top: ChartStyle.plotTop, right: ChartStyle.plotRight,
        bottom: Self.bottom, xDomain: (ticks.lower, ticks.upper),
        yDomain: (0, energyTicks.upper))
      gridTicks = ticks.values.map { ($0, ticks.label($0)) }
    }
    panel.drawYAxis(energyTicks, title: "Energy (\(energyUnit.symbol))", into: &svg)
    panel.drawXGrid(gridTicks.map { (panel.x(place($0.value)), $0.label) }, into: &svg)
    for (index, line) in series.enumerated() {
      let color = ChartStyle.color(index)
      let points = line.points.sorted { ($0.x.number ?? 0) < ($1.x.number ?? 0) }
      svg.beginGroup([("class", "series")])
      var path = PathData()
      for (offset, point) in points.enumerated() {
        let x = panel.x(place(point.x.number ?? 0))
        let y = panel.y(point.energy.joules / energyUnit.scale)
        if offset == 0 { path.move(x, y) } else { path.line(x, y) }
      }
      svg.path(
        path, attributes: [("fill", "none"), ("stroke", color), ("stroke-width", "2")],
        title: line.name.isEmpty ? nil : line.name)
      for point in points {
        svg.circle(
          x: panel.x(place(point.x.number ?? 0)),
          y: panel.y(point.energy.joules / energyUnit.scale),
          radius: 3.5,
          fill: color, title: pointNote(point, in: line))
      }
      svg.endGroup()
    }
    panel.drawFrame(into: &svg)
    panel.drawXTitle(logarithmic ? xTitle + ", logarithmic scale" : xTitle, into: &svg)
  }

  private func drawBars(
    energyTicks: NiceTicks, energyUnit: AxisUnit, xTitle: String, into svg: inout SVGDocument
  ) {
    var categories: [String] = []
    for line in series {
      for point in line.points where !categories.contains(point.x.label) {
        categories.append(point.x.label)
      }
    }
    let panel = ChartPanel(
      left: ChartStyle.plotLeft, top: ChartStyle.plotTop, right: ChartStyle.plotRight,
      bottom: Self.bottom, xDomain: (0, Double(max(1, categories.count))),
      yDomain: (0, energyTicks.upper))
    panel.drawYAxis(energyTicks, title: "Energy (\(energyUnit.symbol))", into: &svg)
    let group = (panel.right - panel.left) / Double(max(1, categories.count))
    let barWidth = group * 0.8 / Double(max(1, series.count))
    let rotate = categories.count > 8
    svg.beginGroup([("class", "x-axis")])
    for (index, category) in categories.enumerated() {
      let centre = panel.x(Double(index) + 0.5)
      if rotate {
        svg.text(
          category, x: centre, y: panel.bottom + 14, anchor: "end", fill: ChartStyle.textColor,
          rotation: -45)
      } else {
        svg.text(
          category, x: centre, y: panel.bottom + 18, anchor: "middle", fill: ChartStyle.textColor)
      }
    }
    svg.endGroup()
    let labelBars = categories.count * series.count <= 24
    for (index, line) in series.enumerated() {
      svg.beginGroup([("class", "series"), ("fill", ChartStyle.color(index))])
      for point in line.points {
        guard let category = categories.firstIndex(of: point.x.label) else { continue }
        let left =
          panel.x(Double(category)) + group * 0.1 + barWidth * Double(index)
        let top = panel.y(point.energy.joules / energyUnit.scale)
        var bar = PathData()
        bar.move(left, panel.bottom)
        bar.vertical(top)
        bar.horizontal(left + barWidth)
        bar.vertical(panel.bottom)
        bar.close()
        svg.path(bar, attributes: [], title: pointNote(point, in: line))
        if labelBars {
          svg.text(
            Units.energyText(point.energy), x: left + barWidth / 2, y: top - 4, anchor: "middle",
            size: 10, fill: ChartStyle.mutedTextColor)
        }
      }
      svg.endGroup()
    }
    panel.drawFrame(into: &svg)
    if !rotate { panel.drawXTitle(xTitle, into: &svg) }
  }

  private func pointNote(_ point: Plot.SweepPoint, in line: Plot.SweepSeries) -> String {
    let prefix = line.name.isEmpty ? "" : "\(line.name), "
    let unit = axis.unit.map { " \($0)" } ?? ""
    return "\(prefix)\(axis.label) = \(point.x.label)\(unit): \(Units.energyText(point.energy))"
  }
}
