import DeviceModels
import Quantities
import Testing

/// SPEC 7 [v2]: a host's power above its floor, busy for its children or not, is fixed cost.
@Suite struct FixedCostTests {
  /// SPEC 7's invariants: components add up to the total, floor + fixed + dynamic to each
  /// component, residencies to the duration, attribution to each component's energy.
  static func expectAccountsAddUp(_ result: RunResult) {
    #expect(result.components.reduce(Energy.zero) { $0 + $1.energy } == result.energy)
    for (index, component) in result.components.enumerated() {
      #expect(component.floor + component.fixed + component.dynamic == component.energy)
      for node in component.nodes {
        let residency = node.states.reduce(TimeSpan.zero) { $0 + $1.residency }
        #expect(residency == result.duration, "\(node.path)")
      }
      let attributed = result.workloads.reduce(Energy.zero) { $0 + $1.energyByComponent[index] }
      #expect(attributed + result.unattributedByComponent[index] == component.energy)
    }
  }

  // MARK: Threads

  /// A core: active 10 mW when holding, off (0 W) with no latency; it goes off at once.
  static let core = Ladder(
    states: [
      LadderState(name: "active", power: .milliwatts(10), wakePower: .milliwatts(10)),
      Fixture.state("off", .zero, active: .milliwatts(10)),
    ], idlePolicy: .predictive)

  /// A cluster: on 50 mW, off 0 W, no latency.
  static let cluster = Ladder(
    states: [
      LadderState(name: "on", power: .milliwatts(50), wakePower: .milliwatts(50)),
      LadderState(name: "off", power: .zero, wakePower: .milliwatts(50)),
    ], idlePolicy: .predictive)

  /// A platform: awake 100 mW, asleep 10 mW at once, no latency.
  static let quickPlatform = Fixture.twoStateLadder(
    "awake", .milliwatts(100), then: "asleep", .milliwatts(10))

  /// Four cores at 2 GHz, 400 mW each while serving, no dispatch cost; 40 ms of work at 10 ms.
  static func runThreads(_ threads: Int) -> RunResult {
    let clusterSpec = ClusterSpec(
      name: "big", cores: 4, ipc: 1,
      operatingPoints: [OperatingPoint(frequency: .gigahertz(2), power: .milliwatts(400))],
      coreLadder: core, clusterLadder: cluster)
    let rule = QoSRule(clusters: ["big"], frequency: .max)
    let cpu = ComponentSpec(
      name: "cpu",
      model: .cpu(
        CPUSpec(
          clusters: [clusterSpec], dispatchCost: .zero,
          qosPolicy: Dictionary(uniqueKeysWithValues: QoSClass.allCases.map { ($0, rule) }))),
      parent: .platform)
    let job = WorkloadSpec(
      name: "job", timing: .once(at: Fixture.at(.milliseconds(10))),
      work: [WorkStepSpec(cpu: .milliseconds(40), threads: threads, qos: .default)])
    return Fixture.run(
      Fixture.setup(
        Fixture.device([Fixture.platform(quickPlatform), cpu]), [job], duration: .seconds(1)))
  }

  /// The same 40 ms of CPU work on 1 thread or 4: the cores serve 1 × 40 ms or 4 × 10 ms at
  /// 400 mW, 16 mJ of dynamic cost either way. The cluster (50 mW) and the platform (90 mW above
  /// its 10 mW floor) are busy for 40 ms or 10 ms: fixed 2 + 3.6 = 5.6 mJ on one thread, 0.5 +
  /// 0.9 = 1.4 mJ on four. Floor 10 mW × 1 s = 10 mJ. All of it but the floor is the job's.
  @Test(arguments: [(1, 0.002, 0.0036, 0.04), (4, 0.0005, 0.0009, 0.01)])
  func moreThreadsKeepTheDynamicCostAndCutTheFixedCost(
    threads: Int, clusterFixed: Double, platformFixed: Double, seconds: Double
  ) {
    let result = Self.runThreads(threads)
    #expect(result.workload("job").latency?.max == .nanoseconds(Int64(seconds * 1e9)))
    let cpu = result.component("cpu")
    let platform = result.component("platform")
    #expect(cpu.dynamic == joules(0.016))
    #expect(cpu.fixed == joules(clusterFixed))
    #expect(cpu.floor == .zero)
    #expect(platform.dynamic == .zero)
    #expect(platform.fixed == joules(platformFixed))
    #expect(platform.floor == joules(0.01))
    #expect(
      result.workload("job").energy == joules(0.016) + joules(clusterFixed) + joules(platformFixed))
    #expect(result.unattributedEnergy == joules(0.01))
    Self.expectAccountsAddUp(result)
  }

  /// Side by side: equal dynamic cost, lower fixed cost and energy with four threads.
  @Test func fourThreadsCostLessThanOne() {
    let one = Self.runThreads(1)
    let four = Self.runThreads(4)
    func dynamic(_ result: RunResult) -> Energy {
      result.components.reduce(Energy.zero) { $0 + $1.dynamic }
    }
    func fixed(_ result: RunResult) -> Energy {
      result.components.reduce(Energy.zero) { $0 + $1.fixed }
    }
    #expect(dynamic(one) == dynamic(four))
    #expect(fixed(four) < fixed(one))
    #expect(four.energy < one.energy)
  }
}
