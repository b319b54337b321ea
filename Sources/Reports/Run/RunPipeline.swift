public import DeviceModels
public import Quantities
public import ScenarioFiles

/// What `powersim run` was asked to produce besides the summary.
public struct RunRequest: Sendable {
  /// The scenario variant to simulate.
  public var scenario: Scenario
  /// Where to write the CSV files, if anywhere.
  public var outputDirectory: String?
  /// Bin width of `power.csv` (`nil`: chosen for about 10,000 rows).
  public var resolution: TimeSpan?
  /// Write every change instead of bins.
  public var exact = false
  /// Limit `--exact` and `--trace` output to this slice of the run.
  public var window: TimeRange?
  /// Where to draw power over time as SVG (`--plot`), if anywhere.
  public var plotFile: String?
  /// Where to write the Chrome/Perfetto trace (`--trace`), if anywhere.
  public var traceFile: String?
  /// Whether the run skips whole periods of a steady state (see *The fast-forward*); `false`
  /// simulates every event (`--no-fast-forward`). The results are byte-identical either way.
  public var fastForward = true
  /// The most events the run may take off the event queue (`--max-events`; `Int.max`: no
  /// limit): a run that reaches it with events still due stops, writes nothing and throws an
  /// ``EventLimitError``.
  public var maximumEvents = Int.max
  /// Told the simulated time reached, a hundred times over the run (for a progress line).
  public var progress: (@Sendable (_ simulated: TimeSpan) -> Void)?

  /// Whether the request writes any file.
  public var writesFiles: Bool { outputDirectory != nil || plotFile != nil || traceFile != nil }

  /// A request for `scenario` with no outputs.
  public init(scenario: Scenario) {
    self.scenario = scenario
  }
}

/// Runs a scenario and writes its outputs atomically: every file goes to a temporary file and is
/// renamed into place only when the run has finished and every file is complete, so a failed or
/// interrupted run leaves earlier results untouched (see *Bad Input, Run Limits and Safe Output*).
public enum RunPipeline {
  /// The CSV files `--out` writes, in the order they are written.
  public static let outputFiles = [
    "summary.csv", "components.csv", "states.csv", "workloads.csv", "attribution.csv", "power.csv",
    "qos.csv",
  ]

  /// Runs `request`, writes the files it asks for, and returns the account.
  public static func run(_ request: RunRequest) throws -> RunResult {
    let setup = request.scenario.setup
    guard request.writesFiles else {
      return try simulate(
        Simulation(setup: setup, recording: RecordingOptions(fastForward: request.fastForward)),
        request)
    }
    let transaction = OutputTransaction()
    do {
      let outputs = try RunOutputs(request: request, transaction: transaction)
      let result = try simulate(Simulation(setup: setup, recording: outputs.recording), request)
      try outputs.finish(result, transaction: transaction)
      try transaction.commit()
      return result
    } catch {
      transaction.discard()
      throw error
    }
  }

  /// Runs `simulation` under the request's event limit.
  private static func simulate(_ simulation: Simulation, _ request: RunRequest)
    throws(EventLimitError) -> RunResult
  {
    do {
      return try simulation.run(maximumEvents: request.maximumEvents, progress: request.progress)
    } catch {
      throw EventLimitError(error, scenario: request.scenario)
    }
  }
}
