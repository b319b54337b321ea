import Quantities

/// `compare --plot`: the total power of several alternatives over time, one step line each
/// (each bin at its average power), overlaid on shared axes.
struct PowerComparisonChart {
  let lines: [Plot.PowerLine]
  let title: String
  let subtitle: String?

  /// The SVG document.
  func render() -> String {
    var peak = 0.0
    var longest = TimeSpan.zero
    var totals: [[Double]] = []
    for line in lines {
      let series = line.series
      var watts: [Double] = []
      for bin in 0..<series.binCount {
        let width = Double((series.end(ofBin: bin) - series.start(ofBin: bin)).nanoseconds)
        var energy: Int128 = 0
        for component in series.components.indices {
          energy += series.energy(bin: bin, component: component).attojoules
        }
        watts.append(Double(energy) / width / 1e9)
      }
      peak = max(peak, watts.max() ?? 0)
      longest = max(longest, series.duration)
      totals.append(watts)
    }
    let powerUnit = AxisUnit.power(maximum: peak)
    let powerTicks = NiceTicks.covering(peak / powerUnit.scale)
    let timeUnit = AxisUnit.time(duration: longest)
    let end = Double(longest.nanoseconds) / 1e9 / timeUnit.scale
    let panel = ChartPanel(
      left: ChartStyle.plotLeft, top: ChartStyle.plotTop, right: ChartStyle.plotRight,
      bottom: ChartStyle.plotTop + ChartStyle.panelHeight, xDomain: (0, end),
      yDomain: (0, powerTicks.upper))
    var svg = SVGDocument(
      width: ChartStyle.width, height: panel.bottom + 56, title: title)
    svg.drawTitle(title, subtitles: subtitle.map { [$0] } ?? [])
    panel.drawYAxis(powerTicks, title: "Total power (\(powerUnit.symbol))", into: &svg)
    panel.drawXGrid(NiceTicks.within(0, end), labels: true, into: &svg)
    let baseline = lines.first?.series.totalEnergy
    svg.beginGroup([("class", "lines"), ("fill", "none"), ("stroke-width", "1.5")])
    for (index, line) in lines.enumerated() {
      let series = line.series
      var edges: [Double] = []
      for bin in 0..<series.binCount {
        edges.append(panel.x(Double(series.start(ofBin: bin).nanoseconds) / 1e9 / timeUnit.scale))
      }
      edges.append(panel.x(Double(series.duration.nanoseconds) / 1e9 / timeUnit.scale))
      var note = "\(line.name): \(Units.energyText(series.totalEnergy))"
      if index > 0, let baseline, baseline > .zero {
        let change = ResultCSV.share(series.totalEnergy - baseline, of: baseline)
        note += " (\(change >= 0 ? "+" : "")\(Units.percentText(change)) against \(lines[0].name))"
      }
      svg.path(
        Self.stepPath(edges: edges, values: totals[index].map { panel.y($0 / powerUnit.scale) }),
        attributes: [("stroke", ChartStyle.color(index))], title: note)
    }
    svg.endGroup()
    panel.drawFrame(into: &svg)
    svg.drawLegend(
      lines.enumerated().map {
        LegendEntry(
          color: ChartStyle.color($0.offset), name: $0.element.name,
          value: Units.energyText($0.element.series.totalEnergy), isLine: true)
      }, top: ChartStyle.plotTop)
    panel.drawXTitle("Time (\(timeUnit.symbol))", into: &svg)
    return svg.finished()
  }

  /// A step line through `values` (px, one per bin) over bins with edges `edges` (px).
  static func stepPath(edges: [Double], values: [Double]) -> PathData {
    var path = PathData()
    let runs = StackedPowerChart.runs(values)
    guard let first = runs.first else { return path }
    path.move(edges[0], first.value)
    for (index, run) in runs.enumerated() {
      if index > 0 { path.vertical(run.value) }
      path.horizontal(edges[run.end + 1])
    }
    return path
  }
}
