import DeviceModels
import Quantities
import Testing

/// The platform's floor is the whole suspended device (see *The platform*): a part whose idle state
/// has a `suspendedPower` draws it while the platform is in its deepest state, and its `power`
/// while the platform is awake; its floor is the lesser of the two.
@Suite struct SuspensionTests {
  /// Platform: awake 100 mW; suspended 10 mW after 1 s (no wake latency). `g` under it: active
  /// 1 W; `off` 5 mW after 0 s, 0 W while the device is suspended.
  static var device: DeviceSpec {
    let platform = Fixture.twoStateLadder(
      "awake", .milliwatts(100), then: "suspended", .milliwatts(10), after: .seconds(1))
    let g = Ladder(
      states: [
        LadderState(name: "active", power: .watts(1), wakePower: .watts(1)),
        LadderState(
          name: "off", power: .milliwatts(5), wakePower: .watts(1), suspendedPower: .zero),
      ], idlePolicy: .timeout)
    return Fixture.device([Fixture.platform(platform), Fixture.generic("g", g)])
  }

  /// Nothing runs: the device stays suspended, and `g` adds nothing to the platform's floor.
  @Test func suspendedDeviceDrawsOnlyThePlatformFloor() {
    let result = Fixture.run(Fixture.setup(Self.device, [], duration: .seconds(10)))
    #expect(result.component("g").energy == .zero)
    #expect(result.component("g").floor == .zero)
    #expect(result.component("platform").energy == joules(0.1))
  }

  /// `g` runs 100 ms at 0 s. By hand: `g` active 0–0.1 s at 1 W (0.1 J, dynamic); `off` with
  /// the platform awake 0.1–1.1 s at 5 mW (0.005 J, fixed: above its 0 W floor); `off` with
  /// the platform suspended 1.1–10 s at 0 W. The platform: awake 0–1.1 s at 100 mW (0.11 J),
  /// suspended 1.1–10 s at 10 mW (0.089 J).
  @Test func idleStateDrawsItsPowerOnlyWhileThePlatformIsAwake() {
    let workload = WorkloadSpec(
      name: "w", timing: .once(at: Fixture.at(.zero)),
      work: Fixture.uses("g", for: .milliseconds(100)))
    let result = Fixture.run(Fixture.setup(Self.device, [workload], duration: .seconds(10)))
    let g = result.component("g")
    #expect(g.energy == joules(0.105))
    #expect(g.floor == .zero)
    #expect(g.dynamic == joules(0.1))
    #expect(g.fixed == joules(0.005))
    #expect(g.state("off").residency == .milliseconds(9_900))
    #expect(g.state("off").energy == joules(0.005))
    #expect(result.component("platform").energy == joules(0.199))
    #expect(result.energy == joules(0.304))
  }

  /// The platform's suspend timer at its boundary: the platform now wakes in 5 ms from suspension.
  /// `g` runs 100 ms from 5 ms (after the platform's first wake), so the platform suspends at 1.105
  /// s, 1 s after the work. Work arriving exactly then finds it suspended (demotions come before
  /// arrivals, *The power-state ladder*) and waits 5 ms for it: 105 ms of latency and a second
  /// platform wake-up; 1 ns earlier the platform is still awake: 100 ms.
  @Test(arguments: [(Int64(1_105_000_000), Int64(105_000_000)), (1_104_999_999, 100_000_000)])
  func workArrivingAsThePlatformSuspends(arrival: Int64, latency: Int64) {
    var device = Self.device
    guard case .platform(var ladder) = device.components[0].model else {
      preconditionFailure("the platform comes first")
    }
    ladder.states[1].wakeLatency = .milliseconds(5)
    device.components[0].model = .platform(ladder)
    let work = Fixture.uses("g", for: .milliseconds(100))
    let first = WorkloadSpec(name: "a", timing: .once(at: Fixture.at(.zero)), work: work)
    let second = WorkloadSpec(
      name: "b", timing: .once(at: Instant(nanosecondsSinceStart: arrival)), work: work)
    let result = Fixture.run(Fixture.setup(device, [first, second], duration: .seconds(10)))
    #expect(result.workload("b").latency?.max == .nanoseconds(latency))
    #expect(result.component("platform").wakeups == (latency > 100_000_000 ? 2 : 1))
  }
}
