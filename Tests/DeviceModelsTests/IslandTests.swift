import DeviceModels
import Quantities
import Testing

/// A low-power island (see *The platform*): a component hanging from it keeps only the island
/// awake, not the platform; the island's power above its floor is fixed cost, and latencies add
/// along the hierarchy.
@Suite struct IslandTests {
  /// Platform: awake 100 mW, asleep 10 mW after 50 ms, waking in 5 ms. Island `dsp`: awake 8 mW,
  /// off (0 W) 20 ms after its last busy child, waking in 1 ms. `audio`: 90 mW active, off at once,
  /// waking in 10 ms; 1 s of audio at 2 s of a 5 s run.
  static func run(audioParent: ParentReference) -> RunResult {
    let platform = Fixture.twoStateLadder(
      "awake", .milliwatts(100), then: "asleep", .milliwatts(10), after: .milliseconds(50),
      wake: .milliseconds(5))
    let island = Fixture.twoStateLadder(
      "awake", .milliwatts(8), then: "off", .zero, after: .milliseconds(20),
      wake: .milliseconds(1))
    let audio = Fixture.twoStateLadder(
      "active", .milliwatts(90), then: "off", .zero, wake: .milliseconds(10))
    let device = Fixture.device([
      Fixture.platform(platform),
      ComponentSpec(name: "dsp", model: .island(island), parent: .none),
      Fixture.generic("audio", audio, parent: audioParent),
    ])
    let song = WorkloadSpec(
      name: "song", timing: .once(at: Fixture.at(.seconds(2))),
      work: Fixture.uses("audio", for: .seconds(1)))
    return Fixture.run(Fixture.setup(device, [song], duration: .seconds(5)))
  }

  static func energy(_ result: RunResult, _ name: String) -> Energy {
    result.components.first { $0.name == name }!.energy
  }

  /// `milliwatts` for `milliseconds`, exactly: 1 mW × 1 ms = 10¹² aJ.
  static func energy(milliwatts: Int128, milliseconds: Int128) -> Energy {
    Energy(attojoules: milliwatts * milliseconds * 1_000_000_000_000)
  }

  /// On the island: the island wakes 2.000-2.001 s, the audio path 2.001-2.011 s and plays to
  /// 3.011 s; the island holds to 3.031 s. The platform never leaves its 10 mW floor.
  @Test func aChildOfAnIslandLeavesThePlatformAsleep() {
    let result = Self.run(audioParent: .named("dsp"))
    #expect(Self.energy(result, "platform") == Self.energy(milliwatts: 10, milliseconds: 5_000))
    #expect(result.components.first { $0.name == "platform" }!.wakeups == 0)
    let island = result.components.first { $0.name == "dsp" }!
    #expect(island.energy == Self.energy(milliwatts: 8, milliseconds: 1_031))
    #expect(
      island.fixed == Self.energy(milliwatts: 8, milliseconds: 1_031),
      "above its 0 W floor: all fixed")
    #expect(Self.energy(result, "audio") == Self.energy(milliwatts: 90, milliseconds: 1_010))
    // Latencies add: the island's 1 ms, then the audio path's 10 ms, then 1 s of sound.
    #expect(result.workloads.first { $0.name == "song" }!.latency?.max == .milliseconds(1_011))
  }

  /// On the platform (no island): the platform wakes 2.000-2.005 s at its awake power, is busy
  /// to 3.015 s and holds to 3.065 s: 90 mW above its floor for 1.065 s; the island sleeps.
  @Test func theSameChildOnThePlatformKeepsItAwake() {
    let result = Self.run(audioParent: .platform)
    #expect(
      Self.energy(result, "platform") == Self.energy(milliwatts: 10, milliseconds: 5_000)
        + Self.energy(milliwatts: 90, milliseconds: 1_065))
    #expect(Self.energy(result, "dsp") == .zero)
    #expect(Self.energy(result, "audio") == Self.energy(milliwatts: 90, milliseconds: 1_010))
  }
}
