public import DeviceModels
public import ScenarioFiles

/// A run stopped by its limit of events processed (`--max-events`, see *Bad Input, Run Limits
/// and Safe Output*): the estimate let it start — counting on a steady state the fast-forward
/// would skip, or missing work the device does on its own — and it took every event it was
/// allowed with events still due. Nothing of it is written.
public struct EventLimitError: Error, Sendable, CustomStringConvertible {
  /// The scenario file.
  public var file: String
  /// The run, as the message names it (`the baseline`, `the variant "fast"`, `sweep point 3
  /// (seed=3)`).
  public var run: String
  /// Where it stopped.
  public var stop: EventLimitReached

  /// The error of `scenario`'s run, named `run` (by default its variant).
  public init(_ stop: EventLimitReached, scenario: Scenario, run: String? = nil) {
    file = scenario.file
    self.run = run ?? Self.runName(variant: scenario.variant)
    self.stop = stop
  }

  /// `the baseline`, or `the variant "fast"`.
  public static func runName(variant: String) -> String {
    variant == ScenarioDocument.baselineName ? "the baseline" : "the variant \"\(variant)\""
  }

  /// `the run of the baseline stopped after 1000000000 events, …`: the message without the file.
  public var message: String {
    let limit = String(stop.maximumEvents)
    let reached = Units.durationText(stop.simulated)
    let duration = Units.durationText(stop.duration)
    return
      "the run of \(run) stopped after \(limit) events, as many as a run may take, at \(reached) of its \(duration): it took more than its estimate counted (the fast-forward skipped less, or the device did more, than the scenario's structure foretold); nothing was written; shorten \"duration\", or raise the limit with --max-events"
  }

  /// `FILE: the run of the baseline stopped after 1000000000 events, …`.
  public var description: String { "\(file): \(message)" }
}
