import DeviceModels
import Quantities
import Testing

/// A busy platform shares its energy equally among the workloads its children work for at each
/// moment (see *Results and accounting*), each segment's remainder attojoules to the owner with the
/// lowest index.
@Suite struct SharedPlatformTests {
  /// Platform: awake 100 mW, asleep 9 mW after 50 ms, no wake latency, so 91 mW above its floor
  /// while awake. Three sensors (200 mW active, off at once, no wake latency) serve x (index 0)
  /// on a from 1.0 to 1.3 s, y (1) on b from 1.1 to 1.2 s, and z (2) on c from 1.1 to 1.4 s.
  /// 91 mW × 100 ms = 9.1 × 10¹⁵ aJ, one more than a multiple of 3:
  /// - 1.0–1.1 s, x alone: 9.1e15 to x;
  /// - 1.1–1.2 s, x, y, z: 3,033,333,333,333,333 each, and the 1 aJ left to x;
  /// - 1.2–1.3 s, x, z: 4.55e15 each;
  /// - 1.3–1.4 s, z alone: 9.1e15;
  /// - 1.4–1.45 s, the platform holds for z, the last served: 91 mW × 50 ms = 4.55e15.
  @Test func ownersThatComeAndGoShareEachMomentEqually() {
    let platform = Fixture.twoStateLadder(
      "awake", .milliwatts(100), then: "asleep", .milliwatts(9), after: .milliseconds(50))
    let sensor = Fixture.twoStateLadder("active", .milliwatts(200), then: "off", .zero)
    let device = Fixture.device([
      Fixture.platform(platform), Fixture.generic("a", sensor), Fixture.generic("b", sensor),
      Fixture.generic("c", sensor),
    ])
    func once(_ name: String, at start: Int64, on part: String, for duration: Int64)
      -> WorkloadSpec
    {
      WorkloadSpec(
        name: name, timing: .once(at: Fixture.at(.milliseconds(start))),
        work: Fixture.uses(part, for: .milliseconds(duration)))
    }
    let workloads = [
      once("x", at: 1_000, on: "a", for: 300), once("y", at: 1_100, on: "b", for: 100),
      once("z", at: 1_100, on: "c", for: 300),
    ]
    let result = Fixture.run(Fixture.setup(device, workloads, duration: .seconds(2)))
    // The platform comes first in device order.
    func platformShare(_ name: String) -> Int128 {
      result.workload(name).energyByComponent[0].attojoules
    }
    #expect(
      platformShare("x") == 9_100_000_000_000_000 + 3_033_333_333_333_334 + 4_550_000_000_000_000)
    #expect(platformShare("y") == 3_033_333_333_333_333)
    #expect(
      platformShare("z")
        == 3_033_333_333_333_333 + 4_550_000_000_000_000 + 9_100_000_000_000_000
        + 4_550_000_000_000_000)
    // The floor, 9 mW for 2 s, is nobody's.
    #expect(result.unattributedByComponent[0] == joules(0.018))
  }
}
