import Foundation
import JSONSupport
import TestSupport
import Testing

/// The machine-readable outputs print energies exactly, so *Results and accounting*'s invariants
/// hold on the printed text itself, to the attojoule — checked here with integer arithmetic on the
/// parsed decimals, not with a tolerance. The scenario adds a sensor drawing microwatts to the
/// worked example, so its figures have more than nine decimals of joules.
@Suite struct ExactOutputTests {
  /// The worked example plus a sensor without a parent: `active` 7 µW; `off` 0.3 µW after
  /// 250 ms, waking in 2 ms (at the active power). One reading of 123.456789 ms at 1 s.
  ///
  /// By hand, in nanowatts × nanoseconds = attojoules: off for 1 s and from 1.375456789 s to
  /// 20 s, 19.624543211 s × 300 nW = 5,887,362,963,300 aJ; waking 2 ms × 7,000 nW =
  /// 14,000,000,000 aJ; active (serving 123.456789 ms, holding 250 ms) 0.373456789 s × 7,000 nW
  /// = 2,614,197,523,000 aJ; in all 8,515,560,486,300 aJ = 0.0000085155604863 J. Floor: 300 nW
  /// for 20 s = 0.000006 J; dynamic: 6,700 nW above the floor while serving = 827,160,486,300 aJ;
  /// fixed: 6,700 nW while waking and holding = 1,688,400,000,000 aJ. The old nine decimals
  /// printed 0.000008516 J for the sensor but 0.000005887 + 0.000000014 + 0.000002614 =
  /// 0.000008515 J for its states.
  static let scenarioText = """
    {
      "name": "Microwatt sensor",
      "device": \(gpsBoard),
      "device_patch": {
        "battery": { "capacity": "1 Wh" },
        "components": {
          "sensor": { "type": "generic", "parent": "none", "states": [
            { "name": "active", "power": "7 µW" },
            { "name": "off", "power": "0.3 µW", "after": "250 ms", "wake_latency": "2 ms" } ] }
        }
      },
      "duration": "20 s",
      "workloads": {
        "fix": { "times": ["2 s", "4 s"], "work": { "gps": "500 ms" } },
        "sense": { "at": "1 s", "work": { "sensor": "123.456789 ms" } }
      },
      "variants": {
        "longer reading": { "workloads": { "sense": { "work": { "sensor": "200.000001 ms" } } } }
      }
    }
    """

  /// The run's duration in nanoseconds.
  static let duration: Int128 = 20_000_000_000

  /// Runs `command` on the scenario with `options`, in a fresh directory whose `out` folder
  /// receives `--out`.
  static func run(_ command: String, _ options: String...) throws -> (
    directory: TemporaryDirectory, outcome: CLI.Outcome
  ) {
    let directory = try TemporaryDirectory()
    let scenario = try directory.write(scenarioText, to: "sensor.json")
    let arguments = [command, scenario] + options.map { $0 == "OUT" ? directory.path("out") : $0 }
    let outcome = CLI.run(arguments)
    #expect(outcome.status == 0, "\(outcome.error)")
    return (directory, outcome)
  }

  /// The records of `out/file` after the header, each keyed by column.
  static func table(_ directory: TemporaryDirectory, _ file: String) throws -> [[String: String]] {
    let records = try #require(parseCSV(try directory.read("out/" + file)), "\(file)")
    let header = try #require(records.first)
    return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
  }

  /// Attojoules of a field in joules; fails the test unless it is an exact decimal with at most
  /// 18 places.
  static func attojoules(_ text: String?) throws -> Int128 {
    let field = try #require(text)
    return try #require(exactDecimal(field, scale: 18), "\(field) J")
  }

  /// Nanoseconds of a field in seconds (at most nine places).
  static func nanoseconds(_ text: String?) throws -> Int128 {
    let field = try #require(text)
    return try #require(exactDecimal(field, scale: 9), "\(field) s")
  }

  /// The sum of `values`.
  static func sum(_ values: [Int128]) -> Int128 { values.reduce(0, +) }

  @Test func handComputedSensorFigures() throws {
    let (directory, _) = try Self.run("run", "--out", "OUT")
    let sensor = try #require(
      try Self.table(directory, "components.csv").first { $0["component"] == "sensor" })
    #expect(sensor["energy_j"] == "0.0000085155604863")
    #expect(sensor["floor_j"] == "0.000006")
    #expect(sensor["fixed_j"] == "0.0000016884")
    #expect(sensor["dynamic_j"] == "0.0000008271604863")
    #expect(sensor["wakeups"] == "1")
    // 8,515,560,486,300 aJ ÷ 20,000,000,000 ns = 425.778024315 nW.
    #expect(sensor["average_power_w"] == "0.000000425778024315")
    let states = try Self.table(directory, "states.csv").filter { $0["component"] == "sensor" }
    #expect(
      states.map { [$0["state"]!, $0["residency_s"]!, $0["energy_j"]!] } == [
        ["active", "0.373456789", "0.000002614197523"],
        ["off", "19.624543211", "0.0000058873629633"],
        ["waking", "0.002", "0.000000014"],
      ])
    let attribution = try Self.table(directory, "attribution.csv").filter {
      $0["component"] == "sensor"
    }
    #expect(
      attribution.map { [$0["workload"]!, $0["energy_j"]!] } == [
        ["fix", "0"], ["sense", "0.0000025155604863"], ["(unattributed)", "0.000006"],
      ])
    // The worked example's figures are unchanged: platform 0.56 J, GPS 1.27 J.
    let summary = try #require(try Self.table(directory, "summary.csv").first)
    #expect(summary["energy_j"] == "1.8300085155604863")
  }

  /// Every invariant of *Results and accounting* on the text of `run --out`'s files, exactly.
  @Test func runFilesKeepTheInvariantsExactly() throws {
    let (directory, _) = try Self.run("run", "--out", "OUT")
    let summary = try #require(try Self.table(directory, "summary.csv").first)
    let total = try Self.attojoules(summary["energy_j"])
    // Never plugged in: the battery supplies everything.
    #expect(try Self.attojoules(summary["battery_energy_j"]) == total)

    let components = try Self.table(directory, "components.csv")
    var energy: [String: Int128] = [:]
    for row in components {
      let name = try #require(row["component"])
      energy[name] = try Self.attojoules(row["energy_j"])
      let parts = try ["floor_j", "fixed_j", "dynamic_j"].map { try Self.attojoules(row[$0]) }
      #expect(Self.sum(parts) == energy[name], "floor + fixed + dynamic of \(name)")
    }
    #expect(components.map { $0["component"] } == ["platform", "gps", "sensor"])
    #expect(Self.sum(Array(energy.values)) == total, "components add up to the total")

    let states = try Self.table(directory, "states.csv")
    for (name, componentEnergy) in energy {
      let rows = states.filter { $0["component"] == name || $0["component"]!.hasPrefix(name + "/") }
      #expect(try Self.sum(rows.map { try Self.attojoules($0["energy_j"]) }) == componentEnergy)
    }
    for node in Set(states.map { $0["component"]! }) {
      let rows = states.filter { $0["component"] == node }
      #expect(
        try Self.sum(rows.map { try Self.nanoseconds($0["residency_s"]) }) == Self.duration,
        "residencies of \(node)")
    }

    let attribution = try Self.table(directory, "attribution.csv")
    for (name, componentEnergy) in energy {
      let rows = attribution.filter { $0["component"] == name }
      #expect(
        try Self.sum(rows.map { try Self.attojoules($0["energy_j"]) }) == componentEnergy,
        "attribution + unattributed = \(name)")
    }
    let workloads = try Self.table(directory, "workloads.csv")
    for row in workloads {
      let rows = attribution.filter { $0["workload"] == row["workload"] }
      #expect(
        try Self.sum(rows.map { try Self.attojoules($0["energy_j"]) })
          == Self.attojoules(row["energy_j"]))
    }
    #expect(try Self.sum(workloads.map { try Self.attojoules($0["energy_j"]) }) == total)

    // 2 ms bins. The sensor goes off at 1.375456789 s, inside [1.374, 1.376): (7,000 nW ×
    // 1,456,789 ns + 300 nW × 543,211 ns) ÷ 2,000,000 ns = 5,180.24315 nW, exactly.
    let power = try Self.table(directory, "power.csv")
    #expect(power.first { $0["time_s"] == "1.374" }?["sensor_w"] == "0.00000518024315")
    try Self.expectIntegrals(power, energy: energy, total: total)
  }

  /// `--exact`'s rows hold until the next change (the last until the end): integer nanowatts
  /// for integer nanoseconds, so the file integrates to the attojoule.
  @Test func exactPowerIntegratesExactly() throws {
    let (directory, _) = try Self.run("run", "--out", "OUT", "--exact")
    let components = try Self.table(directory, "components.csv")
    var energy: [String: Int128] = [:]
    for row in components { energy[row["component"]!] = try Self.attojoules(row["energy_j"]) }
    let total = try Self.attojoules(try Self.table(directory, "summary.csv").first?["energy_j"])
    let rows = try Self.table(directory, "power.csv")
    // The sensor wakes at 1 s (at its active power) and is off again from 1.375456789 s.
    #expect(rows.contains { $0["time_s"] == "1.375456789" && $0["sensor_w"] == "0.0000003" })
    try Self.expectIntegrals(rows, energy: energy, total: total)
  }

  /// `--json` holds the same exact figures, so the invariants hold on it too.
  @Test func jsonKeepsTheInvariantsExactly() throws {
    let (_, outcome) = try Self.run("run", "--json")
    let root = try JSONReader.parse(outcome.output)
    func figure(_ value: JSONValue?, _ key: String) -> String {
      guard case .object(let object) = value, case .number(let number) = object[key] else {
        Issue.record("no number \(key)")
        return ""
      }
      return number.literal
    }
    let total = try Self.attojoules(figure(root, "energy_j"))
    #expect(figure(root, "energy_j") == "1.8300085155604863")
    #expect(figure(root, "average_power_w") == "0.091500425778024315")
    guard case .object(let root) = root, case .object(let components)? = root["components"],
      case .object(let workloads)? = root["workloads"]
    else {
      Issue.record("no components or workloads")
      return
    }
    #expect(try Self.attojoules(figure(root["battery"], "energy_j")) == total)
    var sum: Int128 = 0
    for name in components.keys {
      let component = components[name]
      let energy = try Self.attojoules(figure(component, "energy_j"))
      sum += energy
      let parts = try ["floor_j", "fixed_j", "dynamic_j"].map {
        try Self.attojoules(figure(component, $0))
      }
      #expect(Self.sum(parts) == energy, "floor + fixed + dynamic of \(name)")
      guard case .object(let entry)? = component, case .object(let states)? = entry["states"] else {
        Issue.record("no states for \(name)")
        continue
      }
      let energies = try states.keys.map { try Self.attojoules(figure(states[$0], "energy_j")) }
      let residencies = try states.keys.map {
        try Self.nanoseconds(figure(states[$0], "residency_s"))
      }
      #expect(Self.sum(energies) == energy, "states of \(name)")
      #expect(Self.sum(residencies) == Self.duration, "residencies of \(name)")
    }
    #expect(sum == total)
    #expect(figure(components["sensor"], "energy_j") == "0.0000085155604863")
    let attributed = try workloads.keys.map {
      try Self.attojoules(figure(workloads[$0], "energy_j"))
    }
    #expect(Self.sum(attributed) == total)
  }

  /// `compare.csv`: each alternative's components add up to its energy, its floor, fixed and
  /// dynamic parts too, and every change is the exact difference from the baseline. The longer
  /// reading, by hand: active 450,000,001 ns, waking 2 ms, off 19,547,999,999 ns, so the sensor
  /// draws 3,150,000,007,000 + 14,000,000,000 + 5,864,399,999,700 = 9,028,400,006,700 aJ,
  /// 512,839,520,400 aJ more than the baseline's.
  @Test func compareFileIsExact() throws {
    let (directory, _) = try Self.run("compare", "--out", "OUT")
    let rows = try Self.table(directory, "compare.csv")
    #expect(rows.map { $0["alternative"] } == ["baseline", "longer reading"])
    #expect(rows.map { $0["sensor_j"] } == ["0.0000085155604863", "0.0000090284000067"])
    #expect(rows.map { $0["sensor_change_j"] } == ["0", "0.0000005128395204"])
    #expect(rows.map { $0["energy_change_j"] } == ["0", "0.0000005128395204"])
    let names = ["platform", "gps", "sensor"]
    let baseline = try #require(rows.first)
    for row in rows {
      let energy = try Self.attojoules(row["energy_j"])
      #expect(try Self.sum(names.map { try Self.attojoules(row[$0 + "_j"]) }) == energy)
      let parts = try ["floor_j", "fixed_j", "dynamic_j"].map { try Self.attojoules(row[$0]) }
      #expect(Self.sum(parts) == energy)
      for prefix in ["energy"] + names {
        let (value, change) = (prefix + "_j", prefix + "_change_j")
        #expect(
          try Self.attojoules(row[change])
            == Self.attojoules(row[value]) - Self.attojoules(baseline[value]), "\(change)")
      }
    }
  }

  /// `sweep.csv` prints each point's summary as `summary.csv` does: exactly.
  @Test func sweepFileIsExact() throws {
    let (directory, _) = try Self.run(
      "sweep", "--set", "workloads.sense.work.sensor=123.456789 ms,200.000001 ms", "--out", "OUT",
      "--jobs", "1")
    let rows = try Self.table(directory, "sweep.csv")
    #expect(rows.map { $0["energy_j"] } == ["1.8300085155604863", "1.8300090284000067"])
    #expect(rows.map { $0["battery_energy_j"] } == rows.map { $0["energy_j"] })
    // 1,830,008,515,560,486,300 aJ ÷ 20,000,000,000 ns = 91,500,425.778024315 nW.
    #expect(rows.first?["average_power_w"] == "0.091500425778024315")
  }

  /// ∫ power dt over `power.csv`'s rows equals each component's energy and the total, exactly:
  /// each row's powers hold from its `time_s` to the next row's (the last to the end of the
  /// run). Binned or exact rows alike: a bin's average power times its width is its energy.
  static func expectIntegrals(_ rows: [[String: String]], energy: [String: Int128], total: Int128)
    throws
  {
    let columns = energy.keys.map { $0 + "_w" } + ["total_w"]
    // Powers as integers of 10^-places W, with places the most any field has.
    var places = 9
    for row in rows {
      for column in columns {
        let field = try #require(row[column])
        places = max(places, field.split(separator: ".").dropFirst().first?.count ?? 0)
      }
    }
    let starts = try rows.map { try nanoseconds($0["time_s"]) }
    for column in columns {
      // Σ power × width, in 10^-(places + 9) J.
      var integral: Int128 = 0
      for (index, row) in rows.enumerated() {
        let end = index + 1 < rows.count ? starts[index + 1] : duration
        let field = try #require(row[column])
        let power = try #require(exactDecimal(field, scale: places), "\(field) W")
        integral += power * (end - starts[index])
      }
      let expected = column == "total_w" ? total : try #require(energy[String(column.dropLast(2))])
      var scaledExpected = expected
      for _ in 18..<(places + 9) { scaledExpected *= 10 }
      #expect(integral == scaledExpected, "∫ \(column) dt")
    }
  }
}

/// `text`, a decimal without exponent (`-0.25`, `12`), as a count of `10^-scale` units; `nil`
/// when it is not such a decimal or has more than `scale` places, so that the count is exact.
func exactDecimal(_ text: String, scale: Int) -> Int128? {
  var body = Substring(text)
  let negative = body.first == "-"
  if negative { body = body.dropFirst() }
  let parts = body.split(separator: ".", omittingEmptySubsequences: false)
  guard parts.count <= 2, let whole = parts.first, !whole.isEmpty else { return nil }
  let fraction = parts.count == 2 ? parts[1] : ""
  guard fraction.count <= scale, parts.count == 1 || !fraction.isEmpty else { return nil }
  var value: Int128 = 0
  for character in whole + fraction + String(repeating: "0", count: scale - fraction.count) {
    guard let digit = character.wholeNumberValue, character.isASCII else { return nil }
    value = value * 10 + Int128(digit)
  }
  return negative ? -value : value
}
