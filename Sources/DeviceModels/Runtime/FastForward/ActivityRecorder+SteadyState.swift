extension ActivityRecorder {
  /// Hands the recorder's picture of the run to `visitor` (see
  /// ``DeviceSimulation/visitSteadyState(_:)``), so that a run writing a trace of a window
  /// skips the steady periods outside it and writes the same trace as a run without the
  /// fast-forward.
  ///
  /// Before the window opens, the picture it will replay at the window's start moves with the
  /// run: each node's state and work and each app's phase are compared, the occurrences fired
  /// are sums the skip extrapolates, and each occurrence in flight keeps its times (moved) and
  /// its number (last set from a sum). The fast-forward skips no period that reaches into the
  /// window (see ``PowerRecorder/exactWindow``). Once a boundary lies past the window's start
  /// the recorder writes nothing more but the picture it holds — the window's edges replay it
  /// as it stood at the last change before them, which no skip may move — so only its phase is
  /// compared.
  func visitSteadyState<V: SteadyStateVisitor>(_ visitor: inout V) {
    let movesWithTheRun = phase == .before && visitor.boundary <= windowStart
    visitor.value(movesWithTheRun ? -1 : phase.rawValue)
    guard movesWithTheRun else { return }
    visitor.value(lowPowerIsOn)
    for node in nodeState.indices {
      visitor.value(nodeState[node])
      visitor.value(nodeWork[node])
    }
    for app in appPhase.indices { visitor.value(appPhase[app]) }
    for workload in fired.indices {
      var sum = Int128(fired[workload])
      visitor.accumulator(&sum)
      fired[workload] = Int64(sum)
    }
    for index in occurrenceLive.indices where occurrenceLive[index] {
      visitor.value(Int64(index))
      visitor.value(occurrenceWorkload[index])
      visitor.instant(&occurrenceFired[index])
      visitor.instant(&occurrenceDue[index])
      var number = Int128(occurrenceNumber[index])
      visitor.lastSet(&number)
      occurrenceNumber[index] = Int64(number)
    }
  }
}
