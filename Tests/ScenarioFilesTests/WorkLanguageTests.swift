import DeviceModels
import Quantities
import ScenarioFiles
import TestSupport
import Testing

/// The work language of *OS policies*, from scenario text to simulated steps, on the round-numbered
/// device of ``ScenarioFixture/device``.
@Suite struct WorkLanguageTests {
  /// The first time each component draws power, from the exact power series, in device order.
  static func firstActive(_ scenario: Scenario) -> (RunResult, [Int64?]) {
    let collector = PowerSeriesCollector()
    let end = Instant(nanosecondsSinceStart: scenario.setup.duration.nanoseconds)
    let result = Simulation(
      setup: scenario.setup,
      recording: RecordingOptions(
        exactWindow: TimeRange(start: .start, end: end), sink: collector)
    ).run()
    let changes = collector.changes!
    let count = changes.componentCount
    let first = (0..<count).map { component in
      changes.times.indices.first { changes.powers[$0 * count + component] > 0 }.map {
        changes.times[$0]
      }
    }
    return (result, first)
  }

  /// Every step kind, in a list of three objects whose keys are written out of order. Steps of
  /// an object run `cpu`, `read`, `write`, `download`, `upload`, `gpu`, then generic components;
  /// objects run one after another (ms):
  ///
  ///     cpu 10 ms                               0 –   10   1 W      10 mJ
  ///     read 1 MB at 10 MB/s                   10 –  110   1 W     100 mJ
  ///     write 10 kB as five 2 kB requests     110 –  120   2 W      20 mJ
  ///     download 100 kB over Wi-Fi (1 MB/s)   120 –  220   1 W     100 mJ
  ///     gpu 5 ms                              220 –  225   1 W       5 mJ
  ///     gps 1 s                               225 – 1225   1 W    1000 mJ
  ///     upload 100 kB via cell: rtt + data   1225 – 1425   2 W     400 mJ
  ///     cpu 1 ms                             1425 – 1426   1 W       1 mJ
  ///     audio 200 ms                         1426 – 1626   0.5 W   100 mJ
  @Test func everyStepKindRunsInOrder() throws {
    let scenario = try ScenarioFixture.scenario(
      ScenarioFixture.text(
        workloads: """
          "all": { "at": "0 s", "work": [
            { "gps": "1 s", "gpu": "5 ms", "download": "100 KB", "write": "10 KB",
              "write_size": "2 KB", "read": "1 MB", "cpu": "10 ms" },
            { "upload": "100 KB", "via": "cell" },
            { "audio": "200 ms", "cpu": "1 ms" } ] }
          """))
    let (result, first) = Self.firstActive(scenario)
    #expect(result.workload("all").latency?.max == .milliseconds(1_626))
    let names = result.components.map(\.name)
    #expect(names == ["cpu", "storage", "wifi", "cell", "gpu", "gps", "audio"])
    let ms: Int64 = 1_000_000
    #expect(first == [0, 10 * ms, 120 * ms, 1_225 * ms, 220 * ms, 225 * ms, 1_426 * ms])
    let energies = result.components.map(\.energy)
    #expect(
      energies == [0.011, 0.12, 0.1, 0.4, 0.005, 1, 0.1].map { Energy.joules($0) })
    #expect(result.workload("all").energy == .joules(1.736))
  }

  /// `write_size` splits a write into requests, each rounded up to whole 1 kB pages: 10 kB in
  /// 3 kB requests is 3 + 3 + 3 + 1 kB, 10 ms in all at 1 MB/s; in 1500 B requests it is six
  /// requests of two pages and one of one page: 13 pages, 13 ms; at once, 10 ms.
  @Test(arguments: [("3 KB", Int64(10)), ("1500 B", 13), ("10 KB", 10)])
  func writeSizeSplitsWrites(size: String, milliseconds: Int64) throws {
    let scenario = try ScenarioFixture.scenario(
      ScenarioFixture.text(
        workloads: """
          "save": { "at": "0 s", "work": { "write": "10 KB", "write_size": "\(size)" } }
          """))
    let result = Simulation(setup: scenario.setup).run()
    #expect(result.workload("save").latency?.max == .milliseconds(milliseconds))
    // 2 W while writing.
    #expect(result.component("storage").energy == .watts(2) * .milliseconds(milliseconds))
  }

  /// Without `via`, transfers use the environment's network at the time they start; `via` pins
  /// one radio.
  @Test func transfersFollowTheNetworkUnlessPinned() throws {
    let scenario = try ScenarioFixture.scenario(
      ScenarioFixture.text(
        workloads: """
          "get": { "times": ["1 s", "6 s"], "work": { "download": "100 KB" } },
          "pinned": { "at": "7 s", "work": { "download": "100 KB", "via": "wifi" } }
          """,
        extra: """
          "environment": { "network": [ { "from": "0 s", "to": "5 s", "network": "wifi" },
            { "from": "5 s", "to": "10 s", "network": "cellular" } ] },
          """))
    let result = Simulation(setup: scenario.setup).run()
    // Wi-Fi: 100 ms at 1 W, twice; cellular: 100 ms round trip + 100 ms at 2 W once.
    #expect(result.component("wifi").energy == .joules(0.2))
    #expect(result.component("cell").energy == .joules(0.4))
    #expect(result.workload("get").latency?.max == .milliseconds(200))
  }

  /// A workload's QoS class is its first object's: the list below counts as `utility`. Its
  /// user-interactive step's CPU time (1 ms at the reference core's 1 GHz) gets a row of its own,
  /// with no workload.
  @Test func theFirstObjectSetsTheQoSClass() throws {
    let scenario = try ScenarioFixture.scenario(
      ScenarioFixture.text(
        workloads: """
          "a": { "at": "0 s", "work": [ { "cpu": "1 ms", "qos": "utility" },
            { "cpu": "1 ms", "qos": "user-interactive" } ] },
          "b": { "at": "1 s", "work": { "gps": "10 ms" } }
          """))
    #expect(scenario.setup.workloads[0].work.map(\.qos) == [.utility, .userInteractive])
    let result = Simulation(setup: scenario.setup).run()
    #expect(result.qosClasses.map(\.qos) == [.userInteractive, .default, .utility])
    #expect(
      result.qosClasses.map { $0.latency?.max } == [nil, .milliseconds(10), .milliseconds(2)])
    #expect(result.qosClasses.map(\.workloads) == [0, 1, 1])
    #expect(result.qosClasses[0].cpuTime == .milliseconds(1))
  }

  /// A trace has no work of its own: its class is its first row's `qos` column (1 ms of CPU at
  /// 1 GHz, alone on the core, completes 1 ms after each row). The second row's CPU time counts
  /// as `utility`, in a row with no workload.
  @Test func aTraceTakesItsClassFromItsFirstRow() throws {
    let directory = try TemporaryDirectory()
    try directory.write("time,cpu,qos\n0 s,1 ms,background\n1 s,1 ms,utility\n", to: "t.csv")
    let scenario = try ScenarioFixture.scenario(
      ScenarioFixture.text(workloads: #""t": { "trace": "t.csv" }"#),
      file: directory.path + "/scenario.json")
    let result = Simulation(setup: scenario.setup).run()
    #expect(result.qosClasses.map(\.qos) == [.utility, .background])
    #expect(result.qosClasses.map(\.occurrences) == [0, 2])
    #expect(result.qosClasses.map { $0.latency?.max } == [nil, .milliseconds(1)])
  }

  /// Mistakes in work items name the JSON path and say what was expected.
  @Test(arguments: [
    (
      #"{ "write_size": "2 KB", "cpu": "1 ms" }"#, "workloads.w.work.write_size",
      "\"write_size\" modifies \"write\", which this work item does not have"
    ),
    (
      #"{ "download": "1 MB", "via": "gps" }"#, "workloads.w.work.via",
      "expected a radio of the device (\"wifi\" or \"cell\"), found \"gps\""
    ),
    (
      #"{ "cpu": "1 ms", "via": "wifi" }"#, "workloads.w.work.via",
      "\"via\" names the radio of a download or upload; this item has neither"
    ),
    (
      #"[ { "cpu": "1 ms" }, { "gsp": "1 s" } ]"#, "workloads.w.work[1].gsp",
      "unknown key \"gsp\" in a work item (did you mean \"gps\"?)"
    ),
    (#"[]"#, "workloads.w.work", "expected at least one work object in the list, found none"),
    (
      #"{ "write": "-1 KB" }"#, "workloads.w.work.write",
      "expected a data size that is not negative, found \"-1 KB\""
    ),
  ])
  func workErrors(work: String, path: String, message: String) {
    let error = ScenarioFixture.error(
      ScenarioFixture.text(workloads: #""w": { "at": "0 s", "work": \#(work) }"#))
    #expect(error?.path == path)
    #expect(error?.message == message)
  }
}
