import Foundation

/// `powersim-benchmark`: measures the engine and the simulator against the performance targets
/// of *The fast-forward*, and prints one table.
///
/// Run it from the package's directory with `swift run -c release powersim-benchmark`; `--small`
/// runs a shorter version for CI. The rows are described in the `Benchmark` article of this
/// target's documentation.
@main
enum PowerSimBenchmark {
  static let usage = """
    USAGE: powersim-benchmark [--small] [--only ROW]…

    Measures the engine's throughput on an event storm against a bare binary-heap loop; the \
    phone at 120 fps for an hour, a day and a week, and the shipped day-in-the-life, each with \
    and without fast-forward (wall time, events per second and peak memory, each in its own \
    process); sweep throughput on one and two jobs; an overloaded shared link at two \
    lengths; 100 to 100,000 workloads for an hour, and a SimPy model of 1,000; and the \
    phone plugged in at 120 fps with a 30 s sync, with and without random telemetry, for a \
    day, a week and 30 days; prints a table and checks the results \
    against the performance targets. Build it in release mode: \
    swift run -c release powersim-benchmark.

    OPTIONS:
      --small      Runs a shorter version of every row (seconds, for CI).
      --only ROW   Runs only this row: storm, day, sweep, link, workloads, shapes or
                   instructions (the storm and the bare heap counted in instructions under
                   valgrind) (repeatable).
      --print-scenario storm|day
                   Prints the scenario of the event storm or of the 24-hour day as JSON, to
                   run or profile it with powersim, and does nothing else.
      -h, --help   Shows this help.

    """

  static func main() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    do {
      if arguments.first == StormInstructions.childFlag {
        try StormInstructions.childMain(Array(arguments.dropFirst()))
        return
      }
      if arguments.first == "--child" {
        try runChild(Array(arguments.dropFirst()))
        return
      }
      var options = Options()
      while let argument = arguments.first {
        arguments.removeFirst()
        switch argument {
        case "--small": options.isSmall = true
        case "--only":
          guard let row = arguments.first, Options.rowNames.contains(row) else {
            throw UsageError(
              message:
                "--only: expected one of storm, day, sweep, link, workloads, shapes or instructions"
            )
          }
          arguments.removeFirst()
          options.rows.insert(row)
        case "--print-scenario":
          let name = arguments.first
          if name == "storm" {
            print(EventStorm.scenarioJSON(options.isSmall ? .small : .full))
          } else if name == "day" {
            print(PhoneDay.scenarioJSON(duration: "24 h"))
          } else {
            throw UsageError(message: "--print-scenario: expected storm or day")
          }
          return
        case "-h", "--help":
          print(usage, terminator: "")
          return
        default:
          throw UsageError(message: "unexpected argument '\(argument)'")
        }
      }
      if options.rows.isEmpty { options.rows = Options.rowNames }
      var benchmark = BenchmarkRun(options: options)
      try benchmark.run()
    } catch let error as UsageError {
      FileHandle.standardError.write(Data("Error: \(error.message)\n\n\(usage)".utf8))
      exit(64)
    } catch {
      FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
      exit(1)
    }
  }

  /// `--child KIND ARGUMENT MODE`: one measurement in its own process (`phone-day DURATION` or
  /// `file PATH`, `fast-forward` or `every-event`); `--child workloads COUNT DURATION`: many
  /// workloads (``ManyWorkloads``).
  private static func runChild(_ arguments: [String]) throws {
    if arguments.count == 3, arguments[0] == "workloads", let count = Int(arguments[1]) {
      try ManyWorkloads.childMain(count: count, duration: arguments[2])
      return
    }
    guard arguments.count == 3, ["phone-day", "file"].contains(arguments[0]),
      ["fast-forward", "every-event"].contains(arguments[2])
    else {
      throw UsageError(
        message:
          "--child: expected phone-day DURATION or file PATH, then fast-forward or every-event")
    }
    let subject: PhoneDay.Subject =
      arguments[0] == "file" ? .file(path: arguments[1]) : .phone(duration: arguments[1])
    try PhoneDay.childMain(subject, fastForward: arguments[2] == "fast-forward")
  }
}

/// What to run.
struct Options {
  /// Every row group.
  static let rowNames: Set<String> = [
    "storm", "day", "sweep", "link", "workloads", "shapes", "instructions",
  ]
  /// Whether to run the short version.
  var isSmall = false
  /// The row groups to run.
  var rows: Set<String> = []
}

/// A mistake on the command line.
struct UsageError: Error {
  /// What was wrong.
  var message: String
}
