import DeviceModels
import Foundation
import JSONSupport
import Quantities
import ScenarioFiles

/// The reference scenarios shipped in `scenarios/`, loaded from disk and run as a user would run
/// them, so that every figure comes out of the models and the built-in profiles.
enum ReferenceScenario {
  /// The repository's root: three levels above this file (`Tests/ReferenceFigureTests/…`).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// The shipped scenario `file` (in `scenarios/`), with each value set at its dotted path
  /// before the variants apply (`device` → `"laptop"` runs it on another built-in device).
  static func document(_ file: String, setting assignments: [String: JSONValue] = [:]) throws
    -> ScenarioDocument
  {
    let document = try ScenarioDocument.load(root + "/scenarios/" + file)
    return try document.setting(
      assignments.sorted { $0.key < $1.key }.map { (JSONPath(dotted: $0.key)!, $0.value) })
  }

  /// Runs `variant` of `document`.
  static func run(_ document: ScenarioDocument, _ variant: String = "baseline") throws
    -> RunResult
  {
    Simulation(setup: try document.scenario(variant: variant).setup).run()
  }

  /// Runs `variant` of `document` recording every change of power, and returns the result with
  /// the highest whole-device power held for a non-zero time.
  static func runWithPeak(_ document: ScenarioDocument, _ variant: String) throws -> (
    result: RunResult, peak: Power
  ) {
    let setup = try document.scenario(variant: variant).setup
    let collector = PowerSeriesCollector()
    let whole = TimeRange(
      start: .start, end: Instant(nanosecondsSinceStart: setup.duration.nanoseconds))
    let result = Simulation(
      setup: setup, recording: RecordingOptions(exactWindow: whole, sink: collector)
    ).run()
    guard let changes = collector.changes else { return (result, .zero) }
    let width = changes.componentCount
    var peak: Int64 = 0
    for row in changes.times.indices {
      let until =
        row + 1 < changes.times.count ? changes.times[row + 1] : whole.end.nanosecondsSinceStart
      guard until > changes.times[row] else { continue }
      peak = max(peak, changes.powers[row * width..<(row + 1) * width].reduce(0, +))
    }
    return (result, Power(nanowatts: peak))
  }
}

extension RunResult {
  /// The component named `name`.
  func component(_ name: String) -> ComponentResult {
    components.first { $0.name == name }!
  }

  /// The workload named `name`.
  func workload(_ name: String) -> WorkloadResult {
    workloads.first { $0.name == name }!
  }

  /// Fixed cost of the whole device: the sum over components.
  var fixed: Energy { components.map(\.fixed).reduce(.zero, +) }

  /// Dynamic cost of the whole device: the sum over components.
  var dynamic: Energy { components.map(\.dynamic).reduce(.zero, +) }

  /// Energy drawn from the battery.
  var batteryDrain: Energy { battery!.drawnEnergy }
}

/// `(new − old) ÷ old`: the relative change from `old` to `new`.
func relativeChange(from old: Energy, to new: Energy) -> Double {
  (new.joules - old.joules) / old.joules
}
