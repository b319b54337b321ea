import Reports
import ScenarioFiles

/// `powersim compare`: simulates design alternatives and prints them side by side.
enum CompareCommand: Command {
  // Seam for `--plot FILE.svg` (SPEC section 8), left out until the chart module
  // (Sources/Reports/Plot) lands: add the option here, pass `powerBinWidth:` to
  // `Comparison.run`, and draw each `comparison.entries[i].powerBins` as one curve of total
  // power, the baseline first.
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
      same as one at a time.
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
        name: "--jobs", valueName: "N",
        help: "Simulates up to N alternatives at once (default: every core)."),
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let jobs = try parseJobs(arguments.value("--jobs"), command: spec)
    let files = arguments.positionals
    var alternatives: [Alternative] = []
    var header: String
    if files.count == 1 {
      let document = try ScenarioDocument.load(files[0])
      for variant in document.variantNames {
        alternatives.append(
          Alternative(label: variant, scenario: try document.scenario(variant: variant)))
      }
      let baseline = alternatives[0].scenario
      let count = alternatives.count
      header =
        "\(baseline.name)\n  device \(baseline.deviceName), \(Units.durationText(baseline.setup.duration)), "
        + "\(count) alternative\(count == 1 ? "" : "s")\n"
    } else {
      let labels = labels(for: files)
      header = "\(files.count) scenarios, the first the baseline\n"
      for (file, label) in zip(files, labels) {
        let scenario = try ScenarioDocument.load(file).scenario()
        alternatives.append(Alternative(label: label, scenario: scenario))
        header +=
          "  \(label): \(file) (\(scenario.name)), device \(scenario.deviceName), "
          + "\(Units.durationText(scenario.setup.duration))\n"
      }
    }
    let comparison = Comparison.run(alternatives, jobs: jobs)
    if let directory = arguments.value("--out") {
      let transaction = OutputTransaction()
      do {
        try transaction.write(
          ComparisonCSV.render(comparison), to: directory + "/" + ComparisonCSV.fileName)
        try transaction.commit()
      } catch {
        transaction.discard()
        throw error
      }
    }
    console.write(header + "\n" + ComparisonText.render(comparison))
    return ExitStatus.success
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
