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
    var fields: [String] = []
    fields.reserveCapacity(componentCount + 3)
    for offset in 0..<bins.count {
      let bin = bins.firstBin + offset
      let start = Int64(bin) * bins.binWidth
      let width = min(bins.binWidth, duration - start)
      guard width > 0 else { continue }
      let span = TimeSpan(nanoseconds: width)
      fields.removeAll(keepingCapacity: true)
      fields.append(Units.seconds(TimeSpan(nanoseconds: start)))
      var total: Int128 = 0
      for component in 0..<componentCount {
        let energy = bins.energies[offset * componentCount + component]
        total += energy
        fields.append(Units.averageWatts(Energy(attojoules: energy), over: span))
      }
      fields.append(Units.averageWatts(Energy(attojoules: total), over: span))
      if offset < bins.stateOfChargeAtStart.count {
        fields.append(Units.share(bins.stateOfChargeAtStart[offset]))
      }
      do { try writer.appendRow(fields) } catch {
        failure = error
        return
      }
    }
  }

  /// Writes a batch of exact changes.
  public func receive(_ changes: PowerChanges) {
    guard failure == nil else { return }
    var fields: [String] = []
    for (row, time) in changes.times.enumerated() {
      fields.removeAll(keepingCapacity: true)
      fields.append(Units.seconds(TimeSpan(nanoseconds: time)))
      var total: Int64 = 0
      for component in 0..<componentCount {
        let power = changes.powers[row * componentCount + component]
        total += power
        fields.append(Units.watts(Power(nanowatts: power)))
      }
      fields.append(Units.watts(Power(nanowatts: total)))
      if row < changes.stateOfCharge.count {
        fields.append(Units.share(changes.stateOfCharge[row]))
      }
      do { try writer.appendRow(fields) } catch {
        failure = error
        return
      }
    }
  }
}
