public import DeviceModels
public import Quantities

extension Plot {
  /// One alternative of ``Plot/comparison(_:title:subtitles:)``: its power series (with the
  /// battery's state of charge when it has a battery), its energy per component, the energy it
  /// drew from the battery, and when it was plugged in.
  public struct ComparedAlternative: Sendable {
    /// The alternative's label.
    public var name: String
    /// Its power over time, in bins.
    public var series: PowerSeries
    /// Its energy per component, in device order.
    public var componentEnergies: [(name: String, energy: Energy)]
    /// The energy it drew from the battery, when its device has one.
    public var batteryEnergy: Energy?
    /// When its battery ran out, if it did.
    public var ranOutAt: Instant?
    /// The spells it was plugged in.
    public var charging: [TimeRange]

    /// An alternative for the chart.
    public init(
      name: String, series: PowerSeries, componentEnergies: [(name: String, energy: Energy)],
      batteryEnergy: Energy?, ranOutAt: Instant?, charging: [TimeRange]
    ) {
      self.name = name
      self.series = series
      self.componentEnergies = componentEnergies
      self.batteryEnergy = batteryEnergy
      self.ranOutAt = ranOutAt
      self.charging = charging
    }
  }

  /// `compare --plot`: the alternatives' total power over time (one step line each, each in
  /// its colour and dash, so equal lines stay visible), the battery's state of charge under it
  /// with the spells on the charger shaded and a mark where a battery ran out, and a bar per
  /// alternative of its energy stacked by component, with the energy drawn from the battery
  /// marked on it (the rest came from the charger). Beyond four alternatives the lines are
  /// drawn as small multiples, one small panel per alternative. Legends wrap names, never cut
  /// them.
  ///
  /// - Parameters:
  ///   - alternatives: the baseline first.
  ///   - title: the first line, in bold.
  ///   - subtitles: up to three lines under the title (the comparison's headline), each wrapped
  ///     to the canvas's width.
  /// - Returns: the SVG document.
  public static func comparison(
    _ alternatives: [ComparedAlternative], title: String, subtitles: [String] = []
  ) -> String {
    ComparisonChart(alternatives: alternatives, title: title, subtitles: subtitles).render()
  }
}

/// The layout and drawing of ``Plot/comparison(_:title:subtitles:)``.
struct ComparisonChart {
  let alternatives: [Plot.ComparedAlternative]
  let title: String
  let subtitles: [String]

  static let width = 1000.0
  static let left = 80.0
  static let right = 700.0
  static let legendLeft = 720.0
  static let legendRight = 990.0
  static let dashes = ["", "6 3", "2 2", "8 3 2 3"]
  static let chargingColor = "#fff3c4"
  static let ranOutColor = "#c62828"

  /// Total power per bin, W.
  static func watts(_ series: PowerSeries) -> [Double] {
    (0..<series.binCount).map { bin in
      let width = Double((series.end(ofBin: bin) - series.start(ofBin: bin)).nanoseconds)
      var energy: Int128 = 0
      for component in series.components.indices {
        energy += series.energy(bin: bin, component: component).attojoules
      }
      return Double(energy) / width / 1e9
    }
  }

  /// `rarer: 1.2 J (-50.0% against baseline)`: a line's tooltip.
  func note(_ index: Int) -> String {
    let energy = alternatives[index].series.totalEnergy
    var note = "\(alternatives[index].name): \(Units.energyText(energy))"
    if index > 0, let baseline = alternatives.first?.series.totalEnergy, baseline > .zero {
      let change = ResultCSV.share(energy - baseline, of: baseline)
      note +=
        " (\(change >= 0 ? "+" : "")\(Units.percentText(change)) against \(alternatives[0].name))"
    }
    return note
  }

  func render() -> String {
    let longest = alternatives.map(\.series.duration).max() ?? .zero
    let timeUnit = AxisUnit.time(duration: longest)
    let end = max(Double(longest.nanoseconds) / 1e9 / timeUnit.scale, 1e-9)
    let totals = alternatives.map { Self.watts($0.series) }
    let peak = totals.map { $0.max() ?? 0 }.max() ?? 0
    let powerUnit = AxisUnit.power(maximum: peak)
    let powerTicks = NiceTicks.covering(peak / powerUnit.scale)
    let multiples = alternatives.count > 4
    let hasBattery = alternatives.contains { !$0.series.stateOfCharge.isEmpty }
    // The headline's lines, wrapped to the canvas (a saving's cost makes a long line), never cut.
    let subtitleLines = subtitles.prefix(3).flatMap {
      SVGDocument.wrapped($0, width: Self.width - Self.left - 10)
    }
    let top = 46.0 + 16.0 * Double(max(1, subtitleLines.count)) + 18
    // The power panel, or one small panel per alternative.
    let smallHeight = 70.0
    let powerBottom = multiples ? top + Double(alternatives.count) * (smallHeight + 14) : top + 240
    let batteryTop = powerBottom + 36
    let batteryBottom = hasBattery ? batteryTop + 130 : powerBottom
    let barsTop = batteryBottom + 70
    let barsBottom = barsTop + 200
    // Room under the bars for their names: turned 35° when there are many, so a long name
    // reaches down by its length (about 6 px a character at 11 px) × sin 35° (0.5736).
    let labels = batteryLabels()
    let longestName = Double(
      alternatives.indices.map { barName($0, labels: labels).count }.max() ?? 0)
    var namesDepth = multiples ? 14 + longestName * 6.2 * 0.5736 : 16
    // Battery labels under upright names take a line of their own.
    if !multiples && labels.below && labels.texts.contains(where: { $0 != nil }) {
      namesDepth += 14
    }
    let height = barsBottom + max(110, namesDepth + 30)
    var svg = SVGDocument(width: Self.width, height: height, title: title)
    svg.text(
      title, x: Self.left, y: ChartStyle.titleBaseline, size: 16, weight: "bold",
      fill: ChartStyle.textColor)
    for (index, line) in subtitleLines.enumerated() {
      svg.text(
        line, x: Self.left, y: 46 + 16 * Double(index), fill: ChartStyle.mutedTextColor)
    }
    let spells = alternatives.first?.charging ?? []
    let samePlugging = alternatives.allSatisfy { $0.charging == spells }
    func shadeCharging(_ panel: ChartPanel, _ ranges: [TimeRange]) {
      for range in ranges {
        let from = panel.x(Double(range.start.nanosecondsSinceStart) / 1e9 / timeUnit.scale)
        let to = panel.x(Double(range.end.nanosecondsSinceStart) / 1e9 / timeUnit.scale)
        svg.rect(
          x: from, y: panel.top, width: max(0, to - from), height: panel.bottom - panel.top,
          fill: Self.chargingColor)
      }
    }
    func stepLine(_ panel: ChartPanel, _ index: Int, scale: Double, values: [Double]) -> PathData {
      let series = alternatives[index].series
      var edges: [Double] = []
      for bin in 0..<series.binCount {
        edges.append(panel.x(Double(series.start(ofBin: bin).nanoseconds) / 1e9 / timeUnit.scale))
      }
      edges.append(panel.x(Double(series.duration.nanoseconds) / 1e9 / timeUnit.scale))
      return PowerComparisonChart.stepPath(
        edges: edges, values: values.map { panel.y($0 / scale) })
    }
    func lineAttributes(_ index: Int, width: Double = 1.8) -> [(String, String)] {
      var attributes = [
        ("fill", "none"), ("stroke", ChartStyle.color(index)),
        ("stroke-width", SVGDocument.number(width)), ("stroke-opacity", "0.9"),
      ]
      let dash = Self.dashes[index % Self.dashes.count]
      if !dash.isEmpty { attributes.append(("stroke-dasharray", dash)) }
      return attributes
    }
    // Power.
    if multiples {
      for (index, alternative) in alternatives.enumerated() {
        let panelTop = top + Double(index) * (smallHeight + 14)
        let panel = ChartPanel(
          left: Self.left, top: panelTop, right: Self.right, bottom: panelTop + smallHeight,
          xDomain: (0, end), yDomain: (0, powerTicks.upper))
        shadeCharging(panel, alternative.charging)
        panel.drawYAxis(
          NiceTicks(
            step: powerTicks.upper, values: [0, powerTicks.upper], decimals: powerTicks.decimals),
          title: "", into: &svg)
        panel.drawXGrid(
          NiceTicks.within(0, end), labels: index == alternatives.count - 1, into: &svg)
        svg.path(
          stepLine(panel, index, scale: powerUnit.scale, values: totals[index]),
          attributes: lineAttributes(index, width: 1.2),
          title: note(index))
        svg.text(
          alternative.name, x: Self.left + 6, y: panelTop + 13, size: 11, weight: "bold",
          fill: ChartStyle.color(index))
        panel.drawFrame(into: &svg)
      }
      svg.text(
        "Total power (\(powerUnit.symbol)), one panel per alternative", x: 18,
        y: (top + powerBottom) / 2, anchor: "middle", fill: ChartStyle.textColor, rotation: -90)
    } else {
      let panel = ChartPanel(
        left: Self.left, top: top, right: Self.right, bottom: powerBottom, xDomain: (0, end),
        yDomain: (0, powerTicks.upper))
      if samePlugging { shadeCharging(panel, spells) }
      panel.drawYAxis(powerTicks, title: "Total power (\(powerUnit.symbol))", into: &svg)
      panel.drawXGrid(NiceTicks.within(0, end), labels: !hasBattery, into: &svg)
      svg.beginGroup([("class", "lines")])
      for index in alternatives.indices {
        svg.path(
          stepLine(panel, index, scale: powerUnit.scale, values: totals[index]),
          attributes: lineAttributes(index),
          title: note(index))
      }
      svg.endGroup()
      panel.drawFrame(into: &svg)
    }
    // Battery.
    if hasBattery {
      // The axis spans the charges reached (a day's 35%–100%, an hour's 99%–100%), so that
      // alternatives a few tenths apart are told apart.
      let charges = alternatives.flatMap { $0.series.stateOfCharge.map { $0.value * 100 } }
      let lowest = charges.min() ?? 0
      let highest = charges.max() ?? 100
      let chargeTicks = NiceTicks.spanning(
        max(0, lowest - (highest - lowest) * 0.05), min(100, max(highest, lowest + 0.1)),
        maximumIntervals: 4)
      let panel = ChartPanel(
        left: Self.left, top: batteryTop, right: Self.right, bottom: batteryBottom,
        xDomain: (0, end), yDomain: (chargeTicks.values.first ?? 0, chargeTicks.upper))
      shadeCharging(panel, spells)
      panel.drawYAxis(chargeTicks, title: "Battery (%)", into: &svg)
      panel.drawXGrid(NiceTicks.within(0, end), labels: true, into: &svg)
      svg.beginGroup([("class", "battery")])
      for (index, alternative) in alternatives.enumerated() {
        let charge = alternative.series.stateOfCharge
        guard !charge.isEmpty else { continue }
        let series = alternative.series
        var path = PathData()
        for (bin, value) in charge.enumerated() {
          let time =
            bin < series.binCount ? series.start(ofBin: bin) : series.duration
          let x = panel.x(Double(time.nanoseconds) / 1e9 / timeUnit.scale)
          let y = panel.y(value.value * 100)
          if bin == 0 { path.move(x, y) } else { path.line(x, y) }
        }
        svg.path(
          path, attributes: lineAttributes(index),
          title:
            "\(alternative.name): battery ends at \(Units.percentText(charge.last?.value ?? 0))")
        if let ranOut = alternative.ranOutAt {
          let x = panel.x(Double(ranOut.nanosecondsSinceStart) / 1e9 / timeUnit.scale)
          svg.line(
            x1: x, y1: panel.top, x2: x, y2: panel.bottom, stroke: Self.ranOutColor, width: 1)
          svg.text(
            "\(alternative.name) ran out at \(Units.durationText(TimeSpan(nanoseconds: ranOut.nanosecondsSinceStart)))",
            x: x + 4, y: panel.top + 12 + 13 * Double(index), size: 11, fill: Self.ranOutColor)
        }
      }
      svg.endGroup()
      panel.drawFrame(into: &svg)
      panel.drawXTitle("Time (\(timeUnit.symbol))", into: &svg)
    } else {
      let panel = ChartPanel(
        left: Self.left, top: top, right: Self.right, bottom: powerBottom, xDomain: (0, end),
        yDomain: (0, 1))
      panel.drawXTitle("Time (\(timeUnit.symbol))", into: &svg)
    }
    // Legend of the alternatives, beside the power panel.
    var entries = alternatives.enumerated().map { index, alternative in
      LegendEntry(
        color: ChartStyle.color(index), name: alternative.name,
        value: Units.energyText(alternative.series.totalEnergy), isLine: true)
    }
    if !spells.isEmpty {
      entries.append(
        LegendEntry(
          color: Self.chargingColor,
          name: samePlugging ? "on the charger" : "on the charger (\(alternatives[0].name))",
          value: ""))
    }
    svg.drawLegend(entries, top: top, left: Self.legendLeft, right: Self.legendRight)
    drawEnergyBars(into: &svg, top: barsTop, bottom: barsBottom)
    return svg.finished()
  }

  /// The width of a bar's slot and of the bar: a slot per alternative, and most of one more on
  /// the right for the last bar's battery label, clear of the legend.
  var barSlot: (slot: Double, bar: Double) {
    let slot = (Self.right - Self.left) / (Double(max(1, alternatives.count)) + 0.8)
    return (slot, min(60, slot * 0.6))
  }

  /// The widest a character of 10 px sans-serif text is taken to be, px (digits and lower-case
  /// letters are about 5.6 px in Helvetica and Arial; the bound keeps an estimate on the safe
  /// side).
  static let labelCharacterWidth = 6.0

  /// Each alternative's battery label (`battery 1.23 kJ`, `nil` without a battery) and where
  /// the labels go: right of their bars while every one fits before the next bar's mark, else
  /// (`below`) with the bar's name under it, so that no label ever overlaps another bar.
  func batteryLabels() -> (texts: [String?], below: Bool) {
    let texts = alternatives.map { alternative in
      alternative.batteryEnergy.map { "battery \(Units.energyText($0))" }
    }
    let (slot, bar) = barSlot
    // From the label's start (6 px right of the bar) to the next bar's mark (4 px left of it),
    // with 2 px to spare.
    let room = slot - bar - 6 - 4 - 2
    let widest = Double(texts.map { $0?.count ?? 0 }.max() ?? 0) * Self.labelCharacterWidth
    return (texts, widest > room)
  }

  /// The text under bar `index`: the alternative's name, followed by its battery label when the
  /// labels go below and the names are turned (beyond four alternatives).
  func barName(_ index: Int, labels: (texts: [String?], below: Bool)) -> String {
    let name = alternatives[index].name
    guard labels.below, alternatives.count > 4, let label = labels.texts[index] else {
      return name
    }
    return name + " · " + label
  }

  /// A bar per alternative, its energy stacked by component, a black mark at the energy drawn
  /// from the battery, labelled beside the bar when the label fits there, else under it.
  private func drawEnergyBars(into svg: inout SVGDocument, top: Double, bottom: Double) {
    var names: [String] = []
    for alternative in alternatives {
      for component in alternative.componentEnergies where !names.contains(component.name) {
        names.append(component.name)
      }
    }
    let totals = alternatives.map { $0.componentEnergies.reduce(Energy.zero) { $0 + $1.energy } }
    let largest = totals.map(\.joules).max() ?? 0
    let unit = AxisUnit.energy(maximum: largest)
    let ticks = NiceTicks.covering(largest / unit.scale)
    let componentColors = ComponentPalette.colors(for: names)
    let panel = ChartPanel(
      left: Self.left, top: top, right: Self.right, bottom: bottom,
      xDomain: (0, Double(alternatives.count)), yDomain: (0, ticks.upper))
    svg.text(
      "Energy per component", x: Self.left, y: top - 10, weight: "bold",
      fill: ChartStyle.textColor)
    panel.drawYAxis(ticks, title: "Energy (\(unit.symbol))", into: &svg)
    let (slot, barWidth) = barSlot
    let labels = batteryLabels()
    svg.beginGroup([("class", "bars")])
    for (index, alternative) in alternatives.enumerated() {
      let center = Self.left + slot * (Double(index) + 0.5)
      var stacked = 0.0
      for name in names {
        guard let energy = alternative.componentEnergies.first(where: { $0.name == name })?.energy,
          energy > .zero
        else { continue }
        let low = panel.y(stacked / unit.scale)
        stacked += energy.joules
        let high = panel.y(stacked / unit.scale)
        svg.rect(
          x: center - barWidth / 2, y: high, width: barWidth, height: max(0, low - high),
          fill: componentColors[name] ?? ChartStyle.textColor)
      }
      if let battery = alternative.batteryEnergy {
        let y = panel.y(battery.joules / unit.scale)
        svg.line(
          x1: center - barWidth / 2 - 4, y1: y, x2: center + barWidth / 2 + 4, y2: y,
          stroke: "#000000", width: 2.5)
        if !labels.below {
          svg.text(
            "battery \(Units.energyText(battery))", x: center + barWidth / 2 + 6, y: y + 4,
            size: 10, fill: ChartStyle.textColor)
        }
      }
      // Names under the bars, turned when there are many, never cut; the battery label with
      // them when it does not fit beside the bars.
      if alternatives.count > 4 {
        svg.text(
          barName(index, labels: labels), x: center, y: bottom + 14, anchor: "end", size: 11,
          fill: ChartStyle.textColor, rotation: -35)
      } else {
        svg.text(
          alternative.name, x: center, y: bottom + 16, anchor: "middle", size: 11,
          fill: ChartStyle.textColor)
        if labels.below, let label = labels.texts[index] {
          svg.text(
            label, x: center, y: bottom + 30, anchor: "middle", size: 10,
            fill: ChartStyle.textColor)
        }
      }
    }
    svg.endGroup()
    panel.drawFrame(into: &svg)
    var entries = names.map { name in
      LegendEntry(color: componentColors[name] ?? ChartStyle.textColor, name: name, value: "")
    }
    if alternatives.contains(where: { $0.batteryEnergy != nil }) {
      entries.append(
        LegendEntry(color: "#000000", name: "drawn from the battery", value: "", isLine: true))
    }
    svg.drawLegend(entries, top: top, left: Self.legendLeft, right: Self.legendRight)
  }
}
