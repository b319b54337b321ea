import DeviceImport
import DeviceModels
import JSONSupport
import Quantities
import Reports
import ScenarioFiles

/// `run --measured FILE.csv`: the measured trace beside the simulated run, its error report,
/// `measured.csv` in `--out` and a `--plot` of both.
struct MeasuredRun {
  /// The measurement, in windows of the run.
  var trace: MeasuredTrace
  /// The comparison with the simulated run.
  var comparison: MeasuredComparison
  /// The files to write once the run's own are written: `measured.csv`, the plot.
  var files: [(path: String, text: String)] = []

  /// Reads `--measured` (if given), simulates the run's windows and compares them; takes the
  /// plot over from `request` (it draws both traces instead of the stacked components).
  static func compare(
    _ arguments: ParsedArguments, document: ScenarioDocument, scenario: Scenario,
    request: inout RunRequest
  ) throws -> MeasuredRun? {
    guard let file = arguments.value("--measured") else { return nil }
    let options = try MeasuredOptions.parse(arguments, command: RunCommand.spec)
    let setup = scenario.setup
    let width = options.resolution ?? BinWidth.defaultWidth(for: setup.duration)
    var outputs: [String] = []
    if let directory = request.outputDirectory {
      outputs.append(try OutputPath.file("measured.csv", in: directory))
    }
    if let plot = request.plotFile { outputs.append(plot) }
    try OutputTransaction.check(outputs + [file])
    let voltage =
      try options.voltage ?? MeasuredTrace.batteryVoltage(of: document.resolvedDevice().json)
      ?? 3.85
    let trace = try MeasuredTrace.read(
      file, windowWidth: width.nanoseconds, duration: setup.duration.nanoseconds, voltage: voltage,
      offset: options.offset)
    // The windows' run is held to the run's limit of events processed, as the run itself is.
    let simulated: [Double]
    do {
      simulated = try SimulatedWindows.energies(
        setup, windowWidth: width.nanoseconds, maximumEvents: request.maximumEvents)
    } catch {
      throw EventLimitError(error, scenario: scenario)
    }
    var run = MeasuredRun(
      trace: trace, comparison: MeasuredComparison(trace: trace, simulated: simulated))
    if let directory = request.outputDirectory {
      run.files.append((try OutputPath.file("measured.csv", in: directory), run.comparison.csv))
    }
    if let plot = request.plotFile {
      request.plotFile = nil
      func series(_ energies: [Double]) -> PowerSeries {
        PowerSeries(
          components: ["total"], binWidth: width, duration: setup.duration,
          energies: energies.map { Energy(attojoules: Int128(($0 * 1e18).rounded())) })
      }
      run.files.append(
        (
          plot,
          Plot.powerComparison(
            [
              Plot.PowerLine(name: "measured (\(trace.format))", series: series(trace.energies)),
              Plot.PowerLine(name: "simulated", series: series(simulated)),
            ],
            title: "\(scenario.name) — \(scenario.variant): measured and simulated",
            subtitle: run.summaryLine)
        ))
    }
    return run
  }

  /// Writes `measured.csv` and the plot, each atomically.
  func writeFiles() throws {
    guard !files.isEmpty else { return }
    try OutputTransaction.write(files)
  }

  /// `Measured 12.3 J, simulated 12.9 J (+4.88%); per 1 s window: MAE 21.4 mW, MAPE 6.1%`.
  var summaryLine: String {
    let error =
      comparison.energyErrorPercent.map {
        ($0 >= 0 ? "+" : "") + DecimalFormat.fixed($0, places: 2) + "%"
      } ?? "—"
    let mae = comparison.meanAbsoluteError.map { Units.powerText(.watts($0)) } ?? "—"
    let mape =
      comparison.meanAbsolutePercentageError.map { DecimalFormat.fixed($0, places: 2) + "%" } ?? "—"
    return
      "Measured \(Units.energyText(.joules(comparison.measuredEnergy))), simulated \(Units.energyText(.joules(comparison.simulatedEnergy))) (\(error)); per \(Units.durationText(.nanoseconds(trace.windowWidth))) window: MAE \(mae), MAPE \(mape)"
  }

  /// The report printed after the run's summary.
  var text: String {
    var text =
      "\nMeasured trace (\(trace.format), \(trace.sampleCount) samples; power from \(trace.powerSource)):\n"
    text += "  \(summaryLine)\n"
    let coveredWindows = comparison.windows.count
    text +=
      "  over the \(Units.durationText(.nanoseconds(Int64((comparison.coveredSeconds * 1e9).rounded())))) the trace covers (\(coveredWindows) of \(trace.energies.count) windows)\n"
    return text
  }
}
