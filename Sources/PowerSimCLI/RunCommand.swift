import DeviceModels
import JSONSupport
import Quantities
import Reports
import ScenarioFiles

/// `powersim run`: simulates one variant and prints its account.
enum RunCommand: Command {
  static let spec = CommandSpec(
    name: "run",
    abstract: "Simulates a scenario and prints its energy account.",
    discussion: """
      Simulates the baseline of SCENARIO (or the variant named with --variant) and prints the \
      energy per component with its share and its floor, fixed and dynamic parts, the workloads \
      that cost most, their latency, and battery life. When the run takes longer than half a \
      second and standard error is a terminal, a progress line goes there.
      """,
    arguments: [ArgumentSpec(name: "SCENARIO", help: "The scenario file to simulate.")],
    options: [
      OptionSpec(
        name: "--variant", valueName: "NAME",
        help: "Simulates this variant instead of the baseline."),
      OptionSpec(
        name: "--out", valueName: "DIR",
        help:
          "Writes summary.csv, components.csv, states.csv, workloads.csv, attribution.csv, power.csv, qos.csv and apps.csv into this directory."
      ),
      OptionSpec(
        name: "--resolution", valueName: "DUR",
        help:
          "Sets the width of the bins of power.csv, such as \"1 s\" (default: about 10,000 rows)."),
      OptionSpec(
        name: "--exact", help: "Writes every change of power to power.csv instead of bins."),
      OptionSpec(
        name: "--window", valueName: "FROM,TO",
        help:
          "Limits --exact and --trace output to a slice of the run: \"1 h,2 h\" is the second hour."
      ),
      OptionSpec(name: "--json", help: "Prints the summary as JSON instead of a table."),
      OptionSpec(
        name: "--no-fast-forward",
        help:
          "Simulates every event instead of skipping whole periods of a steady state (the results are the same)."
      ),
      OptionSpec(
        name: "--plot", valueName: "FILE.svg",
        help:
          "Draws power over time, stacked by component, as an SVG file (- writes it to standard output instead of the summary)."
      ),
      OptionSpec(
        name: "--trace", valueName: "FILE.json",
        help:
          "Writes a Chrome/Perfetto trace with a track per component and a slice per state and work item (- writes it to standard output)."
      ),
      OptionSpec(
        name: "--measured", valueName: "FILE.csv",
        help:
          "Compares the run with a measured power trace (time_s,power_w, or a Monsoon, PPK2 or Joulescope export): energy error and, per window of --resolution, MAE and MAPE."
      ),
      OptionSpec(
        name: "--measured-voltage", valueName: "V",
        help:
          "Multiplies a measured trace of current alone by this voltage (default: the battery's nominal voltage, else 3.85 V)."
      ),
      OptionSpec(
        name: "--measured-offset", valueName: "DUR",
        help:
          "Skips this much of the measured trace: its time DUR after its first sample is the run's time 0."
      ),
      RunLimitsOption.spec,
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    // Options are validated before the scenario is read, so a usage error is reported as one.
    let exact = arguments.flags.contains("--exact")
    let resolution = try arguments.value("--resolution").map { text throws(UsageError) in
      try parseDuration(text, option: "--resolution")
    }
    let window = try arguments.value("--window").map { text throws(UsageError) in
      try parseWindow(text)
    }
    if exact && resolution != nil {
      throw UsageError(message: "--exact and --resolution cannot be used together", command: spec)
    }
    try checkOptionsTakeEffect(arguments)
    let writesToStandardOutput = [arguments.value("--plot"), arguments.value("--trace")]
      .contains { $0.map(OutputPath.isStandardOutput) ?? false }
    if writesToStandardOutput && arguments.flags.contains("--json") {
      throw UsageError(
        message: "--json prints to standard output, which --plot or --trace already writes to",
        command: spec)
    }
    // The document holds the file's JSON tree, about as large as the run's own state: it is
    // released before the run (see *The fast-forward*, on memory per workload).
    let (scenario, prepared, measured) = try decodedRequest(
      arguments, console: console, exact: exact, resolution: resolution, window: window)
    // The document's tree is freed: its pages go back before the run allocates its own.
    FreedMemory.returnToSystem()
    var request = prepared
    let progress = ProgressLine.forTerminal(console, delay: .milliseconds(500))
    if let progress {
      let total = scenario.setup.duration
      let totalText = Units.durationText(total)
      request.progress = { simulated in
        let percent = Int128(simulated.nanoseconds) * 100 / Int128(max(1, total.nanoseconds))
        progress.show("run: \(percent)% of \(totalText) simulated")
      }
    }
    let result: RunResult
    do {
      defer { progress?.finish() }
      result = try RunPipeline.run(request)
    }
    try measured?.writeFiles()
    // A file written to standard output (`--plot -`) takes it whole: the summary stays off it.
    if writesToStandardOutput { return ExitStatus.success }
    if arguments.flags.contains("--json") {
      ResultJSON.writeSummary(
        result, variant: scenario.variant,
        measured: measured.map { $0.comparison.json(format: $0.trace.format) },
        to: console.write)
      console.write("\n")
    } else {
      console.write(SummaryText.render(result, scenario: scenario))
      if let measured { console.write(measured.text) }
    }
    return ExitStatus.success
  }

  /// Reads and decodes the scenario file, prints its warnings, checks the options against it and
  /// reads `--measured`: the run's request, and the document is released when this returns.
  private static func decodedRequest(
    _ arguments: ParsedArguments, console: Console, exact: Bool, resolution: TimeSpan?,
    window: TimeRange?
  ) throws -> (Scenario, RunRequest, MeasuredRun?) {
    let document = try ScenarioDocument.load(arguments.positionals[0])
    let limits = try RunLimitsOption.limits(arguments, command: spec)
    let scenario = try document.scenario(
      variant: arguments.value("--variant") ?? ScenarioDocument.baselineName, limits: limits)
    console.writeWarnings([scenario])
    var request = RunRequest(scenario: scenario)
    request.outputDirectory = arguments.value("--out")
    request.exact = exact
    request.fastForward = !arguments.flags.contains("--no-fast-forward")
    request.maximumEvents = limits.processedEventLimit
    if let resolution {
      try checkRows(
        resolution, text: arguments.value("--resolution") ?? "", duration: scenario.setup.duration)
    }
    request.resolution = resolution
    request.window = window
    request.plotFile = arguments.value("--plot")
    request.traceFile = arguments.value("--trace")
    if let window, window.start.nanosecondsSinceStart >= scenario.setup.duration.nanoseconds {
      throw UsageError(
        message:
          "--window: expected a window that starts before the run ends (\(Units.durationText(scenario.setup.duration))), found \"\(arguments.value("--window") ?? "")\"",
        command: spec)
    }
    try checkOutputSize(request)
    let measured = try MeasuredRun.compare(
      arguments, document: document, scenario: scenario, request: &request)
    return (scenario, request, measured)
  }

  /// The most bytes `--exact` may be estimated to write to `power.csv`.
  static let maximumExactBytes = 1e9
  /// The most bytes `--trace` may be estimated to write (see *The command line*).
  static let maximumTraceBytes = 2e8

  /// Refuses, before the run, an `--exact` `power.csv` estimated above 1 GB or a `--trace`
  /// estimated above 200 MB, naming `--window` (and `--resolution`), the workload with the most
  /// events in the slice written and how to make it run less (see `OutputSizeEstimate`: the
  /// estimate counts only the slice written, and in it only what runs).
  static func checkOutputSize(_ request: RunRequest) throws(UsageError) {
    guard request.exact && request.outputDirectory != nil || request.traceFile != nil else {
      return
    }
    let setup = request.scenario.setup
    let estimate = OutputSizeEstimate(setup, window: request.window)
    let events = Int(estimate.run.events.rounded())
    let slice = request.window == nil ? "a run" : "a slice"
    let clause = estimate.largestWorkloadClause(setup)
    let from = clause.map { ", \($0.share)" } ?? ""
    let advice = clause.map { "; \($0.advice)" } ?? ""
    if request.exact && request.outputDirectory != nil
      && estimate.exactPowerCSVBytes > maximumExactBytes
    {
      throw UsageError(
        message:
          "--exact: power.csv would be about \(sizeText(estimate.exactPowerCSVBytes)) (a row per change, over \(slice) estimated at \(events) events\(from)), more than 1 GB; limit it to a slice of the run with --window, or write bins with --resolution instead\(advice)",
        command: spec)
    }
    if request.traceFile != nil && estimate.traceBytes > maximumTraceBytes {
      throw UsageError(
        message:
          "--trace: the trace would be about \(sizeText(estimate.traceBytes)) (over \(slice) estimated at \(events) events\(from)), more than 200 MB; limit it to a slice of the run with --window\(advice)",
        command: spec)
    }
  }

  /// `3.1 GB`, `0.4 GB` or `250 MB`: bytes to one decimal of a gigabyte, or in whole megabytes
  /// below a gigabyte, the same in every locale.
  static func sizeText(_ bytes: Double) -> String {
    if bytes < 1e9 { return "\(Int((bytes / 1e6).rounded())) MB" }
    let tenths = (bytes / 1e8).rounded()
    guard tenths < 1e15 else { return "more than 1e6 TB" }
    let whole = Int(tenths) / 10
    return "\(whole).\(Int(tenths) % 10) GB"
  }

  /// A duration given on the command line.
  static func parseDuration(_ text: String, option: String) throws(UsageError) -> TimeSpan {
    do {
      let span = try QuantityParser.time(.text(text))
      guard span > .zero else {
        throw UsageError(
          message: "\(option): expected a duration greater than zero, found \"\(text)\"",
          command: spec)
      }
      return span
    } catch let error as QuantityError {
      throw UsageError(message: "\(option): \(error.message)", command: spec)
    } catch {
      throw error as! UsageError
    }
  }

  /// Refuses options that would do nothing (see *The command line*): `--resolution` and `--exact`
  /// shape `power.csv`, which only `--out` writes; `--window` slices `--exact` and `--trace`
  /// output. A usage error rather than a warning: an option a user typed and that is silently
  /// ignored is a result they believe they have and do not.
  static func checkOptionsTakeEffect(_ arguments: ParsedArguments) throws(UsageError) {
    let hasOut = arguments.value("--out") != nil
    for option in ["--measured-voltage", "--measured-offset"]
    where arguments.value(option) != nil && arguments.value("--measured") == nil {
      throw UsageError(
        message: "\(option) applies to --measured; add --measured FILE.csv", command: spec)
    }
    if arguments.value("--resolution") != nil && !hasOut && arguments.value("--measured") == nil {
      throw UsageError(
        message: "--resolution sets the bins of power.csv, which only --out DIR writes; add --out",
        command: spec)
    }
    if arguments.flags.contains("--exact") && !hasOut {
      throw UsageError(
        message: "--exact writes every change to power.csv, which only --out DIR writes; add --out",
        command: spec)
    }
    if arguments.value("--window") != nil && !arguments.flags.contains("--exact")
      && arguments.value("--trace") == nil
    {
      throw UsageError(
        message: "--window limits the output of --exact and --trace; add one of them",
        command: spec)
    }
  }

  /// Refuses a `--resolution` that would write more than `BinWidth.maximumRequestedBins` rows.
  static func checkRows(_ resolution: TimeSpan, text: String, duration: TimeSpan)
    throws(UsageError)
  {
    let maximum = BinWidth.maximumRequestedBins
    let rows = duration.nanoseconds / resolution.nanoseconds
    guard rows > maximum else { return }
    let smallest = BinWidth.defaultWidth(for: duration, maximumBins: maximum)
    throw UsageError(
      message:
        "--resolution: \"\(text)\" would cut the run of \(duration) into more than 10,000,000 rows of power.csv; choose \"\(smallest)\" or more",
      command: spec)
  }

  /// `FROM,TO`.
  static func parseWindow(_ text: String) throws(UsageError) -> TimeRange {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      throw UsageError(
        message: "--window: expected FROM,TO such as \"1 h,2 h\", found \"\(text)\"", command: spec)
    }
    let from = try parseTime(String(parts[0]))
    let to = try parseTime(String(parts[1]))
    guard from < to else {
      throw UsageError(
        message: "--window: expected FROM before TO, found \"\(text)\"", command: spec)
    }
    return TimeRange(
      start: Instant(nanosecondsSinceStart: from.nanoseconds),
      end: Instant(nanosecondsSinceStart: to.nanoseconds))
  }

  private static func parseTime(_ text: String) throws(UsageError) -> TimeSpan {
    do {
      return try QuantityParser.time(.text(text))
    } catch {
      throw UsageError(message: "--window: \(error.message)", command: spec)
    }
  }
}
