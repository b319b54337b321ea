import Foundation
import TestSupport
import Testing

/// `powersim run --out DIR`: the CSV files with the columns of *The command line* (and `qos.csv`),
/// RFC 4180 quoting, and a power series that integrates to the energy, binned and exact. Expected
/// values are the hand computation in ``RunCommandTests``.
@Suite struct RunOutputTests {
  /// Runs the worked example with `options` into a fresh directory and returns it.
  static func run(_ options: String...) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    let scenario = try directory.write(gpsScenarioText, to: "gps.json")
    let result = CLI.run(["run", scenario, "--out", directory.path("out")] + options)
    #expect(result.status == 0, "\(result.error)")
    return directory
  }

  static func records(_ directory: TemporaryDirectory, _ file: String) throws -> [[String]] {
    try #require(parseCSV(try directory.read("out/" + file)), "\(file) is not RFC 4180 CSV")
  }

  /// The columns *The command line* fixes, and the ones this version adds at the end.
  static let columns: [(file: String, spec: [String], added: [String])] = [
    (
      "summary.csv",
      [
        "variant", "duration_s", "energy_j", "average_power_w", "battery_energy_j",
        "battery_life_h",
      ],
      [
        "peak_power_w", "ran_out_h", "off_h", "min_charge", "low_power_s", "battery_energy_mah",
        "nominal_s", "fair_s", "serious_s", "critical_s", "throttled_s", "peak_temperature_c",
      ]
    ),
    (
      "components.csv",
      [
        "component", "energy_j", "average_power_w", "share", "floor_j", "fixed_j", "dynamic_j",
        "wakeups",
      ], []
    ),
    ("states.csv", ["component", "state", "residency_s", "energy_j"], ["wakeups"]),
    (
      "workloads.csv",
      [
        "workload", "occurrences", "energy_j", "latency_p50_s", "latency_p99_s", "latency_max_s",
        "dropped_frames", "unfinished", "deadline_misses",
      ], ["coalesced", "app", "held", "skipped", "held_awake_s"]
    ),
    ("attribution.csv", ["workload", "component", "energy_j"], []),
    ("power.csv", ["time_s", "platform_w", "gps_w", "total_w"], []),
    (
      "qos.csv", [],
      [
        "qos", "workloads", "occurrences", "latency_p50_s", "latency_p99_s", "latency_max_s",
        "dropped_frames", "unfinished", "deadline_misses", "coalesced", "cpu_s",
      ]
    ),
    (
      "apps.csv", [],
      [
        "app", "energy_j", "foreground_s", "background_s", "suspended_s", "held", "hitches",
        "hitch_s", "hitch_ms_per_s", "hangs",
      ]
    ),
  ]

  @Test func filesAndHeaders() throws {
    let directory = try Self.run()
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path("out"))
    #expect(files.sorted() == Self.columns.map(\.file).sorted())
    for (file, spec, added) in Self.columns {
      let records = try Self.records(directory, file)
      #expect(records.first == spec + added, "\(file)")
      for record in records { #expect(record.count == spec.count + added.count, "\(file)") }
    }
  }

  @Test func accountFiles() throws {
    let directory = try Self.run()
    #expect(
      try Self.records(directory, "summary.csv").dropFirst()
        == [
          [
            "baseline", "20", "1.83", "0.0915", "", "", "0.4", "", "", "", "0", "", "", "", "", "",
            "", "",
          ]
        ])
    // Shares: 0.56 / 1.83 = 0.306011, 1.27 / 1.83 = 0.693989 (six places).
    #expect(
      try Self.records(directory, "components.csv").dropFirst() == [
        // The platform's 0.36 J above its floor is fixed cost (see *Results and accounting*).
        ["platform", "0.56", "0.028", "0.306011", "0.2", "0.36", "0", "0"],
        ["gps", "1.27", "0.0635", "0.693989", "0", "0.97", "0.3", "1"],
      ])
    #expect(
      try Self.records(directory, "states.csv").dropFirst() == [
        ["platform", "on", "4", "0.4", "0"], ["platform", "sleep", "16", "0.16", "0"],
        ["platform", "waking", "0", "0", "0"], ["gps", "active", "2.7", "0.81", "0"],
        ["gps", "hot", "5", "0.3", "0"], ["gps", "off", "11.5", "0", "1"],
        ["gps", "waking", "0.8", "0.16", "0"],
      ])
    #expect(
      try Self.records(directory, "workloads.csv").dropFirst() == [
        ["fix", "2", "1.63", "0.5", "1.3", "1.3", "0", "0", "0", "0", "app", "0", "0", "0"],
        ["(unattributed)", "", "0.2", "", "", "", "", "", "", "", "", "", "", ""],
      ])
    #expect(
      try Self.records(directory, "attribution.csv").dropFirst() == [
        ["fix", "platform", "0.36"], ["fix", "gps", "1.27"], ["(unattributed)", "platform", "0.2"],
        ["(unattributed)", "gps", "0"],
      ])
  }

  /// ∫ power dt over the rows of power.csv (each row holds until the next, the last until the
  /// end of the run), per column after `time_s`.
  static func integrals(_ records: [[String]], duration: Double) -> [Double] {
    let rows = records.dropFirst().map { $0.map { Double($0)! } }
    var sums = Array(repeating: 0.0, count: rows[0].count - 1)
    for (index, row) in rows.enumerated() {
      let end = index + 1 < rows.count ? rows[index + 1][0] : duration
      for column in sums.indices { sums[column] += row[column + 1] * (end - row[0]) }
    }
    return sums
  }

  static func expectClose(_ actual: [Double], _ expected: [Double]) {
    #expect(actual.count == expected.count)
    for (a, e) in zip(actual, expected) { #expect(abs(a - e) <= 1e-9 * e, "\(a) vs \(e)") }
  }

  /// By default, bins of 2 ms (the nicest width giving at most 10 000 rows over 20 s); they
  /// integrate to the energies: platform 0.56 J, GPS 1.27 J, total 1.83 J.
  @Test func defaultBinsIntegrateToTheEnergy() throws {
    let records = try Self.records(try Self.run(), "power.csv")
    #expect(records.count == 10_001)
    #expect(records[1] == ["0", "0.01", "0", "0.01"])
    #expect(records[1_001] == ["2", "0.1", "0.2", "0.3"])  // 2.000–2.002 s: waking.
    #expect(records[10_000][0] == "19.998")
    Self.expectClose(Self.integrals(records, duration: 20), [0.56, 1.27, 1.83])
  }

  /// 3 s bins, by hand. [0, 3): platform (0.01 × 2 + 0.1 × 1) / 3 = 0.04 W, GPS
  /// (0.2 × 0.8 + 0.3 × 0.2) / 3 = 0.0733… W; [3, 6): platform busy or holding, 0.1 W, GPS
  /// (0.3 × 2.5 + 0.06 × 0.5) / 3 = 0.26 W; [6, 9): hot; [9, 12): hot until 10.5 s, 0.03 W;
  /// then asleep and off; the last bin, [18, 20), is 2 s wide.
  @Test func chosenResolution() throws {
    let records = try Self.records(try Self.run("--resolution", "3 s"), "power.csv")
    let expected: [[Double]] = [
      [0, 0.04, 0.22 / 3, 0.34 / 3], [3, 0.1, 0.26, 0.36], [6, 0.01, 0.06, 0.07],
      [9, 0.01, 0.03, 0.04], [12, 0.01, 0, 0.01], [15, 0.01, 0, 0.01], [18, 0.01, 0, 0.01],
    ]
    let rows = records.dropFirst().map { $0.map { Double($0)! } }
    #expect(rows.count == expected.count)
    for (row, want) in zip(rows, expected) {
      for (a, e) in zip(row, want) { #expect(abs(a - e) <= 1e-15, "\(row) vs \(want)") }
    }
    Self.expectClose(Self.integrals(records, duration: 20), [0.56, 1.27, 1.83])
  }

  /// With --exact, one row per change: the intervals of the worked example's table.
  @Test func exactChanges() throws {
    let records = try Self.records(try Self.run("--exact"), "power.csv")
    #expect(
      records == [
        ["time_s", "platform_w", "gps_w", "total_w"], ["0", "0.01", "0", "0.01"],
        ["2", "0.1", "0.2", "0.3"], ["2.8", "0.1", "0.3", "0.4"], ["5.5", "0.1", "0.06", "0.16"],
        ["6", "0.01", "0.06", "0.07"], ["10.5", "0.01", "0", "0.01"],
      ])
    Self.expectClose(Self.integrals(records, duration: 20), [0.56, 1.27, 1.83])
  }

  /// With a battery, `--exact` rows end with its state of charge at their time, as binned rows
  /// do at their start. A 2 J battery, by hand: 0.01 W for 2 s leaves 1.98 J (0.99); 0.3 W for
  /// 0.8 s, 1.74 J (0.87); 0.4 W for 2.7 s, 0.66 J (0.33); 0.16 W for 0.5 s, 0.58 J (0.29);
  /// 0.07 W for 4.5 s, 0.265 J (0.1325). From 3 s (`--window`), the row in force starts with the
  /// charge at 3 s: 1.74 J − 0.4 W × 0.2 s = 1.66 J (0.83).
  @Test func exactChangesWithBattery() throws {
    func power(_ options: String...) throws -> [[String]] {
      let directory = try TemporaryDirectory()
      let text = gpsScenarioText.replacingOccurrences(
        of: #""duration": "20 s","#,
        with: #""device_patch": { "battery": { "capacity": "2 J" } }, "duration": "20 s","#)
      let scenario = try directory.write(text, to: "gps.json")
      let result = CLI.run(["run", scenario, "--out", directory.path("out")] + options)
      #expect(result.status == 0, "\(result.error)")
      return try Self.records(directory, "power.csv")
    }
    #expect(
      try power("--exact") == [
        ["time_s", "platform_w", "gps_w", "total_w", "battery_soc"],
        ["0", "0.01", "0", "0.01", "1"], ["2", "0.1", "0.2", "0.3", "0.99"],
        ["2.8", "0.1", "0.3", "0.4", "0.87"], ["5.5", "0.1", "0.06", "0.16", "0.33"],
        ["6", "0.01", "0.06", "0.07", "0.29"], ["10.5", "0.01", "0", "0.01", "0.1325"],
      ])
    #expect(
      try power("--exact", "--window", "3 s,8 s").dropFirst() == [
        ["3", "0.1", "0.3", "0.4", "0.83"], ["5.5", "0.1", "0.06", "0.16", "0.33"],
        ["6", "0.01", "0.06", "0.07", "0.29"],
      ])
    // Binned, the same column in the same form: the 2 ms bin from 2 s starts at 0.99.
    let binned = try power()
    #expect(binned[0].last == "battery_soc")
    #expect(binned[1_001] == ["2", "0.1", "0.2", "0.3", "0.99"])
  }

  @Test func exactAndResolutionExcludeEachOther() throws {
    let directory = try TemporaryDirectory()
    let scenario = try directory.write(gpsScenarioText, to: "gps.json")
    let result = CLI.run(["run", scenario, "--exact", "--resolution", "1 s"])
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("Error: --exact and --resolution cannot be used together\n"))
  }

  /// Names with commas, quotes and line breaks are quoted, quotes doubled (RFC 4180).
  @Test func quoting() throws {
    let directory = try Self.run("--variant", #"a,"quoted" one"#)
    let summary = try directory.read("out/summary.csv")
    #expect(summary.contains("\r\n\"a,\"\"quoted\"\" one\",20,"))
    let workloads = try directory.read("out/workloads.csv")
    #expect(workloads.contains("\r\n\"say \"\"hi\"\"\r\nthen leave\",1,"))
    let names = try Self.records(directory, "workloads.csv").map(\.[0])
    #expect(names == ["workload", "fix", "say \"hi\"\r\nthen leave", "(unattributed)"])
    #expect(try Self.records(directory, "summary.csv")[1][0] == #"a,"quoted" one"#)
  }
}
