public import Foundation
import JSONSupport
import Quantities
import Reports
import ScenarioFiles

extension Budgets {
  /// Runs every scenario variant the budgets name and compares each figure with its limit.
  ///
  /// Each variant runs once however many budgets name it; different variants run in parallel.
  /// The report lists the limits in file order whatever the number of threads.
  ///
  /// - Throws: ``PowerSimError`` on input errors only — a scenario that cannot be read or run,
  ///   a variant, component or workload the scenario lacks, a figure the run does not have (a
  ///   battery's for a device without one), a run beyond ``maximumEvents`` — never because a
  ///   limit is breached.
  public func check() throws(PowerSimError) -> BudgetReport {
    try check(baseline: nil, tolerance: 0)
  }

  /// Checks the budgets as ``check()`` does, and also fails every figure that moved the wrong
  /// way — up for a `max` limit, down for a `min` one — by more than `tolerance` (`0.01` for
  /// 1%) from the value recorded in the baseline file at `baseline`.
  ///
  /// The baseline file is one `powersim check --record` wrote (see ``BudgetReport``). A limit
  /// the baseline has no value for is not compared.
  ///
  /// - Throws: ``PowerSimError`` for the reasons ``check()`` throws, and when the baseline
  ///   file cannot be read or is not a record of values.
  public func check(against baseline: URL, tolerance: Double) throws(PowerSimError)
    -> BudgetReport
  {
    let recorded: BudgetRecord
    do {
      recorded = try BudgetRecord(contentsOf: Scenario.path(of: baseline))
    } catch {
      throw PowerSimError(error)
    }
    return try check(baseline: recorded, tolerance: tolerance)
  }

  /// The report, compared with `baseline` when given.
  func check(baseline: BudgetRecord?, tolerance: Double) throws(PowerSimError) -> BudgetReport {
    let runs = try RunPlan(budgets, file: file, maximumEvents: maximumEvents)
    let results: [SimulationResult]
    do {
      results = try ParallelMap.map(count: runs.variants.count, jobs: ParallelMap.defaultJobs) {
        index throws(PowerSimError) in
        try runs.variants[index].run()
      }
    }
    var report = BudgetReport(file: file, results: [])
    for (budget, run) in zip(budgets, runs.runOfBudget) {
      let result = results[run]
      for limit in budget.limits {
        let value = try figure(limit, of: result, budget: budget)
        let key = BudgetRecord.Key(
          scenario: budget.scenario, variant: budget.variant, scope: limit.scope,
          metric: limit.metric)
        let recorded = baseline?.values[key]
        var regressed = false
        if let recorded {
          let allowance = abs(recorded) * tolerance
          regressed =
            limit.bound == .max ? value > recorded + allowance : value < recorded - allowance
        }
        report.results.append(
          BudgetReport.LimitResult(
            scenario: budget.scenario, scenarioURL: URL(fileURLWithPath: budget.scenarioPath),
            variant: budget.variant, scope: limit.scope, metric: limit.metric,
            isMaximum: limit.bound == .max, value: value,
            limit: limit.value, baseline: recorded, regressed: regressed,
            jsonPath: limit.path.description))
      }
    }
    return report
  }

  /// The figure `limit` limits, from `result`; an error, at the limit, when the run has none.
  private func figure(_ limit: Limit, of result: SimulationResult, budget: Budget)
    throws(PowerSimError) -> Double
  {
    let missing = { (reason: String) in
      PowerSimError(file: file, jsonPath: limit.path.description, message: reason)
    }
    let scenario = "\(budget.scenario) (\(budget.variant))"
    switch limit.scope {
    case .run:
      switch limit.metric {
      case .energy: return result.energy.joules
      case .averagePower: return result.averagePower.watts
      case .peakPower: return result.peakPower.watts
      case .wakeups: return Double(result.wakeups)
      case .latencyP99:
        let worst = result.workloads.values.compactMap { $0.latency?.p99.seconds }.max()
        guard let worst else {
          throw missing("\(scenario) has no latency to limit: no workload finished an occurrence")
        }
        return worst
      case .batteryEnergy, .batteryLife, .minCharge:
        guard let battery = result.battery else {
          throw missing(
            "\(scenario) has no \(limit.metric.rawValue) to limit: its device has no battery")
        }
        switch limit.metric {
        case .batteryEnergy: return battery.energy.joules
        case .minCharge: return battery.minimumCharge
        default:
          guard let life = battery.life ?? battery.ranOutAt else {
            throw missing(
              "\(scenario) has no battery life to limit: the device is never unplugged")
          }
          return life.seconds
        }
      default: preconditionFailure("\(limit.metric) is not a run's metric")
      }
    case .component(let name):
      let component = result.components[name]!
      switch limit.metric {
      case .energy: return component.energy.joules
      case .floor: return component.floor.joules
      case .fixed: return component.fixed.joules
      case .dynamic: return component.dynamic.joules
      case .averagePower: return component.averagePower.watts
      case .wakeups: return Double(component.wakeups)
      default: preconditionFailure("\(limit.metric) is not a component's metric")
      }
    case .workload(let name):
      let workload = result.workloads[name]!
      switch limit.metric {
      case .energy: return workload.energy.joules
      case .occurrences: return Double(workload.occurrences)
      case .droppedFrames: return Double(workload.droppedFrames)
      case .unfinished: return Double(workload.unfinished)
      case .heldAwake: return workload.heldAwake.seconds
      case .latencyP50, .latencyP99, .latencyMax:
        guard let latency = workload.latency else {
          throw missing(
            "\(scenario) has no latency of workload \(ValueExcerpt.quoted(name)) to limit: it finished no occurrence"
          )
        }
        return switch limit.metric {
        case .latencyP50: latency.p50.seconds
        case .latencyP99: latency.p99.seconds
        default: latency.max.seconds
        }
      default: preconditionFailure("\(limit.metric) is not a workload's metric")
      }
    }
  }
}

/// The runs a budgets file needs: each scenario read once, each variant decoded and checked
/// (its components and workloads against the budgets' names) before anything runs.
struct RunPlan {
  /// Each distinct scenario variant, in order of first mention.
  var variants: [VariantRun] = []
  /// For each budget, the index of its run in ``variants``.
  var runOfBudget: [Int] = []

  /// The plan of `budgets`, each variant estimated to take at most `maximumEvents` events and
  /// run to take at most that many.
  init(_ budgets: [Budget], file: String, maximumEvents: Int) throws(PowerSimError) {
    let limits = RunLimits(maximumEvents: Double(maximumEvents))
    var scenarios: [String: Scenario] = [:]
    var indices: [String: [String: Int]] = [:]
    for budget in budgets {
      if let index = indices[budget.scenarioPath]?[budget.variant] {
        runOfBudget.append(index)
        continue
      }
      let scenario: Scenario
      if let read = scenarios[budget.scenarioPath] {
        scenario = read
      } else {
        do {
          scenario = try Scenario(path: budget.scenarioPath)
        } catch
          where error.file == budget.scenarioPath && error.line == nil
          && error.jsonPath == nil && error.message.hasPrefix("cannot read the file")
        {
          // A scenario that cannot be read is the budgets file's mistake: say where it is named.
          throw PowerSimError(
            file: file, jsonPath: budget.scenarioKeyPath.description,
            message: "cannot read the scenario \(budget.scenarioPath)"
              + error.message.dropFirst("cannot read the file".count))
        }
        scenarios[budget.scenarioPath] = scenario
      }
      let all = [ScenarioDocument.baselineName] + scenario.variants
      guard all.contains(budget.variant) else {
        var message =
          "\(budget.scenario) has no variant \(ValueExcerpt.quoted(budget.variant)) (it has \(listing(all, conjunction: "and")))"
        if let suggestion = closestMatch(to: budget.variant, among: all) {
          message += "; did you mean \"\(suggestion)\"?"
        }
        throw PowerSimError(file: file, jsonPath: budget.variantPath.description, message: message)
      }
      let decoded = try scenario.decoded(budget.variant, limits: limits)
      let components = decoded.setup.device.components.map(\.name)
      let workloads = decoded.setup.workloads.map(\.name)
      for limit in budget.limits {
        let (kind, name, names): (String, String, [String])
        switch limit.scope {
        case .run: continue
        case .component(let component): (kind, name, names) = ("component", component, components)
        case .workload(let workload): (kind, name, names) = ("workload", workload, workloads)
        }
        guard !names.contains(name) else { continue }
        var message =
          "\(budget.scenario) (\(budget.variant)) has no \(kind) \(ValueExcerpt.quoted(name))"
        if let suggestion = closestMatch(to: name, among: names) {
          message += " (did you mean \"\(suggestion)\"?)"
        } else {
          message += " (it has \(listing(names, conjunction: "and")))"
        }
        let scopePath = JSONPath(Array(limit.path.components.dropLast(2)))
        throw PowerSimError(file: file, jsonPath: scopePath.description, message: message)
      }
      indices[budget.scenarioPath, default: [:]][budget.variant] = variants.count
      runOfBudget.append(variants.count)
      variants.append(VariantRun(scenario: decoded, maximumEvents: maximumEvents))
    }
  }
}

/// One scenario variant to run for the budgets, decoded.
struct VariantRun: Sendable {
  var scenario: ScenarioFiles.Scenario
  /// The most events the run may take off its event queue.
  var maximumEvents: Int

  func run() throws(PowerSimError) -> SimulationResult {
    try Scenario.run(Scenario.request(scenario, maximumEvents: maximumEvents))
  }
}
