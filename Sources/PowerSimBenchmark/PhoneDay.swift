import DeviceModels
import Foundation
import Reports
import ScenarioFiles

/// The built-in phone with its display on and a 120 fps animation running for the whole run —
/// each frame 1 ms of user-interactive CPU work and 2 ms of GPU work — simulated as `powersim run
/// --out DIR` does: decoded, run with the default power series streaming to `power.csv`, and the
/// other CSV files written.
///
/// Each duration runs in a child process (this executable with `--child`), so that each peak
/// resident set size is its own; comparing them shows whether memory stays flat as the simulated
/// duration grows (see *The fast-forward*).
enum PhoneDay {
  /// What one run measured.
  struct Figures {
    /// Events and wall time of the whole run: decoding, simulation and writing the files.
    var throughput: Throughput
    /// Peak resident set size of the process that ran it, bytes.
    var peakResidentBytes: Int
  }

  /// The scenario, lasting `duration` (such as `"24 h"`).
  static func scenarioJSON(duration: String) -> String {
    """
    {
      "name": "A day at 120 fps",
      "device": "phone",
      "duration": "\(duration)",
      "display": [ { "from": "0 s", "to": "\(duration)", "brightness": "50%", "appearance": "light" } ],
      "workloads": {
        "animation": { "frames": "120 fps",
          "work": { "cpu": "1 ms", "gpu": "2 ms", "qos": "user-interactive" } }
      }
    }
    """
  }

  /// The shipped `scenarios/day-in-the-life.json`, found from this source file.
  static var dayInTheLifePath: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scenarios/day-in-the-life.json").path
  }

  /// What a child runs: the phone at 120 fps for a duration, or a scenario file.
  enum Subject {
    case phone(duration: String)
    case file(path: String)

    /// The child's arguments.
    var arguments: [String] {
      switch self {
      case .phone(let duration): ["phone-day", duration]
      case .file(let path): ["file", path]
      }
    }
  }

  /// Runs `subject` in this process as `run --out` does (with the fast-forward or not), writing
  /// its files into a temporary directory that is removed afterwards.
  static func runHere(_ subject: Subject, fastForward: Bool) throws -> Figures {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("powersim-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let stopwatch = Stopwatch()
    let scenario: Scenario
    switch subject {
    case .phone(let duration):
      scenario = try ScenarioText.decode(
        scenarioJSON(duration: duration), file: "phone-120fps.json")
    case .file(let path):
      // Without the event estimate's limit: a 30-day shape (``SteadyShapes``) is estimated at
      // 4e9 events, as the estimate does not count the cycles the fast-forward skips.
      scenario = try ScenarioText.decode(
        try String(contentsOfFile: path, encoding: .utf8), file: path, limits: .unlimited)
    }
    var request = RunRequest(scenario: scenario)
    request.outputDirectory = directory.path
    request.fastForward = fastForward
    let result = try RunPipeline.run(request)
    let throughput = Throughput(events: result.processedEvents, seconds: stopwatch.elapsedSeconds)
    return Figures(throughput: throughput, peakResidentBytes: PeakMemory.residentBytes())
  }

  /// Runs `subject` in a child process and reads its figures back.
  static func runInChild(_ subject: Subject, fastForward: Bool = true) throws -> Figures {
    let output = try ChildProcess.run(
      arguments: ["--child"] + subject.arguments + [fastForward ? "fast-forward" : "every-event"])
    let fields = output.split(separator: " ")
    guard fields.count == 3, let events = Int(fields[0]), let seconds = Double(fields[1]),
      let peak = Int(fields[2])
    else {
      throw BenchmarkError(message: "unexpected output from the child process: \(output)")
    }
    return Figures(
      throughput: Throughput(events: events, seconds: seconds), peakResidentBytes: peak)
  }

  /// The child's side: runs, then prints `events seconds peakBytes` on one line.
  static func childMain(_ subject: Subject, fastForward: Bool) throws {
    let figures = try runHere(subject, fastForward: fastForward)
    print(
      "\(figures.throughput.events) \(figures.throughput.seconds) \(figures.peakResidentBytes)")
  }
}

/// Runs this executable again with other arguments.
enum ChildProcess {
  /// Runs this executable with `arguments` and returns its standard output, trimmed; throws when
  /// it fails.
  static func run(arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executablePath())
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchmarkError(
        message: "the child process \(arguments.joined(separator: " ")) exited with status "
          + "\(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// This executable's path.
  static func executablePath() -> String {
    #if os(Linux)
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        return path
      }
    #endif
    return Bundle.main.executablePath ?? CommandLine.arguments[0]
  }
}

/// A failure of the benchmark itself.
struct BenchmarkError: Error, CustomStringConvertible {
  /// What went wrong.
  var message: String

  /// The message.
  var description: String { message }
}
