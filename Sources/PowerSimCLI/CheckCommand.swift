import Foundation
import PowerSim
import Quantities
import Reports
import ScenarioFiles

/// `powersim check`: checks a budgets file's limits, as a client of the PowerSim library.
enum CheckCommand: Command {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Checks energy budgets: fails when a scenario uses more than its limits allow.",
    discussion: """
      Runs every scenario variant that BUDGETS names and prints one row per limit: the \
      scenario, the variant, the metric, its value, the limit, the margin left, and ok or \
      BREACH. Exits with status 0 when every limit holds and 1 when one is breached or an input \
      is invalid, so a CI job or a pull request can be gated on it. With --against, a value that \
      moved the wrong way (up for a max limit, down for a min one) by more than --tolerance \
      over the recorded baseline fails as a REGRESSION.
      """,
    arguments: [ArgumentSpec(name: "BUDGETS", help: "The budgets file to check.")],
    options: [
      OptionSpec(
        name: "--junit", valueName: "FILE.xml",
        help: "Writes JUnit XML for CI systems: a test case per limit, a failure per breach."),
      OptionSpec(
        name: "--markdown", valueName: "FILE.md",
        help: "Writes the table in Markdown, for a pull-request comment."),
      OptionSpec(
        name: "--record", valueName: "FILE.json",
        help: "Writes every checked value, in base units, to a baseline file for --against."),
      OptionSpec(
        name: "--against", valueName: "FILE.json",
        help:
          "Also fails each value that grew past the baseline this file records (written by --record)."
      ),
      OptionSpec(
        name: "--tolerance", valueName: "PCT",
        help:
          "How much a value may move the wrong way from --against's baseline, such as \"1%\"."),
      RunLimitsOption.spec,
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let tolerance = try self.tolerance(arguments)
    let limits = try RunLimitsOption.limits(arguments, command: spec)
    let outputs = [
      ("--junit", { (report: BudgetReport) in report.junitXML }),
      ("--markdown", { $0.markdown }),
      ("--record", { $0.recordJSON }),
    ].compactMap { option, render in arguments.value(option).map { ($0, render) } }
    let file = arguments.positionals[0]
    do {
      var budgets = try Budgets(contentsOf: URL(fileURLWithPath: file))
      budgets.maximumEvents = limits.processedEventLimit
      // Output paths are checked before anything runs: against each other and the inputs.
      try OutputTransaction.check(outputs.map(\.0))
      let report =
        try arguments.value("--against").map { baseline throws(PowerSimError) in
          try budgets.check(against: URL(fileURLWithPath: baseline), tolerance: tolerance ?? 0)
        } ?? budgets.check()
      try OutputTransaction.write(outputs.map { ($0.0, $0.1(report)) })
      if !outputs.contains(where: { OutputPath.isStandardOutput($0.0) }) {
        console.write(report.table())
      }
      return report.allHold ? ExitStatus.success : ExitStatus.failure
    } catch let error as PowerSimError {
      console.writeError("Error: \(error)\n")
      return ExitStatus.failure
    }
  }

  /// `--tolerance` as a fraction; it goes with `--against` and only with it.
  static func tolerance(_ arguments: ParsedArguments) throws(UsageError) -> Double? {
    let against = arguments.value("--against")
    guard let text = arguments.value("--tolerance") else {
      guard against == nil else {
        throw UsageError(
          message: "--against needs --tolerance (how much a value may grow, such as \"1%\")",
          command: spec)
      }
      return nil
    }
    guard against != nil else {
      throw UsageError(
        message: "--tolerance has no effect without --against (the baseline to compare with)",
        command: spec)
    }
    do {
      return try QuantityParser.fraction(.text(text)).value
    } catch {
      throw UsageError(message: "--tolerance: \(error.message)", command: spec)
    }
  }
}
