import Quantities
import SimulationEngine
import Testing

@testable import DeviceModels

/// The steady states users write, on which the fast-forward (see *The fast-forward*) must engage:
/// it skips (``FastForward/skips`` and ``FastForward/skippedTime`` above zero) and gives the same
/// account as simulating every event. A device of generic components, without a thermal model
/// (a temperature that is still settling keeps any state from repeating).
@Suite struct FastForwardShapeTests {
  /// A platform and two components, `a` (the frames' work) and `b` (the timers' work), each
  /// stepping down to idle 5 ms after its work.
  static var device: DeviceSpec {
    let ladder = Fixture.twoStateLadder(
      "active", Fixture.mW(300), then: "idle", Fixture.mW(5), after: Fixture.ms(5))
    return Fixture.device([
      Fixture.platform(
        Fixture.twoStateLadder(
          "on", Fixture.mW(100), then: "sleep", Fixture.mW(10), after: Fixture.ms(2))),
      Fixture.generic("a", ladder), Fixture.generic("b", ladder),
    ])
  }

  /// An animation at `fps` doing 1 ms on `a`.
  static func frames(_ fps: Double, name: String = "animation") -> WorkloadSpec {
    WorkloadSpec(
      name: name,
      timing: .frames(rate: Frequency(hertz: fps), start: .start, duration: nil),
      work: Fixture.uses("a", for: Fixture.ms(1)))
  }

  /// A timer every `every` doing `work` (20 ms) on `component` (`b`), from `start`.
  static func timer(
    _ name: String, every: TimeSpan, start: TimeSpan = .zero, on component: String = "b",
    for work: TimeSpan = Fixture.ms(20)
  ) -> WorkloadSpec {
    WorkloadSpec(
      name: name,
      timing: .periodic(
        every: every, start: Fixture.at(start), end: nil, count: nil, tolerance: .zero),
      work: Fixture.uses(component, for: work))
  }

  /// Random arrivals every `mean` on average doing 2 ms on `component` (`b`).
  static func arrivals(every mean: TimeSpan, on component: String = "b") -> WorkloadSpec {
    WorkloadSpec(
      name: "telemetry",
      timing: .poisson(
        meanIntervalNanoseconds: Double(mean.nanoseconds), start: .start, end: nil),
      work: Fixture.uses(component, for: Fixture.ms(2)))
  }

  /// What a run with the fast-forward skipped, and both accounts printed whole (bins of 1 s).
  struct Runs {
    var skips: Int
    var skippedTime: Int64
    var fast: String
    var full: String
  }

  static func runBoth(
    _ workloads: [WorkloadSpec], duration: TimeSpan, seed: UInt64 = 1,
    on device: DeviceSpec = Self.device
  ) -> Runs {
    let setup = Fixture.setup(device, workloads, duration: duration, seed: seed)
    func run(_ fastForward: Bool) -> (String, DeviceSimulation) {
      let collector = PowerSeriesCollector()
      let simulation = DeviceSimulation(
        setup: setup,
        recording: RecordingOptions(
          binWidth: .seconds(1), sink: collector, fastForward: fastForward))
      var result = simulation.run()
      result.processedEvents = 0
      var text = ""
      dump(result, to: &text)
      dump(collector.bins, to: &text)
      return (text, simulation)
    }
    let fast = run(true)
    let full = run(false)
    return Runs(
      skips: fast.1.fastForward.skips, skippedTime: fast.1.fastForward.skippedTime,
      fast: fast.0, full: full.0)
  }

  static func expectSkipsAlike(
    _ runs: Runs, atLeast skipped: TimeSpan, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(runs.skips > 0, sourceLocation: sourceLocation)
    #expect(runs.skippedTime >= skipped.nanoseconds, sourceLocation: sourceLocation)
    #expect(runs.fast == runs.full, sourceLocation: sourceLocation)
  }

  /// 120 fps and a 9 s timer: a cycle holds 1,080 frames' latencies, more than the log's batch
  /// of 1,024, which drains in mid-cycle. The skip goes on all the same: of 300 s, at most five
  /// boundaries (45 s, two multiples of the cycle) are watched and the last horizon (two
  /// multiples twice, 36 s, and the ladders' margin) simulated, so at least 300 − 45 − 36 − 9 s
  /// (a cycle of rounding) are skipped.
  @Test func aBatchDrainedInMidCycleStillSkips() {
    let runs = Self.runBoth(
      [Self.frames(120), Self.timer("sync", every: .seconds(9))], duration: .seconds(300))
    Self.expectSkipsAlike(runs, atLeast: .seconds(300 - 45 - 36 - 9))
  }

  /// 60 fps and a 30 s sync: 1,800 frames a cycle.
  @Test func sixtyFramesPerSecondWithAThirtySecondSyncSkips() {
    let runs = Self.runBoth(
      [Self.frames(60), Self.timer("sync", every: .seconds(30))], duration: .seconds(600))
    Self.expectSkipsAlike(runs, atLeast: .seconds(600 - 5 * 30 - 4 * 30 - 30))
  }

  /// Two 6 s timers in phase: both due at one instant, their occurrences end in either order,
  /// and the pools' free slots come back in another order; the state still matches (compared as
  /// a set), over one cycle or two.
  @Test func twoTimersDueTogetherSkip() {
    let runs = Self.runBoth(
      [
        Self.frames(60), Self.timer("first", every: .seconds(6)),
        Self.timer("second", every: .seconds(6)),
      ],
      duration: .seconds(300))
    Self.expectSkipsAlike(runs, atLeast: .seconds(300 - 5 * 6 - 4 * 6 - 6 - 10))
  }

  /// 30 s and 60 s timers, and 10 s and 20 s ones, in phase: a cycle over 5 s, where a second
  /// multiple is tried as well.
  @Test(arguments: [(30, 60), (10, 20)])
  func timersOfMultiplePeriodsSkip(periods: (Int64, Int64)) {
    let cycle = periods.1
    let runs = Self.runBoth(
      [
        Self.frames(30), Self.timer("fast", every: .seconds(periods.0)),
        Self.timer("slow", every: .seconds(periods.1)),
      ],
      duration: .seconds(20 * cycle))
    Self.expectSkipsAlike(runs, atLeast: .seconds(20 * cycle - 10 * cycle))
  }

  /// 45 s and 60 s timers: a cycle of 180 s, longer than 120 s, watched in a run of 2 h (a
  /// 32nd of which is 225 s).
  @Test func aCycleOverTwoMinutesSkipsInALongRun() {
    let runs = Self.runBoth(
      [
        Self.frames(10), Self.timer("first", every: .seconds(45)),
        Self.timer("second", every: .seconds(60)),
      ],
      duration: .seconds(7_200))
    Self.expectSkipsAlike(runs, atLeast: .seconds(3_600))
  }

  /// 59.94 fps is 2,997/50 fps: frame 2,997 is due at exactly 50 s, frame 1 at ⌊5·10¹⁰ / 2,997⌋ =
  /// 16,683,350 ns, and the frames repeat every 50 s.
  @Test func aDecimalFrameRateRepeatsEveryFiftySeconds() throws {
    let clock = try #require(
      FrameClock(.frames(rate: Frequency(hertz: 59.94), start: .start, duration: nil)))
    #expect(clock.repeatPeriod == 50_000_000_000)
    #expect(clock.offset(ofFrame: 1, before: .max) == 16_683_350)
    #expect(clock.offset(ofFrame: 2_997, before: .max) == 50_000_000_000)
    #expect(clock.offset(ofFrame: 2_998, before: .max) == 50_016_683_350)
    #expect(FrameClock.exactRate(of: 120) == (120, 1))
    #expect(FrameClock.exactRate(of: 23.976) == (2_997, 125))
    #expect(FrameClock.exactRate(of: 1.0 / 3.0) == (0, 1))
    let runs = Self.runBoth([Self.frames(59.94)], duration: .seconds(600))
    // One cycle more than without the fingerprint: a boundary whose fingerprint matches none
    // before it keeps no snapshot, so the steady state is found a cycle later.
    Self.expectSkipsAlike(runs, atLeast: .seconds(600 - 5 * 50 - 4 * 50 - 2 * 50))
  }

  /// Random arrivals every 5 s on average beside a 30 s timer and 120 fps: the 30 s cycle never
  /// fits between two arrivals, the frames' cycle does — the timer's occurrences and the
  /// arrivals pass through it.
  @Test func randomArrivalsLeaveTheFramesCycle() {
    let runs = Self.runBoth(
      [
        Self.frames(120), Self.timer("sync", every: .seconds(30)),
        Self.arrivals(every: .seconds(5)),
      ],
      duration: .seconds(300))
    Self.expectSkipsAlike(runs, atLeast: .seconds(30))
  }

  /// A random shape of those above: an animation (24, 59.94, 60 or 120 fps) or none, one to three
  /// timers of 6–60 s, in phase or not, now and then random arrivals, 5–30 min.
  static func shapeWorkloads(seed: UInt64) -> (workloads: [WorkloadSpec], duration: TimeSpan) {
    var rng = SplitMix64(seed: seed ^ 0x5a4e)
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    var workloads: [WorkloadSpec] = []
    let rates: [Double] = [24, 59.94, 60, 120]
    if pick(4) > 0 { workloads.append(frames(rates[pick(rates.count)])) }
    let periods: [Int64] = [6, 9, 10, 20, 30, 45, 60]
    for index in 0..<(1 + pick(3)) {
      let start: TimeSpan = pick(2) == 0 ? .zero : .milliseconds(Int64(pick(5_000)))
      workloads.append(
        timer("t\(index)", every: .seconds(periods[pick(periods.count)]), start: start))
    }
    if pick(4) == 0 { workloads.append(arrivals(every: .seconds(Int64(5 + pick(60))))) }
    return (workloads, .seconds(Int64(300 + 60 * pick(26))))
  }

  @Test(arguments: 0..<24)
  func randomShapesGiveTheSameAccount(seed: UInt64) {
    let shape = Self.shapeWorkloads(seed: seed)
    let runs = Self.runBoth(shape.workloads, duration: shape.duration, seed: seed)
    #expect(runs.fast == runs.full)
  }

  /// The device above with a radio `r` beside the platform: active 300 mW, a tail of 120 mW from
  /// 10 ms after its work, idle at 2 mW from 250 ms after it (waking in 5 ms).
  static var deviceWithRadio: DeviceSpec { deviceWithRadio(idleAfter: Fixture.ms(250)) }

  /// The device with a radio `r` whose tail runs out `idleAfter` its work (see
  /// ``deviceWithRadio``).
  static func deviceWithRadio(idleAfter: TimeSpan) -> DeviceSpec {
    let active = Fixture.mW(300)
    let radio = Ladder(
      states: [
        LadderState(name: "active", power: active, wakePower: active),
        Fixture.state("tail", Fixture.mW(120), after: Fixture.ms(10), active: active),
        Fixture.state(
          "idle", Fixture.mW(2), after: idleAfter, wake: Fixture.ms(5), active: active),
      ], idlePolicy: .timeout)
    var spec = device
    spec.components.append(Fixture.generic("r", radio))
    return spec
  }

  /// The generic device with a component `t` that steps down after `after` (a cellular radio's
  /// tail, say), and a timer every `every` doing 10 ms on it, which keeps the tail from running
  /// out: the tail's one check comes about once per `after`, so the state repeats over
  /// `after ÷ every` periods, not one.
  static func tailKeptAwake(
    after: TimeSpan, every: TimeSpan, work: TimeSpan = Fixture.ms(10), duration: TimeSpan,
    beside others: [WorkloadSpec] = [], seed: UInt64 = 1
  ) -> Runs {
    var device = Self.device
    device.components.append(
      Fixture.generic(
        "t",
        Fixture.twoStateLadder(
          "connected", Fixture.mW(400), then: "idle", Fixture.mW(10), after: after)
      ))
    let poll = Self.timer("poll", every: every, on: "t", for: work)
    return Self.runBoth([poll] + others, duration: duration, seed: seed, on: device)
  }

  /// A 1 s tail kept awake by a timer every 100 ms repeats over ten periods, more than the eight
  /// tried for any period: once the tail is armed as a look starts, the multiples tried reach its
  /// length (11), and a look lasts three times as many boundaries and two more (35 of 100 ms).
  /// Of 120 s, the first look (nothing armed yet: eight multiples, 26 boundaries, 2.7 s), a
  /// second of back-off, the second look (3.5 s), the horizon (2.2 s and the ladders' margin) and
  /// a cycle of rounding are simulated: at least 109 s are skipped, with the account of every
  /// event (111.4 s measured). Without the tail's multiples no skip comes at all.
  @Test func aTailKeptAwakeRepeatsOverItsLength() {
    let runs = Self.tailKeptAwake(
      after: .seconds(1), every: Fixture.ms(100), duration: .seconds(120))
    Self.expectSkipsAlike(runs, atLeast: .seconds(109))
  }

  /// A timer of the longest length whose checks' cycle is tried (60 s) kept awake every 5 s
  /// repeats over twelve periods and skips; one 1 ns longer is left out, and with the two
  /// multiples tried for a period of 5 s (their cycle within 10 s) nothing is skipped.
  @Test(arguments: [(Int64(60_000_000_000), true), (60_000_000_001, false)])
  func theLongestTailTriedIsAMinute(after: Int64, skips: Bool) {
    let runs = Self.tailKeptAwake(
      after: .nanoseconds(after), every: .seconds(5), duration: .seconds(1_800))
    #expect(runs.fast == runs.full)
    #expect((runs.skips > 0) == skips, "\(runs.skips) skips")
    #expect(after == FastForward.longestLazilyCheckedTimer || !skips)
  }

  /// 120 fps frames on `a` and one upload on the radio at 10 s, in 20 s: the radio's tail runs
  /// out 250 ms after its 2 ms of work, and from then its times are fixed, so the frames repeat
  /// again three or four boundaries (25 ms each) later — not once its last change is 200 ms back
  /// (eight periods). Simulated event by event: at most four boundaries from the start, a
  /// margin before the upload (the cycle's reach, under a cycle, and a cycle) and a cycle after
  /// it, the 252 ms of work and tail, four boundaries, and a margin before the end:
  /// 100 + 50 + 25 + 252 + 100 + 50 ms, under 600 ms (550 measured), where waiting for the last
  /// change to be 200 ms back would simulate 200 ms more (1 s measured with no time fixed).
  @Test func aRadioIdleSinceAnUploadLetsTheFramesSkip() {
    let upload = WorkloadSpec(
      name: "upload", timing: .times([Fixture.at(.seconds(10))]),
      work: Fixture.uses("r", for: Fixture.ms(2)))
    let runs = Self.runBoth(
      [Self.frames(120), upload], duration: .seconds(20), on: Self.deviceWithRadio)
    #expect(runs.fast == runs.full)
    #expect(runs.skips == 2)
    #expect(runs.skippedTime >= 20_000_000_000 - 600_000_000, "\(runs.skippedTime) ns")
  }

  /// 120 fps frames alone for 5 s, then random arrivals on the radio every 5 ms on average until
  /// the end at 30 s: the frames skip before the arrivals, and after them the device never
  /// settles — the fast-forward looks again at most eight times, then backs off instead of
  /// looking at every arrival. Same account as every event's.
  @Test func arrivalsThatNeverSettleBackOff() {
    let storm = WorkloadSpec(
      name: "storm",
      timing: .poisson(
        meanIntervalNanoseconds: 5_000_000, start: Fixture.at(.seconds(5)), end: nil),
      work: Fixture.uses("r", for: Fixture.ms(1)))
    let workloads = [Self.frames(120), storm]
    let runs = Self.runBoth(workloads, duration: .seconds(30), on: Self.deviceWithRadio)
    #expect(runs.fast == runs.full)
    #expect(runs.skips >= 1)
    let simulation = DeviceSimulation(
      setup: Fixture.setup(Self.deviceWithRadio, workloads, duration: .seconds(30), seed: 1),
      recording: RecordingOptions())
    _ = simulation.run()
    // Eight looks, then a back-off doubling from 1 s: a handful more in the 25 s of arrivals
    // (14 measured), not one look per arrival (about 5,000).
    let looks = simulation.fastForward.settlingLooks
    #expect(looks > FastForward.mostSettlingLooks && looks <= FastForward.mostSettlingLooks + 8)
    #expect(!simulation.fastForward.hasSkippedSinceGiveUp)
  }

  /// Random arrivals on a radio with a tail beside frames on another component: the instants
  /// the radio last changed are fixed from one boundary to the next while the frames repeat
  /// (nothing in the cycle sets them), and the frames' cycle is skipped from shortly after the
  /// tail ends — or, for a tail longer than the horizon (16 cycles: 400 ms at 120 fps, 2 s at
  /// 24 fps), up to a margin before it ends, its end compared as itself. Frames at 24–120 fps,
  /// arrivals every 0.5–8 s on average doing 2 ms on the radio, now and then a timer on `b`, tails
  /// running out 250 ms, 1 s or 3 s after the work, 2–6 min: the same account as every event's,
  /// and skips where the frames' cycle fits between arrivals.
  @Test(arguments: 0..<16)
  func randomArrivalsOnARadioGiveTheSameAccount(seed: UInt64) {
    var rng = SplitMix64(seed: seed ^ 0x7a11)
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    let rates: [Double] = [24, 59.94, 60, 120]
    let rate = rates[pick(rates.count)]
    let mean = 500_000_000 + 500_000_000 * Int64(pick(16))
    var workloads = [Self.frames(rate)]
    workloads.append(Self.arrivals(every: .nanoseconds(mean), on: "r"))
    if pick(3) == 0 { workloads.append(Self.timer("sync", every: .seconds(30))) }
    let duration = TimeSpan.seconds(Int64(120 + 60 * pick(5)))
    let tails: [Int64] = [250, 1_000, 3_000]
    let tail = tails[pick(tails.count)]
    let runs = Self.runBoth(
      workloads, duration: duration, seed: seed,
      on: Self.deviceWithRadio(idleAfter: Fixture.ms(tail)))
    #expect(runs.fast == runs.full)
    // The frames' cycle (125 ms at 24 fps, 50 ms at 60 fps, 25 ms at 120 fps; 50 s at
    // 59.94 fps, longer than most gaps) fits between arrivals 2 s apart on average, beside a
    // tail of up to 3 s.
    if rate != 59.94 && mean >= 2_000_000_000 { #expect(runs.skips > 0, "\(rate) fps, \(tail) ms") }
  }

  /// Tails of 0.3–10.1 s kept awake by a timer every 20 ms to 1 s doing 1–16 ms on them, now and
  /// then beside 60 fps frames on `a`, a 3 s timer on `b` or random arrivals every 2–8 s on the
  /// tail's component, 2–5 min: the same account as every event's (240 seeds checked once); and
  /// a tail kept awake alone, which repeats over its length, skips.
  @Test(arguments: 0..<16)
  func randomTailsKeptAwakeGiveTheSameAccount(seed: UInt64) {
    var rng = SplitMix64(seed: seed ^ 0x7a12)
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    let tails: [Int64] = [300, 750, 1_000, 2_500, 4_200, 10_100]
    let periods: [Int64] = [20, 50, 100, 130, 250, 400, 1_000]
    let after = Fixture.ms(tails[pick(tails.count)])
    let every = Fixture.ms(periods[pick(periods.count)])
    var others: [WorkloadSpec] = []
    switch pick(4) {
    case 0: others.append(Self.frames(60))
    case 1: others.append(Self.timer("sync", every: .seconds(3)))
    case 2:
      let mean = 2_000_000_000 + 2_000_000_000 * Int64(pick(4))
      others.append(Self.arrivals(every: .nanoseconds(mean), on: "t"))
    default: break
    }
    let runs = Self.tailKeptAwake(
      after: after, every: every, work: Fixture.ms(Int64(1 + pick(16))),
      duration: .seconds(Int64(120 + 60 * pick(4))), beside: others, seed: seed)
    #expect(runs.fast == runs.full)
    // Alone, it repeats over its length, and skips when that is within the multiples tried
    // (a 10.1 s tail every 50 ms repeats over 202 periods, more than 128).
    let multiples = (after.nanoseconds + every.nanoseconds - 1) / every.nanoseconds + 1
    if others.isEmpty && multiples <= FastForward.mostLazilyCheckedMultiples {
      #expect(runs.skips > 0, "a tail of \(after) every \(every)")
    }
  }
}
