/// One poll of the thermal governor as the fast-forward logs it between boundaries (see *The
/// fast-forward*): what the poll was given and what it decided. The polls of the last cycle are
/// replayed during a skip, with the integer arithmetic of the event itself, to move the
/// temperatures and the power limits' average on exactly.
struct ThermalPoll: Equatable {
  /// The time since the previous poll, ns, and the whole device's and the package's powers
  /// averaged over it, nW: what ``ThermalRuntime/poll(span:power:packagePower:)`` was given.
  var span: Int64
  var power: Int64
  var packagePower: Int64
  /// The device's and the package's powers at the poll's instant, nW: what decided whether the
  /// governor rests (``ThermalRuntime/isFixedPoint(span:power:packagePower:)``).
  var powerNow: Int64
  var packagePowerNow: Int64
  /// Whether the governor rested after the poll.
  var rests: Bool
  /// Whether the poll changed the state or a throttling level.
  var changesOutputs: Bool
}

extension ThermalRuntime {
  /// Replays `polls`, one cycle's, up to `cycles` times from the governor as it is, each poll
  /// given what it was given in the cycle logged, for as long as every poll decides what it
  /// decided there: the outputs unchanged and the same rest. Returns how many whole cycles replay
  /// so (the cycle in which a poll would decide otherwise is not counted: the events simulate it)
  /// and the continuous quantities after them.
  ///
  /// A cycle that leaves the continuous quantities as it found them leaves them so every time
  /// after: the replay stops there, so that a settled temperature costs one cycle's polls.
  func replay(_ polls: [ThermalPoll], cycles: Int64) -> (cycles: Int64, after: Continuous) {
    var probe = self
    var done: Int64 = 0
    while done < cycles {
      let start = probe.continuous
      for logged in polls {
        let outputs = probe.outputs
        _ = probe.poll(span: logged.span, power: logged.power, packagePower: logged.packagePower)
        guard probe.outputs == outputs,
          probe.isFixedPoint(
            span: poll, power: logged.powerNow, packagePower: logged.packagePowerNow)
            == logged.rests
        else { return (done, start) }
      }
      done += 1
      if probe.continuous == start { return (cycles, start) }
    }
    return (cycles, probe.continuous)
  }
}

extension DeviceSimulation {
  /// The governor's polls over the cycle of `multiple` periods that ends at boundary `end` of
  /// `history`, in order.
  private func thermalPolls(
    ofCycleEndingAt end: Int, multiple: Int, in history: [BoundaryRecord]
  ) -> [ThermalPoll] {
    history[(end - multiple + 1)...end].flatMap(\.thermalPolls)
  }

  /// Whether the governor's polls repeat over the last two cycles of `multiple` periods in
  /// `history`, changing none of its outputs: with the rest of the state equal at the three
  /// boundaries, the device then repeats the cycle whatever the temperatures, for as long as the
  /// polls replayed from them decide alike (see ``thermalCyclesBeforeChange(_:multiple:in:)``).
  func thermalPollsRepeat(multiple: Int, in history: [BoundaryRecord]) -> Bool {
    guard thermal.isUsed else { return true }
    let last = history.count - 1
    let lastCycle = thermalPolls(ofCycleEndingAt: last, multiple: multiple, in: history)
    return !lastCycle.contains(where: \.changesOutputs)
      && lastCycle
        == thermalPolls(ofCycleEndingAt: last - multiple, multiple: multiple, in: history)
  }

  /// How many of `count` cycles of `multiple` periods the governor lets the fast-forward skip:
  /// all of them, or those before the cycle in which a poll would change the state or a level, or
  /// rest where it did not (or not where it did). That cycle is simulated event by event.
  func thermalCyclesBeforeChange(_ count: Int64, multiple: Int, in history: [BoundaryRecord])
    -> Int64
  {
    guard thermal.isUsed, count > 0 else { return count }
    let polls = thermalPolls(ofCycleEndingAt: history.count - 1, multiple: multiple, in: history)
    return thermal.replay(polls, cycles: count).cycles
  }

  /// Moves the temperatures, the peak and the average on by `count` cycles of `multiple` periods
  /// (the skip), replaying the last cycle's polls.
  func skipThermalCycles(_ count: Int64, multiple: Int, in history: [BoundaryRecord]) {
    guard thermal.isUsed else { return }
    let polls = thermalPolls(ofCycleEndingAt: history.count - 1, multiple: multiple, in: history)
    let replayed = thermal.replay(polls, cycles: count)
    precondition(replayed.cycles == count, "the thermal governor changes within a skip")
    thermal.continuous = replayed.after
  }
}
