import DeviceModels
import Quantities
import Testing

/// Low Power Mode (see *Apps and push delivery*), every figure by hand: the clock cap on the CPU
/// and the GPU, the 60 Hz refresh cap and the frames it does not draw, the timer leeway, and
/// `below` switching on at the exact nanosecond of the crossing and off when charging starts.
@Suite struct LowPowerModeTests {
  static func on(_ duration: TimeSpan) -> LowPowerSchedule {
    .intervals([TimeRange(start: .start, end: Fixture.at(duration))])
  }

  static func environment(_ lowPower: LowPowerSchedule?) -> EnvironmentSpec {
    var environment = EnvironmentSpec(network: [], charging: [], batteryStart: .one)
    environment.lowPower = lowPower
    return environment
  }

  static func run(
    _ components: [ComponentSpec], _ workloads: [WorkloadSpec], duration: TimeSpan,
    lowPower: LowPowerSchedule?, limits: LowPowerSpec?, display: [DisplaySession] = []
  ) -> RunResult {
    var device = Fixture.device(components)
    device.lowPower = limits
    let collector = PowerSeriesCollector()
    let result = Fixture.run(
      Fixture.setup(
        device, workloads, duration: duration, environment: Self.environment(lowPower),
        display: display),
      recording: RecordingOptions(binWidth: .milliseconds(1), sink: collector))
    Fixture.expectInvariants(result, duration: duration, collector: collector)
    return result
  }

  // MARK: Clock cap

  /// The cap is the highest operating point at or below the fraction of the highest, else the
  /// lowest. The built-in phone's 60% leaves each cluster its lowest point (576 MHz of 1785.6,
  /// 710.4 of 2419.2, 825.6 of 2841.6) and its GPU 345 MHz (of 257, 345, 427, 499.2, 585:
  /// 0.6 × 585 = 351); the laptop's 70% leaves 2 GHz of 1, 2, 3 GHz and 2.8 GHz of 1.2, 2.8,
  /// 4.4 GHz (0.7 × 4.4 = 3.08).
  @Test func theCapIsTheHighestPointAtOrBelowTheFraction() {
    let phone = LowPowerSpec(maxFrequency: Fraction(0.6), timerLeeway: .seconds(1))
    #expect(phone.highestAllowedIndex(of: [576e6, 1785.6e6]) == 0)
    #expect(phone.highestAllowedIndex(of: [710.4e6, 2419.2e6]) == 0)
    #expect(phone.highestAllowedIndex(of: [825.6e6, 2841.6e6]) == 0)
    #expect(phone.highestAllowedIndex(of: [257e6, 345e6, 427e6, 499.2e6, 585e6]) == 1)
    let laptop = LowPowerSpec(maxFrequency: Fraction(0.7), timerLeeway: .seconds(1))
    #expect(laptop.highestAllowedIndex(of: [1e9, 2e9, 3e9]) == 1)
    #expect(laptop.highestAllowedIndex(of: [1.2e9, 2.8e9, 4.4e9]) == 1)
    // None at or below 40% of 2 GHz (0.8 GHz): the lowest, 1 GHz.
    let low = LowPowerSpec(maxFrequency: Fraction(0.4), timerLeeway: .zero)
    #expect(low.highestAllowedIndex(of: [1e9, 2e9]) == 0)
    // Exactly at the cap: 50% of 2 GHz is 1 GHz.
    let half = LowPowerSpec(maxFrequency: Fraction(0.5), timerLeeway: .zero)
    #expect(half.highestAllowedIndex(of: [1e9, 2e9]) == 0)
  }

  /// `CPUTests`' core (1 GHz at 100 mW, 2 GHz at 400 mW; 100 µs wake from off): 10 ms of
  /// reference work at 10 ms. At `max` it runs at 2 GHz: latency 10.1 ms, 4 mJ serving. In Low
  /// Power Mode with a 60% cap (1.2 GHz) it runs at 1 GHz: 20 ms, latency 20.1 ms, 2 mJ.
  @Test(arguments: [(false, Int64(10_100), 4.0), (true, 20_100, 2.0)])
  func theCPUUsesOnlyPointsUpToTheCap(isOn: Bool, latency: Int64, servingMillijoules: Double) {
    let result = Self.run(
      [CPUTests.cpu([CPUTests.cluster("big", cores: 1)])],
      [CPUTests.job("a", at: .milliseconds(10), cpu: .milliseconds(10))], duration: .seconds(1),
      lowPower: isOn ? Self.on(.seconds(1)) : nil,
      limits: LowPowerSpec(maxFrequency: Fraction(0.6), timerLeeway: .zero))
    #expect(result.workload("a").latency?.max == .microseconds(latency))
    #expect(result.component("cpu").dynamic == joules(servingMillijoules / 1000))
  }

  /// `FramePipelineTests`' GPU at `max` (300 MHz at 200 mW, 600 MHz at 800 mW): 3 ms of GPU work
  /// (time at 600 MHz) runs 3 ms at 800 mW; with a 60% cap (360 MHz) at 300 MHz: 6 ms at 200 mW.
  @Test(arguments: [(false, Int64(3)), (true, 6)])
  func theGPUUsesOnlyPointsUpToTheCap(isOn: Bool, milliseconds: Int64) {
    let job = WorkloadSpec(
      name: "render", timing: .once(at: Fixture.at(.milliseconds(10))),
      work: [WorkStepSpec(gpu: .milliseconds(3))])
    let result = Self.run(
      [FramePipelineTests.gpu(.max)], [job], duration: .seconds(1),
      lowPower: isOn ? Self.on(.seconds(1)) : nil,
      limits: LowPowerSpec(maxFrequency: Fraction(0.6), timerLeeway: .zero))
    #expect(result.workload("render").latency?.max == .milliseconds(milliseconds))
    let power = isOn ? 0.2 : 0.8
    #expect(
      result.component("gpu").state("active").energy == joules(power * Double(milliseconds) / 1000))
  }

  // MARK: Display

  /// `DisplayTests`' OLED (panel 100 mW, 1 mW per Hz, light emission 200 mW at 50%; 10, 60 and
  /// 120 Hz) on 2–12 s with a 120 fps animation. Without Low Power Mode it refreshes at 120 Hz:
  /// 420 mW for 10 s, 4.2 J. In Low Power Mode at 60 Hz: 360 mW, 3.6 J; the animation draws
  /// every other frame (1200 due, 600 drawn, 600 dropped).
  @Test(arguments: [(false, "on 120 Hz", 4.2, 0), (true, "on 60 Hz", 3.6, 600)])
  func theDisplayRefreshesAtMostAt60Hz(
    isOn: Bool, state: String, onJoules: Double, dropped: Int
  ) {
    let session = DisplaySession(
      range: TimeRange(start: Fixture.at(.seconds(2)), end: Fixture.at(.seconds(12))),
      brightness: Fraction(0.5), content: .appearance(.light))
    let animation = WorkloadSpec(
      name: "scroll",
      timing: .frames(
        rate: Frequency(hertz: 120), start: Fixture.at(.seconds(2)), duration: .seconds(10)),
      work: Fixture.uses("render", for: .milliseconds(1)))
    let result = Self.run(
      [
        ComponentSpec(name: "display", model: .display(DisplayTests.oled), parent: .none),
        Fixture.generic("render", DisplayTests.marker, parent: .none),
      ], [animation], duration: .seconds(20), lowPower: isOn ? Self.on(.seconds(20)) : nil,
      limits: nil, display: [session])
    #expect(result.component("display").state(state).energy == joules(onJoules))
    #expect(result.workload("scroll").droppedFrames == dropped)
    #expect(result.workload("scroll").occurrences == 1200 - dropped)
    #expect(result.workload("scroll").deadlineMisses == 0)
  }

  // MARK: Timers

  /// A timer every 10 s (no tolerance) of 1 s on a component without wake latency, Low Power
  /// Mode 15–100 s with 1 s of leeway. The occurrence due at 10 s was scheduled at 0 and the one
  /// due at 20 s when the 10 s one fired, both with Low Power Mode off: on time (latency 1 s).
  /// The one due at 30 s, scheduled at 20 s, gets the leeway: it fires at 31 s (latency 2 s).
  @Test func timersGetTheLeeway() {
    let timer = WorkloadSpec(
      name: "tick",
      timing: .periodic(
        every: .seconds(10), start: .start, end: nil, count: 4, tolerance: .zero),
      work: Fixture.uses("a", for: .seconds(1)))
    let result = Self.run(
      [BackgroundTaskTests.job("a")], [timer], duration: .seconds(100),
      lowPower: .intervals([
        TimeRange(start: Fixture.at(.seconds(15)), end: Fixture.at(.seconds(100)))
      ]),
      limits: LowPowerSpec(maxFrequency: .one, timerLeeway: .seconds(1)))
    let tick = result.workload("tick")
    #expect(tick.occurrences == 4)
    #expect(tick.latency?.max == .seconds(2))
    #expect(tick.latency?.p50 == .seconds(1))
    #expect(result.lowPowerTime == .seconds(85))
  }

  // MARK: `below`

  /// `BatteryTests`' 1 W load on a 1000 J battery from 21% (210 J), Low Power Mode below 20%
  /// (200 J): on at exactly 10 s. Plugged in 50–52 s it switches off; unplugged at 52 s at
  /// 210 − 40 + 5 W × 2 s = 180 J, below 20%, it is on again at once. In it: 40 + 8 = 48 s of
  /// the 60 s run.
  @Test func belowSwitchesOnAtTheCrossingAndOffOnTheCharger() {
    let device = BatteryTests.device(capacity: .joules(1000))
    var environment = BatteryTests.environment(charging: [(50, 52)], start: 0.21)
    environment.lowPower = .below(Fraction(0.2))
    let result = Fixture.run(
      Fixture.setup(device, [], duration: .seconds(60), environment: environment))
    #expect(result.lowPowerTime == .seconds(48))
    // Without the charger: on from 10 s to the end, 50 s.
    var unplugged = BatteryTests.environment(charging: [], start: 0.21)
    unplugged.lowPower = .below(Fraction(0.2))
    let always = Fixture.run(
      Fixture.setup(device, [], duration: .seconds(60), environment: unplugged))
    #expect(always.lowPowerTime == .seconds(50))
    // From 20% exactly it is on from time 0.
    var atLevel = BatteryTests.environment(charging: [], start: 0.2)
    atLevel.lowPower = .below(Fraction(0.2))
    let fromStart = Fixture.run(
      Fixture.setup(device, [], duration: .seconds(60), environment: atLevel))
    #expect(fromStart.lowPowerTime == .seconds(60))
  }

  /// The crossing is found to the nanosecond, as the battery running out is: a display switched
  /// to 60 Hz there. A 120 Hz animation on `DisplayTests`' OLED (420 mW) and a 1 W load from
  /// 208.4 J of 1000 J: 8.4 J above 20% at 1.42 W is 5.915… s, ⌈8.4 / 1.42 · 10⁹⌉ ns.
  @Test func belowSwitchesOnAtTheExactNanosecond() {
    var device = BatteryTests.device(capacity: .joules(1000))
    device.components += [
      ComponentSpec(name: "display", model: .display(DisplayTests.oled), parent: .none),
      Fixture.generic("render", DisplayTests.marker, parent: .none),
    ]
    var environment = BatteryTests.environment(charging: [], start: 0.2084)
    environment.lowPower = .below(Fraction(0.2))
    let session = DisplaySession(
      range: TimeRange(start: .start, end: Fixture.at(.seconds(20))), brightness: Fraction(0.5),
      content: .appearance(.light))
    let animation = WorkloadSpec(
      name: "scroll",
      timing: .frames(rate: Frequency(hertz: 120), start: .start, duration: .seconds(20)),
      work: Fixture.uses("render", for: .milliseconds(1)))
    let result = Fixture.run(
      Fixture.setup(
        device, [animation], duration: .seconds(20), environment: environment, display: [session]))
    let crossing: Int64 = 5_915_492_958  // ⌈8.4e18 / 1.42e9⌉
    #expect(result.lowPowerTime == .nanoseconds(20_000_000_000 - crossing))
    #expect(
      result.component("display").state("on 120 Hz").residency == .nanoseconds(crossing))
  }

  /// The fast-forward stops at the crossing as it stops at the battery running out: skipping
  /// whole cycles across the level switched Low Power Mode on seconds before the battery ran
  /// out. `BatteryTests`' load (1 W idle, 2 W working) working 1 s every 10 s: 11 J a cycle. From
  /// 1000 J, 20% is 200 J: 72 cycles leave 1000 − 792 = 208 J at 720 s; the tick's 2 J and 6 s of
  /// idle at 1 W reach 200 J at exactly 727 s, in the idle stretch before the tick at 730 s. On
  /// from 727 s to the end at 800 s: 73 s, with and without the fast-forward.
  @Test(arguments: [true, false])
  func belowIsNotSkippedOver(fastForward: Bool) {
    let device = BatteryTests.device(capacity: .joules(1000))
    var environment = BatteryTests.environment(charging: [], start: 1)
    environment.lowPower = .below(Fraction(0.2))
    let tick = WorkloadSpec(
      name: "tick",
      timing: .periodic(every: .seconds(10), start: .start, end: nil, count: nil, tolerance: .zero),
      work: Fixture.uses("load", for: .seconds(1)))
    let result = Fixture.run(
      Fixture.setup(device, [tick], duration: .seconds(800), environment: environment),
      recording: RecordingOptions(fastForward: fastForward))
    #expect(result.lowPowerTime == .seconds(73))
    // 80 cycles: 880 J drawn, 120 J left.
    #expect(result.battery?.endStateOfCharge == Fraction(0.12))
  }
}
