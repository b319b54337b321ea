import Quantities

/// Low Power Mode (see *Apps and push delivery*) and the battery levels deferrable work watches:
/// switching the mode on and off, the limits it puts on clocks, refresh and frames, and the exact
/// instants the battery falls to a watched level. The states are drawn in ``LowPowerModeRuntime``.
extension DeviceSimulation {
  /// Charge, in attojoules, at `fraction` of the battery's capacity (rounded as the charge at
  /// time 0 is), or `nil` without a battery.
  func batteryCharge(atFraction fraction: Double) -> Int128? {
    guard let capacity = ledger.recorder.battery?.capacity else { return nil }
    return fraction >= 1 ? capacity : Int128((Double(capacity) * fraction).rounded())
  }

  /// Prepares the battery watches before the run starts: whether the battery is ok at time 0,
  /// and the level the ledger counts down to.
  func startBatteryWatches() {
    if tasks.watchesBatteryLevel, let battery = ledger.recorder.battery,
      let level = batteryCharge(atFraction: DeferralConditions.batteryOKLevel.value)
    {
      tasks.batteryIsOK = battery.charge >= level
    }
    refreshBatteryWatch()
  }

  /// Tells the ledger the highest battery level still to be watched for a fall: the `below`
  /// level while Low Power Mode is off, and just under the ok level while the battery is ok
  /// (ok means at least that level). Zero — the battery running out — when none.
  func refreshBatteryWatch() {
    var level: Int128 = 0
    if let below = lowPower.belowLevel, !lowPower.isOn,
      let charge = batteryCharge(atFraction: below)
    {
      level = max(level, charge)
    }
    if tasks.watchesBatteryLevel && tasks.batteryIsOK,
      let charge = batteryCharge(atFraction: DeferralConditions.batteryOKLevel.value), charge > 0
    {
      level = max(level, charge - 1)
    }
    ledger.setBatteryWatchLevel(level)
  }

  /// The battery fell to the watched level at `time` (at or before now; nothing happened since):
  /// Low Power Mode switches on at `below`, and the battery stops being ok under its level.
  func batteryReachedWatchedLevel(at time: Int64) {
    ledger.advance(to: time)
    guard let charge = ledger.recorder.battery?.charge else { return }
    if let below = lowPower.belowLevel, !lowPower.isOn,
      let level = batteryCharge(atFraction: below), charge <= level
    {
      switchLowPower(on: true, at: time)
    }
    if tasks.watchesBatteryLevel && tasks.batteryIsOK,
      let level = batteryCharge(atFraction: DeferralConditions.batteryOKLevel.value), charge < level
    {
      tasks.batteryIsOK = false
    }
    refreshBatteryWatch()
  }

  /// The charger was plugged in or out (the ledger has been advanced to now). Plugged in: a
  /// `below` Low Power Mode switches off, and a battery under the ok level is ok again when the
  /// charger — at its constant rate — has filled it to that level. Unplugged: the watches
  /// resume, and a battery at or below `below` switches Low Power Mode on at once.
  func chargingChangedForWatches(isCharging: Bool) {
    tasks.batteryLevelGeneration &+= 1
    if isCharging {
      if lowPower.belowLevel != nil { switchLowPower(on: false, at: now) }
      if tasks.watchesBatteryLevel && !tasks.batteryIsOK, let battery = ledger.recorder.battery,
        let level = batteryCharge(atFraction: DeferralConditions.batteryOKLevel.value),
        battery.chargePower > 0
      {
        let missing = max(0, level - battery.charge)
        let power = Int128(battery.chargePower)
        let nanoseconds = (missing + power - 1) / power
        if nanoseconds < Int128(endTime - now) {
          schedule(
            .batteryLevel(generation: tasks.batteryLevelGeneration), at: now + Int64(nanoseconds),
            rank: EventRank.environment)
        }
      }
      refreshBatteryWatch()
      return
    }
    refreshBatteryWatch()
    while !shutdown.isOff, ledger.batteryWatchLevel > 0, ledger.batteryCharge <= 0 {
      batteryReachedWatchedLevel(at: now)
    }
  }

  /// A charging battery reached the ok level (unless the charger has been unplugged since).
  func batteryRoseToOKLevel(generation: UInt32) {
    guard generation == tasks.batteryLevelGeneration else { return }
    tasks.batteryIsOK = true
    refreshBatteryWatch()
    deferralCheckPending = true
  }

  /// Switches Low Power Mode on or off at `time` (now, or the instant the battery fell to its
  /// level): the display's refresh limit changes there; waiting tasks are checked.
  func switchLowPower(on isOn: Bool, at time: Int64) {
    guard lowPower.isOn != isOn else { return }
    if isOn {
      lowPower.onSince = time
    } else if !lowPower.isDeviceOff {
      lowPower.timeOn += time - lowPower.onSince
    }
    lowPower.isOn = isOn
    activity?.lowPowerChanged(isOn: isOn, at: time)
    if display != nil && !shutdown.isOff { recordDisplay(at: time) }
    frameRateCapChanged()
    deferralCheckPending = true
    refreshBatteryWatch()
    systemEventOccurred(isOn ? .lowPowerOn : .lowPowerOff, at: time)
  }

  /// The deadline of a frame drawn in Low Power Mode by an animation faster than the refresh
  /// cap: the due time of the next frame it draws (the frame is shown at the capped refresh),
  /// rather than of the next frame of the animation. `deadline` otherwise.
  func lowPowerFrameDeadline(_ workload: Int32, default deadline: Int64) -> Int64 {
    let index = Int(workload)
    guard let clock = frameClock(of: index) else { return deadline }
    let cap = LowPowerSpec.refreshCap.hertz
    guard clock.rate > cap else { return deadline }
    var next = workloads[index].nextIndex
    while !LowPowerModeRuntime.drawsFrame(next - clock.base, rate: clock.rate, cap: cap) {
      next += 1
    }
    return clock.deadline(ofFrame: next - 1, before: endTime)
  }

  /// Whether an animation draws the frame due now in Low Power Mode: always at or below the
  /// refresh cap; above it, only a frame that falls on a new refresh at the cap (see
  /// ``LowPowerModeRuntime/drawsFrame(_:rate:cap:)``).
  func lowPowerDrawsFrame(_ workload: Int32) -> Bool {
    let index = Int(workload)
    guard let clock = frameClock(of: index) else { return true }
    let cap = LowPowerSpec.refreshCap.hertz
    guard clock.rate > cap else { return true }
    return LowPowerModeRuntime.drawsFrame(
      workloads[index].nextIndex - 1 - clock.base, rate: clock.rate, cap: cap)
  }
}
