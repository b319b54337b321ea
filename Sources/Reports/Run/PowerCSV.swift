public import DeviceModels
public import Quantities

/// Streams `power.csv` as the simulation produces it: one row per bin (its start time and each
/// component's average power over it, so the file integrates to the energy), or one row per
/// change with `--exact` (each row holds until the next). When the device has a battery, a
/// `battery_soc` column at the end gives its state of charge at each row's time (the bin's start,
/// or the change's moment).
///
/// Exact changes are whole nanowatts, printed exactly. A bin's average power is printed by
/// ``Units/averageWatts(_:over:)``: exactly when it is a terminating decimal, which it is for
/// every bin whose width in nanoseconds has no prime factors but 2 and 5 (every default width),
/// else to 17 significant digits. So value × width, summed over the rows, gives each component's
/// energy exactly, or within a relative 5 × 10⁻¹⁷ when some bin's average does not terminate.
public final class PowerCSVSink: PowerSeriesSink {
  private let writer: CSVStreamWriter
  private let componentCount: Int
  private let duration: Int64
  /// The row being written, reused.
  private var record = NumericCSVRecord()
  /// The first error writing, if any; the run reports it and discards the file.
  public private(set) var failure: (any Error)?

  /// A sink writing to `file`, for components named `components`, with a `battery_soc` column
  /// when `withBattery`.
  public init(file: OutputFile, components: [String], duration: TimeSpan, withBattery: Bool)
    throws
  {
    componentCount = components.count
    self.duration = duration.nanoseconds
    var header = ["time_s"] + components.map { "\($0)_w" } + ["total_w"]
    if withBattery { header.append("battery_soc") }
    writer = try CSVStreamWriter(file: file, header: header)
  }

  /// Writes a batch of bins.
  public func receive(_ bins: PowerBins) {
    guard failure == nil else { return }
    for offset in 0..<bins.count {
      let bin = bins.firstBin + offset
      let start = Int64(bin) * bins.binWidth
      let width = min(bins.binWidth, duration - start)
      guard width > 0 else { continue }
      let span = TimeSpan(nanoseconds: width)
      record.removeAll()
      record.appendField { Units.appendSeconds(TimeSpan(nanoseconds: start), to: &$0) }
      var total: Int128 = 0
      for component in 0..<componentCount {
        let energy = bins.energies[offset * componentCount + component]
        total += energy
        record.appendField {
          Units.appendAverageWatts(Energy(attojoules: energy), over: span, to: &$0)
        }
      }
      record.appendField {
        Units.appendAverageWatts(Energy(attojoules: total), over: span, to: &$0)
      }
      if offset < bins.stateOfChargeAtStart.count {
        record.appendField { Units.appendShare(bins.stateOfChargeAtStart[offset], to: &$0) }
      }
      guard write() else { return }
    }
  }

  /// Writes a batch of exact changes.
  public func receive(_ changes: PowerChanges) {
    guard failure == nil else { return }
    for (row, time) in changes.times.enumerated() {
      record.removeAll()
      record.appendField { Units.appendSeconds(TimeSpan(nanoseconds: time), to: &$0) }
      var total: Int64 = 0
      for component in 0..<componentCount {
        let power = changes.powers[row * componentCount + component]
        total += power
        record.appendField { Units.appendWatts(Power(nanowatts: power), to: &$0) }
      }
      record.appendField { Units.appendWatts(Power(nanowatts: total), to: &$0) }
      if row < changes.stateOfCharge.count {
        record.appendField { Units.appendShare(changes.stateOfCharge[row], to: &$0) }
      }
      guard write() else { return }
    }
  }

  /// Writes the record; on failure keeps the error and returns false.
  private func write() -> Bool {
    do { try writer.appendRow(record) } catch {
      failure = error
      return false
    }
    return true
  }
}
