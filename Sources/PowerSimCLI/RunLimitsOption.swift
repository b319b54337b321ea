import Quantities
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
    guard let value = wholeNumber(text), value >= 1 else {
      throw UsageError(
        message:
          "--max-events: expected a whole number of events such as 5000000000 or 5e9, found \(ValueExcerpt.quoted(text))",
        command: command)
    }
    return RunLimits(maximumEvents: value)
  }

  /// `text` as a whole number written in decimal digits, optionally with a decimal exponent of
  /// digits (`5000000000`, `5e9`, as the help and the limit messages write limits); `nil` for
  /// anything else: a sign, spaces, a fraction, hexadecimal, `inf`.
  static func wholeNumber(_ text: String) -> Double? {
    let parts = text.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
    let isDigits = { (part: Substring) in
      !part.isEmpty && part.utf8.count <= 30 && part.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }
    guard parts.allSatisfy(isDigits), let value = Double(text), value.isFinite else { return nil }
    return value
  }
}
