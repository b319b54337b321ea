import JSONSupport
import Quantities

/// The numeric column `sweep.csv` gives a parameter whose values carry a unit (see *The command
/// line*): every value in the dimension's base unit, so a sweep of `workloads.sync.every=1 s,500
/// ms` has a column `workloads.sync.every_s` with `1` and `0.5` that a plotting tool can use.
struct NumericSweepColumn {
  /// The dimension of the parameter's values.
  let dimension: Quantities.Dimension

  /// The column of `parameter`: `nil` unless at least one value is a quantity with a unit and
  /// every value is a quantity of that dimension or a bare number (already in the base unit).
  init?(_ parameter: SweepParameter) {
    var found: Quantities.Dimension?
    for value in parameter.values {
      switch value.json {
      case .number: continue
      case .string(let text):
        guard let dimension = QuantityParser.dimension(ofUnitIn: text),
          found == nil || found == dimension, dimension.baseValue(of: text) != nil
        else { return nil }
        found = dimension
      default: return nil
      }
    }
    guard let found else { return nil }
    dimension = found
  }

  /// The suffix of the column's name: the base unit (`_s`, `_w`, `_j`, `_b`, …).
  var suffix: String {
    switch dimension {
    case .time: "_s"
    case .power: "_w"
    case .energy: "_j"
    case .dataSize: "_b"
    case .dataRate: "_b_per_s"
    case .frequency: "_hz"
    case .fraction: "_fraction"
    case .voltage: "_v"
    case .luminance: "_nits"
    }
  }

  /// `value` in the base unit.
  func baseValue(_ value: SweepValue) -> Double? {
    switch value.json {
    case .number(let number): return Double(number.literal)
    case .string(let text): return dimension.baseValue(of: text)
    default: return nil
    }
  }
}

extension Quantities.Dimension {
  /// The value of `text` (`"5 s"`, `"200 mW"`) in this dimension's base unit (s, W, J, B, B/s,
  /// Hz, 1, V, nits), or `nil` when it is not a quantity of this dimension.
  func baseValue(of text: String) -> Double? {
    let input = QuantityInput.text(text)
    do {
      switch self {
      case .time: return Double(try QuantityParser.time(input).nanoseconds) / 1e9
      case .power: return try QuantityParser.power(input).watts
      case .energy: return try QuantityParser.energy(input).joules
      case .dataSize: return Double(try QuantityParser.dataSize(input).bytes)
      case .dataRate: return try QuantityParser.dataRate(input).bytesPerSecond
      case .frequency: return try QuantityParser.frequency(input).hertz
      case .fraction: return try QuantityParser.fraction(input).value
      case .voltage: return try QuantityParser.voltage(input).volts
      case .luminance: return try QuantityParser.luminance(input).nits
      }
    } catch {
      return nil
    }
  }
}
