public import DeviceModels

/// Hands each batch of a run's power series to the sinks that want it: bins to some (the
/// binned `power.csv`, the plot), exact changes to others (`power.csv --exact`, the trace's
/// counters), so one simulation feeds every output at once.
public final class PowerSeriesRouter: PowerSeriesSink {
  private let binSinks: [any PowerSeriesSink]
  private let changeSinks: [any PowerSeriesSink]

  /// A router sending bins to `bins` and exact changes to `changes`, each in order.
  public init(bins: [any PowerSeriesSink], changes: [any PowerSeriesSink]) {
    binSinks = bins
    changeSinks = changes
  }

  /// Sends `bins` to every bin sink.
  public func receive(_ bins: PowerBins) {
    for sink in binSinks { sink.receive(bins) }
  }

  /// Sends `changes` to every change sink.
  public func receive(_ changes: PowerChanges) {
    for sink in changeSinks { sink.receive(changes) }
  }
}
