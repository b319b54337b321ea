import DeviceModels
import Quantities
import Testing

/// The power-state ladder of *The power-state ladder*, checked against accounts computed by hand.
@Suite struct LadderTests {
  /// *The power-state ladder*'s worked example, row by row: 1.27 J (floor 0, fixed 0.97, dynamic
  /// 0.30), one wake-up, latencies 1.3 s and 0.5 s.
  @Test func workedExampleFromTheSpecification() {
    let device = Fixture.device([Fixture.generic("gps", Fixture.gpsLadder, parent: .none)])
    let workload = WorkloadSpec(
      name: "fix", timing: .times([Fixture.at(.seconds(2)), Fixture.at(.seconds(4))]),
      work: Fixture.uses("gps", for: .milliseconds(500)))
    let result = Fixture.run(Fixture.setup(device, [workload], duration: .seconds(20)))
    let gps = result.component("gps")
    #expect(gps.energy == joules(1.27))
    #expect(gps.floor == .zero)
    #expect(gps.fixed == joules(0.97))
    #expect(gps.dynamic == joules(0.30))
    #expect(gps.wakeups == 1)
    // Residency: off 0–2 and 10.5–20; waking 2–2.8; active 2.8–5.5; hot 5.5–10.5.
    #expect(gps.state("off").residency == .milliseconds(11_500))
    #expect(gps.state("waking").residency == .milliseconds(800))
    #expect(gps.state("active").residency == .milliseconds(2_700))
    #expect(gps.state("hot").residency == .seconds(5))
    #expect(gps.state("waking").energy == joules(0.16))
    #expect(gps.state("active").energy == joules(0.81))
    #expect(gps.state("hot").energy == joules(0.30))
    let fix = result.workload("fix")
    #expect(fix.occurrences == 2)
    #expect(fix.latency?.max == .milliseconds(1_300))
    #expect(fix.latency?.p50 == .milliseconds(500))
    // Everything above the floor was caused by, or left behind by, the one workload.
    #expect(fix.energy == joules(1.27))
    #expect(result.unattributedEnergy == .zero)
  }

  /// A two-state ladder with a tail: active 1 W, idle 100 mW after 2 s (no wake latency).
  /// Work of 1 s at 0 s and 5 s over 10 s: active 0–3 and 5–8, idle the rest (4 s).
  @Test func twoStateLadderWithATail() {
    let ladder = Fixture.twoStateLadder(
      "active", .watts(1), then: "idle", .milliwatts(100), after: .seconds(2))
    let device = Fixture.device([Fixture.generic("radio", ladder, parent: .none)])
    let workload = WorkloadSpec(
      name: "sync", timing: .times([Fixture.at(.zero), Fixture.at(.seconds(5))]),
      work: Fixture.uses("radio", for: .seconds(1)))
    let result = Fixture.run(Fixture.setup(device, [workload], duration: .seconds(10)))
    let radio = result.component("radio")
    // 6 s active at 1 W + 4 s idle at 0.1 W = 6.4 J; floor 10 s × 0.1 W = 1 J;
    // dynamic 2 s × 0.9 W = 1.8 J; fixed (tails) 4 s × 0.9 W = 3.6 J.
    #expect(radio.energy == joules(6.4))
    #expect(radio.floor == joules(1))
    #expect(radio.dynamic == joules(1.8))
    #expect(radio.fixed == joules(3.6))
    #expect(radio.wakeups == 0, "waking from a zero-latency state is not a wake-up")
    // Idle before the first work is unattributed: here there is none, the first work is at 0.
    #expect(result.workload("sync").energy == joules(5.4))
    #expect(result.unattributedEnergy == joules(1))
  }

  /// A wake delays the work and costs wake power: work of 100 ms arrives with the component off
  /// (wake 50 ms at 2 W); it completes at 150 ms, latency 150 ms.
  @Test func wakeDelaysWorkAndCostsWakePower() {
    let active = Power.watts(1)
    let ladder = Ladder(
      states: [
        LadderState(name: "active", power: active, wakePower: active),
        Fixture.state(
          "off", .zero, after: .milliseconds(10), wake: .milliseconds(50), wakePower: .watts(2),
          active: active),
      ], idlePolicy: .timeout)
    let device = Fixture.device([Fixture.generic("modem", ladder, parent: .none)])
    let workload = WorkloadSpec(
      name: "ping", timing: .once(at: Fixture.at(.seconds(1))),
      work: Fixture.uses("modem", for: .milliseconds(100)))
    let result = Fixture.run(Fixture.setup(device, [workload], duration: .seconds(2)))
    let modem = result.component("modem")
    // Wake 50 ms × 2 W = 0.1 J; work 100 ms × 1 W = 0.1 J; hold 10 ms × 1 W = 0.01 J.
    #expect(modem.energy == joules(0.21))
    #expect(modem.fixed == joules(0.11))
    #expect(modem.dynamic == joules(0.1))
    #expect(modem.wakeups == 1)
    #expect(result.workload("ping").latency?.max == .milliseconds(150))
  }

  /// A timer train across a ladder of three depths. Active 1 W; light 0.5 W after 1 s (wake
  /// 0); medium 0.2 W after 3 s (wake 100 ms); deep 0 after 6 s (wake 400 ms, at 1 W).
  /// Work of 1 s every 5 s from 0, for 20 s: each idle gap after work is 4 s minus the wake of
  /// the next, so the ladder reaches "medium" (≥ 3 s) but never "deep" (6 s).
  @Test func timerTrainAcrossSeveralDepths() {
    let active = Power.watts(1)
    let ladder = Ladder(
      states: [
        LadderState(name: "active", power: active, wakePower: active),
        Fixture.state("light", .milliwatts(500), after: .seconds(1), active: active),
        Fixture.state(
          "medium", .milliwatts(200), after: .seconds(3), wake: .milliseconds(100), active: active),
        Fixture.state("deep", .zero, after: .seconds(6), wake: .milliseconds(400), active: active),
      ], idlePolicy: .timeout)
    let device = Fixture.device([Fixture.generic("unit", ladder, parent: .none)])
    let workload = WorkloadSpec(
      name: "tick",
      timing: .periodic(every: .seconds(5), start: .start, end: nil, count: nil, tolerance: .zero),
      work: Fixture.uses("unit", for: .seconds(1)))
    let result = Fixture.run(Fixture.setup(device, [workload], duration: .seconds(20)))
    let unit = result.component("unit")
    // Occurrence 0 at 0 s: wake from deep 0–0.4, work 0.4–1.4, hold to 2.4, light to 4.4,
    // medium from 4.4. Occurrence k ≥ 1 at 5k s: wake from medium 0.1 s, work to 5k + 1.1,
    // hold to 5k + 2.1, light to 5k + 4.1, medium from 5k + 4.1.
    #expect(unit.state("waking").residency == .milliseconds(400 + 3 * 100))
    #expect(unit.state("deep").residency == .zero)
    #expect(unit.wakeups == 4)
    #expect(unit.state("deep").wakeups == 1)
    #expect(unit.state("medium").wakeups == 3)
    // Active: 4 × (1 s work + 1 s hold) = 8 s. Light: 4 × 2 s = 8 s.
    #expect(unit.state("active").residency == .seconds(8))
    #expect(unit.state("light").residency == .seconds(8))
    // Medium: 4.4–5, 9.1–10, 14.1–15, 19.1–20 = 0.6 + 3 × 0.9 = 3.3 s.
    #expect(unit.state("medium").residency == .milliseconds(3_300))
    // Energy: waking 0.7 J; active 8 J; light 4 J; medium 0.66 J.
    #expect(unit.energy == joules(13.36))
    #expect(result.workload("tick").latency?.max == .milliseconds(1_400))
    #expect(result.workload("tick").latency?.p50 == .milliseconds(1_100))
  }

  /// The predictive policy enters the deepest state whose minimum residency fits the time to
  /// the next known wake-up. With a 1 s work item due every 10 s and every 3 s from two timers,
  /// predictions decide between "shallow" (min 0) and "deep" (min residency 2.5 s).
  @Test func predictivePolicyChoosesByMinimumResidency() {
    let active = Power.watts(1)
    let ladder = Ladder(
      states: [
        LadderState(name: "active", power: active, wakePower: active),
        Fixture.state("shallow", .milliwatts(300), active: active),
        Fixture.state(
          "deep", .milliwatts(100), wake: .milliseconds(100), minResidency: .milliseconds(2_500),
          active: active),
      ], idlePolicy: .predictive)
    let device = Fixture.device([Fixture.generic("core", ladder, parent: .none)])
    // Work 500 ms at 0 s, 1.5 s and 5 s. After the first (ends 0.6 s after its 0.1 s wake) the
    // next known wake is 1.5 s away → 0.9 s < 2.5 s: shallow. After the second (1.5–2.0 s, no
    // wake from shallow), the next is 5 s → 3 s ≥ 2.5 s: deep. After the third (wake 5–5.1,
    // work to 5.6) nothing is known ahead → deep.
    let workload = WorkloadSpec(
      name: "job",
      timing: .times([Fixture.at(.zero), Fixture.at(.milliseconds(1_500)), Fixture.at(.seconds(5))]
      ),
      work: Fixture.uses("core", for: .milliseconds(500)))
    let result = Fixture.run(Fixture.setup(device, [workload], duration: .seconds(8)))
    let core = result.component("core")
    #expect(core.state("shallow").residency == .milliseconds(900))
    // Deep: 2.0–5.0 and 5.6–8.0 = 5.4 s.
    #expect(core.state("deep").residency == .milliseconds(5_400))
    #expect(core.state("waking").residency == .milliseconds(200))
    #expect(core.wakeups == 2)
    #expect(result.workload("job").latency?.max == .milliseconds(600))
  }

  /// A child whose parent sleeps waits for the parent to wake: latencies add. Platform: awake
  /// 100 mW, asleep 10 mW after 50 ms, wake 30 ms. Child: active 200 mW, off after 0 s, wake
  /// 20 ms. One 100 ms work item at 1 s: platform wakes 1.000–1.030, child 1.030–1.050, works
  /// to 1.150; the child goes off at once, the platform holds to 1.200.
  @Test func childWaitsForItsSleepingParent() {
    let platform = Fixture.twoStateLadder(
      "awake", .milliwatts(100), then: "asleep", .milliwatts(10), after: .milliseconds(50),
      wake: .milliseconds(30))
    let child = Fixture.twoStateLadder(
      "active", .milliwatts(200), then: "off", .zero, wake: .milliseconds(20))
    let device = Fixture.device([Fixture.platform(platform), Fixture.generic("sensor", child)])
    let workload = WorkloadSpec(
      name: "read", timing: .once(at: Fixture.at(.seconds(1))),
      work: Fixture.uses("sensor", for: .milliseconds(100)))
    let result = Fixture.run(Fixture.setup(device, [workload], duration: .seconds(2)))
    #expect(result.workload("read").latency?.max == .milliseconds(150))
    let platformResult = result.component("platform")
    #expect(platformResult.wakeups == 1)
    #expect(platformResult.state("waking").residency == .milliseconds(30))
    // Awake while the child wakes and works (1.030–1.150) and then holds 50 ms: 170 ms.
    #expect(platformResult.state("awake").residency == .milliseconds(170))
    // A host's power above its floor is fixed cost, also while busy for its children (see *Results
    // and accounting*)
    //: busy for the child 120 ms × 90 mW + wake 30 ms × 90 mW + hold 50 ms × 90 mW.
    #expect(platformResult.dynamic == .zero)
    #expect(platformResult.fixed == joules(0.018))
    // All of it the read's: the wake it caused, the busy time for it, the tail after it.
    #expect(result.workload("read").energyByComponent[0] == joules(0.018))
    let sensor = result.component("sensor")
    #expect(sensor.wakeups == 1)
    #expect(sensor.state("waking").residency == .milliseconds(20))
    #expect(sensor.state("active").residency == .milliseconds(100))
    #expect(sensor.state("off").residency == .milliseconds(1_880))
  }

  /// A predictive component that chose a shallow state for a known wake-up the wake-up then
  /// passes by (it brought work for another component) goes to its deepest state at that
  /// instant. Active 1 W; shallow 300 mW (min residency 0); deep 100 mW (min 2.5 s, wake 100 ms
  /// at 1 W). "a" works 500 ms from 0 s, "b" from 1 s, for 8 s.
  @Test func predictiveNodeMissingTheWakeupGoesDeep() {
    let active = Power.watts(1)
    let ladder = Ladder(
      states: [
        LadderState(name: "active", power: active, wakePower: active),
        Fixture.state("shallow", .milliwatts(300), active: active),
        Fixture.state(
          "deep", .milliwatts(100), wake: .milliseconds(100), minResidency: .milliseconds(2_500),
          active: active),
      ], idlePolicy: .predictive)
    let device = Fixture.device([
      Fixture.generic("a", ladder, parent: .none), Fixture.generic("b", ladder, parent: .none),
    ])
    let workloads = [
      WorkloadSpec(
        name: "x", timing: .once(at: .start), work: Fixture.uses("a", for: .milliseconds(500))),
      WorkloadSpec(
        name: "y", timing: .once(at: Fixture.at(.seconds(1))),
        work: Fixture.uses("b", for: .milliseconds(500))),
    ]
    let result = Fixture.run(Fixture.setup(device, workloads, duration: .seconds(8)))
    // a: wake 0–0.1, work to 0.6; y is 0.4 s away: shallow 0.6–1.0; y goes to b: deep from 1.0.
    let a = result.component("a")
    #expect(a.state("shallow").residency == .milliseconds(400))
    #expect(a.state("deep").residency == .seconds(7))
    // 0.1 J waking + 0.5 J work + 0.12 J shallow + 0.7 J deep.
    #expect(a.energy == joules(1.42))
    // b: deep 0–1, wake to 1.1, work to 1.6, then nothing known ahead: deep 6.4 s; 0.1 J deep
    // + 0.1 J waking + 0.5 J work + 0.64 J deep.
    let b = result.component("b")
    #expect(b.state("shallow").residency == .zero)
    #expect(b.energy == joules(1.34))
  }
}
