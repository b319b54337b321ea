import Quantities

/// One change of the world around the device.
enum EnvironmentChange {
  case chargingStarted
  case chargingStopped
  /// Spell `index` of `environment.network` starts (see ``NetworkQualityRuntime``).
  case network(spell: Int32)
  /// App `app` comes to the foreground (*Apps and push delivery*; the implicit app's foreground is
  /// the visibility intervals).
  case foregroundStarted(app: Int32)
  /// App `app` leaves the foreground.
  case foregroundEnded(app: Int32)
  case displayOn(session: Int32)
  case displayOff
  case animationStarted(workload: Int32, rate: Double)
  case animationStopped(workload: Int32)
  /// The display has been off for ``DeferralConditions/idleAfter``: the device is idle.
  case idleStarted
  /// The display turns on after an idle spell.
  case idleEnded
  /// An interval of `environment.low_power` starts.
  case lowPowerStarted
  /// An interval of `environment.low_power` ends.
  case lowPowerEnded
}

/// The environment's timeline and its current state.
struct EnvironmentRuntime {
  /// Changes sorted by time (stable: the order built here at equal times).
  var changes: [(time: Int64, change: EnvironmentChange)] = []
  var cursor = 0
  var isCharging = false
  var currentNetworkNode: Int32 = -1
  var networkIsWiFi = false
  /// The signal of the current network (good when offline; see *Radios*).
  var networkSignal = SignalLevel.good

  init() {}

  /// The timeline of `setup`: charger, network, each app's foreground intervals, display
  /// sessions and the intervals in which each animation runs (from its start for its duration,
  /// and only while its app is in the foreground when it is `when: visible`).
  init(setup: SimulationSetup, apps: [AppSpec], appOfWorkload: [Int32]) {
    var list: [(time: Int64, change: EnvironmentChange)] = []
    for range in setup.environment.charging {
      list.append((range.start.nanosecondsSinceStart, .chargingStarted))
      list.append((range.end.nanosecondsSinceStart, .chargingStopped))
    }
    for (index, interval) in setup.environment.network.enumerated() {
      list.append((interval.range.start.nanosecondsSinceStart, .network(spell: Int32(index))))
    }
    for (app, spec) in apps.enumerated() {
      for range in spec.foreground ?? [] {
        list.append((range.start.nanosecondsSinceStart, .foregroundStarted(app: Int32(app))))
        list.append((range.end.nanosecondsSinceStart, .foregroundEnded(app: Int32(app))))
      }
    }
    for (index, session) in setup.display.enumerated() {
      list.append((session.range.start.nanosecondsSinceStart, .displayOn(session: Int32(index))))
      list.append((session.range.end.nanosecondsSinceStart, .displayOff))
    }
    // By index: enumerating copied each workload's spec.
    for index in setup.workloads.indices {
      guard case .frames(let rate, let start, let duration) = setup.workloads[index].timing else {
        continue
      }
      // An animation lasting past the end of the run (up to `Int64.max` when `from + for`
      // overflows) stops at the run's end as far as the run can tell.
      let end = Instant(
        nanosecondsSinceStart: duration.map {
          Saturating.sum(start.nanosecondsSinceStart, $0.nanoseconds)
        } ?? setup.duration.nanoseconds)
      var active = [TimeRange(start: start, end: max(start, end))]
      if setup.workloads[index].onlyWhenVisible,
        let foreground = apps[Int(appOfWorkload[index])].foreground
      {
        active = Self.intersect(active, foreground)
      }
      for range in active where range.end > range.start {
        list.append(
          (
            range.start.nanosecondsSinceStart,
            .animationStarted(workload: Int32(index), rate: rate.hertz)
          ))
        list.append((range.end.nanosecondsSinceStart, .animationStopped(workload: Int32(index))))
      }
    }
    list += Self.idleChanges(setup)
    if case .intervals(let ranges) = setup.environment.lowPower {
      for range in ranges {
        list.append((range.start.nanosecondsSinceStart, .lowPowerStarted))
        list.append((range.end.nanosecondsSinceStart, .lowPowerEnded))
      }
    }
    // Ends before starts at the same instant, so back-to-back intervals hand over cleanly.
    changes = list.enumerated().sorted { a, b in
      if a.element.time != b.element.time { return a.element.time < b.element.time }
      let rankA = Self.orderAtSameTime(a.element.change)
      let rankB = Self.orderAtSameTime(b.element.change)
      if rankA != rankB { return rankA < rankB }
      return a.offset < b.offset
    }.map(\.element)
  }

  private static func orderAtSameTime(_ change: EnvironmentChange) -> Int {
    switch change {
    case .chargingStopped, .foregroundEnded, .displayOff, .animationStopped, .idleEnded,
      .lowPowerEnded:
      0
    default: 1
    }
  }

  /// The idle spells, when a workload waits for `idle` (see *OS policies*): the device becomes idle
  /// once the display has been off for ``DeferralConditions/idleAfter`` — counted from time 0
  /// when the run starts with it off — and stops being idle when it turns on. A display off for
  /// exactly that long never makes it idle (it turns on at the instant idleness would begin).
  static func idleChanges(_ setup: SimulationSetup) -> [(time: Int64, change: EnvironmentChange)] {
    let waitsForIdle = setup.workloads.contains { workload in
      switch workload.timing {
      case .window(_, _, let requires), .repeatingWindow(_, _, _, _, _, let requires):
        requires.contains(.idle)
      default: false
      }
    }
    guard waitsForIdle else { return [] }
    let idleAfter = DeferralConditions.idleAfter.nanoseconds
    var list: [(time: Int64, change: EnvironmentChange)] = []
    var offSince: Int64 = 0
    for session in setup.display {
      let start = session.range.start.nanosecondsSinceStart
      if Saturating.sum(offSince, idleAfter) < start {
        list.append((offSince + idleAfter, .idleStarted))
        list.append((start, .idleEnded))
      }
      offSince = session.range.end.nanosecondsSinceStart
    }
    if Saturating.sum(offSince, idleAfter) < setup.duration.nanoseconds {
      list.append((offSince + idleAfter, .idleStarted))
    }
    return list
  }

  /// The intersection of two sorted lists of disjoint ranges.
  static func intersect(_ a: [TimeRange], _ b: [TimeRange]) -> [TimeRange] {
    var result: [TimeRange] = []
    var i = 0
    var j = 0
    while i < a.count && j < b.count {
      let start = max(a[i].start, b[j].start)
      let end = min(a[i].end, b[j].end)
      if start < end { result.append(TimeRange(start: start, end: end)) }
      if a[i].end < b[j].end { i += 1 } else { j += 1 }
    }
    return result
  }
}

extension DeviceSimulation {
  /// Applies every environment change due by now and schedules the next.
  func applyEnvironmentChanges() {
    while environment.cursor < environment.changes.count,
      environment.changes[environment.cursor].time <= now
    {
      apply(environment.changes[environment.cursor].change)
      environment.cursor += 1
    }
    if environment.cursor < environment.changes.count {
      let next = environment.changes[environment.cursor].time
      if next < endTime { schedule(.environment, at: next, rank: EventRank.environment) }
    }
  }

  private func apply(_ change: EnvironmentChange) {
    switch change {
    case .chargingStarted, .chargingStopped:
      ledger.advance(to: now)
      let charging: Bool
      if case .chargingStarted = change { charging = true } else { charging = false }
      environment.isCharging = charging
      ledger.recorder.battery?.isCharging = charging
      ledger.refreshBatteryCharge()
      if charging && shutdown.isOff { restart() }
      if lowPower.belowLevel != nil || tasks.watchesBatteryLevel {
        chargingChangedForWatches(isCharging: charging)
      }
      deferralCheckPending = true
      systemEventOccurred(charging ? .chargingStart : .chargingEnd)
    case .network(let spell):
      networkSpellStarted(Int(spell))
    case .foregroundStarted(let app):
      appCameToForeground(Int(app))
      deferralCheckPending = true
    case .foregroundEnded(let app):
      appLeftForeground(Int(app))
    case .displayOn(let session):
      display?.session = session
      if !shutdown.isOff {
        displayTurned(on: true)
        // The device is awake anyway: the push service delivers what it holds (see *Apps and push
        // delivery*), unless Low Power Mode holds it on (6.6).
        if push.isHolding && !lowPower.isOn { deliverHeldPushes() }
        deviceWokeForDeferrals()
      }
      systemEventOccurred(.displayOn)
    case .displayOff:
      display?.session = -1
      if !shutdown.isOff { displayTurned(on: false) }
      systemEventOccurred(.displayOff)
    case .animationStarted(let workload, let rate):
      // A range animation asks for the rate its clock runs at now (see *OS policies*).
      let clockRate = frameClock(of: Int(workload))?.rate
      display?.animations.append((workload, clockRate ?? rate))
      if display != nil && !shutdown.isOff { recordDisplay() }
    case .animationStopped(let workload):
      display?.animations.removeAll { $0.workload == workload }
      if display != nil && !shutdown.isOff { recordDisplay() }
    case .idleStarted:
      tasks.deviceIsIdle = true
      deferralCheckPending = true
    case .idleEnded:
      tasks.deviceIsIdle = false
    case .lowPowerStarted:
      switchLowPower(on: true, at: now)
    case .lowPowerEnded:
      switchLowPower(on: false, at: now)
    }
  }
}
