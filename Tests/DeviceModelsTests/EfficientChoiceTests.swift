import DeviceModels
import Quantities
import Testing

/// `efficient` counts the hosts a job keeps awake (see *The CPU*): the OPP with the lowest
/// (core power + cluster active power + the platform's active power above its floor) per cycle.
/// The cluster's OPPs are 1 GHz at 100 mW and 2 GHz at 400 mW (``CPUTests/points``): alone, the
/// core costs 0.1 nJ per cycle at 1 GHz against 0.2 at 2 GHz. With hosts drawing H while awake,
/// (100 mW + H) / 1 GHz against (400 mW + H) / 2 GHz: 2 GHz wins when H > 200 mW; at
/// H = 200 mW they tie, and the lower point (listed first) is kept.
@Suite struct EfficientChoiceTests {
  /// A cluster ladder active at `on`, 0 W when off, no latency.
  static func clusterLadder(_ on: Power) -> Ladder {
    Ladder(
      states: [
        LadderState(name: "on", power: on, wakePower: on),
        LadderState(name: "off", power: .zero, wakePower: on),
      ], idlePolicy: .predictive)
  }

  /// A platform active at `active` over a floor of 10 mW, no latency.
  static func platform(_ active: Power) -> ComponentSpec {
    Fixture.platform(
      Fixture.twoStateLadder("awake", active, then: "asleep", .milliwatts(10), after: .zero))
  }

  /// 10 ms of reference work at `utility` (the `efficient` choice) on one core whose cluster is
  /// active at `clusterPower`, under a platform active at `platformPower` (none when `nil`).
  static func run(clusterPower: Power, platformPower: Power?) -> RunResult {
    let cluster = ClusterSpec(
      name: "only", cores: 1, ipc: 1, operatingPoints: CPUTests.points,
      coreLadder: CPUTests.coreLadder, clusterLadder: clusterLadder(clusterPower))
    var cpu = CPUTests.cpu([cluster])
    var components = [cpu]
    if let platformPower {
      cpu.parent = .platform
      components = [Self.platform(platformPower), cpu]
    }
    let job = CPUTests.job("a", at: .zero, cpu: .milliseconds(10), qos: .utility)
    return Fixture.run(
      Fixture.setup(Fixture.device(components), [job], duration: .seconds(1)))
  }

  /// No host power: the core alone decides, 1 GHz as before; after the 100 µs core wake, the
  /// work takes 20 ms.
  @Test func withoutHostPowerTheLowPointWins() {
    let result = Self.run(clusterPower: .zero, platformPower: nil)
    #expect(result.workload("a").latency?.max == .microseconds(20_100))
    // 100 mW × 20 ms on the core, and its 5 µJ wake.
    #expect(result.component("cpu").state("active", node: "cpu/only/core0").energy == joules(0.002))
  }

  /// A cluster at 150 mW and a platform 100 mW above its floor: H = 250 mW, 350 mW / 1 GHz
  /// against 650 mW / 2 GHz (0.35 against 0.325 nJ per cycle): 2 GHz, 10 ms.
  @Test func largeHostPowerPicksTheTopPoint() {
    let result = Self.run(clusterPower: .milliwatts(150), platformPower: .milliwatts(110))
    #expect(result.workload("a").latency?.max == .microseconds(10_100))
    #expect(result.component("cpu").state("active", node: "cpu/only/core0").energy == joules(0.004))
  }

  /// The cluster alone at 250 mW counts the same (H = 250 mW): 2 GHz.
  @Test func theClusterCountsWithoutAPlatform() {
    let result = Self.run(clusterPower: .milliwatts(250), platformPower: nil)
    #expect(result.workload("a").latency?.max == .microseconds(10_100))
  }

  /// Boundary: H = 150 + 50 mW = 200 mW, a tie (300 mW / 1 GHz = 600 mW / 2 GHz): the lower
  /// point stays; 1 µW more on the platform tips it to 2 GHz.
  @Test(arguments: [(Power.milliwatts(60), Int64(20_100)), (.milliwatts(60.001), 10_100)])
  func aTieKeepsTheLowerPoint(platformPower: Power, latency: Int64) {
    let result = Self.run(clusterPower: .milliwatts(150), platformPower: platformPower)
    #expect(result.workload("a").latency?.max == .microseconds(latency))
  }
}
