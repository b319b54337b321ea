import ScenarioFiles

/// `--max-events N`: the event budget of a run (see `RunLimits`), shared by the commands that
/// decode scenarios.
enum RunLimitsOption {
  static let spec = OptionSpec(
    name: "--max-events", valueName: "N",
    help:
      "Refuses a run estimated to take more than N events (default: 1e9), or to leave more than N/1000 occurrences waiting (at most 10 million)."
  )

  /// The limits the command line asks for.
  static func limits(_ arguments: ParsedArguments, command: CommandSpec) throws(UsageError)
    -> RunLimits
  {
    guard let text = arguments.value(spec.name) else { return .standard }
    guard let value = Double(text), value.isFinite, value >= 1 else {
      throw UsageError(
        message: "--max-events: expected a number of events such as 1e10, found \"\(text)\"",
        command: command)
    }
    return RunLimits(maximumEvents: value)
  }
}
