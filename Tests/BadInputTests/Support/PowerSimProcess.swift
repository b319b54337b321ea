import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the built `powersim` executable as a child process, so tests see what users see: the
/// exit status, standard output and standard error, and whether it crashed or hung.
struct PowerSimProcess {
  /// How a finished process ended.
  struct Outcome: CustomStringConvertible {
    /// The exit status, or the signal that killed it (`isSignal`).
    var status: Int32
    /// Whether `status` is the number of the signal that killed the process.
    var isSignal: Bool
    /// Whether the test gave up waiting and killed it.
    var timedOut: Bool
    var standardOutput: String
    var standardError: String

    /// Whether it exited with `status` on its own.
    func exited(with expected: Int32) -> Bool { !isSignal && !timedOut && status == expected }

    var description: String {
      let how = timedOut ? "timed out" : isSignal ? "killed by signal \(status)" : "exit \(status)"
      return
        "\(how); stdout: \(standardOutput.prefix(2_000)); stderr: \(standardError.prefix(2_000))"
    }
  }

  /// The executable, built beside the test bundle (`swift test` builds it: the test target
  /// depends on it).
  static let executable: URL = {
    var directories: [URL] = []
    directories.append(Bundle.main.bundleURL)
    if let main = Bundle.main.executableURL { directories.append(main.deletingLastPathComponent()) }
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    let argumentZero = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    directories.append(argumentZero.deletingLastPathComponent())
    for directory in directories {
      let candidate = directory.appendingPathComponent("powersim")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return packageRoot.appendingPathComponent(".build/debug/powersim")
  }()

  /// The directory of the corpus of bad input files.
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpus")

  /// Runs `powersim arguments` in `directory` with `environment` added to (or, with
  /// `replacingEnvironment`, instead of) the test's own, and waits at most `timeout` seconds.
  static func run(
    _ arguments: [String], in directory: URL = corpus, environment: [String: String] = [:],
    replacingEnvironment: Bool = false, timeout: Double = 60
  ) throws -> Outcome {
    let process = try start(
      arguments, in: directory, environment: environment,
      replacingEnvironment: replacingEnvironment)
    return try process.wait(timeout: timeout)
  }

  /// Starts `powersim arguments` without waiting.
  static func start(
    _ arguments: [String], in directory: URL = corpus, environment: [String: String] = [:],
    replacingEnvironment: Bool = false, shellPrefix: String? = nil
  ) throws -> Running {
    let process = Process()
    if let shellPrefix {
      // `sh -c 'PREFIX; exec powersim "$@"'`, for limits set with `ulimit`.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "\(shellPrefix); exec \"$0\" \"$@\"", executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    process.currentDirectoryURL = directory
    var variables = replacingEnvironment ? [:] : ProcessInfo.processInfo.environment
    variables.merge(environment) { $1 }
    process.environment = variables
    let output = try TemporaryDirectory()
    let outputPath = output.url.appendingPathComponent("stdout").path
    let errorPath = output.url.appendingPathComponent("stderr").path
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return Running(process: process, output: output, outputPath: outputPath, errorPath: errorPath)
  }

  /// A started process.
  final class Running {
    let process: Process
    let output: TemporaryDirectory
    let outputPath: String
    let errorPath: String

    init(process: Process, output: TemporaryDirectory, outputPath: String, errorPath: String) {
      self.process = process
      self.output = output
      self.outputPath = outputPath
      self.errorPath = errorPath
    }

    var processIdentifier: Int32 { process.processIdentifier }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
      kill(process.processIdentifier, signal)
    }

    /// Waits for the end, killing the process after `timeout` seconds.
    func wait(timeout: Double) throws -> Outcome {
      let deadline = Date().addingTimeInterval(timeout)
      var timedOut = false
      while process.isRunning {
        if Date() > deadline {
          timedOut = true
          kill(process.processIdentifier, SIGKILL)
          break
        }
        usleep(5_000)
      }
      process.waitUntilExit()
      let isSignal = process.terminationReason == .uncaughtSignal
      return Outcome(
        status: process.terminationStatus, isSignal: isSignal, timedOut: timedOut,
        standardOutput: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "<not UTF-8>",
        standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "<not UTF-8>")
    }
  }
}
