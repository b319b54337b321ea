import Quantities

/// Reactions to state (see *OS policies*): events that run workloads, and the states a workload's
/// `when` requires. The states are drawn in ``ReactionRuntime``.
extension DeviceSimulation {
  /// Something happened to the device or to app `app` (for `background` and `foreground`) at
  /// `time` (now, or the instant the battery fell to Low Power Mode's level): the states the
  /// workloads' `when` reads are brought up to date, and every workload that runs on the event —
  /// on that app's event, for an app's — has an occurrence due `delay` later.
  ///
  /// The one entry for events: a thermal governor calls it with `thermal-serious` when the
  /// thermal state rises to serious or above and `thermal-nominal` when it falls back below.
  /// An event at time 0 is the state the run starts in, not a change, and runs nothing — but
  /// `foreground`: an app that starts in the foreground gets it at time 0.
  func systemEventOccurred(_ event: SystemEvent, app: Int32 = -1, at time: Int64? = nil) {
    let time = time ?? now
    whenStatesChanged(at: time)
    guard time > 0 || event == .foreground else { return }
    for workload in reactions.listeners[ReactionRuntime.index(of: event)] {
      let index = Int(workload)
      if event.isPerApp && workloads[index].app != app { continue }
      let due = max(now, Saturating.sum(time, reactions.delays[index]))
      guard due < endTime else { continue }
      reactions.pending[index].append(due)
      if reactions.pending[index].count == 1 { scheduleArrival(workload, at: due) }
    }
  }

  /// A reaction's occurrence is due now: it starts (unless its `when` states say otherwise), and
  /// the next one waiting is scheduled.
  func reactionDue(_ workload: Int32) {
    let index = Int(workload)
    reactions.pending[index].removeFirst()
    occurrenceDue(workload)
    if let next = reactions.pending[index].first { scheduleArrival(workload, at: next) }
  }

  /// Whether every state of the workload's `when` holds now.
  @inline(__always)
  func whenHolds(_ index: Int) -> Bool {
    if workloads[index].onlyWhenVisible && !isInForeground(index) { return false }
    return otherStatesHold(index)
  }

  /// Whether the states of the workload's `when` other than `visible` hold now: Low Power Mode
  /// off, the thermal state nominal or fair, the charger plugged in, the network Wi-Fi, the
  /// display on (a device without a display: never).
  @inline(__always)
  func otherStatesHold(_ index: Int) -> Bool {
    let states = workloads[index].otherStates
    if states.isEmpty { return true }
    if states.contains(.notLowPower) && lowPower.isOn { return false }
    if states.contains(.thermalNominal) && thermal.state >= .serious { return false }
    if states.contains(.charging) && !environment.isCharging { return false }
    if states.contains(.wifi) && !environment.networkIsWiFi { return false }
    if states.contains(.displayOn) && (display?.session ?? -1) < 0 { return false }
    return true
  }

  /// A state a `when` may read may have changed at `time`: animations pause or go on (the display
  /// refreshes for the running ones only), and deferrable work waiting on its states is checked.
  func whenStatesChanged(at time: Int64? = nil) {
    if reactions.hasStateDeferrals { deferralCheckPending = true }
    guard reactions.hasStateAnimations, var display else { return }
    var paused: [Int32] = []
    for index in workloads.indices where workloads[index].animationSlot >= 0 {
      if !otherStatesHold(index) { paused.append(Int32(index)) }
    }
    guard paused != display.pausedAnimations else { return }
    display.pausedAnimations = paused
    self.display = display
    if !shutdown.isOff { recordDisplay(at: time) }
  }
}
