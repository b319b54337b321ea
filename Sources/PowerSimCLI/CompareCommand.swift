import JSONSupport
import Reports
import ScenarioFiles

/// `powersim compare`: simulates design alternatives and prints them side by side.
enum CompareCommand: Command {
  static let spec = CommandSpec(
    name: "compare",
    abstract: "Compares design alternatives: the variants of a scenario, or several scenarios.",
    discussion: """
      With one SCENARIO, simulates its baseline and every variant; with several, simulates the \
      baseline of each, the first file being the baseline. Prints the alternative that saves \
      the most energy, then a table with one column per alternative: energy per component, the \
      total with its floor, fixed and dynamic parts, battery life and the latency cost (worst \
      p99 and maximum latency, dropped frames, deadline misses, unfinished occurrences), each \
      with its change against the baseline. Alternatives run in parallel; the results are the \
      same as one at a time. When they take longer than half a second and standard error is a \
      terminal, a progress line goes there.
      """,
    arguments: [
      ArgumentSpec(
        name: "SCENARIO",
        help: "The scenario file whose variants to compare, or several files to compare.",
        isVariadic: true)
    ],
    options: [
      OptionSpec(
        name: "--out", valueName: "DIR",
        help: "Writes the table as compare.csv, one row per alternative, into this directory."),
      OptionSpec(
        name: "--plot", valueName: "FILE.svg",
        help: "Draws the alternatives' total power over time, overlaid, as an SVG file."),
      OptionSpec(
        name: "--jobs", valueName: "N",
        help: "Simulates up to N alternatives at once (default: every core)."),
      OptionSpec(
        name: "--no-fast-forward",
        help:
          "Simulates every event instead of skipping whole periods of a steady state (the results are the same)."
      ),
      RunLimitsOption.spec,
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let jobs = try parseJobs(arguments.value("--jobs"), command: spec)
    let files = arguments.positionals
    let limits = try RunLimitsOption.limits(arguments, command: spec)
    var alternatives: [Alternative] = []
    // The header names scenarios, devices, labels and files as the tables do: escaped.
    let shown = JSONText.printable
    var header: String
    if files.count == 1 {
      let document = try ScenarioDocument.load(files[0])
      for variant in document.variantNames {
        alternatives.append(
          Alternative(
            label: variant, scenario: try document.scenario(variant: variant, limits: limits)))
      }
      let baseline = alternatives[0].scenario
      let count = alternatives.count
      header =
        "\(shown(baseline.name))\n  device \(shown(baseline.deviceName)), \(Units.durationText(baseline.setup.duration)), "
        + "\(count) alternative\(count == 1 ? "" : "s")\n"
    } else {
      let labels = labels(for: files)
      header = "\(files.count) scenarios, the first the baseline\n"
      for (file, label) in zip(files, labels) {
        let scenario = try ScenarioDocument.load(file).scenario(limits: limits)
        alternatives.append(Alternative(label: label, scenario: scenario))
        header +=
          "  \(shown(label)): \(shown(file)) (\(shown(scenario.name))), "
          + "device \(shown(scenario.deviceName)), "
          + "\(Units.durationText(scenario.setup.duration))\n"
      }
    }
    console.writeWarnings(alternatives.map(\.scenario))
    let estimates = alternatives.map { limits.estimate($0.scenario.setup) }
    try limits.checkTotal(
      events: estimates.reduce(0) { $0 + $1.events }, runs: alternatives.count, of: "compare",
      file: files.count == 1 ? files[0] : nil,
      largest: .largest(
        zip(alternatives, estimates).map { alternative, estimate in
          RunLimits.LargestWorkload(
            run: "the alternative \"\(alternative.label)\"", setup: alternative.scenario.setup,
            estimate: estimate)
        }))
    let plotFile = arguments.value("--plot")
    // Output paths are checked before the alternatives run, against each other and the inputs.
    var paths: [String] = []
    if let directory = arguments.value("--out") {
      paths.append(try OutputPath.file(ComparisonCSV.fileName, in: directory))
    }
    if let plotFile { paths.append(plotFile) }
    try OutputTransaction.check(paths)
    let longest = alternatives.map(\.scenario.setup.duration).max() ?? .zero
    let progress = ProgressLine.forTerminal(console, delay: .milliseconds(500))
    let total = alternatives.count
    var report: (@Sendable (Int) -> Void)?
    if let progress { report = { done in progress.show("compare: \(done)/\(total) alternatives") } }
    let comparison = try Comparison.run(
      alternatives, jobs: jobs,
      powerBinWidth: plotFile.map { _ in PowerSeriesRecorder.plotBinWidth(for: longest) },
      fastForward: !arguments.flags.contains("--no-fast-forward"),
      maximumEvents: limits.processedEventLimit, progress: report)
    progress?.finish()
    var outputs: [(path: String, text: String)] = []
    if arguments.value("--out") != nil {
      outputs.append((paths[0], ComparisonCSV.render(comparison)))
    }
    if let plotFile { outputs.append((plotFile, plot(comparison, title: header))) }
    try OutputTransaction.write(outputs)
    // A plot written to standard output (`--plot -`) takes it whole.
    if !paths.contains(where: OutputPath.isStandardOutput) {
      console.write(header + "\n" + ComparisonText.render(comparison))
    }
    return ExitStatus.success
  }

  /// The alternatives' total power over time, overlaid, their battery and their energy per
  /// component (see `Plot.comparison(_:title:subtitles:)` in Reports), the baseline first; titled with
  /// the first line of the printed header and subtitled with the headline.
  static func plot(_ comparison: Comparison, title header: String) -> String {
    let alternatives = comparison.entries.map { entry in
      Plot.ComparedAlternative(
        name: entry.label,
        series: PowerSeries(
          entry.powerBins!, components: entry.result.components.map(\.name),
          duration: entry.result.duration,
          endStateOfCharge: entry.result.battery?.endStateOfCharge),
        componentEnergies: entry.result.components.map { ($0.name, $0.energy) },
        batteryEnergy: entry.batteryEnergy, ranOutAt: entry.ranOutAt,
        charging: entry.alternative.scenario.setup.environment.charging)
    }
    let title = String(header.prefix { $0 != "\n" })
    let subtitles = ComparisonText.headline(comparison).split(separator: "\n").map(String.init)
    return Plot.comparison(alternatives, title: title, subtitles: subtitles)
  }

  /// Each file's name without its directory and `.json`, or the whole path when two files share
  /// a name.
  static func labels(for files: [String]) -> [String] {
    let stems = files.map { file -> String in
      var name = String(file.split(separator: "/").last ?? Substring(file))
      if name.hasSuffix(".json") { name.removeLast(5) }
      return name
    }
    return zip(files, stems).map { file, stem in
      stems.filter { $0 == stem }.count > 1 ? file : stem
    }
  }
}

/// `--jobs N`: a whole number of at least 1; every core when absent.
func parseJobs(_ text: String?, command: CommandSpec) throws(UsageError) -> Int {
  guard let text else { return ParallelMap.defaultJobs }
  guard let jobs = Int(text), jobs >= 1 else {
    throw UsageError(
      message: "--jobs: expected a whole number of at least 1, found \"\(text)\"", command: command)
  }
  return jobs
}
