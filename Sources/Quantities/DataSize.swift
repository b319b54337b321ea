/// An amount of data in whole bytes.
public struct DataSize: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The size in bytes.
  public var bytes: Int64

  /// A size of `bytes`.
  public init(bytes: Int64) {
    self.bytes = bytes
  }

  /// No data.
  public static let zero = DataSize(bytes: 0)
  /// `n` kilobytes (1000 B).
  public static func kilobytes(_ n: Int64) -> DataSize { DataSize(bytes: n * 1_000) }
  /// `n` kibibytes (1024 B).
  public static func kibibytes(_ n: Int64) -> DataSize { DataSize(bytes: n * 1_024) }
  /// `n` megabytes (10⁶ B).
  public static func megabytes(_ n: Int64) -> DataSize { DataSize(bytes: n * 1_000_000) }
  /// `n` mebibytes (2²⁰ B).
  public static func mebibytes(_ n: Int64) -> DataSize { DataSize(bytes: n * 1_048_576) }

  /// This size rounded up to a whole number of `unit`s (flash pages). `unit` must be positive.
  public func roundedUp(toMultipleOf unit: DataSize) -> DataSize {
    precondition(unit.bytes > 0, "rounding to an empty unit")
    let units = bytes / unit.bytes + (bytes % unit.bytes == 0 ? 0 : 1)
    let (rounded, overflow) = units.multipliedReportingOverflow(by: unit.bytes)
    return DataSize(bytes: overflow ? .max : rounded)
  }

  /// `2 MB`, `4096 B`.
  public var description: String {
    if bytes >= 1_000_000_000 {
      return DecimalText.significant(Double(bytes) / 1e9, digits: 6) + " GB"
    }
    if bytes >= 1_000_000 { return DecimalText.significant(Double(bytes) / 1e6, digits: 6) + " MB" }
    if bytes >= 1_000 { return DecimalText.significant(Double(bytes) / 1e3, digits: 6) + " KB" }
    return "\(bytes) B"
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: DataSize, rhs: DataSize) -> Bool { lhs.bytes < rhs.bytes }
  /// The sum of the two values.
  public static func + (lhs: DataSize, rhs: DataSize) -> DataSize {
    DataSize(bytes: lhs.bytes + rhs.bytes)
  }
  /// The difference of the two values.
  public static func - (lhs: DataSize, rhs: DataSize) -> DataSize {
    DataSize(bytes: lhs.bytes - rhs.bytes)
  }
}
