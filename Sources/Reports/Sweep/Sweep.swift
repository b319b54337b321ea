import DeviceModels
import JSONSupport
public import Quantities
public import ScenarioFiles

/// A sweep point whose scenario is invalid: which point, with which values, and the problem.
public struct SweepPointError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The point's index.
  public var index: Int
  /// `path=value` for each parameter at the point.
  public var assignments: [String]
  /// What is wrong with the point's scenario.
  public var underlying: InputError

  /// `FILE: sweep point 3 (workloads.sync.every=-1 s): PATH: MESSAGE`.
  public var description: String {
    let point = Self.pointName(index, assignments: assignments)
    guard underlying.line == nil, let path = underlying.path, !path.isEmpty else {
      return "\(point): \(underlying)"
    }
    return "\(underlying.file): \(point): \(path): \(underlying.message)"
  }

  /// `sweep point 3 (workloads.sync.every=-1 s)`: how messages name a point.
  static func pointName(_ index: Int, assignments: [String]) -> String {
    "sweep point \(index) (\(assignments.joined(separator: ", ")))"
  }
}

/// One simulated sweep point.
public struct SweepRow: Sendable {
  /// The point's index in the whole sweep.
  public var index: Int
  /// The variant simulated.
  public var variant: String
  /// Each parameter's value at the point.
  public var values: [SweepValue]
  /// The point's total energy.
  public var energy: Energy
  /// The point's average power.
  public var averagePower: Power
  /// The point's battery life, if the device has a battery and drew from it.
  public var batteryLife: TimeSpan?
  /// The fields of `summary.csv` after its `variant`.
  public var summaryFields: [String]
  /// The point's components, in device order, and the energy of each.
  public var componentNames: [String] = []
  /// The energy of each of ``componentNames``.
  public var componentEnergies: [Energy] = []
  /// Wake-ups, over every component.
  public var wakeups = 0
  /// The largest 99th-percentile latency of any workload, if any occurrence completed.
  public var worstLatencyP99: TimeSpan?
  /// When the point's battery first ran out, if it did.
  public var ranOutAt: Instant?
  /// `sweep.csv`'s `battery_energy_mah` field: the battery energy in mAh at the nominal voltage,
  /// or empty.
  public var batteryMilliampHours = ""
}

/// Runs the points of a ``SweepPlan`` and writes `sweep.csv` (*The command line*, `sweep`).
public enum Sweep {
  /// The name of the file `sweep --out DIR` writes.
  public static let fileName = "sweep.csv"

  /// The columns of `summary.csv` that follow `index`, `variant` and the parameters' columns
  /// (its `variant` column is already the second column).
  public static let summaryColumns = [
    "duration_s", "energy_j", "average_power_w", "battery_energy_j", "battery_life_h",
    "peak_power_w", "ran_out_h", "off_h", "min_charge",
  ]

  /// Decodes every point of the plan's shard, then simulates them on up to `jobs` threads and
  /// returns their rows in index order. The rows are the same for any `jobs`.
  ///
  /// Every point is decoded before any is simulated, so an invalid point fails the sweep at
  /// once (with a ``SweepPointError`` naming the lowest invalid point), and so do points that
  /// together are estimated above the plan's event limit (a `TotalRunLimitError`: the limit
  /// holds for the shard's runs in total). `progress` is called with the number of points
  /// simulated so far and the shard's total. With `fastForward` false, every run simulates
  /// every event (`--no-fast-forward`; the rows are the same).
  public static func run(
    _ document: ScenarioDocument, plan: SweepPlan, jobs: Int = ParallelMap.defaultJobs,
    fastForward: Bool = true,
    progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
  ) throws -> [SweepRow] {
    let total = plan.shardPointCount
    // Decode every point first, so an invalid point fails the sweep before any simulation; the
    // scenarios are decoded again when run, so memory stays flat however many points there are.
    // Each point's events and largest workload; the run's name is given to the largest only.
    let estimates = try ParallelMap.map(count: total, jobs: jobs) {
      (position: Int) throws(SweepPointError) -> (Double, RunLimits.LargestWorkload?) in
      let point = try scenario(document, plan: plan, index: plan.shardIndex(at: position))
      let estimate = plan.limits.estimate(point.setup)
      return (
        estimate.events,
        RunLimits.LargestWorkload(run: "", setup: point.setup, estimate: estimate)
      )
    }
    var largest: RunLimits.LargestWorkload?
    if let position = estimates.indices.filter({ estimates[$0].1 != nil })
      .max(by: { estimates[$0].1!.events < estimates[$1].1!.events })
    {
      let index = plan.shardIndex(at: position)
      largest = estimates[position].1
      largest?.run = SweepPointError.pointName(index, assignments: assignments(plan, index))
    }
    try plan.limits.checkTotal(
      events: estimates.reduce(0) { $0 + $1.0 }, runs: total, of: "sweep", file: document.file,
      largest: largest)
    var report: (@Sendable (Int) -> Void)?
    if let progress { report = { done in progress(done, total) } }
    let maximumEvents = plan.limits.processedEventLimit
    return try ParallelMap.map(count: total, jobs: jobs, progress: report) {
      (position: Int) throws -> SweepRow in
      let index = plan.shardIndex(at: position)
      let scenario = try scenario(document, plan: plan, index: index)
      let result: RunResult
      do throws(EventLimitReached) {
        result = try Simulation(
          setup: scenario.setup, recording: RecordingOptions(fastForward: fastForward)
        ).run(maximumEvents: maximumEvents)
      } catch {
        throw EventLimitError(
          error, scenario: scenario,
          run: SweepPointError.pointName(index, assignments: assignments(plan, index)))
      }
      let summary = ResultCSV.summaryFields(result, variant: scenario.variant)
      return SweepRow(
        index: index, variant: scenario.variant,
        values: plan.values(at: index), energy: result.energy,
        averagePower: result.averagePower, batteryLife: result.battery?.life,
        summaryFields: Array(summary.dropFirst()), componentNames: result.components.map(\.name),
        componentEnergies: result.components.map(\.energy),
        wakeups: result.components.reduce(0) { $0 + $1.wakeups },
        worstLatencyP99: result.workloads.compactMap(\.latency?.p99).max(),
        ranOutAt: result.battery?.ranOutAt,
        batteryMilliampHours: ResultCSV.batteryMilliampHours(result.battery))
    }
  }

  /// `name=value` for each parameter at point `index`, as messages name them.
  static func assignments(_ plan: SweepPlan, _ index: Int) -> [String] {
    zip(plan.parameters, plan.values(at: index)).map { "\($0.name)=\($1.text)" }
  }

  /// The scenario of point `index`: the document with the point's values set, then the variant.
  public static func scenario(_ document: ScenarioDocument, plan: SweepPlan, index: Int)
    throws(SweepPointError) -> Scenario
  {
    let values = plan.values(at: index)
    let assignments = zip(plan.parameters, values).map { (path: $0.path, value: $1.json) }
    do {
      return try document.setting(assignments).scenario(
        variant: plan.variant, limits: plan.limits)
    } catch {
      throw SweepPointError(
        index: index, assignments: Self.assignments(plan, index), underlying: error)
    }
  }

  /// The components whose energies `sweep.csv` has columns for: those of point 0's device (the
  /// same for every shard, so shards' files share their header).
  public static func componentNames(_ document: ScenarioDocument, plan: SweepPlan) -> [String] {
    guard plan.pointCount > 0, let scenario = try? scenario(document, plan: plan, index: 0) else {
      return []
    }
    return scenario.setup.device.components.map(\.name)
  }

  /// `sweep.csv`: `index`, `variant`, one column per parameter, then ``summaryColumns``, then (see
  /// *The command line*) `<component>_j` for each of `components`, `wakeups`, the worst
  /// `latency_p99_s`, and for each parameter whose values carry a unit a numeric column in the base
  /// unit (`workloads.sync.every_s`), and last `battery_energy_mah`; one row per point. A shard's
  /// file has the same header, so the whole sweep is the first shard's file followed by every other
  /// shard's rows. `components` defaults to those of the rows, in order of first appearance.
  public static func csv(_ rows: [SweepRow], plan: SweepPlan, components: [String]? = nil)
    -> String
  {
    let names =
      components
      ?? rows.reduce(into: [String]()) { names, row in
        for name in row.componentNames where !names.contains(name) { names.append(name) }
      }
    let numeric = plan.parameters.map(NumericSweepColumn.init)
    var header = ["index", "variant"] + plan.parameters.map(\.name) + summaryColumns
    header += names.map { "\($0)_j" } + ["wakeups", "latency_p99_s"]
    for (parameter, column) in zip(plan.parameters, numeric) {
      if let column { header.append(parameter.name + column.suffix) }
    }
    header.append("battery_energy_mah")
    var csv = CSVWriter(header: header)
    for row in rows {
      var fields = [String(row.index), row.variant] + row.values.map(\.text) + row.summaryFields
      for name in names {
        fields.append(
          row.componentNames.firstIndex(of: name).map { Units.joules(row.componentEnergies[$0]) }
            ?? "")
      }
      fields.append(String(row.wakeups))
      fields.append(row.worstLatencyP99.map(Units.seconds) ?? "")
      for (value, column) in zip(row.values, numeric) {
        guard let column else { continue }
        fields.append(column.baseValue(value).map(Units.number) ?? "")
      }
      fields.append(row.batteryMilliampHours)
      csv.appendRow(fields)
    }
    return csv.text
  }

  /// A point's battery life, or when its battery ran out (a life never hides a flat battery).
  static func batteryText(_ row: SweepRow) -> String {
    if let ranOut = row.ranOutAt {
      return "ran out at " + Units.durationText(TimeSpan(nanoseconds: ranOut.nanosecondsSinceStart))
    }
    return row.batteryLife.map(Units.durationText) ?? "–"
  }

  /// The table `sweep` prints: each point's values, energy, average power and battery life.
  public static func table(_ rows: [SweepRow], plan: SweepPlan) -> String {
    var columns: [(title: String, alignment: TextTable.Alignment)] = [
      ("index", .right), ("variant", .left),
    ]
    columns += plan.parameters.map { ($0.name, .left) }
    columns += [("energy", .right), ("avg power", .right), ("battery life", .right)]
    var table = TextTable(columns: columns)
    for row in rows {
      table.appendRow(
        [String(row.index), row.variant] + row.values.map(\.text) + [
          Units.energyText(row.energy), Units.powerText(row.averagePower),
          batteryText(row),
        ])
    }
    return table.rendered()
  }
}
