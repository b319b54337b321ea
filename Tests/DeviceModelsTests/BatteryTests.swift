import DeviceModels
import Quantities
import Testing

/// The battery account of *Results and accounting*: the battery supplies the device while
/// unplugged; while plugged in the charger supplies it and refills the battery at `charge_power`;
/// the state of charge starts at `battery_start`; the time it ran out is kept and the run goes on;
/// battery life is capacity ÷ average drain over the unplugged time.
@Suite struct BatteryTests {
  /// A load drawing 1 W idle and 2 W while working (no wake latency), on a battery of
  /// `capacity` (100 J unless told) that charges at 5 W.
  static func device(capacity: Energy = .joules(100)) -> DeviceSpec {
    Fixture.device(
      [
        Fixture.generic(
          "load",
          Ladder(
            states: [
              LadderState(name: "working", power: .watts(2), wakePower: .watts(2)),
              Fixture.state("idle", .watts(1), active: .watts(2)),
            ], idlePolicy: .timeout), parent: .none)
      ], battery: BatterySpec(capacity: capacity, chargePower: .watts(5)))
  }

  static func environment(charging: [(Int64, Int64)], start: Double) -> EnvironmentSpec {
    EnvironmentSpec(
      network: [],
      charging: charging.map {
        TimeRange(start: Fixture.at(.seconds($0.0)), end: Fixture.at(.seconds($0.1)))
      }, batteryStart: Fraction(start))
  }

  static func work(at seconds: Int64) -> WorkloadSpec {
    WorkloadSpec(
      name: "job", timing: .once(at: Fixture.at(.seconds(seconds))),
      work: Fixture.uses("load", for: .seconds(20)))
  }

  /// From 50 J: 0–10 s at 1 W leaves 40 J; the 20 s job at 2 W from 10 s empties the battery at
  /// exactly 30 s, the instant it would complete: the device shuts down (see *Results and
  /// accounting*) and the job is cut off; off 30–40 s, it draws nothing; plugged in 40–60 s it
  /// restarts, the charger supplies the 1 W device (20 J) and refills 5 W × 20 s = 100 J, capped at
  /// the 100 J capacity; 60–100 s drains 40 J, ending at 60%.
  ///
  /// Drawn 10 + 40 + 40 = 90 J over the 70 s unplugged and running; the battery ran out, so no
  /// battery life is given (its ran-out time stands instead).
  @Test func chargingAccounting() {
    let collector = PowerSeriesCollector()
    let result = Fixture.run(
      Fixture.setup(
        Self.device(), [Self.work(at: 10)], duration: .seconds(100),
        environment: Self.environment(charging: [(40, 60)], start: 0.5)),
      recording: RecordingOptions(binWidth: .seconds(10), sink: collector))
    let battery = result.battery
    #expect(battery?.capacity == joules(100))
    #expect(battery?.drawnEnergy == joules(90))
    #expect(battery?.chargerEnergy == joules(20))
    #expect(battery?.unpluggedTime == .seconds(80))
    #expect(battery?.ranOutAt == Fixture.at(.seconds(30)))
    #expect(battery?.offTime == .seconds(10))
    #expect(battery?.endStateOfCharge == Fraction(0.6))
    #expect(battery?.life == nil)
    #expect(result.workload("job").unfinished == 1)
    // The device's own energy is what it drew, wherever it came from: 90 + 20 J.
    #expect(result.energy == joules(110))
    // State of charge at the start of each 10 s bin.
    #expect(
      collector.bins?.stateOfChargeAtStart == [0.5, 0.4, 0.2, 0, 0, 0.5, 1, 0.9, 0.8, 0.7])
  }

  /// The battery runs out at the first nanosecond by which the drawn energy reaches the charge:
  /// a full 10 J battery at 1 W lasts exactly 10 s (10¹⁹ aJ at 10⁹ aJ/ns); one attojoule more and
  /// the last of it goes in the next nanosecond. The device is then off: it drew that much.
  @Test(arguments: [
    (Int128(10_000_000_000_000_000_000), Int64(10_000_000_000)),
    (10_000_000_000_000_000_001, 10_000_000_001),
  ])
  func ranOutTime(capacity: Int128, expected: Int64) {
    let result = Fixture.run(
      Fixture.setup(
        Self.device(capacity: Energy(attojoules: capacity)), [], duration: .seconds(20),
        environment: Self.environment(charging: [], start: 1)))
    #expect(result.battery?.ranOutAt == Instant(nanosecondsSinceStart: expected))
    #expect(result.battery?.drawnEnergy == Energy(attojoules: Int128(expected) * 1_000_000_000))
    #expect(result.battery?.offTime == .nanoseconds(20_000_000_000 - expected))
  }

  /// Work done while plugged in does not drain the battery: the same 20 s job at 10 s (unplugged)
  /// or at 40 s (plugged in 40–60 s) moves its extra 1 W × 20 s = 20 J from the battery's account
  /// to the charger's; the device's energy is the same.
  @Test func workWhilePluggedInIsFreeForTheBattery() {
    func run(_ seconds: Int64) -> RunResult {
      Fixture.run(
        Fixture.setup(
          Self.device(), [Self.work(at: seconds)], duration: .seconds(100),
          environment: Self.environment(charging: [(40, 60)], start: 1)))
    }
    let unplugged = run(10)
    let plugged = run(40)
    #expect(unplugged.energy == plugged.energy)
    #expect(unplugged.battery?.drawnEnergy == joules(100))
    #expect(plugged.battery?.drawnEnergy == joules(80))
    #expect(unplugged.battery?.chargerEnergy == joules(20))
    #expect(plugged.battery?.chargerEnergy == joules(40))
    // Plugged in for 20 s at 5 W refills either battery to full before the last 40 J.
    #expect(plugged.battery?.endStateOfCharge == Fraction(0.6))
    #expect(unplugged.battery?.endStateOfCharge == Fraction(0.6))
    #expect(plugged.battery?.ranOutAt == nil)
    // Life: 100 J ÷ (80 J / 80 s) = 100 s, against 100 J ÷ (100 J / 80 s) = 80 s.
    #expect(plugged.battery?.life == .seconds(100))
    #expect(unplugged.battery?.life == .seconds(80))
  }

  /// Exact changes carry the state of charge at their time. From 50 J: 1 W until 10 s (40 J);
  /// the job's 2 W until 30 s empties it; off (0 W) until 40 s; plugged in 40–60 s, refilled at 5 W
  /// to the 100 J capacity; 1 W until a second job at 70 s (90 J); 2 W until 90 s (50 J). The
  /// charger changes no power, so it makes no row; the next row shows what it did.
  ///
  /// Through a window from 45 s, the row in force there starts at 45 s with the charge it had
  /// then, five seconds into charging: 5 W × 5 s = 25 J.
  @Test func stateOfChargeAtEachChange() {
    func changes(from start: Int64) -> PowerChanges? {
      let collector = PowerSeriesCollector()
      let later = WorkloadSpec(
        name: "later", timing: .once(at: Fixture.at(.seconds(70))),
        work: Fixture.uses("load", for: .seconds(20)))
      let window = TimeRange(start: Fixture.at(.seconds(start)), end: Fixture.at(.seconds(100)))
      _ = Fixture.run(
        Fixture.setup(
          Self.device(), [Self.work(at: 10), later], duration: .seconds(100),
          environment: Self.environment(charging: [(40, 60)], start: 0.5)),
        recording: RecordingOptions(exactWindow: window, sink: collector))
      return collector.changes
    }
    let whole = changes(from: 0)
    #expect(whole?.times == [0, 10, 30, 40, 70, 90].map { $0 * 1_000_000_000 })
    #expect(whole?.stateOfCharge == [0.5, 0.4, 0, 0, 0.9, 0.5])
    let window = changes(from: 45)
    #expect(window?.times == [45, 70, 90].map { $0 * 1_000_000_000 })
    #expect(window?.powers == [1, 2, 1].map { $0 * 1_000_000_000 })
    #expect(window?.stateOfCharge == [0.25, 0.9, 0.5])
  }

  /// Without a battery, changes carry no state of charge.
  @Test func noBatteryNoStateOfCharge() {
    let collector = PowerSeriesCollector()
    let device = Fixture.device(Self.device().components, battery: nil)
    let window = TimeRange(start: .start, end: Fixture.at(.seconds(100)))
    _ = Fixture.run(
      Fixture.setup(device, [Self.work(at: 10)], duration: .seconds(100)),
      recording: RecordingOptions(exactWindow: window, sink: collector))
    #expect(collector.changes?.times.count == 3)
    #expect(collector.changes?.stateOfCharge == [])
  }
}
