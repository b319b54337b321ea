import DeviceModels
import Foundation
import JSONSupport
import Quantities
import TestSupport
import Testing

@testable import ScenarioFiles

/// Run limits that know the fast-forward (see `RunLimits`): a steady cycle the scenario's
/// structure promises counts only the events the fast-forward leaves to simulate, and a run that
/// takes more events than its limit stops cleanly, writing nothing.
@Suite struct FastForwardLimitsTests {
  static func scenario(_ text: String, limits: RunLimits = .standard) throws -> Scenario {
    try ScenarioDocument(json: JSONReader.parse(text), file: "test.json").scenario(limits: limits)
  }

  /// Counting every event, as without the fast-forward.
  static let everyEvent = RunLimits(maximumEvents: 1e9, fastForward: false)

  /// Thirty days of a 60 fps animation, plugged in with the display on.
  static let thirtyDays = #"""
    { "device": "phone", "duration": "30 d",
      "environment": { "charging": [["0 s", "30 d"]] },
      "display": [ { "from": 0, "to": "30 d", "brightness": "50%", "appearance": "light" } ],
      "workloads": { "ui": { "frames": "60 fps", "work": { "cpu": "2 ms", "gpu": "2 ms" } } } }
    """#

  /// A 30-day animation is refused counting every event (155.5 million frames of about 13
  /// events), and accepted with the fast-forward, whose estimate stays above what the run
  /// really processes. The three figures are those *Bad Input, Run Limits and Safe Output*
  /// gives.
  @Test func thirtyDaysOfAnAnimationAreAccepted() throws {
    #expect(throws: InputError.self) { try Self.scenario(Self.thirtyDays, limits: Self.everyEvent) }
    let scenario = try Self.scenario(Self.thirtyDays)
    let ui = try #require(RunLimits.standard.estimate(scenario.setup).workloads.first)
    // 60 frames a second for 30 days, by hand.
    #expect(ui.occurrences == 60.0 * 86_400 * 30)
    #expect(ui.simulatedShare > 0 && ui.simulatedShare < 0.01)
    let estimate = RunLimits.standard.estimate(scenario.setup).events
    let processed = Double(Simulation(setup: scenario.setup).run().processedEvents)
    #expect(processed <= estimate && estimate < 1e7, "\(processed) / \(estimate)")
    let every = RunLimits.estimate(scenario.setup).events
    #expect(
      try Self.article(Self.badInputArticle).contains(
        "are estimated at \(Self.written(estimate)) events (\(Self.written(every)) counting every event), where the engine takes \(Self.written(processed))"
      ), "\(estimate), \(every), \(processed)")
  }

  /// Without the fast-forward nothing is skipped: `--no-fast-forward` counts every event.
  @Test func withoutTheFastForwardEveryEventCounts() throws {
    let scenario = try Self.scenario(Self.thirtyDays, limits: .unlimited)
    let every = RunLimits.estimate(scenario.setup)
    #expect(Self.everyEvent.estimate(scenario.setup).events == every.events)
    #expect(every.events > 1e9)
  }

  /// Twenty seeds of the shipped day-in-the-life are within the limit together, with the
  /// fast-forward (which its structure does not promise to skip: every other workload's
  /// occurrence — a sync with 5 min of tolerance, pushes, a backup — breaks the 60 fps cycle, so
  /// it counts in full) and without, and the run takes no more than its estimate. The estimate,
  /// the twenty seeds' and the events the run takes are the figures *Bad Input, Run Limits and
  /// Safe Output* and *The fast-forward* give.
  @Test func twentySeedsOfTheDayInTheLifeAreAccepted() throws {
    let path = LimitsTests.packageRoot.appendingPathComponent("scenarios/day-in-the-life.json")
    let text = try String(contentsOf: path, encoding: .utf8)
    #expect(text.contains(#""seed": 7,"#))
    var total = 0.0
    for seed in 1...20 {
      let seeded = text.replacingOccurrences(of: #""seed": 7,"#, with: #""seed": \#(seed),"#)
      total += RunLimits.standard.estimate(try Self.scenario(seeded).setup).events
    }
    try RunLimits.standard.checkTotal(
      events: total, runs: 20, of: "sweep", file: nil, largest: nil)
    let scenario = try Self.scenario(text)
    let estimate = RunLimits.standard.estimate(scenario.setup).events
    #expect(abs(total - 20 * estimate) <= 1e-9 * total)
    let processed = Double(Simulation(setup: scenario.setup).run().processedEvents)
    #expect(processed <= estimate, "\(processed) / \(estimate)")
    #expect(
      try Self.article(Self.badInputArticle).contains(
        "it counts in full, \(Self.written(estimate)) events a run (the engine takes \(Self.written(processed))), and twenty seeds of it, \(Self.written(total)), are within the limit"
      ), "\(estimate), \(processed), \(total)")
    #expect(
      try Self.article(Self.fastForwardArticle).contains(
        "the shipped `day-in-the-life.json` takes \(Self.written(processed)) events"),
      "\(processed)")
  }

  /// A poll every second over cellular keeps the radio's 10.1 s tail from running out, so the
  /// state repeats over ten periods, more than the eight tried for any period: the multiples of
  /// the tail's length are tried, and the hour skips. The events with the fast-forward and
  /// without are the figures *The fast-forward* gives.
  @Test func aPollEverySecondOverCellularSkips() throws {
    let scenario = try Self.scenario(
      #"""
      { "device": "phone", "duration": "1 h", "seed": 1,
        "environment": { "network": [ { "from": "0 s", "to": "1 h", "network": "cellular" } ] },
        "workloads": {
          "poll": { "every": "1 s", "work": [ { "cpu": "2 ms" }, { "download": "1 KB" } ] } } }
      """#)
    func events(fastForward: Bool) -> Double {
      Double(
        Simulation(setup: scenario.setup, recording: RecordingOptions(fastForward: fastForward))
          .run().processedEvents)
    }
    let skipping = events(fastForward: true)
    let every = events(fastForward: false)
    // Each of the 3,600 polls takes dozens of events; a skipping hour, a few looks' worth.
    #expect(every > 3_600 * 20 && skipping < every / 20, "\(skipping) / \(every)")
    #expect(
      try Self.article(Self.fastForwardArticle).contains(
        "a poll every second over cellular on the phone then takes \(Self.written(skipping)) events in an hour where every event is \(Self.written(every))"
      ), "\(skipping), \(every)")
  }

  /// Two timers of 45 s and 60 s: a cycle of 180 s, promised in a run of at least 32 × 180 s
  /// = 96 min (the fast-forward watches periods up to 120 s, or a 32nd of the run when that is
  /// longer), and not in a run one nanosecond in 32 shorter.
  static func twoTimers(duration: String) -> String {
    #"""
    { "device": "phone", "duration": "\#(duration)",
      "environment": { "charging": [["0 s", "\#(duration)"]] },
      "workloads": {
        "a": { "every": "45 s", "work": { "cpu": "1 ms" } },
        "b": { "every": "60 s", "work": { "cpu": "1 ms" } } } }
    """#
  }

  @Test func theLongestPeriodIsAPartOfTheRun() throws {
    #expect(FastForwardReach.longestPeriod(run: .seconds(3_600)) == .seconds(120))
    #expect(FastForwardReach.longestPeriod(run: .seconds(5_760)) == .seconds(180))
    #expect(
      FastForwardReach.longestPeriod(run: .nanoseconds(5_760_000_000_000 - 32))
        == .nanoseconds(180_000_000_000 - 1))
    #expect(FastForwardReach.longestPeriod(run: .seconds(30 * 86_400)) == .seconds(81_000))
    let promised = try Self.scenario(Self.twoTimers(duration: "96 min"))
    #expect(WorkloadCost(setup: promised.setup).steadyCycle()?.period == 180e9)
    let shorter = try Self.scenario(Self.twoTimers(duration: "5759999999968 ns"))
    #expect(WorkloadCost(setup: shorter.setup).steadyCycle() == nil)
  }

  /// The multiples of the period the fast-forward tries: two always, up to eight within 10 s.
  @Test func theMultiplesTried() {
    #expect(FastForwardReach.multiples(of: .milliseconds(25)) == 8)
    #expect(FastForwardReach.multiples(of: .milliseconds(1_250)) == 8)
    #expect(FastForwardReach.multiples(of: .milliseconds(1_251)) == 7)
    #expect(FastForwardReach.multiples(of: .seconds(5)) == 2)
    #expect(FastForwardReach.multiples(of: .seconds(180)) == 2)
  }

  /// Shapes the fast-forward engages on, each run here twice: with a progress line the engine
  /// takes the events it takes without (a skip crosses the slices' ends); the estimate is never
  /// below them, and within ``estimateFactor`` of them;
  /// none is refused by the default limits, though counting every event refuses the long
  /// animations. Each is a row of the table in *Bad Input, Run Limits and Safe Output*, named
  /// as there.
  static let shapes: [(name: String, text: String, refusedCountingEvery: Bool)] = [
    ("30 d of timers of 45 s and 60 s", twoTimers(duration: "30 d"), false),
    (
      "30 d of a 59.94 fps animation",
      #"""
      { "device": "phone", "duration": "30 d",
        "environment": { "charging": [["0 s", "30 d"]] },
        "display": [ { "from": 0, "to": "30 d", "brightness": "50%", "appearance": "light" } ],
        "workloads": { "ui": { "frames": "59.94 fps", "work": { "cpu": "2 ms", "gpu": "2 ms" } } } }
      """#, true
    ),
    (
      "30 d at 120 fps with a 30 s sync",
      #"""
      { "device": "phone", "duration": "30 d",
        "environment": { "network": "wifi", "charging": [["0 s", "30 d"]] },
        "display": [ { "from": 0, "to": "30 d", "brightness": "50%", "appearance": "light" } ],
        "workloads": {
          "ui": { "frames": "120 fps", "work": { "cpu": "1 ms", "gpu": "2 ms" } },
          "sync": { "every": "30 s", "work": { "cpu": "5 ms", "download": "20 KB" } } } }
      """#, true
    ),
    (
      "a day of two in-phase 6 s timers",
      #"""
      { "device": "phone", "duration": "24 h",
        "environment": { "charging": [["0 s", "24 h"]] },
        "workloads": {
          "a": { "every": "6 s", "work": { "cpu": "2 ms" } },
          "b": { "every": "6 s", "work": { "cpu": "3 ms", "write": "4 KiB" } } } }
      """#, false
    ),
  ]

  /// How far above the events the engine takes the estimate may be, for a shape it engages on
  /// (see *Bad Input, Run Limits and Safe Output*: 2.8 to 28 times on these shapes).
  static let estimateFactor = 30.0

  @Test(arguments: shapes.indices)
  func theEstimateCoversWhatTheEngineTakes(shape: Int) throws {
    let (name, text, refusedCountingEvery) = Self.shapes[shape]
    let scenario = try Self.scenario(text)
    let estimate = RunLimits.standard.estimate(scenario.setup).events
    let processed = Double(Simulation(setup: scenario.setup).run().processedEvents)
    let sliced = Double(Simulation(setup: scenario.setup).run(progress: { _ in }).processedEvents)
    #expect(processed == sliced && processed <= estimate, "\(name): \(processed) / \(estimate)")
    #expect(estimate <= Self.estimateFactor * processed, "\(name): \(processed) / \(estimate)")
    let every = RunLimits.estimate(scenario.setup).events
    #expect((every > RunLimits.standard.maximumEvents) == refusedCountingEvery, "\(name)")
    let row =
      "| \(name) | \(Self.written(every))\(refusedCountingEvery ? " (refused)" : "") | "
      + "\(Self.written(estimate)) | \(Self.written(processed)) |"
    #expect(try Self.article(Self.badInputArticle).contains(row), "\(row)")
  }

  /// *Bad Input, Run Limits and Safe Output*, whose figures the tests here find.
  static let badInputArticle = "Sources/ScenarioFiles/ScenarioFiles.docc/BadInput.md"
  /// *The fast-forward*, which gives the events the shipped day-in-the-life takes.
  static let fastForwardArticle = "Sources/DeviceModels/DeviceModels.docc/TheFastForward.md"

  /// The article at `path` in the package, each run of white space (a line break and the next
  /// line's indent) one space, so that a sentence is found however it is wrapped.
  static func article(_ path: String) throws -> String {
    let text = try String(
      contentsOf: LimitsTests.packageRoot.appendingPathComponent(path), encoding: .utf8)
    return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// A count as the articles write it: below a million the nearest whole number, its digits in
  /// groups of three (`7,382`); from a million up two significant digits and a power of ten
  /// (`4.2e6`, `2.0e9`).
  static func written(_ count: Double) -> String {
    guard count < 1e6 else {
      var exponent = 0
      var mantissa = count
      while mantissa >= 10 {
        mantissa /= 10
        exponent += 1
      }
      var tenths = Int((mantissa * 10).rounded())
      if tenths == 100 {
        tenths = 10
        exponent += 1
      }
      return "\(tenths / 10).\(tenths % 10)e\(exponent)"
    }
    var digits = String(Int(count.rounded()))
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(digits.suffix(3), at: 0)
      digits.removeLast(3)
    }
    return ([Substring(digits)] + groups).joined(separator: ",")
  }

  /// Work that keeps a component more than half busy promises nothing either (a 1 ms timer of
  /// 0.6 ms of GPU work: the GPU serves one at a time).
  @Test func aBusyComponentPromisesNothing() throws {
    let scenario = try Self.scenario(
      #"""
      { "device": "phone", "duration": "1 h",
        "workloads": { "tick": { "every": "1 ms", "work": { "gpu": "600 us" } } } }
      """#)
    #expect(RunLimits.standard.estimate(scenario.setup).workloads[0].simulatedShare == 1)
  }

  /// The shipped standby hour: its estimate counts two events (its workloads' alone), the engine
  /// takes 2,464 (the device's own ladders and polls): what the processed-events limit is for.
  static let standby = LimitsTests.packageRoot.appendingPathComponent("scenarios/standby.json")

  /// A run that takes exactly its limit of events finishes, with the account of a run without a
  /// limit; one event fewer allowed stops it, saying where — with and without the fast-forward.
  @Test(arguments: [true, false])
  func aRunTakingExactlyItsLimitFinishesAndOneMoreStops(fastForward: Bool) throws {
    let scenario = try ScenarioDocument.load(Self.standby.path).scenario()
    let recording = RecordingOptions(fastForward: fastForward)
    let free = Simulation(setup: scenario.setup, recording: recording).run()
    let events = free.processedEvents
    #expect(events > 100)
    let exact = try Simulation(setup: scenario.setup, recording: recording).run(
      maximumEvents: events)
    #expect(exact.processedEvents == events)
    #expect(exact.energy == free.energy)
    #expect(throws: EventLimitReached.self) {
      try Simulation(setup: scenario.setup, recording: recording).run(maximumEvents: events - 1)
    }
    do {
      _ = try Simulation(setup: scenario.setup, recording: recording).run(
        maximumEvents: events - 1)
      Issue.record("a run allowed one event fewer than it takes finished")
    } catch {
      #expect(error.maximumEvents == events - 1)
      #expect(error.duration == .seconds(3_600))
      #expect(error.simulated < error.duration)
    }
  }

  /// `run` stops at `--max-events` with status 1, names the run, the limit and how far it got,
  /// and leaves the output directory as it was; exactly the events the run takes pass.
  @Test func runStoppedByItsLimitWritesNothing() throws {
    let directory = try TemporaryDirectory()
    let text = try String(contentsOf: Self.standby, encoding: .utf8)
    try directory.write(text, to: "standby.json")
    try directory.write("earlier\n", to: "out/summary.csv")
    let scenario = try ScenarioDocument.load(Self.standby.path).scenario()
    let events = Simulation(setup: scenario.setup).run().processedEvents
    let stopped = try PowerSimProcess.run(
      ["run", "standby.json", "--out", "out", "--max-events", String(events - 1)],
      in: directory.url)
    #expect(stopped.exited(with: 1), "\(stopped)")
    #expect(
      stopped.standardError.hasPrefix(
        "Error: standby.json: the run of the baseline stopped after \(events - 1) events, as many as a run may take, at "
      ))
    #expect(
      stopped.standardError.hasSuffix(
        " of its 1 h: it took more than its estimate counted (the fast-forward skipped less, or the device did more, than the scenario's structure foretold); nothing was written; shorten \"duration\", or raise the limit with --max-events\n"
      ))
    #expect(stopped.standardOutput == "")
    #expect(
      try String(contentsOfFile: directory.path("out/summary.csv"), encoding: .utf8) == "earlier\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path("out")) == ["summary.csv"])
    let exact = try PowerSimProcess.run(
      ["run", "standby.json", "--out", "out", "--max-events", String(events)], in: directory.url)
    #expect(exact.exited(with: 0), "\(exact)")
    #expect(
      try String(contentsOfFile: directory.path("out/summary.csv"), encoding: .utf8) != "earlier\n")
  }

  /// `compare` and `sweep` hold each run to the limit and name the alternative or the point.
  @Test func compareAndSweepNameTheRunThatStopped() throws {
    let directory = try TemporaryDirectory()
    try directory.write(try String(contentsOf: Self.standby, encoding: .utf8), to: "standby.json")
    let compare = try PowerSimProcess.run(
      ["compare", "standby.json", "--max-events", "1000"], in: directory.url)
    #expect(compare.exited(with: 1), "\(compare)")
    #expect(
      compare.standardError.hasPrefix(
        "Error: standby.json: the run of the alternative \"baseline\" stopped after 1000 events"))
    let sweep = try PowerSimProcess.run(
      ["sweep", "standby.json", "--set", "seed=1,2", "--max-events", "1000", "--out", "out"],
      in: directory.url)
    #expect(sweep.exited(with: 1), "\(sweep)")
    #expect(
      sweep.standardError.hasPrefix(
        "Error: standby.json: the run of sweep point 0 (seed=1) stopped after 1000 events"))
    #expect(!FileManager.default.fileExists(atPath: directory.path("out")))
  }

  /// A source's share depends on its stretches alone, and is worked out once for the sources
  /// that share them: two timers running all along share one figure, a timer running only while
  /// the screen is visible (the first half) has its own, and both are the rule's sums by hand —
  /// the breaks (the stretch's start, the environment's changes and the sources' starts in it,
  /// the five battery levels, the end, and each occurrence in the stretch of the Poisson
  /// workload, one in 10,000 s) times the allowance, plus each occurrence's service time, over
  /// the stretch's length.
  @Test func sourcesSharingTheirStretchesShareTheirShare() throws {
    let scenario = try Self.scenario(
      #"""
      { "device": "phone", "duration": "40000 s", "visibility": [["0 s", "20000 s"]],
        "workloads": {
          "a": { "every": "1 s", "work": { "cpu": "1 ms" } },
          "b": { "every": "1 s", "when": "visible", "work": { "cpu": "1 ms" } },
          "c": { "every": "1 s", "work": { "cpu": "1 ms" } },
          "p": { "rate": "0.0001 Hz", "work": { "cpu": "3 ms" } } } }
      """#)
    let estimate = RunLimits.standard.estimate(scenario.setup)
    let share = Dictionary(
      uniqueKeysWithValues: estimate.workloads.map { ($0.name, $0.simulatedShare) })
    let cost = WorkloadCost(setup: scenario.setup)
    let cycle = try #require(cost.steadyCycle())
    #expect(cycle.sources == ["a", "b", "c"])
    let poisson = try #require(scenario.setup.workloads.first { $0.name == "p" })
    let busy = cost.serviceTimes(of: poisson).values.reduce(0, +)
    // The whole run: two instants (0 s, where every source starts; 20,000 s, where the screen
    // goes dark), 4 arrivals.
    let run = 40_000e9
    let whole = min(1, ((2 + 5 + 1 + 4) * cycle.allowance + 4 * busy) / run)
    // The first half: the first instant, 2 arrivals.
    let half = min(1, ((1 + 5 + 1 + 2) * cycle.allowance + 2 * busy) / (run / 2))
    #expect(share["a"] == whole && share["c"] == whole)
    #expect(share["b"] == half)
    #expect(half > whole && whole < 1, "\(half), \(whole), \(cycle.allowance)")
    #expect(share["p"] == 1)
  }
}
