import DeviceModels
import Quantities
import Testing

/// Timer coalescing (*OS policies*, range-timer semantics) on small timer sets whose firings are
/// worked out by hand: the OS fires at the earliest `t + w` among pending timers; whenever the
/// CPU starts an item, every timer whose window has opened fires with it; tolerance 0 fires on
/// time; a timer keeps its phase.
@Suite struct CoalescingTests {
  /// The platform: awake 100 mW; asleep (0 W) as soon as nothing is busy, waking in 1 ms at
  /// 100 mW.
  static let platform = Fixture.platform(
    Ladder(
      states: [
        LadderState(name: "awake", power: .milliwatts(100), wakePower: .milliwatts(100)),
        Fixture.state("asleep", .zero, wake: .milliseconds(1), active: .milliwatts(100)),
      ], idlePolicy: .timeout))

  /// A CPU of four cores (``CPUTests/coreLadder``: off wakes in 100 µs at 50 mW) in a free
  /// cluster, no dispatch cost, under the platform.
  static let cpu: ComponentSpec = {
    var cpu = CPUTests.cpu([CPUTests.cluster("c", cores: 4)])
    cpu.parent = .platform
    return cpu
  }()

  /// A timer of 10 ms of CPU work every second from `start` ms.
  static func timer(_ name: String, from start: Int64, tolerance: Int64, count: Int? = nil)
    -> WorkloadSpec
  {
    WorkloadSpec(
      name: name,
      timing: .periodic(
        every: .seconds(1), start: Fixture.at(.milliseconds(start)), end: nil, count: count,
        tolerance: .milliseconds(tolerance)),
      work: [WorkStepSpec(cpu: .milliseconds(10))])
  }

  static func run(_ workloads: [WorkloadSpec], duration: TimeSpan = .seconds(10)) -> RunResult {
    Fixture.run(
      Fixture.setup(Fixture.device([platform, cpu]), workloads, duration: duration))
  }

  /// Three 1 s timers at phases 0, 300 and 600 ms over 10 s, on time: 30 items, each its own
  /// package wake-up. Each wakes the platform (1 ms at 100 mW = 0.1 mJ) and keeps it busy while
  /// the core wakes and works (0.1 + 10 ms at 100 mW = 1.01 mJ): 30 × 1.11 mJ = 33.3 mJ.
  @Test func timersWithoutToleranceEachWakeTheCPU() {
    let result = Self.run([
      Self.timer("a", from: 0, tolerance: 0), Self.timer("b", from: 300, tolerance: 0),
      Self.timer("c", from: 600, tolerance: 0),
    ])
    #expect(result.workloads.map(\.occurrences) == [10, 10, 10])
    #expect(result.workloads.map(\.coalescedFirings) == [0, 0, 0])
    #expect(result.component("cpu").wakeups == 30)
    #expect(result.component("platform").wakeups == 30)
    #expect(result.component("platform").energy == joules(0.0333))
    // On time: 1 ms platform wake + 100 µs core wake + 10 ms work.
    #expect(result.workload("b").latency?.max == .microseconds(11_100))
  }

  /// With 500 ms of tolerance the OS fires at the earliest window end, and every open window
  /// goes with it. Windows: a [k, k+.5], b [k+.3, k+.8], c [k+.6, k+1.1] (seconds):
  ///
  ///     0.5  a0 (deadline) + b0      1.1  c0 (deadline) + a1      1.8  b1 (deadline) + c1
  ///     2.5  a2 + b2                 3.1  c2 + a3                 3.8  b3 + c3    … 9.8  b9 + c9
  ///
  /// Fifteen firings of two items each: 15 package wake-ups instead of 30, 5 early firings per
  /// timer, and the platform pays 15 × 1.11 mJ = 16.65 mJ (the two items of a firing run side by
  /// side on two cores).
  @Test func toleranceHalvesTheWakeups() {
    let result = Self.run([
      Self.timer("a", from: 0, tolerance: 500), Self.timer("b", from: 300, tolerance: 500),
      Self.timer("c", from: 600, tolerance: 500),
    ])
    #expect(result.workloads.map(\.occurrences) == [10, 10, 10])
    #expect(result.workloads.map(\.coalescedFirings) == [5, 5, 5])
    #expect(result.component("cpu").wakeups == 15)
    #expect(result.component("platform").wakeups == 15)
    #expect(result.component("platform").energy == joules(0.01665))
    // a fires at its deadline (0.5 s late) at even seconds and 100 ms late with c at odd ones;
    // each then waits 1.1 ms for the wakes and works 10 ms.
    let a = result.workload("a").latency
    #expect(a?.max == .microseconds(511_100))
    #expect(a?.p50 == .microseconds(111_100))
    let qos = result.qosClasses.first { $0.qos == .default }
    #expect(qos?.coalescedFirings == 15)
    #expect(qos?.occurrences == 30)
  }

  /// Tolerance 0 fires exactly on time and never moves; the tolerant timer b (due k + 0.3 s,
  /// window 800 ms) fires with a's item at k + 1 s. It keeps its phase: every occurrence is due
  /// at 0.3 s + k, so each waits 700 ms plus 11.1 ms. Its tenth window ([9.3, 10.1] s) has no
  /// item to ride on and closes after the run, so it does not fire.
  @Test func toleranceZeroFiresOnTimeAndTimersKeepTheirPhase() {
    let result = Self.run([
      Self.timer("a", from: 0, tolerance: 0), Self.timer("b", from: 300, tolerance: 800),
    ])
    #expect(result.workload("a").occurrences == 10)
    #expect(result.workload("a").latency?.max == .microseconds(11_100))
    #expect(result.workload("b").occurrences == 9)
    #expect(result.workload("b").coalescedFirings == 9)
    #expect(result.workload("b").latency?.p50 == .microseconds(711_100))
    #expect(result.workload("b").latency?.max == .microseconds(711_100))
    #expect(result.component("cpu").wakeups == 10)
  }

  /// Any CPU item opens the gate, whatever caused it: a one-off item at b's due time (300 ms)
  /// takes b along; 1 ns earlier b's window is still closed and b fires at its deadline, 800 ms.
  @Test(arguments: [(Int64(299_999_999), Int64(511_100_000)), (300_000_000, 11_100_000)])
  func anyItemFiresOpenWindows(itemAt: Int64, expectedLatency: Int64) {
    let item = WorkloadSpec(
      name: "item", timing: .once(at: Instant(nanosecondsSinceStart: itemAt)),
      work: [WorkStepSpec(cpu: .milliseconds(10))])
    let result = Self.run(
      [item, Self.timer("b", from: 300, tolerance: 500, count: 1)], duration: .seconds(2))
    #expect(result.workload("b").latency?.max == .nanoseconds(expectedLatency))
    #expect(result.workload("b").coalescedFirings == (itemAt == 300_000_000 ? 1 : 0))
  }

  /// Without a CPU the deadline itself is the OS's wake-up: timers x (due 0, window 1 s) and y
  /// (due 0.5 s, window 1 s) both fire at 1 s. The unit wakes once (100 ms), serves x (100 ms)
  /// and then y (100 ms): y is done at 1.3 s, 800 ms after it was due.
  @Test func aDeadlineFiresEveryOpenWindowWithoutACPU() {
    let device = Fixture.device([Fixture.generic("unit", TimerBoundaryTests.ladder, parent: .none)])
    func timer(_ name: String, from start: Int64) -> WorkloadSpec {
      WorkloadSpec(
        name: name,
        timing: .periodic(
          every: .seconds(10), start: Fixture.at(.milliseconds(start)), end: nil, count: 1,
          tolerance: .seconds(1)),
        work: Fixture.uses("unit", for: .milliseconds(100)))
    }
    let result = Fixture.run(
      Fixture.setup(device, [timer("x", from: 0), timer("y", from: 500)], duration: .seconds(5)))
    #expect(result.workload("x").latency?.max == .milliseconds(1_200))
    #expect(result.workload("y").latency?.max == .milliseconds(800))
    #expect(result.workload("y").coalescedFirings == 1)
    #expect(result.component("unit").wakeups == 1)
  }

  /// A tolerance of at least the period batches: due 0, 1, 2 s with a 2 s window. The first
  /// deadline (2 s) has passed the due times 1 s and 2 s too: the timer fires once for all three
  /// (see *OS policies*: the two passed count as skipped), and the unit wakes (100 ms) and works
  /// 100 ms: done at 2.2 s. Its firing at the deadline is no early one.
  @Test func aToleranceLongerThanThePeriodBatches() {
    let device = Fixture.device([Fixture.generic("unit", TimerBoundaryTests.ladder, parent: .none)])
    let timer = WorkloadSpec(
      name: "t",
      timing: .periodic(
        every: .seconds(1), start: .start, end: nil, count: 3, tolerance: .seconds(2)),
      work: Fixture.uses("unit", for: .milliseconds(100)))
    let result = Fixture.run(Fixture.setup(device, [timer], duration: .seconds(5)))
    #expect(result.workload("t").occurrences == 1)
    #expect(result.workload("t").skipped == 2)
    #expect(result.workload("t").coalescedFirings == 0)
    #expect(result.component("unit").wakeups == 1)
    #expect(result.workload("t").latency?.max == .milliseconds(2_200))
  }

  /// A debounced range timer: every 10 s, firing at its window's end (0.1 s, 10.1 s), each
  /// firing a trigger with a 2 s quiet period. The first quiet period ends at 2.1 s while the
  /// timer has already re-armed for 10 s; re-arming must not cancel it.
  @Test(arguments: [(Int64(2_100_000_000), 0), (2_100_000_001, 1), (13_000_000_000, 2)])
  func debouncedRangeTimer(duration: Int64, expected: Int) {
    let device = Fixture.device([Fixture.generic("unit", TimerBoundaryTests.ladder, parent: .none)])
    let timer = WorkloadSpec(
      name: "t",
      timing: .periodic(
        every: .seconds(10), start: .start, end: nil, count: 2, tolerance: .milliseconds(100)),
      debounce: .seconds(2), work: Fixture.uses("unit", for: .milliseconds(100)))
    let result = Fixture.run(
      Fixture.setup(device, [timer], duration: .nanoseconds(duration)))
    #expect(result.workload("t").occurrences == expected)
  }
}
