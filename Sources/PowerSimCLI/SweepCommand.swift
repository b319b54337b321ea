import Foundation
import Reports
import ScenarioFiles

/// `powersim sweep`: simulates a scenario at every combination of parameter values.
enum SweepCommand: Command {
  static let spec = CommandSpec(
    name: "sweep",
    abstract: "Simulates a scenario at every combination of parameter values.",
    discussion: """
      Each --set KEY.PATH=V1,V2,… gives a dotted path into the scenario (workloads.sync.every, \
      display.0.brightness) and its values; several --set options sweep their cartesian product, \
      the first varying slowest. A value is read as JSON when it parses as JSON, otherwise as a \
      string, so seed=1,2 and workloads.sync.every=1 s,5 s both work; values are split only at \
      commas outside brackets, braces and quotes. --set patches the scenario before the variant \
      is applied.

      Prints each point's energy, average power and battery life; with --out, writes sweep.csv \
      with the columns index, variant, one per path, then those of summary.csv. Points run in \
      parallel, and the results are the same for any --jobs. A progress line goes to standard \
      error when it is a terminal.

      --shard I/N runs only the points whose index is I modulo N, so a batch system can split a \
      sweep across machines: every shard's file has the header, and the whole sweep is the \
      first file followed by the other files' rows.
      """,
    arguments: [ArgumentSpec(name: "SCENARIO", help: "The scenario file to sweep.")],
    options: [
      OptionSpec(
        name: "--set", valueName: "KEY.PATH=V1,V2,…",
        help: "Sweeps the value at this dotted path over these values; repeat to sweep several.",
        isRepeatable: true),
      OptionSpec(
        name: "--variant", valueName: "NAME",
        help: "Sweeps this variant instead of the baseline (--set applies first)."),
      OptionSpec(name: "--out", valueName: "DIR", help: "Writes sweep.csv into this directory."),
      OptionSpec(
        name: "--plot", valueName: "FILE.svg",
        help:
          "Draws energy against the first --set value, one line per combination of the others, as an SVG file."
      ),
      OptionSpec(
        name: "--jobs", valueName: "N",
        help: "Simulates up to N points at once (default: every core)."),
      OptionSpec(
        name: "--shard", valueName: "I/N",
        help: "Runs only the points whose index is I modulo N, I from 0 to N − 1."),
      OptionSpec(
        name: "--no-fast-forward",
        help:
          "Simulates every event instead of skipping whole periods of a steady state (the results are the same)."
      ),
      RunLimitsOption.spec,
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let plan = try makePlan(arguments)
    let jobs = try parseJobs(arguments.value("--jobs"), command: spec)
    let document = try ScenarioDocument.load(arguments.positionals[0])
    if !document.variantNames.contains(plan.variant) {
      _ = try document.scenario(variant: plan.variant, limits: plan.limits)
    }
    do {
      try plan.checkVariant(of: document)
    } catch {
      throw UsageError(message: error.message, command: spec)
    }
    // Output paths are checked before the points run, against each other and the inputs.
    var paths: [String] = []
    if let directory = arguments.value("--out") {
      paths.append(try OutputPath.file(Sweep.fileName, in: directory))
    }
    if let plotFile = arguments.value("--plot") { paths.append(plotFile) }
    try OutputTransaction.check(paths)
    let progress = ProgressLine.forTerminal(console)
    var report: (@Sendable (Int, Int) -> Void)?
    if let progress { report = { done, total in progress.show("sweep: \(done)/\(total) points") } }
    let rows = try Sweep.run(
      document, plan: plan, jobs: jobs,
      fastForward: !arguments.flags.contains("--no-fast-forward"), progress: report)
    progress?.finish()
    var files: [(path: String, text: String)] = []
    if arguments.value("--out") != nil {
      let components = Sweep.componentNames(document, plan: plan)
      files.append((paths[0], Sweep.csv(rows, plan: plan, components: components)))
    }
    if let plotFile = arguments.value("--plot") {
      files.append((plotFile, plot(rows, plan: plan, title: arguments.positionals[0])))
    }
    try OutputTransaction.write(files)
    // A plot written to standard output (`--plot -`) takes it whole.
    if !paths.contains(where: OutputPath.isStandardOutput) {
      console.write(Sweep.table(rows, plan: plan))
    }
    return ExitStatus.success
  }

  /// Energy against the first parameter's value: one series per combination of the other
  /// parameters' values, named by those values (the subtitle names their paths), in the order
  /// the points come.
  static func plot(_ rows: [SweepRow], plan: SweepPlan, title: String) -> String {
    let (xs, unit) = Plot.SweepValue.read(rows.map { $0.values[0].text })
    var names: [String] = []
    var points: [String: [Plot.SweepPoint]] = [:]
    for (row, x) in zip(rows, xs) {
      let name = row.values.dropFirst().map(\.text).joined(separator: ", ")
      if points[name] == nil { names.append(name) }
      points[name, default: []].append(Plot.SweepPoint(x: x, energy: row.energy))
    }
    let series = names.map { Plot.SweepSeries(name: $0, points: points[$0] ?? []) }
    var subtitle = title
    if plan.variant != ScenarioDocument.baselineName { subtitle += " (\(plan.variant))" }
    subtitle += ", \(rows.count) point\(rows.count == 1 ? "" : "s")"
    let others = plan.parameters.dropFirst().map(\.name)
    if !others.isEmpty { subtitle += "; lines: " + others.joined(separator: ", ") }
    return Plot.energySweep(
      series, axis: Plot.SweepAxis(label: plan.parameters[0].name, unit: unit),
      title: "Energy against \(plan.parameters[0].name)", subtitle: subtitle)
  }

  /// The plan from `--set`, `--variant` and `--shard`; a usage error when they are malformed.
  static func makePlan(_ arguments: ParsedArguments) throws(UsageError) -> SweepPlan {
    let settings = arguments.values["--set"] ?? []
    guard !settings.isEmpty else {
      throw UsageError(
        message: "missing '--set KEY.PATH=V1,V2,…' (at least one parameter to sweep)",
        command: spec)
    }
    var plan: SweepPlan
    do {
      var parameters: [SweepParameter] = []
      for setting in settings { parameters.append(try SweepParameter(parsing: setting)) }
      let shard = try arguments.value("--shard").map { text throws(SweepArgumentError) in
        try SweepShard(parsing: text)
      }
      plan = try SweepPlan(
        parameters: parameters,
        variant: arguments.value("--variant") ?? ScenarioDocument.baselineName,
        shard: shard ?? .whole)
    } catch {
      throw UsageError(message: error.message, command: spec)
    }
    plan.limits = try RunLimitsOption.limits(arguments, command: spec)
    return plan
  }
}
