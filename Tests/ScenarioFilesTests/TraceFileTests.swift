import DeviceModels
import Foundation
import Quantities
import ScenarioFiles
import TestSupport
import Testing

/// Trace replay (*OS policies* `trace`): a CSV file relative to the scenario, with a `time` column
/// and work-step columns; errors name the trace file, the row and the column.
@Suite struct TraceFileTests {
  /// Writes `csv` to `traces/day.csv` beside a scenario replaying it and decodes the scenario.
  static func load(_ csv: String, duration: String = "10 s") throws -> Scenario {
    let directory = try TemporaryDirectory()
    try directory.write(csv, to: "traces/day.csv")
    return try ScenarioFixture.scenario(
      ScenarioFixture.text(
        workloads: #""t": { "trace": "traces/day.csv" }"#, duration: duration),
      file: directory.path + "/scenario.json")
  }

  /// The error loading `csv` gives.
  static func error(_ csv: String) -> InputError? {
    do {
      _ = try load(csv)
      return nil
    } catch {
      return error as? InputError
    }
  }

  /// Three rows with their own work, CRLF line ends, a quoted time and a note column:
  ///
  ///     0.5 s  cpu 10 ms                         done after 10 ms
  ///     1 s    write 2 kB (2 ms), then gps 200 ms   202 ms
  ///     2 s    cpu 5 ms, then gps 1 s             1005 ms
  @Test func aTraceReplaysItsRows() throws {
    let scenario = try Self.load(
      "time,cpu,gps,write,x-note\r\n0.5,10 ms,,,start\r\n\"1 s\",,200 ms,2 KB,\r\n\r\n"
        + "2,5 ms,1 s,,\"quoted, with a comma\"\r\n")
    guard case .trace(let rows) = scenario.setup.workloads[0].timing else {
      Issue.record("expected a trace")
      return
    }
    #expect(rows.map(\.time.nanosecondsSinceStart) == [500_000_000, 1_000_000_000, 2_000_000_000])
    let result = Simulation(setup: scenario.setup).run()
    let trace = result.workload("t")
    #expect(trace.occurrences == 3)
    #expect(trace.latency?.max == .milliseconds(1_005))
    #expect(trace.latency?.p50 == .milliseconds(202))
    // cpu 15 ms at 1 W; write 2 ms at 2 W; gps 1.2 s at 1 W.
    #expect(result.component("cpu").energy == .joules(0.015))
    #expect(result.component("storage").energy == .joules(0.004))
    #expect(result.component("gps").energy == .joules(1.2))
  }

  /// Bad traces: the error names the trace file, the row (the header is row 1) and the column.
  @Test(arguments: [
    ("time,cpu\n1 s,fast\n", "row 2, column \"cpu\"", "fast"),
    ("time,cpu\n2 s,1 ms\n1 s,1 ms\n", "row 3", "expected rows in time order, found 1 s after 2 s"),
    ("time,cpu\n1 s\n", "row 2", "expected 2 fields as in the header, found 1"),
    (
      "cpu,gps\n1 ms,1 s\n", "row 1",
      "expected a \"time\" column in the header, found \"cpu\" and \"gps\""
    ),
    ("time,cpuu\n1 s,1 ms\n", "row 1, column \"cpuu\"", "did you mean \"cpu\"?"),
    ("time,cpu\n20 s,1 ms\n", "row 2, column \"time\"", "expected a time within the run"),
    ("time,cpu,cpu\n1 s,1 ms,1 ms\n", "row 1", "expected each column once, found \"cpu\" twice"),
    (
      "time,x-note,cpu\n1 s,\"two\nlines\",1 ms\n2 s,,slow\n", "row 3 (line 4), column \"cpu\"",
      "slow"
    ),
    (
      "time,cpu\n\"1 s,1 ms\n", "line 2", "expected a closing quote for a field opened on this line"
    ),
    (
      "time,download,via\n1 s,1 MB,gps\n", "row 2, column \"via\"", "expected a radio of the device"
    ),
  ])
  func badTraces(csv: String, path: String, message: String) {
    let error = Self.error(csv)
    #expect(error?.file.hasSuffix("/traces/day.csv") == true)
    #expect(error?.path == path)
    #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
  }

  /// A missing trace is reported against the scenario that names it.
  @Test func aMissingTraceNamesTheScenario() throws {
    let directory = try TemporaryDirectory()
    let error = ScenarioFixture.error(
      ScenarioFixture.text(workloads: #""t": { "trace": "nowhere.csv" }"#),
      file: directory.path + "/scenario.json")
    #expect(error?.file == directory.path + "/scenario.json")
    #expect(error?.path == "workloads.t.trace")
    #expect(error?.message.contains(directory.path + "/nowhere.csv") == true)
    #expect(error?.message.contains("does not exist") == true)
  }

  /// An empty trace has no header.
  @Test func anEmptyTraceIsAnError() {
    let error = Self.error("")
    #expect(error?.path == nil)
    #expect(error?.message == "expected a header row with a \"time\" column, found an empty file")
  }

  static func scenario(in directory: TemporaryDirectory, trace: String) throws -> String {
    try directory.write(
      gpsScenario(workloads: #"{ "replay": { "trace": "\#(trace)" } }"#), to: "scenarios/s.json")
  }

  /// Cells read like scenario values: a bare number in base units (2.5 s, 0.25 s), or a string
  /// with a unit; an empty cell is an absent step.
  @Test func rowsBecomeOccurrences() throws {
    let directory = try TemporaryDirectory()
    try directory.write("time,gps\r\n1 s,500 ms\r\n2.5,0.25\r\n3 s,\r\n", to: "traces/fixes.csv")
    let file = try Self.scenario(in: directory, trace: "../traces/fixes.csv")
    let workload = try #require(try ScenarioDocument.load(file).scenario().setup.workloads.first)
    func at(_ milliseconds: Int64) -> Instant {
      Instant(nanosecondsSinceStart: milliseconds * 1_000_000)
    }
    #expect(
      workload.timing
        == .trace([
          TraceRow(
            time: at(1_000),
            work: [
              WorkStepSpec(generic: [GenericStep(component: "gps", duration: .milliseconds(500))])
            ]
          ),
          TraceRow(
            time: at(2_500),
            work: [
              WorkStepSpec(generic: [GenericStep(component: "gps", duration: .milliseconds(250))])
            ]
          ),
          TraceRow(time: at(3_000), work: [WorkStepSpec()]),
        ]))
  }

  @Test func traceErrors() throws {
    let directory = try TemporaryDirectory()
    let missing = try Self.scenario(in: directory, trace: "nope.csv")
    #expect(
      fileError(missing)
        == "\(missing): workloads.replay.trace: cannot read the trace \"\(directory.path)/scenarios/nope.csv\": it does not exist"
    )
    try directory.write("when,gps\n1 s,1 s\n", to: "scenarios/a.csv")
    let first = try Self.scenario(in: directory, trace: "a.csv")
    #expect(
      fileError(first)
        == #"\#(directory.path)/scenarios/a.csv: row 1: expected a "time" column in the header, found "when" and "gps""#
    )
    try directory.write("time,gps\n2 s,1 s\n1 s,1 s\n", to: "scenarios/a.csv")
    #expect(
      fileError(first)
        == "\(directory.path)/scenarios/a.csv: row 3: expected rows in time order, found 1 s after 2 s"
    )
    try directory.write("time,gps\n1 s,5 MB\n", to: "scenarios/a.csv")
    #expect(
      fileError(first)
        == #"\#(directory.path)/scenarios/a.csv: row 2, column "gps": expected a time such as "5 s" or "20 ms", found "5 MB" (a data size)"#
    )
  }
}
