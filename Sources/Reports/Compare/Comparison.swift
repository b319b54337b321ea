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
/// measured against (*The command line*, `compare`).
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
  /// With `fastForward` false, every run simulates every event (`--no-fast-forward`; the
  /// results are the same).
  ///
  /// - Complexity: the sum of the runs' costs, divided over `jobs` threads.
  public static func run(
    _ alternatives: [Alternative], jobs: Int = ParallelMap.defaultJobs,
    powerBinWidth: TimeSpan? = nil, fastForward: Bool = true,
    progress: (@Sendable (_ done: Int) -> Void)? = nil
  ) -> Comparison {
    do {
      return try run(
        alternatives, jobs: jobs, powerBinWidth: powerBinWidth, fastForward: fastForward,
        maximumEvents: .max, progress: progress)
    } catch {
      preconditionFailure("a run without an event limit stopped at one")
    }
  }

  /// Simulates `alternatives` like ``run(_:jobs:powerBinWidth:fastForward:progress:)``, each run
  /// taking at most `maximumEvents` events off its event queue (`--max-events`): a run that
  /// reaches it with events still due stops the comparison with an ``EventLimitError`` naming the
  /// first such alternative.
  public static func run(
    _ alternatives: [Alternative], jobs: Int = ParallelMap.defaultJobs,
    powerBinWidth: TimeSpan? = nil, fastForward: Bool = true, maximumEvents: Int,
    progress: (@Sendable (_ done: Int) -> Void)? = nil
  ) throws(EventLimitError) -> Comparison {
    precondition(!alternatives.isEmpty, "a comparison needs a baseline")
    let entries = try ParallelMap.map(count: alternatives.count, jobs: jobs, progress: progress) {
      (index: Int) throws(EventLimitError) -> ComparisonEntry in
      let alternative = alternatives[index]
      func simulate(_ recording: RecordingOptions) throws(EventLimitError) -> RunResult {
        do {
          return try Simulation(setup: alternative.scenario.setup, recording: recording).run(
            maximumEvents: maximumEvents)
        } catch {
          throw EventLimitError(
            error, scenario: alternative.scenario, run: "the alternative \"\(alternative.label)\"")
        }
      }
      guard let powerBinWidth else {
        let result = try simulate(RecordingOptions(fastForward: fastForward))
        return ComparisonEntry(alternative: alternative, result: result, powerBins: nil)
      }
      let collector = PowerSeriesCollector()
      let result = try simulate(
        RecordingOptions(binWidth: powerBinWidth, sink: collector, fastForward: fastForward))
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

  /// What the comparison ranks alternatives by (see *The command line*): battery energy when every
  /// alternative has a battery and they differ in the energy drawn from it, else total energy;
  /// per unit of time (average power, average battery drain) when the alternatives' durations
  /// differ.
  public var measure: Measure {
    let durations = Set(entries.map(\.result.duration.nanoseconds))
    let drawn = entries.compactMap { $0.result.battery?.drawnEnergy.attojoules }
    let batteryFirst = drawn.count == entries.count && Set(drawn).count > 1
    switch (batteryFirst, durations.count > 1) {
    case (true, false): return .batteryEnergy
    case (true, true): return .averageBatteryPower
    case (false, false): return .energy
    case (false, true): return .averagePower
    }
  }

  /// Whether the alternatives' durations differ (the comparison is then of average power).
  public var durationsDiffer: Bool {
    Set(entries.map(\.result.duration.nanoseconds)).count > 1
  }

  /// Whether the alternatives spend different times in Low Power Mode (see *Apps and push
  /// delivery*): the comparison then shows that time (a row of the table, a `low_power_s` column at
  /// the end).
  public var lowPowerTimesDiffer: Bool {
    Set(entries.map(\.result.lowPowerTime.nanoseconds)).count > 1
  }

  /// Whether any alternative's device has a thermal model (see *Peripherals and recipes*): the
  /// comparison then shows the peak temperature and the time throttled (rows of the table,
  /// `throttled_s` and `peak_temperature_c` columns at the end).
  public var hasThermal: Bool { entries.contains { $0.result.thermal != nil } }

  /// The alternatives whose battery ran out, in order.
  public var ranOut: [ComparisonEntry] { entries.filter { $0.ranOutAt != nil } }

  /// The alternative that saves the most against the baseline by ``measure``, if any saves;
  /// ties go to the one listed first. An alternative whose battery ran out is never the largest
  /// saving (see *The command line*): it saved by being off.
  public var largestSaving: Saving? {
    let measure = measure
    let base = baseline.value(measure)
    var best: ComparisonEntry?
    for entry in entries.dropFirst() where entry.ranOutAt == nil && entry.value(measure) < base {
      if best.map({ entry.value(measure) < $0.value(measure) }) ?? true { best = entry }
    }
    guard let best else { return nil }
    return Saving(entry: best, baseline: baseline, measure: measure)
  }
}

/// What a comparison ranks alternatives by (see ``Comparison/measure``).
public enum Measure: String, Sendable {
  /// Total energy.
  case energy
  /// Energy drawn from the battery (energy the charger supplies is not).
  case batteryEnergy = "battery energy"
  /// Total energy per unit of time, for alternatives of different durations.
  case averagePower = "average power"
  /// Energy drawn from the battery per unit of time, for alternatives of different durations.
  case averageBatteryPower = "average battery drain"

  /// Whether the measure is a rate (alternatives of different durations).
  public var isRate: Bool { self == .averagePower || self == .averageBatteryPower }
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
  /// Energy drawn from the battery, when the device has one.
  public var batteryEnergy: Energy? { result.battery?.drawnEnergy }
  /// When the battery first ran out, if it did.
  public var ranOutAt: Instant? { result.battery?.ranOutAt }
  /// The lowest state of charge, when the device has a battery.
  public var lowestCharge: Fraction? { result.battery?.lowestStateOfCharge }
  /// The highest total power held for a non-zero time.
  public var peakPower: Power { result.peakPower }

  /// The figure `measure` ranks by: attojoules, or attojoules per nanosecond for a rate.
  public func value(_ measure: Measure) -> Double {
    switch measure {
    case .energy: return Double(energy.attojoules)
    case .batteryEnergy: return Double(batteryEnergy?.attojoules ?? 0)
    case .averagePower:
      return Double(energy.attojoules) / Double(max(1, result.duration.nanoseconds))
    case .averageBatteryPower:
      return Double(batteryEnergy?.attojoules ?? 0) / Double(max(1, result.duration.nanoseconds))
    }
  }

  /// The workload whose 99th-percentile latency is the largest, with it.
  public var worstLatencyP99Workload: (name: String, latency: TimeSpan)? {
    worst(\.p99)
  }
  /// The workload whose largest latency is the largest, with it.
  public var worstLatencyMaxWorkload: (name: String, latency: TimeSpan)? {
    worst(\.max)
  }

  private func worst(_ figure: KeyPath<LatencySummary, TimeSpan>) -> (
    name: String, latency: TimeSpan
  )? {
    var best: (name: String, latency: TimeSpan)?
    for workload in result.workloads {
      guard let latency = workload.latency?[keyPath: figure] else { continue }
      if best.map({ latency > $0.latency }) ?? true { best = (workload.name, latency) }
    }
    return best
  }

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
  /// Occurrences lost while the device was shut down, over every workload.
  public var held: Int { result.workloads.reduce(0) { $0 + $1.held } }
  /// Frames late because an app's main thread was busy, over every app (see *OS policies*).
  public var hitches: Int { result.apps.reduce(0) { $0 + $1.hitches } }
  /// Main-thread hangs, over every app.
  public var hangs: Int { result.apps.reduce(0) { $0 + $1.hangs } }
  /// Whether a workload runs on an app's main thread.
  public var usesMainThread: Bool { result.apps.contains(where: \.usesMainThread) }
  /// Wake-ups, over every component.
  public var wakeups: Int { result.components.reduce(0) { $0 + $1.wakeups } }
}

/// How much an alternative saves against the baseline, and where most of it comes from.
public struct Saving: Sendable, Equatable {
  /// The part of a component's energy a saving comes from (see *Results and accounting*).
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
  /// What the saving is measured in (see ``Comparison/measure``).
  public var measure: Measure = .energy
  /// The alternative's energy minus the baseline's (negative: a saving); for
  /// ``Measure/batteryEnergy``, the energy drawn from the battery.
  public var change: Energy
  /// For a rate measure, the alternative's average power (or battery drain) minus the
  /// baseline's; zero otherwise.
  public var powerChange: Power = .zero
  /// The change of the alternative's total energy (for ``Measure/batteryEnergy``: the charger
  /// pays for a saving of battery energy that is not a saving of energy).
  public var energyChange: Energy = .zero
  /// The change as a fraction of the baseline's figure.
  public var relativeChange: Double
  /// The component and part whose energy fell the most.
  public var component: String
  /// Which part of `component`.
  public var part: Part
  /// How much that part changed (negative).
  public var partChange: Energy

  /// The saving of `entry` against `baseline`. Components are matched by name; one missing from
  /// either side counts as zero there.
  public init(entry: ComparisonEntry, baseline: ComparisonEntry, measure: Measure = .energy) {
    label = entry.label
    self.measure = measure
    energyChange = entry.energy - baseline.energy
    switch measure {
    case .energy, .averagePower:
      change = energyChange
    case .batteryEnergy, .averageBatteryPower:
      change = (entry.batteryEnergy ?? .zero) - (baseline.batteryEnergy ?? .zero)
    }
    let mine = entry.value(measure)
    let theirs = baseline.value(measure)
    relativeChange = theirs == 0 ? 0 : (mine - theirs) / theirs
    if measure.isRate {
      // attojoules per nanosecond are nanowatts.
      powerChange = Power(nanowatts: Int64((mine - theirs).rounded()))
    }
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
