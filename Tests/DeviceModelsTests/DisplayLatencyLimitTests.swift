import DeviceModels
import Quantities
import Testing

/// The display's CPU latency request (*The CPU*; `CPUSpec.displayLatencyLimit`): while the display
/// is on, the idle governor keeps cores and clusters out of states slower to leave than the
/// limit; when it turns on, idle ones in such states wake and choose again; when it turns off,
/// they go as deep as the next known wake-up allows.
@Suite struct DisplayLatencyLimitTests {
  /// One cluster `c` of one core (the CPU tests' core: off with a 100 µs wake). The cluster: on
  /// 30 mW; clock-gated 6 mW (no latency); off 2 mW, a 5 ms wake, worth entering for 1 ms.
  static func cpu(limit: TimeSpan?, clusters: [String] = ["c"]) -> ComponentSpec {
    let on = Power.milliwatts(30)
    let cluster = Ladder(
      states: [
        LadderState(name: "on", power: on, wakePower: on),
        Fixture.state("clock-gated", .milliwatts(6), active: on),
        Fixture.state(
          "off", .milliwatts(2), wake: .milliseconds(5), minResidency: .milliseconds(1),
          active: on),
      ], idlePolicy: .predictive)
    let specs = clusters.map { name in
      ClusterSpec(
        name: name, cores: 1, ipc: 1, operatingPoints: CPUTests.points,
        coreLadder: CPUTests.coreLadder, clusterLadder: cluster)
    }
    var component = CPUTests.cpu(specs)
    guard case .cpu(var cpu) = component.model else { preconditionFailure("a CPU") }
    cpu.displayLatencyLimit = limit
    component.model = .cpu(cpu)
    return component
  }

  /// 1 ms of CPU work every 100 ms for 2 s, the display on for the first second.
  static func run(limit: TimeSpan?) -> RunResult {
    let device = Fixture.device([
      cpu(limit: limit),
      ComponentSpec(name: "display", model: .display(DisplayTests.oled), parent: .none),
    ])
    let tick = WorkloadSpec(
      name: "tick",
      timing: .periodic(
        every: .milliseconds(100), start: Fixture.at(.zero), end: nil, count: nil,
        tolerance: .zero),
      work: [WorkStepSpec(cpu: .milliseconds(1))])
    let session = DisplaySession(
      range: TimeRange(start: Fixture.at(.zero), end: Fixture.at(.seconds(1))),
      brightness: Fraction(0.5), content: .appearance(.light))
    return Fixture.run(Fixture.setup(device, [tick], duration: .seconds(2), display: [session]))
  }

  /// By hand, with a 300 µs limit: the display comes on at 0 and kicks the cluster out of `off`
  /// (5 ms); the first tick's core waits for it, wakes in 100 µs and runs 1 ms: 6.1 ms. Under
  /// the lit screen the cluster idles clock-gated, so the ticks at 0.1 … 1.0 s (the display goes
  /// off at 1 s, after the cluster chose) take 100 µs + 1 ms = 1.1 ms. With the screen off the
  /// cluster powers off between ticks: those at 1.1 … 1.9 s take 6.1 ms. Cluster wake-ups: the
  /// kick and those nine. Without a limit every tick takes 6.1 ms and wakes the cluster.
  @Test func clustersStayOutOfSlowStatesUnderALitScreen() throws {
    let limited = Self.run(limit: .microseconds(300))
    let latency = try #require(limited.workload("tick").latency)
    #expect(limited.workload("tick").occurrences == 20)
    #expect(latency.max == .microseconds(6_100))
    #expect(latency.p50 == .microseconds(1_100))
    let cluster = try #require(limited.component("cpu").nodes.first { $0.path == "cpu/c" })
    #expect(cluster.wakeups == 10)

    let unlimited = Self.run(limit: nil)
    let all = try #require(unlimited.workload("tick").latency)
    #expect(all.p50 == .microseconds(6_100))
    #expect(all.max == .microseconds(6_100))
    let unlimitedCluster = try #require(
      unlimited.component("cpu").nodes.first { $0.path == "cpu/c" })
    #expect(unlimitedCluster.wakeups == 20)
  }

  /// When the display goes off with a known wake-up too close for `off` (0.5 ms away, under its
  /// 1 ms residency), idle clusters stay clock-gated; a cluster the wake-up does not come to
  /// goes off when it passes, as after any idle entry. Two clusters `c` and `d`, the 300 µs
  /// limit, the display on 0–1 s, 1 ms of CPU work due at 0.5 s and 1.0005 s, both on `c` (the
  /// first cluster of the `default` class). `d`, kicked out of `off` as the display comes on at
  /// 0 (5 ms), idles clock-gated under the screen, and goes off at 1.0005 s: 0.9995 s off, and
  /// one wake-up (the kick).
  @Test func aClusterTheWakeUpPassesByGoesOffOnceTheScreenIsOff() throws {
    let device = Fixture.device([
      Self.cpu(limit: .microseconds(300), clusters: ["c", "d"]),
      ComponentSpec(name: "display", model: .display(DisplayTests.oled), parent: .none),
    ])
    let work = WorkloadSpec(
      name: "work",
      timing: .times([Fixture.at(.milliseconds(500)), Fixture.at(.microseconds(1_000_500))]),
      work: [WorkStepSpec(cpu: .milliseconds(1))])
    let session = DisplaySession(
      range: TimeRange(start: Fixture.at(.zero), end: Fixture.at(.seconds(1))),
      brightness: Fraction(0.5), content: .appearance(.light))
    let result = Fixture.run(
      Fixture.setup(device, [work], duration: .seconds(2), display: [session]))
    let idle = try #require(result.component("cpu").nodes.first { $0.path == "cpu/d" })
    #expect(idle.wakeups == 1)
    #expect(idle.states.first { $0.name == "off" }?.residency == .microseconds(999_500))
  }
}
