import DeviceModels
import Quantities
import ScenarioFiles
import TestSupport
import Testing

/// A debounced trace (*OS policies* `debounce` on `trace`): each row is a trigger that restarts the
/// quiet period; when it ends, the work of the last row runs once, due then, and the work of the
/// rows it superseded never runs.
@Suite struct DebouncedTraceTests {
  /// The baseline of a scenario on ``ScenarioFixture/device`` replaying `csv` with a 5 s
  /// debounce.
  static func scenario(_ csv: String, duration: String) throws -> Scenario {
    let directory = try TemporaryDirectory()
    try directory.write(csv, to: "day.csv")
    return try ScenarioFixture.scenario(
      ScenarioFixture.text(
        workloads: #""t": { "trace": "day.csv", "debounce": "5 s" }"#, duration: duration),
      file: directory.path + "/scenario.json")
  }

  /// Rows at 1 s (cpu 100 ms), 2 s (gps 200 ms) and 10 s (cpu 30 ms, then gps 400 ms), each
  /// step at 1 W:
  ///
  /// - the trigger at 1 s would expire at 6 s, but the one at 2 s restarts the quiet period:
  ///   row 2's work runs at 7 s and completes at 7.2 s (latency 200 ms);
  /// - the trigger at 10 s expires at 15 s: row 3's work completes at 15.43 s (430 ms);
  /// - row 1's work never runs: the CPU spends 30 ms (0.03 J), not 130 ms; the GPS 600 ms.
  @Test func theLastRowsWorkRunsWhenTheQuietPeriodEnds() throws {
    let scenario = try Self.scenario(
      "time,cpu,gps\n1 s,100 ms,\n2 s,,200 ms\n10 s,30 ms,400 ms\n", duration: "20 s")
    #expect(scenario.setup.workloads[0].debounce == .seconds(5))
    let result = Simulation(setup: scenario.setup).run()
    let trace = result.workload("t")
    #expect(trace.occurrences == 2)
    #expect(trace.unfinished == 0)
    #expect(trace.latency?.count == 2)
    #expect(trace.latency?.max == .milliseconds(430))
    #expect(result.component("cpu").energy == .joules(0.03))
    #expect(result.component("gps").energy == .joules(0.6))
  }

  /// Rows at 1 s and 2 s: the work runs at 7 s, five seconds after the last row — not at 6 s,
  /// after the first. A run that ends at 7 s has not started it; one that ends 1 ns later has
  /// (and cuts it off, unfinished); a long run completes row 2's 200 ms, not row 1's 100 ms.
  @Test(arguments: [
    ("7 s", 0, 0, nil), ("7000000001 ns", 1, 1, nil), ("20 s", 1, 0, TimeSpan.milliseconds(200)),
  ])
  func theQuietPeriodCountsFromTheLastRow(
    duration: String, occurrences: Int, unfinished: Int, latency: TimeSpan?
  ) throws {
    let scenario = try Self.scenario("time,gps\n1 s,100 ms\n2 s,200 ms\n", duration: duration)
    let trace = Simulation(setup: scenario.setup).run().workload("t")
    #expect(trace.occurrences == occurrences)
    #expect(trace.unfinished == unfinished)
    #expect(trace.latency?.max == latency)
  }
}
