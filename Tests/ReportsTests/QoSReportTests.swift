import DeviceModels
import Foundation
import Quantities
import ScenarioFiles
import TestSupport
import Testing

@testable import Reports

/// Latency as a first-class result: per workload and per QoS class, next to energy, in `qos.csv`,
/// `workloads.csv`, `--json` and the summary text.
@Suite struct QoSReportTests {
  /// One generic unit (1 W on, 0 W off, no wake latency) and four kinds of latency account:
  ///
  /// - `anim`, user-interactive: 10 frames at 10 fps of 150 ms of work (no CPU stage, so only
  ///   the rule of two frames in flight drops frames, *OS policies*). The unit serves them back to
  ///   back from 0: frame 4 (due 400 ms) finds frames 2 (until 450 ms) and 3 in flight, frame 7
  ///   (700 ms) frames 5 and 6 (until 900 ms): both dropped; the other eight run, completing at
  ///   150, 300, …, 1200 ms, latencies 150, 200, 250, 300, 250, 300, 250, 300 ms (p50 250 ms),
  ///   each after its deadline (due + 100 ms): eight misses.
  /// - `tick` (due 5 s) and `tock` (due 5.2 s), utility, 500 ms of tolerance, 100 ms each: tick's
  ///   deadline (5.5 s) fires tock too. tick runs 5.5–5.6 s (latency 0.6 s), tock 5.6–5.7 s
  ///   (0.5 s, coalesced).
  /// - `late`, background, deferred to charging in [2 s, 3 s]: never plugged in, it runs at its
  ///   deadline, 3–3.1 s: latency 1.1 s and a deadline miss.
  static func result() -> RunResult {
    let on = Power.watts(1)
    let ladder = Ladder(
      states: [
        LadderState(name: "on", power: on, wakePower: on),
        LadderState(name: "off", power: .zero, wakePower: on),
      ], idlePolicy: .timeout)
    let device = DeviceSpec(
      name: "unit",
      components: [ComponentSpec(name: "unit", model: .generic(ladder), parent: .none)],
      battery: nil)
    func work(_ ms: Int64, _ qos: QoSClass) -> WorkSpec {
      [
        WorkStepSpec(
          qos: qos, generic: [GenericStep(component: "unit", duration: .milliseconds(ms))])
      ]
    }
    func at(_ ms: Int64) -> Instant { Instant(nanosecondsSinceStart: ms * 1_000_000) }
    let workloads = [
      WorkloadSpec(
        name: "anim",
        timing: .frames(rate: Frequency(hertz: 10), start: .start, duration: .seconds(1)),
        work: work(150, .userInteractive)),
      WorkloadSpec(
        name: "tick",
        timing: .periodic(
          every: .seconds(10), start: at(5_000), end: nil, count: 1,
          tolerance: .milliseconds(500)), work: work(100, .utility)),
      WorkloadSpec(
        name: "tock",
        timing: .periodic(
          every: .seconds(10), start: at(5_200), end: nil, count: 1,
          tolerance: .milliseconds(500)), work: work(100, .utility)),
      WorkloadSpec(
        name: "late",
        timing: .window(earliest: at(2_000), deadline: at(3_000), requires: .charging),
        work: work(100, .background)),
    ]
    let setup = SimulationSetup(
      device: device, workloads: workloads,
      environment: EnvironmentSpec(network: [], charging: [], batteryStart: .one), display: [],
      visibility: nil, duration: .seconds(10), seed: 0)
    return Simulation(setup: setup).run()
  }

  @Test func qosCSV() {
    #expect(
      ResultCSV.qos(Self.result()) == """
        qos,workloads,occurrences,latency_p50_s,latency_p99_s,latency_max_s,dropped_frames,unfinished,deadline_misses,coalesced,cpu_s\r
        user-interactive,1,8,0.25,0.3,0.3,2,0,8,0,0\r
        utility,2,2,0.5,0.6,0.6,0,0,0,1,0\r
        background,1,1,1.1,1.1,1.1,0,0,1,0,0\r

        """)
  }

  /// `workloads.csv` keeps *The command line*'s columns in order and adds `coalesced`, then `app`
  /// and `held` (see *The command line*), then `skipped` and `held_awake_s` at the end.
  @Test func workloadsCSV() {
    #expect(
      ResultCSV.workloads(Self.result()) == """
        workload,occurrences,energy_j,latency_p50_s,latency_p99_s,latency_max_s,dropped_frames,unfinished,deadline_misses,coalesced,app,held,skipped,held_awake_s\r
        anim,8,1.2,0.25,0.3,0.3,2,0,8,0,app,0,0,0\r
        late,1,0.1,1.1,1.1,1.1,0,0,1,0,app,0,0,0\r
        tick,1,0.1,0.6,0.6,0.6,0,0,0,0,app,0,0,0\r
        tock,1,0.1,0.5,0.5,0.5,0,0,0,1,app,0,0,0\r
        (unattributed),,0,,,,,,,,,,,\r

        """)
  }

  @Test func qosJSON() {
    let json = ResultJSON.summary(Self.result(), variant: "baseline").serialized(pretty: false)
    #expect(
      json.contains(
        #""qos":{"user-interactive":{"workloads":1,"occurrences":8,"latency_p50_s":0.25,"latency_p99_s":0.3,"latency_max_s":0.3,"dropped_frames":2,"unfinished":0,"deadline_misses":8,"coalesced":0,"cpu_s":0},"utility":{"workloads":2,"occurrences":2,"latency_p50_s":0.5,"latency_p99_s":0.6,"latency_max_s":0.6,"dropped_frames":0,"unfinished":0,"deadline_misses":0,"coalesced":1,"cpu_s":0},"background":{"workloads":1,"occurrences":1,"latency_p50_s":1.1,"latency_p99_s":1.1,"latency_max_s":1.1,"dropped_frames":0,"unfinished":0,"deadline_misses":1,"coalesced":0,"cpu_s":0}}"#
      ))
    #expect(json.contains(#""tock":{"occurrences":1,"energy_j":0.1,"#))
    #expect(json.contains(#""deadline_misses":0,"coalesced":1,"cpu_s":0}"#))
  }

  @Test func summaryTable() {
    #expect(
      SummaryText.qosTable(Self.result()) == """
        qos               workloads  runs  p50 latency     p99     max  dropped  missed  unfinished
        ───────────────────────────────────────────────────────────────────────────────────────────
        user-interactive          1     8       250 ms  300 ms  300 ms        2       8           0
        utility                   2     2       500 ms  600 ms  600 ms        0       0           0
        background                1     1        1.1 s   1.1 s   1.1 s        0       1           0

        """)
  }
}

/// `run --out` writes `qos.csv` with the other files, in the same transaction.
@Suite struct RunPipelineQoSTests {
  @Test func runWritesQoSCSV() throws {
    let directory = try TemporaryDirectory()
    let json = """
      { "name": "qos", "duration": "10 s",
        "device": { "name": "d", "components": { "unit": { "type": "generic",
          "states": [ { "name": "on", "power": "1 W" }, { "name": "off", "power": "0 W", "after": "0 s" } ] } } },
        "workloads": { "w": { "every": "2 s", "work": { "unit": "100 ms", "qos": "utility" } } } }
      """
    var request = RunRequest(scenario: try scenario(json, in: directory))
    request.outputDirectory = directory.path("out")
    try FileManager.default.createDirectory(
      atPath: directory.path("out"), withIntermediateDirectories: true)
    _ = try RunPipeline.run(request)
    let written = try directory.read("out/qos.csv")
    // Five runs of 100 ms on a unit with no wake latency, each 200 ms late: a utility timer that
    // gives no tolerance gets 10% of its period, and with no other wake-up fires at its end.
    #expect(
      written == """
        qos,workloads,occurrences,latency_p50_s,latency_p99_s,latency_max_s,dropped_frames,unfinished,deadline_misses,coalesced,cpu_s\r
        utility,1,5,0.3,0.3,0.3,0,0,0,0,0\r

        """)
    #expect(RunPipeline.outputFiles.contains("qos.csv"))
  }
}
