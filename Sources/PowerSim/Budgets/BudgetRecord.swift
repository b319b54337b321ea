import JSONSupport
import Quantities
import ScenarioFiles

/// The values of a check, as `powersim check --record` writes them and `--against` reads them:
/// `{ "values": [ { "scenario", "variant", "scope", "metric", "value" } ] }`, values in base
/// units.
struct BudgetRecord {
  /// What a recorded value is a value of.
  struct Key: Hashable {
    var scenario: String
    var variant: String
    var scope: BudgetMetric.Scope
    var metric: BudgetMetric
  }

  /// The recorded values.
  var values: [Key: Double] = [:]

  /// Reads the record at `path`.
  init(contentsOf path: String) throws(InputError) {
    let values = ValueReader(file: path)
    var root = try ObjectReader(
      try FileLoading.json(at: path), at: .root, in: path, what: "a record of checked values",
      known: ["values"])
    let itemsPath = root.path("values")
    let items = try values.array(try root.required("values"), itemsPath, of: "recorded values")
    for (index, item) in items.enumerated() {
      let itemPath = itemsPath.appending(index: index)
      var entry = try ObjectReader(
        item, at: itemPath, in: path, what: "a recorded value",
        known: ["scenario", "variant", "scope", "metric", "value"])
      let scopeText = try values.string(try entry.required("scope"), entry.path("scope"))
      guard let scope = BudgetMetric.Scope(recorded: scopeText) else {
        throw values.error(
          entry.path("scope"),
          "expected \"run\", \"components.NAME\" or \"workloads.NAME\", found \(ValueExcerpt.quoted(scopeText))"
        )
      }
      let metricText = try values.string(try entry.required("metric"), entry.path("metric"))
      guard let metric = BudgetMetric(rawValue: metricText), scope.metrics.contains(metric) else {
        throw values.error(
          entry.path("metric"),
          "expected one of \(listing(scope.metrics.map(\.rawValue), conjunction: "or")), found \(ValueExcerpt.quoted(metricText))"
        )
      }
      let valuePath = entry.path("value")
      guard case .number(let number) = try entry.required("value"), number.doubleValue.isFinite
      else {
        throw values.error(valuePath, "expected a number in the metric's base unit")
      }
      let key = Key(
        scenario: try values.string(try entry.required("scenario"), entry.path("scenario")),
        variant: try values.string(try entry.required("variant"), entry.path("variant")),
        scope: scope, metric: metric)
      self.values[key] = number.doubleValue
    }
  }
}

extension BudgetReport {
  /// The record of this report's values (`--record`): one entry per limit's figure, each
  /// figure once, in file order.
  package var recordJSON: String {
    var seen = Set<BudgetRecord.Key>()
    var entries: [JSONValue] = []
    for result in results {
      let key = BudgetRecord.Key(
        scenario: result.scenario, variant: result.variant, scope: result.scope,
        metric: result.metric)
      guard seen.insert(key).inserted else { continue }
      var entry = JSONObject()
      entry["scenario"] = .string(result.scenario)
      entry["variant"] = .string(result.variant)
      entry["scope"] = .string(result.scope.description)
      entry["metric"] = .string(result.metric.rawValue)
      entry["value"] = .number(JSONNumber(result.value))
      entries.append(.object(entry))
    }
    var root = JSONObject()
    root["values"] = .array(entries)
    return JSONValue.object(root).serialized(pretty: true) + "\n"
  }
}
