import Quantities
import SimulationEngine
import Testing

@testable import DeviceModels

/// The fast-forward over a thermal model (see *The fast-forward*): the temperatures are not part of
/// the compared state, the skip replays the cycle's polls to move them on exactly, and it stops
/// before the poll at which the state or a throttling level would change, which the events then
/// simulate. Every figure by hand, or by the governor's own recurrence written out in the test.
@Suite struct ThermalFastForwardTests {
  /// A 1 W heater through 10 °C per W with a 10 s time constant and 1 s polls, from 25 °C.
  static func heaterDevice(fair: Temperature, serious: Temperature) -> DeviceSpec {
    let heater = Fixture.generic(
      "heater", Fixture.twoStateLadder("on", .watts(1), then: "off", .zero), parent: .none)
    let lamp = Fixture.generic(
      "lamp", Fixture.twoStateLadder("on", .zero, then: "off", .zero), parent: .none)
    var device = Fixture.device([heater, lamp])
    device.thermal = ThermalSpec(
      resistance: 10_000_000, timeConstant: .seconds(10), fair: fair, serious: serious,
      critical: Temperature(celsius: 50))
    return device
  }

  /// A poll of 1 s over which the device drew 0.1 W (100 ms of the heater), off at the poll.
  static let pulsePoll = ThermalPoll(
    span: 1_000_000_000, power: 100_000_000, packagePower: 0, powerNow: 0, packagePowerNow: 0,
    rests: false, changesOutputs: false)

  /// At 0.1 W the target is 26 °C and each poll closes a tenth of the gap, truncated: 25.1, 25.19,
  /// 25.271, 25.3439, 25.40951, 25.468559, then 25.468559 + ⌊531,441 ÷ 10⌋ µ°C = 25.521703 °C at
  /// the 7th poll. With `fair` exactly there, the replay takes the 6 cycles before it and stops,
  /// leaving 25.468559 °C; one micro-degree higher, `fair` comes at the 8th poll and it takes 7.
  @Test(arguments: [(Int64(25_521_703), Int64(6), Int64(25_468_559)), (25_521_704, 7, 25_521_703)])
  func aReplayStopsBeforeThePollThatChangesTheState(
    fair: Int64, cycles: Int64, temperature: Int64
  ) {
    let device = Self.heaterDevice(
      fair: Temperature(microdegrees: fair), serious: Temperature(celsius: 40))
    let governor = ThermalRuntime(setup: Fixture.setup(device, [], duration: .seconds(100)))
    let replayed = governor.replay([Self.pulsePoll], cycles: 100)
    #expect(replayed.cycles == cycles)
    #expect(replayed.after.temperature == temperature)
    #expect(replayed.after.peakTemperature == temperature)
    // Fewer cycles asked for than the state allows: all of them.
    #expect(governor.replay([Self.pulsePoll], cycles: 3).cycles == 3)
    #expect(governor.replay([Self.pulsePoll], cycles: 3).after.temperature == 25_271_000)
  }

  /// Once the temperature stops moving (within τ ÷ poll = 10 µ°C of 26 °C) a cycle leaves it as it
  /// found it, and every later cycle does too: a replay of a million cycles ends at once, at the
  /// temperature the recurrence settles at.
  @Test func aSettledReplayTakesEveryCycle() {
    let device = Self.heaterDevice(
      fair: Temperature(celsius: 30), serious: Temperature(celsius: 40))
    let governor = ThermalRuntime(setup: Fixture.setup(device, [], duration: .seconds(100)))
    var temperature: Int64 = 25_000_000
    while (26_000_000 - temperature) / 10 != 0 { temperature += (26_000_000 - temperature) / 10 }
    let replayed = governor.replay([Self.pulsePoll], cycles: 1_000_000)
    #expect(replayed.cycles == 1_000_000)
    #expect(replayed.after.temperature == temperature)
    #expect(replayed.after.previousTemperature == temperature)
    #expect(abs(26_000_000 - temperature) < 10)
  }

  /// The heater pulses 100 ms every second (0.1 W, a target of 26 °C); `fair` at 25.5 °C,
  /// `serious` at 25.9 °C. A workload reacts to `thermal-serious`, a 1 s timer runs only while the
  /// state is below serious.
  static func crossingSetup(duration: TimeSpan) -> SimulationSetup {
    let device = heaterDevice(
      fair: Temperature(celsius: 25.5), serious: Temperature(celsius: 25.9))
    let pulse = WorkloadSpec(
      name: "pulse",
      timing: .periodic(every: .seconds(1), start: .start, end: nil, count: nil, tolerance: .zero),
      work: Fixture.uses("heater", for: .milliseconds(100)))
    let hot = WorkloadSpec(
      name: "hot", timing: .reaction(on: .thermalSerious, delay: .zero),
      work: Fixture.uses("lamp", for: .milliseconds(10)))
    var tick = WorkloadSpec(
      name: "tick",
      timing: .periodic(
        every: .milliseconds(500), start: .start, end: nil, count: nil, tolerance: .zero),
      work: Fixture.uses("lamp", for: .milliseconds(10)))
    tick.when = .thermalNominal
    return Fixture.setup(device, [pulse, hot, tick], duration: duration)
  }

  /// The polls (one per second, the first at 1 s) at which the recurrence at 0.1 W first reaches
  /// `threshold` µ°C.
  static func firstPoll(reaching threshold: Int64) -> Int64 {
    var temperature: Int64 = 25_000_000
    var poll: Int64 = 0
    while temperature < threshold {
      temperature += (26_000_000 - temperature) / 10
      poll += 1
    }
    return poll
  }

  /// A run crossing `fair` and `serious` gives the same account with and without the
  /// fast-forward, skips before the crossing (while the state is still below serious) and after
  /// it, and books the states from the polls the recurrence gives: nominal until the poll that
  /// reaches 25.5 °C, fair until the one that reaches 25.9 °C, serious from there.
  @Test func aRunCrossingSeriousSkipsOnBothSidesWithTheSameAccount() throws {
    let setup = Self.crossingSetup(duration: .seconds(200))
    let both = FastForwardTests.runBoth(setup, binWidth: .seconds(1))
    #expect(both.fast == both.full)
    #expect(both.fastEvents * 2 < both.fullEvents)
    let fairAt = Self.firstPoll(reaching: 25_500_000)
    let seriousAt = Self.firstPoll(reaching: 25_900_000)
    #expect(fairAt == 7 && seriousAt == 22)
    let simulation = DeviceSimulation(setup: setup, recording: RecordingOptions())
    var skipsBelowSerious = 0
    let result = simulation.run { _ in
      if simulation.thermal.state < .serious { skipsBelowSerious = simulation.fastForward.skips }
    }
    #expect(skipsBelowSerious > 0)
    #expect(simulation.fastForward.skips > skipsBelowSerious)
    let thermal = try #require(result.thermal)
    #expect(thermal.time(in: .nominal) == .seconds(fairAt))
    #expect(thermal.time(in: .fair) == .seconds(seriousAt - fairAt))
    #expect(thermal.time(in: .serious) == .seconds(200 - seriousAt))
    #expect(result.workload("hot").occurrences == 1)
    // The timer ran at 0, 0.5 … until the poll at 22 s made the state serious (the poll, an
    // environment change, comes before the timer at one instant): 44 runs.
    #expect(result.workload("tick").occurrences == 2 * seriousAt)
  }

  /// A core of 1, 2, 3 and 4 GHz at 0.1, 0.4, 0.9 and 1.6 W runs 200 ms of 4 GHz work every
  /// second: 0.32 W at full clock, a target of 28.2 °C past `serious` at 27 °C. Serious, the
  /// governor caps a point per poll while the temperature rises; at 2 GHz the work takes 400 ms at
  /// 0.4 W (0.16 W, a target of 26.6 °C), the temperature falls back into `fair` and the cap
  /// stays (it lifts only at nominal). The throttled steady state repeats, and the fast-forward
  /// skips it with the same account as every event.
  @Test func aThrottledSteadyStateSkipsWithTheSameAccount() throws {
    let device = ThermalTests.coreDevice(
      ThermalSpec(
        resistance: 10_000_000, timeConstant: .seconds(10), fair: Temperature(celsius: 26),
        serious: Temperature(celsius: 27), critical: Temperature(celsius: 50)))
    let job = WorkloadSpec(
      name: "job",
      timing: .periodic(every: .seconds(1), start: .start, end: nil, count: nil, tolerance: .zero),
      work: [WorkStepSpec(cpu: .milliseconds(200), threads: 1, qos: .userInitiated)])
    let setup = Fixture.setup(device, [job], duration: .seconds(600))
    let both = FastForwardTests.runBoth(setup, binWidth: .seconds(10))
    #expect(both.fast == both.full)
    #expect(both.fastEvents * 5 < both.fullEvents)
    let simulation = DeviceSimulation(setup: setup, recording: RecordingOptions())
    let result = simulation.run()
    #expect(simulation.fastForward.skips > 0)
    #expect(simulation.thermal.state == .fair)
    #expect(simulation.thermal.level == 2)
    let thermal = try #require(result.thermal)
    #expect(thermal.time(in: .serious) > .zero)
    #expect(abs(thermal.finalTemperature.microdegrees - 26_600_000) <= 10)
  }
}
