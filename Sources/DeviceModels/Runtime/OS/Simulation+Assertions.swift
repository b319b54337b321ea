/// Holds on the device (``AssertionRuntime``, see *OS policies*) and background tasks asking for
/// their app's extended grant (see *Apps and push delivery*): the two steps that ask the OS for
/// something rather than run on a component.
extension DeviceSimulation {
  /// Occurrence `occurrence` holds the device awake for `duration` ns: the platform is busy for
  /// its workload — woken if it sleeps, its energy shared with the workloads of its other busy
  /// children — until the hold ends, and the occurrence's next step follows then.
  func beginHold(_ occurrence: Int32, for duration: Int64) {
    let workload = occurrences[occurrence].workload
    let index = Int(workload)
    let end = Saturating.sum(now, duration)
    let id = assertions.nextID
    assertions.nextID &+= 1
    assertions.holds.append(
      AssertionRuntime.Hold(id: id, occurrence: occurrence, workload: workload, end: end))
    if assertions.openHolds[index] == 0 { assertions.holdingSince[index] = now }
    assertions.openHolds[index] += 1
    if platformNode >= 0 {
      let platform = Int(platformNode)
      parentGainedBusyChild(platform)
      countHolder(workload, onPlatform: platform)
      if nodes[platform].phase == .idle { wake(platform, cause: workload) }
    }
    if end < endTime { schedule(.holdEnded(id: id), at: end, rank: EventRank.completion) }
  }

  /// A hold's length has passed: its occurrence goes on, and then it releases the device — in that
  /// order, so that a next step starts on a platform still awake, as a step that follows work on
  /// a component does.
  func holdEnded(id: UInt32) {
    guard let found = assertions.holds.firstIndex(where: { $0.id == id }) else { return }
    stepPartDone(assertions.holds[found].occurrence)
    // The next step may have begun another hold, appended after this one.
    guard let position = assertions.holds.firstIndex(where: { $0.id == id }) else { return }
    releaseHold(at: position)
  }

  /// Releases every hold of a cut-off occurrence (its app suspended): the device is no longer held
  /// for it, and the hold's part is done.
  func releaseCutOffHolds() {
    var position = 0
    while position < assertions.holds.count {
      let occurrence = assertions.holds[position].occurrence
      guard occurrences[occurrence].isCutOff else {
        position += 1
        continue
      }
      releaseHold(at: position)
      occurrences[occurrence].partsLeft -= 1
    }
  }

  /// The device shut down at `time`: every hold ends then (the platform's state is reset with the
  /// other nodes').
  func releaseHoldsAtShutdown(at time: Int64) {
    for hold in assertions.holds {
      let index = Int(hold.workload)
      guard assertions.openHolds[index] > 0 else { continue }
      assertions.heldTime[index] += Int128(time - assertions.holdingSince[index])
      assertions.openHolds[index] = 0
    }
    assertions.holds.removeAll()
  }

  /// Takes hold `position` off the list: the platform has one busy cause fewer, and its workload
  /// one hold fewer.
  private func releaseHold(at position: Int) {
    let hold = assertions.holds.remove(at: position)
    let index = Int(hold.workload)
    assertions.openHolds[index] -= 1
    if assertions.openHolds[index] == 0 {
      assertions.heldTime[index] += Int128(now - assertions.holdingSince[index])
      assertions.holdingSince[index] = -1
    }
    guard platformNode >= 0 else { return }
    let platform = Int(platformNode)
    uncountHolder(hold.workload, onPlatform: platform)
    parentLostBusyChild(platform, lastServed: hold.workload)
  }
}
