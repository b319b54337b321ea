import Foundation
import Quantities

/// A display unit for an axis: its symbol and its size in the quantity's base unit (W, J, s).
struct AxisUnit: Equatable {
  /// The symbol printed in the axis title: `mW`.
  var symbol: String
  /// Base units per display unit: `0.001` for mW.
  var scale: Double

  /// W, mW or µW, whichever shows `maximum` watts as at least 1.
  static func power(maximum watts: Double) -> AxisUnit {
    fitting(watts, [("W", 1), ("mW", 1e-3), ("µW", 1e-6), ("nW", 1e-9)])
  }

  /// kJ, J, mJ or µJ, whichever shows `maximum` joules as at least 1.
  static func energy(maximum joules: Double) -> AxisUnit {
    fitting(joules, [("kJ", 1e3), ("J", 1), ("mJ", 1e-3), ("µJ", 1e-6), ("nJ", 1e-9)])
  }

  /// The unit a time axis of `duration` reads best in: ms below 1 s, s up to 3 min, min up to
  /// 3 h, h up to 3 days, then days.
  static func time(duration: TimeSpan) -> AxisUnit {
    let seconds = Double(duration.nanoseconds) / 1e9
    if seconds < 1 { return AxisUnit(symbol: "ms", scale: 1e-3) }
    if seconds <= 180 { return AxisUnit(symbol: "s", scale: 1) }
    if seconds <= 10_800 { return AxisUnit(symbol: "min", scale: 60) }
    if seconds <= 259_200 { return AxisUnit(symbol: "h", scale: 3_600) }
    return AxisUnit(symbol: "d", scale: 86_400)
  }

  private static func fitting(_ value: Double, _ units: [(String, Double)]) -> AxisUnit {
    let (symbol, scale) = units.first { value >= $0.1 * 0.9995 } ?? units[0]
    return AxisUnit(symbol: symbol, scale: scale)
  }
}

/// Tick marks at a "nice" step — 1, 2 or 5 times a power of ten — with their labels.
struct NiceTicks: Equatable {
  /// The step between ticks.
  var step: Double
  /// The tick values, ascending.
  var values: [Double]
  /// Digits after the point in the labels (enough for the step).
  var decimals: Int

  /// The first tick.
  var lower: Double { values.first ?? 0 }
  /// The last tick.
  var upper: Double { values.last ?? 0 }

  /// Ticks from 0 up to the first multiple of the step at or above `maximum`, with the smallest
  /// step giving at most `maximumIntervals` intervals. A `maximum` of 0 or less gives 0…1.
  static func covering(_ maximum: Double, maximumIntervals: Int = 6) -> NiceTicks {
    spanning(0, maximum, maximumIntervals: maximumIntervals)
  }

  /// Ticks from the last multiple of the step at or below `lower` to the first at or above
  /// `upper`, with the smallest step giving at most `maximumIntervals` intervals.
  static func spanning(_ lower: Double, _ upper: Double, maximumIntervals: Int = 6) -> NiceTicks {
    var low = lower
    var high = upper
    if !(high > low) {
      high = low == 0 ? 1 : low + abs(low) * 0.5
      if lower != 0 { low -= abs(lower) * 0.5 }
    }
    let step = niceStep(for: low, high, maximumIntervals: maximumIntervals)
    let first = (low / step + 1e-9).rounded(.down)
    let last = (high / step - 1e-9).rounded(.up)
    let values = stride(from: first, through: last, by: 1).map { $0 * step }
    return NiceTicks(step: step, values: values, decimals: decimals(for: step))
  }

  /// Ticks at the multiples of the step inside `[lower, upper]` only (a time axis ends where the
  /// run does), with the smallest step giving at most `maximumIntervals` intervals.
  static func within(_ lower: Double, _ upper: Double, maximumIntervals: Int = 6) -> NiceTicks {
    let high = upper > lower ? upper : lower + 1
    let step = niceStep(for: lower, high, maximumIntervals: maximumIntervals)
    let first = (lower / step - 1e-9).rounded(.up)
    let last = (high / step + 1e-9).rounded(.down)
    let values = stride(from: first, through: last, by: 1).map { $0 * step }
    return NiceTicks(step: step, values: values, decimals: decimals(for: step))
  }

  /// `value` with the ticks' digits: `0.5`, `100`.
  func label(_ value: Double) -> String {
    let text = DecimalFormat.fixed(value, places: decimals)
    return text == "-0" ? "0" : text
  }

  /// The smallest 1-2-5 step for which `[lower, upper]` spans at most `maximumIntervals` steps
  /// once widened to multiples of the step.
  private static func niceStep(for lower: Double, _ upper: Double, maximumIntervals: Int)
    -> Double
  {
    let intervals = Double(max(1, maximumIntervals))
    let raw = (upper - lower) / intervals
    var magnitude = pow10(Int((log10(raw)).rounded(.down)) - 1)
    while true {
      for multiple in [1.0, 2, 5] {
        let step = multiple * magnitude
        let first = (lower / step + 1e-9).rounded(.down)
        let last = (upper / step - 1e-9).rounded(.up)
        if last - first <= intervals { return step }
      }
      magnitude *= 10
    }
  }

  private static func decimals(for step: Double) -> Int {
    max(0, -Int((log10(step) + 1e-9).rounded(.down)))
  }

  private static func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    if exponent >= 0 {
      for _ in 0..<exponent { result *= 10 }
    } else {
      for _ in 0 ..< -exponent { result /= 10 }
    }
    return result
  }
}

/// Ticks for a logarithmic axis: at 1, 2 and 5 times each power of ten across the values (only
/// at the powers of ten when that would give more than `maximumTicks`), from the last such
/// tick at or below the smallest value to the first at or above the largest.
struct LogTicks: Equatable {
  /// The tick values, ascending, each positive.
  var values: [Double]
  /// Each tick's label: `20`, `0.05`, `1000`.
  var labels: [String]

  /// The first tick.
  var lower: Double { values.first ?? 1 }
  /// The last tick.
  var upper: Double { values.last ?? 10 }

  /// Whether `values` call for a logarithmic axis: all positive, and the largest at least ten
  /// times the smallest (they span a decade or more, which a linear axis bunches into its first
  /// tenth).
  static func suits(_ values: [Double]) -> Bool {
    guard let low = values.min(), let high = values.max(), low > 0, high.isFinite else {
      return false
    }
    return high / low >= 10
  }

  /// Ticks covering `[lower, upper]`, both positive.
  static func spanning(_ lower: Double, _ upper: Double, maximumTicks: Int = 10) -> LogTicks {
    let firstDecade = Int(log10(lower).rounded(.down))
    let lastDecade = Int(log10(upper).rounded(.up))
    for multiples in [[1.0, 2, 5], [1.0]] {
      var ticks: [(value: Double, label: String)] = []
      for decade in firstDecade...lastDecade {
        for multiple in multiples {
          let value = multiple * pow(10, Double(decade))
          let label = DecimalFormat.fixed(value, places: max(0, -decade))
          ticks.append((value, label))
        }
      }
      // Keep one tick at or below the lowest value and one at or above the highest.
      let below = ticks.lastIndex { $0.value <= lower * (1 + 1e-12) } ?? 0
      let above = ticks.firstIndex { $0.value >= upper * (1 - 1e-12) } ?? ticks.count - 1
      let kept = ticks[below...above]
      if kept.count <= maximumTicks || multiples.count == 1 {
        return LogTicks(values: kept.map(\.value), labels: kept.map(\.label))
      }
    }
    preconditionFailure("the powers of ten always give ticks")
  }
}

/// A linear map from data values to pixels.
struct LinearScale {
  /// The data interval.
  var domain: (lower: Double, upper: Double)
  /// The pixel interval it maps onto (`upper` may be smaller than `lower`: y grows downwards).
  var range: (lower: Double, upper: Double)

  /// The pixel position of `value`.
  func callAsFunction(_ value: Double) -> Double {
    let span = domain.upper - domain.lower
    guard span != 0 else { return range.lower }
    return range.lower + (value - domain.lower) / span * (range.upper - range.lower)
  }
}
