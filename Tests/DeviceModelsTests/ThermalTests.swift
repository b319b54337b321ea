import DeviceModels
import Quantities
import Testing

/// The thermal model and its governor (see *Peripherals and recipes*), every figure by hand: the
/// temperature poll by poll, a state's threshold to the micro-degree, and the caps stepping one
/// operating point per poll under heat and under a short-term power limit.
@Suite struct ThermalTests {
  /// A 1 W heater through 10 °C per W with a 10 s time constant: the target is 35 °C, and each
  /// 1 s poll closes a tenth of the gap, T_k = 35 − 10 × 0.9^k °C, exact in µ°C up to k = 7
  /// (10 × 0.9^7 = 4.782969).
  static func heaterRun(fair: Temperature, duration: TimeSpan) -> RunResult {
    let heater = Fixture.generic(
      "heater", Fixture.twoStateLadder("on", .watts(1), then: "off", .zero), parent: .none)
    var device = Fixture.device([heater])
    device.thermal = ThermalSpec(
      resistance: 10_000_000, timeConstant: .seconds(10), fair: fair,
      serious: Temperature(celsius: 40), critical: Temperature(celsius: 50))
    let work = WorkloadSpec(
      name: "heat", timing: .once(at: .start), work: Fixture.uses("heater", for: .seconds(100)))
    return Fixture.run(Fixture.setup(device, [work], duration: duration))
  }

  /// After 7 polls: 35 − 4.782969 = 30.217031 °C; after 6 it was 35 − 5.31441 = 29.68559 °C.
  /// With `fair` at 30 °C the state turns fair at the 7th poll: 7 s nominal, then 0.5 s fair.
  @Test func theTemperatureAfterSevenPollsIsComputedByHand() throws {
    let result = Self.heaterRun(fair: Temperature(celsius: 30), duration: .milliseconds(7_500))
    let thermal = try #require(result.thermal)
    #expect(thermal.peakTemperature == Temperature(microdegrees: 30_217_031))
    #expect(thermal.finalTemperature == Temperature(microdegrees: 30_217_031))
    #expect(thermal.time(in: .nominal) == .seconds(7))
    #expect(thermal.time(in: .fair) == .milliseconds(500))
    #expect(thermal.throttledTime == .zero)
  }

  /// The threshold is inclusive: at exactly the 6th poll's 29.68559 °C the state is fair from
  /// the 6th poll; one micro-degree higher, from the 7th.
  @Test(arguments: [(Int64(29_685_590), Int64(6)), (29_685_591, 7)])
  func aStateBeginsAtItsThreshold(fair: Int64, nominalSeconds: Int64) throws {
    let result = Self.heaterRun(
      fair: Temperature(microdegrees: fair), duration: .milliseconds(7_500))
    let thermal = try #require(result.thermal)
    #expect(thermal.time(in: .nominal) == .seconds(nominalSeconds))
    #expect(thermal.time(in: .fair) == .milliseconds(7_500 - nominalSeconds * 1_000))
  }

  /// The thermal state reaches the OS (see *OS policies*): the heater's 7th poll, at 7 s, finds
  /// 30.217031 °C, exactly the `serious` threshold here. A workload on `thermal-serious` runs
  /// once (none on `thermal-nominal`: the state never falls back), and a 1 s timer whose `when`
  /// asks for `thermal-nominal` runs at 0 … 6 s and not from 7 s (the poll, an environment change,
  /// comes before the timer at one instant): 7 runs in 10 s. The workloads' own component draws
  /// nothing, so the temperature is the heater's alone.
  @Test func theThermalStateIsAnEventAndAStateForWorkloads() {
    let device = ThermalFastForwardTests.heaterDevice(
      fair: Temperature(celsius: 29), serious: Temperature(microdegrees: 30_217_031))
    let heat = WorkloadSpec(
      name: "heat", timing: .once(at: .start), work: Fixture.uses("heater", for: .seconds(100)))
    let hot = WorkloadSpec(
      name: "hot", timing: .reaction(on: .thermalSerious, delay: .zero),
      work: Fixture.uses("lamp", for: .milliseconds(10)))
    let cool = WorkloadSpec(
      name: "cool", timing: .reaction(on: .thermalNominal, delay: .zero),
      work: Fixture.uses("lamp", for: .milliseconds(10)))
    var tick = WorkloadSpec(
      name: "tick",
      timing: .periodic(every: .seconds(1), start: .start, end: nil, count: nil, tolerance: .zero),
      work: Fixture.uses("lamp", for: .milliseconds(10)))
    tick.when = .thermalNominal
    let result = Fixture.run(
      Fixture.setup(device, [cool, heat, hot, tick], duration: .seconds(10)))
    #expect(result.thermal?.time(in: .serious) == .seconds(3))
    #expect(result.workload("hot").occurrences == 1)
    #expect(result.workload("cool").occurrences == 0)
    #expect(result.workload("tick").occurrences == 7)
  }

  /// A core of 1, 2, 3 and 4 GHz at 0.1, 0.4, 0.9 and 1.6 W (the reference at 4 GHz), waking and
  /// holding for free, with a job of 4 s of reference work at time 0.
  static func coreRun(_ thermal: ThermalSpec?) -> RunResult {
    let job = CPUTests.job("job", at: .zero, cpu: .seconds(4), qos: .userInitiated)
    return Fixture.run(Fixture.setup(coreDevice(thermal), [job], duration: .seconds(20)))
  }

  /// A device of one core of 1, 2, 3 and 4 GHz at 0.1, 0.4, 0.9 and 1.6 W (the reference at
  /// 4 GHz), waking and holding for free, with `thermal`.
  static func coreDevice(_ thermal: ThermalSpec?) -> DeviceSpec {
    let free = Ladder(
      states: [
        LadderState(name: "active", power: .zero, wakePower: .zero),
        LadderState(name: "off", power: .zero, wakePower: .zero),
      ], idlePolicy: .predictive)
    let points = [(1, 100), (2, 400), (3, 900), (4, 1_600)].map {
      OperatingPoint(frequency: .gigahertz(Double($0.0)), power: .milliwatts(Double($0.1)))
    }
    let cluster = ClusterSpec(
      name: "big", cores: 1, ipc: 1, operatingPoints: points, coreLadder: free,
      clusterLadder: free)
    var device = Fixture.device([CPUTests.cpu([cluster])])
    device.thermal = thermal
    return device
  }

  /// Serious from 25.1 °C, 100 °C per W, 1000 s: the first poll finds 25 + 160 / 1000 = 25.16 °C
  /// and still rising (the target, even at 1 GHz, is 35 °C), so every poll lowers the cap one
  /// point until the lowest: 1 s at speed 1, 1 s at 0.75, 1 s at 0.5, then 0.25 for the last
  /// 1.75 s of work, 7 s: done at 10 s (4 s without the thermal model), and throttled from the
  /// first poll to the end, 19 s.
  @Test func heatLowersTheCapOnePointPerPoll() throws {
    #expect(Self.coreRun(nil).workload("job").latency?.max == .seconds(4))
    let spec = ThermalSpec(
      resistance: 100_000_000, timeConstant: .seconds(1_000),
      fair: Temperature(celsius: 25.05), serious: Temperature(celsius: 25.1),
      critical: Temperature(celsius: 90))
    let result = Self.coreRun(spec)
    #expect(result.workload("job").latency?.max == .seconds(10))
    let thermal = try #require(result.thermal)
    #expect(thermal.throttledTime == .seconds(19))
    #expect(thermal.time(in: .serious) == .seconds(19))
    // Energy of the work: 1.6 + 0.9 + 0.4 J, then 7 s at 0.1 W.
    #expect(result.component("cpu").energy == .joules(3.6))
  }

  /// A short-term limit of 1 W (PL2) on the CPU, the sustained one out of reach (1 W over
  /// 1000 s): the first poll finds 1.6 W, over it, and lowers the cap one point to 3 GHz
  /// (0.9 W); 0.9 W is under it, and raising would add up to 0.7 W, over it: the cap stays. The
  /// job runs 1 s at speed 1, then 3 s of work at 0.75: done at 5 s.
  @Test func aShortTermLimitLowersTheCapUntilThePowerIsUnderIt() throws {
    let limits = PowerLimitSpec(
      sustained: .watts(1), window: .seconds(1_000), shortTerm: .watts(1), components: ["cpu"])
    let spec = ThermalSpec(
      resistance: 1_000_000, timeConstant: .seconds(1_000), fair: Temperature(celsius: 900),
      serious: Temperature(celsius: 950), critical: Temperature(celsius: 999), limits: limits)
    let result = Self.coreRun(spec)
    #expect(result.workload("job").latency?.max == .seconds(5))
    let thermal = try #require(result.thermal)
    // Throttled from the first poll until the poll after the job ends (at 5 s the power over
    // [4, 5) was 0.9 W: 0.9 + 0.7 > 1 W, held; over [5, 6) 0 W: 0 + 0.7 ≤ 1 W, raised at 6 s).
    #expect(thermal.throttledTime == .seconds(5))
    #expect(thermal.time(in: .nominal) == .seconds(20))
  }

  /// A sustained limit of 0.5 W averaged over 4 s, no short-term one: the average after each
  /// poll is a + (P − a) / 4. At 1.6 W: 0.4 W, then 0.7 W, over the limit with the power: the
  /// cap falls to 3 GHz at the 2nd poll; at 0.9 W the average is 0.75 W: to 2 GHz at the 3rd;
  /// at 0.4 W the power is under the limit though the average (0.6625 W) is not, and raising
  /// (up to 0.9 W) would keep the average over it (0.721875 W): the cap holds. 2 s at speed 1,
  /// 1 s at 0.75, then 0.5 for the last 1.25 s of work, 2.5 s: done at 5.5 s.
  @Test func aSustainedLimitActsOnceItsAverageIsOver() throws {
    let limits = PowerLimitSpec(
      sustained: .milliwatts(500), window: .seconds(4), shortTerm: nil, components: ["cpu"])
    let spec = ThermalSpec(
      resistance: 1_000_000, timeConstant: .seconds(1_000), fair: Temperature(celsius: 900),
      serious: Temperature(celsius: 950), critical: Temperature(celsius: 999), limits: limits)
    let result = Self.coreRun(spec)
    #expect(result.workload("job").latency?.max == .milliseconds(5_500))
  }

  /// A steady state still repeats: 100 ms of the 1 W heater every second draws the same energy
  /// over every poll, so the temperature stops moving exactly (at 25 + 0.1 × 10 = 26 °C, to
  /// within τ ÷ poll = 10 µ°C), and the fast-forward skips the rest of the hour: far fewer
  /// events than event by event, and the same account.
  @Test func theFastForwardEngagesOnceTheTemperatureSettles() throws {
    let heater = Fixture.generic(
      "heater", Fixture.twoStateLadder("on", .watts(1), then: "off", .zero), parent: .none)
    var device = Fixture.device([heater])
    device.thermal = ThermalSpec(
      resistance: 10_000_000, timeConstant: .seconds(10), fair: Temperature(celsius: 30),
      serious: Temperature(celsius: 40), critical: Temperature(celsius: 50))
    let work = WorkloadSpec(
      name: "pulse",
      timing: .periodic(every: .seconds(1), start: .start, end: nil, count: nil, tolerance: .zero),
      work: Fixture.uses("heater", for: .milliseconds(100)))
    let setup = Fixture.setup(device, [work], duration: .hours(1))
    let skipping = Fixture.run(setup)
    let stepping = Fixture.run(setup, recording: RecordingOptions(fastForward: false))
    #expect(skipping.energy == stepping.energy)
    #expect(skipping.thermal == stepping.thermal)
    let thermal = try #require(skipping.thermal)
    #expect(abs(thermal.finalTemperature.microdegrees - 26_000_000) <= 10)
    #expect(skipping.processedEvents * 10 < stepping.processedEvents)
  }
}
