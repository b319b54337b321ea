public import JSONSupport

/// How far a simulated run is from a measured trace: energy over the time the measurement
/// covers, and per window, the mean absolute error (W) and mean absolute percentage error.
public struct MeasuredComparison: Sendable {
  /// One window both traces cover.
  public struct Window: Sendable, Equatable {
    /// When it starts, s.
    public var start: Double
    /// Its length, s.
    public var width: Double
    /// The measured average power, W.
    public var measured: Double
    /// The simulated average power, W.
    public var simulated: Double
  }

  /// The windows the measurement covers, in order.
  public var windows: [Window]
  /// The measured energy over those windows, J.
  public var measuredEnergy: Double
  /// The simulated energy over those windows, J.
  public var simulatedEnergy: Double
  /// How much of the run the measurement covers, s.
  public var coveredSeconds: Double

  /// Compares `trace` with the simulated energy of each of its windows (`simulated[i]`, J).
  public init(trace: MeasuredTrace, simulated: [Double]) {
    precondition(simulated.count == trace.energies.count, "one simulated energy per window")
    windows = []
    measuredEnergy = 0
    simulatedEnergy = 0
    coveredSeconds = 0
    for index in trace.energies.indices where trace.covers(window: index) {
      let width = Double(trace.width(ofWindow: index)) / 1e9
      windows.append(
        Window(
          start: Double(Int64(index) * trace.windowWidth) / 1e9, width: width,
          measured: trace.energies[index] / width, simulated: simulated[index] / width))
      measuredEnergy += trace.energies[index]
      simulatedEnergy += simulated[index]
      coveredSeconds += width
    }
  }

  /// (simulated − measured) / measured × 100, over the covered windows; `nil` when nothing was
  /// measured.
  public var energyErrorPercent: Double? {
    measuredEnergy == 0 ? nil : (simulatedEnergy - measuredEnergy) / measuredEnergy * 100
  }

  /// The mean absolute error of the windows' average power, W (weighted by width).
  public var meanAbsoluteError: Double? {
    let total = windows.reduce(0) { $0 + $1.width }
    guard total > 0 else { return nil }
    return windows.reduce(0) { $0 + abs($1.simulated - $1.measured) * $1.width } / total
  }

  /// The mean absolute percentage error of the windows' average power (windows measuring no
  /// power left out), %.
  public var meanAbsolutePercentageError: Double? {
    let counted = windows.filter { $0.measured != 0 }
    guard !counted.isEmpty else { return nil }
    return counted.reduce(0) { $0 + abs(($1.simulated - $1.measured) / $1.measured) }
      / Double(counted.count) * 100
  }

  /// `measured.csv`: `time_s,measured_w,simulated_w`, one row per covered window.
  public var csv: String {
    var text = "time_s,measured_w,simulated_w\n"
    for window in windows {
      text +=
        "\(Self.decimal(window.start)),\(Self.decimal(window.measured)),\(Self.decimal(window.simulated))\n"
    }
    return text
  }

  /// The `measured` object of `run --json`.
  public func json(format: String) -> JSONValue {
    var object = JSONObject()
    object["format"] = .string(format)
    object["covered_s"] = Self.number(coveredSeconds)
    object["energy_j"] = Self.number(measuredEnergy)
    object["simulated_energy_j"] = Self.number(simulatedEnergy)
    object["energy_error_pct"] = energyErrorPercent.map(Self.number) ?? .null
    object["mae_w"] = meanAbsoluteError.map(Self.number) ?? .null
    object["mape_pct"] = meanAbsolutePercentageError.map(Self.number) ?? .null
    object["windows"] = .number(JSONNumber(windows.count))
    return .object(object)
  }

  static func number(_ value: Double) -> JSONValue {
    .number(JSONNumber(literal: decimal(value)))
  }

  /// Nine significant digits, the same on every machine.
  static func decimal(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == 0 { return "0" }
    let magnitude = abs(value)
    let places = max(0, min(12, 8 - Int(magnitude.log10Floor)))
    return DecimalFormatBridge.fixed(value, places: places)
  }
}

extension Double {
  var log10Floor: Int {
    var exponent = 0
    var value = self
    while value >= 10 { value /= 10; exponent += 1 }
    while value < 1 && value > 0 { value *= 10; exponent -= 1 }
    return exponent
  }
}
