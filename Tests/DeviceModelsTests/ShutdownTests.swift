import DeviceModels
import Quantities
import Testing

/// The device shuts down at 0% while unplugged (see *Results and accounting*): every component
/// draws nothing, work in progress is cut off (unfinished), occurrences falling due are lost
/// (held), and when charging starts the device starts again, every component in its deepest state,
/// the workloads on their schedules. Every figure below is worked out by hand.
@Suite struct ShutdownTests {
  /// `BatteryTests`' load: 1 W idle, 2 W working, no wake latency; a 100 J battery charging at
  /// 5 W. A workload `tick` keeps it working 5 s every 10 s from 0: 15 J per period.
  static func run(
    start: Double, charging: [(Int64, Int64)], duration: Int64 = 100,
    recording: RecordingOptions = RecordingOptions()
  ) -> RunResult {
    let tick = WorkloadSpec(
      name: "tick",
      timing: .periodic(
        every: .seconds(10), start: .start, end: nil, count: nil, tolerance: .zero),
      work: Fixture.uses("load", for: .seconds(5)))
    return Fixture.run(
      Fixture.setup(
        BatteryTests.device(), [tick], duration: .seconds(duration),
        environment: BatteryTests.environment(charging: charging, start: start)),
      recording: recording)
  }

  /// From 30 J the first two periods use exactly 30 J: the battery runs out at 20 s, exactly
  /// when the third tick is due, so that tick is lost (the device is off before anything due
  /// then). Off 20–45 s, ticks at 20, 30 and 40 s are held. On the charger at 45 s the load
  /// starts in its deepest state (1 W); the tick at 50 s runs; 45–60 s the charger supplies
  /// 5 + 10 + 5 = 20 J and refills 5 W × 15 s = 75 J; 60–100 s four ticks drain 60 J, leaving
  /// 15 J. Drawn 30 + 60 = 90 J; life over the 60 s running unplugged (0–20 s, 60–100 s):
  /// 100 J ÷ (90 J / 60 s).
  @Test func runsOutExactlyWhenATickIsDueAndRestartsOnTheCharger() {
    let collector = PowerSeriesCollector()
    let result = Self.run(
      start: 0.3, charging: [(45, 60)],
      recording: RecordingOptions(binWidth: .seconds(5), sink: collector))
    let battery = result.battery
    #expect(battery?.ranOutAt == Fixture.at(.seconds(20)))
    #expect(battery?.offTime == .seconds(25))
    #expect(battery?.lowestStateOfCharge == Fraction(0))
    #expect(battery?.drawnEnergy == joules(90))
    #expect(battery?.chargerEnergy == joules(20))
    #expect(battery?.endStateOfCharge == Fraction(0.15))
    #expect(battery?.life == nil)  // it ran out: the ran-out time stands instead
    #expect(result.energy == joules(110))
    #expect(result.peakPower == .watts(2))
    let tick = result.workload("tick")
    #expect(tick.occurrences == 7)  // 0, 10, 50, 60, 70, 80, 90 s
    #expect(tick.held == 3)  // 20, 30, 40 s
    #expect(tick.unfinished == 0)
    let load = result.component("load")
    #expect(load.state("working").residency == .seconds(35))
    #expect(load.state("idle").residency == .seconds(40))
    #expect(load.state("shut down").residency == .seconds(25))
    #expect(load.state("shut down").energy == .zero)
    // The floor is the idle state's 1 W while the device was on: 75 s.
    #expect(load.floor == joules(75))
    #expect(load.floor + load.fixed + load.dynamic == load.energy)
    // Bins of 5 s: nothing drawn while off.
    let bins = collector.bins!
    #expect(bins.energies[4..<9].allSatisfy { $0 == 0 })
    #expect(bins.energies.reduce(Int128(0), +) == result.energy.attojoules)
  }

  /// From 24 J: 15 J by 10 s, then the tick at 2 W empties the last 9 J at 14.5 s, half-way
  /// through its work: the occurrence is cut off (unfinished, no latency).
  @Test func workInProgressIsCutOff() {
    let result = Self.run(start: 0.24, charging: [(45, 60)])
    #expect(result.battery?.ranOutAt == Fixture.at(.milliseconds(14_500)))
    #expect(result.battery?.offTime == .milliseconds(30_500))
    let tick = result.workload("tick")
    #expect(tick.unfinished == 1)
    #expect(tick.held == 3)
    #expect(tick.latency?.max == .seconds(5))
    // 0–5 s, 10–14.5 s, then five ticks from 50 s.
    #expect(result.component("load").state("working").residency == .milliseconds(34_500))
  }

  /// From 25 J the battery runs out at 15 s, the instant the tick's work would complete: work
  /// completing exactly when the battery runs out is cut off, as work completing at the end of
  /// the run is unfinished.
  @Test func workCompletingAtTheRunOutInstantIsCutOff() {
    let result = Self.run(start: 0.25, charging: [])
    #expect(result.battery?.ranOutAt == Fixture.at(.seconds(15)))
    #expect(result.battery?.offTime == .seconds(85))
    #expect(result.workload("tick").unfinished == 1)
    #expect(result.workload("tick").occurrences == 2)
    #expect(result.workload("tick").held == 8)
    // Drawn 25 J over the 15 s running unplugged; it ran out, so no battery life is given.
    #expect(result.battery?.drawnEnergy == joules(25))
    #expect(result.battery?.life == nil)
    #expect(result.energy == joules(25))
  }

  /// Charging that starts at the very instant the battery runs out restarts the device at once:
  /// it ran out (at 20 s) but was off for no time, and the tick due then runs.
  @Test func chargingAtTheShutdownInstantRestartsAtOnce() {
    let result = Self.run(start: 0.3, charging: [(20, 30)], duration: 30)
    #expect(result.battery?.ranOutAt == Fixture.at(.seconds(20)))
    #expect(result.battery?.offTime == .zero)
    #expect(result.workload("tick").held == 0)
    #expect(result.workload("tick").occurrences == 3)
    #expect(result.component("load").nodes[0].states.allSatisfy { $0.name != "shut down" })
  }

  /// Starting at 0% unplugged, the device is off from time 0 until the charger comes.
  @Test func startingEmptyIsOffUntilCharging() {
    let result = Self.run(start: 0, charging: [(50, 100)])
    #expect(result.battery?.ranOutAt == .start)
    #expect(result.battery?.offTime == .seconds(50))
    #expect(result.workload("tick").held == 5)
    #expect(result.workload("tick").occurrences == 5)
  }

  /// A battery that never runs flat changes nothing: no time off, lowest charge as reached.
  @Test func aBatteryThatLastsIsNeverOff() {
    let result = Self.run(start: 1, charging: [], duration: 30)
    #expect(result.battery?.ranOutAt == nil)
    #expect(result.battery?.offTime == .zero)
    // 45 J of 100 J drawn by 30 s.
    #expect(result.battery?.lowestStateOfCharge == Fraction(0.55))
    #expect(result.workload("tick").held == 0)
  }

  /// *Results and accounting*'s invariants hold across shutdowns and restarts, on random devices (a
  /// platform shared by three components) with a small battery and two charging spells.
  static func smallBatterySetup(seed: UInt64) -> SimulationSetup {
    var setup = InvariantTests.randomSetup(seed: seed)
    setup.device.battery = BatterySpec(capacity: .joules(0.5), chargePower: .watts(0.05))
    setup.environment.charging = [
      TimeRange(start: Fixture.at(.seconds(8)), end: Fixture.at(.seconds(9))),
      TimeRange(start: Fixture.at(.seconds(15)), end: Fixture.at(.seconds(16))),
    ]
    return setup
  }

  /// The random setups below do run flat, most of them more than once.
  @Test func randomSetupsRunOut() {
    let flat = (0..<20).filter {
      Fixture.run(Self.smallBatterySetup(seed: $0)).battery?.ranOutAt != nil
    }
    #expect(flat.count >= 15)
  }

  @Test(arguments: 0..<20)
  func invariantsHoldAcrossShutdowns(seed: UInt64) {
    let setup = Self.smallBatterySetup(seed: seed)
    let collector = PowerSeriesCollector()
    let result = Fixture.run(
      setup, recording: RecordingOptions(binWidth: .milliseconds(700), sink: collector))
    Fixture.expectInvariants(result, duration: setup.duration, collector: collector)
    if let battery = result.battery, battery.ranOutAt != nil {
      #expect(battery.lowestStateOfCharge == Fraction(0))
    }
  }

  // MARK: Work waiting anywhere

  /// ``PeripheralTests/radio(downlink:)`` alone (idle 10 mW, where it starts) on a 0.05 J
  /// battery, offline 0–8 s, then LTE to 10 s, and `low`'s push sent at 0.5 s (the radio asleep:
  /// the push service holds it, for up to 900 s).
  static func runWaitingForANetwork(fastForward: Bool) -> RunResult {
    let fetch = WorkloadSpec(
      name: "fetch",
      timing: .periodic(every: .seconds(1), start: .start, end: nil, count: nil, tolerance: .zero),
      work: [WorkStepSpec(download: DataSize(bytes: 125_000))])
    let low = PushDeliveryTests.pushed(PushDeliveryTests.at(500), .low, name: "low")
    let network = [
      NetworkInterval(range: TimeRange(start: .start, end: Fixture.at(.seconds(8))), radio: nil),
      NetworkInterval(
        range: TimeRange(start: Fixture.at(.seconds(8)), end: Fixture.at(.seconds(10))),
        radio: "lte"),
    ]
    return Fixture.run(
      Fixture.setup(
        Fixture.device(
          [PeripheralTests.radio()],
          battery: BatterySpec(capacity: .joules(0.05), chargePower: .zero)),
        [fetch, low], duration: .seconds(10),
        environment: EnvironmentSpec(network: network, charging: [], batteryStart: .one)),
      recording: RecordingOptions(fastForward: fastForward))
  }

  /// A shutdown cuts off work wherever it waits: the downloads due at 0–4 s wait for a network
  /// when the 10 mW radio empties the 0.05 J battery at exactly 5 s; they are cut off (5
  /// unfinished), and the downloads due at 5–9 s are lost (5 held). The held push is dropped
  /// with them (held). When the network returns at 8 s nothing is left to send: the radio never
  /// leaves idle, and the run draws exactly the battery, all of it the idle floor.
  @Test(arguments: [true, false])
  func workWaitingForANetworkIsCutOff(fastForward: Bool) {
    let result = Self.runWaitingForANetwork(fastForward: fastForward)
    #expect(result.battery?.ranOutAt == Fixture.at(.seconds(5)))
    #expect(result.battery?.drawnEnergy == joules(0.05))
    #expect(result.energy == joules(0.05))
    let fetch = result.workload("fetch")
    #expect(fetch.unfinished == 5)
    #expect(fetch.held == 5)
    #expect(fetch.latency == nil)
    #expect(fetch.energy == .zero)
    #expect(result.workload("low").held == 1)
    #expect(result.workload("low").occurrences == 0)
    let lte = result.component("lte")
    #expect(lte.state("idle").residency == .seconds(5))
    #expect(lte.state("connected").residency == .zero)
    #expect(lte.wakeups == 0)
    #expect(result.unattributedEnergy == joules(0.05))
  }
}
