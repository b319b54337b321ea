import DeviceModels
import Foundation
import JSONSupport
import Quantities
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

  /// A day of a phone animating at 120 fps with its display on, the heaviest run *The fast-forward*
  /// asks to be quick, is well inside the default limits.
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
    // The events of the run simulated in full: the estimate bounds the work without the
    // fast-forward, which only ever takes fewer.
    let processed = Double(
      Simulation(setup: scenario.setup, recording: RecordingOptions(fastForward: false)).run()
        .processedEvents)
    #expect(estimated >= processed / 2 && estimated <= processed * 5, "\(estimated) / \(processed)")
  }

  /// A ladder of `count` states, the deeper ones `after` 1 ms, 2 ms, … (the last at
  /// `count − 1` ms) with a wake latency of 1 µs, as JSON.
  static func ladder(states count: Int) -> String {
    let deeper = (1..<count).map { index in
      #"{ "name": "s\#(index)", "power": "\#(count - index) uW", "after": "\#(index) ms", "wake_latency": "1 us" }"#
    }
    let active = #"{ "name": "active", "power": "\#(count + 1) uW" }"#
    return "[" + ([active] + deeper).joined(separator: ", ") + "]"
  }

  /// Forty-seven ladders of 2,000 states — the platform's, the storage's, the GPU's and 44
  /// generic sensors' — all walked to the bottom after every occurrence of a 5 s timer that
  /// keeps each of them busy: the estimate counts every one of those steps (it once counted only
  /// the deepest ladder's, about 47 times too few), and stays close to the events the engine
  /// processes.
  @Test func estimateCountsEveryStepOfEveryLadderAnOccurrenceLeavesBusy() throws {
    let states = Self.ladder(states: 2_000)
    let sensors = (0..<44).map { "sensor\($0)" }
    let components =
      [
        #""platform": { "states": \#(states) }"#, #""storage": { "states": \#(states) }"#,
        #""gpu": { "states": \#(states) }"#,
      ] + sensors.map { #""\#($0)": { "type": "generic", "states": \#(states) }"# }
    let work = sensors.map { #""\#($0)": "1 ms""# }.joined(separator: ", ")
    let scenario = try Self.scenario(
      #"""
      { "device": "phone", "duration": "20 s",
        "device_patch": { "components": { \#(components.joined(separator: ", ")) } },
        "workloads": { "walk": { "every": "5 s", "work": { "cpu": "1 ms", "write": "4 KiB", "gpu": "1 ms", \#(work) } } } }
      """#)
    let estimate = RunLimits.estimate(scenario.setup)
    // By hand: 4 occurrences, each followed by 1,999 steps down each of the 47 ladders (every
    // gap, 5 s or the rest of the run, is longer than the deepest `after`, 1.999 s).
    let ladderSteps = 4.0 * 47 * 1_999
    #expect(estimate.events >= ladderSteps && estimate.events <= ladderSteps * 1.05)
    let processed = Double(
      Simulation(setup: scenario.setup, recording: RecordingOptions(fastForward: false)).run()
        .processedEvents)
    #expect(
      estimate.events >= processed / 2 && estimate.events <= processed * 3,
      "\(estimate.events) / \(processed)")
  }

  /// A 1 ms timer for 12 hours: about 4e8 events, within the limit of 1e9 on its own.
  static let nearTheLimit = #"""
    { "device": "phone", "duration": "12 h",
      "workloads": { "tick": { "every": "1 ms", "work": { "cpu": "10 us" } } },
      "variants": { "two": { "seed": 2 }, "three": { "seed": 3 } } }
    """#

  /// `compare` is limited in total over all its runs: three alternatives each within the limit
  /// are refused together, with a message naming the total, the workload that needs the most
  /// events in any one run (4.3e7 ticks in 12 h, about 9 events each) with the key that moves
  /// it, and `--max-events`.
  @Test func compareIsLimitedInTotalOverItsRuns() throws {
    let directory = try TemporaryDirectory()
    try directory.write(Self.nearTheLimit, to: "ticks.json")
    let single = try PowerSimProcess.run(["validate", "ticks.json"], in: directory.url)
    #expect(single.exited(with: 0), "\(single)")
    // Counting every event: with the fast-forward, a 1 ms timer's steady cycle counts a few
    // thousandths of its events, and the three runs are within the limit together.
    let outcome = try PowerSimProcess.run(
      ["compare", "ticks.json", "--no-fast-forward"], in: directory.url)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(
      outcome.standardError
        == "Error: ticks.json: the 3 runs of this compare together need about 1.2e9 events to simulate, more than a compare may take in total (1000000000); the largest part is the workload \"tick\" in the alternative \"baseline\" (about 3.9e8 events): make \"every\" longer or end it sooner with \"until\" or \"count\"; compare fewer alternatives, or raise the limit with --max-events\n"
    )
    #expect(outcome.standardOutput == "")
  }

  /// So is `sweep` (its shard's runs, with `--shard`).
  @Test func sweepIsLimitedInTotalOverItsRuns() throws {
    let directory = try TemporaryDirectory()
    try directory.write(Self.nearTheLimit, to: "ticks.json")
    let outcome = try PowerSimProcess.run(
      ["sweep", "ticks.json", "--set", "seed=1,2,3", "--out", "out", "--no-fast-forward"],
      in: directory.url)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(
      outcome.standardError
        == "Error: ticks.json: the 3 runs of this sweep together need about 1.2e9 events to simulate, more than a sweep may take in total (1000000000); the largest part is the workload \"tick\" in sweep point 0 (seed=1) (about 3.9e8 events): make \"every\" longer or end it sooner with \"until\" or \"count\"; sweep fewer points or split the sweep with --shard, or raise the limit with --max-events\n"
    )
    #expect(!FileManager.default.fileExists(atPath: directory.path("out")))
  }

  /// A sweep of more than a million points is a usage error before any point is decoded.
  @Test func sweepOfMoreThanAMillionPointsIsRefused() throws {
    let values = (1...10_000).map(String.init).joined(separator: ",")
    let outcome = try PowerSimProcess.run(
      ["sweep", "limits/backlog.json", "--set", "seed=" + values, "--set", "duration=" + values])
    #expect(outcome.exited(with: 64), "\(outcome)")
    #expect(
      outcome.standardError.hasPrefix(
        "Error: --set: the sweep has 10000 × 10000 points, more than a sweep may have (1,000,000); give fewer values\nUsage: powersim sweep"
      ))
  }

  /// A day of a phone animating at 120 fps: within the event limit, but every change of its
  /// power is gigabytes of CSV, and its trace more.
  static let dayAt120FramesPerSecond = #"""
    { "device": "phone", "duration": "24 h",
      "display": [ { "from": 0, "to": "24 h", "brightness": "50%", "appearance": "light" } ],
      "workloads": {
        "ui": { "frames": "120 fps", "work": { "cpu": "3 ms", "gpu": "4 ms" } },
        "sync": { "every": "1 min", "work": { "cpu": "20 ms", "download": "100 KB" } } } }
    """#

  /// `--exact` estimated above 1 GB and `--trace` above 200 MB are refused before the run,
  /// naming `--window` (and `--resolution`).
  @Test func exactAndTraceOutputsAreEstimatedBeforeTheRun() throws {
    let directory = try TemporaryDirectory()
    try directory.write(Self.dayAt120FramesPerSecond, to: "day.json")
    let exact = try PowerSimProcess.run(
      ["run", "day.json", "--exact", "--out", "out"], in: directory.url)
    #expect(exact.exited(with: 64), "\(exact)")
    #expect(
      exact.standardError.hasPrefix(
        #"Error: --exact: power.csv would be about 8.0 GB (a row per change, over a run estimated at 134811367 events, 100% of them from "ui"), more than 1 GB; limit it to a slice of the run with --window, or write bins with --resolution instead; or make "ui" run less: lower the frame rate or end it sooner with "for""#
          + "\nUsage: powersim run"
      ))
    let trace = try PowerSimProcess.run(
      ["run", "day.json", "--trace", "trace.json"], in: directory.url)
    #expect(trace.exited(with: 64), "\(trace)")
    #expect(
      trace.standardError.hasPrefix(
        #"Error: --trace: the trace would be about 27.6 GB (over a run estimated at 134811367 events, 100% of them from "ui"), more than 200 MB; limit it to a slice of the run with --window; or make "ui" run less: lower the frame rate or end it sooner with "for""#
          + "\nUsage: powersim run"
      ))
    #expect(!FileManager.default.fileExists(atPath: directory.path("out")))
    #expect(!FileManager.default.fileExists(atPath: directory.path("trace.json")))
  }

  @Test func maxEventsRaisesTheLimit() throws {
    let outcome = try PowerSimProcess.run(
      ["validate", "limits/ten-gigahertz-frames.json", "--max-events", "10000000000000"])
    #expect(outcome.exited(with: 0), "\(outcome)")
    #expect(outcome.standardOutput == "limits/ten-gigahertz-frames.json: ok (1 variant)\n")
  }

  /// However high the event limit, at most ten million occurrences may be left waiting (each
  /// holds memory), and the message no longer offers to raise it.
  @Test func backlogLimitHasACeiling() throws {
    let outcome = try PowerSimProcess.run(
      ["validate", "limits/backlog.json", "--max-events", "1000000000000"])
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(
      outcome.standardError
        == #"Error: limits/backlog.json: workloads.flood.every: work arrives faster than the storage can serve it (2501× what it can do), so about 8.6e7 occurrences would be left waiting, more than a run may hold (1e7); make "every" longer or end it sooner with "until" or "count", or make the work smaller"#
        + "\n")
  }

  /// Only decimal digits: no sign, space, exponent, fraction or hexadecimal (*Bad Input, Run Limits
  /// and Safe Output*: a limit is read as a decimal integer).
  @Test(arguments: ["0x10", "+5", " 5", "1.5", "inf", "1e", "5e9", "5e-3", "1_000"])
  func maxEventsMustBeAWholeNumberInDecimal(text: String) throws {
    let outcome = try PowerSimProcess.run(
      ["validate", "limits/backlog.json", "--max-events", text])
    #expect(outcome.exited(with: 64), "\(outcome)")
    #expect(
      outcome.standardError.hasPrefix(
        "Error: --max-events: expected a whole number of events in decimal digits, such as 5000000000, found \"\(text)\"\nUsage: powersim validate"
      ))
  }

  @Test func maxEventsMustBeANumber() throws {
    let outcome = try PowerSimProcess.run(
      ["validate", "limits/backlog.json", "--max-events", "lots"])
    #expect(outcome.exited(with: 64), "\(outcome)")
    #expect(
      outcome.standardError.hasPrefix(
        "Error: --max-events: expected a whole number of events in decimal digits, such as 5000000000, found \"lots\"\nUsage: powersim validate"
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

  /// A `when: "visible"` animation counts only its frames while visible: 60 fps for two
  /// visible stretches of 10 s and 20 s in a week is 60 × 30 = 1,800 frames, not 36 million.
  @Test func visibleOnlyWorkloadCountsOnlyItsVisibleStretches() throws {
    let week = try Self.scenario(
      #"""
      { "device": "phone", "duration": "7 d",
        "visibility": [["0 s", "10 s"], ["1 h", "3620 s"]],
        "workloads": { "ui": { "frames": "60 fps", "when": "visible", "work": { "cpu": "2 ms" } } } }
      """#)
    let ui = try #require(RunLimits.estimate(week.setup).workloads.first)
    #expect(ui.occurrences == 1_800)
    #expect(ui.held == 0)
  }

  /// An app that can be suspended runs its timer only in the foreground and for its background
  /// time after: in the foreground for the first 10 s, 30 s of background time, so a 1 s timer
  /// runs 40 times in an hour; the other 3,560 are held at the cost of their arrival.
  @Test func suspendedAppCountsOnlyWhileItRuns() throws {
    let hour = try Self.scenario(
      #"""
      { "device": "phone", "duration": "1 h",
        "apps": { "a": { "foreground": [["0 s", "10 s"]], "background_time": "30 s" } },
        "workloads": { "tick": { "app": "a", "every": "1 s", "work": { "cpu": "1 ms" } } } }
      """#)
    let tick = try #require(RunLimits.estimate(hour.setup).workloads.first)
    #expect(tick.occurrences == 40)
    #expect(tick.held == 3_560)
  }

  /// The estimate of a slice counts what runs in it: a window of the hour after a week's only
  /// visible stretch holds none of its frames.
  @Test func windowEstimateCountsOnlyItsSlice() throws {
    let week = try Self.scenario(
      #"""
      { "device": "phone", "duration": "7 d", "visibility": [["0 s", "1 h"]],
        "workloads": { "ui": { "frames": "60 fps", "when": "visible", "work": { "cpu": "2 ms" } } } }
      """#)
    let inside = TimeRange(start: .start, end: Instant(nanosecondsSinceStart: 600_000_000_000))
    let after = TimeRange(
      start: Instant(nanosecondsSinceStart: 3_600_000_000_000),
      end: Instant(nanosecondsSinceStart: 7_200_000_000_000))
    #expect(RunLimits.estimate(week.setup, window: inside).workloads[0].occurrences == 36_000)
    #expect(RunLimits.estimate(week.setup, window: after).workloads[0].occurrences == 0)
  }

  /// The size estimates of `--exact`'s power.csv and of a trace are within a factor of two of
  /// the files written, on shipped scenarios whole and in windows.
  @Test(
    arguments: [
      ("coalescing.json", nil), ("messaging-push.json", nil), ("frame-rate.json", nil),
      ("day-in-the-life.json", ("2 h,3 h", 7_200, 10_800)),
      ("web-browsing.json", ("0 s,20 s", 0, 20)),
    ] as [(String, (text: String, from: Int64, to: Int64)?)])
  func outputSizeEstimateIsWithinTwiceTheFileWritten(
    file: String, window: (text: String, from: Int64, to: Int64)?
  ) throws {
    let directory = try TemporaryDirectory()
    let path = Self.packageRoot.appendingPathComponent("scenarios").appendingPathComponent(file)
      .path
    var arguments = [
      "run", path, "--exact", "--out", directory.path("out"), "--trace", directory.path("t.json"),
    ]
    var range: TimeRange?
    if let window {
      arguments += ["--window", window.text]
      range = TimeRange(
        start: Instant(nanosecondsSinceStart: window.from * 1_000_000_000),
        end: Instant(nanosecondsSinceStart: window.to * 1_000_000_000))
    }
    // A debug build takes about 100 s for the whole day: with the phone's thermal model its
    // temperature seldom settles, so the fast-forward seldom skips.
    let outcome = try PowerSimProcess.run(arguments, timeout: 300)
    #expect(outcome.exited(with: 0), "\(outcome)")
    let setup = try ScenarioDocument.load(path).scenario().setup
    let estimate = OutputSizeEstimate(setup, window: range)
    func size(_ name: String) throws -> Double {
      let attributes = try FileManager.default.attributesOfItem(atPath: directory.path(name))
      return Double((attributes[.size] as? NSNumber)?.int64Value ?? 0)
    }
    let power = try size("out/power.csv")
    let trace = try size("t.json")
    #expect(
      estimate.exactPowerCSVBytes >= power / 2 && estimate.exactPowerCSVBytes <= power * 2,
      "power.csv: \(estimate.exactPowerCSVBytes) estimated, \(power) written")
    #expect(
      estimate.traceBytes >= trace / 2 && estimate.traceBytes <= trace * 2,
      "trace: \(estimate.traceBytes) estimated, \(trace) written")
  }

  /// A trace refused for its size names the workload that fills it and advice that fits it: a
  /// timer's `every`, not a frame rate.
  @Test func traceRefusalNamesTheWorkloadWithAdviceThatFits() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      #"""
      { "device": "phone", "duration": "24 h",
        "workloads": { "tick": { "every": "1 ms", "work": { "cpu": "10 us" } },
                       "sync": { "every": "1 min", "work": { "cpu": "20 ms" } } } }
      """#, to: "ticks.json")
    let outcome = try PowerSimProcess.run(
      ["run", "ticks.json", "--trace", "t.json"], in: directory.url)
    #expect(outcome.exited(with: 64), "\(outcome)")
    #expect(outcome.standardError.contains(#"of them from "tick")"#), "\(outcome)")
    #expect(
      outcome.standardError.contains(
        #"or make "tick" run less: make "every" longer or end it sooner with "until" or "count""#),
      "\(outcome)")
    #expect(!outcome.standardError.contains("frame rate"))
  }

  /// Held low-priority pushes count toward the waiting limit: a push every millisecond held for
  /// up to 2 h, over 20 min, is 1.2 million pushes held at once (1,200 s × 1,000 per second),
  /// more than the default million.
  @Test func heldPushesCountTowardTheWaitingLimit() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      #"""
      { "device": "phone", "duration": "20 min", "environment": { "network": "cellular" },
        "apps": { "messenger": { "foreground": [], "background_time": "30 s" } },
        "workloads": {
          "message": { "app": "messenger", "every": "1 ms", "push": "low", "push_size": "1 KB",
                       "max_delay": "2 h", "work": { "cpu": "1 ms" } } } }
      """#, to: "held.json")
    let outcome = try PowerSimProcess.run(["validate", "held.json"], in: directory.url)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(
      outcome.standardError
        == #"Error: held.json: workloads.message.max_delay: the push service may hold about 1.2e6 low-priority pushes of this workload at once (those of one "max_delay", 2 h, while the device sleeps), more than a run may hold (1e6); shorten "max_delay", set "collapse": true, or make "every" longer or end it sooner with "until" or "count", or raise the limit with --max-events"#
        + "\n")
    let raised = try PowerSimProcess.run(
      ["validate", "held.json", "--max-events", "2000000000"], in: directory.url)
    #expect(raised.exited(with: 0), "\(raised)")
  }

  /// So do transfers waiting for a network: a 1 KB download every 50 ms through an offline
  /// spell of 60 h is 60 × 3,600 × 20 = 4.32 million transfers waiting at once.
  @Test func transfersWaitingForANetworkCountTowardTheWaitingLimit() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      #"""
      { "device": "phone", "duration": "61 h",
        "environment": { "network": [ { "from": "0 h", "to": "60 h", "network": "offline" },
                                      { "from": "60 h", "to": "61 h", "network": "wifi" } ] },
        "workloads": { "fetch": { "every": "50 ms", "work": { "download": "1 KB" } } } }
      """#, to: "offline.json")
    let outcome = try PowerSimProcess.run(["validate", "offline.json"], in: directory.url)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(
      outcome.standardError
        == #"Error: offline.json: workloads.fetch.every: about 4.3e6 transfers of this workload may wait for a network at once (those due in the longest offline spell), more than a run may hold (1e6); make "every" longer or end it sooner with "until" or "count", shorten the offline spell, or make the work smaller, or raise the limit with --max-events"#
        + "\n")
  }
}
