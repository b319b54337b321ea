import DeviceModels
import Quantities
import Testing

/// Connected-mode DRX (see *Radios*), by hand, on a radio with connected 1 W, idle 10 mW after
/// 5 s, promotion 200 ms at 1.2 W, 10 Mbit/s down, a 50 ms round trip at 1 W and data at 1.5 W;
/// DRX every 40 ms with a 10 ms on-duration, 8 ms of inactivity and 100 mW asleep. A download of
/// 1250 bytes at 0 promotes the radio (0–200 ms), waits its round trip (to 250 ms) and moves its
/// 10 kbit in 1 ms (done at 251 ms); the radio sleeps from 259 ms (259 mod 40 = 19, after the
/// on-duration 240–250 ms) to 280 ms, listens 280–290 ms, sleeps 290–320 ms, and so on.
@Suite struct ConnectedDRXTests {
  static func radio() -> ComponentSpec {
    var component = PeripheralTests.radio()
    guard case .radio(var spec) = component.model else { preconditionFailure() }
    let active = Power.watts(1)
    spec.ladder = PeripheralTests.ladder([
      LadderState(name: "connected", power: active, wakePower: active),
      Fixture.state(
        "idle", .milliwatts(10), after: .seconds(5), wake: .milliseconds(200),
        wakePower: .watts(1.2), active: active),
    ])
    spec.drx = ConnectedDRX(
      cycle: .milliseconds(40), onDuration: .milliseconds(10), inactivity: .milliseconds(8),
      power: .milliwatts(100))
    component.model = .radio(spec)
    return component
  }

  static func download(_ name: String, at nanoseconds: Int64) -> WorkloadSpec {
    WorkloadSpec(
      name: name, timing: .once(at: Instant(nanosecondsSinceStart: nanoseconds)),
      work: [WorkStepSpec(download: DataSize(bytes: 1_250))])
  }

  /// The second download, at 300 ms, arrives while the radio sleeps (290–320 ms): it waits for
  /// the on-duration at 320 ms, then its round trip and data: done at 371 ms, 71 ms after it
  /// came (51 ms without DRX).
  ///
  /// Energy (J): promotion 0.24 · first transfer 0.05 + 0.0015 · connected 251–259 ms 0.008 ·
  /// asleep 259–280 ms 0.0021 · on 280–290 ms 0.01 · asleep 290–320 ms 0.003 · second transfer
  /// 0.05 + 0.0015 · connected 371–379 ms 0.008 · from 379 ms to the idle timer at 5371 ms:
  /// asleep 21 + 124 × 30 + 1 ms = 3.742 s at 0.1 W, on 124 × 10 + 10 ms = 1.25 s at 1 W ·
  /// idle 4.629 s at 10 mW 0.04629: 2.04459 in all.
  @Test func dataArrivingAsleepWaitsForTheNextOnDuration() {
    let result = SharedLinkTests.run(
      [Self.download("a", at: 0), Self.download("b", at: 300_000_000)], radio: Self.radio())
    #expect(result.workload("a").latency?.max == .milliseconds(251))
    #expect(result.workload("b").latency?.max == .milliseconds(71))
    let lte = result.component("lte")
    #expect(lte.energy == joules(2.04459))
    #expect(lte.wakeups == 1)
  }

  /// A tail that two workloads share sleeps like any other: downloads `a` and `b` at 0 share the
  /// promotion (0–200 ms), their round trips (to 250 ms) and the link (20 kbit at 10 Mbit/s, both
  /// done at 252 ms), and so the hold and tail after them. Connected 252–260 ms, then asleep
  /// 260–280 ms and, from 280 ms to the idle timer at 5252 ms, 124 cycles of 10 ms on and 30 ms
  /// asleep and 10 ms on, 2 ms asleep: 3.742 s asleep at 0.1 W, 1.25 s on at 1 W.
  ///
  /// Energy (J): promotion 0.24 · round trips 0.05 · data 0.003 · connected 0.008 · asleep 0.3742
  /// · on 1.25 · idle 5252 ms–10 s 0.04748: 1.97268, of which the 0.1 J floor is nobody's and the
  /// rest is split equally, 0.93634 each.
  @Test func aSharedTailSleepsBetweenOnDurations() {
    let result = SharedLinkTests.run(
      [Self.download("a", at: 0), Self.download("b", at: 0)], radio: Self.radio())
    #expect(result.workload("a").latency?.max == .milliseconds(252))
    #expect(result.component("lte").energy == joules(1.97268))
    #expect(result.workload("a").energy == joules(0.93634))
    #expect(result.workload("b").energy == joules(0.93634))
  }

  /// Asleep under DRX, the radio lets the platform suspend (see *Radios*): the radio hangs from
  /// the platform of ``FixedCostTests`` (awake 100 mW, asleep 10 mW after 50 ms, waking in 30 ms).
  /// `a` at 0: the platform wakes 0–30 ms, the radio's promotion 30–230 ms, round trip to 280 ms,
  /// data to 281 ms; inactivity to 289 ms, in an on-duration (289 mod 40 = 9) to 290 ms, asleep
  /// from 290 ms: the radio releases the platform, which steps down 50 ms later, at 340 ms. `b` at
  /// 2015 ms finds the radio asleep and waits for the on-duration at 2040 ms, where the radio
  /// carries it and the platform wakes for it (2040–2070 ms) meanwhile: round trip to 2090 ms,
  /// data to 2091 ms (latency 76 ms), asleep from 2099 ms (19 into a cycle), the platform asleep
  /// from 2149 ms.
  ///
  /// Platform (J): waking 0.03 s × 0.1 W · awake 0.31 s × 0.1 W · asleep 1.7 s × 0.01 W · waking
  /// 0.03 s × 0.1 W · awake 0.079 s × 0.1 W · asleep 7.851 s × 0.01 W = 0.14041. Held for the
  /// radio's whole tail (to its idle timer at 7.091 s, then 50 ms) it would draw 0.58 J or more.
  @Test func asleepTheRadioLetsThePlatformSuspend() {
    var radio = Self.radio()
    radio.parent = .platform
    let device = Fixture.device([Fixture.platform(FixedCostTests.platform), radio])
    let result = Fixture.run(
      Fixture.setup(
        device, [Self.download("a", at: 0), Self.download("b", at: 2_015_000_000)],
        duration: .seconds(10), environment: Fixture.online(for: .seconds(10))))
    #expect(result.workload("a").latency?.max == .milliseconds(281))
    #expect(result.workload("b").latency?.max == .milliseconds(76))
    let platform = result.component("platform")
    #expect(platform.energy == joules(0.14041))
    #expect(platform.state("asleep").residency == .milliseconds(1_700 + 7_851))
    #expect(platform.wakeups == 2)
    FixedCostTests.expectAccountsAddUp(result)
  }

  /// The inactivity timer's boundary: a download arriving exactly 8 ms after the last data
  /// (259 ms) finds the radio asleep (the timer steps it down before the instant's arrivals) and
  /// waits for the on-duration at 280 ms: latency 21 + 51 = 72 ms. One nanosecond earlier the
  /// radio still listens and serves it at once: 51 ms.
  @Test func theInactivityTimerSleepsExactlyAtItsEnd() {
    let atBoundary = SharedLinkTests.run(
      [Self.download("a", at: 0), Self.download("b", at: 259_000_000)], radio: Self.radio())
    #expect(atBoundary.workload("b").latency?.max == .milliseconds(72))
    let justBefore = SharedLinkTests.run(
      [Self.download("a", at: 0), Self.download("b", at: 258_999_999)], radio: Self.radio())
    #expect(justBefore.workload("b").latency?.max == .milliseconds(51))
  }

  /// An on-duration's start is its own boundary: a download arriving exactly at 280 ms (asleep
  /// 259–280 ms) is served at once, 51 ms; 1 ns before, it waits that nanosecond.
  @Test func anOnDurationStartsExactlyAtAMultipleOfTheCycle() {
    let atStart = SharedLinkTests.run(
      [Self.download("a", at: 0), Self.download("b", at: 280_000_000)], radio: Self.radio())
    #expect(atStart.workload("b").latency?.max == .milliseconds(51))
    let justBefore = SharedLinkTests.run(
      [Self.download("a", at: 0), Self.download("b", at: 279_999_999)], radio: Self.radio())
    #expect(justBefore.workload("b").latency?.max == .nanoseconds(51_000_001))
  }

  /// A 60 ms voice call at 300 ms, after the download at 0 (done at 251 ms): 100-byte packets
  /// each way at 300, 320 and 340 ms, with no round trip. The radio sleeps 290–320 ms, so the
  /// first pair waits for 320 ms, where the second pair joins it: the two uploads share 5 Mbit/s
  /// (1600 bits, 320 µs), done at 320.32 ms. The radio then listens to the on-duration's end at
  /// 330 ms and sleeps to 360 ms: the last pair waits to 360 ms, and its upload (800 bits) is
  /// done at 360.16 ms. The call's latency is 60.16 ms; without DRX its last packets go at once
  /// and it is 40.16 ms.
  @Test func aCallsPacketsWaitForTheOnDurations() {
    let call = WorkloadSpec(
      name: "call", timing: .once(at: Fixture.at(.milliseconds(300))),
      work: [WorkStepSpec(call: CallSpec(duration: .milliseconds(60)))])
    let result = SharedLinkTests.run([Self.download("a", at: 0), call], radio: Self.radio())
    #expect(result.workload("call").latency?.max == .microseconds(60_160))
    var listening = Self.radio()
    guard case .radio(var spec) = listening.model else { preconditionFailure() }
    spec.drx = nil
    listening.model = .radio(spec)
    let withoutDRX = SharedLinkTests.run([Self.download("a", at: 0), call], radio: listening)
    #expect(withoutDRX.workload("call").latency?.max == .microseconds(40_160))
  }
}
