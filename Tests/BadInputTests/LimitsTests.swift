import DeviceModels
import Foundation
import JSONSupport
import ScenarioFiles
import TestSupport
import Testing

/// Run limits (see `RunLimits`): runaway runs are refused before they start, legitimate ones
/// are not, and the estimate the limits rest on stays close to what the engine really does.
@Suite struct LimitsTests {
  static let packageRoot = PowerSimProcess.corpus
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func scenario(_ text: String) throws -> Scenario {
    try ScenarioDocument(json: JSONReader.parse(text), file: "test.json").scenario()
  }

  /// A day of a phone animating at 120 fps with its display on, the heaviest run SPEC 10 asks to
  /// be quick, is well inside the default limits.
  @Test func dayOfAPhoneAt120FramesPerSecondIsAllowed() throws {
    let day = try Self.scenario(
      #"""
      { "device": "phone", "duration": "24 h",
        "display": [ { "from": 0, "to": "24 h", "brightness": "50%", "appearance": "light" } ],
        "workloads": {
          "ui": { "frames": "120 fps", "work": { "cpu": "3 ms", "gpu": "4 ms" } },
          "sync": { "every": "1 min", "work": { "cpu": "20 ms", "download": "100 KB" } } } }
      """#)
    let estimate = RunLimits.estimate(day.setup)
    #expect(estimate.events > 1e8 && estimate.events < RunLimits.standard.maximumEvents / 5)
  }

  @Test func everyShippedScenarioValidatesWithTheDefaultLimits() throws {
    let directory = Self.packageRoot.appendingPathComponent("scenarios")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
    #expect(!files.isEmpty)
    let outcome = try PowerSimProcess.run(["validate"] + files, in: directory)
    #expect(outcome.exited(with: 0), "\(outcome)")
    #expect(outcome.standardError == "")
  }

  /// The estimate counts a little high, never far off: between half and five times the events
  /// the engine takes off its queue.
  @Test(arguments: [
    #"{ "every": "1 ms", "work": { "cpu": "10 us" } }"#,
    #"{ "every": "1 s", "work": { "cpu": "10 us", "read": "1 MB", "write": "1 MB", "download": "1 MB", "gpu": "1 ms" } }"#,
    #"{ "every": "1 s", "work": { "cpu": "10 ms", "threads": 1024 } }"#,
    #"{ "every": "1 s", "work": { "write": "1 MB", "write_size": "4 KiB" } }"#,
    #"{ "frames": "120 fps", "work": { "cpu": "3 ms", "gpu": "4 ms" } }"#,
    #"{ "rate": "50 Hz", "work": { "cpu": "1 ms", "upload": "10 KB" } }"#,
  ])
  func estimateIsCloseToTheEventsTheEngineProcesses(workload: String) throws {
    let scenario = try Self.scenario(
      #"{ "device": "phone", "duration": "20 s", "workloads": { "w": \#(workload) } }"#)
    let estimated = RunLimits.estimate(scenario.setup).events
    let processed = Double(Simulation(setup: scenario.setup).run().processedEvents)
    #expect(estimated >= processed / 2 && estimated <= processed * 5, "\(estimated) / \(processed)")
  }

  @Test func maxEventsRaisesTheLimit() throws {
    let outcome = try PowerSimProcess.run(
      ["validate", "limits/ten-gigahertz-frames.json", "--max-events", "1e13"])
    #expect(outcome.exited(with: 0), "\(outcome)")
    #expect(outcome.standardOutput == "limits/ten-gigahertz-frames.json: ok (1 variant)\n")
  }

  /// However high the event limit, at most ten million occurrences may be left waiting (each
  /// holds memory), and the message no longer offers to raise it.
  @Test func backlogLimitHasACeiling() throws {
    let outcome = try PowerSimProcess.run(
      ["validate", "limits/backlog.json", "--max-events", "1e12"])
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(
      outcome.standardError
        == #"Error: limits/backlog.json: workloads.flood.every: work arrives faster than the storage can serve it (2501× what it can do), so about 8.6e7 occurrences would be left waiting, more than a run may hold (1e7); make "every" longer or end it sooner with "until" or "count", or make the work smaller"#
        + "\n")
  }

  /// Only digits, with an optional exponent of digits: no sign, space, fraction or hexadecimal.
  @Test(arguments: ["0x10", "+5", " 5", "1.5", "inf", "1e", "5e-3", "1_000"])
  func maxEventsMustBeAWholeNumberInDecimal(text: String) throws {
    let outcome = try PowerSimProcess.run(
      ["validate", "limits/backlog.json", "--max-events", text])
    #expect(outcome.exited(with: 64), "\(outcome)")
    #expect(
      outcome.standardError.hasPrefix(
        "Error: --max-events: expected a whole number of events such as 5000000000 or 5e9, found \"\(text)\"\nUsage: powersim validate"
      ))
  }

  @Test func maxEventsMustBeANumber() throws {
    let outcome = try PowerSimProcess.run(
      ["validate", "limits/backlog.json", "--max-events", "lots"])
    #expect(outcome.exited(with: 64), "\(outcome)")
    #expect(
      outcome.standardError.hasPrefix(
        "Error: --max-events: expected a whole number of events such as 5000000000 or 5e9, found \"lots\"\nUsage: powersim validate"
      ))
  }

  /// `--resolution` may not ask for more than ten million rows of power.csv.
  @Test func resolutionFinerThanTenMillionRowsIsRefused() throws {
    let directory = try TemporaryDirectory()
    try directory.write(Scenarios.everything, to: "scenario.json")
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", "--resolution", "1 ns", "--out", "out"], in: directory.url)
    #expect(outcome.exited(with: 64), "\(outcome)")
    #expect(
      outcome.standardError.hasPrefix(
        #"Error: --resolution: "1 ns" would cut the run of 20 s into more than 10,000,000 rows of power.csv; choose "2 µs" or more"#
          + "\nUsage: powersim run"))
    #expect(!FileManager.default.fileExists(atPath: directory.path("out")))
  }
}
