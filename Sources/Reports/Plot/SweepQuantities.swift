import Foundation
import Quantities

/// Sweep values that are all quantities of one dimension, as numbers in a unit that fits.
struct SweepQuantities {
  var values: [Plot.SweepValue]
  var unit: String

  /// Reads `texts`; `nil` unless every one is a quantity (`"5 s"`) of the same dimension.
  init?(_ texts: [String]) {
    guard let first = texts.first,
      let dimension = QuantityParser.dimension(ofUnitIn: first.trimmingSpaces)
    else { return nil }
    var base: [Double] = []
    for text in texts {
      let trimmed = text.trimmingSpaces
      guard QuantityParser.dimension(ofUnitIn: trimmed) == dimension,
        let value = dimension.baseValue(of: trimmed)
      else { return nil }
      base.append(value)
    }
    let largest = base.map(abs).max() ?? 0
    let display: AxisUnit
    switch dimension {
    case .time: display = AxisUnit.time(duration: .nanoseconds(Int64(min(largest * 1e9, 9e18))))
    case .power: display = AxisUnit.power(maximum: largest)
    case .energy: display = AxisUnit.energy(maximum: largest)
    case .dataSize: display = AxisUnit(symbol: "B", scale: 1)
    case .dataRate: display = AxisUnit(symbol: "B/s", scale: 1)
    case .frequency: display = AxisUnit(symbol: "Hz", scale: 1)
    case .fraction: display = AxisUnit(symbol: "%", scale: 0.01)
    case .voltage: display = AxisUnit(symbol: "V", scale: 1)
    case .luminance: display = AxisUnit(symbol: "nits", scale: 1)
    }
    values = base.map { .number($0 / display.scale) }
    unit = display.symbol
  }
}

extension String {
  /// Without leading and trailing spaces.
  var trimmingSpaces: String { trimmingCharacters(in: .whitespaces) }
}
