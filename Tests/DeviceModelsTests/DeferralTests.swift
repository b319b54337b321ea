import DeviceModels
import Quantities
import Testing

/// Deferrable work (*OS policies* `window`, 6.3 discretionary network): it runs as soon as its
/// condition holds inside the window, else at the deadline; latency counts from the window's
/// start; a run that completes after the deadline is a deadline miss.
@Suite struct DeferralTests {
  static func ns(_ value: Int64) -> Instant { Instant(nanosecondsSinceStart: value) }

  /// A Wi-Fi radio: active 400 mW, standby 20 mW after 250 ms (2 ms to wake); 50 Mbit/s down,
  /// 20 ms round trip, 400 mW while transferring.
  static let wifi: ComponentSpec = {
    let active = Power.milliwatts(400)
    let spec = RadioSpec(
      ladder: Ladder(
        states: [
          LadderState(name: "active", power: active, wakePower: active),
          Fixture.state(
            "standby", .milliwatts(20), after: .milliseconds(250), wake: .milliseconds(2),
            active: active),
        ], idlePolicy: .timeout),
      technology: .wifi, downlink: .megabitsPerSecond(50), uplink: .megabitsPerSecond(20),
      roundTripTime: .milliseconds(20), transferPower: .constant(active))
    return ComponentSpec(name: "wifi", model: .radio(spec), parent: .none)
  }()

  static func download(_ bytes: Int64) -> WorkSpec {
    [WorkStepSpec(download: DataSize(bytes: bytes))]
  }

  /// The radio of ``PeripheralTests/radio(downlink:)`` (connected 1 W; tail 500 mW after 100 ms;
  /// idle 10 mW after 5 s; promotion 200 ms at 1.2 W; 10 Mbit/s at 1.5 W; 50 ms round trip).
  /// A 1.25 MB sync (1 s of data) either runs eagerly at 1 s or waits, in `[1 s, 15 s]`, for the
  /// radio to be up, which a 125 kB fetch (0.1 s of data) brings at 10 s.
  ///
  /// Eager, two promotions and two tails (J):
  ///
  ///     idle 0–1 s 0.01 · promotion 0.24 · round trip 0.05 · data 1.5 · hold 0.1 · tail 4.9 s 2.45
  ///     idle 7.25–10 s 0.0275 · promotion 0.24 · round trip 0.05 · data 0.15 · hold 0.1
  ///     tail 2.45 · idle 15.35–20 s 0.0465                                        = 7.414 J
  ///
  /// Deferred, the sync joins the fetch on the promotion the fetch paid (*Radios*: the
  /// link carries both at once), and shares its tail. Both wait their round trip together
  /// (10.2–10.25 s), then share the 10 Mbit/s: the fetch's 1 Mbit takes 0.2 s at 5 Mbit/s (done
  /// at 10.45 s), the sync's remaining 9 Mbit 0.9 s alone (done at 11.35 s):
  ///
  ///     idle 0–10 s 0.1 · promotion 0.24 · round trip 0.05 · data 10.25–11.35 s 1.65
  ///     hold 0.1 · tail 11.45–16.35 s 2.45 · idle 16.35–20 s 0.0365              = 4.6265 J
  @Test func aDiscretionaryTransferSharesTheTail() {
    let fetch = WorkloadSpec(
      name: "fetch", timing: .once(at: Fixture.at(.seconds(10))), work: Self.download(125_000))
    let eager = WorkloadSpec(
      name: "sync", timing: .once(at: Fixture.at(.seconds(1))), work: Self.download(1_250_000))
    let deferred = WorkloadSpec(
      name: "sync",
      timing: .window(
        earliest: Fixture.at(.seconds(1)), deadline: Fixture.at(.seconds(15)),
        requires: .radioActive),
      work: Self.download(1_250_000))
    func run(_ sync: WorkloadSpec) -> RunResult {
      Fixture.run(
        Fixture.setup(
          Fixture.device([PeripheralTests.radio()]), [fetch, sync], duration: .seconds(20),
          environment: Fixture.online(for: .seconds(20))))
    }
    let eagerResult = run(eager)
    let deferredResult = run(deferred)
    #expect(eagerResult.component("lte").energy == joules(7.414))
    #expect(eagerResult.component("lte").wakeups == 2)
    #expect(deferredResult.component("lte").energy == joules(4.6265))
    #expect(deferredResult.component("lte").wakeups == 1)
    // Saved: one promotion, round trip, hold and tail (0.24 + 0.05 + 0.1 + 2.45) less 5.25 s
    // more idle (0.0525).
    #expect(
      eagerResult.component("lte").energy - deferredResult.component("lte").energy
        == joules(2.7875))
    // The sync waited from 1 s and finished at 11.35 s, inside its window.
    #expect(deferredResult.workload("sync").latency?.max == .milliseconds(10_350))
    #expect(deferredResult.workload("sync").deadlineMisses == 0)
    #expect(eagerResult.workload("sync").latency?.max == .milliseconds(1_250))
  }

  /// The radio-active condition at the radio's demotion: a fetch at 0 leaves the radio in its
  /// tail until 5.35 s (promotion 0.2, round trip 0.05, data 0.1, then 5 s after finishing). A
  /// window opening 1 ns before finds it up and runs at once (round trip + 1 s of data); one
  /// opening at 5.35 s finds it idle, as demotions come first, waits for the deadline (15 s),
  /// pays its own promotion, and misses the deadline.
  @Test(arguments: [
    (Int64(5_349_999_999), Int64(1_050_000_000), 0),
    (Int64(5_350_000_000), Int64(15_000_000_000 - 5_350_000_000 + 1_250_000_000), 1),
  ])
  func radioActiveEndsWithTheTail(opens: Int64, expectedLatency: Int64, misses: Int) {
    let fetch = WorkloadSpec(name: "fetch", timing: .once(at: .start), work: Self.download(125_000))
    let sync = WorkloadSpec(
      name: "sync",
      timing: .window(
        earliest: Self.ns(opens), deadline: Fixture.at(.seconds(15)), requires: .radioActive),
      work: Self.download(1_250_000))
    let result = Fixture.run(
      Fixture.setup(
        Fixture.device([PeripheralTests.radio()]), [fetch, sync], duration: .seconds(20),
        environment: Fixture.online(for: .seconds(20))))
    #expect(result.workload("sync").latency?.max == .nanoseconds(expectedLatency))
    #expect(result.workload("sync").deadlineMisses == misses)
  }

  /// `requires: "wifi"`: the network moves from LTE to Wi-Fi at 5 s. With the deadline at 5 s the
  /// network change comes first (environment before workloads) and the work goes over Wi-Fi: 2 ms
  /// wake, 20 ms round trip, 200 ms of data, done at 5.222 s — after its deadline, a miss. With
  /// the deadline 1 ns earlier it runs at the deadline over LTE: 200 ms promotion, 50 ms round
  /// trip, 1 s of data.
  @Test(arguments: [
    (Int64(5_000_000_000), Int64(4_222_000_000), "wifi"),
    (Int64(4_999_999_999), Int64(3_999_999_999 + 1_250_000_000), "lte"),
  ])
  func wifiWaitsForTheNetwork(deadline: Int64, expectedLatency: Int64, radio: String) {
    let environment = EnvironmentSpec(
      network: [
        NetworkInterval(
          range: TimeRange(start: .start, end: Fixture.at(.seconds(5))), radio: "lte"),
        NetworkInterval(
          range: TimeRange(start: Fixture.at(.seconds(5)), end: Fixture.at(.seconds(20))),
          radio: "wifi"),
      ], charging: [], batteryStart: .one)
    let sync = WorkloadSpec(
      name: "sync",
      timing: .window(
        earliest: Fixture.at(.seconds(1)), deadline: Self.ns(deadline), requires: .wifi),
      work: Self.download(1_250_000))
    let result = Fixture.run(
      Fixture.setup(
        Fixture.device([PeripheralTests.radio(), Self.wifi]), [sync], duration: .seconds(20),
        environment: environment))
    #expect(result.workload("sync").latency?.max == .nanoseconds(expectedLatency))
    #expect(result.workload("sync").deadlineMisses == 1)
    #expect(result.component(radio).wakeups == 1)
    #expect(result.component(radio == "lte" ? "wifi" : "lte").wakeups == 0)
  }

  /// Without `requires`, deferrable work runs the next time the device is awake anyway (see
  /// *OS policies*); nothing else runs here, so it waits for its deadline: the same 1.25 s
  /// download as at its start, 6 s later (latency 7.25 s from 2 s; done at 9.25 s, past the 8 s
  /// deadline). With `battery-ok` (no battery: always) it runs as soon as its window opens.
  @Test(arguments: [(DeferralConditions(), Int64(7_250), 1), (.batteryOK, 1_250, 0)])
  func anUnconditionalWindowWaitsForItsDeadline(
    requires: DeferralConditions, latency: Int64, misses: Int
  ) {
    let sync = WorkloadSpec(
      name: "sync",
      timing: .window(
        earliest: Fixture.at(.seconds(2)), deadline: Fixture.at(.seconds(8)), requires: requires),
      work: Self.download(1_250_000))
    let result = Fixture.run(
      Fixture.setup(
        Fixture.device([PeripheralTests.radio()]), [sync], duration: .seconds(10),
        environment: Fixture.online(for: .seconds(10))))
    #expect(result.workload("sync").latency?.max == .milliseconds(latency))
    #expect(result.workload("sync").occurrences == 1)
    #expect(result.workload("sync").deadlineMisses == misses)
  }
}
