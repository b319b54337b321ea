import Quantities
import SimulationEngine

/// Counters of one workload as the run goes.
struct WorkloadStats {
  var occurrences = 0
  var droppedFrames = 0
  var deadlineMisses = 0
  var coalescedFirings = 0
  /// Due times a late timer firing passed and covered (see *OS policies*).
  var skipped = 0
  /// Occurrences that fell due while the device was shut down (see *Results and accounting*).
  var held = 0
  /// Occurrences cut off by a shutdown (unfinished).
  var cutOff = 0
  /// Latencies of completed occurrences, as the run's ``LatencyLog`` hands them over.
  var latency = LatencyRecorder()
}

/// A workload at run time: its timing, its compiled steps and where it is in its sequence.
///
/// Laid out by use, 243 bytes (a stride of 248): what a timer's arrival, a frame and an
/// occurrence's start and completion read come first — its timing and flags in the first 64 bytes,
/// then its due times, generations, program bounds and indices up to byte 144 — then the counters
/// (bytes 152 to 240), and after them, in the latency recorder's last word, the priority the
/// account reads and a flag set once. What only some workloads read is kept beside the workloads,
/// reached by an index: an animation's clock and range (``AnimationTiming``) and debouncing
/// (``DebounceState``). A run of 100,000 workloads touches a cold workload at every event, and
/// every cache line of it read is another miss; and every byte here is 100 KB of such a run's
/// memory.
struct WorkloadRuntime {
  let timing: WorkloadTiming
  let onlyWhenVisible: Bool
  /// The states of its `when` other than `visible` (see ``DeviceSimulation/otherStatesHold(_:)``).
  let otherStates: RunStates
  /// How its occurrences reach the device (see *Apps and push delivery*): pushed at low priority
  /// (held by the push service), or not (high-priority pushes start at once like any occurrence;
  /// their program starts with the push's downlink).
  let isLowPriorityPush: Bool
  /// Whether the OS knows its due times in advance and they are not debounced: its next due
  /// time is a known wake-up (`timing.isKnownInAdvance`, looked up once, not per arrival).
  let isKnownWakeUp: Bool
  /// Whether its occurrences run a suspended app in the background (pushes, deferrable tasks)
  /// rather than being held.
  let wakesSuspendedApp: Bool
  /// A deferrable occurrence waits for its condition.
  var isDeferred = false
  /// An animation's latest frame is still in its CPU stage (running or waiting for a core): a
  /// frame due now is dropped.
  var frameInCPUStage = false
  /// Index of the next occurrence in the sequence (`k` of a timer or animation, a list index).
  var nextIndex = 0
  /// Draws a Poisson source's next arrival, at each arrival.
  var rng: SplitMix64
  /// A range timer's pending due time.
  var pendingDue: Int64 = -1
  /// The least tolerance of its timers while its app is not in the foreground, in ns (0: none).
  let backgroundLeeway: Int64
  /// A deferrable task's grant, ns: how long it runs its app in the background (`refresh_time` or
  /// `processing_time`, see *Apps and push delivery*); -1 for any other workload.
  let taskGrant: Int64
  let programStart: Int32
  let programEnd: Int32
  /// The workload's app when it can be suspended (its background time is limited), else -1:
  /// the one check an occurrence of an app without a lifecycle pays.
  let suspendableApp: Int32
  var inFlight: Int32 = 0
  /// An animation's frame pipeline (see *OS policies*): the index of the first step after the CPU
  /// steps a frame starts with (its CPU stage); -1 for other workloads.
  let frameCPUEnd: Int32
  /// The workload's app (an index into the run's apps, *Apps and push delivery*).
  let app: Int32
  /// The radio a `radio-active` deferral watches (-1: the network at the time).
  let deferralRadio: Int32
  /// An animation's timing in ``DeviceSimulation/animations``, -1 for any other workload.
  let animationSlot: Int32
  /// Its debouncing in ``DeviceSimulation/debounces``, -1 when it is not debounced.
  let debounceSlot: Int32
  /// Per trace row: due time and step range.
  let traceRows: [(time: Int64, start: Int32, end: Int32)]
  var stats = WorkloadStats()
  /// QoS priority of the first work object (a trace's first row's), for latency by QoS class.
  let priority: UInt8
  /// Whether it runs on its app's main thread (`"thread": "main"`, see *OS policies*); set once.
  var onMainThread = false
}

/// When an animation's frames are due: its clock, and the rate a range is to run at.
struct AnimationTiming {
  /// The animation's clock, taken out of its timing once (frames are the most frequent
  /// arrivals); a range's clock is retimed when its rate changes (see
  /// ``FrameClock/retime(rate:at:frame:)``).
  var clock: FrameClock
  /// The rate a range animation is to run at, Hz, chosen by
  /// ``DeviceSimulation/frameRateCapChanged()``: its clock takes it at its next frame. 0 for a
  /// fixed rate.
  var rateTarget: Double
  /// Whether it has a frame-rate range (the range itself is its spec's: read only when the cap
  /// changes, see ``DeviceSimulation/frameRateCapChanged()``).
  let hasRange: Bool
}

/// A debounced workload's debouncing (see *OS policies*): its interval and the expiry pending.
struct DebounceState {
  /// The debounce interval, ns (more than 0).
  let interval: Int64
  /// Guards debounce expiries: each trigger supersedes the previous expiry.
  var generation: UInt32 = 0
  /// The steps the pending debounce expiry runs: the last trigger's (a trace row's own work).
  var steps: (start: Int32, end: Int32) = (0, 0)
}

/// A workload's program by what it is compiled from: its work, by the identity of the array that
/// holds it, and its push.
///
/// Steps are read-only once compiled, so workloads with the same work can run one range of them.
/// The scenario decoder gives every workload with the same work one shared array (a timer
/// repeated over a hundred thousand workloads has one), and the array's identity finds them
/// without hashing its steps: equal work in separate arrays is compiled once per array, which is
/// only less sharing. The address is compared, never read, and is unique while the setup holds
/// the arrays, for the whole preparation of the run (but for empty arrays, which share one
/// storage and compile alike).
struct SharedProgramKey: Hashable {
  let workAddress: UnsafeRawPointer?
  let workCount: Int
  let push: PushSpec?

  init(_ spec: WorkloadSpec) {
    workAddress = spec.work.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    workCount = spec.work.count
    push = spec.push
  }
}

extension DeviceSimulation {
  /// Compiles a workload spec into its run-time form; a program already compiled for the same
  /// work array and push (see ``SharedProgramKey``) is shared, not compiled again.
  func makeWorkload(
    _ spec: WorkloadSpec, index: Int, compiler: WorkCompiler, app: Int32, appSpec: AppSpec,
    programs: inout [SharedProgramKey: Range<Int32>]
  ) -> WorkloadRuntime {
    let key = SharedProgramKey(spec)
    let program: Range<Int32>
    if let shared = programs[key] {
      program = shared
    } else {
      let first = Int32(steps.count)
      steps.append(contentsOf: compiler.compile(spec.work, push: spec.push))
      program = first..<Int32(steps.count)
      programs[key] = program
    }
    let start = program.lowerBound
    let end = program.upperBound
    var rows: [(time: Int64, start: Int32, end: Int32)] = []
    if case .trace(let traceRows) = spec.timing {
      for row in traceRows {
        let rowStart = Int32(steps.count)
        steps.append(contentsOf: compiler.compile(row.work, push: spec.push))
        rows.append((row.time.nanosecondsSinceStart, rowStart, Int32(steps.count)))
      }
    }
    var isDeferrable = false
    switch spec.timing {
    case .window, .repeatingWindow: isDeferrable = true
    default: break
    }
    // A trace has no work of its own: its class is its first row's.
    var classWork = spec.work
    if case .trace(let traceRows) = spec.timing, let first = traceRows.first {
      classWork = first.work
    }
    // A push's downlink is not the work's transfer a `radio-active` deferral watches.
    let workStart = spec.push == nil ? start : start + 1
    let firstTransfer = steps[Int(min(workStart, end))..<Int(end)].first {
      $0.kind == .download || $0.kind == .upload
    }
    var frameCPUEnd: Int32 = -1
    // A range starts at the rate it runs at with no cap (Low Power Mode on at the start
    // re-chooses it, before the first frame).
    let initialRate = spec.frameRateRange.map {
      $0.runningRate(supported: display?.spec.refreshRates.map(\.hertz) ?? [], cap: nil)
    }
    if case .frames = spec.timing {
      frameCPUEnd = Int32(steps[Int(start)..<Int(end)].firstIndex { $0.kind != .cpu } ?? Int(end))
    }
    var animationSlot: Int32 = -1
    if let clock = FrameClock(spec.timing, rate: initialRate) {
      animationSlot = Int32(animations.count)
      animations.append(
        AnimationTiming(
          clock: clock, rateTarget: initialRate ?? 0, hasRange: spec.frameRateRange != nil))
    }
    // A debounce of 0 (or less, which files cannot say) is none.
    let debounce = spec.debounce?.nanoseconds ?? 0
    var debounceSlot: Int32 = -1
    if debounce > 0 {
      debounceSlot = Int32(debounces.count)
      debounces.append(DebounceState(interval: debounce))
    }
    return WorkloadRuntime(
      timing: spec.timing, onlyWhenVisible: spec.onlyWhenVisible,
      otherStates: spec.when.subtracting(.visible), isLowPriorityPush: spec.push?.priority == .low,
      isKnownWakeUp: spec.timing.isKnownInAdvance && debounceSlot < 0,
      wakesSuspendedApp: spec.push != nil || isDeferrable,
      rng: SplitMix64(seed: setup.seed, stream: spec.name),
      backgroundLeeway: appSpec.timerLeeway.nanoseconds,
      taskGrant: isDeferrable ? appSpec.grants.grant(for: spec.task).nanoseconds : -1,
      programStart: start, programEnd: end, suspendableApp: appSpec.canBeSuspended ? app : -1,
      frameCPUEnd: frameCPUEnd, app: app, deferralRadio: firstTransfer?.node ?? -1,
      animationSlot: animationSlot, debounceSlot: debounceSlot, traceRows: rows,
      priority: UInt8(classWork.first?.qos.priority ?? QoSClass.default.priority),
      onMainThread: spec.onMainThread)
  }

  /// The first instant at or after `time` at which `workload`'s app is in the foreground, or
  /// `Int64.max`.
  func nextVisibleStart(of workload: Int, atOrAfter time: Int64) -> Int64 {
    guard let intervals = apps.foregroundIntervals[Int(workloads[workload].app)] else {
      return time
    }
    var low = 0
    var high = intervals.count
    while low < high {
      let middle = (low + high) / 2
      if intervals[middle].end.nanosecondsSinceStart <= time {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < intervals.count else { return .max }
    return max(time, intervals[low].start.nanosecondsSinceStart)
  }
}

/// When the frames of an animation are due: frame `k` at `start + ⌊(k − base) · 10⁹ / rate⌋` ns
/// (see *Quantities and units*), exactly in integers for a rate written as a decimal of at most six
/// places (`120 fps`, `59.94 fps` = 2997/50 fps), in floating point for any other. A fixed rate
/// keeps `base` 0 and `start` the animation's; a range's clock is retimed at the frame where its
/// rate changes, which becomes `base` and `start`.
struct FrameClock: Equatable {
  private(set) var rate: Double
  /// The rate in hertz as a fraction in lowest terms, `numerator / denominator`, when it is a
  /// whole number from 1 to 10¹⁸ or a decimal of at most six places (``exactRate(of:)``), else
  /// 0 / 1.
  private(set) var rateNumerator: Int64
  private(set) var rateDenominator: Int64
  /// When frame `base` is due, ns.
  private(set) var start: Int64
  /// The frame the clock counts from.
  private(set) var base = 0
  /// The end of the animation (`start + for`, `Int64.max` when that overflows), or `Int64.max`.
  let end: Int64

  /// The clock of a `frames` timing (at `rate` Hz instead of the timing's when given), or `nil`
  /// for any other timing.
  init?(_ timing: WorkloadTiming, rate: Double? = nil) {
    guard case .frames(let timingRate, let start, let duration) = timing else { return nil }
    let hertz = rate ?? timingRate.hertz
    self.rate = hertz
    (rateNumerator, rateDenominator) = Self.exactRate(of: hertz)
    self.start = start.nanosecondsSinceStart
    end = duration.map { Saturating.sum(start.nanosecondsSinceStart, $0.nanoseconds) } ?? .max
  }

  /// `hertz` as a fraction in lowest terms: a whole number from 1 to 10¹⁸ over 1, or the
  /// decimal of fewest places (at most six) that reads back as `hertz` — `59.94` is 5,994/100 =
  /// 2,997/50 — whose digits fit in 53 bits; else 0 / 1.
  static func exactRate(of hertz: Double) -> (numerator: Int64, denominator: Int64) {
    if hertz == hertz.rounded() && hertz >= 1 && hertz <= 1e18 { return (Int64(hertz), 1) }
    guard hertz > 0, hertz < 1e9 else { return (0, 1) }
    var denominator: Int64 = 10
    for _ in 1...6 {
      let digits = (hertz * Double(denominator)).rounded()
      if digits >= 1, digits < 9e15, digits / Double(denominator) == hertz {
        var a = Int64(digits)
        var b = denominator
        while b != 0 { (a, b) = (b, a % b) }
        return (Int64(digits) / a, denominator / a)
      }
      denominator *= 10
    }
    return (0, 1)
  }

  /// Runs the clock at `hertz` from frame `k`, due at `time`: frame `k + n` is then due at
  /// `time + ⌊n · 10⁹ / hertz⌋`.
  mutating func retime(rate hertz: Double, at time: Int64, frame k: Int) {
    rate = hertz
    (rateNumerator, rateDenominator) = Self.exactRate(of: hertz)
    start = time
    base = k
  }

  /// The shortest span after which the frames' due times repeat shifted by it, ns: for a rate
  /// `p / q` in lowest terms, `10⁹q / gcd(p, 10⁹q)` (frame `k + n` is due exactly that much after
  /// frame `k`, `n = p / gcd`): 25 ms at 120 fps, 50 s at 59.94 fps; `nil` for a rate computed in
  /// floating point, whose frames never repeat in whole nanoseconds.
  var repeatPeriod: Int64? {
    guard rateNumerator > 0 else { return nil }
    let span = 1_000_000_000 * rateDenominator
    var a = span
    var b = rateNumerator
    while b != 0 { (a, b) = (b, a % b) }
    return span / a
  }

  /// Frame `k`'s deadline: its due time plus one frame interval, on the clock — when frame
  /// `k + 1` is due, `start + ⌊(k + 1) · 10⁹ / rate⌋` (after `for` too); `Int64.max` when beyond
  /// any run.
  func deadline(ofFrame k: Int, before endTime: Int64) -> Int64 {
    guard let offset = offset(ofFrame: k + 1, before: endTime) else { return .max }
    return Saturating.sum(start, offset)
  }

  /// Nanoseconds from the start to frame `frame` (counted from `base`), or `nil` when a rate so low
  /// puts the frame beyond `endTime` (and any run).
  func offset(ofFrame frame: Int, before endTime: Int64) -> Int64? {
    let k = frame - base
    guard rateNumerator > 0 else {
      let exact = (Double(k) * 1e9 / rate).rounded(.down)
      guard exact < Double(endTime) else { return nil }
      return Int64(exact)
    }
    if rateDenominator == 1 {
      let (product, overflow) = Int64(k).multipliedReportingOverflow(by: 1_000_000_000)
      if !overflow { return product / rateNumerator }
      return Int64(Int128(k) * 1_000_000_000 / Int128(rateNumerator))
    }
    let exact =
      Int128(k) * 1_000_000_000 * Int128(rateDenominator) / Int128(rateNumerator)
    guard exact < Int128(endTime) else { return nil }
    return Int64(exact)
  }
}
