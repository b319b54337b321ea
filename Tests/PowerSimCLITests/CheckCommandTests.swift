import Foundation
import TestSupport
import Testing

/// `powersim check` on the worked example (1.83 J, peak 400 mW; the GPS 1.27 J; `fix` 1.63 J
/// with p99 latency 1.3 s): the table, the exit status, and the files it writes.
@Suite struct CheckCommandTests {
  /// A directory with `gps.json` and `budgets.json` holding `budgets`.
  static func directory(_ budgets: String) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write(gpsScenarioText, to: "gps.json")
    try directory.write(#"{ "budgets": [ \#(budgets) ] }"#, to: "budgets.json")
    return directory
  }

  static let breached = #"""
    { "scenario": "gps.json", "max": { "energy": "2 J", "peak_power": "350 mW" },
      "workloads": { "fix": { "max": { "latency_p99": "1.5 s" } } } }
    """#

  @Test func aBreachedBudgetPrintsItsRowAndExitsWithOne() throws {
    let directory = try Self.directory(Self.breached)
    let outcome = CLI.run(["check", directory.path("budgets.json")])
    #expect(outcome.status == 1)
    #expect(outcome.error == "")
    // 2 − 1.83 = 0.17 J (8.5% of 2 J); 350 − 400 = −50 mW (−14.3%); 1.5 − 1.3 = 0.2 s (13.3%).
    #expect(
      outcome.output == """
        Scenario  Variant   Metric                      Value     Limit           Margin  Result
        ────────────────────────────────────────────────────────────────────────────────────────
        gps.json  baseline  energy                     1.83 J     ≤ 2 J   +170 mJ (8.5%)  ok
        gps.json  baseline  peak_power                 400 mW  ≤ 350 mW  -50 mW (-14.3%)  BREACH
        gps.json  baseline  workloads.fix.latency_p99   1.3 s   ≤ 1.5 s  +200 ms (13.3%)  ok
        1 of 3 limits failed.

        """)
  }

  @Test func theJUnitAndMarkdownReports() throws {
    let directory = try Self.directory(Self.breached)
    let budgets = directory.path("budgets.json")
    let outcome = CLI.run([
      "check", budgets, "--junit", directory.path("out/check.xml"), "--markdown",
      directory.path("check.md"),
    ])
    #expect(outcome.status == 1)
    let junit = try String(contentsOfFile: directory.path("out/check.xml"), encoding: .utf8)
    #expect(
      junit == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="powersim check" tests="3" failures="1">
          <testsuite name="\(budgets)" tests="3" failures="1" errors="0" skipped="0">
            <testcase classname="gps.json.baseline" name="energy ≤ 2 J" time="0"/>
            <testcase classname="gps.json.baseline" name="peak_power ≤ 350 mW" time="0">
              <failure type="breach" message="gps.json (baseline): peak_power is 400 mW, 50 mW above its limit ≤ 350 mW">gps.json (baseline): peak_power = 0.4 W, limit ≤ 0.35 W, margin -0.05 W: BREACH</failure>
            </testcase>
            <testcase classname="gps.json.baseline" name="workloads.fix.latency_p99 ≤ 1.5 s" time="0"/>
          </testsuite>
        </testsuites>

        """)
    let markdown = try String(contentsOfFile: directory.path("check.md"), encoding: .utf8)
    #expect(markdown.contains("1 of 3 limits failed."))
    #expect(
      markdown.contains(
        "| `gps.json` | baseline | `peak_power` | 400 mW | ≤ 350 mW | -50 mW (-14.3%) | **BREACH** |"
      ))
  }

  @Test func recordThenCheckAgainstTheRecord() throws {
    let directory = try Self.directory(
      #"{ "scenario": "gps.json", "max": { "energy": "2 J" } }"#)
    let budgets = directory.path("budgets.json")
    let record = directory.path("baseline.json")
    #expect(CLI.run(["check", budgets, "--record", record]).status == 0)
    #expect(
      try String(contentsOfFile: record, encoding: .utf8) == """
        {
          "values": [
            {
              "scenario": "gps.json",
              "variant": "baseline",
              "scope": "run",
              "metric": "energy",
              "value": 1.83
            }
          ]
        }

        """)
    // The same figure against itself holds at any tolerance; against 1.8 J it grew 1.67%.
    #expect(CLI.run(["check", budgets, "--against", record, "--tolerance", "0%"]).status == 0)
    try directory.write(
      #"{ "values": [ { "scenario": "gps.json", "variant": "baseline", "scope": "run", "metric": "energy", "value": 1.8 } ] }"#,
      to: "older.json")
    let older = directory.path("older.json")
    #expect(CLI.run(["check", budgets, "--against", older, "--tolerance", "2%"]).status == 0)
    let regressed = CLI.run(["check", budgets, "--against", older, "--tolerance", "1%"])
    #expect(regressed.status == 1)
    #expect(regressed.output.contains("1.8 J (+1.7%)"))
    #expect(regressed.output.contains("REGRESSION"))
    #expect(regressed.output.hasSuffix("1 of 1 limit failed (1 by regression only).\n"))
  }

  @Test(arguments: [
    (["check"], "Error: missing expected argument 'BUDGETS'"),
    (
      ["check", "b.json", "--tolerance", "1%"], "Error: --tolerance has no effect without --against"
    ),
    (["check", "b.json", "--against", "a.json"], "Error: --against needs --tolerance"),
    (["check", "b.json", "--against", "a.json", "--tolerance", "lots"], "Error: --tolerance: "),
  ])
  func usageErrorsExitWith64(_ arguments: [String], _ message: String) {
    let outcome = CLI.run(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.error.hasPrefix(message), "\(outcome.error)")
  }

  @Test func anOutputThatIsAnInputIsRefusedBeforeAnythingRuns() throws {
    let directory = try Self.directory(Self.breached)
    let budgets = directory.path("budgets.json")
    let outcome = CLI.run(["check", budgets, "--junit", budgets])
    #expect(outcome.status == 1)
    #expect(outcome.output == "")
    #expect(outcome.error.contains("budgets.json"))
    #expect(try String(contentsOfFile: budgets, encoding: .utf8).contains("350 mW"))
  }
}
