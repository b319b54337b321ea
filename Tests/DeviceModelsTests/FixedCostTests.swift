import DeviceModels
import Quantities
import Testing

/// *The platform* and *Results and accounting*: a lit display keeps the platform up; a host's power
/// above its floor, busy for its children or not, is fixed cost; so is the display's panel and
/// refresh power.
@Suite struct FixedCostTests {
  /// Platform: awake 100 mW, asleep 10 mW after 50 ms, waking in 30 ms (at 100 mW).
  static let platform = Fixture.twoStateLadder(
    "awake", .milliwatts(100), then: "asleep", .milliwatts(10), after: .milliseconds(50),
    wake: .milliseconds(30))

  /// A sensor: active 200 mW, off (0 W) at once, no wake latency.
  static let sensor = Fixture.twoStateLadder("active", .milliwatts(200), then: "off", .zero)

  /// The OLED of ``DisplayTests`` (on at 50% brightness in light appearance: 310 mW, of which
  /// 200 mW emission; off 0.5 mW) hanging from `parent`, with the platform and a sensor.
  static func device(displayParent parent: ParentReference = .platform) -> DeviceSpec {
    Fixture.device([
      Fixture.platform(platform),
      ComponentSpec(name: "display", model: .display(DisplayTests.oled), parent: parent),
      Fixture.generic("sensor", sensor),
    ])
  }

  /// The screen on from `start` to `end` at 50% brightness, light appearance.
  static func session(_ start: TimeSpan, _ end: TimeSpan) -> DisplaySession {
    DisplaySession(
      range: TimeRange(start: Fixture.at(start), end: Fixture.at(end)),
      brightness: Fraction(0.5), content: .appearance(.light))
  }

  /// *Results and accounting*'s invariants: components add up to the total, floor + fixed + dynamic
  /// to each component, residencies to the duration, attribution to each component's energy.
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

  /// The screen on from 2 s to 12 s of 20 s, no work. The platform wakes 2.000–2.030 s
  /// (30 ms × 100 mW = 3 mJ), stays awake to 12 s (9.97 s × 100 mW = 0.997 J), holds to
  /// 12.05 s (5 mJ), and sleeps 0–2 s and 12.05–20 s (9.95 s × 10 mW = 99.5 mJ): 1.1045 J, of
  /// which the floor is 10 mW × 20 s = 0.2 J and the rest, 90 mW × 10.05 s = 0.9045 J, fixed.
  /// Nobody's: the display works for nobody.
  @Test func aLitScreenKeepsThePlatformAwake() {
    let result = Fixture.run(
      Fixture.setup(
        Self.device(), [], duration: .seconds(20),
        display: [Self.session(.seconds(2), .seconds(12))]))
    let platform = result.component("platform")
    #expect(platform.state("waking").residency == .milliseconds(30))
    #expect(platform.state("awake").residency == .milliseconds(10_020))
    #expect(platform.state("asleep").residency == .milliseconds(9_950))
    #expect(platform.wakeups == 1)
    #expect(platform.energy == joules(1.1045))
    #expect(platform.floor == joules(0.2))
    #expect(platform.fixed == joules(0.9045))
    #expect(platform.dynamic == .zero)
    #expect(result.unattributedByComponent[0] == platform.energy)
    // The display itself: 310 mW × 10 s + 0.5 mW × 10 s; dynamic only the emission.
    let display = result.component("display")
    #expect(display.energy == joules(3.105))
    #expect(display.dynamic == joules(2))
    #expect(display.fixed == joules(1.095))
    Self.expectAccountsAddUp(result)
  }

  /// A display whose `parent` is none leaves the platform asleep: 10 mW × 20 s.
  @Test func aDisplayWithoutParentLeavesThePlatformAlone() {
    let result = Fixture.run(
      Fixture.setup(
        Self.device(displayParent: .none), [], duration: .seconds(20),
        display: [Self.session(.seconds(2), .seconds(12))]))
    #expect(result.component("platform").energy == joules(0.2))
    #expect(result.component("platform").wakeups == 0)
  }

  /// Work while the screen is on finds the platform awake (no wake) and shares it with the
  /// display's nobody: the sensor reads 100 ms at 5 s, so the platform's 90 mW above its floor
  /// go half to the read, 4.5 mJ. The sensor's 20 mJ is the read's, all dynamic.
  @Test func workUnderALitScreenSharesThePlatformWithNobody() {
    let read = WorkloadSpec(
      name: "read", timing: .once(at: Fixture.at(.seconds(5))),
      work: Fixture.uses("sensor", for: .milliseconds(100)))
    let result = Fixture.run(
      Fixture.setup(
        Self.device(), [read], duration: .seconds(20),
        display: [Self.session(.seconds(2), .seconds(12))]))
    #expect(result.workload("read").latency?.max == .milliseconds(100))
    #expect(result.workload("read").energyByComponent == [joules(0.0045), .zero, joules(0.02)])
    #expect(result.component("platform").energy == joules(1.1045))
    #expect(result.component("platform").wakeups == 1)
    #expect(result.component("sensor").dynamic == joules(0.02))
    Self.expectAccountsAddUp(result)
  }

  /// A workload's row of energy per component is stored without its trailing zeros, and reading
  /// one component's energy in place gives what the whole row gives. With the display last and
  /// never on, a read of the sensor at 15 s (as below, the screen off) books the platform's
  /// 180 ms × 90 mW = 16.2 mJ and the sensor's 100 ms × 200 mW = 20 mJ, and nothing on the
  /// display: zero past the stored row's end.
  @Test func aComponentsEnergyReadInPlaceIsTheRowsEntry() {
    let read = WorkloadSpec(
      name: "read", timing: .once(at: Fixture.at(.seconds(15))),
      work: Fixture.uses("sensor", for: .milliseconds(100)))
    let device = Fixture.device([
      Fixture.platform(Self.platform), Fixture.generic("sensor", Self.sensor),
      ComponentSpec(name: "display", model: .display(DisplayTests.oled), parent: .platform),
    ])
    let result = Fixture.run(Fixture.setup(device, [read], duration: .seconds(20)))
    let workload = result.workload("read")
    let expected = [joules(0.0162), joules(0.02), .zero]
    #expect(workload.componentCount == 3)
    #expect(workload.energyByComponent == expected)
    #expect((0..<3).map(workload.energy(onComponent:)) == expected)
    #expect(workload.energy == joules(0.0362))
    Self.expectAccountsAddUp(result)
  }

  /// After the screen goes off, the platform holds 50 ms for nobody: the display was the last
  /// child busy, and it serves no workload. Work after that wakes it again for the workload.
  /// The read at 15 s: the platform wakes 15.000–15.030 s, the sensor works to 15.130 s, the
  /// platform holds to 15.180 s: 180 ms × 90 mW = 16.2 mJ, all the read's.
  @Test func thePlatformsTailAfterTheScreenIsNobodys() {
    let read = WorkloadSpec(
      name: "read", timing: .once(at: Fixture.at(.seconds(15))),
      work: Fixture.uses("sensor", for: .milliseconds(100)))
    let result = Fixture.run(
      Fixture.setup(
        Self.device(), [read], duration: .seconds(20),
        display: [Self.session(.seconds(2), .seconds(12))]))
    #expect(result.workload("read").energyByComponent[0] == joules(0.0162))
    #expect(result.component("platform").wakeups == 2)
    // 0.9045 J for the screen as above, plus the read's 16.2 mJ; the floor 0.2 J.
    #expect(result.component("platform").fixed == joules(0.9207))
    #expect(result.unattributedByComponent[0] == joules(0.2 + 0.9045))
    Self.expectAccountsAddUp(result)
  }

  /// The screen on for 10 ms only, less than the platform's 30 ms wake: the platform finishes
  /// waking (2.000–2.030 s, 3 mJ), finds no child busy and holds 50 ms (5 mJ), then sleeps:
  /// 0.2 J floor + 90 mW × 80 ms = 0.2072 J.
  @Test func aScreenOffBeforeThePlatformWokeLetsItFinishWaking() {
    let result = Fixture.run(
      Fixture.setup(
        Self.device(), [], duration: .seconds(20),
        display: [Self.session(.seconds(2), .milliseconds(2_010))]))
    let platform = result.component("platform")
    #expect(platform.state("waking").residency == .milliseconds(30))
    #expect(platform.state("awake").residency == .milliseconds(50))
    #expect(platform.energy == joules(0.2072))
    Self.expectAccountsAddUp(result)
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
