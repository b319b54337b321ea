public import DeviceModels
public import Quantities

/// A run's power over time, at a plot's resolution: the energy each component spent in each
/// fixed-width bin, and the battery's state of charge at each bin's edges.
///
/// A bin's energy divided by its width is the component's average power over it, so the series
/// integrates exactly to the run's energy however coarse the bins are. Record one with
/// ``PowerSeriesRecorder``; draw it with ``Plot/stackedPower(_:title:subtitle:)`` or, several
/// alternatives at once, ``Plot/powerComparison(_:title:subtitle:)``.
public struct PowerSeries: Sendable {
  /// The components, bottom of the stack first (device order).
  public var components: [String]
  /// Width of every bin but possibly the last, which ends at ``duration``.
  public var binWidth: TimeSpan
  /// The length of the run: bins cover `[0, duration)`.
  public var duration: TimeSpan
  /// Energy per bin and component, bin-major: `energies[bin × components.count + component]`.
  public var energies: [Energy]
  /// The battery's state of charge at each bin's start and at the end of the run
  /// (`binCount + 1` values); empty when the device has no battery.
  public var stateOfCharge: [Fraction]

  /// A series; `energies` must hold `binCount × components.count` values and `stateOfCharge`
  /// none or `binCount + 1`.
  public init(
    components: [String], binWidth: TimeSpan, duration: TimeSpan, energies: [Energy],
    stateOfCharge: [Fraction] = []
  ) {
    precondition(binWidth > .zero, "bins must have a width")
    self.components = components
    self.binWidth = binWidth
    self.duration = duration
    self.energies = energies
    self.stateOfCharge = stateOfCharge
    precondition(energies.count == binCount * components.count, "one energy per bin and component")
    precondition(
      stateOfCharge.isEmpty || stateOfCharge.count == binCount + 1,
      "a state of charge at each bin's start and at the end")
  }

  /// A series from bins recorded whole (`PowerSeriesCollector`'s `bins`, recorded at a width
  /// such as ``PowerSeriesRecorder/plotBinWidth(for:)``) for a run of `duration` whose
  /// components are `components`; `endStateOfCharge` completes the battery line (none without
  /// it, or when the bins carry no state of charge).
  public init(
    _ bins: PowerBins, components: [String], duration: TimeSpan,
    endStateOfCharge: Fraction? = nil
  ) {
    var charge: [Fraction] = []
    if let endStateOfCharge, bins.stateOfChargeAtStart.count == bins.count {
      charge = bins.stateOfChargeAtStart.map { Fraction(min(1, max(0, $0))) } + [endStateOfCharge]
    }
    self.init(
      components: components, binWidth: .nanoseconds(bins.binWidth), duration: duration,
      energies: bins.energies.map { Energy(attojoules: $0) }, stateOfCharge: charge)
  }

  /// The number of bins: `duration ÷ binWidth`, rounded up.
  public var binCount: Int {
    Int((duration.nanoseconds + binWidth.nanoseconds - 1) / binWidth.nanoseconds)
  }

  /// When bin `bin` starts.
  public func start(ofBin bin: Int) -> TimeSpan {
    .nanoseconds(Int64(bin) * binWidth.nanoseconds)
  }

  /// When bin `bin` ends (the last bin ends with the run).
  public func end(ofBin bin: Int) -> TimeSpan {
    .nanoseconds(min(duration.nanoseconds, Int64(bin + 1) * binWidth.nanoseconds))
  }

  /// Energy of `component` in bin `bin`.
  public func energy(bin: Int, component: Int) -> Energy {
    energies[bin * components.count + component]
  }

  /// Average power of `component` over bin `bin`, to the nanowatt.
  public func averagePower(bin: Int, component: Int) -> Power {
    energy(bin: bin, component: component).averagePower(over: end(ofBin: bin) - start(ofBin: bin))
  }

  /// Average power of the whole device over bin `bin`, to the nanowatt.
  public func totalPower(bin: Int) -> Power {
    var total = Energy.zero
    for component in components.indices { total += energy(bin: bin, component: component) }
    return total.averagePower(over: end(ofBin: bin) - start(ofBin: bin))
  }

  /// The energy `component` spent over the run.
  public func energy(ofComponent component: Int) -> Energy {
    var total = Energy.zero
    for bin in 0..<binCount { total += energy(bin: bin, component: component) }
    return total
  }

  /// The energy the device spent over the run.
  public var totalEnergy: Energy { energies.reduce(.zero, +) }
}
