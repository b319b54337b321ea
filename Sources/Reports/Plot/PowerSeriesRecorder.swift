public import DeviceModels
public import Quantities

/// Records a ``PowerSeries`` at a plot's resolution while a simulation runs, in memory bounded by
/// the number of bins kept, however long the run.
///
/// The simulation records bins of ``inputBinWidth`` (as fine as `power.csv`'s when both are
/// written); the recorder adds up runs of consecutive input bins into bins of ``binWidth``, a
/// whole multiple (1, 2 or 5 times a power of ten) chosen so that at most `maximumBins` remain.
/// Adding energies is exact, so the series integrates to the run's energy.
///
/// ```swift
/// let recorder = PowerSeriesRecorder(
///   components: setup.device.components.map(\.name), duration: setup.duration)
/// let result = Simulation(
///   setup: setup,
///   recording: RecordingOptions(binWidth: recorder.inputBinWidth, sink: recorder)
/// ).run()
/// let series = recorder.series(endStateOfCharge: result.battery?.endStateOfCharge)
/// ```
///
/// or, in one call, ``run(_:maximumBins:)``.
public final class PowerSeriesRecorder: PowerSeriesSink {
  /// About one bin per horizontal pixel of a plot.
  public static let defaultMaximumBins = 520

  /// The bin width a plot of a run of `duration` is drawn at when the simulation records for
  /// the plot alone: 1, 2 or 5 times a power of ten, at most ``defaultMaximumBins`` bins.
  public static func plotBinWidth(for duration: TimeSpan) -> TimeSpan {
    BinWidth.defaultWidth(for: duration, maximumBins: defaultMaximumBins)
  }

  /// The width of the bins the simulation must record for this recorder.
  public let inputBinWidth: TimeSpan
  /// The width of the series' bins: a whole multiple of ``inputBinWidth``.
  public let binWidth: TimeSpan
  private let components: [String]
  private let duration: TimeSpan
  private let factor: Int
  private var energies: [Int128] = []
  private var stateOfCharge: [Double] = []

  /// A recorder for a run of `duration` whose components are `components`, fed bins of
  /// `inputBinWidth` (`nil`: the width that gives at most `maximumBins` bins directly).
  public init(
    components: [String], duration: TimeSpan, inputBinWidth: TimeSpan? = nil,
    maximumBins: Int = defaultMaximumBins
  ) {
    let input = inputBinWidth ?? BinWidth.defaultWidth(for: duration, maximumBins: maximumBins)
    self.inputBinWidth = input
    let factor = Self.factor(input: input.nanoseconds, duration: duration, maximumBins: maximumBins)
    self.factor = Int(factor)
    binWidth = .nanoseconds(input.nanoseconds * factor)
    self.components = components
    self.duration = duration
  }

  /// How many input bins of `input` ns make one series bin: preferably so that the series'
  /// width is itself 1, 2 or 5 times a power of ten nanoseconds (bins then start at round
  /// times), else the smallest 1-2-5 factor; either way at most `maximumBins` bins.
  private static func factor(input: Int64, duration: TimeSpan, maximumBins: Int) -> Int64 {
    var width = BinWidth.defaultWidth(for: duration, maximumBins: maximumBins).nanoseconds
    for _ in 0..<9 {
      if width >= input && width % input == 0 { return width / input }
      var magnitude: Int64 = 1
      while magnitude * 10 <= width { magnitude *= 10 }
      let leading = width / magnitude
      width = leading == 1 ? 2 * magnitude : leading == 2 ? 5 * magnitude : 10 * magnitude
    }
    let inputBins = (duration.nanoseconds + input - 1) / input
    for magnitude in sequence(first: Int64(1), next: { $0 * 10 }) {
      for step in [1, 2, 5] as [Int64]
      where (inputBins + step * magnitude - 1) / (step * magnitude) <= Int64(max(1, maximumBins)) {
        return step * magnitude
      }
    }
    return 1
  }

  /// Adds a batch of input bins to the series' bins.
  public func receive(_ bins: PowerBins) {
    let count = components.count
    for offset in 0..<bins.count {
      let input = bins.firstBin + offset
      let bin = input / factor
      while energies.count < (bin + 1) * count { energies.append(0) }
      for component in 0..<count {
        energies[bin * count + component] += bins.energies[offset * count + component]
      }
      if input % factor == 0, offset < bins.stateOfChargeAtStart.count {
        while stateOfCharge.count <= bin { stateOfCharge.append(bins.stateOfChargeAtStart[offset]) }
      }
    }
  }

  /// Ignores exact changes: the series is binned.
  public func receive(_ changes: PowerChanges) {}

  /// The series recorded; `endStateOfCharge` (the battery at the end of the run) completes the
  /// state-of-charge line, which is left empty when it is `nil`.
  public func series(endStateOfCharge: Fraction?) -> PowerSeries {
    let bins = Int((duration.nanoseconds + binWidth.nanoseconds - 1) / binWidth.nanoseconds)
    var all = energies
    while all.count < bins * components.count { all.append(0) }
    var charge: [Fraction] = []
    if let endStateOfCharge, !stateOfCharge.isEmpty {
      charge = stateOfCharge.prefix(bins).map { Fraction(min(1, max(0, $0))) }
      while charge.count < bins { charge.append(charge.last ?? endStateOfCharge) }
      charge.append(endStateOfCharge)
    }
    return PowerSeries(
      components: components, binWidth: binWidth, duration: duration,
      energies: all.prefix(bins * components.count).map { Energy(attojoules: $0) },
      stateOfCharge: charge)
  }

  /// Runs `setup` and returns its account with its power series, at most `maximumBins` bins.
  public static func run(_ setup: SimulationSetup, maximumBins: Int = defaultMaximumBins)
    -> (result: RunResult, series: PowerSeries)
  {
    let recorder = PowerSeriesRecorder(
      components: setup.device.components.map(\.name), duration: setup.duration,
      maximumBins: maximumBins)
    let result = Simulation(
      setup: setup,
      recording: RecordingOptions(binWidth: recorder.inputBinWidth, sink: recorder)
    ).run()
    return (result, recorder.series(endStateOfCharge: result.battery?.endStateOfCharge))
  }
}
