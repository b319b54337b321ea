import Foundation
import TestSupport
import Testing

/// `compare`, `sweep` and `schema` from the command line: exit statuses, outputs, parallel runs
/// against serial ones, and shards against the whole sweep.
@Suite struct CompareSweepCommandTests {
  static let gps = CLI.scenario("gps-fixes.json")
  static let sweep = [
    "sweep", gps, "--set", "workloads.location.every=10 s,20 s,30 s,1 min", "--set", "seed=1,2,3",
  ]

  @Test func exitStatuses() throws {
    let directory = try TemporaryDirectory()
    let bad = try directory.write(#"{ "device": "phone", "duration": "5 MB" }"#, to: "bad.json")
    let cases: [([String], Int32)] = [
      (["compare", Self.gps], 0),
      (["schema"], 0),
      (["compare", bad], 1),
      (["compare", Self.gps, bad], 1),
      (["compare", directory.path("missing.json")], 1),
      (["sweep", bad, "--set", "seed=1"], 1),
      (["sweep", Self.gps, "--set", "workloads.location.every=-1 s"], 1),
      (["sweep", Self.gps, "--set", "seed=1", "--variant", "nope"], 1),
      (["compare"], 64),
      (["compare", Self.gps, "--jobs", "0"], 64),
      (["sweep", Self.gps], 64),
      (["sweep", Self.gps, "--set", "seed"], 64),
      (["sweep", Self.gps, "--set", "seed=[1,2"], 64),
      (["sweep", Self.gps, "--set", "seed=1", "--shard", "3/2"], 64),
      (["sweep", Self.gps, "--set", "seed=1", "--shard", "1"], 64),
      (["sweep", Self.gps, "--set", "seed=1", "--jobs", "many"], 64),
      (["sweep", Self.gps, "--set", "seed=1", "--set", "seed=2"], 64),
      (["schema", "extra"], 64),
    ]
    for (arguments, status) in cases {
      let outcome = CLI.run(arguments)
      #expect(outcome.status == status, "\(arguments): \(outcome.error)")
      if status != 0 { #expect(outcome.error.hasPrefix("Error: "), "\(arguments)") }
      if status == 64 {
        #expect(outcome.error.contains("\nUsage: powersim \(arguments[0])"), "\(arguments)")
      }
    }
  }

  @Test func usageErrorsSayWhatWasExpected() {
    let shard = CLI.run(["sweep", Self.gps, "--set", "seed=1", "--shard", "3/2"])
    #expect(
      shard.error.hasPrefix(
        "Error: --shard: expected I/N with N at least 1 and I from 0 to N − 1, found \"3/2\"\n"))
    let set = CLI.run(["sweep", Self.gps, "--set", "seed"])
    #expect(
      set.error.hasPrefix(
        "Error: --set: expected KEY.PATH=V1,V2,… such as seed=1,2, found \"seed\"\n"))
  }

  @Test func anInvalidPointIsNamed() {
    let outcome = CLI.run(["sweep", Self.gps, "--set", "workloads.location.every=1 min,5 MB"])
    #expect(
      outcome.error
        == "Error: \(Self.gps): sweep point 1 (workloads.location.every=5 MB): workloads.location.every: expected a time such as \"5 s\" or \"20 ms\", found \"5 MB\" (a data size)\n"
    )
  }

  @Test func schemaPrintsTheSchema() {
    let outcome = CLI.run(["schema"])
    #expect(
      outcome.output.hasPrefix(
        "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"))
    #expect(outcome.output.hasSuffix("}\n"))
  }

  /// `powersim reference` prints the Scenario file reference article, and `--help` does not
  /// list it (a command for maintainers).
  @Test func referencePrintsTheArticleUnlisted() {
    let outcome = CLI.run(["reference"])
    #expect(outcome.status == 0)
    #expect(outcome.output.hasPrefix("# Scenario file reference\n"))
    #expect(outcome.output.contains("| `debounce` | time |"))
    #expect(!CLI.run(["--help"]).output.contains("reference"))
  }

  @Test func sweepInParallelWritesTheSameBytesAsSerially() throws {
    let directory = try TemporaryDirectory()
    var files: [String] = []
    var tables: [String] = []
    for jobs in ["1", "2", "7"] {
      let outcome = CLI.run(Self.sweep + ["--jobs", jobs, "--out", directory.path("jobs-\(jobs)")])
      #expect(outcome.status == 0, "\(outcome.error)")
      files.append(try directory.read("jobs-\(jobs)/sweep.csv"))
      tables.append(outcome.output)
    }
    #expect(files[0].split(separator: "\r\n").count == 13)
    #expect(files.allSatisfy { $0 == files[0] })
    #expect(tables.allSatisfy { $0 == tables[0] })
  }

  /// The first shard's file followed by every other shard's rows, sorted by index, is the whole
  /// sweep byte for byte.
  @Test func shardsConcatenateToTheWholeSweep() throws {
    let directory = try TemporaryDirectory()
    #expect(CLI.run(Self.sweep + ["--out", directory.path("whole")]).status == 0)
    let whole = try directory.read("whole/sweep.csv")
    for count in [2, 5] {
      var combined: [Substring] = []
      for index in 0..<count {
        let out = "shard-\(count)-\(index)"
        let outcome = CLI.run(
          Self.sweep + ["--shard", "\(index)/\(count)", "--out", directory.path(out)])
        #expect(outcome.status == 0, "\(outcome.error)")
        let lines = try directory.read(out + "/sweep.csv").split(separator: "\r\n")
        combined += index == 0 ? lines[...] : lines.dropFirst()
      }
      let rows = combined.dropFirst().sorted {
        Int($0.prefix { $0 != "," })! < Int($1.prefix { $0 != "," })!
      }
      #expect(([combined[0]] + rows).map { $0 + "\r\n" }.joined() == whole)
    }
  }

  @Test func progressGoesToStandardErrorOnlyWhenItIsATerminal() {
    let quiet = CLI.run(["sweep", Self.gps, "--set", "seed=1,2"])
    #expect(quiet.error == "")
    let terminal = CLI.run(["sweep", Self.gps, "--set", "seed=1,2"], errorIsTerminal: true)
    #expect(terminal.error == "\rsweep: 1/2 points\rsweep: 2/2 points\n")
    #expect(terminal.output == quiet.output)
  }

  @Test func compareWritesItsCSVAndGivesTheSameResultsForAnyJobs() throws {
    let directory = try TemporaryDirectory()
    let scenario = CLI.scenario("gps-fixes.json")
    let serial = CLI.run(["compare", scenario, "--jobs", "1", "--out", directory.path("serial")])
    let parallel = CLI.run(["compare", scenario, "--out", directory.path("parallel")])
    #expect(serial.status == 0 && parallel.status == 0)
    #expect(serial.output == parallel.output)
    let csv = try directory.read("serial/compare.csv")
    #expect(try directory.read("parallel/compare.csv") == csv)
    #expect(csv.hasPrefix("alternative,scenario,variant,energy_j,"))
    #expect(csv.split(separator: "\r\n").count == 3)
    #expect(serial.output.contains("\nLargest battery saving: batched, "))
  }

  /// Several files: each is an alternative named after its file, the first the baseline.
  @Test func compareOfSeveralFiles() throws {
    let directory = try TemporaryDirectory()
    let faster = try directory.write(
      """
      { "$schema": "schema.json", "name": "Faster fixes", "device": "devboard", "duration": "10 min",
        "workloads": { "location": { "every": "10 s", "work": { "gps": "2 s" } } } }
      """, to: "faster.json")
    let outcome = CLI.run(["compare", Self.gps, faster])
    #expect(outcome.status == 0)
    #expect(
      outcome.output.hasPrefix(
        "2 scenarios, the first the baseline\n  gps-fixes: \(Self.gps) (GPS fixes: sporadic vs batched), device devboard, 10 min\n  faster: \(faster) (Faster fixes), device devboard, 10 min\n\nNo saving: no alternative uses less battery energy than gps-fixes (the closest, faster, +"
      ))
  }

  /// The header names the scenario, its device, and each file and its label, escaped as the
  /// table is: a file and a scenario name holding line breaks and escape sequences.
  @Test func compareHeaderEscapesNames() throws {
    let directory = try TemporaryDirectory()
    let first = try directory.write(
      #"{ "name": "Idle\r\nnow", "device": "devboard", "duration": "1 min" }"#,
      to: "one\u{1B}[2J.json")
    let second = try directory.write(
      #"{ "name": "Idle\u2028later", "device": "devboard", "duration": "2 min" }"#,
      to: "two\n.json")
    let several = CLI.run(["compare", first, second])
    #expect(several.status == 0, "\(several.error)")
    #expect(
      several.output.hasPrefix(
        "2 scenarios, the first the baseline\n"
          + #"  one\u001B[2J: \#(directory.path)/one\u001B[2J.json (Idle\r\nnow), device devboard, 1 min"#
          + "\n"
          + #"  two\n: \#(directory.path)/two\n.json (Idle\u2028later), device devboard, 2 min"#
          + "\n\n"))
    let one = CLI.run(["compare", first])
    #expect(one.output.hasPrefix(#"Idle\r\nnow"# + "\n  device devboard, 1 min, 1 alternative\n\n"))
  }
}
