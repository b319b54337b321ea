public import DeviceModels
public import Quantities
public import ScenarioFiles

/// One design alternative to compare: a decoded scenario variant and the label it goes by.
public struct Alternative: Sendable {
  /// How the table names it: the variant's name, or the file's name for a comparison of files.
  public var label: String
  /// What to simulate.
  public var scenario: Scenario

  /// An alternative named `label`.
  public init(label: String, scenario: Scenario) {
    self.label = label
    self.scenario = scenario
  }
}

/// The alternatives of a comparison, simulated; the first is the baseline the others are
/// measured against (SPEC section 8, `compare`).
///
/// Comparing does not rank alternatives by anything but energy: ``largestSaving`` names the
/// alternative with the least energy below the baseline's, and the latency it costs is shown
/// beside it, not traded against it.
public struct Comparison: Sendable {
  /// The alternatives and their accounts, the baseline first.
  public var entries: [ComparisonEntry]

  /// Simulates `alternatives` on up to `jobs` threads; the result is the same for any `jobs`.
  ///
  /// With `powerBinWidth`, each entry also keeps its power series in bins of that width, for an
  /// overlaid chart of total power (the seam for `compare --plot`). `progress`, if given, is
  /// called with the number of alternatives simulated so far, one call at a time.
  ///
  /// - Complexity: the sum of the runs' costs, divided over `jobs` threads.
  public static func run(
    _ alternatives: [Alternative], jobs: Int = ParallelMap.defaultJobs,
    powerBinWidth: TimeSpan? = nil, progress: (@Sendable (_ done: Int) -> Void)? = nil
  ) -> Comparison {
    precondition(!alternatives.isEmpty, "a comparison needs a baseline")
    let entries = ParallelMap.map(count: alternatives.count, jobs: jobs, progress: progress) {
      index in
      let alternative = alternatives[index]
      guard let powerBinWidth else {
        let result = Simulation(setup: alternative.scenario.setup).run()
        return ComparisonEntry(alternative: alternative, result: result, powerBins: nil)
      }
      let collector = PowerSeriesCollector()
      let recording = RecordingOptions(binWidth: powerBinWidth, sink: collector)
      let result = Simulation(setup: alternative.scenario.setup, recording: recording).run()
      return ComparisonEntry(alternative: alternative, result: result, powerBins: collector.bins)
    }
    return Comparison(entries: entries)
  }

  /// A comparison of entries already simulated; the first is the baseline.
  public init(entries: [ComparisonEntry]) {
    precondition(!entries.isEmpty, "a comparison needs a baseline")
    self.entries = entries
  }

  /// The baseline.
  public var baseline: ComparisonEntry { entries[0] }

  /// Every component name, in the order components first appear across the entries (files
  /// compared may have different devices).
  public var componentNames: [String] {
    var names: [String] = []
    for entry in entries {
      for component in entry.result.components where !names.contains(component.name) {
        names.append(component.name)
      }
    }
    return names
  }

  /// The alternative that saves the most energy against the baseline, if any uses less; ties go
  /// to the one listed first.
  public var largestSaving: Saving? {
    var best: ComparisonEntry?
    for entry in entries.dropFirst() where entry.energy < baseline.energy {
      if best.map({ entry.energy < $0.energy }) ?? true { best = entry }
    }
    guard let best else { return nil }
    return Saving(entry: best, baseline: baseline)
  }
}

/// One simulated alternative and the figures the comparison table shows for it.
public struct ComparisonEntry: Sendable {
  /// The alternative.
  public var alternative: Alternative
  /// Its account.
  public var result: RunResult
  /// Its power series in bins, when the comparison was asked to keep it.
  public var powerBins: PowerBins?

  /// An entry for `alternative` with its account.
  public init(alternative: Alternative, result: RunResult, powerBins: PowerBins? = nil) {
    self.alternative = alternative
    self.result = result
    self.powerBins = powerBins
  }

  /// The alternative's label.
  public var label: String { alternative.label }

  /// Total energy.
  public var energy: Energy { result.energy }

  /// The sum of the components' floors.
  public var floor: Energy { result.components.reduce(.zero) { $0 + $1.floor } }
  /// The sum of the components' fixed costs.
  public var fixed: Energy { result.components.reduce(.zero) { $0 + $1.fixed } }
  /// The sum of the components' dynamic costs.
  public var dynamic: Energy { result.components.reduce(.zero) { $0 + $1.dynamic } }

  /// The energy of the component named `name`, or `nil` if the device has none.
  public func energy(of name: String) -> Energy? {
    result.components.first { $0.name == name }?.energy
  }

  /// Battery life, when the device has a battery and drew from it.
  public var batteryLife: TimeSpan? { result.battery?.life }

  /// The largest 99th-percentile latency of any workload, if any occurrence completed.
  public var worstLatencyP99: TimeSpan? { result.workloads.compactMap(\.latency?.p99).max() }
  /// The largest latency of any workload, if any occurrence completed.
  public var worstLatencyMax: TimeSpan? { result.workloads.compactMap(\.latency?.max).max() }
  /// Frames dropped, over every workload.
  public var droppedFrames: Int { result.workloads.reduce(0) { $0 + $1.droppedFrames } }
  /// Deadlines missed, over every workload.
  public var deadlineMisses: Int { result.workloads.reduce(0) { $0 + $1.deadlineMisses } }
  /// Occurrences cut off by the end of the run, over every workload.
  public var unfinished: Int { result.workloads.reduce(0) { $0 + $1.unfinished } }
  /// Wake-ups, over every component.
  public var wakeups: Int { result.components.reduce(0) { $0 + $1.wakeups } }
}

/// How much an alternative saves against the baseline, and where most of it comes from.
public struct Saving: Sendable, Equatable {
  /// The part of a component's energy a saving comes from (SPEC section 7).
  public enum Part: String, Sendable, CaseIterable {
    /// The deepest state's power for the whole run.
    case floor
    /// Waking, holding and intermediate idle states.
    case fixed
    /// Serving work.
    case dynamic
  }

  /// The alternative's label.
  public var label: String
  /// The alternative's energy minus the baseline's (negative: a saving).
  public var change: Energy
  /// `change` as a fraction of the baseline's energy.
  public var relativeChange: Double
  /// The component and part whose energy fell the most.
  public var component: String
  /// Which part of `component`.
  public var part: Part
  /// How much that part changed (negative).
  public var partChange: Energy

  /// The saving of `entry` against `baseline`. Components are matched by name; one missing from
  /// either side counts as zero there.
  public init(entry: ComparisonEntry, baseline: ComparisonEntry) {
    label = entry.label
    change = entry.energy - baseline.energy
    relativeChange = ResultCSV.share(change, of: baseline.energy)
    var best: (component: String, part: Part, change: Energy)?
    let names = Comparison(entries: [baseline, entry]).componentNames
    for name in names {
      let mine = entry.result.components.first { $0.name == name }
      let theirs = baseline.result.components.first { $0.name == name }
      for part in Part.allCases {
        let difference = Self.energy(mine, part) - Self.energy(theirs, part)
        if best.map({ difference < $0.change }) ?? true { best = (name, part, difference) }
      }
    }
    component = best?.component ?? ""
    part = best?.part ?? .fixed
    partChange = best?.change ?? .zero
  }

  private static func energy(_ component: ComponentResult?, _ part: Part) -> Energy {
    guard let component else { return .zero }
    switch part {
    case .floor: return component.floor
    case .fixed: return component.fixed
    case .dynamic: return component.dynamic
    }
  }
}
