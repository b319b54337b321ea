import Glibc
import Quantities
import SimulationEngine

/// The fast-forward's bookkeeping (SPEC 10 [v2]): which period it watches, the state at the
/// last boundary, and when it looks next. It changes no result: a run with it and a run
/// without it give byte-identical outputs.
///
/// ```
///          choose P from the periodic sources due soon (frames, timers: their lcm)
///   idle ───────────────────────────────────────────────▶ watching P
///    ▲  no source, or P too long: look again later           │ at each boundary b = b₀ + kP:
///    │                                                        │ state(b) == state(b − P)?
///    └──── 8 boundaries in a row differ (back off, doubling) ─┤ yes: skip K periods, to the
///                                                             │ first thing not in the cycle
/// ```
struct FastForward {
  /// Whether the run may skip at all (not with `--no-fast-forward`, a trace, or no periodic
  /// workload).
  var isEnabled = false
  /// When the run loop next stops at a boundary to look, ns (`Int64.max`: never).
  var nextCheck: Int64 = .max
  /// The period watched, ns (0: none) and the horizon beyond which an instant is not part of the
  /// cycle.
  var period: Int64 = 0
  var horizon: Int64 = 0
  /// The longest lookahead of any model constant (timeouts, residencies, latencies, debounce,
  /// tolerances), ns: a horizon this far beyond the period cannot change a decision.
  var modelHorizon: Int64 = 0
  /// The state and the accumulators at the previous boundary, and the ledger's clock there.
  var previous: SteadyStateSnapshot?
  var previousAccumulators: [Int128] = []
  var previousClock: Int64 = 0
  var previousDrainCount = 0
  /// The accumulators' growth over the previous period and its latencies, when it repeated the
  /// one before it.
  var previousGrowth: [Int128]?
  var previousSamples: [(workload: Int, latencies: [Int64])] = []
  /// Boundaries in a row whose state differed from the previous one's.
  var mismatches = 0
  /// How long to wait before watching again, after giving up, ns.
  var backoff: Int64 = FastForward.initialBackoff
  /// Periods skipped so far, and skips (for the benchmark and tests).
  var skippedPeriods: Int64 = 0
  var skips = 0
  var debugChecks = 0
  var debugMismatches = 0
  var debugFirstMismatch: Int = -1

  /// The longest period watched (the lcm of the sources' periods).
  static let longestPeriod: Int64 = 120_000_000_000
  /// Boundaries in a row that may differ before it gives up for a while.
  static let mismatchLimit = 8
  static let initialBackoff: Int64 = 1_000_000_000
  static let longestBackoff: Int64 = 600_000_000_000
}

extension DeviceSimulation {
  /// Every battery charge, attojoules, at which the simulation's behaviour changes: the empty
  /// battery (the device shuts down). The fast-forward never skips across one. Add a threshold
  /// here whenever behaviour starts to depend on the charge (a Low Power Mode switching on below
  /// a level, a `battery-ok` condition): this is the one list of them.
  func batteryThresholds(capacity: Int128) -> [Int128] { [0] }

  /// Prepares the fast-forward for this run.
  func setUpFastForward(enabled: Bool) {
    let periodic = workloads.contains {
      switch $0.timing {
      case .periodic, .frames: true
      default: false
      }
    }
    guard enabled, activity == nil, periodic else { return }
    // The only decisions that compare an instant ahead with the clock by a model constant are
    // the predictive policy's (a known wake-up's distance against each state's minimum
    // residency). Every other instant ahead matters only once the clock reaches it, and is
    // queued or kept where the enumeration sees it.
    var longest: Int64 = 0
    for ladder in ladders {
      for table in [ladder.minimumResidency, ladder.wakeLatency] {
        for value in table where value != .max { longest = max(longest, value) }
      }
    }
    fastForward.isEnabled = true
    fastForward.modelHorizon = Saturating.sum(longest, 1_000_000)
    fastForward.nextCheck = 0
  }

  /// Runs the events due before `end`, stopping at the fast-forward's boundaries.
  func runEvents(until end: Int64) {
    while fastForward.nextCheck < end {
      let boundary = fastForward.nextCheck
      scheduler.run(self, until: Instant(nanosecondsSinceStart: boundary))
      checkSteadyState(at: boundary, before: end)
      precondition(fastForward.nextCheck > boundary, "a boundary looked at twice")
    }
    scheduler.run(self, until: Instant(nanosecondsSinceStart: end))
  }

  /// At boundary `boundary`: compares the state with the previous boundary's and skips whole
  /// periods (not beyond `end`) when they are equal.
  private func checkSteadyState(at boundary: Int64, before end: Int64) {
    let period = fastForward.period
    guard period > 0, !shutdown.isOff else {
      startWatching(at: boundary)
      return
    }
    let drainsBefore = latencyLog.drainCount
    var samples: [(workload: Int, latencies: [Int64])] = []
    latencyLog.drain { workload, latencies in
      samples.append((workload, Array(latencies)))
      workloads[workload].stats.latency.record(contentsOf: latencies)
    }
    let samplesComplete = drainsBefore == fastForward.previousDrainCount
    var capture = SteadyStateCapture(
      boundary: boundary, period: period, horizon: fastForward.horizon)
    visitSteadyState(&capture)
    fastForward.debugChecks += 1
    if let previous = fastForward.previous, previous != capture.snapshot {
      fastForward.debugMismatches += 1
      if getenv("POWERSIM_FF_DEBUG")?.pointee == 50 {
        let a = previous.words, b = capture.snapshot.words
        let i = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? -1
        fputs("mismatch at \(boundary) P=\(period) word \(i) of \(a.count)/\(b.count): \(i >= 0 ? "\(a[i]) vs \(b[i])" : "") periodic \(previous.isPeriodic) \(capture.snapshot.isPeriodic) runtimes \(previous.runtimes.count)\n", debugStderr)
      }
    }
    if samplesComplete, let previous = fastForward.previous, previous == capture.snapshot {
      // A period that starts in the state the previous one started in repeats it. Two such
      // periods in a row (the state equal at three boundaries) grow every sum, and every value
      // last set from a sum, by the same amount: then the growth is that of every later period.
      let growth = zip(capture.accumulators, fastForward.previousAccumulators).map { $0 - $1 }
      if let previousGrowth = fastForward.previousGrowth, previousGrowth == growth,
        fastForward.previousSamples.elementsEqual(samples, by: { $0 == $1 })
      {
        let count = periodsToSkip(from: boundary, before: end, capture: capture)
        if count > 0 {
          skip(count, from: boundary, capture: capture, growth: growth, samples: samples)
          fastForward.mismatches = 0
          fastForward.backoff = FastForward.initialBackoff
          return
        }
        if getenv("POWERSIM_FF_DEBUG")?.pointee == 50 { fputs("steady at \(boundary) but count 0: beyond \(capture.earliestBeyond) H \(fastForward.horizon)\n", debugStderr) }
        // Steady, but something outside the cycle comes within the horizon: looked at again
        // next period, a limited number of times.
        fastForward.mismatches += 1
      }
      if getenv("POWERSIM_FF_DEBUG")?.pointee == 50, let pg = fastForward.previousGrowth {
        let i = zip(pg, growth).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? -1
        fputs("growth differs at \(boundary) acc \(i) of \(growth.count): \(i >= 0 ? "\(pg[i]) vs \(growth[i])" : "samples") \n", debugStderr)
      }
      fastForward.previousGrowth = growth
      fastForward.previousSamples = samples
    } else {
      fastForward.previousGrowth = nil
      fastForward.mismatches += 1
    }
    if fastForward.mismatches > FastForward.mismatchLimit {
      stopWatching(at: boundary)
      return
    }
    remember(capture, at: boundary + period)
  }

  /// Keeps `capture` as the previous boundary's state and looks again at `next`.
  private func remember(_ capture: SteadyStateCapture, at next: Int64) {
    fastForward.previous = capture.snapshot
    fastForward.previousAccumulators = capture.accumulators
    fastForward.previousClock = ledger.clock
    fastForward.previousDrainCount = latencyLog.drainCount
    ledger.powerLog.removeAll(keepingCapacity: true)
    ledger.isLoggingPower = ledger.recorder.binWidth > 0 || ledger.recorder.battery != nil
    fastForward.nextCheck = next
  }

  /// Chooses the period from the periodic sources due soon and starts watching it, or looks
  /// again later.
  private func startWatching(at boundary: Int64) {
    fastForward.mismatches = 0
    guard !shutdown.isOff, let period = sourcePeriod(at: boundary) else {
      stopWatching(at: boundary)
      return
    }
    fastForward.period = period
    fastForward.horizon = Saturating.sum(2 * period, fastForward.modelHorizon)
    drainLatencyLog()
    var capture = SteadyStateCapture(
      boundary: boundary, period: period, horizon: fastForward.horizon)
    visitSteadyState(&capture)
    remember(capture, at: boundary + period)
  }

  /// Gives up for a while: the state did not repeat, or nothing periodic is due soon.
  private func stopWatching(at boundary: Int64) {
    fastForward.period = 0
    fastForward.previous = nil
    fastForward.previousAccumulators = []
    fastForward.previousGrowth = nil
    fastForward.previousSamples = []
    ledger.isLoggingPower = false
    ledger.powerLog.removeAll(keepingCapacity: true)
    fastForward.nextCheck = Saturating.sum(boundary, fastForward.backoff)
    fastForward.backoff = min(2 * fastForward.backoff, FastForward.longestBackoff)
  }

  /// The least common multiple of the periods of the timers and animations due within the
  /// horizon, or `nil` when there is none or it is longer than ``FastForward/longestPeriod``.
  func sourcePeriod(at boundary: Int64) -> Int64? {
    let near = Saturating.sum(
      boundary, Saturating.sum(2 * FastForward.longestPeriod, fastForward.modelHorizon))
    var period: Int64 = 1
    var any = false
    for index in workloads.indices {
      let workload = Int32(index)
      let source: Int64
      switch workloads[index].timing {
      case .periodic(let every, _, _, _, _):
        guard let due = timerDue(workload, workloads[index].nextIndex), due < near else {
          continue
        }
        source = every.nanoseconds
      case .frames:
        guard let due = frameDue(workload, workloads[index].nextIndex), due < near else {
          continue
        }
        guard let repeating = workloads[index].frameClock?.repeatPeriod else { return nil }
        source = repeating
      default:
        continue
      }
      guard source > 0, source <= FastForward.longestPeriod else { return nil }
      var a = period
      var b = source
      while b != 0 { (a, b) = (b, a % b) }
      let (lcm, overflow) = (period / a).multipliedReportingOverflow(by: source)
      guard !overflow, lcm <= FastForward.longestPeriod else { return nil }
      period = lcm
      any = true
    }
    return any ? period : nil
  }

  /// How many whole periods may be skipped from `boundary`: up to a horizon before the first
  /// instant not part of the cycle, not beyond `end` (a progress slice) or the run's end less the
  /// horizon, not into the exact window, and not across a battery threshold.
  private func periodsToSkip(
    from boundary: Int64, before end: Int64, capture: SteadyStateCapture
  ) -> Int64 {
    let period = fastForward.period
    var limit = min(end, endTime - fastForward.horizon)
    if capture.earliestBeyond != .max {
      limit = min(limit, capture.earliestBeyond - fastForward.horizon)
    }
    if let window = ledger.recorder.exactWindow {
      let start = window.start.nanosecondsSinceStart
      let stop = window.end.nanosecondsSinceStart
      if boundary < stop { limit = min(limit, start) }
    }
    guard limit > boundary else { return 0 }
    var count = (limit - boundary) / period
    if let battery = ledger.recorder.battery, count > 0 {
      count = min(count, periodsBeforeThreshold(battery, from: boundary))
    }
    return max(0, count)
  }

  /// How many periods the battery may run, from its charge now, keeping a period's margin from
  /// every threshold.
  private func periodsBeforeThreshold(_ battery: BatteryTracker, from boundary: Int64) -> Int64 {
    let period = fastForward.period
    // The charge at the boundary, and its change over a period.
    let sinceClock = Int128(ledger.totalPower) * Int128(boundary - ledger.clock)
    let perPeriod: Int128
    let charge: Int128
    if battery.isCharging {
      charge = battery.charge + Int128(battery.chargePower) * Int128(boundary - ledger.clock)
      perPeriod = Int128(battery.chargePower) * Int128(period)
    } else {
      charge = battery.charge - sinceClock
      perPeriod = -periodCurve().totalEnergy(upTo: period)
    }
    var count = Int64.max
    for threshold in batteryThresholds(capacity: battery.capacity) {
      if perPeriod < 0 && charge > threshold {
        let room = (charge - threshold) / -perPeriod - 2
        count = min(count, Int64(clamping: room))
      } else if perPeriod > 0 && charge < threshold {
        let room = (threshold - charge) / perPeriod - 2
        count = min(count, Int64(clamping: room))
      }
    }
    return count
  }

  /// The power curve of the period just watched, from the ledger's clock at its start.
  private func periodCurve() -> PeriodPowerCurve {
    let origin = fastForward.previousClock
    let log = ledger.powerLog.map {
      PowerChange(time: $0.time - origin, component: $0.component, power: $0.power)
    }
    return PeriodPowerCurve(
      period: fastForward.period, initial: Array(ledger.componentPower), log: log)
  }

  /// Skips `count` periods from `boundary`, whose state equals the previous boundary's.
  private func skip(
    _ count: Int64, from boundary: Int64, capture: SteadyStateCapture, growth: [Int128],
    samples: [(workload: Int, latencies: [Int64])]
  ) {
    let period = fastForward.period
    let distance = count * period
    let clock = ledger.clock
    if clock >= boundary - period && ledger.isLoggingPower {
      // The curve moved with the cycle: book its repetitions.
      precondition(clock - fastForward.previousClock == period, "a period of another length")
      ledger.recorder.fastForward(from: clock, to: clock + distance, curve: periodCurve())
    }
    var skipper = SteadyStateSkip(
      boundary: boundary, period: period, horizon: fastForward.horizon, count: count,
      growth: growth)
    visitSteadyState(&skipper)
    ledger.refreshBatteryCharge()
    for (workload, latencies) in samples {
      latencies.withUnsafeBufferPointer {
        workloads[workload].stats.latency.record(contentsOf: $0, times: Int(count))
      }
    }
    fastForward.skippedPeriods += count
    fastForward.skips += 1
    // The state at the new boundary is the state at the old one, moved: checked, since a time
    // the skip failed to move would show here.
    var check = SteadyStateCapture(
      boundary: boundary + distance, period: period, horizon: fastForward.horizon)
    visitSteadyState(&check)
    precondition(check.snapshot == capture.snapshot, "a fast-forward left the cycle")
    remember(check, at: boundary + distance + period)
  }
}

nonisolated(unsafe) let debugStderr = fdopen(2, "w")
