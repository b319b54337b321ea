/// Push delivery (see *Apps and push delivery*): the calls the simulation makes into
/// ``PushDeliveryRuntime``. A push workload's program starts with the push's downlink on the
/// current network (compiled in by
/// ``DeviceSimulation/makeWorkload(_:index:compiler:app:appSpec:programs:)``), so a delivered push
/// wakes the radio with its promotion and tail, waits for a network when offline, and its energy
/// goes to the workload, like any download.
extension DeviceSimulation {
  /// A low-priority push of `workload` was sent now: delivered at once when the device is
  /// awake, held otherwise.
  func lowPushSent(_ workload: Int32, steps start: Int32, _ end: Int32) {
    let index = Int(workload)
    // Looked up in the setup: low-priority pushes are rare next to the hot loop's arrivals.
    guard let spec = setup.workloads[index].push else { preconditionFailure("not a push") }
    let replaced = push.hold(
      PushDeliveryRuntime.HeldPush(workload: workload, sent: now, stepStart: start, stepEnd: end),
      collapses: spec.collapses, maxDelay: spec.maxDelay.nanoseconds)
    if replaced { workloads[index].stats.held += 1 }
    if mayDeliverHeldPushes {
      deliverHeldPushes()
      return
    }
    push.generation &+= 1
    if push.deadline < endTime {
      schedule(
        .pushDeadline(generation: push.generation), at: push.deadline, rank: EventRank.environment)
    }
  }

  /// Whether the push service delivers the low-priority pushes it holds now, before their
  /// `max_delay`: the device is awake anyway and Low Power Mode is off (*Apps and push delivery*:
  /// low-priority pushes wait until it ends, or their deadline).
  var mayDeliverHeldPushes: Bool { !lowPower.isOn && isDeviceAwakeForPush }

  /// Whether the device is awake anyway: the display is on, or a radio is out of its deepest
  /// state.
  var isDeviceAwakeForPush: Bool {
    if let display, display.session >= 0, !shutdown.isOff { return true }
    return links.contains { !isIdleInDeepestState(Int($0.node)) }
  }

  /// The held pushes' `max_delay` passed (unless a delivery came first).
  func pushDeadlineReached(generation: UInt32) {
    guard push.generation == generation, push.isHolding else { return }
    deliverHeldPushes()
  }

  /// The device is awake anyway (or a deadline came): every held push is delivered now, in the
  /// order sent.
  func deliverHeldPushes() {
    guard push.isHolding, !shutdown.isOff else { return }
    for held in push.takeAll() {
      activity?.pushDelivered(workload: held.workload, sent: held.sent, at: now)
      startOccurrence(held.workload, due: held.sent, steps: held.stepStart, held.stepEnd)
    }
  }
}
