import DeviceModels
import JSONSupport
import Quantities
import ScenarioFiles

/// The files one run writes and the recording that feeds them: `--out`'s CSV files, the
/// `--plot` SVG and the `--trace` JSON, all in one ``OutputTransaction``.
///
/// One simulation feeds them all: `power.csv` gets bins of `--resolution` (or every change with
/// `--exact`); the plot adds those bins up to its own resolution (or, without binned CSV, asks
/// for bins at its resolution), so its memory stays bounded by the plot's width; the trace gets
/// every change and every state, work item and occurrence inside `--window`.
struct RunOutputs {
  let request: RunRequest
  /// What the simulation records, and for whom.
  private(set) var recording = RecordingOptions()
  private var powerCSV: PowerCSVSink?
  private var plot: PowerSeriesRecorder?
  private var trace: TraceFile?

  /// Opens the files `request` asks for in `transaction`.
  init(request: RunRequest, transaction: OutputTransaction) throws {
    self.request = request
    recording.fastForward = request.fastForward
    let setup = request.scenario.setup
    let names = setup.device.components.map(\.name)
    let end = Instant(nanosecondsSinceStart: setup.duration.nanoseconds)
    let window = request.window ?? TimeRange(start: .start, end: end)
    var binSinks: [any PowerSeriesSink] = []
    var changeSinks: [any PowerSeriesSink] = []
    // Every path is checked before the run: none empty, none another's file or an input.
    var paths =
      try request.outputDirectory.map { directory throws(OutputError) in
        try RunPipeline.outputFiles.map { name throws(OutputError) in
          try OutputPath.file(name, in: directory)
        }
      } ?? []
    paths += [request.plotFile, request.traceFile].compactMap { $0 }
    try OutputTransaction.check(paths)
    if let directory = request.outputDirectory {
      let sink = try PowerCSVSink(
        file: try transaction.file(at: OutputPath.file("power.csv", in: directory)),
        components: names,
        duration: setup.duration, withBattery: setup.device.battery != nil)
      if request.exact {
        recording.exactWindow = window
        changeSinks.append(sink)
      } else {
        recording.binWidth = request.resolution ?? BinWidth.defaultWidth(for: setup.duration)
        binSinks.append(sink)
      }
      powerCSV = sink
    }
    if request.plotFile != nil {
      let recorder = PowerSeriesRecorder(
        components: names, duration: setup.duration, inputBinWidth: recording.binWidth)
      recording.binWidth = recorder.inputBinWidth
      binSinks.append(recorder)
      plot = recorder
    }
    if let path = request.traceFile {
      let file = TraceFile(file: try transaction.file(at: path))
      let recorder = TraceRecorder(trace: file, processName: Self.processName(request.scenario))
      // The trace covers the window's part of the run (none when it starts after the end).
      let start = min(window.start, end)
      let traced = TimeRange(start: start, end: max(start, min(window.end, end)))
      if traced.start < traced.end { recording.exactWindow = recording.exactWindow ?? traced }
      recording.activitySink = recorder
      recording.activityWindow = traced
      changeSinks.append(recorder)
      trace = file
    }
    recording.sink = PowerSeriesRouter(bins: binSinks, changes: changeSinks)
  }

  /// Completes every file from the run's `result`; the caller commits the transaction.
  func finish(_ result: RunResult, transaction: OutputTransaction) throws {
    if let failure = powerCSV?.failure { throw failure }
    let scenario = request.scenario
    if let directory = request.outputDirectory {
      let variant = scenario.variant
      let files = [
        ("summary.csv", ResultCSV.summary(result, variant: variant)),
        ("components.csv", ResultCSV.components(result)),
        ("states.csv", ResultCSV.states(result)),
        ("workloads.csv", ResultCSV.workloads(result)),
        ("attribution.csv", ResultCSV.attribution(result)),
        ("qos.csv", ResultCSV.qos(result)),
        ("apps.csv", ResultCSV.apps(result)),
      ]
      for (name, text) in files {
        try transaction.write(text, to: OutputPath.file(name, in: directory))
      }
    }
    if let plot, let path = request.plotFile {
      let series = plot.series(endStateOfCharge: result.battery?.endStateOfCharge)
      try transaction.write(
        Plot.stackedPower(
          series, title: Self.processName(scenario), subtitle: Self.subtitle(scenario, result)),
        to: path)
    }
    if let trace {
      var other = JSONObject()
      other["generator"] = .string("powersim")
      other["scenario"] = .string(scenario.name)
      other["variant"] = .string(scenario.variant)
      other["device"] = .string(scenario.deviceName)
      other["seed"] = .number(JSONNumber(literal: String(scenario.setup.seed)))
      other["duration_s"] = .number(JSONNumber(literal: Units.seconds(result.duration)))
      if let window = recording.activityWindow {
        other["window_s"] = .array([
          .number(JSONNumber(literal: Units.seconds(window.start))),
          .number(JSONNumber(literal: Units.seconds(window.end))),
        ])
      }
      try trace.finish(otherData: other)
    }
  }

  /// `Timer coalescing — baseline`: the plot's title and the trace's process.
  static func processName(_ scenario: Scenario) -> String {
    "\(scenario.name) — \(scenario.variant)"
  }

  /// `Device phone, 10 min, seed 1, peak 3.9 W, battery life 61.71 h, lowest charge 98.7%`, or
  /// `…, battery ran out at 14.29 h (off 1.712 h)`: never a battery life that hides a flat
  /// battery (see *Results and accounting*).
  static func subtitle(_ scenario: Scenario, _ result: RunResult) -> String {
    var line =
      "Device \(scenario.deviceName), \(Units.durationText(result.duration)), seed \(scenario.setup.seed)"
    line += ", peak \(Units.powerText(result.peakPower))"
    if let battery = result.battery { line += ", " + SummaryText.batteryPhrase(battery) }
    return line
  }
}
