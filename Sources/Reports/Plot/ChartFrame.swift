/// The fixed look shared by every chart: canvas size, margins, palette and text colours.
enum ChartStyle {
  /// Canvas width, px.
  static let width = 800.0
  /// Left edge of the plotting area (room for the y tick labels and axis title).
  static let plotLeft = 76.0
  /// Right edge of the plotting area; the legend sits to its right.
  static let plotRight = 600.0
  /// Left edge of the legend.
  static let legendLeft = 620.0
  /// Right edge of the legend.
  static let legendRight = 790.0
  /// Baselines of the title and the two subtitle lines.
  static let titleBaseline = 26.0
  static let subtitleBaselines = [46.0, 62.0]
  /// Top of the first panel.
  static let plotTop = 80.0
  /// Height of a main panel.
  static let panelHeight = 280.0

  /// Series colours, in order (Tableau 10: distinct, and readable by most colour-blind readers).
  static let palette = [
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#bab0ac",
  ]
  /// The colour of series `index`, cycling through the palette.
  static func color(_ index: Int) -> String { palette[index % palette.count] }

  static let textColor = "#222222"
  static let mutedTextColor = "#555555"
  static let axisColor = "#333333"
  static let gridColor = "#e3e3e3"
  static let batteryColor = "#2e7d32"
}

/// One rectangular panel of a chart and the scales that map data onto it.
struct ChartPanel {
  var left: Double
  var top: Double
  var right: Double
  var bottom: Double
  var x: LinearScale
  var y: LinearScale

  /// A panel spanning `left…right` × `top…bottom`, showing `xDomain` across and `yDomain` up.
  init(
    left: Double, top: Double, right: Double, bottom: Double,
    xDomain: (Double, Double), yDomain: (Double, Double)
  ) {
    self.left = left
    self.top = top
    self.right = right
    self.bottom = bottom
    x = LinearScale(domain: (xDomain.0, xDomain.1), range: (left, right))
    y = LinearScale(domain: (yDomain.0, yDomain.1), range: (bottom, top))
  }

  /// Horizontal grid lines and labels at `ticks` on the y axis, and the axis title.
  func drawYAxis(_ ticks: NiceTicks, title: String, into svg: inout SVGDocument) {
    svg.beginGroup([("class", "y-axis")])
    for value in ticks.values {
      let position = y(value)
      svg.line(x1: left, y1: position, x2: right, y2: position, stroke: ChartStyle.gridColor)
      svg.text(
        ticks.label(value), x: left - 6, y: position + 4, anchor: "end",
        fill: ChartStyle.textColor)
    }
    svg.text(
      title, x: left - 52, y: (top + bottom) / 2, anchor: "middle", fill: ChartStyle.textColor,
      rotation: -90)
    svg.endGroup()
  }

  /// Vertical grid lines at `ticks` on the x axis, with labels under the panel when `labels`
  /// is set.
  func drawXGrid(_ ticks: NiceTicks, labels: Bool, into svg: inout SVGDocument) {
    drawXGrid(ticks.values.map { (x($0), labels ? ticks.label($0) : nil) }, into: &svg)
  }

  /// Vertical grid lines at pixel positions, each with its label under the panel if it has one.
  func drawXGrid(_ ticks: [(position: Double, label: String?)], into svg: inout SVGDocument) {
    svg.beginGroup([("class", "x-axis")])
    for (position, label) in ticks {
      svg.line(x1: position, y1: top, x2: position, y2: bottom, stroke: ChartStyle.gridColor)
      if let label {
        svg.text(
          label, x: position, y: bottom + 18, anchor: "middle", fill: ChartStyle.textColor)
      }
    }
    svg.endGroup()
  }

  /// The x axis title, centred under the tick labels.
  func drawXTitle(_ title: String, into svg: inout SVGDocument) {
    svg.text(
      title, x: (left + right) / 2, y: bottom + 40, anchor: "middle", fill: ChartStyle.textColor)
  }

  /// The panel's left and bottom axis lines.
  func drawFrame(into svg: inout SVGDocument) {
    svg.line(x1: left, y1: top, x2: left, y2: bottom, stroke: ChartStyle.axisColor)
    svg.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: ChartStyle.axisColor)
  }
}

/// A legend entry: a colour swatch, a name, and a value printed at the right.
struct LegendEntry {
  var color: String
  var name: String
  var value: String
  /// Draw a short line instead of a filled square (line charts).
  var isLine = false
}

extension SVGDocument {
  /// The chart's title and up to two subtitle lines.
  mutating func drawTitle(_ title: String, subtitles: [String]) {
    text(
      title, x: ChartStyle.plotLeft, y: ChartStyle.titleBaseline, size: 16, weight: "bold",
      fill: ChartStyle.textColor)
    for (line, baseline) in zip(subtitles, ChartStyle.subtitleBaselines) {
      text(line, x: ChartStyle.plotLeft, y: baseline, fill: ChartStyle.mutedTextColor)
    }
  }

  /// The legend, one entry per line from `top` down, between `left` and `right` (by default
  /// the charts' legend column); a name too long for the legend wraps onto further lines,
  /// never cut, and an entry whose name and value do not fit on one line puts its value on a
  /// line of its own.
  mutating func drawLegend(
    _ entries: [LegendEntry], top: Double, left: Double = ChartStyle.legendLeft,
    right: Double = ChartStyle.legendRight
  ) {
    beginGroup([("class", "legend")])
    let nameLeft = left + 20
    let available = right - nameLeft
    var y = top
    for entry in entries {
      if entry.isLine {
        line(x1: left, y1: y + 6, x2: left + 14, y2: y + 6, stroke: entry.color, width: 2.5)
      } else {
        rect(x: left, y: y, width: 12, height: 12, fill: entry.color)
      }
      let lines = Self.wrapped(entry.name, width: available)
      for (index, part) in lines.enumerated() {
        if index > 0 { y += 15 }
        text(part, x: nameLeft, y: y + 10, fill: ChartStyle.textColor)
      }
      if !entry.value.isEmpty {
        if Self.estimatedWidth((lines.last ?? "") + " " + entry.value) > available {
          y += 16
        }
        text(
          entry.value, x: right, y: y + 10, anchor: "end", fill: ChartStyle.mutedTextColor)
      }
      y += 20
    }
    endGroup()
  }

  /// `text` in lines that fit `width`, broken at spaces where it can be, else within a word.
  static func wrapped(_ text: String, width: Double) -> [String] {
    let perLine = max(1, Int(width / 6.5))
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      var word = String(word)
      let candidate = current.isEmpty ? word : current + " " + word
      if candidate.count <= perLine {
        current = candidate
        continue
      }
      if !current.isEmpty { lines.append(current) }
      while word.count > perLine {
        lines.append(String(word.prefix(perLine)))
        word = String(word.dropFirst(perLine))
      }
      current = word
    }
    lines.append(current)
    return lines
  }

  /// An estimate of the width of `text` at the legend's font size: common sans-serif faces
  /// average about 6.5 px per glyph at 12 px.
  static func estimatedWidth(_ text: String) -> Double { Double(text.count) * 6.5 }

  /// `text`, cut with an ellipsis to fit `width`.
  static func fitting(_ text: String, width: Double) -> String {
    guard estimatedWidth(text) > width else { return text }
    let characters = max(1, Int(width / 6.5) - 1)
    return String(text.prefix(characters)) + "…"
  }
}
