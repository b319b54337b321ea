public import Foundation
import JSONSupport
import Quantities
import Reports
import ScenarioFiles

/// A budgets file: for each scenario and variant, the most (and least) a run may use.
///
/// ```json
/// {
///   "budgets": [
///     {
///       "scenario": "scenarios/coalescing.json",
///       "variant": "coalesced",
///       "max": { "energy": "70 J", "peak_power": "1 W", "wakeups": 60 },
///       "min": { "battery_life": "5 d" },
///       "components": { "cellular": { "max": { "energy": "45 J" } } },
///       "workloads": { "sync": { "max": { "latency_p99": "7 s" } } }
///     }
///   ]
/// }
/// ```
///
/// Scenario paths are relative to the budgets file; limits are written as in scenario files
/// (`"70 J"`, `"120 mW"`, `"600 ms"`, `"20%"`, or a bare number in the base unit). Keys starting
/// with `x-` are notes and `$schema` names the schema; any other unknown key, metric, component
/// or workload is an error that names it.
///
/// ``check()`` runs every scenario variant the file names and compares each figure with its
/// limit; `powersim check` prints the same report.
public struct Budgets: Sendable {
  /// The budgets file, as given.
  public let file: String
  /// The budgets, in file order.
  let budgets: [Budget]
  /// The most events each run may take, as `powersim run --max-events` counts them (default
  /// 1,000,000,000): a variant estimated to take more is refused before anything runs, and a run
  /// that takes this many with events still due stops; either way ``check()`` throws and reports
  /// nothing (see the command line's article *Bad Input, Run Limits and Safe Output*).
  public var maximumEvents: Int = RunLimits.standard.processedEventLimit

  /// Reads and validates the budgets file at `url`.
  ///
  /// The scenarios it names are read when the budgets are checked.
  ///
  /// - Throws: ``PowerSimError`` naming the file, the JSON path, what was expected and what
  ///   was found: a syntax error, an unknown key or metric, a limit that is not a quantity of
  ///   the metric's kind.
  public init(contentsOf url: URL) throws(PowerSimError) {
    let path = Scenario.path(of: url)
    do {
      try self.init(json: try FileLoading.json(at: path), file: path)
    } catch {
      throw PowerSimError(error)
    }
  }

  /// The budgets of the parsed budgets file `file`.
  init(json: JSONValue, file: String) throws(InputError) {
    self.file = file
    let values = ValueReader(file: file)
    var root = try ObjectReader(
      json, at: .root, in: file, what: "a budgets file", known: ["budgets"])
    let path = root.path("budgets")
    let items = try values.array(try root.required("budgets"), path, of: "budgets")
    var budgets: [Budget] = []
    for (index, item) in items.enumerated() {
      budgets.append(try Budget(item, at: path.appending(index: index), in: file))
    }
    self.budgets = budgets
  }
}

/// One budget: a scenario variant and its limits.
struct Budget: Sendable {
  /// The scenario file as the budgets file names it.
  var scenario: String
  /// The scenario file, resolved against the budgets file's directory.
  var scenarioPath: String
  /// Where the scenario is named.
  var scenarioKeyPath: JSONPath
  /// The variant (`baseline` when not named).
  var variant: String
  /// Where the variant is named, or the budget, for errors about it.
  var variantPath: JSONPath
  /// The limits, in file order: the run's, then each component's, then each workload's.
  var limits: [Limit]

  /// The members a budget may have.
  static let keys = ["scenario", "variant", "max", "min", "components", "workloads"]

  init(_ value: JSONValue, at path: JSONPath, in file: String) throws(InputError) {
    let values = ValueReader(file: file)
    var object = try ObjectReader(value, at: path, in: file, what: "a budget", known: Self.keys)
    scenario = try values.name(try object.required("scenario"), object.path("scenario"))
    scenarioPath = FileLoading.resolve(scenario, from: file)
    scenarioKeyPath = object.path("scenario")
    if let variant = object.optional("variant") {
      self.variant = try values.name(variant, object.path("variant"))
      variantPath = object.path("variant")
    } else {
      self.variant = ScenarioDocument.baselineName
      variantPath = path
    }
    limits = try Self.limits(&object, scope: .run, in: file)
    for (key, scope) in [
      ("components", BudgetMetric.Scope.component), ("workloads", BudgetMetric.Scope.workload),
    ] {
      guard let members = object.optional(key) else { continue }
      let membersPath = object.path(key)
      guard case .object(let named) = members else {
        throw values.error(
          membersPath,
          "expected an object of limits keyed by \(key == "components" ? "component" : "workload") name, found \(members.kindPhrase)"
        )
      }
      for (name, entry) in named {
        var limitsObject = try ObjectReader(
          entry, at: membersPath.appending(key: name), in: file,
          what: key == "components" ? "a component's limits" : "a workload's limits",
          known: ["max", "min"])
        limits += try Self.limits(&limitsObject, scope: scope(name), in: file)
      }
    }
  }

  /// The `max` and `min` limits of `object`, for figures at `scope`.
  static func limits(_ object: inout ObjectReader, scope: BudgetMetric.Scope, in file: String)
    throws(InputError) -> [Limit]
  {
    var limits: [Limit] = []
    for bound in [Limit.Bound.max, .min] {
      guard let value = object.optional(bound.rawValue) else { continue }
      let names = scope.metrics.map(\.rawValue)
      let what =
        switch scope {
        case .run: "a run's \(bound.rawValue) limits"
        case .component: "a component's \(bound.rawValue) limits"
        case .workload: "a workload's \(bound.rawValue) limits"
        }
      var reader = try ObjectReader(
        value, at: object.path(bound.rawValue), in: file, what: what, known: names)
      for name in names {
        guard let limit = reader.optional(name) else { continue }
        let metric = BudgetMetric(rawValue: name)!
        limits.append(
          Limit(
            scope: scope, metric: metric, bound: bound,
            value: try Self.value(limit, of: metric, at: reader.path(name), in: file),
            path: reader.path(name)))
      }
    }
    return limits
  }

  /// A limit's value in the metric's base unit, read as scenario files read quantities.
  static func value(_ value: JSONValue, of metric: BudgetMetric, at path: JSONPath, in file: String)
    throws(InputError) -> Double
  {
    let values = ValueReader(file: file)
    return switch metric.kind {
    case .energy: Double(Units.joules(try values.energy(value, path)))!
    case .power: Double(Units.watts(try values.power(value, path)))!
    case .time: Double(Units.seconds(try values.time(value, path)))!
    case .count: Double(try values.integer(value, path, in: 0...Int.max))
    case .fraction: try values.fraction(value, path).value
    }
  }
}

/// One limit of a budget.
struct Limit: Sendable {
  /// Whether a limit is a most or a least.
  enum Bound: String, Sendable {
    case max, min
  }

  var scope: BudgetMetric.Scope
  var metric: BudgetMetric
  var bound: Bound
  /// The limit in the metric's base unit.
  var value: Double
  /// Where the limit is written.
  var path: JSONPath
}
