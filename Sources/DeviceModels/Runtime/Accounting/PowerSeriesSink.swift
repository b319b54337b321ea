import Quantities

/// Receives a run's power series as it is produced, in batches, so that long runs stream to disk
/// in constant memory.
///
/// The simulator calls the sink a few times per thousand bins or changes, never per event.
public protocol PowerSeriesSink: AnyObject {
  /// Completed fixed-width bins, in order.
  func receive(_ bins: PowerBins)
  /// Exact changes of power, in order: each row holds until the next.
  func receive(_ changes: PowerChanges)
}

/// A batch of consecutive bins: energy per component in each, and the battery's state of charge
/// at each bin's start.
public struct PowerBins: Sendable {
  /// Width of every bin, ns (the last bin of a run may be cut short by its end).
  public var binWidth: Int64
  /// Index of the first bin in this batch (bin `i` starts at `i × binWidth`).
  public var firstBin: Int
  /// Number of components per bin.
  public var componentCount: Int
  /// Energy in attojoules, bin-major: `energies[bin × componentCount + component]`.
  public var energies: [Int128]
  /// State of charge (0…1) at each bin's start; empty when the device has no battery.
  public var stateOfChargeAtStart: [Double]

  /// The number of bins in the batch.
  public var count: Int { componentCount == 0 ? 0 : energies.count / componentCount }

  /// A batch (the simulator makes them; sinks' tests may too).
  public init(
    binWidth: Int64, firstBin: Int, componentCount: Int, energies: [Int128],
    stateOfChargeAtStart: [Double]
  ) {
    self.binWidth = binWidth
    self.firstBin = firstBin
    self.componentCount = componentCount
    self.energies = energies
    self.stateOfChargeAtStart = stateOfChargeAtStart
  }
}

/// A batch of exact power changes: the power of every component from each time on, and the
/// battery's state of charge at each time.
public struct PowerChanges: Sendable {
  /// Number of components per row.
  public var componentCount: Int
  /// Time of each row, ns.
  public var times: [Int64]
  /// Power in nanowatts, row-major: `powers[row × componentCount + component]`.
  public var powers: [Int64]
  /// State of charge (0…1) at each row's time, from the battery's exact charge at that moment;
  /// empty when the device has no battery.
  public var stateOfCharge: [Double]

  /// A batch (the simulator makes them; sinks' tests may too).
  public init(
    componentCount: Int, times: [Int64], powers: [Int64], stateOfCharge: [Double] = []
  ) {
    self.componentCount = componentCount
    self.times = times
    self.powers = powers
    self.stateOfCharge = stateOfCharge
  }
}

/// A sink that keeps every batch in memory, for plots and tests of short runs.
public final class PowerSeriesCollector: PowerSeriesSink {
  /// All bins received, concatenated.
  public private(set) var bins: PowerBins?
  /// All changes received, concatenated.
  public private(set) var changes: PowerChanges?

  /// An empty collector.
  public init() {}

  /// Appends the batch to ``bins``.
  public func receive(_ batch: PowerBins) {
    if var all = bins {
      all.energies.append(contentsOf: batch.energies)
      all.stateOfChargeAtStart.append(contentsOf: batch.stateOfChargeAtStart)
      bins = all
    } else {
      bins = batch
    }
  }

  /// Appends the batch to ``changes``.
  public func receive(_ batch: PowerChanges) {
    if var all = changes {
      all.times.append(contentsOf: batch.times)
      all.powers.append(contentsOf: batch.powers)
      all.stateOfCharge.append(contentsOf: batch.stateOfCharge)
      changes = all
    } else {
      changes = batch
    }
  }
}
