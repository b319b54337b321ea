import DeviceModels
import Quantities
import ScenarioFiles
import Testing

/// `trace` workloads: a CSV file relative to the scenario, one row per occurrence.
@Suite struct TraceFileTests {
  static func scenario(in directory: TemporaryDirectory, trace: String) throws -> String {
    try directory.write(
      "scenarios/s.json",
      gpsScenario(workloads: #"{ "replay": { "trace": "\#(trace)" } }"#))
  }

  /// Cells read like scenario values: a bare number in base units (2.5 s, 0.25 s), or a string
  /// with a unit; an empty cell is an absent step.
  @Test func rowsBecomeOccurrences() throws {
    let directory = try TemporaryDirectory()
    try directory.write("traces/fixes.csv", "time,gps\r\n1 s,500 ms\r\n2.5,0.25\r\n3 s,\r\n")
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
    try directory.write("scenarios/a.csv", "when,gps\n1 s,1 s\n")
    let first = try Self.scenario(in: directory, trace: "a.csv")
    #expect(
      fileError(first)
        == #"\#(directory.path)/scenarios/a.csv: line 1: expected a "time" column in the header, found "when" and "gps""#
    )
    try directory.write("scenarios/a.csv", "time,gps\n2 s,1 s\n1 s,1 s\n")
    #expect(
      fileError(first)
        == "\(directory.path)/scenarios/a.csv: line 3: expected rows in time order, found 1 s after 2 s"
    )
    try directory.write("scenarios/a.csv", "time,gps\n1 s,5 MB\n")
    #expect(
      fileError(first)
        == #"\#(directory.path)/scenarios/a.csv: line 2, column "gps": expected a time such as "5 s" or "20 ms", found "5 MB" (a data size)"#
    )
  }
}
