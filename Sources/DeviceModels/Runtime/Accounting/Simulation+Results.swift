import Quantities

extension DeviceSimulation {
  /// The name of the pseudo-state that holds a node's time shut down (see *Results and
  /// accounting*).
  static let shutDownStateName = "shut down"

  /// Assembles the account once the ledger is closed.
  func makeResult() -> RunResult {
    drainLatencyLog()
    let componentCount = components.count
    var componentResults: [ComponentResult] = []
    for (index, component) in components.enumerated() {
      var floor: Int128 = 0
      var fixed: Int128 = 0
      var dynamic: Int128 = 0
      var wakeups = 0
      var nodeResults: [NodeResult] = []
      for node in component.nodes.map(Int.init) {
        floor += ledger.floorEnergy[node]
        fixed += ledger.fixedEnergy[node]
        dynamic += ledger.dynamicEnergy[node]
        let result = nodeResult(node)
        wakeups += result.wakeups
        nodeResults.append(result)
      }
      if let cpu, cpu.component == Int32(index) { wakeups = cpu.packageWakeups }
      componentResults.append(
        ComponentResult(
          name: component.name, typeName: component.typeName,
          energy: Energy(attojoules: ledger.componentClosedEnergy[index]),
          floor: Energy(attojoules: floor), fixed: Energy(attojoules: fixed),
          dynamic: Energy(attojoules: dynamic), wakeups: wakeups, nodes: nodeResults))
    }
    // Every workload's energy by component, without trailing zeros, end to end in one array
    // that the results share (see ``WorkloadResult``): workload i's at `rowBounds[i]..<rowBounds[i
    // + 1]`.
    var rowBounds = [0]
    rowBounds.reserveCapacity(workloads.count + 1)
    for index in workloads.indices {
      rowBounds.append(rowBounds[index] + attributedComponentCount(of: index))
    }
    var energyRows: [Energy] = []
    energyRows.reserveCapacity(rowBounds[workloads.count])
    // Energy by energy: appending each row as a lazy sequence cost 400 instructions a workload.
    for index in workloads.indices {
      for component in 0..<rowBounds[index + 1] - rowBounds[index] {
        energyRows.append(attributedEnergy(of: index, onComponent: component))
      }
    }
    // At its size: grown by doubling, the array of 100,000 results held up to twice its room.
    var workloadResults: [WorkloadResult] = []
    workloadResults.reserveCapacity(workloads.count)
    var qosClasses = QoSClass.allCases.sorted().map { QoSResult(qos: $0) }
    // By priority, an array rather than a dictionary: one hash per workload less.
    var byQoS = [LatencyRecorder?](repeating: nil, count: qosClasses.count)
    // By index, not by a copy of each workload's spec (its strings and arrays retained and
    // released once per workload).
    for index in setup.workloads.indices {
      // The counters alone, not a copy of the whole runtime per workload.
      let stats = workloads[index].stats
      let inFlight = Int(workloads[index].inFlight)
      let priority = Int(workloads[index].priority)
      workloadResults.append(
        WorkloadResult(
          name: setup.workloads[index].name, occurrences: stats.occurrences,
          unfinished: inFlight + stats.cutOff,
          held: stats.held + heldAtEnd(index) + push.heldAtEnd(of: Int32(index)),
          app: setup.workloads[index].app,
          droppedFrames: stats.droppedFrames,
          deadlineMisses: stats.deadlineMisses,
          coalescedFirings: stats.coalescedFirings, skipped: stats.skipped,
          heldAwake: .nanoseconds(Int64(assertions.heldTime(of: index, upTo: endTime))),
          latency: stats.latency.summary(),
          energyRows: energyRows, row: rowBounds[index]..<rowBounds[index + 1],
          componentCount: componentCount))
      if byQoS[priority] == nil { byQoS[priority] = LatencyRecorder() }
      byQoS[priority]!.merge(stats.latency)
      // Its samples are summed up: their memory goes to the next results (a run's last
      // allocations, at its peak of memory) rather than the run holding both.
      workloads[index].stats.latency = LatencyRecorder()
      qosClasses[priority].workloads += 1
      qosClasses[priority].occurrences += stats.occurrences
      qosClasses[priority].unfinished += inFlight + stats.cutOff
      qosClasses[priority].droppedFrames += stats.droppedFrames
      qosClasses[priority].deadlineMisses += stats.deadlineMisses
      qosClasses[priority].coalescedFirings += stats.coalescedFirings
    }
    var cpuTimes = cpuTimeByClass
    countRunningCPUTime(upTo: endTime, into: &cpuTimes)
    var latencyByQoS: [QoSClass: LatencySummary] = [:]
    for qos in QoSClass.allCases {
      qosClasses[qos.priority].cpuTime = .nanoseconds(Int64(clamping: cpuTimes[qos.priority]))
      if let summary = byQoS[qos.priority]?.summary() {
        latencyByQoS[qos] = summary
        qosClasses[qos.priority].latency = summary
      }
    }
    let total = ledger.componentClosedEnergy.reduce(Int128(0), +)
    var result = RunResult(
      duration: setup.duration, energy: Energy(attojoules: total), components: componentResults,
      workloads: workloadResults,
      unattributedByComponent: Array(attributedEnergies(of: -1, onFirst: componentCount)),
      latencyByQoS: latencyByQoS,
      qosClasses: qosClasses.filter { $0.workloads > 0 || $0.cpuTime > .zero },
      battery: batteryResult(), processedEvents: scheduler.processedEventCount,
      peakPower: Power(nanowatts: ledger.peakPower), apps: appResults(workloadResults),
      declaresApps: setup.declaresApps)
    result.lowPowerTime = .nanoseconds(lowPower.timeOn(upTo: endTime))
    result.thermal = thermalResult()
    return result
  }

  /// The energy the ledger attributes to `owner` (a workload's index, -1 for energy attributed to
  /// no workload) on each of the first `count` components, in device order.
  private func attributedEnergies(of owner: Int, onFirst count: Int)
    -> LazyMapSequence<Range<Int>, Energy>
  {
    (0..<count).lazy.map { self.attributedEnergy(of: owner, onComponent: $0) }
  }

  /// The energy the ledger attributes to `owner` (a workload's index, -1 for nobody) on the
  /// component at `component` in device order.
  private func attributedEnergy(of owner: Int, onComponent component: Int) -> Energy {
    Energy(
      attojoules: ledger.attribution[ledger.attributionIndex(owner: owner, component: component)])
  }

  /// How many components, in device order, run up to the last one on which the ledger attributes
  /// energy to `owner` (0 when it attributes none): the length of the owner's row without its
  /// trailing zeros.
  private func attributedComponentCount(of owner: Int) -> Int {
    var count = components.count
    while count > 0,
      ledger.attribution[ledger.attributionIndex(owner: owner, component: count - 1)] == 0
    {
      count -= 1
    }
    return count
  }

  /// The apps' accounts (the implicit app's when none is declared), their phases closed at the
  /// end of the run.
  private func appResults(_ workloadResults: [WorkloadResult]) -> [AppResult] {
    var lifecycles = apps
    // Each app's workloads' energy and held occurrences, summed in workload order in one pass
    // (a filtered copy of the results per app held a second array of every workload's result).
    var appEnergy = [Energy](repeating: .zero, count: setup.runApps.count)
    var appHeld = [Int](repeating: 0, count: setup.runApps.count)
    // By index: enumerating the results copied each one (its strings and its row retained and
    // released).
    for index in workloadResults.indices {
      let app = Int(workloads[index].app)
      appEnergy[app] = appEnergy[app] + workloadResults[index].energy
      appHeld[app] += workloadResults[index].held
    }
    return setup.runApps.enumerated().map { index, spec in
      lifecycles.enter(lifecycles.apps[index].phase, app: index, at: endTime)
      let state = lifecycles.apps[index]
      var result = AppResult(
        name: spec.name, energy: appEnergy[index],
        foregroundTime: .nanoseconds(state.foregroundTime),
        backgroundTime: .nanoseconds(state.backgroundTime),
        suspendedTime: .nanoseconds(state.suspendedTime), held: appHeld[index])
      // The main thread's counts, a busy stretch still running at the end closed there.
      var threads = mainThreads
      threads.endBusyStretch(of: index, at: endTime)
      let lane = threads.lanes[index]
      result.hitches = lane.hitches
      result.hitchTime = .nanoseconds(Int64(clamping: lane.hitchTime))
      result.animationTime = .nanoseconds(Int64(clamping: lane.animationTime))
      result.hangs = lane.hangs
      result.usesMainThread = threads.hasLane[index]
      return result
    }
  }

  private func nodeResult(_ node: Int) -> NodeResult {
    let first = Int(nodes[node].firstSlot)
    let count =
      nodes[node].role == .display
      ? 1 + (display?.spec.refreshRates.count ?? 0)
      : Int(ladders[Int(nodes[node].ladder)].deepest) + 2
    var states: [StateResult] = []
    var wakeups = 0
    for slot in first..<first + count {
      wakeups += ledger.slotWakeups[slot]
      states.append(
        StateResult(
          name: slotNames[slot], residency: .nanoseconds(ledger.slotResidency[slot]),
          energy: Energy(attojoules: ledger.slotEnergy[slot]), wakeups: ledger.slotWakeups[slot]))
    }
    if ledger.offTime > 0 {
      // The time the device was shut down is no state of the ladder's (see *Results and
      // accounting*).
      states.append(
        StateResult(
          name: Self.shutDownStateName, residency: .nanoseconds(ledger.offTime), energy: .zero,
          wakeups: 0))
    }
    return NodeResult(path: nodePaths[node], states: states, wakeups: wakeups)
  }

  /// The thermal account: the stretch from the last poll to the end is the state's and the
  /// throttling's it had.
  private func thermalResult() -> ThermalResult? {
    guard thermal.isUsed else { return nil }
    var booked = thermal
    booked.book(Int128(endTime - thermal.lastPoll))
    return ThermalResult(
      timeInState: booked.timeInState.map { .nanoseconds(Int64(clamping: $0)) },
      throttledTime: .nanoseconds(Int64(clamping: booked.throttledTime)),
      peakTemperature: Temperature(microdegrees: thermal.peakTemperature),
      finalTemperature: Temperature(microdegrees: thermal.temperature))
  }

  private func batteryResult() -> BatteryResult? {
    guard let battery = ledger.recorder.battery else { return nil }
    var life: TimeSpan?
    // The time shut down is unplugged time in which the device drew nothing: left out, the
    // average drain is the running device's.
    let runningUnplugged = battery.unpluggedTime - ledger.offTime
    // A battery that ran out has no life to report: its ran-out time stands instead.
    if battery.drawnEnergy > 0 && runningUnplugged > 0 && battery.ranOutAt == nil {
      // capacity ÷ (drawn ÷ unplugged time), in ns; Double, as the product overflows Int128.
      let ratio = Double(battery.capacity) / Double(battery.drawnEnergy)
      let nanoseconds = (ratio * Double(runningUnplugged)).rounded()
      life = nanoseconds < 9.2e18 ? .nanoseconds(Int64(nanoseconds)) : nil
    }
    return BatteryResult(
      capacity: Energy(attojoules: battery.capacity),
      drawnEnergy: Energy(attojoules: battery.drawnEnergy),
      chargerEnergy: Energy(attojoules: battery.chargerEnergy),
      unpluggedTime: .nanoseconds(battery.unpluggedTime),
      ranOutAt: battery.ranOutAt.map { Instant(nanosecondsSinceStart: $0) },
      offTime: .nanoseconds(ledger.offTime),
      lowestStateOfCharge: Fraction(min(1, max(0, battery.lowestStateOfCharge))),
      endStateOfCharge: Fraction(min(1, max(0, battery.stateOfCharge))), life: life,
      nominalVoltage: setup.device.battery?.nominalVoltage)
  }
}
