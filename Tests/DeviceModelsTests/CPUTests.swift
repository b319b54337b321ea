import DeviceModels
import Quantities
import Testing

/// The CPU model of *The CPU*, on small CPUs whose accounts are computed by hand.
@Suite struct CPUTests {
  /// A core ladder: holding at 10 mW, "wfi" at 5 mW (no latency), "off" at 0 (100 µs wake).
  static let coreLadder: Ladder = {
    let hold = Power.milliwatts(10)
    return Ladder(
      states: [
        LadderState(name: "active", power: hold, wakePower: hold),
        Fixture.state("wfi", .milliwatts(5), active: hold),
        Fixture.state(
          "off", .zero, wake: .microseconds(100), wakePower: .milliwatts(50),
          minResidency: .milliseconds(1), active: hold),
      ], idlePolicy: .predictive)
  }()

  /// A cluster ladder with no cost: 0 W throughout, no latency.
  static let freeCluster = Ladder(
    states: [
      LadderState(name: "on", power: .zero, wakePower: .zero),
      LadderState(name: "off", power: .zero, wakePower: .zero),
    ], idlePolicy: .predictive)

  /// OPPs 1 GHz at 100 mW and 2 GHz at 400 mW: 0.1 vs 0.2 nJ per cycle.
  static let points = [
    OperatingPoint(frequency: .gigahertz(1), power: .milliwatts(100)),
    OperatingPoint(frequency: .gigahertz(2), power: .milliwatts(400)),
  ]

  static func cluster(_ name: String, cores: Int, ipc: Double = 1) -> ClusterSpec {
    ClusterSpec(
      name: name, cores: cores, ipc: ipc, operatingPoints: points, coreLadder: coreLadder,
      clusterLadder: freeCluster)
  }

  static func cpu(_ clusters: [ClusterSpec], dispatch: TimeSpan = .zero) -> ComponentSpec {
    let names = clusters.map(\.name)
    let policy: [QoSClass: QoSRule] = [
      .userInteractive: QoSRule(clusters: names, frequency: .max),
      .userInitiated: QoSRule(clusters: names, frequency: .max),
      .default: QoSRule(clusters: names, frequency: .max),
      .utility: QoSRule(clusters: names.reversed(), frequency: .efficient),
      .background: QoSRule(clusters: [names.last!], frequency: .min),
    ]
    return ComponentSpec(
      name: "cpu",
      model: .cpu(CPUSpec(clusters: clusters, dispatchCost: dispatch, qosPolicy: policy)),
      parent: .none)
  }

  static func job(
    _ name: String, at time: TimeSpan, cpu: TimeSpan, qos: QoSClass = .default, threads: Int = 1,
    efficiency: Double = 1
  ) -> WorkloadSpec {
    WorkloadSpec(
      name: name, timing: .once(at: Fixture.at(time)),
      work: [WorkStepSpec(cpu: cpu, threads: threads, qos: qos, parallelEfficiency: efficiency)])
  }

  static func run(
    _ cpu: ComponentSpec, _ workloads: [WorkloadSpec], duration: TimeSpan = .seconds(1)
  )
    -> RunResult
  {
    Fixture.run(Fixture.setup(Fixture.device([cpu]), workloads, duration: duration))
  }

  /// 10 ms of reference time at the reference frequency (2 GHz) takes 10 ms plus the dispatch
  /// (50 µs, merged into the step), after a 100 µs wake from "off".
  @Test func workRunsAtTheReferenceFrequency() {
    let result = Self.run(
      Self.cpu([Self.cluster("big", cores: 1)], dispatch: .microseconds(50)),
      [Self.job("a", at: .milliseconds(10), cpu: .milliseconds(10))])
    #expect(result.workload("a").latency?.max == .microseconds(10_150))
    let cpu = result.component("cpu")
    // Serving 10.05 ms at 400 mW = 4.02 mJ; waking 100 µs at 50 mW = 5 µJ; after the work
    // nothing is known ahead, so the core goes straight to "off".
    #expect(cpu.state("active", node: "cpu/big/core0").energy == joules(0.00402))
    #expect(cpu.state("waking", node: "cpu/big/core0").energy == joules(0.000005))
    #expect(cpu.energy == joules(0.004025))
    #expect(cpu.wakeups == 1)
  }

  /// `efficient` picks the OPP with the lowest energy per cycle (1 GHz); `min` the lowest; the
  /// work takes twice as long at half the frequency and half the energy.
  @Test func qosChoosesTheOperatingPoint() {
    let fast = Self.run(
      Self.cpu([Self.cluster("only", cores: 1)]),
      [Self.job("a", at: .zero, cpu: .milliseconds(10), qos: .userInitiated)])
    let efficient = Self.run(
      Self.cpu([Self.cluster("only", cores: 1)]),
      [Self.job("a", at: .zero, cpu: .milliseconds(10), qos: .utility)])
    // Wake 100 µs, then 10 ms at 2 GHz, or 20 ms at 1 GHz.
    #expect(fast.workload("a").latency?.max == .microseconds(10_100))
    #expect(efficient.workload("a").latency?.max == .microseconds(20_100))
    // 400 mW × 10 ms = 4 mJ against 100 mW × 20 ms = 2 mJ, plus the same 5 µJ wake.
    #expect(fast.component("cpu").energy == joules(0.004005))
    #expect(efficient.component("cpu").energy == joules(0.002005))
  }

  /// A cluster runs at the highest frequency its running parts ask for and re-times the others.
  /// Work of 10 ms on the reference core is 20 M cycles (2 GHz). Core 0 runs it as background
  /// work at 1 GHz from 0.1 ms (after its wake). At 5 ms a 2 ms user-interactive part wakes core 1
  /// (to 5.1 ms) and raises the cluster to 2 GHz until it ends at 7.1 ms. Core 0 has done 5 M
  /// cycles by 5.1 ms and 4 M more by 7.1 ms; the remaining 11 M take 11 ms at 1 GHz, so it ends
  /// at 18.1 ms.
  @Test func frequencyChangesRetimeRunningWork() {
    let result = Self.run(
      Self.cpu([Self.cluster("only", cores: 2)]),
      [
        Self.job("slow", at: .zero, cpu: .milliseconds(10), qos: .background),
        Self.job("urgent", at: .milliseconds(5), cpu: .milliseconds(2), qos: .userInteractive),
      ])
    #expect(result.workload("urgent").latency?.max == .microseconds(2_100))
    #expect(result.workload("slow").latency?.max == .microseconds(18_100))
    let core0 = result.component("cpu").state("active", node: "cpu/only/core0")
    #expect(core0.residency == .milliseconds(18))
    // Core 0 at 100 mW for 5 + 11 = 16 ms and at 400 mW for 2 ms: 1.6 + 0.8 = 2.4 mJ.
    #expect(core0.energy == joules(0.0024))
  }

  /// `threads` splits the step into equal parts on separate cores; `parallel_efficiency`
  /// inflates the total: 8 ms on 4 threads at 0.8 is 10 ms of work, 2.5 ms per part. The
  /// occurrence's dispatch (here of zero cost) first wakes core 0 (0–0.1 ms), which then runs a
  /// part at once while cores 1–3 wake (0.1–0.2 ms): the step ends 0.2 ms + one part.
  @Test(arguments: [(1.0, Int64(2_000)), (0.8, 2_500)])
  func threadsSplitTheWork(efficiency: Double, partMicroseconds: Int64) {
    let result = Self.run(
      Self.cpu([Self.cluster("only", cores: 4)]),
      [Self.job("a", at: .zero, cpu: .milliseconds(8), threads: 4, efficiency: efficiency)])
    #expect(result.workload("a").latency?.max == .microseconds(200 + partMicroseconds))
    let active = result.component("cpu").nodes.filter { $0.path.contains("core") }.map {
      $0.states.first { $0.name == "active" }!.residency
    }
    #expect(active == Array(repeating: .microseconds(partMicroseconds), count: 4))
  }

  /// With one core busy, waiting parts start highest QoS first, FIFO within a class.
  @Test func higherQoSIsDispatchedFirst() {
    let result = Self.run(
      Self.cpu([Self.cluster("only", cores: 1)]),
      [
        Self.job("a-first", at: .zero, cpu: .milliseconds(10), qos: .default),
        Self.job("b-utility", at: .milliseconds(1), cpu: .milliseconds(1), qos: .userInitiated),
        Self.job(
          "c-interactive", at: .milliseconds(2), cpu: .milliseconds(1), qos: .userInteractive),
      ])
    // a: 0.1–10.1. Then c (due 2 ms) 10.1–11.1, then b (due 1 ms) 11.1–12.1.
    #expect(result.workload("c-interactive").latency?.max == .microseconds(9_100))
    #expect(result.workload("b-utility").latency?.max == .microseconds(11_100))
  }

  /// A class spills to its next preferred cluster when the first has no free core; the second
  /// cluster's cores have half the IPC, so the same work takes twice as long there.
  @Test func workSpillsToTheNextPreferredCluster() {
    let result = Self.run(
      Self.cpu([Self.cluster("big", cores: 1), Self.cluster("little", cores: 1, ipc: 0.5)]),
      [
        Self.job("first", at: .zero, cpu: .milliseconds(10)),
        Self.job("second", at: .milliseconds(1), cpu: .milliseconds(2)),
      ])
    #expect(result.workload("first").latency?.max == .microseconds(10_100))
    #expect(result.workload("second").latency?.max == .microseconds(4_100))
    let little = result.component("cpu").state("active", node: "cpu/little/core0")
    #expect(little.residency == .milliseconds(4))
  }

  /// Package wake-ups count every-core-idle → one core running: two overlapping items are one
  /// wake-up; a third after everything went idle is another.
  @Test func packageWakeupsCountWholeCPUWakes() {
    let result = Self.run(
      Self.cpu([Self.cluster("only", cores: 2)]),
      [
        Self.job("a", at: .zero, cpu: .milliseconds(5)),
        Self.job("b", at: .milliseconds(1), cpu: .milliseconds(5)),
        Self.job("c", at: .milliseconds(100), cpu: .milliseconds(1)),
      ])
    let cpu = result.component("cpu")
    #expect(cpu.wakeups == 2)
    let coreWakeups = cpu.nodes.filter { $0.path.contains("core") }.map(\.wakeups).reduce(0, +)
    #expect(coreWakeups == 3)
  }

  /// An idle core that stayed shallow for a known wake-up that went to another core goes to its
  /// deepest state then, instead of staying shallow for ever. Two 1 ms items at 0 wake both
  /// cores (0–0.1 ms) and run to 1.1 ms; the timer due at 2 ms is 0.9 ms away (< 1 ms minimum
  /// residency), so both wait in "wfi". At 2 ms the timer's 0.5 ms item goes to core 0; core 1
  /// missed the wake-up and goes "off". Core 0, idle from 2.5 ms with the next tick 1.5 ms away,
  /// goes "off", wakes at 4 ms (to 4.1) and runs to 4.6 ms.
  @Test func coresMissingAKnownWakeupGoToTheirDeepestState() {
    let tick = WorkloadSpec(
      name: "tick",
      timing: .periodic(
        every: .milliseconds(2), start: Fixture.at(.milliseconds(2)), end: nil, count: 2,
        tolerance: .zero),
      work: [WorkStepSpec(cpu: .microseconds(500))])
    let result = Self.run(
      Self.cpu([Self.cluster("only", cores: 2)]),
      [
        Self.job("a", at: .zero, cpu: .milliseconds(1)),
        Self.job("b", at: .zero, cpu: .milliseconds(1)), tick,
      ], duration: .milliseconds(10))
    let cpu = result.component("cpu")
    #expect(cpu.state("wfi", node: "cpu/only/core1").residency == .microseconds(900))
    #expect(cpu.state("off", node: "cpu/only/core1").residency == .milliseconds(8))
    #expect(cpu.state("wfi", node: "cpu/only/core0").residency == .microseconds(900))
    #expect(cpu.state("off", node: "cpu/only/core0").residency == .microseconds(6_900))
    // Core 1: wake 5 µJ + 1 ms at 400 mW + 0.9 ms at 5 mW = 409.5 µJ. Core 0: the same, plus
    // 0.5 ms at 400 mW, a second wake and another 0.5 ms: 814.5 µJ.
    #expect(cpu.energy == joules(0.001224))
    #expect(result.workload("tick").latency?.max == .microseconds(600))
    // Every core idle before 0, 2 and 4 ms: three package wake-ups.
    #expect(cpu.wakeups == 3)
  }
}
