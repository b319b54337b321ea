import Quantities

/// When occurrences are due (see *OS policies*) and the OS policies that move them (see *OS
/// policies*): range timers that coalesce, debouncing, deferral to a better moment, and the
/// visibility rule.
extension DeviceSimulation {
  /// Schedules a workload's first event.
  func startWorkload(_ workload: Int32) {
    let index = Int(workload)
    switch workloads[index].timing {
    case .once(let at):
      scheduleArrival(workload, at: at.nanosecondsSinceStart)
    case .periodic:
      scheduleNextTimer(workload)
    case .poisson(_, let start, _):
      scheduleNextPoisson(workload, after: start.nanosecondsSinceStart)
    case .times(let list):
      scheduleArrival(workload, at: list.first?.nanosecondsSinceStart ?? .max)
    case .trace:
      scheduleArrival(workload, at: workloads[index].traceRows.first?.time ?? .max)
    case .frames:
      scheduleNextFrame(workload)
    case .window, .repeatingWindow:
      startDeferrableWorkload(workload)
    case .reaction:
      // Its occurrences come with its event (see ``systemEventOccurred(_:app:at:)``).
      break
    }
  }

  /// Schedules the workload's next arrival at `time` (none when at or past the end).
  func scheduleArrival(_ workload: Int32, at time: Int64) {
    let index = Int(workload)
    let isKnown = workloads[index].isKnownWakeUp
    guard time < endTime else {
      if isKnown { knownWakes.remove(index) }
      return
    }
    schedule(.arrival(workload: workload), at: time, rank: EventRank.workload(workload))
    if isKnown { knownWakes.setKey(time, for: index) }
  }

  /// An arrival event: the occurrence is due now.
  func arrival(_ workload: Int32) {
    let index = Int(workload)
    switch workloads[index].timing {
    case .once:
      knownWakes.remove(index)
      occurrenceDue(workload)
    case .periodic:
      workloads[index].nextIndex += 1
      occurrenceDue(workload)
      scheduleNextTimer(workload)
    case .poisson:
      occurrenceDue(workload)
      scheduleNextPoisson(workload, after: now)
    case .times(let list):
      workloads[index].nextIndex += 1
      occurrenceDue(workload)
      let next = workloads[index].nextIndex
      scheduleArrival(workload, at: next < list.count ? list[next].nanosecondsSinceStart : .max)
    case .trace:
      let row = workloads[index].traceRows[workloads[index].nextIndex]
      workloads[index].nextIndex += 1
      occurrenceDue(workload, steps: row.start, row.end)
      let next = workloads[index].nextIndex
      let rows = workloads[index].traceRows
      scheduleArrival(workload, at: next < rows.count ? rows[next].time : .max)
    case .frames:
      workloads[index].nextIndex += 1
      takeFrameRateTarget(workload)
      frameDue(workload)
      scheduleNextFrame(workload)
    case .window, .repeatingWindow:
      break
    case .reaction:
      reactionDue(workload)
    }
  }

  /// An occurrence is due now: it does nothing when its `when` states do not hold (it must be
  /// visible and is not, say), becomes a
  /// trigger when debounced (an arrival nobody can see restarts no quiet period; the work that
  /// runs when the quiet period ends is the last trigger's), and otherwise starts — as a frame
  /// of an animation with that deadline when `frameDeadline` is given.
  func occurrenceDue(
    _ workload: Int32, due: Int64? = nil, steps range: (Int32, Int32)? = nil,
    frameDeadline: Int64? = nil
  ) {
    let index = Int(workload)
    if !whenHolds(index) { return }
    if shutdown.isOff {
      // Lost: the device is shut down (see *Results and accounting*).
      workloads[index].stats.held += 1
      return
    }
    let (start, end) = range ?? (workloads[index].programStart, workloads[index].programEnd)
    if workloads[index].isLowPriorityPush {
      lowPushSent(workload, steps: start, end)
      return
    }
    let debounceSlot = Int(workloads[index].debounceSlot)
    if debounceSlot >= 0 {
      debounces[debounceSlot].steps = (start, end)
      debounceTriggered(workload)
      return
    }
    if let frameDeadline {
      startOccurrence(
        workload, due: due ?? now, steps: start, end, deadline: frameDeadline, isFrame: true)
      return
    }
    startOccurrence(workload, due: due ?? now, steps: start, end)
  }

  func occurrenceDue(_ workload: Int32, steps start: Int32, _ end: Int32) {
    occurrenceDue(workload, due: nil, steps: (start, end))
  }

  // MARK: Timers

  /// Due time of timer occurrence `k`.
  func timerDue(_ workload: Int32, _ k: Int) -> Int64? {
    guard
      case .periodic(let every, let start, let end, let count, _) = workloads[Int(workload)].timing
    else { return nil }
    return repeatingInstant(k, every: every, start: start, end: end, count: count)
  }

  /// Instant `k` of a repetition, `start + k·every` (a timer's due times, a repeating task's
  /// eligibility, *OS policies*), or `nil` when it is not before `end`, `k` is not below `count`,
  /// or it is not before the end of the run (or overflows).
  func repeatingInstant(
    _ k: Int, every: TimeSpan, start: Instant, end: Instant?, count: Int?
  ) -> Int64? {
    if let count, k >= count { return nil }
    let (product, overflow) = every.nanoseconds.multipliedReportingOverflow(by: Int64(k))
    guard !overflow else { return nil }
    let (due, beyond) = start.nanosecondsSinceStart.addingReportingOverflow(product)
    guard !beyond else { return nil }
    if let end, due >= end.nanosecondsSinceStart { return nil }
    return due < endTime ? due : nil
  }

  /// The tolerance of `workload`'s timer now: its own, or more — its app's `timer_leeway` while the
  /// app is not in the foreground (see *Apps and push delivery*), Low Power Mode's `timer_leeway`
  /// while it is on (6.6): the largest of those that apply.
  @inline(__always)
  func timerTolerance(_ workload: Int, own: TimeSpan) -> TimeSpan {
    var tolerance = own.nanoseconds
    let leeway = workloads[workload].backgroundLeeway
    if leeway > tolerance && !isInForeground(workload) { tolerance = leeway }
    if lowPower.isOn && lowPower.timerLeeway > tolerance { tolerance = lowPower.timerLeeway }
    return .nanoseconds(tolerance)
  }

  /// Schedules the timer's next occurrence at index `nextIndex` (skipping invisible stretches
  /// for `when: visible`): an arrival when it has no tolerance, a range timer otherwise.
  func scheduleNextTimer(_ workload: Int32) {
    let index = Int(workload)
    guard case .periodic(let every, let start, _, _, let ownTolerance) = workloads[index].timing
    else { return }
    let tolerance = timerTolerance(index, own: ownTolerance)
    if workloads[index].onlyWhenVisible, let due = timerDue(workload, workloads[index].nextIndex) {
      let visible = nextVisibleStart(of: index, atOrAfter: due)
      if visible >= endTime {
        // Not visible again before the run ends: the timer has nothing more to do.
        knownWakes.remove(index)
        return
      }
      if visible > due {
        let offset = visible - start.nanosecondsSinceStart
        // ⌈offset / every⌉, without `offset + every`, which overflows for an `every` of centuries.
        let period = every.nanoseconds
        let k = offset / period + (offset % period == 0 ? 0 : 1)
        workloads[index].nextIndex = max(workloads[index].nextIndex, Int(min(k, Int64(Int.max))))
      }
    }
    guard let due = timerDue(workload, workloads[index].nextIndex) else {
      knownWakes.remove(index)
      return
    }
    if tolerance == .zero && due >= now {
      scheduleArrival(workload, at: due)
      return
    }
    // A range timer, or one already overdue: a timer that fired late within a wider tolerance
    // (its app's or Low Power Mode's leeway, since narrowed) fires its next occurrence now,
    // its latency still counted from its due time.
    workloads[index].pendingDue = due
    rangeTimerGenerations[index] &+= 1
    pendingRangeTimers.setKey(due, for: index)
    var (deadline, overflow) = due.addingReportingOverflow(tolerance.nanoseconds)
    deadline = max(deadline, now)
    if workloads[index].debounceSlot < 0 && !overflow { knownWakes.setKey(deadline, for: index) }
    if !overflow && deadline < endTime {
      schedule(
        .rangeDeadline(workload: workload, generation: rangeTimerGenerations[index]),
        at: deadline, rank: EventRank.workload(workload))
    }
  }

  /// Fires the workload's pending range timer now: at its deadline, or early because the CPU
  /// started an item while its window was open.
  func fireRangeTimer(_ workload: Int32) {
    let index = Int(workload)
    guard case .periodic(_, _, _, _, let ownTolerance) = workloads[index].timing else { return }
    let tolerance = timerTolerance(index, own: ownTolerance)
    pendingRangeTimers.remove(index)
    rangeTimerGenerations[index] &+= 1
    let due = workloads[index].pendingDue
    if now - due < tolerance.nanoseconds { workloads[index].stats.coalescedFirings += 1 }
    workloads[index].nextIndex += 1
    skipPassedDueTimes(workload)
    occurrenceDue(workload, due: due)
    scheduleNextTimer(workload)
  }

  /// A timer that fires now, late, fires once for every due time it has passed (see *OS
  /// policies*): as a run-loop timer and a dispatch timer do, its next occurrence is the first
  /// due strictly after now, and the due times at or before now that it passed count as
  /// `skipped`. A firing exactly at the next due time covers it; one 1 ns earlier does not.
  func skipPassedDueTimes(_ workload: Int32) {
    let index = Int(workload)
    guard case .periodic(let every, let start, let end, let count, _) = workloads[index].timing,
      let next = timerDue(workload, workloads[index].nextIndex), next <= now
    else { return }
    let period = every.nanoseconds
    // The first index due after now, ⌊(now − start) / period⌋ + 1. The due times passed are
    // those below it that exist: below `count`, and before `until`, ⌈(until − start) / period⌉
    // of them (all are at or before now, so before the run's end).
    let after = Int((now - start.nanosecondsSinceStart) / period) + 1
    var existing = min(after, count ?? .max)
    if let end {
      let span = end.nanosecondsSinceStart - start.nanosecondsSinceStart
      existing = min(existing, Int(span / period + (span % period == 0 ? 0 : 1)))
    }
    workloads[index].stats.skipped += existing - workloads[index].nextIndex
    workloads[index].nextIndex = after
  }

  /// The CPU started an item, or a range timer reached its deadline: every range timer whose
  /// window has opened fires now, earliest due first (ties in workload-name order). A timer whose
  /// next window is already open again (a tolerance of at least its period) fires again.
  func fireOpenRangeTimers() {
    rangeTimerCheckPending = false
    while let next = pendingRangeTimers.minimum, next.key <= now {
      fireRangeTimer(Int32(next.id))
    }
    // Firing started CPU items, which asked for this check again; it has just been done.
    rangeTimerCheckPending = false
  }

  // MARK: Poisson arrivals

  /// Draws the next Poisson arrival after `time`.
  func scheduleNextPoisson(_ workload: Int32, after time: Int64) {
    let index = Int(workload)
    guard case .poisson(let mean, _, let end) = workloads[index].timing else { return }
    let gap = (workloads[index].rng.nextStandardExponential() * mean).rounded(.up)
    guard gap < Double(Int64.max - time) else { return }
    let next = time + Int64(gap)
    if let end, next >= end.nanosecondsSinceStart { return }
    scheduleArrival(workload, at: next)
  }

  // MARK: Frames

  /// The clock of workload `index` when it is an animation, else `nil`.
  @inline(__always)
  func frameClock(of index: Int) -> FrameClock? {
    let slot = Int(workloads[index].animationSlot)
    return slot >= 0 ? animations[slot].clock : nil
  }

  /// Due time of frame `k`: `start + ⌊k · 10⁹ / rate⌋`, exact for whole frame rates.
  func frameDue(_ workload: Int32, _ k: Int) -> Int64? {
    guard let clock = frameClock(of: Int(workload)),
      let offset = clock.offset(ofFrame: k, before: endTime)
    else { return nil }
    let due = clock.start + offset
    if due >= clock.end { return nil }
    return due < endTime ? due : nil
  }

  /// Schedules the animation's next frame (skipping invisible stretches for `when: visible`).
  func scheduleNextFrame(_ workload: Int32) {
    let index = Int(workload)
    guard let clock = frameClock(of: index) else { return }
    if workloads[index].onlyWhenVisible, let due = frameDue(workload, workloads[index].nextIndex) {
      let visible = nextVisibleStart(of: index, atOrAfter: due)
      if visible > due {
        if visible == .max {
          knownWakes.remove(index)
          return
        }
        let offset = Double(visible - clock.start)
        var k = max(
          workloads[index].nextIndex,
          clock.base + Int((offset * clock.rate / 1e9).rounded(.down)))
        while let candidate = frameDue(workload, k), candidate < visible { k += 1 }
        workloads[index].nextIndex = k
      }
    }
    scheduleArrival(workload, at: frameDue(workload, workloads[index].nextIndex) ?? .max)
  }

  /// A frame is due (frame `nextIndex - 1`). Frames are a pipeline (see *OS policies*): a frame's
  /// CPU stage, then its GPU step and any others, the next frame's CPU stage overlapping this
  /// frame's GPU step. So the frame is dropped — counted, no work done — while the previous frame
  /// is still in its CPU stage (running or waiting for a core), or while two earlier frames are
  /// still in flight; otherwise it starts, its deadline one frame interval after its due time (a
  /// miss when it completes after that).
  func frameDue(_ workload: Int32) {
    let index = Int(workload)
    // Paused by its `when` states (see *OS policies*): a frame that is not due is not dropped.
    if !otherStatesHold(index) { return }
    if shutdown.isOff {
      occurrenceDue(workload)
      return
    }
    var deadline =
      frameClock(of: index)?.deadline(
        ofFrame: workloads[index].nextIndex - 1, before: endTime) ?? .max
    // Its interval is animation time, whether it is drawn or dropped (see *OS policies*).
    countAnimationTime(workload, deadline: deadline)
    if workloads[index].frameInCPUStage || workloads[index].inFlight >= 2 {
      workloads[index].stats.droppedFrames += 1
      return
    }
    if lowPower.isOn && !lowPowerDrawsFrame(workload) {
      workloads[index].stats.droppedFrames += 1
      return
    }
    if lowPower.isOn { deadline = lowPowerFrameDeadline(workload, default: deadline) }
    occurrenceDue(workload, frameDeadline: deadline)
  }

  // MARK: Debounce

  /// An arrival of a debounced workload restarts its quiet-period timer.
  func debounceTriggered(_ workload: Int32) {
    let index = Int(workload)
    let slot = Int(workloads[index].debounceSlot)
    debounces[slot].generation &+= 1
    let expiry = Saturating.sum(now, debounces[slot].interval)
    guard expiry < endTime else {
      knownWakes.remove(index)
      return
    }
    schedule(
      .debounceExpiry(workload: workload, generation: debounces[slot].generation),
      at: expiry,
      rank: EventRank.workload(workload))
    knownWakes.setKey(expiry, for: index)
  }

  /// The quiet period passed: the last trigger's work runs once.
  func debounceExpired(_ workload: Int32) {
    let index = Int(workload)
    knownWakes.remove(index)
    if !whenHolds(index) { return }
    let (start, end) = debounces[Int(workloads[index].debounceSlot)].steps
    startOccurrence(workload, due: now, steps: start, end)
  }
}
