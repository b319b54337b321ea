import DeviceModels
import Quantities
import TestSupport
import Testing

/// Shared links and network quality (see *Radios*), by hand, on the radio of
/// ``PeripheralTests/radio(downlink:)``: connected 1 W; tail 500 mW after 100 ms; idle 10 mW
/// after 5 s; promotion 200 ms at 1.2 W; 10 Mbit/s down, 5 up; a 50 ms round trip at the base
/// 1 W; data at 1 W + 50 mW per Mbit/s down (1.5 W at 10 Mbit/s). Runs last 10 s.
@Suite struct SharedLinkTests {
  static func radio(downlink: Double = 10, signal: SignalPower = .flat) -> ComponentSpec {
    var component = PeripheralTests.radio(downlink: downlink)
    guard case .radio(var spec) = component.model else { preconditionFailure() }
    spec.signalPower = signal
    component.model = .radio(spec)
    return component
  }

  /// A run of `workloads` on the radio with network spells `spells` (`(from, to, radio or nil
  /// for offline, downlink override, signal)`), ms.
  static func run(
    _ workloads: [WorkloadSpec], spells: [(Int64, Int64, String?, Double?, SignalLevel?)] = [],
    radio: ComponentSpec = radio()
  ) -> RunResult {
    let intervals =
      spells.isEmpty
      ? [
        NetworkInterval(
          range: TimeRange(start: .start, end: Fixture.at(.seconds(10))), radio: "lte")
      ]
      : spells.map { from, to, name, downlink, signal in
        NetworkInterval(
          range: TimeRange(
            start: Fixture.at(.milliseconds(from)), end: Fixture.at(.milliseconds(to))),
          radio: name, downlink: downlink.map { .megabitsPerSecond($0) }, signal: signal)
      }
    return Fixture.run(
      Fixture.setup(
        Fixture.device([radio]), workloads, duration: .seconds(10),
        environment: EnvironmentSpec(network: intervals, charging: [], batteryStart: .one)))
  }

  static func download(_ name: String, bytes: Int64, at milliseconds: Int64) -> WorkloadSpec {
    WorkloadSpec(
      name: name, timing: .once(at: Fixture.at(.milliseconds(milliseconds))),
      work: [WorkStepSpec(download: DataSize(bytes: bytes))])
  }

  /// Processor sharing, two transfers starting apart. `a` (1.25 MB = 10 Mbit) at 0: promotion
  /// 0–0.2 s, round trip to 0.25 s, then alone at 10 Mbit/s. `b` (625 kB = 5 Mbit) at 0.5 s
  /// finds the radio active: its round trip 0.5–0.55 s takes no bandwidth, so by 0.55 s `a` has
  /// moved 3 Mbit (7 left). Then each gets 5 Mbit/s: `b`'s 5 Mbit take 1 s (done at 1.55 s,
  /// latency 1.05 s), in which `a` moves 5 Mbit; its last 2 Mbit go alone at 10 Mbit/s in
  /// 0.2 s (done at 1.75 s, latency 1.75 s).
  ///
  /// Energy (J): promotion 0.24 · round trip 0.05 · data 0.25–1.75 s at 1.5 W (the downlink
  /// is full throughout: the power follows the total throughput) 2.25 · hold 0.1 · tail
  /// 1.85–6.75 s 2.45 · idle 6.75–10 s 0.0325 = 5.1225.
  @Test func twoTransfersStartingApartShareTheBandwidth() {
    let result = Self.run([
      Self.download("a", bytes: 1_250_000, at: 0), Self.download("b", bytes: 625_000, at: 500),
    ])
    #expect(result.workload("a").latency?.max == .milliseconds(1_750))
    #expect(result.workload("b").latency?.max == .milliseconds(1_050))
    let lte = result.component("lte")
    #expect(lte.energy == joules(5.1225))
    #expect(lte.state("connected").energy == joules(0.05 + 2.25 + 0.1))
    #expect(lte.wakeups == 1)
  }

  /// The link's energy is shared equally among the workloads of the transfers in flight (see
  /// *Results and accounting*), the transfers of ``twoTransfersStartingApartShareTheBandwidth()``.
  /// Above the 10 mW floor, `a` alone: promotion 1.19 W × 0.2 s 0.238 · round trip 0.99 W × 0.05 s
  /// 0.0495 · data 1.49 W × 0.25 s 0.3725; shared while `b` is in flight (0.5–1.55 s, 1.49 W):
  /// 1.5645, 0.78225 each; `a` alone again: data 1.49 W × 0.2 s 0.298 · hold 0.99 W × 0.1 s 0.099 ·
  /// tail 0.49 W × 4.9 s 2.401. So `a` 4.24025 J and `b` 0.78225 J; the floor, 0.1 J, is nobody's.
  @Test func aSharedLinksEnergyIsSplitAmongItsTransfers() {
    let result = Self.run([
      Self.download("a", bytes: 1_250_000, at: 0), Self.download("b", bytes: 625_000, at: 500),
    ])
    #expect(result.workload("a").energy == joules(4.24025))
    #expect(result.workload("b").energy == joules(0.78225))
    #expect(result.unattributedEnergy == joules(0.1))
  }

  /// Beyond 16 transfers one way the link still moves exactly its bandwidth, shared equally: 17
  /// downloads of 1 kB at 1 Mbit/s (17 does not divide the link's units per nanosecond) move
  /// 136 kbit in 136 ms, all ending together after the promotion and round trip (250 ms).
  @Test func seventeenTransfersShareExactly() {
    let workloads = (0..<17).map { Self.download("t\($0)", bytes: 1_000, at: 0) }
    let result = Self.run(workloads, radio: Self.radio(downlink: 1))
    for index in 0..<17 {
      #expect(result.workload("t\(index)").latency?.max == .milliseconds(386))
    }
  }

  /// Unequal transfers beyond 16 one way: 16 of 1 kB and one of 2 kB at 1 Mbit/s. All 17 share
  /// the link until the small ones have moved 8 kbit each, 136 kbit in 136 ms (ending at 250 +
  /// 136 = 386 ms, after the promotion and round trip); the large one then moves its last 8 kbit
  /// alone in 8 ms (394 ms).
  @Test func unequalTransfersBeyondSixteenShareExactly() {
    var workloads = (0..<16).map { Self.download("t\($0)", bytes: 1_000, at: 0) }
    workloads.append(Self.download("large", bytes: 2_000, at: 0))
    let result = Self.run(workloads, radio: Self.radio(downlink: 1))
    for index in 0..<16 {
      #expect(result.workload("t\(index)").latency?.max == .milliseconds(386))
    }
    #expect(result.workload("large").latency?.max == .milliseconds(394))
  }

  /// A backlog of 100 transfers of 100, 200, …, 10,000 bytes at once at 1 Mbit/s (processor
  /// sharing, by hand): while 101 − *i* transfers are left, the *i*-th smallest moves its last
  /// 800 bit more than the (*i* − 1)-th at 1 / (101 − *i*) of the link, in 0.8 × (101 − *i*) ms;
  /// so it ends 250 ms + 0.8 × (101 *i* − *i*(*i* + 1) / 2) ms after it was due (the last at
  /// 4.29 s). Past the first half the link drops the places of those that left (the backlog costs
  /// time linear in the transfers, not quadratic).
  @Test func aBacklogOfAHundredTransfersSharesExactly() {
    let workloads = (1...100).map { Self.download("t\($0)", bytes: Int64($0) * 100, at: 0) }
    let result = Self.run(workloads, radio: Self.radio(downlink: 1))
    for index in 1...100 {
      let microseconds = 250_000 + 800 * (101 * index - index * (index + 1) / 2)
      #expect(result.workload("t\(index)").latency?.max == .microseconds(Int64(microseconds)))
    }
  }

  /// Radio time (*Peripherals and recipes*, a scan of 1.5 s) keeps the link busy and takes no
  /// bandwidth. A scan alone: promotion 0–0.2 s, active at the 1 W base to 1.7 s (latency 1.7 s).
  /// With a 1.25 MB download due with it, the download's round trip ends at 0.25 s and its 10 Mbit
  /// go at the full 10 Mbit/s (latency 1.25 s); the scan still ends at 1.7 s.
  ///
  /// Energy alone (J): promotion 0.24 · scan 1.5 · hold 0.1 · tail 1.8–6.7 s 2.45 · idle
  /// 6.7–10 s 0.033 = 4.323. With the download, 0.25–1.25 s draw 1.5 W: 0.5 J more, shared
  /// equally (0.745 J each above the floor for that second).
  @Test func radioTimeTakesNoBandwidth() {
    let scan = WorkloadSpec(
      name: "scan", timing: .once(at: .start),
      work: [WorkStepSpec(generic: [GenericStep(component: "lte", duration: .milliseconds(1_500))])]
    )
    let alone = Self.run([scan])
    #expect(alone.workload("scan").latency?.max == .milliseconds(1_700))
    #expect(alone.component("lte").energy == joules(4.323))
    let both = Self.run([scan, Self.download("get", bytes: 1_250_000, at: 0)])
    #expect(both.workload("scan").latency?.max == .milliseconds(1_700))
    #expect(both.workload("get").latency?.max == .milliseconds(1_250))
    #expect(both.component("lte").energy == joules(4.823))
  }

  /// Completion times are rounded up to a whole nanosecond. At 7 Mbit/s one byte alone takes
  /// 8 / 7 µs = 1142.86 ns → 1143 ns; two bytes sharing the link each go at 3.5 Mbit/s, 2285.71
  /// → 2286 ns, and both end at that instant; three, at 7/3 Mbit/s, 3428.57 → 3429 ns. Each
  /// after the promotion and round trip (250 ms).
  @Test(arguments: [(1, Int64(1_143)), (2, 2_286), (3, 3_429)])
  func sharedCompletionsRoundUp(transfers: Int, nanoseconds: Int64) {
    let workloads = (0..<transfers).map { Self.download("t\($0)", bytes: 1, at: 0) }
    let result = Self.run(workloads, radio: Self.radio(downlink: 7))
    for index in 0..<transfers {
      #expect(
        result.workload("t\(index)").latency?.max
          == .nanoseconds(250_000_000 + nanoseconds))
    }
  }

  /// An offline spell a transfer waits out: offline 1–3 s; a 125 kB download (1 Mbit, 0.1 s)
  /// due at 1.5 s waits in its queue without waking the radio; at 3 s the radio wakes
  /// (3.0–3.2 s), waits its round trip (to 3.25 s) and moves the data (to 3.35 s): latency
  /// 1.85 s, the wait included.
  ///
  /// Energy (J): idle 0–3 s 0.03 · promotion 0.24 · round trip 0.05 · data 0.15 · hold 0.1 ·
  /// tail 3.45–8.35 s 2.45 · idle 8.35–10 s 0.0165 = 3.0365.
  @Test func aTransferWaitsOutAnOfflineSpell() {
    let result = Self.run(
      [Self.download("get", bytes: 125_000, at: 1_500)],
      spells: [
        (0, 1_000, "lte", nil, nil), (1_000, 3_000, nil, nil, nil),
        (3_000, 10_000, "lte", nil, nil),
      ])
    #expect(result.workload("get").latency?.max == .milliseconds(1_850))
    #expect(result.component("lte").energy == joules(3.0365))
  }

  /// A transfer in flight when the network drops pauses, its progress kept, and the radio
  /// follows its ladder as if idle: 1.25 MB at 0 moves 5 Mbit in 0.25–0.75 s; offline at 0.75 s
  /// the radio holds to 0.85 s and is in its tail when the network returns at 2 s; it wakes from
  /// the tail at once and the last 5 Mbit go in 2.0–2.5 s (latency 2.5 s).
  ///
  /// Energy (J): promotion 0.24 · round trip 0.05 · data 0.75 · hold 0.1 · tail 0.85–2 s 0.575 ·
  /// data 0.75 · hold 0.1 · tail 2.6–7.5 s 2.45 · idle 7.5–10 s 0.025 = 5.04.
  @Test func aTransferInFlightPausesOffline() {
    let result = Self.run(
      [Self.download("get", bytes: 1_250_000, at: 0)],
      spells: [
        (0, 750, "lte", nil, nil), (750, 2_000, nil, nil, nil), (2_000, 10_000, "lte", nil, nil),
      ])
    #expect(result.workload("get").latency?.max == .milliseconds(2_500))
    let lte = result.component("lte")
    #expect(lte.energy == joules(5.04))
    #expect(lte.state("tail").residency == .milliseconds(1_150 + 4_900))
  }

  /// A long outage costs the radio's idle power, not its transfer power: the same download, its
  /// network gone 0.75–9 s. Hold to 0.85 s, tail to 5.75 s, idle to 9 s; at 9 s a promotion
  /// from idle (to 9.2 s), the last 5 Mbit to 9.7 s (latency 9.7 s), hold, tail to the end.
  ///
  /// Energy (J): 0.24 + 0.05 + 0.75 · hold 0.1 · tail 2.45 · idle 3.25 s 0.0325 · promotion
  /// 0.24 · data 0.75 · hold 0.1 · tail 0.2 s 0.1 = 4.8125 (at the 1 W transfer base for the
  /// outage it was 10.28).
  @Test func aLongOutageCostsIdlePower() {
    let result = Self.run(
      [Self.download("get", bytes: 1_250_000, at: 0)],
      spells: [
        (0, 750, "lte", nil, nil), (750, 9_000, nil, nil, nil), (9_000, 10_000, "lte", nil, nil),
      ])
    #expect(result.workload("get").latency?.max == .milliseconds(9_700))
    let lte = result.component("lte")
    #expect(lte.energy == joules(4.8125))
    #expect(lte.state("idle").residency == .milliseconds(3_250))
    #expect(result.workload("get").energy == joules(4.8125 - 0.1))
  }

  /// A radio with a `scanning` power searches for a network in its idle states while offline
  /// (see *Radios*): the outage of ``aLongOutageCostsIdlePower()`` on a radio scanning at 50 mW.
  /// Without a network there is no connection to keep: from the end of its hold (0.85 s) to the
  /// network's return (9 s) the radio searches, in its tail (to 5.75 s) and in idle, at 50 mW.
  ///
  /// Energy (J): 0.24 + 0.05 + 0.75 · hold 0.1 · scanning 8.15 s 0.4075 · promotion 0.24 · data
  /// 0.75 · hold 0.1 · tail 0.2 s 0.1 = 2.7375 (4.8125 with the tail and idle powers).
  @Test func anIdleRadioScansWhileOffline() {
    var radio = Self.radio()
    guard case .radio(var spec) = radio.model else { preconditionFailure() }
    spec.scanningPower = .milliwatts(50)
    radio.model = .radio(spec)
    let result = Self.run(
      [Self.download("get", bytes: 1_250_000, at: 0)],
      spells: [
        (0, 750, "lte", nil, nil), (750, 9_000, nil, nil, nil), (9_000, 10_000, "lte", nil, nil),
      ], radio: radio)
    #expect(result.workload("get").latency?.max == .milliseconds(9_700))
    let lte = result.component("lte")
    #expect(lte.energy == joules(2.7375))
    #expect(lte.state("idle").energy == joules(0.1625))
    #expect(lte.state("tail").energy == joules(0.245 + 0.1))
    // Scanning is above the floor: the workload that left the radio idle is charged for it.
    #expect(result.workload("get").energy == joules(2.6375))
  }

  /// Scanning's boundaries are the spells': offline 0–4 s with nothing to carry, the idle radio
  /// scans from the start to exactly 4 s and pages after: 4 s × 50 mW + 6 s × 10 mW = 0.26 J.
  @Test func scanningStartsAndStopsWithTheNetwork() {
    var radio = Self.radio()
    guard case .radio(var spec) = radio.model else { preconditionFailure() }
    spec.scanningPower = .milliwatts(50)
    radio.model = .radio(spec)
    let result = Self.run(
      [], spells: [(0, 4_000, nil, nil, nil), (4_000, 10_000, "lte", nil, nil)], radio: radio)
    #expect(result.component("lte").energy == joules(0.26))
    let online = Self.run([], spells: [(0, 10_000, "lte", nil, nil)], radio: radio)
    #expect(online.component("lte").energy == joules(0.1))
  }

  /// Naming the network's radio in `via` changes nothing. Offline 0–2 s: `a` (125 kB, utility)
  /// due at 0.5 s and `b` (125 kB, user-interactive) due at 1 s wait; at 2 s they join the
  /// radio's queue in the order they started and the radio wakes for the first of the highest
  /// class, `b` (its promotion is `b`'s), 2.0–2.2 s; both join, wait their round trips to 2.25 s
  /// and share the 10 Mbit/s, 1 Mbit each at 5 Mbit/s: both end at 2.45 s. Latencies 1.95 s and
  /// 1.45 s, and the same account whether or not `a` names `lte`.
  ///
  /// A wake or tail left when transfers of several workloads start or end at one instant is
  /// split equally among them.
  @Test func namingTheNetworksRadioChangesNothing() {
    func run(naming: Bool) -> RunResult {
      let a = WorkloadSpec(
        name: "a", timing: .once(at: Fixture.at(.milliseconds(500))),
        work: [
          WorkStepSpec(
            qos: .utility, download: DataSize(bytes: 125_000), via: naming ? "lte" : nil)
        ])
      let b = WorkloadSpec(
        name: "b", timing: .once(at: Fixture.at(.seconds(1))),
        work: [WorkStepSpec(qos: .userInteractive, download: DataSize(bytes: 125_000))])
      return Self.run(
        [a, b], spells: [(0, 2_000, nil, nil, nil), (2_000, 10_000, "lte", nil, nil)])
    }
    let named = run(naming: true)
    let unnamed = run(naming: false)
    #expect(named.workload("a").latency?.max == .milliseconds(1_950))
    #expect(named.workload("b").latency?.max == .milliseconds(1_450))
    for name in ["a", "b"] {
      #expect(named.workload(name).latency == unnamed.workload(name).latency)
      #expect(named.workload(name).energyByComponent == unnamed.workload(name).energyByComponent)
    }
    let states = named.component("lte").nodes[0].states
    #expect(states.map(\.energy) == unnamed.component("lte").nodes[0].states.map(\.energy))
    #expect(states.map(\.residency) == unnamed.component("lte").nodes[0].states.map(\.residency))
    // Above the 10 mW floor: the promotion, 1.19 W × 0.2 s = 0.238 J, is shared by the two
    // transfers that started together (0.119 J each); the round trips (0.99 W × 50 ms) and the
    // data (1.49 W × 0.2 s) are shared, 0.02475 + 0.149 J each; the hold (0.99 W × 0.1 s) and the
    // tail (0.49 W × 4.9 s), 2.5 J, are left by both, ending together: 1.25 J each.
    #expect(named.workload("b").energy == joules(1.54275))
    #expect(named.workload("a").energy == joules(1.54275))
  }

  /// Boundaries of an offline spell [1 s, 3 s) (*The power-state ladder*: completions, then
  /// environment changes, then arrivals). A transfer completing exactly as the spell starts (1.25
  /// MB from 0 s ends at 1.25 s with the spell starting then) is done: latency 1.25 s. One due
  /// exactly as the spell starts waits it out: 2 s + 0.35 s. One due exactly as it ends finds the
  /// network back: promotion, round trip and 0.1 s of data, 0.35 s.
  @Test func offlineBoundaries() {
    let completing = Self.run(
      [Self.download("get", bytes: 1_250_000, at: 0)],
      spells: [
        (0, 1_250, "lte", nil, nil), (1_250, 3_000, nil, nil, nil),
        (3_000, 10_000, "lte", nil, nil),
      ])
    #expect(completing.workload("get").latency?.max == .milliseconds(1_250))
    let spells: [(Int64, Int64, String?, Double?, SignalLevel?)] = [
      (0, 1_000, "lte", nil, nil), (1_000, 3_000, nil, nil, nil), (3_000, 10_000, "lte", nil, nil),
    ]
    let atStart = Self.run([Self.download("get", bytes: 125_000, at: 1_000)], spells: spells)
    #expect(atStart.workload("get").latency?.max == .milliseconds(2_350))
    let atEnd = Self.run([Self.download("get", bytes: 125_000, at: 3_000)], spells: spells)
    #expect(atEnd.workload("get").latency?.max == .milliseconds(350))
  }

  /// Signal factors: with `signal_power` good 1, fair 1.3, poor 2, the transfer segment (round
  /// trip 0.05 J and data 1.5 J at a good signal) costs the factor times as much; the hold
  /// (0.1 J), tail and promotion do not change.
  /// Connected (J): 1.55 × factor + 0.1 = 1.65, 2.115 and 3.2.
  @Test(arguments: [(SignalLevel.good, 1.65), (.fair, 2.115), (.poor, 3.2)])
  func signalFactorsScaleTheTransfer(level: SignalLevel, connected: Double) {
    let result = Self.run(
      [Self.download("get", bytes: 1_250_000, at: 0)],
      spells: [(0, 10_000, "lte", nil, level)],
      radio: Self.radio(signal: SignalPower(good: 1, fair: 1.3, poor: 2)))
    let lte = result.component("lte")
    #expect(lte.state("connected").energy == joules(connected))
    #expect(lte.state("tail").energy == joules(2.45))
    #expect(result.workload("get").latency?.max == .milliseconds(1_250))
  }

  /// Throughput-dependent power is computed once, exactly, from the integer rate and the signal
  /// factor, and rounded once. Base 1 W, 3 nW per Mbit/s down, 0.5 Mbit/s, a poor signal at
  /// ×1.5: data flows at (10⁹ + 3 × 0.5) × 1.5 = 1 500 000 002.25 → 1 500 000 002 nW (rounding
  /// the 1.5 nW term first, then the product, gave 1 500 000 003). A 62.5 kB download (0.5 Mbit)
  /// moves in 1 s. Connected: round trip 1.5 W × 50 ms 0.075 J · data 1.500000002 J · hold
  /// 0.1 J = 1 675 000 002 000 000 000 aJ.
  @Test func throughputPowerIsRoundedOnce() {
    var radio = Self.radio(downlink: 0.5, signal: SignalPower(good: 1, fair: 1.2, poor: 1.5))
    guard case .radio(var spec) = radio.model else { preconditionFailure() }
    spec.transferPower = .throughput(
      base: .watts(1), perMbitDown: Power(nanowatts: 3), perMbitUp: .zero)
    radio.model = .radio(spec)
    let result = Self.run(
      [Self.download("get", bytes: 62_500, at: 0)], spells: [(0, 10_000, "lte", nil, .poor)],
      radio: radio)
    #expect(result.workload("get").latency?.max == .milliseconds(1_250))
    #expect(
      result.component("lte").state("connected").energy
        == Energy(attojoules: 1_675_000_002_000_000_000))
  }

  /// The bandwidth changes mid-transfer: the remaining bytes go on at the new rate. 1.25 MB
  /// at 0 moves 5 Mbit at 10 Mbit/s (0.25–0.75 s); from 0.75 s the link gives 5 Mbit/s, so
  /// the other 5 Mbit take 1 s at 1 W + 5 × 50 mW: done at 1.75 s.
  /// Connected (J): round trip 0.05 · 0.75 · 1.25 · hold 0.1 = 2.15.
  @Test func aBandwidthChangeRetimesTheRemainingBytes() {
    let result = Self.run(
      [Self.download("get", bytes: 1_250_000, at: 0)],
      spells: [(0, 750, "lte", nil, nil), (750, 10_000, "lte", 5, nil)])
    #expect(result.workload("get").latency?.max == .milliseconds(1_750))
    #expect(result.component("lte").state("connected").energy == joules(2.15))
  }

  /// A bandwidth change exactly when a transfer completes does not re-time it: the completion
  /// comes first (1.25 MB done at 1.25 s, latency 1.25 s).
  @Test func aChangeAtACompletion() {
    let result = Self.run(
      [Self.download("get", bytes: 1_250_000, at: 0)],
      spells: [(0, 1_250, "lte", nil, nil), (1_250, 10_000, "lte", 1, .poor)])
    #expect(result.workload("get").latency?.max == .milliseconds(1_250))
    #expect(result.component("lte").state("connected").energy == joules(1.65))
  }

  /// A transfer starting exactly as another ends joins a link the other no longer shares: the
  /// first (125 kB at 0) ends at 0.35 s, the second, due then, waits its round trip and moves
  /// its 1 Mbit alone: latency 0.15 s.
  @Test func aTransferStartingAsAnotherEnds() {
    let result = Self.run([
      Self.download("a", bytes: 125_000, at: 0), Self.download("b", bytes: 125_000, at: 350),
    ])
    #expect(result.workload("a").latency?.max == .milliseconds(350))
    #expect(result.workload("b").latency?.max == .milliseconds(150))
  }
}
