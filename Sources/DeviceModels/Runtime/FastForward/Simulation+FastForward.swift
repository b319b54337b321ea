import Quantities
import SimulationEngine

/// The fast-forward's bookkeeping (see *The fast-forward*): which period it watches, the state at
/// the last boundaries, and when it looks next. It changes no result: a run with it and a run
/// without it give byte-identical outputs.
///
/// ```
///          choose P from the periodic sources due soon (frames, timers: their lcm)
///   idle ───────────────────────────────────────────────▶ watching P
///    ▲  no source, or P too long: look again later           │ at each boundary b = b₀ + kP:
///    │                                                        │ state(b) == state(b − jP)
///    │                                                        │        == state(b − 2jP)?
///    └── 2M + 2 boundaries in a row without a skip ───────────┤ yes: skip K cycles of jP, to
///        (back off, doubling)                                 │ the first thing not in them
/// ```
///
/// The state may repeat over a multiple of the sources' period (an idle timer re-checked
/// lazily every few frames, two occurrences due at one instant that end in either order): every
/// multiple `jP` up to `M = maxMultiple` is tried, and always the second.
struct FastForward {
  /// Whether the run may skip at all (not with `--no-fast-forward` or no periodic workload; a
  /// run writing every change of a window, `--exact` or `--trace`, skips only outside it).
  var isEnabled = false
  /// When the run loop next stops at a boundary to look, ns (`Int64.max`: never).
  var nextCheck: Int64 = .max
  /// The sources' period watched, ns (0: none), the multiples of it tried, and the horizon
  /// beyond which an instant is not part of the cycle.
  var period: Int64 = 0
  var maxMultiple = 1
  var horizon: Int64 = 0
  /// The longest lookahead of any model constant (the predictive policy's residencies), ns.
  var modelHorizon: Int64 = 0
  /// The last boundaries, oldest first (at least the last `2 × maxMultiple + 1`, at most twice
  /// as many).
  var history: [BoundaryRecord] = []
  /// The workloads that may be sources of a cycle (timers no slower than the longest period,
  /// animations), in workload order.
  var sources: [Int32] = []
  /// The latencies drained from the log since the last boundary while watching (a batch that
  /// fills in mid-cycle), in the order drained.
  var stretchLatencies: [(workload: Int, latencies: [Int64])] = []
  /// The phases of a DRX cycle read since the last boundary while watching (each DRX boundary
  /// reads where in its cycle the clock is: on-durations are aligned to the run's start), in
  /// the order read. Not part of the snapshot: a radio that no DRX boundary reads in a cycle
  /// behaves alike at any phase, and one that does repeats only if the phases read repeat.
  var drxPhases: [Int64] = []
  /// The slowest source in the cycle watched, ns: a timer or an animation slower than it is
  /// outside the cycle, its occurrences things passing through (``FastForward/longestPeriod``
  /// unless random arrivals come too often for the cycle of every source).
  var slowestSource: Int64 = FastForward.shortestLongestPeriod
  /// The longest period watched (the lcm of the sources' periods), ns: 120 s, or a part of the
  /// run (``FastForward/runPerLongestPeriod``) when that is longer, so that the boundaries
  /// watched before a skip are a bounded part of any run.
  var longestPeriod: Int64 = FastForward.shortestLongestPeriod
  /// Boundaries in a row without a skip.
  var misses = 0
  /// The simulation's count of events handled when it last stopped at a boundary.
  var eventsAtLastLook = 0
  /// How long to wait before watching again, after giving up, ns.
  var backoff: Int64 = FastForward.initialBackoff
  /// Cycles skipped so far, their length in all, and skips (for the benchmark and tests).
  var skippedTime: Int64 = 0
  var skips = 0
  /// Boundaries whose whole state was taken (the others were told apart by their fingerprints).
  var snapshotsTaken = 0
  /// Boundaries at which the run stopped to look.
  var boundariesLookedAt = 0
  /// Whether it skipped since it last gave up (a pause until something outside the cycle has
  /// come is not giving up).
  var hasSkippedSinceGiveUp = false
  /// Whether the last look tried the multiples of a timer re-armed faster than it runs out (see
  /// ``DeviceSimulation/lazilyCheckedMultiples(of:)``) and gave up: the next look tries the usual
  /// multiples only, and the one after it those of the timer again, since a look over a long
  /// multiple watches hundreds of boundaries (a poll every 100 ms over cellular whose state does
  /// not repeat: 308 of 100 ms).
  var lazilyCheckedLookFailed = false
  /// Looks since the last skip that found the device still settling (see
  /// ``mostSettlingLooks``).
  var settlingLooks = 0
  /// The environment's cursor when it last gave up (the back-off starts again after a change).
  var cursorAtLastGiveUp = -1
  /// The earliest instant not part of the cycle seen at the last boundary.
  var earliestBeyond: Int64 = .max
  /// How far ahead of the last boundary the furthest instant compared relative to it lies, ns
  /// (see ``SteadyStateCapture/reach``).
  var reach: Int64 = 0
  /// The slice of the run written change by change (`--exact`'s and `--trace`'s window, both
  /// when both are asked for), ns: no skip reaches into it.
  var writtenWindow: Range<Int64>?

  /// The bound on the period, ns, in every run, and the run's length over the bound in a long
  /// one: a 24-hour run watches periods up to 45 min, a 30-day one up to 22.5 h.
  static let shortestLongestPeriod: Int64 = 120_000_000_000
  static let runPerLongestPeriod: Int64 = 32
  /// The multiples of the period tried: the first two always, more up to eight while their cycle
  /// stays within ``longestCycle``.
  static let leastMultiples = 2
  static let mostMultiples = 8
  static let longestCycle: Int64 = 10_000_000_000
  /// The longest timer re-armed faster than it runs out whose checks' own cycle is tried (see
  /// ``DeviceSimulation/lazilyCheckedMultiples(of:)``), ns: a minute, beyond any radio's tail.
  static let longestLazilyCheckedTimer: Int64 = 60_000_000_000
  /// The most multiples of the period tried for such a timer: a 10.1 s tail re-armed every
  /// 100 ms repeats over 101 periods.
  static let mostLazilyCheckedMultiples = 128
  /// How many looks after a skip may find the device still settling before it backs off: a
  /// look gives up after ``misses`` boundaries in a row without a skip (26 on a 25 ms cycle:
  /// 650 ms, more than the Wi-Fi radio's tail and the 200 ms in which its last change is recent),
  /// or finds a random arrival too close to watch the cycle before it (telemetry at 0.2 Hz
  /// draws two within 0.84 s one time in six). Disturbances that never settle are an event
  /// storm, and back off.
  static let mostSettlingLooks = 8
  static let initialBackoff: Int64 = 1_000_000_000
  static let longestBackoff: Int64 = 600_000_000_000
}

/// What the fast-forward keeps of one boundary.
struct BoundaryRecord {
  var snapshot: SteadyStateSnapshot
  var accumulators: SteadyStateValues<Int128>
  /// The ledger's clock at the boundary.
  var clock: Int64
  /// The latencies of the stretch since the previous boundary, by workload (each workload's in
  /// the order they were recorded), and its changes of power.
  var samples: [(workload: Int, latencies: [Int64])]
  var powerLog: [PowerChange]
  /// The thermal governor's polls of the stretch (see ``ThermalPoll``).
  var thermalPolls: [ThermalPoll]
  /// The phases of DRX cycles read in the stretch (see ``FastForward/drxPhases``).
  var drxPhases: [Int64]
  /// By multiple, this boundary's fixed instants against the boundary that many periods
  /// earlier, `nil` when their states differ; absent until compared.
  var matches: [(multiple: Int, fixed: [Int32]?)] = []
}

extension DeviceSimulation {
  /// Every battery charge, attojoules, at which the simulation's behaviour changes: the empty
  /// battery (the device shuts down), the full one (charging stops), a Low Power Mode's `below`
  /// level and the `battery-ok` level. The fast-forward never skips across one. Add a threshold
  /// here whenever behaviour starts to depend on the charge: this is the one list of them.
  func batteryThresholds(capacity: Int128) -> [Int128] {
    var levels: [Int128] = [0, capacity]
    // Low Power Mode switching on below its level (see *Apps and push delivery*).
    if let below = lowPower.belowLevel, let level = batteryCharge(atFraction: below) {
      levels.append(level)
    }
    // `battery-ok` (see *OS policies*): at least the level, so both sides of it.
    if tasks.watchesBatteryLevel,
      let level = batteryCharge(atFraction: DeferralConditions.batteryOKLevel.value)
    {
      levels += [level, level - 1]
    }
    return levels
  }

  /// Prepares the fast-forward for this run: off without a workload that may be a source.
  func setUpFastForward(enabled: Bool) {
    guard enabled else { return }
    let longestPeriod = FastForwardReach.longestPeriod(run: .nanoseconds(endTime)).nanoseconds
    // The workloads that may be sources, listed once: the looks for a period walk them alone,
    // so that a hundred thousand slow timers cost nothing (none may be a source).
    fastForward.sources = workloads.indices.compactMap { index in
      switch workloads[index].timing {
      case .periodic(let every, _, _, _, _):
        every.nanoseconds <= longestPeriod ? Int32(index) : nil
      case .frames: Int32(index)
      default: nil
      }
    }
    guard !fastForward.sources.isEmpty else { return }
    // The only decisions that compare an instant ahead with the clock by a model constant are
    // the predictive policy's (a known wake-up's distance against each state's minimum
    // residency, in ladders with that policy: a wake latency is compared with a latency limit,
    // never with the time ahead). Every other instant ahead matters only once the clock reaches
    // it, and is queued or kept where the enumeration sees it.
    var longest: Int64 = 0
    for ladder in ladders where ladder.isPredictive {
      for value in ladder.minimumResidency where value != .max { longest = max(longest, value) }
    }
    fastForward.isEnabled = true
    var windows: [Range<Int64>] = []
    if let window = ledger.recorder.exactWindow {
      windows.append(window.start.nanosecondsSinceStart..<window.end.nanosecondsSinceStart)
    }
    if let activity { windows.append(activity.windowStart..<activity.windowEnd) }
    if let lower = windows.map(\.lowerBound).min(), let upper = windows.map(\.upperBound).max() {
      fastForward.writtenWindow = lower..<upper
    }
    fastForward.modelHorizon = Saturating.sum(longest, 1_000_000)
    fastForward.longestPeriod = longestPeriod
    fastForward.nextCheck = 0
  }

  /// Runs the events due before `end`, stopping at the fast-forward's boundaries.
  ///
  /// A skip is not held at `end`, the end of a progress slice: it may land beyond it (the later
  /// slices it covers then have nothing to run), so that a run shown with a progress line skips
  /// exactly as one without, rather than seeing its steady state anew after every slice.
  func runEvents(until end: Int64) {
    while fastForward.nextCheck < end {
      let boundary = fastForward.nextCheck
      scheduler.run(self, until: Instant(nanosecondsSinceStart: boundary))
      // Stopped at the run's event limit: no boundary is looked at, nothing more runs.
      if scheduler.stoppedAtLimit { return }
      checkSteadyState(at: boundary)
      precondition(fastForward.nextCheck > boundary, "a boundary looked at twice")
    }
    scheduler.run(self, until: Instant(nanosecondsSinceStart: end))
  }

  /// At boundary `boundary`: compares the state with the states one and two cycles earlier,
  /// for each multiple of the period, and skips whole cycles when they are equal.
  private func checkSteadyState(at boundary: Int64) {
    fastForward.boundariesLookedAt += 1
    // Inside the window written change by change (`--exact`, `--trace`) nothing is skipped:
    // look again when it ends.
    if let window = fastForward.writtenWindow, window.contains(boundary) {
      stopWatching(at: boundary, retryAt: window.upperBound)
      return
    }
    let period = fastForward.period
    // The events handled since the last boundary looked at: none means that the sources watched
    // did not fire (an animation paused while it is not visible, timers held on a device that has
    // shut down), and a period in which nothing happens saves nothing when skipped. Rather than
    // take the state at each boundary while nothing happens (a month of a phone that had shut
    // down took a snapshot every second), look again when the next event comes.
    let events = scheduler.processedEventCount
    let eventsSinceLastLook = events - fastForward.eventsAtLastLook
    fastForward.eventsAtLastLook = events
    guard period > 0 else {
      startWatching(at: boundary)
      return
    }
    if eventsSinceLastLook == 0 {
      // Just after the next event (a look at its instant comes before it).
      let next = scheduler.nextEventTime?.nanosecondsSinceStart ?? .max
      stopWatching(at: boundary, retryAt: max(Saturating.sum(next, 1), boundary + 1))
      return
    }
    // Something outside the cycle comes too soon for any skip: look again once it has come,
    // without taking the state.
    let outside = earliestEventOutsideCycle()
    if outside - fastForward.horizon <= boundary + period {
      stopWatching(at: boundary, retryAt: Saturating.sum(outside, period))
      return
    }
    fastForward.history.append(boundaryRecord(at: boundary))
    // The last 2M + 1 boundaries are read; older ones are dropped in a batch once as many again
    // have gathered (one shift per M + 1 boundaries, not one per boundary).
    let kept = 2 * fastForward.maxMultiple + 1
    if fastForward.history.count > 2 * kept {
      fastForward.history.removeFirst(fastForward.history.count - kept)
    }
    let last = fastForward.history.count - 1
    for multiple in 1...fastForward.maxMultiple where 2 * multiple <= last {
      let middle = last - multiple
      let first = last - 2 * multiple
      // Each instant moved with the cycle in both, or fixed in both.
      guard let fixed = fixedInstants(at: last, multiple: multiple),
        fixedInstants(at: middle, multiple: multiple) == fixed
      else { continue }
      let history = fastForward.history
      // A cycle that starts in the state the previous one started in repeats it. Two such
      // cycles in a row grow every sum, and every value last set from a sum, by the same
      // amount: then the growth is that of every later cycle.
      guard
        Self.growAlike(
          history[first].accumulators, history[middle].accumulators, history[last].accumulators)
      else { continue }
      // The latencies of each cycle, by workload: which batch of the log a latency went out in,
      // or which boundary it was before, changes nothing recorded.
      let samples = Self.byWorkload(history[(middle + 1)...].flatMap(\.samples))
      guard
        samples.elementsEqual(
          Self.byWorkload(history[(first + 1)...middle].flatMap(\.samples)), by: { $0 == $1 }),
        thermalPollsRepeat(multiple: multiple, in: history),
        history[(middle + 1)...].flatMap(\.drxPhases)
          == history[(first + 1)...middle].flatMap(\.drxPhases)
      else { continue }
      let cycle = Int64(multiple) * period
      // The last cycle's power curve, built once when the battery or the skip needs it.
      var curve: PeriodPowerCurve?
      let count = cyclesToSkip(cycle, from: boundary, history: history, curve: &curve)
      if count > 0 {
        let growth = history[last].accumulators.indices.map {
          history[last].accumulators[$0] - history[middle].accumulators[$0]
        }
        skip(
          count, cycle: cycle, from: boundary, growth: growth, samples: samples, fixed: fixed,
          curve: &curve)
        fastForward.misses = 0
        fastForward.backoff = FastForward.initialBackoff
        return
      }
      // Steady, but something outside the cycle comes within the horizon: look again once it
      // has come.
      let blockedUntil = fastForward.earliestBeyond
      if blockedUntil != .max, blockedUntil - fastForward.horizon <= boundary + cycle,
        blockedUntil < endTime
      {
        stopWatching(at: boundary, retryAt: blockedUntil + period)
        return
      }
      break
    }
    fastForward.misses += 1
    // A steady state that starts at a boundary that matched none before it (no snapshot) is
    // seen one cycle later: three cycles of the longest multiple, and two boundaries more.
    if fastForward.misses > 3 * fastForward.maxMultiple + 2 {
      if fastForward.maxMultiple > FastForwardReach.multiples(of: .nanoseconds(period)) {
        fastForward.lazilyCheckedLookFailed = true
      }
      stopWatching(at: boundary)
      return
    }
    fastForward.nextCheck = boundary + period
  }

  /// The fixed instants of the boundary at `index` in the history against the boundary `multiple`
  /// periods before it (see ``SteadyStateSnapshot/fixedInstants(matching:acrossLongAgo:)``), or
  /// `nil` when their states differ: compared once, when it ends a cycle, and read again when it is
  /// the middle of one.
  private func fixedInstants(at index: Int, multiple: Int) -> [Int32]? {
    // Boundaries whose fingerprints differ, nearly every pair, are told apart without the
    // cache: its dictionary cost more than the comparison with many multiples tried.
    guard
      fastForward.history[index].snapshot.fingerprint
        == fastForward.history[index - multiple].snapshot.fingerprint
    else { return nil }
    if let known = fastForward.history[index].matches.first(where: { $0.multiple == multiple }) {
      return known.fixed
    }
    let fixed = fastForward.history[index].snapshot.fixedInstants(
      matching: fastForward.history[index - multiple].snapshot)
    fastForward.history[index].matches.append((multiple, fixed))
    return fixed
  }

  /// The state at `boundary`, with what the stretch since the previous boundary left: its
  /// latencies (drained here, with those of any batch drained since the previous boundary), its
  /// changes of power and the thermal governor's polls.
  ///
  /// The snapshot is taken only when the boundary's fingerprint equals that of a boundary one to
  /// `maxMultiple` periods earlier (or when `alwaysTaken`): otherwise the state cannot equal any
  /// of theirs, so the boundary can end no cycle and be the middle of none, and it keeps its
  /// fingerprint alone. A steady state that begins at such a boundary is found one cycle later.
  ///
  /// `horizon`, when given, replaces the horizon watched in telling instants near the boundary
  /// from those beyond it (see ``skip(_:cycle:from:growth:samples:)``).
  private func boundaryRecord(
    at boundary: Int64, alwaysTaken: Bool = false, horizon: Int64? = nil
  ) -> BoundaryRecord {
    let horizon = horizon ?? fastForward.horizon
    drainLatencyLog()
    let samples = Self.byWorkload(fastForward.stretchLatencies)
    fastForward.stretchLatencies.removeAll()
    let past = Int64(fastForward.maxMultiple) * fastForward.period
    let fingerprint = steadyStateFingerprint(
      boundary: boundary, period: fastForward.period, past: past, horizon: horizon
    ).hash
    var snapshot = SteadyStateSnapshot()
    var accumulators = SteadyStateValues<Int128>()
    fastForward.earliestBeyond = .max
    fastForward.reach = 0
    // The records read in place (a record copied retains every buffer its snapshot holds).
    let count = fastForward.history.count
    var isTaken = alwaysTaken
    for index in max(0, count - fastForward.maxMultiple)..<count
    where fastForward.history[index].snapshot.fingerprint == fingerprint {
      isTaken = true
    }
    if isTaken {
      // Room for as much as the last snapshot taken held: the next one is about as large.
      var room = (words: 1_024, pastInstants: 64, accumulators: 256)
      for index in (0..<count).reversed() where fastForward.history[index].snapshot.isTaken {
        room = (
          fastForward.history[index].snapshot.words.count,
          fastForward.history[index].snapshot.pastInstants.count,
          fastForward.history[index].accumulators.count
        )
        break
      }
      var capture = SteadyStateCapture(
        boundary: boundary, period: fastForward.period, past: past, horizon: horizon,
        room: room)
      visitSteadyState(&capture)
      fastForward.earliestBeyond = capture.earliestBeyond
      fastForward.reach = capture.reach
      (snapshot, accumulators) = capture.finish()
      fastForward.snapshotsTaken += 1
    } else {
      snapshot.isTaken = false
    }
    snapshot.fingerprint = fingerprint
    // Each log handed to the record and emptied, keeping its capacity (a new buffer, the record
    // holding the old one), when it holds anything (the thermal polls and the DRX phases mostly
    // hold nothing): an empty one stays where it is.
    let log = ledger.powerLog.isEmpty ? [] : ledger.powerLog
    if !log.isEmpty { ledger.powerLog.removeAll(keepingCapacity: true) }
    let polls = thermal.pollLog.isEmpty ? [] : thermal.pollLog
    if !polls.isEmpty { thermal.pollLog.removeAll(keepingCapacity: true) }
    let phases = fastForward.drxPhases.isEmpty ? [] : fastForward.drxPhases
    if !phases.isEmpty { fastForward.drxPhases.removeAll(keepingCapacity: true) }
    return BoundaryRecord(
      snapshot: snapshot, accumulators: accumulators, clock: ledger.clock,
      samples: samples, powerLog: log, thermalPolls: polls, drxPhases: phases)
  }

  /// Whether every sum grew by as much from `middle` to `last` as from `first` to `middle`.
  static func growAlike(
    _ first: SteadyStateValues<Int128>, _ middle: SteadyStateValues<Int128>,
    _ last: SteadyStateValues<Int128>
  ) -> Bool {
    guard first.count == middle.count, middle.count == last.count else { return false }
    return first.withUnsafeBufferPointer { first in
      middle.withUnsafeBufferPointer { middle in
        last.withUnsafeBufferPointer { last in
          for index in first.indices
          where last[index] - middle[index] != middle[index] - first[index] {
            return false
          }
          return true
        }
      }
    }
  }

  /// `groups` of latencies joined by workload, in workload order, each workload's latencies in
  /// the order of the groups.
  static func byWorkload(
    _ groups: [(workload: Int, latencies: [Int64])]
  ) -> [(workload: Int, latencies: [Int64])] {
    // One group or none (most boundaries): already joined.
    guard groups.count > 1 else { return groups }
    let order = groups.indices.sorted {
      (groups[$0].workload, $0) < (groups[$1].workload, $1)
    }
    var joined: [(workload: Int, latencies: [Int64])] = []
    for index in order {
      if joined.last?.workload == groups[index].workload {
        joined[joined.count - 1].latencies += groups[index].latencies
      } else {
        joined.append(groups[index])
      }
    }
    return joined
  }

  /// Chooses the period from the periodic sources due soon and starts watching it, or looks
  /// again later.
  private func startWatching(at boundary: Int64) {
    fastForward.misses = 0
    fastForward.slowestSource = fastForward.longestPeriod
    guard var (period, slowest) = sourcePeriod(at: boundary) else {
      stopWatching(at: boundary, untilSourcesAreDue: true)
      return
    }
    var multiples: Int
    var horizon: Int64
    let triesLazilyChecked = !fastForward.lazilyCheckedLookFailed
    fastForward.lazilyCheckedLookFailed = false
    while true {
      multiples = FastForwardReach.multiples(of: .nanoseconds(period))
      if triesLazilyChecked { multiples = max(multiples, lazilyCheckedMultiples(of: period)) }
      horizon = Saturating.sum(2 * Int64(multiples) * period, fastForward.modelHorizon)
      let outside = earliestEventOutsideCycle()
      if outside - horizon > boundary + Int64(2 * multiples + 1) * period { break }
      // Something outside the cycle (a random arrival, the environment) comes before the cycle
      // could be seen to repeat: the faster sources may still repeat until it comes, the slowest
      // source left outside the cycle, its occurrences things passing through — between random
      // arrivals, the rest of the device on its own cycle.
      if slowest > 1, let faster = sourcePeriod(at: boundary, slowestSource: slowest - 1) {
        fastForward.slowestSource = slowest - 1
        (period, slowest) = faster
        continue
      }
      // It was steady before something outside the cycle (a random arrival drawn soon after
      // the last): the device is settling, and a pause until that has come too is no giving up.
      if fastForward.hasSkippedSinceGiveUp
        && fastForward.settlingLooks < FastForward.mostSettlingLooks
      {
        fastForward.settlingLooks += 1
        stopWatching(at: boundary, retryAt: Saturating.sum(outside, period))
        return
      }
      // Random arrivals, timers outside the cycle or the environment so dense that no skip could
      // come after the boundaries needed to see a repetition: not watched (an event storm pays
      // one pass over its pending events, now and then).
      stopWatching(
        at: boundary,
        retryAt: max(
          Saturating.sum(outside, period), Saturating.sum(boundary, fastForward.backoff)),
        backingOff: true)
      return
    }
    fastForward.period = period
    fastForward.maxMultiple = multiples
    fastForward.horizon = horizon
    fastForward.history = []
    ledger.isLoggingPower = ledger.recorder.binWidth > 0 || ledger.recorder.battery != nil
    fastForward.history.append(boundaryRecord(at: boundary))
    fastForward.nextCheck = boundary + period
  }

  /// The multiples of `period` over which a timer re-armed faster than it runs out makes the state
  /// repeat, or 0 when there is none: its one lazily queued check (see
  /// ``scheduleNextDemotion(_:)``) comes about once per timer length rather than once per period,
  /// so a cellular radio's 10.1 s tail kept from running out by a poll every second repeats only
  /// every 10 s — ten periods, where ``FastForwardReach/multiples(of:)`` tries eight. Such a timer
  /// is armed with its check queued before its due time (re-armed since the check was queued); a
  /// timer armed once, as a radio's tail after a random upload, has its check at its due time.
  /// Timers longer than ``FastForward/longestLazilyCheckedTimer`` are left out, and the multiples
  /// are at most ``FastForward/mostLazilyCheckedMultiples``.
  func lazilyCheckedMultiples(of period: Int64) -> Int {
    var most = 0
    for index in nodes.indices {
      let due = nodes[index].idleTimerDue
      guard due != .max, nodes[index].idleTimerCheck < due else { continue }
      let length = due - nodes[index].lastFinish
      guard length > period, length <= FastForward.longestLazilyCheckedTimer else { continue }
      // The checks come a whole number of periods apart, at most the timer's length: one
      // multiple more covers a check that comes just after a boundary.
      let multiples = (length + period - 1) / period + 1
      most = max(most, Int(min(multiples, Int64(FastForward.mostLazilyCheckedMultiples))))
    }
    return most
  }

  /// Gives up for a while: the state did not repeat, or nothing periodic is due soon. It looks
  /// again after a back-off that doubles while nothing changes, and a second after the next
  /// change of the environment (a new steady state mostly starts with one) or when a periodic
  /// source next falls due, whichever comes first.
  private func stopWatching(
    at boundary: Int64, retryAt retry: Int64? = nil, backingOff: Bool = false,
    untilSourcesAreDue: Bool = false
  ) {
    let horizon = fastForward.horizon
    let period = fastForward.period
    fastForward.period = 0
    fastForward.history = []
    fastForward.stretchLatencies.removeAll()
    fastForward.drxPhases.removeAll()
    ledger.isLoggingPower = false
    ledger.powerLog.removeAll(keepingCapacity: true)
    if environment.cursor != fastForward.cursorAtLastGiveUp {
      fastForward.backoff = FastForward.initialBackoff
      fastForward.cursorAtLastGiveUp = environment.cursor
    }
    var next = Saturating.sum(boundary, fastForward.backoff)
    fastForward.backoff = min(2 * fastForward.backoff, FastForward.longestBackoff)
    if environment.cursor < environment.changes.count {
      next = min(next, Saturating.sum(environment.changes[environment.cursor].time, 1_000_000_000))
    }
    // No source due soon: look when one is (a source due soon whose period did not fit waits
    // for the back-off).
    if untilSourcesAreDue, let due = earliestPeriodicDue(after: boundary),
      due >= sourceWindowEnd(at: boundary)
    {
      next = min(next, due)
    }
    if fastForward.hasSkippedSinceGiveUp && horizon > 0 {
      // It was steady: most likely something passing disturbed it (a timer outside the cycle,
      // a random arrival) and the device is still settling: watch again from the next boundary,
      // with a history started afresh (a state that keeps changing then backs off).
      next = min(next, Saturating.sum(boundary, max(1, period)))
      fastForward.backoff = FastForward.initialBackoff
    }
    if let retry {
      next = backingOff ? min(next, retry) : retry
      if !backingOff { fastForward.backoff = FastForward.initialBackoff }
    }
    // A pause until something outside the cycle has come is no giving up: a skip before it
    // still counts after it (the state unsettled by a random arrival is watched again from the
    // next boundary, not after a back-off).
    if retry == nil || backingOff {
      fastForward.settlingLooks += 1
      if fastForward.settlingLooks > FastForward.mostSettlingLooks {
        fastForward.hasSkippedSinceGiveUp = false
      }
    }
    fastForward.nextCheck = max(next, boundary + 1)
  }

  /// The earliest pending event that is not part of any cycle: a change of the environment,
  /// or an event of a workload that is no periodic source (a random arrival, a listed time, a
  /// window, a timer slower than ``FastForward/longestPeriod``); `Int64.max` when none.
  ///
  /// - Complexity: O(*n*) for *n* pending events.
  func earliestEventOutsideCycle() -> Int64 {
    var earliest = Int64.max
    scheduler.forEachPendingEvent { time, _, event in
      guard time < earliest else { return }
      let workload: Int32
      switch event {
      case .environment:
        earliest = time
        return
      case .arrival(let index), .rangeDeadline(let index, _), .windowOpen(let index),
        .windowDeadline(let index):
        workload = index
      default:
        return
      }
      if !isCycleSource(Int(workload)) { earliest = time }
    }
    return earliest
  }

  /// Whether workload `index` is a source of the cycle watched: an animation whose frames repeat
  /// in whole nanoseconds, or a timer, no slower than ``FastForward/slowestSource``.
  private func isCycleSource(_ index: Int) -> Bool {
    switch workloads[index].timing {
    case .periodic(let every, _, _, _, _): every.nanoseconds <= fastForward.slowestSource
    case .frames:
      frameClock(of: index)?.repeatPeriod.map { $0 <= fastForward.slowestSource } ?? false
    default: false
    }
  }

  /// The end of the window in which a source due counts for the period.
  private func sourceWindowEnd(at boundary: Int64) -> Int64 {
    Saturating.sum(
      boundary, Saturating.sum(2 * fastForward.longestPeriod, fastForward.modelHorizon))
  }

  /// When a timer or an animation that may be a source is next due after `boundary`, if any.
  private func earliestPeriodicDue(after boundary: Int64) -> Int64? {
    var earliest: Int64?
    for workload in fastForward.sources {
      let index = Int(workload)
      let due: Int64?
      switch workloads[index].timing {
      case .periodic: due = timerDue(Int32(index), workloads[index].nextIndex)
      case .frames: due = frameDue(Int32(index), workloads[index].nextIndex)
      default: due = nil
      }
      if let due, due > boundary { earliest = min(earliest ?? .max, due) }
    }
    return earliest
  }

  /// The least common multiple of the periods of the timers and animations due within the
  /// horizon (those slower than ``FastForward/longestPeriod`` aside), or `nil` when there is
  /// none or it is longer than ``FastForward/longestPeriod``.
  /// With `slowestSource`, sources slower than it are left out too; the second value is the
  /// slowest source in the cycle.
  func sourcePeriod(
    at boundary: Int64, slowestSource: Int64? = nil
  ) -> (period: Int64, slowest: Int64)? {
    let near = sourceWindowEnd(at: boundary)
    let cutoff = slowestSource ?? fastForward.longestPeriod
    var period: Int64 = 1
    var slowest: Int64 = 0
    var any = false
    for workload in fastForward.sources {
      let index = Int(workload)
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
        guard let repeating = frameClock(of: index)?.repeatPeriod else { return nil }
        source = repeating
      default:
        continue
      }
      // A timer slower than the longest period fires once in a while, as a thing outside the
      // cycle: the cycle is the faster sources'.
      guard source > 0, source <= cutoff else { continue }
      guard let lcm = leastCommonMultiple(period, source) else { return nil }
      period = lcm
      slowest = max(slowest, source)
      any = true
    }
    // The thermal governor polls with the cycle: the cycle is a whole number of polls.
    if any && thermal.isUsed {
      guard let lcm = leastCommonMultiple(period, thermal.poll) else { return nil }
      period = lcm
    }
    return any ? (period, slowest) : nil
  }

  /// The least common multiple of two periods, or `nil` when it is longer than
  /// ``FastForward/longestPeriod``.
  private func leastCommonMultiple(_ period: Int64, _ source: Int64) -> Int64? {
    var a = period
    var b = source
    while b != 0 { (a, b) = (b, a % b) }
    let (lcm, overflow) = (period / a).multipliedReportingOverflow(by: source)
    guard !overflow, lcm <= fastForward.longestPeriod else { return nil }
    return lcm
  }

  /// How many whole cycles may be skipped from `boundary`: up to a margin before the first
  /// instant not part of the cycle and before the run's end (``landingMargin(cycle:)``), not
  /// into the exact window, and not across a battery threshold.
  private func cyclesToSkip(
    _ cycle: Int64, from boundary: Int64, history: [BoundaryRecord],
    curve: inout PeriodPowerCurve?
  ) -> Int64 {
    let margin = landingMargin(cycle: cycle)
    var limit = endTime - margin
    if fastForward.earliestBeyond != .max {
      limit = min(limit, fastForward.earliestBeyond - margin)
    }
    if let window = fastForward.writtenWindow, boundary < window.upperBound {
      limit = min(limit, window.lowerBound)
    }
    guard limit > boundary else { return 0 }
    var count = (limit - boundary) / cycle
    if let battery = ledger.recorder.battery, count > 0 {
      count = min(
        count,
        cyclesBeforeThreshold(
          battery, cycle: cycle, history: history, curve: &curve, from: boundary))
    }
    count = thermalCyclesBeforeChange(count, multiple: Int(cycle / fastForward.period), in: history)
    return max(0, count)
  }

  /// The margin a skip keeps before the first instant not part of the cycle, ns: the reach of the
  /// cycle's own pending times (``FastForward/reach``, such as the GPU's power-down timer
  /// 66 ms after each frame) or the model's look ahead (``FastForward/modelHorizon``), whichever
  /// is longer, and a cycle. In the last cycle skipped, then, nothing of the cycle is due as far
  /// as that instant, and no decision looks far enough ahead to see it: the cycle repeats as it
  /// did while the instant lay beyond the horizon. The horizon itself, wider, only tells the
  /// cycle's instants from those outside it while the state is compared.
  private func landingMargin(cycle: Int64) -> Int64 {
    min(
      fastForward.horizon,
      Saturating.sum(max(fastForward.reach, fastForward.modelHorizon), cycle))
  }

  /// How many cycles the battery may run, from its charge now, keeping a cycle's margin from
  /// every threshold.
  private func cyclesBeforeThreshold(
    _ battery: BatteryTracker, cycle: Int64, history: [BoundaryRecord],
    curve: inout PeriodPowerCurve?, from boundary: Int64
  ) -> Int64 {
    let sinceClock = boundary - ledger.clock
    // The battery reached the level the ledger watches (a Low Power Mode `below` level, the
    // `battery-ok` level, empty) since the last event, and the next event — at or after the
    // boundary — handles it at its exact nanosecond: nothing may be skipped before it is.
    // Without this, a level crossed between the last event and the boundary would read below as
    // already handled.
    guard Int128(ledger.totalPower) &* Int128(sinceClock) < ledger.batteryCharge else { return 0 }
    let perCycle: Int128
    let charge: Int128
    if battery.isCharging {
      charge = battery.charge + Int128(battery.chargePower) * Int128(sinceClock)
      perCycle = Int128(battery.chargePower) * Int128(cycle)
    } else {
      charge = battery.charge - Int128(ledger.totalPower) * Int128(sinceClock)
      perCycle = -cycleCurve(cycle, history: history, cache: &curve).totalEnergy(upTo: cycle)
    }
    var count = Int64.max
    for threshold in batteryThresholds(capacity: battery.capacity) {
      if perCycle < 0 && charge <= threshold {
        // Crossed since the last event (the next event sees it): nothing to skip. Below a
        // threshold other than empty, `charge > threshold` never holds again while draining.
        if threshold == 0 || charge == threshold { return 0 }
      } else if perCycle < 0 {
        count = min(count, Int64(clamping: (charge - threshold) / -perCycle - 2))
      } else if perCycle > 0 && charge < threshold {
        count = min(count, Int64(clamping: (threshold - charge) / perCycle - 2))
      }
    }
    return count
  }

  /// The power curve of the last cycle, from the ledger's clock at its start: `cache` when it
  /// holds it, built into `cache` otherwise.
  private func cycleCurve(
    _ cycle: Int64, history: [BoundaryRecord], cache: inout PeriodPowerCurve?
  ) -> PeriodPowerCurve {
    if let cache { return cache }
    let multiple = Int(cycle / fastForward.period)
    let start = history.count - 1 - multiple
    let origin = history[start].clock
    var log: [PowerChange] = []
    log.reserveCapacity(history[(start + 1)...].reduce(0) { $0 + $1.powerLog.count })
    for record in history[(start + 1)...] {
      for change in record.powerLog {
        log.append(
          PowerChange(time: change.time - origin, component: change.component, power: change.power))
      }
    }
    let curve = PeriodPowerCurve(period: cycle, initial: Array(ledger.componentPower), log: log)
    cache = curve
    return curve
  }

  /// Skips `count` cycles from `boundary`, whose state equals the states one and two cycles
  /// earlier, the instants `fixed` left where they are (`curve`: the last cycle's power curve, if
  /// built already).
  private func skip(
    _ count: Int64, cycle: Int64, from boundary: Int64, growth: [Int128],
    samples: [(workload: Int, latencies: [Int64])], fixed: [Int32],
    curve: inout PeriodPowerCurve?
  ) {
    let history = fastForward.history
    let past = Int64(fastForward.maxMultiple) * fastForward.period
    let distance = count * cycle
    let clock = ledger.clock
    let multiple = Int(cycle / fastForward.period)
    let clockCycleBefore = history[history.count - 1 - multiple].clock
    if clock >= boundary - past && clock != clockCycleBefore && ledger.isLoggingPower {
      // The curve moved with the cycle (its last change is not fixed): book its repetitions.
      precondition(clock - clockCycleBefore == cycle, "a cycle of another length")
      ledger.recorder.fastForward(
        from: clock, to: clock + distance,
        curve: cycleCurve(cycle, history: history, cache: &curve))
    }
    var skipper = SteadyStateSkip(
      boundary: boundary, period: fastForward.period, past: past, horizon: fastForward.horizon,
      cycle: cycle, count: count, growth: growth, fixed: fixed)
    visitSteadyState(&skipper)
    skipThermalCycles(count, multiple: multiple, in: history)
    ledger.refreshBatteryCharge()
    var adding = [Int](repeating: 0, count: workloads.count)
    for (workload, latencies) in samples { adding[workload] += latencies.count * Int(count) }
    enforceLatencyBudget(adding: adding)
    for (workload, latencies) in samples {
      latencies.withUnsafeBufferPointer {
        workloads[workload].stats.latency.record(contentsOf: $0, times: Int(count))
      }
    }
    fastForward.skippedTime += distance
    fastForward.hasSkippedSinceGiveUp = true
    fastForward.settlingLooks = 0
    fastForward.skips += 1
    // The state at the new boundary is the state at the old one, moved: checked, since a time
    // the skip failed to move would show here. The history starts again from it.
    // Landed closer than the horizon to an instant outside the cycle, the state is taken with
    // the horizon cut to that instant, so that it is told apart as it was: the cycle's own
    // instants, within the margin, relative; that instant and later ones as themselves.
    let snapshot = history[history.count - 1].snapshot
    fastForward.history = []
    let landing = boundary + distance
    let moved = boundaryRecord(
      at: landing, alwaysTaken: true,
      horizon: min(fastForward.horizon, fastForward.earliestBeyond - landing))
    precondition(
      moved.snapshot.fixedInstants(matching: snapshot, acrossLongAgo: true) == fixed,
      "a fast-forward left the cycle")
    fastForward.history = [moved]
    fastForward.nextCheck = boundary + distance + fastForward.period
  }
}
