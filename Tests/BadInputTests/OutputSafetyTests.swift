import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Nothing lost (see *Bad Input, Run Limits and Safe Output*): every output goes to a temporary
/// file renamed into place only when the run is complete, so a run that fails or is interrupted
/// leaves the results of the previous run byte for byte, and no temporary files.
@Suite struct OutputSafetyTests {
  /// Every file under `directory` (hidden ones included) and its bytes; directories map to an
  /// empty marker.
  static func snapshot(_ directory: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      let url = directory.appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      files[name] = isDirectory.boolValue ? Data("<directory>".utf8) : try Data(contentsOf: url)
    }
    return files
  }

  /// A directory with `scenario.json` and the results of a successful run of it in `out`.
  static func previousResults(_ scenario: String = Scenarios.everything) throws
    -> (TemporaryDirectory, [String: Data])
  {
    let directory = try TemporaryDirectory()
    try directory.write(scenario, to: "scenario.json")
    try directory.write(Scenarios.everything, to: "short.json")
    let first = try PowerSimProcess.run(
      ["run", "short.json"] + OutputNames.options("out"), in: directory.url, timeout: 120)
    #expect(first.exited(with: 0), "\(first)")
    let before = try snapshot(directory.url.appendingPathComponent("out"))
    #expect(before.keys.sorted() == OutputNames.all)
    return (directory, before)
  }

  @Test func runThatFailsWhileWritingLeavesPreviousResultsByteIdentical() throws {
    let (directory, before) = try Self.previousResults()
    // A file-size limit of 10 KB makes the write of power.csv fail part way.
    let outcome = try PowerSimProcess.start(
      ["run", "scenario.json", "--variant", "coalesced"] + OutputNames.options("out"),
      in: directory.url,
      shellPrefix: "ulimit -f 20"
    ).wait(timeout: 120)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(
      outcome.standardError
        == "Error: out/power.csv: cannot write the file: File too large (errno 27)\n")
    #expect(try Self.snapshot(directory.url.appendingPathComponent("out")) == before)
  }

  @Test func runThatCannotReplaceAFileLeavesEveryPreviousFile() throws {
    let (directory, _) = try Self.previousResults()
    let out = directory.url.appendingPathComponent("out")
    try FileManager.default.removeItem(at: out.appendingPathComponent("states.csv"))
    try FileManager.default.createDirectory(
      at: out.appendingPathComponent("states.csv"), withIntermediateDirectories: false)
    let before = try Self.snapshot(out)
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", "--variant", "coalesced"] + OutputNames.options("out"),
      in: directory.url,
      timeout: 120)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(
      outcome.standardError == "Error: out/states.csv: cannot replace it: it is a directory\n")
    #expect(try Self.snapshot(out) == before)
  }

  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func interruptedRunLeavesPreviousResultsAndNoTemporaries(signal: Int32, status: Int32) throws {
    let (directory, before) = try Self.previousResults(Scenarios.month)
    let out = directory.url.appendingPathComponent("out")
    // A month's trace is estimated above 200 MB, and so is a day's slice of it: half a day's is
    // not (its events, recorded one by one, take some 20 s in a debug build).
    let running = try PowerSimProcess.start(
      ["run", "scenario.json", "--window", "0,12 h"] + OutputNames.options("out"),
      in: directory.url)
    // Interrupt it once it is simulating: its power.csv is being written to a temporary file.
    let deadline = Date().addingTimeInterval(60)
    while try Self.snapshot(out).keys.allSatisfy({ !$0.hasPrefix(".powersim-") }),
      Date() < deadline, running.process.isRunning
    {
      usleep(10_000)
    }
    #expect(running.process.isRunning, "the run ended before it could be interrupted")
    running.send(signal)
    let outcome = try running.wait(timeout: 30)
    #expect(outcome.exited(with: status), "\(outcome)")
    #expect(outcome.standardOutput == "")
    #expect(try Self.snapshot(out) == before)
  }

  /// `compare` and `sweep` write their table and plot together: when the plot cannot be
  /// written, the table of the previous run stays as it was.
  @Test(arguments: [
    (["compare", "scenario.json"], "compare.csv", "compare.svg"),
    (["sweep", "scenario.json", "--set", "seed=1,2"], "sweep.csv", "sweep.svg"),
  ])
  func compareAndSweepKeepTheirPreviousTableWhenThePlotFails(
    command: [String], table: String, plot: String
  ) throws {
    let directory = try TemporaryDirectory()
    try directory.write(Scenarios.everything, to: "scenario.json")
    let arguments = command + ["--jobs", "1", "--out", "out", "--plot", "out/" + plot]
    let first = try PowerSimProcess.run(arguments, in: directory.url, timeout: 120)
    #expect(first.exited(with: 0), "\(first)")
    let out = directory.url.appendingPathComponent("out")
    try FileManager.default.removeItem(at: out.appendingPathComponent(plot))
    try FileManager.default.createDirectory(
      at: out.appendingPathComponent(plot), withIntermediateDirectories: false)
    let before = try Self.snapshot(out)
    #expect(before.keys.sorted() == [table, plot].sorted())
    // The same command on a shorter run: its table would differ.
    try directory.write(
      Scenarios.everything.replacingOccurrences(of: #""20 s""#, with: #""19 s""#),
      to: "scenario.json")
    let outcome = try PowerSimProcess.run(arguments, in: directory.url, timeout: 120)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(outcome.standardError == "Error: out/\(plot): cannot replace it: it is a directory\n")
    #expect(try Self.snapshot(out) == before)
  }

  @Test func successfulRunReplacesEveryFileAndLeavesNoTemporaries() throws {
    let (directory, before) = try Self.previousResults()
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", "--variant", "coalesced"] + OutputNames.options("out"),
      in: directory.url,
      timeout: 120)
    #expect(outcome.exited(with: 0), "\(outcome)")
    let after = try Self.snapshot(directory.url.appendingPathComponent("out"))
    #expect(after.keys.sorted() == OutputNames.all)
    #expect(after["summary.csv"] != before["summary.csv"])
  }
}

/// The files the tests' runs write into `out`, sorted: `--out`'s CSV files, `--plot`'s SVG and
/// `--trace`'s JSON.
enum OutputNames {
  static let all = [
    "apps.csv", "attribution.csv", "components.csv", "power.csv", "power.svg", "qos.csv",
    "states.csv", "summary.csv", "trace.json", "workloads.csv",
  ]

  /// The options that write every one of them into `directory`.
  static func options(_ directory: String) -> [String] {
    [
      "--out", directory, "--plot", directory + "/power.svg", "--trace", directory + "/trace.json",
    ]
  }
}
