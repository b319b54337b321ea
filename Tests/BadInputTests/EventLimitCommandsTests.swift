import DeviceModels
import Foundation
import JSONSupport
import ScenarioFiles
import TestSupport
import Testing

/// `check`, `calibrate` and `run --measured` hold every run they simulate to `--max-events`, as
/// `run`, `compare` and `sweep` do (see *Bad Input, Run Limits and Safe Output*): a run that takes
/// exactly the limit passes, one that would take one event more stops with status 1, names the
/// file, the limit and the option, and nothing is written.
@Suite struct EventLimitCommandsTests {
  /// An hour of standby on the charger: no periodic workload, so the fast-forward never engages,
  /// and every run of it takes the same events whatever its recording and whatever the powers a
  /// calibration tries (on the charger, no battery level the device drains to moves with them).
  static let standby = #"""
    { "device": "phone", "duration": "1 h",
      "environment": { "network": "wifi", "charging": [["0 s", "1 h"]] } }
    """#

  /// The events the standby hour takes.
  static func standbyEvents() throws -> Int {
    let scenario = try ScenarioDocument(json: JSONReader.parse(standby), file: "standby.json")
      .scenario()
    return Simulation(setup: scenario.setup).run().processedEvents
  }

  /// A directory holding the standby hour, a budget it keeps, and a measured trace of it: a
  /// steady 30 mW, sampled every 10 s.
  static func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write(standby, to: "standby.json")
    try directory.write(
      #"{ "budgets": [ { "scenario": "standby.json", "max": { "energy": "1 kJ" } } ] }"#,
      to: "budgets.json")
    let rows = (0...360).map { "\($0 * 10),0.03\n" }.joined()
    try directory.write("time_s,power_w\n" + rows, to: "measured.csv")
    return directory
  }

  /// The message of a run stopped at `limit` events, up to where it stopped.
  static func stopped(at limit: Int) -> String {
    "Error: standby.json: the run of the baseline stopped after \(limit) events, as many as a run may take, at "
  }

  /// The end of that message: what to change.
  static let advice =
    " of its 1 h: it took more than its estimate counted (the fast-forward skipped less, or the device did more, than the scenario's structure foretold); nothing was written; shorten \"duration\", or raise the limit with --max-events\n"

  /// Each command line, with `--max-events` to append, and the files it writes when it
  /// succeeds. The calibration fits a power the standby never draws (the display's, off all
  /// hour), so that each of its runs takes the standby's events: a power it does draw moves the
  /// events of the runs that change it (fitting the suspended state's, one of the fit's runs
  /// takes between 2,471 and 2,480 events, against the standby's 2,464).
  static let commands: [(arguments: [String], writes: [String])] = [
    (
      ["check", "budgets.json", "--junit", "check.xml", "--record", "record.json"],
      ["check.xml", "record.json"]
    ),
    (
      [
        "calibrate", "standby.json", "--measured", "measured.csv", "--fit",
        "components.display.panel_power", "--resolution", "60 s", "--out", "fitted.json",
      ],
      ["fitted.json"]
    ),
    (
      [
        "run", "standby.json", "--measured", "measured.csv", "--resolution", "60 s", "--out", "out",
        "--plot", "plot.svg",
      ],
      ["out", "plot.svg"]
    ),
  ]

  @Test(arguments: commands.indices)
  func exactlyTheLimitPassesAndOneEventFewerStops(command: Int) throws {
    let (arguments, writes) = Self.commands[command]
    let events = try Self.standbyEvents()
    #expect(events > 1_000)
    let directory = try Self.directory()
    let stopped = try PowerSimProcess.run(
      arguments + ["--max-events", String(events - 1)], in: directory.url)
    #expect(stopped.exited(with: 1), "\(stopped)")
    #expect(stopped.standardError.hasPrefix(Self.stopped(at: events - 1)), "\(stopped)")
    #expect(stopped.standardError.hasSuffix(Self.advice), "\(stopped)")
    #expect(stopped.standardOutput == "")
    for file in writes {
      #expect(!FileManager.default.fileExists(atPath: directory.path(file)), "\(file)")
    }
    // The limit is the events a run may take: exactly that many finish.
    let exact = try PowerSimProcess.run(
      arguments + ["--max-events", String(events)], in: directory.url)
    #expect(exact.exited(with: 0), "\(exact)")
    for file in writes {
      #expect(FileManager.default.fileExists(atPath: directory.path(file)), "\(file)")
    }
  }

  /// `check --max-events` moves the estimate's limit too: a budget's scenario estimated above it
  /// is refused before anything runs, at the scenario's workload.
  @Test func checkHoldsTheEstimateToTheLimit() throws {
    let directory = try Self.directory()
    try directory.write(
      #"""
      { "device": "phone", "duration": "1 h",
        "workloads": { "tick": { "every": "1 s", "work": { "cpu": "1 ms" } } } }
      """#, to: "tick.json")
    try directory.write(
      #"{ "budgets": [ { "scenario": "tick.json", "max": { "energy": "1 kJ" } } ] }"#,
      to: "budgets.json")
    let refused = try PowerSimProcess.run(
      ["check", "budgets.json", "--max-events", "1000"], in: directory.url)
    #expect(refused.exited(with: 1), "\(refused)")
    // 3,600 occurrences of a 1 s timer: more than 1,000 events whatever each costs.
    #expect(
      refused.standardError.hasPrefix(
        "Error: tick.json: workloads.tick.every: this workload needs about "),
      "\(refused)")
    #expect(
      refused.standardError.contains(
        "more than a run may take (1000); make \"every\" longer or end it sooner with \"until\" or \"count\", shorten \"duration\", or raise the limit with --max-events"
      ), "\(refused)")
    let accepted = try PowerSimProcess.run(["check", "budgets.json"], in: directory.url)
    #expect(accepted.exited(with: 0), "\(accepted)")
  }

  /// The option's value is read as `run` reads it: a decimal integer, else a usage error naming
  /// the command (status 64), before any scenario is read.
  @Test(arguments: ["check", "calibrate", "run"], ["5e9", "-1", "0", "1.5", "lots"])
  func aBadLimitIsAUsageErrorOfTheCommand(command: String, text: String) throws {
    let directory = try Self.directory()
    let arguments =
      Self.commands.first { $0.arguments[0] == command }!.arguments + ["--max-events", text]
    let outcome = try PowerSimProcess.run(arguments, in: directory.url)
    #expect(outcome.exited(with: 64), "\(outcome)")
    #expect(
      outcome.standardError.hasPrefix(
        "Error: --max-events: expected a whole number of events in decimal digits, such as 5000000000, found \"\(text)\"\nUsage: powersim \(command) "
      ), "\(outcome)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "budgets.json", "measured.csv", "standby.json",
      ])
  }
}
