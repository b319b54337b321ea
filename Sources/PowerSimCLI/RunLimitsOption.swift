import Quantities
import ScenarioFiles

/// `--max-events N`: the event budget of a run (see `RunLimits`), shared by the commands that
/// decode scenarios.
enum RunLimitsOption {
  static let spec = OptionSpec(
    name: "--max-events", valueName: "N",
    help:
      "Refuses a run estimated to take more than N events, a decimal integer (default: 1000000000), or to leave more than N/1000 occurrences waiting (at most 10 million)."
  )

  /// The limits the command line asks for.
  static func limits(_ arguments: ParsedArguments, command: CommandSpec) throws(UsageError)
    -> RunLimits
  {
    // A command run without the fast-forward is estimated without it (see `RunLimits`).
    let fastForward = !arguments.flags.contains("--no-fast-forward")
    guard let text = arguments.value(spec.name) else {
      return RunLimits(maximumEvents: RunLimits.standard.maximumEvents, fastForward: fastForward)
    }
    guard let value = wholeNumber(text), value >= 1 else {
      throw UsageError(
        message:
          "--max-events: expected a whole number of events in decimal digits, such as 5000000000, found \(ValueExcerpt.quoted(text))",
        command: command)
    }
    return RunLimits(maximumEvents: value, fastForward: fastForward)
  }

  /// `text` as a whole number written in decimal digits only (`5000000000`); `nil` for anything
  /// else: a sign, spaces, an exponent, a fraction, hexadecimal, `inf`, or more than 30 digits.
  static func wholeNumber(_ text: String) -> Double? {
    guard !text.isEmpty, text.utf8.count <= 30, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let value = Double(text), value.isFinite
    else { return nil }
    return value
  }
}
