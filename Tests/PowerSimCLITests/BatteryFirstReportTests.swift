import Foundation
import TestSupport
import Testing

/// *The command line* from the command line: battery-first comparison, the columns added at the end
/// of the CSV files, and the guards against options and paths that would do nothing.
@Suite struct BatteryFirstReportTests {
  static let gps = CLI.scenario("gps-fixes.json")

  /// The GPS scenario on a 100 J battery starting at 60%, charging from 5 min: the baseline
  /// (about 0.15 W) lasts; `flat`, which starts at 10%, runs out and draws least from the battery
  /// only because it is off, so it is never the largest saving; `batched` saves.
  static let batteryScenario = """
    { "name": "Battery first", "device": "devboard", "duration": "10 min",
      "device_patch": { "battery": { "capacity": "100 J", "capacity_mah": null, "voltage": null } },
      "environment": { "battery_start": "60%", "charging": [["5 min", "10 min"]] },
      "workloads": { "location": { "every": "20 s", "work": { "gps": "2 s" } } },
      "variants": {
        "flat": { "environment": { "battery_start": "10%" } },
        "batched": { "workloads": { "location": { "every": "2 min", "work": { "gps": "6 s" } } } }
      } }
    """

  @Test func anAlternativeThatRunsOutIsNeverTheLargestSaving() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.batteryScenario, to: "battery.json")
    let outcome = CLI.run(["compare", file, "--out", directory.path("out")])
    #expect(outcome.status == 0, "\(outcome.error)")
    let lines = outcome.output.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("Largest battery saving: batched, −") })
    let ranOut = try #require(lines.first { $0.hasPrefix("Battery ran out: ") })
    #expect(ranOut.hasPrefix("Battery ran out: flat at "))
    #expect(!ranOut.contains("baseline"))
    #expect(lines.contains { $0.hasPrefix("battery ran out ") && $0.contains("no") })
    for row in ["battery energy", "battery life", "lowest charge", "peak power"] {
      #expect(lines.contains { $0.hasPrefix(row + " ") }, "\(row)")
    }
    #expect(lines.contains { $0.hasPrefix("worst p99 latency ") && $0.contains("(location)") })
    // compare.csv: the battery columns at the end, filled for `flat` only where it ran out.
    let csv = try directory.read("out/compare.csv").split(separator: "\r\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    let header = csv[0]
    #expect(
      Array(header.suffix(10)) == [
        "battery_energy_j", "battery_energy_change_j", "ran_out_h", "off_h", "min_charge",
        "peak_power_w", "worst_latency_p99_workload", "worst_latency_max_workload", "held",
        "battery_energy_mah",
      ])
    let ranOutColumn = try #require(header.firstIndex(of: "ran_out_h"))
    let minCharge = try #require(header.firstIndex(of: "min_charge"))
    #expect(csv[1][ranOutColumn] == "")
    #expect(csv[2][ranOutColumn] != "")
    #expect(csv[2][minCharge] == "0")
    #expect(csv[3][ranOutColumn] == "")
  }

  /// Deferring the download to the charger saves battery energy and no energy: the headline
  /// names it, and says the charger pays.
  @Test func deferralToTheChargerIsABatterySaving() {
    let outcome = CLI.run(["compare", CLI.scenario("deferred-download.json")])
    #expect(outcome.status == 0)
    #expect(
      outcome.output.contains(
        "\nLargest battery saving: charging, −21.99 J of battery (−13.6%) vs baseline; the charger pays"
      ))
  }

  /// A 1 min and a 10 min scenario: average power is compared, and the headline says so.
  @Test func differentDurationsCompareAveragePower() throws {
    let directory = try TemporaryDirectory()
    let short = try directory.write(
      #"{ "name": "short", "device": "devboard", "duration": "1 min" }"#, to: "short.json")
    let long = try directory.write(
      #"{ "name": "long", "device": "devboard", "duration": "10 min" }"#, to: "long.json")
    let outcome = CLI.run(["compare", short, long])
    #expect(outcome.status == 0)
    #expect(outcome.output.contains("\nDurations differ (1 min, 10 min): comparing average"))
    #expect(!outcome.output.contains("Largest saving"))
    #expect(outcome.output.contains("\naverage power "))
  }

  /// The run's summary: `summary.csv`'s new columns at the end, `--json`'s battery fields, and
  /// the header line, which names the flat battery rather than a battery life.
  @Test func runOutputsGiveRanOutTimeOffTimeAndLowestCharge() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.batteryScenario, to: "battery.json")
    let run = CLI.run(["run", file, "--variant", "flat", "--out", directory.path("out")])
    #expect(run.status == 0, "\(run.error)")
    let header = run.output.split(separator: "\n")[2]
    #expect(header.contains(", battery ran out at "))
    #expect(!header.contains("battery life"))
    let summary = try directory.read("out/summary.csv").split(separator: "\r\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    #expect(
      Array(summary[0][6...11]) == [
        "peak_power_w", "ran_out_h", "off_h", "min_charge", "low_power_s", "battery_energy_mah",
      ])
    #expect(summary[1][7] != "" && summary[1][8] != "" && summary[1][9] == "0")
    // 0.3 W of GPS (parent none) on the board's platform: the peak is above either.
    #expect((Double(summary[1][6]) ?? 0) > 0.3)
    let workloads = try directory.read("out/workloads.csv").split(separator: "\r\n")
    #expect(workloads[0].hasSuffix(",app,held,skipped,held_awake_s"))
    #expect(workloads[1].hasPrefix("location,"))
    let held = workloads[0].split(separator: ",").firstIndex(of: "held")!
    #expect(
      workloads[1].split(separator: ",", omittingEmptySubsequences: false)[held] != "0",
      "occurrences fell due while off")
    let json = CLI.run(["run", file, "--variant", "flat", "--json"])
    for key in [
      #""ran_out_h": 0.017225"#, #""off_h": 0.066108"#, #""min_charge": 0"#,
      #""peak_power_w": 0.335"#, #""held": 11"#,
    ] {
      #expect(json.output.contains(key), "\(key)")
    }
  }

  @Test func optionsThatWouldDoNothingAreUsageErrors() {
    let cases: [([String], String)] = [
      (["run", Self.gps, "--resolution", "1 s"], "--resolution"),
      (["run", Self.gps, "--exact"], "--exact"),
      (["run", Self.gps, "--window", "0 s,1 min"], "--window"),
      (["run", Self.gps, "--out", "/nonexistent/x", "--window", "0 s,1 min"], "--window"),
    ]
    for (arguments, option) in cases {
      let outcome = CLI.run(arguments)
      #expect(outcome.status == 64, "\(arguments)")
      #expect(outcome.error.hasPrefix("Error: \(option)"), "\(outcome.error)")
    }
  }

  @Test func versionPrintsTheVersion() {
    let outcome = CLI.run(["--version"])
    #expect(outcome.status == 0)
    #expect(outcome.output.hasPrefix("powersim 3."))
    #expect(outcome.output.hasSuffix("\n"))
  }

  /// `validate scenarios/*.json` skips the JSON Schema beside the scenarios, and says so.
  @Test func validateSkipsAJSONSchema() {
    let outcome = CLI.run(["validate", CLI.scenario("schema.json"), Self.gps])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.contains("schema.json: skipped (a JSON Schema, not a scenario)\n"))
    #expect(outcome.output.contains("gps-fixes.json: ok (2 variants)\n"))
  }

  /// `sweep --variant batched` sets `workloads.location.every` itself: sweeping it is refused
  /// (its values would be ignored), as is sweeping a key below an object the variant replaces;
  /// a path the variant leaves alone is fine.
  @Test func sweepRefusesAPathItsVariantOverrides() {
    for path in ["workloads.location.every=10 s,20 s", "workloads.location.work.gps=1 s,2 s"] {
      let outcome = CLI.run(["sweep", Self.gps, "--set", path, "--variant", "batched"])
      #expect(outcome.status == 64, "\(path)")
      #expect(outcome.error.contains("variant batched also sets this"), "\(outcome.error)")
    }
    #expect(CLI.run(["sweep", Self.gps, "--set", "seed=1,2", "--variant", "batched"]).status == 0)
  }

  /// `sweep.csv` ends with the per-component energies, wake-ups, the worst p99 latency, a
  /// numeric column in seconds for a swept time (`10 s` and `1 min` are 10 and 60) and the
  /// battery energy in mAh.
  @Test func sweepCSVHasNumericSweptValues() throws {
    let directory = try TemporaryDirectory()
    let outcome = CLI.run([
      "sweep", Self.gps, "--set", "workloads.location.every=10 s,1 min", "--out",
      directory.path("out"),
    ])
    #expect(outcome.status == 0, "\(outcome.error)")
    let lines = try directory.read("out/sweep.csv").split(separator: "\r\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    // The numeric column, then the battery energy in mAh last.
    #expect(lines[0].suffix(2) == ["workloads.location.every_s", "battery_energy_mah"])
    #expect(lines[0].contains("gps_j") && lines[0].contains("platform_j"))
    #expect(lines[0].contains("wakeups") && lines[0].contains("latency_p99_s"))
    #expect(lines[1].dropLast().last == "10")
    #expect(lines[2].dropLast().last == "60")
  }
}
