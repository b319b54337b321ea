import Quantities

/// `run --plot`: the device's power over time stacked by component, each bin drawn at its
/// average power (so each area's size is the component's energy), with the battery's state of
/// charge in a panel below when the series has one.
///
/// ```
///  title / subtitle / energy total
///  ┌──────────────────────────────┐  ■ display   1.2 J
///  │ stacked areas, one per       │  ■ cpu      0.4 J
///  │ component, device order      │  ■ platform 0.1 J
///  └──────────────────────────────┘
///  ┌──────────────────────────────┐
///  │ battery state of charge (%)  │
///  └──────────────────────────────┘
///    time axis
/// ```
struct StackedPowerChart {
  let series: PowerSeries
  let title: String
  let subtitle: String?

  /// Top and bottom of the power panel, and of the battery panel under it.
  static let powerPanelBottom = ChartStyle.plotTop + ChartStyle.panelHeight
  static let batteryPanelTop = powerPanelBottom + 24
  static let batteryPanelBottom = batteryPanelTop + 90

  /// The SVG document.
  func render() -> String {
    let bins = series.binCount
    let count = series.components.count
    // Cumulative average power, W: stack[c][b] is the top of component c in bin b.
    var stack = Array(repeating: Array(repeating: 0.0, count: bins), count: count)
    var peak = 0.0
    for bin in 0..<bins {
      let width = Double((series.end(ofBin: bin) - series.start(ofBin: bin)).nanoseconds)
      var total = 0.0
      for component in 0..<count {
        total += Double(series.energy(bin: bin, component: component).attojoules) / width / 1e9
        stack[component][bin] = total
      }
      peak = max(peak, total)
    }
    let powerUnit = AxisUnit.power(maximum: peak)
    let powerTicks = NiceTicks.covering(peak / powerUnit.scale)
    let timeUnit = AxisUnit.time(duration: series.duration)
    let end = Double(series.duration.nanoseconds) / 1e9 / timeUnit.scale
    let timeTicks = NiceTicks.within(0, end)
    let hasBattery = !series.stateOfCharge.isEmpty
    let bottom = hasBattery ? Self.batteryPanelBottom : Self.powerPanelBottom
    let height = bottom + 56

    let panel = ChartPanel(
      left: ChartStyle.plotLeft, top: ChartStyle.plotTop, right: ChartStyle.plotRight,
      bottom: Self.powerPanelBottom, xDomain: (0, end),
      yDomain: (0, powerTicks.upper))
    var svg = SVGDocument(width: ChartStyle.width, height: height, title: title)
    let energy = series.totalEnergy
    var subtitles = subtitle.map { [$0] } ?? []
    subtitles.append(
      "Energy \(Units.energyText(energy)), average power "
        + Units.powerText(energy.averagePower(over: max(series.duration, .nanoseconds(1)))))
    svg.drawTitle(title, subtitles: subtitles)
    panel.drawYAxis(powerTicks, title: "Power (\(powerUnit.symbol))", into: &svg)
    panel.drawXGrid(timeTicks, labels: !hasBattery, into: &svg)

    // Bin edges in px; the last edge is the end of the run.
    var edges: [Double] = []
    for bin in 0..<bins {
      edges.append(panel.x(Double(series.start(ofBin: bin).nanoseconds) / 1e9 / timeUnit.scale))
    }
    edges.append(panel.x(end))
    svg.beginGroup([("class", "areas")])
    let componentColors = ComponentPalette.colors(for: series.components)
    let color = { (component: Int) in
      componentColors[series.components[component]] ?? ChartStyle.textColor
    }
    let zero = Array(repeating: 0.0, count: bins)
    for component in 0..<count {
      let toPixels = { (watts: Double) in panel.y(watts / powerUnit.scale) }
      let upper = stack[component].map(toPixels)
      let lower = (component == 0 ? zero : stack[component - 1]).map(toPixels)
      let componentEnergy = series.energy(ofComponent: component)
      svg.path(
        Self.areaPath(edges: edges, upper: upper, lower: lower),
        attributes: [("fill", color(component))],
        title:
          "\(series.components[component]): \(Units.energyText(componentEnergy)) ("
          + Units.percentText(ResultCSV.share(componentEnergy, of: energy)) + ")")
    }
    svg.endGroup()
    panel.drawFrame(into: &svg)
    let legend = series.components.indices.reversed().map {
      LegendEntry(
        color: color($0), name: series.components[$0],
        value: Units.energyText(series.energy(ofComponent: $0)))
    }
    svg.drawLegend(legend, top: ChartStyle.plotTop)

    var timePanel = panel
    if hasBattery {
      timePanel = drawBattery(end: end, timeTicks: timeTicks, edges: edges, into: &svg)
    }
    timePanel.drawXTitle("Time (\(timeUnit.symbol))", into: &svg)
    return svg.finished()
  }

  /// The state-of-charge panel; returns it (the time axis is labelled under it).
  private func drawBattery(
    end: Double, timeTicks: NiceTicks, edges: [Double], into svg: inout SVGDocument
  ) -> ChartPanel {
    let panel = ChartPanel(
      left: ChartStyle.plotLeft, top: Self.batteryPanelTop, right: ChartStyle.plotRight,
      bottom: Self.batteryPanelBottom, xDomain: (0, end), yDomain: (0, 100))
    panel.drawYAxis(
      NiceTicks.covering(100, maximumIntervals: 4), title: "Battery (%)", into: &svg)
    panel.drawXGrid(timeTicks, labels: true, into: &svg)
    var line = PathData()
    for (index, charge) in series.stateOfCharge.enumerated() {
      let x = edges[min(index, edges.count - 1)]
      let y = panel.y(charge.value * 100)
      if index == 0 { line.move(x, y) } else { line.line(x, y) }
    }
    let last = series.stateOfCharge.last?.value ?? 0
    svg.path(
      line,
      attributes: [
        ("fill", "none"), ("stroke", ChartStyle.batteryColor), ("stroke-width", "2"),
        ("class", "battery"),
      ], title: "battery: ends at \(Units.percentText(last))")
    panel.drawFrame(into: &svg)
    svg.drawLegend(
      [
        LegendEntry(
          color: ChartStyle.batteryColor, name: "battery", value: Units.percentText(last),
          isLine: true)
      ], top: Self.batteryPanelTop)
    return panel
  }

  /// A closed step-shaped area between `lower` and `upper` (px, one value per bin) over bins
  /// whose edges are `edges` (px, one more than bins): along the top left to right, back along
  /// the bottom. Runs of bins at the same height become one horizontal segment.
  static func areaPath(edges: [Double], upper: [Double], lower: [Double]) -> PathData {
    var path = PathData()
    let top = runs(upper)
    let bottom = runs(lower)
    guard let first = top.first else { return path }
    path.move(edges[0], first.value)
    for (index, run) in top.enumerated() {
      if index > 0 { path.vertical(run.value) }
      path.horizontal(edges[run.end + 1])
    }
    for run in bottom.reversed() {
      path.vertical(run.value)
      path.horizontal(edges[run.start])
    }
    path.close()
    return path
  }

  /// Maximal runs of consecutive values that print the same (to the hundredth of a pixel).
  static func runs(_ values: [Double]) -> [(start: Int, end: Int, value: Double)] {
    var result: [(start: Int, end: Int, value: Double)] = []
    for (index, value) in values.enumerated() {
      if let last = result.last,
        SVGDocument.number(last.value) == SVGDocument.number(value)
      {
        result[result.count - 1].end = index
      } else {
        result.append((index, index, value))
      }
    }
    return result
  }
}
