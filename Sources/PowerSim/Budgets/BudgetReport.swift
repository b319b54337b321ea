public import Foundation
import Quantities

/// What checking a budgets file found: each limit's figure, and whether it holds.
///
/// ```swift
/// let report = try Budgets(contentsOf: URL(fileURLWithPath: "budgets.json")).check()
/// #expect(report.allHold, "\(report.failures)")
/// ```
public struct BudgetReport: Hashable, Sendable {
  /// The budgets file checked.
  public var file: String
  /// One result per limit, in the order of the budgets file.
  public var results: [LimitResult]

  /// Whether every limit holds (and, checked against a baseline, none regressed).
  public var allHold: Bool { results.allSatisfy(\.passes) }

  /// The limits breached or regressed.
  public var failures: [LimitResult] { results.filter { !$0.passes } }

  /// One limit, and the figure it limits.
  public struct LimitResult: Hashable, Sendable, CustomStringConvertible {
    /// The scenario file, as the budgets file names it.
    public var scenario: String
    /// The scenario file, resolved against the budgets file's directory: read it with
    /// ``Scenario/init(contentsOf:)`` to run the variant again (to write its `power.csv`).
    public var scenarioURL: URL
    /// The variant (`baseline` for the scenario itself).
    public var variant: String
    /// Whose figure: the run's, a component's, or a workload's.
    public var scope: BudgetMetric.Scope
    /// The figure limited.
    public var metric: BudgetMetric
    /// Whether the limit is a most (`max`) or a least (`min`).
    public var isMaximum: Bool
    /// The figure, in the metric's base unit (``BudgetMetric/unit``).
    public var value: Double
    /// The limit, in the same unit.
    public var limit: Double
    /// How far the figure is inside its limit, in the same unit: `limit − value` for a most,
    /// `value − limit` for a least; negative when the limit is breached.
    public var margin: Double { isMaximum ? limit - value : value - limit }
    /// Whether the figure is within its limit.
    public var holds: Bool { margin >= 0 }
    /// The figure recorded in the baseline this check was compared with, if any.
    public var baseline: Double?
    /// Whether the figure moved the wrong way (up for a most, down for a least) from
    /// ``baseline`` by more than the tolerance.
    public var regressed: Bool
    /// Whether the limit holds and the figure did not regress.
    public var passes: Bool { holds && !regressed }
    /// Where the limit is written in the budgets file (`budgets[0].max.energy`).
    public var jsonPath: String

    /// The limit and its figure in full: `scenarios/coalescing.json (coalesced):
    /// components.cellular.energy = 41.784 J, limit ≤ 45 J, margin 3.216 J: ok` (every digit
    /// of each `Double`, the margin to 15 significant digits), with the baseline when there is
    /// one.
    public var description: String {
      let unit = metric.unit.isEmpty ? "" : " " + metric.unit
      let number = { (value: Double) in DecimalFormat.exact(value) + unit }
      // The margin is a difference of two Doubles: 15 significant digits drop its rounding.
      let margin = DecimalFormat.significant(self.margin, digits: 15) + unit
      var text =
        "\(scenario) (\(variant)): \(qualifiedMetric) = \(number(value)), limit \(isMaximum ? "≤" : "≥") \(number(limit)), margin \(margin): \(status)"
      if let baseline { text += " (baseline \(number(baseline)))" }
      return text
    }

    /// `energy`, `components.cellular.energy`, `workloads.sync.latency_p99`.
    public var qualifiedMetric: String {
      scope == .run ? metric.rawValue : "\(scope).\(metric.rawValue)"
    }
  }
}
