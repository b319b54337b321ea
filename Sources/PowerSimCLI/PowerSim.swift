import Foundation
import JSONSupport
import Reports
import ScenarioFiles

/// Where a command's output goes: standard output and standard error, or buffers in tests.
public final class Console {
  /// Writes to standard output.
  public let write: (String) -> Void
  /// Writes to standard error.
  public let writeError: (String) -> Void
  /// Whether standard error is a terminal (progress lines go there only then).
  public let errorIsTerminal: Bool
  /// Why a write to standard output failed (`standard output: cannot write: …`), if one did;
  /// asked when the command has finished.
  public let outputFailure: () -> String?
  /// Whether a write to standard error failed; asked when the command has finished.
  public let errorFailed: () -> Bool

  /// A console with the given writers, and the given reports of their failures (by default,
  /// none).
  public init(
    write: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
    errorIsTerminal: Bool = false, outputFailure: @escaping () -> String? = { nil },
    errorFailed: @escaping () -> Bool = { false }
  ) {
    self.write = write
    self.writeError = writeError
    self.errorIsTerminal = errorIsTerminal
    self.outputFailure = outputFailure
    self.errorFailed = errorFailed
  }

  /// The process's standard output and error, through `StandardStream`: a failed write (a
  /// full disk, a closed pipe) is reported when the command ends, never a crash.
  public static func standard() -> Console {
    Console(
      write: StandardStream.output.write, writeError: StandardStream.error.write,
      errorIsTerminal: isatty(2) == 1,
      outputFailure: { StandardStream.output.failure?.description },
      errorFailed: { StandardStream.error.failure != nil })
  }
}

extension Console {
  /// Writes each of the scenarios' warnings to standard error once, as `Warning: …` (the
  /// variants of one file share the baseline's).
  func writeWarnings(_ scenarios: [Scenario]) {
    var written = Set<String>()
    for warning in scenarios.flatMap(\.warnings) {
      let text = warning.description
      guard written.insert(text).inserted else { continue }
      writeError("Warning: \(text)\n")
    }
  }
}

/// Exit statuses (*The command line*, as swift-argument-parser uses them).
public enum ExitStatus {
  /// Success.
  public static let success: Int32 = 0
  /// A scenario or run error.
  public static let failure: Int32 = 1
  /// A usage error.
  public static let usage: Int32 = 64
}

/// The `powersim` command: dispatches to its subcommands.
public enum PowerSim {
  /// The subcommands, in the order `--help` lists them.
  static let commands: [any Command.Type] = [
    RunCommand.self, CompareCommand.self, SweepCommand.self, CheckCommand.self,
    ValidateCommand.self, DevicesCommand.self, DeviceCommand.self, SchemaCommand.self,
    ImportCommand.self, CalibrateCommand.self,
  ]

  /// Subcommands for maintainers, which the help does not list.
  static let hiddenCommands: [any Command.Type] = [ReferenceCommand.self]

  static let root = CommandSpec(
    name: "",
    abstract: "Simulates how much energy a device spends on a workload, and why.",
    discussion: """
      powersim replays workloads described in JSON scenario files against a device modelled as \
      power-state machines (CPU, storage, radios, GPU, display, platform) and accounts exactly \
      for every joule: per component, per state and per workload.
      """,
    arguments: [], options: [])

  /// The root help screen: overview, usage, options, then the subcommands, in the layout of
  /// swift-argument-parser.
  static var rootHelp: String {
    root.help.replacingOccurrences(of: "USAGE: powersim ", with: "USAGE: powersim <subcommand>")
      + "\nSUBCOMMANDS:\n"
      + commands.map { "  " + $0.spec.name.padding(24) + $0.spec.abstract + "\n" }.joined()
      + "\n  See 'powersim help <subcommand>' for detailed help.\n"
  }

  /// The version `powersim --version` prints (3: the scenario language with apps, push, Low
  /// Power Mode and repeating tasks, the library, budgets and importers).
  public static let version = "3.0.0"

  /// Runs the command line `arguments` (without the program name) and returns the exit status.
  ///
  /// A failed write to standard output makes the status 1 and is reported on standard error; a
  /// failed write to standard error makes it 1 (see *Bad Input, Run Limits and Safe Output*).
  public static func main(_ arguments: [String], console: Console = .standard()) -> Int32 {
    let status = dispatch(arguments, console: console)
    if let failure = console.outputFailure() {
      console.writeError("Error: \(JSONText.printable(failure))\n")
      return ExitStatus.failure
    }
    return console.errorFailed() ? ExitStatus.failure : status
  }

  /// Runs the command line `arguments` and returns the exit status, its output not yet checked.
  static func dispatch(_ arguments: [String], console: Console) -> Int32 {
    guard let name = arguments.first else {
      console.write(rootHelp)
      return ExitStatus.success
    }
    if name == "--version" || name == "version" {
      console.write("powersim \(version)\n")
      return ExitStatus.success
    }
    if name == "-h" || name == "--help" || name == "help" {
      if arguments.count > 1, let command = command(named: arguments[1]) {
        console.write(command.spec.help)
      } else {
        console.write(rootHelp)
      }
      return ExitStatus.success
    }
    guard let command = command(named: name) else {
      var message = "Error: unknown subcommand '\(JSONText.printable(name))'"
      if let nearest = closestMatch(to: name, among: commands.map { $0.spec.name }) {
        message += "; did you mean '\(nearest)'?"
      }
      console.writeError(
        message + "\nUsage: powersim <subcommand>\n  See 'powersim --help'.\n")
      return ExitStatus.usage
    }
    do {
      let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec)
      if parsed.wantsHelp {
        console.write(command.spec.help)
        return ExitStatus.success
      }
      return try command.run(parsed, console: console)
    } catch let error as UsageError {
      let spec = error.command ?? command.spec
      console.writeError(
        "Error: \(JSONText.printable(error.message))\nUsage: \(spec.usage)\n  See 'powersim \(spec.name) --help'.\n"
      )
      return ExitStatus.usage
    } catch let error as InputError {
      console.writeError("Error: \(error)\n")
      return ExitStatus.failure
    } catch {
      console.writeError("Error: \(JSONText.printable(String(describing: error)))\n")
      return ExitStatus.failure
    }
  }

  static func command(named name: String) -> (any Command.Type)? {
    (commands + hiddenCommands).first { $0.spec.name == name }
  }
}

/// A subcommand: its interface and what it does.
protocol Command: Sendable {
  static var spec: CommandSpec { get }
  /// Runs with validated arguments; throws `UsageError`, `InputError` or output errors.
  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32
}

extension String {
  /// The string padded with spaces to `width` characters.
  func padding(_ width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
