public import DeviceModels

/// The size of the files that grow with every change of a run — `--exact`'s `power.csv` and
/// `--trace`'s JSON — estimated before the run from its events in the slice written (see
/// ``RunEstimate``), so that a file of gigabytes is refused before it is written and a small one
/// is not.
///
/// The figures per event were measured on the shipped scenarios (web browsing, a frame-rate
/// animation, messaging with pushes, timer coalescing, a game; `LimitsTests` checks that the
/// estimate stays within a factor of two of the file written): a trace takes 175 to 245 bytes
/// per event the run estimate counts (a state slice, a work slice, a counter sample of about 100
/// bytes each, two or three of them per event), `power.csv` 2.8 to 4.3 bytes per event and column
/// (a row per two events or so, of 7 or 8 bytes a column). The geometric middles are used. A
/// trace also has a fixed part: two metadata records per node of the device's tree and, at the
/// window's edges, a record per node and component (about 300 bytes per node and 100 per
/// component).
public struct OutputSizeEstimate: Sendable {
  /// The run's estimate over the slice written.
  public var run: RunEstimate
  /// `power.csv` written with `--exact`, bytes.
  public var exactPowerCSVBytes: Double
  /// The trace, bytes.
  public var traceBytes: Double

  /// Bytes of a trace per event the run estimate counts.
  static let traceBytesPerEvent = 205.0
  /// Bytes of `power.csv` per event and column.
  static let exactBytesPerEventAndColumn = 3.5
  /// Bytes of a trace per node of the device's tree, per component, and for the process.
  static let traceBytesPerNode = 300.0
  static let traceBytesPerComponent = 100.0
  static let traceBytesFixed = 600.0

  /// The estimate for `setup`, written over `window` (`nil`: the whole run).
  public init(_ setup: SimulationSetup, window: TimeRange?) {
    run = RunEstimate(setup, window: window)
    let components = Double(setup.device.components.count)
    // time_s, a column per component, total_w, and battery_soc with a battery.
    let columns = components + 2 + (setup.device.battery == nil ? 0 : 1)
    exactPowerCSVBytes = 12 * columns + run.events * Self.exactBytesPerEventAndColumn * columns
    traceBytes =
      Self.traceBytesFixed + Self.traceBytesPerNode * Double(Self.nodes(of: setup.device))
      + Self.traceBytesPerComponent * components + run.events * Self.traceBytesPerEvent
  }

  /// The nodes of `device`'s tree: one per component, the CPU's replaced by a node per cluster
  /// and per core.
  static func nodes(of device: DeviceSpec) -> Int {
    device.components.reduce(0) { count, component in
      guard case .cpu(let cpu) = component.model else { return count + 1 }
      return count + cpu.clusters.reduce(0) { $0 + 1 + $1.cores }
    }
  }

  /// The workload with the most events in the slice, when there is one, and its share of them.
  public var largestWorkload: (name: String, share: Double)? {
    guard let top = run.workloads.max(by: { $0.events < $1.events }), top.events > 0,
      run.events > 0
    else { return nil }
    return (top.name, top.events / run.events)
  }

  /// What a refusal says of the workload with the most events in the slice: its name, its
  /// share, and how to make it run less (advice that fits its timing: a frame rate only for an
  /// animation), such as `97% of them from "ui"; or make "ui" run less: lower the frame rate or
  /// end it sooner with "for"`; `nil` without one.
  public func largestWorkloadClause(_ setup: SimulationSetup) -> (share: String, advice: String)? {
    guard let (name, share) = largestWorkload,
      let workload = setup.workloads.first(where: { $0.name == name })
    else { return nil }
    let percent = Int((share * 100).rounded())
    let advice = RunLimits.advice(for: workload.timing).advice
    return (
      "\(percent)% of them from \"\(name)\"", "or make \"\(name)\" run less: \(advice)"
    )
  }
}
