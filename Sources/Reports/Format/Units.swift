public import DeviceModels
public import Quantities

/// How quantities print: exact decimals for CSV and JSON (SI base units, as the column names
/// say), short human forms for the terminal. Never locale-dependent.
///
/// Energies, powers and times are integers of attojoules, nanowatts and nanoseconds, so the
/// machine-readable forms print them exactly, and sums of printed energies (components to the
/// total, states to a component) hold to the attojoule. Only ratios can round: an average power
/// (``averageWatts(_:over:)``), a share, a state of charge, battery life in hours.
public enum Units {
  /// Joules, exact: every digit of the attojoule count, trailing zeros trimmed: `1.27`,
  /// `0.000000370370367`, `0.000000000000000001`.
  public static func joules(_ energy: Energy) -> String {
    DecimalFormat.scaledTrimmed(energy.attojoules, scale: 18)
  }

  /// Appends ``joules(_:)``'s text to `text` as UTF-8.
  public static func appendJoules(_ energy: Energy, to text: inout [UInt8]) {
    DecimalFormat.appendScaledTrimmed(energy.attojoules, scale: 18, to: &text)
  }

  /// The significant digits of an average power that is not a terminating decimal: as many as
  /// a `Double` holds, for an error below 5 × 10⁻¹⁷ of the value.
  public static let averagePowerDigits = 17

  /// The average power of `energy` over `span`, in watts: exact when it is a terminating
  /// decimal (always, when `span` is 1, 2 or 5 times a power of ten nanoseconds, or any product
  /// of 2s and 5s), else rounded half away from zero to ``averagePowerDigits`` significant
  /// digits: 1.83 J over 20 s is `0.0915`, 1 J over 3 s is `0.33333333333333333`.
  ///
  /// - Precondition: `span` is positive.
  public static func averageWatts(_ energy: Energy, over span: TimeSpan) -> String {
    var text: [UInt8] = []
    appendAverageWatts(energy, over: span, to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends ``averageWatts(_:over:)``'s text to `text` as UTF-8.
  public static func appendAverageWatts(
    _ energy: Energy, over span: TimeSpan, to text: inout [UInt8]
  ) {
    // Attojoules ÷ nanoseconds counts nanowatts.
    DecimalFormat.appendQuotient(
      energy.attojoules, dividedBy: span.nanoseconds, scale: 9,
      significantDigits: averagePowerDigits, to: &text)
  }

  /// Appends ``watts(_:)``'s text to `text` as UTF-8.
  public static func appendWatts(_ power: Power, to text: inout [UInt8]) {
    DecimalFormat.appendScaledTrimmed(Int128(power.nanowatts), scale: 9, to: &text)
  }

  /// Appends ``seconds(_:)-(TimeSpan)``'s text to `text` as UTF-8.
  public static func appendSeconds(_ span: TimeSpan, to text: inout [UInt8]) {
    DecimalFormat.appendScaledTrimmed(Int128(span.nanoseconds), scale: 9, to: &text)
  }

  /// Appends ``share(_:)``'s text to `text` as UTF-8.
  public static func appendShare(_ value: Double, to text: inout [UInt8]) {
    DecimalFormat.appendFixedTrimmed(value, places: 6, to: &text)
  }

  /// Watts, exact to the nanowatt: `0.3`.
  public static func watts(_ power: Power) -> String {
    DecimalFormat.scaledTrimmed(Int128(power.nanowatts), scale: 9)
  }

  /// Seconds, exact to the nanosecond: `1.3`.
  public static func seconds(_ span: TimeSpan) -> String {
    DecimalFormat.scaledTrimmed(Int128(span.nanoseconds), scale: 9)
  }

  /// Seconds of an instant.
  public static func seconds(_ instant: Instant) -> String {
    DecimalFormat.scaledTrimmed(Int128(instant.nanosecondsSinceStart), scale: 9)
  }

  /// Degrees Celsius, exact to the micro-degree: `41.25`.
  public static func celsius(_ temperature: Temperature) -> String {
    DecimalFormat.scaledTrimmed(Int128(temperature.microdegrees), scale: 6)
  }

  /// `41.3 °C`: one decimal.
  public static func celsiusText(_ temperature: Temperature) -> String {
    DecimalFormat.fixed(temperature.celsius, places: 1) + " °C"
  }

  /// Hours with six decimals: `61.712345`.
  public static func hours(_ span: TimeSpan) -> String {
    trimmed(DecimalFormat.fixed(Double(span.nanoseconds) / 3.6e12, places: 6))
  }

  /// Milliampere-hours with six decimals, trailing zeros trimmed: `888.312345`.
  public static func milliampHours(_ value: Double) -> String {
    trimmed(DecimalFormat.fixed(value, places: 6))
  }

  /// A share in [0, 1] with six decimals.
  public static func share(_ value: Double) -> String {
    trimmed(DecimalFormat.fixed(value, places: 6))
  }

  /// A plain Double, shortest round-trip digits without exponent.
  public static func number(_ value: Double) -> String {
    DecimalFormat.exact(value)
  }

  /// Removes trailing zeros after a decimal point, and the point if nothing follows it.
  static func trimmed(_ text: String) -> String {
    DecimalFormat.trimmed(text)
  }

  // MARK: Human forms

  /// `123.4 J`, `12.35 mJ`, `1.235 kJ`: four significant digits in a fitting unit.
  public static func energyText(_ energy: Energy) -> String {
    scaledText(
      energy.joules, units: [(1e3, "kJ"), (1, "J"), (1e-3, "mJ"), (1e-6, "µJ")], zero: "0 J")
  }

  /// `205.7 mW`, `1.234 W`, `12 µW`.
  public static func powerText(_ power: Power) -> String {
    scaledText(power.watts, units: [(1, "W"), (1e-3, "mW"), (1e-6, "µW")], zero: "0 W")
  }

  /// `10 min`, `2.345 ms`, `61.71 h`.
  public static func durationText(_ span: TimeSpan) -> String {
    let seconds = Double(span.nanoseconds) / 1e9
    return scaledText(
      seconds,
      units: [
        (86_400, "d"), (3_600, "h"), (60, "min"), (1, "s"), (1e-3, "ms"), (1e-6, "µs"),
        (1e-9, "ns"),
      ],
      zero: "0 s")
  }

  /// `888.3 mAh`, `4000 mAh`: four significant digits.
  public static func milliampHoursText(_ value: Double) -> String {
    DecimalFormat.significant(value, digits: 4) + " mAh"
  }

  /// `79.5%`.
  public static func percentText(_ share: Double) -> String {
    DecimalFormat.fixed(share * 100, places: 1) + "%"
  }

  private static func scaledText(_ value: Double, units: [(Double, String)], zero: String)
    -> String
  {
    guard value != 0, value.isFinite else { return zero }
    let magnitude = abs(value)
    let (scale, name) = units.first { magnitude >= $0.0 * 0.9995 } ?? units[units.count - 1]
    return DecimalFormat.significant(value / scale, digits: 4) + " " + name
  }
}
