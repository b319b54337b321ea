import Quantities

/// Decimal text for the measurement's numbers, through the project's locale-independent
/// formatter, trailing zeros removed.
enum DecimalFormatBridge {
  static func fixed(_ value: Double, places: Int) -> String {
    DecimalFormat.trimmed(DecimalFormat.fixed(value, places: places))
  }
}
