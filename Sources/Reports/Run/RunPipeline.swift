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
  /// Limit `--exact` output to this slice of the run.
  public var window: TimeRange?

  /// A request for `scenario` with no outputs.
  public init(scenario: Scenario) {
    self.scenario = scenario
  }
}

/// Runs a scenario and writes its outputs atomically: every file goes to a temporary file and
/// is renamed into place only when the run has finished and every file is complete, so a failed
/// or interrupted run leaves earlier results untouched (SPEC section 9).
public enum RunPipeline {
  /// The CSV files `--out` writes, in the order they are written.
  public static let outputFiles = [
    "summary.csv", "components.csv", "states.csv", "workloads.csv", "attribution.csv", "power.csv",
    "qos.csv",
  ]

  /// Runs `request` and returns the account.
  public static func run(_ request: RunRequest) throws -> RunResult {
    let setup = request.scenario.setup
    guard let directory = request.outputDirectory else {
      return Simulation(setup: setup).run()
    }
    let transaction = OutputTransaction()
    do {
      let powerFile = try transaction.file(at: directory + "/power.csv")
      let names = setup.device.components.map(\.name)
      let sink = try PowerCSVSink(
        file: powerFile, components: names, duration: setup.duration,
        withBattery: setup.device.battery != nil && !request.exact)
      var recording = RecordingOptions(sink: sink)
      if request.exact {
        recording.exactWindow =
          request.window
          ?? TimeRange(
            start: .start, end: Instant(nanosecondsSinceStart: setup.duration.nanoseconds))
      } else {
        recording.binWidth = request.resolution ?? BinWidth.defaultWidth(for: setup.duration)
      }
      let result = Simulation(setup: setup, recording: recording).run()
      if let failure = sink.failure { throw failure }
      let variant = request.scenario.variant
      try transaction.write(
        ResultCSV.summary(result, variant: variant), to: directory + "/summary.csv")
      try transaction.write(ResultCSV.components(result), to: directory + "/components.csv")
      try transaction.write(ResultCSV.states(result), to: directory + "/states.csv")
      try transaction.write(ResultCSV.workloads(result), to: directory + "/workloads.csv")
      try transaction.write(ResultCSV.attribution(result), to: directory + "/attribution.csv")
      try transaction.write(ResultCSV.qos(result), to: directory + "/qos.csv")
      try transaction.commit()
      return result
    } catch {
      transaction.discard()
      throw error
    }
  }
}
