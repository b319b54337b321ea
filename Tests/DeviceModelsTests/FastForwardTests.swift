import Quantities
import SimulationEngine
import Testing

@testable import DeviceModels

/// The fast-forward (see *The fast-forward*) changes no result: random setups made to settle into
/// steady states — animations, timers whose periods divide each other, long runs, batteries that
/// run out or charge, random arrivals and visibility — give the same account and the same bins with
/// and without it. And every stored property of the simulation is either visited by its state
/// enumeration or named as needing no visit.
@Suite struct FastForwardTests {
  /// Fails when `DeviceSimulation` has a stored property that
  /// ``DeviceSimulation/visitSteadyState(_:)`` neither visits nor names as needing no visit:
  /// state the fast-forward would not compare. Add a new runtime with one line there.
  @Test func everyStoredPropertyIsVisitedOrNamed() {
    let simulation = DeviceSimulation(setup: Self.setup(seed: 1))
    let stored = Set(Mirror(reflecting: simulation).children.compactMap(\.label))
    let visited = DeviceSimulation.stateVisited
    let notVisited = DeviceSimulation.stateNotVisited
    #expect(visited.isDisjoint(with: notVisited))
    let forgotten = stored.subtracting(visited).subtracting(notVisited)
    #expect(forgotten.isEmpty, "state the fast-forward does not visit: \(forgotten.sorted())")
    let gone = visited.union(notVisited).subtracting(stored)
    #expect(gone.isEmpty, "named but not stored: \(gone.sorted())")
  }

  /// A random setup likely to settle: 1–4 workloads of animations (10–60 fps) and timers (100 ms
  /// to 1 s, dividing each other), now and then a random arrival, a list of times, a `when:
  /// visible` restriction or a debounce; a battery now and then, small enough to run out, and a
  /// charger; 30–90 s.
  static func setup(seed: UInt64) -> SimulationSetup {
    var rng = SplitMix64(seed: seed ^ 0x5eed)
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    var components = [Fixture.platform(InvariantTests.randomLadder(&rng, policy: .timeout))]
    let names = ["a", "b", "c"]
    for name in names {
      let policy: IdlePolicy = pick(2) == 0 ? .timeout : .predictive
      components.append(Fixture.generic(name, InvariantTests.randomLadder(&rng, policy: policy)))
    }
    let duration = Int64(60 + pick(181)) * 1_000_000_000
    var workloads: [WorkloadSpec] = []
    for index in 0..<(1 + pick(4)) {
      let work = Fixture.uses(names[pick(3)], for: .nanoseconds(1 + Int64(pick(40_000_000))))
      let start = Instant(nanosecondsSinceStart: Int64(pick(5)) * 1_000_000_000)
      let timing: WorkloadTiming
      switch pick(10) {
      case 0..<4:
        let rate = [10, 20, 24, 30, 60][pick(5)]
        let length: TimeSpan? = pick(3) == 0 ? .seconds(Int64(10 + pick(40))) : nil
        timing = .frames(rate: Frequency(hertz: Double(rate)), start: start, duration: length)
      case 4..<8:
        let every = Int64([100, 200, 250, 500, 1000][pick(5)]) * 1_000_000
        let tolerance = pick(3) == 0 ? Int64(pick(Int(every / 2))) : 0
        timing = .periodic(
          every: .nanoseconds(every), start: start, end: nil,
          count: pick(4) == 0 ? 20 + pick(200) : nil, tolerance: .nanoseconds(tolerance))
      case 8:
        timing = .poisson(
          meanIntervalNanoseconds: Double(5 + pick(20)) * 1e9, start: .start, end: nil)
      default:
        timing = .times(
          (0..<3).map { _ in Instant(nanosecondsSinceStart: Int64(pick(Int(duration)))) }.sorted())
      }
      workloads.append(
        WorkloadSpec(
          name: "w\(index)", timing: timing, onlyWhenVisible: pick(6) == 0,
          debounce: pick(12) == 0 ? .milliseconds(Int64(50 + pick(500))) : nil, work: work))
    }
    var battery: BatterySpec?
    var charging: [TimeRange] = []
    if pick(3) == 0 {
      battery = BatterySpec(
        capacity: .joules(Double(1 + pick(60))), chargePower: .milliwatts(Double(pick(3000))))
      if pick(2) == 0 {
        let from = Int64(pick(Int(duration)))
        charging = [
          TimeRange(
            start: Instant(nanosecondsSinceStart: from),
            end: Instant(
              nanosecondsSinceStart: min(duration, from + Int64(pick(20)) * 1_000_000_000)))
        ]
      }
    }
    var visibility: [TimeRange]?
    if pick(4) == 0 {
      let from = Int64(pick(Int(duration / 2)))
      visibility = [
        TimeRange(
          start: Instant(nanosecondsSinceStart: from),
          end: Instant(nanosecondsSinceStart: from + duration / 3))
      ]
    }
    var setup = Fixture.setup(
      Fixture.device(components, battery: battery), workloads, duration: .nanoseconds(duration),
      environment: EnvironmentSpec(
        network: [], charging: charging, batteryStart: Fraction(Double(1 + pick(100)) / 100)),
      visibility: visibility, seed: seed)
    addPolicies(to: &setup, seed: seed, duration: duration)
    addQoSBeyondCPU(to: &setup, seed: seed)
    addReactions(to: &setup, seed: seed)
    return setup
  }

  /// QoS beyond the CPU and the main thread (see *OS policies*), each in about a third of the
  /// setups, drawn from a stream of their own: some workloads on their app's main thread; the
  /// flash of ``QoSBeyondCPUTests/flash`` with a user-initiated read every 1 or 2 s and a
  /// background or utility export of 1–8 MiB in 1 MiB requests every 4 or 8 s, maybe on the
  /// main thread.
  static func addQoSBeyondCPU(to setup: inout SimulationSetup, seed: UInt64) {
    var rng = SplitMix64(seed: seed ^ 0x905)
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    if pick(3) == 0 {
      for index in setup.workloads.indices where pick(2) == 0 {
        setup.workloads[index].onMainThread = true
      }
    }
    if pick(3) == 0 {
      setup.device.components.append(QoSBeyondCPUTests.flash)
      let mebibyte = QoSBeyondCPUTests.mebibyte
      var export = WorkloadSpec(
        name: "y-export",
        timing: .periodic(
          every: .seconds([4, 8][pick(2)]), start: .start, end: nil, count: nil,
          tolerance: .zero),
        work: [
          WorkStepSpec(
            qos: pick(2) == 0 ? .background : .utility,
            write: DataSize(bytes: Int64(1 + pick(8)) * mebibyte.bytes), writeSize: mebibyte)
        ])
      export.onMainThread = pick(3) == 0
      let read = WorkloadSpec(
        name: "y-read",
        timing: .periodic(
          every: .seconds([1, 2][pick(2)]), start: .start, end: nil, count: nil,
          tolerance: .zero),
        work: [WorkStepSpec(qos: .userInitiated, read: mebibyte)])
      // In name order: after "task" and the "w…" workloads, before an edge setup's "z-…" ones.
      setup.workloads.append(contentsOf: [export, read])
    }
  }

  /// Reactions to state (see *OS policies*), in about half the setups, drawn from a stream of their
  /// own so that the setups above stay as they were: a workload on a random event with a delay of
  /// 0–3 s, and `when` states beyond `visible` on some workloads (Low Power Mode off, charging,
  /// the thermal state nominal).
  static func addReactions(to setup: inout SimulationSetup, seed: UInt64) {
    var rng = SplitMix64(seed: seed ^ 0x4eac)
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    guard pick(2) == 0 else { return }
    let states: [RunStates] = [
      .notLowPower, .charging, .thermalNominal, [.notLowPower, .charging],
    ]
    for index in setup.workloads.indices where pick(3) == 0 {
      setup.workloads[index].when.formUnion(states[pick(states.count)])
    }
    let event = SystemEvent.allCases[pick(SystemEvent.allCases.count)]
    let reaction = WorkloadSpec(
      name: "r-\(event.rawValue)",
      timing: .reaction(on: event, delay: .milliseconds(Int64(pick(4)) * 1_000)),
      work: Fixture.uses("c", for: .milliseconds(Int64(1 + pick(100)))),
      app: setup.apps.isEmpty || pick(2) == 0 ? AppSpec.implicitName : "x")
    // Workloads are in name order: "r-…" comes before "task" and the "w…" ones.
    setup.workloads.insert(reaction, at: 0)
  }

  /// Apps, Low Power Mode and repeating deferrable tasks (*Apps and push delivery*), each in
  /// about a third of the setups, drawn from a stream of their own so that the setups above stay
  /// as they were: an app leaving the foreground (suspended after a grant, or never) with a timer
  /// leeway; Low Power Mode in an interval or below a battery level, with a timer leeway; a
  /// task of two steps every 1–10 s, waiting for a charged battery or the charger, maybe
  /// interruptible.
  static func addPolicies(to setup: inout SimulationSetup, seed: UInt64, duration: Int64) {
    var rng = SplitMix64(seed: seed ^ 0xa995)
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    func instant(_ nanoseconds: Int64) -> Instant { Instant(nanosecondsSinceStart: nanoseconds) }
    let hasApp = pick(3) == 0
    if hasApp {
      let from = Int64(pick(Int(duration / 2)))
      setup.apps = [
        AppSpec(
          name: AppSpec.implicitName, foreground: nil, backgroundTime: nil, timerLeeway: .zero),
        AppSpec(
          name: "x",
          foreground: [TimeRange(start: instant(from), end: instant(from + duration / 4))],
          backgroundTime: pick(3) == 0 ? nil : .seconds(Int64(1 + pick(20))),
          timerLeeway: .milliseconds(Int64(pick(4)) * 300)),
      ]
      for index in setup.workloads.indices where pick(2) == 0 { setup.workloads[index].app = "x" }
    }
    if pick(3) == 0 {
      setup.device.lowPower = LowPowerSpec(
        maxFrequency: Fraction(0.6), timerLeeway: .milliseconds(Int64(pick(5)) * 250))
      if pick(2) == 0 {
        let from = Int64(pick(Int(duration / 2)))
        setup.environment.lowPower = .intervals([
          TimeRange(start: instant(from), end: instant(from + duration / 3))
        ])
      } else {
        setup.environment.lowPower = .below(Fraction(Double(10 + pick(60)) / 100))
      }
    }
    if pick(3) == 0 {
      let every = Int64([1, 2, 4][pick(3)]) * 1_000_000_000
      var requires: DeferralConditions = []
      if pick(2) == 0 { requires.insert(DeferralConditions(.batteryOK)) }
      if pick(3) == 0 { requires.insert(DeferralConditions(.charging)) }
      var task = WorkloadSpec(
        name: "task",
        timing: .repeatingWindow(
          every: .nanoseconds(every), start: .start, end: nil, count: nil,
          window: .nanoseconds(every / 2), requires: requires),
        work: Fixture.uses("a", for: .milliseconds(Int64(1 + pick(200))))
          + Fixture.uses("b", for: .milliseconds(Int64(1 + pick(200)))),
        app: hasApp && pick(2) == 0 ? "x" : AppSpec.implicitName)
      task.isInterruptible = pick(2) == 0
      // Workloads are in name order: "task" comes before the "w…" ones.
      setup.workloads.insert(task, at: 0)
    }
    addHolds(to: &setup, seed: seed)
  }

  /// Frame-rate ranges (see *OS policies*), drawn from a stream of their own in about a quarter
  /// of the setups (more would leave too few settling for `ActivityRecorderFastForwardTests`): a display of 10, 30, 60 and 120 Hz on for the whole run, and each animation a
  /// range from 20 to 120 fps preferring 24, 60 or 120 fps (running at 30, 60 or 120 fps, moved to
  /// 60 fps or below by Low Power Mode when the setup has it).
  static func addFrameRateRanges(to setup: inout SimulationSetup, seed: UInt64, duration: Int64) {
    var rng = SplitMix64(seed: seed ^ 0xf4a7)
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    var display = DisplayTests.oled
    display.refreshRates = [10, 30, 60, 120].map { Frequency(hertz: $0) }
    setup.device.components.append(
      ComponentSpec(name: "display", model: .display(display), parent: .none))
    setup.display = [
      DisplaySession(
        range: TimeRange(start: .start, end: Instant(nanosecondsSinceStart: duration)),
        brightness: Fraction(0.5), content: .appearance(.light))
    ]
    for index in setup.workloads.indices {
      guard case .frames = setup.workloads[index].timing else { continue }
      setup.workloads[index].frameRateRange = FrameRateRange(
        minimum: Frequency(hertz: 20), maximum: Frequency(hertz: 120),
        preferred: Frequency(hertz: [24, 60, 120][pick(3)]))
    }
  }

  /// Task grants, background tasks and holds (see *OS policies*), drawn from a stream of their
  /// own in about half the setups: the app's task grants of 1–20 s, the repeating task's kind, and
  /// a timer every 500 ms or 1 s (dividing the other sources' periods, so that the setup still
  /// settles) that maybe opens a background task, holds the device awake for 20–400 ms and then
  /// works 1–50 ms on part `a`.
  static func addHolds(to setup: inout SimulationSetup, seed: UInt64) {
    var rng = SplitMix64(seed: seed ^ 0x401d)
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    guard pick(2) == 0 else { return }
    for index in setup.apps.indices {
      setup.apps[index].grants = BackgroundGrants(
        extendedTime: .seconds(Int64(1 + pick(20))), refreshTime: .seconds(Int64(1 + pick(20))),
        processingTime: .seconds(Int64(1 + pick(20))))
    }
    for index in setup.workloads.indices where setup.workloads[index].name == "task" {
      setup.workloads[index].task = pick(2) == 0 ? .refresh : .processing
    }
    var extend = WorkStepSpec()
    extend.extendsBackground = true
    var hold = WorkStepSpec()
    hold.holdAwake = .milliseconds(Int64(20 + pick(380)))
    let work =
      (pick(2) == 0 ? [extend] : []) + [hold]
      + Fixture.uses("a", for: .milliseconds(Int64(1 + pick(50))))
    let hasApp = setup.apps.contains { $0.name == "x" }
    setup.workloads.append(
      WorkloadSpec(
        name: "y-hold",
        timing: .periodic(
          every: .milliseconds([500, 1000][pick(2)]), start: .start, end: nil, count: nil,
          tolerance: .zero),
        work: work, app: hasApp && pick(2) == 0 ? "x" : AppSpec.implicitName))
  }

  /// A random setup of ``setup(seed:)`` that also draws, from a stream of its own, what goes wrong
  /// at the edges of a run: the radio of ``PeripheralTests/radio(downlink:)`` with online and
  /// offline spells of 60–300 s covering the run, a download every 1, 2 or 4 s on the current
  /// network, maybe a low-priority push every 2 or 4 s (held while the radio sleeps, maybe
  /// collapsing), a battery of 5–104 J (or a hundred times that) that may run out during an
  /// offline spell, maybe Low Power Mode below a level, and maybe a repeating task whose work
  /// outlasts its period (on a part that may idle predictively).
  static func edgeSetup(seed: UInt64) -> SimulationSetup {
    var setup = Self.setup(seed: seed)
    var rng = SplitMix64(seed: seed ^ 0xed9e)
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    func instant(_ nanoseconds: Int64) -> Instant { Instant(nanosecondsSinceStart: nanoseconds) }
    let duration = setup.duration.nanoseconds
    setup.device.components.append(PeripheralTests.radio(downlink: Double(1 + pick(20))))
    var spells: [NetworkInterval] = []
    var from: Int64 = 0
    var online = pick(2) == 0
    while from < duration {
      let to = min(duration, from + Int64(60 + pick(240)) * 1_000_000_000)
      spells.append(
        NetworkInterval(
          range: TimeRange(start: instant(from), end: instant(to)), radio: online ? "lte" : nil))
      from = to
      online.toggle()
    }
    setup.environment.network = spells
    setup.workloads.append(
      WorkloadSpec(
        name: "z-fetch",
        timing: .periodic(
          every: .seconds([1, 2, 4][pick(3)]), start: .start, end: nil, count: nil,
          tolerance: .zero),
        work: [WorkStepSpec(download: DataSize(bytes: Int64(1_000 + pick(200_000))))]))
    if pick(2) == 0 {
      setup.workloads.append(
        WorkloadSpec(
          name: "z-push",
          timing: .periodic(
            every: .seconds([2, 4][pick(2)]), start: .start, end: nil, count: nil,
            tolerance: .zero),
          work: Fixture.uses("b", for: .milliseconds(Int64(1 + pick(50)))),
          push: PushSpec(
            priority: .low, size: DataSize(bytes: 12_500),
            maxDelay: .seconds(Int64(5 + pick(60))), collapses: pick(2) == 0)))
    }
    setup.device.battery = BatterySpec(
      capacity: .joules(Double(5 + pick(100)) * (pick(2) == 0 ? 1 : 100)),
      chargePower: .milliwatts(Double(pick(3000))))
    setup.environment.batteryStart = Fraction(Double(5 + pick(96)) / 100)
    if pick(2) == 0 {
      setup.device.lowPower = LowPowerSpec(maxFrequency: Fraction(0.6), timerLeeway: .zero)
      setup.environment.lowPower = .below(Fraction(Double(10 + pick(80)) / 100))
    }
    if pick(3) == 0 {
      let every = Int64([1, 2, 4][pick(3)]) * 1_000_000_000
      let work = every + Int64(pick(Int(2 * every)))
      let task = WorkloadSpec(
        name: "task",
        timing: .repeatingWindow(
          every: .nanoseconds(every), start: .start, end: nil, count: nil,
          window: .nanoseconds(every / 2), requires: []),
        work: Fixture.uses("a", for: .nanoseconds(work)))
      // In name order, before the "w…" workloads, in place of the policies' task if it drew one.
      if setup.workloads.first?.name == "task" {
        setup.workloads[0] = task
      } else {
        setup.workloads.insert(task, at: 0)
      }
    }
    return setup
  }

  /// Runs `setup` with and without the fast-forward, in bins of `binWidth`, and returns both
  /// accounts, printed whole, and the processed events.
  static func runBoth(_ setup: SimulationSetup, binWidth: TimeSpan) -> (
    fast: String, full: String, fastEvents: Int, fullEvents: Int
  ) {
    func run(_ fastForward: Bool) -> (String, Int) {
      let collector = PowerSeriesCollector()
      let result = Simulation(
        setup: setup,
        recording: RecordingOptions(binWidth: binWidth, sink: collector, fastForward: fastForward)
      ).run()
      var events = result
      events.processedEvents = 0
      // A dictionary's order differs from one instance to the next: its entries go in class order.
      let latencyByQoS = events.latencyByQoS.sorted { $0.key < $1.key }
      events.latencyByQoS = [:]
      var text = ""
      dump(events, to: &text)
      dump(latencyByQoS, to: &text)
      dump(collector.bins, to: &text)
      return (text, result.processedEvents)
    }
    let fast = run(true)
    let full = run(false)
    return (fast.0, full.0, fast.1, full.1)
  }

  @Test(arguments: 0..<300)
  func randomSetupsGiveTheSameAccount(seed: UInt64) {
    let setup = Self.setup(seed: seed)
    let widths: [TimeSpan] = [.milliseconds(700), .seconds(1), .milliseconds(37), .seconds(7)]
    let runs = Self.runBoth(setup, binWidth: widths[Int(seed % 4)])
    #expect(runs.fast == runs.full)
  }

  /// Random setups with a display and frame-rate ranges (``addFrameRateRanges(to:seed:duration:)``),
  /// moved by Low Power Mode in the setups that have it, give the same account too (apart from
  /// the random setups above, which a 120 Hz display would keep from settling as often).
  @Test(arguments: 0..<60)
  func randomFrameRateRangesGiveTheSameAccount(seed: UInt64) {
    var setup = Self.setup(seed: seed)
    Self.addFrameRateRanges(to: &setup, seed: seed, duration: setup.duration.nanoseconds)
    let runs = Self.runBoth(setup, binWidth: [.seconds(1), .milliseconds(37)][Int(seed % 2)])
    #expect(runs.fast == runs.full)
  }

  /// The edges of ``edgeSetup(seed:)`` — run-outs while transfers wait for a network, Low Power
  /// Mode levels, overrunning repeating tasks, held pushes — give the same account too.
  @Test(arguments: 0..<100)
  func randomEdgesGiveTheSameAccount(seed: UInt64) {
    let setup = Self.edgeSetup(seed: seed)
    let runs = Self.runBoth(setup, binWidth: [.seconds(1), .milliseconds(300)][Int(seed % 2)])
    #expect(runs.fast == runs.full)
  }

  /// Enough of the edge setups run out and switch Low Power Mode on, and some skip, for their
  /// comparison to mean something.
  @Test func randomEdgesReachTheirEdges() {
    var ranOut = 0
    var skipping = 0
    var lowPower = 0
    for seed in UInt64(0)..<30 {
      let setup = Self.edgeSetup(seed: seed)
      let result = Simulation(setup: setup).run()
      if result.battery?.ranOutAt != nil { ranOut += 1 }
      if result.lowPowerTime > .zero { lowPower += 1 }
      let runs = Self.runBoth(setup, binWidth: .seconds(1))
      if runs.fastEvents * 4 < runs.fullEvents * 3 { skipping += 1 }
    }
    // Of these 30: 15 run out, 19 switch Low Power Mode on; few skip (a radio's transfers and a
    // waiting repeating task seldom leave a state that repeats), one by a quarter of its events.
    #expect(ranOut >= 8)
    #expect(lowPower >= 8)
    #expect(skipping >= 1)
  }

  /// Enough of the random setups skip for the comparison to mean something.
  @Test func randomSetupsSkip() {
    var skipping = 0
    for seed in UInt64(0)..<20 {
      let runs = Self.runBoth(Self.setup(seed: seed), binWidth: .seconds(1))
      if runs.fastEvents * 4 < runs.fullEvents * 3 { skipping += 1 }
    }
    // 4 of these 20 skip a quarter of their events: the reactions, holds, main threads and
    // throttled flash the setups now draw keep more of them from settling (5 before those).
    #expect(skipping >= 4)
  }
}

/// The fast-forward on a device where nothing happens for long stretches.
@Suite struct FastForwardIdleTests {
  /// A device whose 1 J battery runs out in its first 2 s (500 mW idle, 800 mW busy), never
  /// charged. An animation at 10 fps, visible for its first second only, keeps a source due soon
  /// (its paused frames repeat every 100 ms); pushes come at random, about every 20 s, and a
  /// timer every 60 s with 30 s of tolerance passes through the animation's cycle; the device
  /// being off, both are held. Nothing else happens for the rest of the hour.
  static func setup() -> SimulationSetup {
    let ladder = Fixture.twoStateLadder("busy", .milliwatts(800), then: "idle", .milliwatts(500))
    let device = Fixture.device(
      [Fixture.generic("a", ladder, parent: .none)],
      battery: BatterySpec(capacity: .joules(1), chargePower: .zero))
    let animation = WorkloadSpec(
      name: "animation", timing: .frames(rate: Frequency(hertz: 10), start: .start, duration: nil),
      onlyWhenVisible: true, work: Fixture.uses("a", for: .milliseconds(20)))
    let pushes = WorkloadSpec(
      name: "pushes", timing: .poisson(meanIntervalNanoseconds: 20e9, start: .start, end: nil),
      work: Fixture.uses("a", for: .milliseconds(5)))
    let sync = WorkloadSpec(
      name: "sync",
      timing: .periodic(
        every: .seconds(60), start: .start, end: nil, count: nil, tolerance: .seconds(30)),
      work: Fixture.uses("a", for: .milliseconds(100)))
    return Fixture.setup(
      device, [animation, pushes, sync], duration: .seconds(3_600),
      visibility: [TimeRange(start: .start, end: Fixture.at(.seconds(1)))])
  }

  /// The account is every event's, and after the first 2 s the run stops at a boundary only
  /// when something has happened since the last: a look after each event and one that finds
  /// nothing, at most twice the events, and twice the 20 boundaries of the first 2 s. Looking at
  /// every boundary while the state cannot repeat (the held timer waits past its due time for
  /// half of each minute, which a period of 100 ms does not divide), it took 15,581 looks and
  /// 14,845 snapshots for 257 events.
  @Test func aDeviceThatHasShutDownIsLookedAtOnlyWhenSomethingHappens() {
    let both = FastForwardTests.runBoth(Self.setup(), binWidth: .seconds(60))
    #expect(both.fast == both.full)
    let simulation = DeviceSimulation(setup: Self.setup(), recording: RecordingOptions())
    let result = simulation.run()
    // Every sync of the hour is held: the device is off from its first seconds.
    #expect(result.workloads.first { $0.name == "sync" }?.held == 60)
    #expect(simulation.fastForward.boundariesLookedAt <= 2 * result.processedEvents + 40)
  }
}
