import Quantities

/// The thermal governor (see *Peripherals and recipes*): every poll it takes the energy the device
/// and its package drew since the last, moves the lumped temperature, the state and the
/// throttling levels (see ``ThermalRuntime``), and applies the caps to the CPU clusters and the
/// GPU. The states are drawn in ``ThermalRuntime``.
extension DeviceSimulation {
  /// Starts the governor's polls (a device without a thermal model has none).
  func startThermalGovernor() {
    guard thermal.isUsed else { return }
    ledger.tracksHeat = true
    ledger.packageComponents =
      setup.device.thermal?.limits.map { limits in
        components.indices.compactMap { index in
          limits.components.contains(components[index].name) ? Int32(index) : nil
        }
      } ?? []
    scheduleThermalPoll()
  }

  /// Queues the next poll, one interval after the last, unless the run ends first.
  private func scheduleThermalPoll() {
    let next = Saturating.sum(thermal.lastPoll, thermal.poll)
    if next < endTime { schedule(.thermalPoll, at: next, rank: EventRank.environment) }
  }

  /// A poll of the governor is due.
  func thermalPollDue() {
    let span = now - thermal.lastPoll
    let (device, package) = ledger.takeHeat(at: now)
    let levelBefore = thermal.level
    let outputsBefore = thermal.outputs
    let power = Int64(clamping: device / Int128(span))
    let packagePower = Int64(clamping: package / Int128(span))
    let stateBefore = thermal.poll(span: span, power: power, packagePower: packagePower)
    thermal.lastPoll = now
    if thermal.level != levelBefore { applyThermalCaps() }
    if thermal.state != stateBefore { thermalStateChanged(from: stateBefore) }
    let packageNow = ledger.packagePower
    let rests = thermal.isFixedPoint(
      span: thermal.poll, power: ledger.totalPower, packagePower: packageNow)
    if fastForward.period > 0 {
      // The fast-forward watches a period: it replays these polls when it skips (see
      // ``ThermalRuntime/replay(_:cycles:)``).
      thermal.pollLog.append(
        ThermalPoll(
          span: span, power: power, packagePower: packagePower, powerNow: ledger.totalPower,
          packagePowerNow: packageNow, rests: rests,
          changesOutputs: thermal.outputs != outputsBefore))
    }
    if rests {
      // Polls at these powers change nothing: rest until the power changes.
      thermal.isResting = true
      thermal.restingPower = ledger.totalPower
      thermal.restingPackagePower = packageNow
    } else {
      scheduleThermalPoll()
    }
  }

  /// After an event while the governor rests: if the device's or the package's power changed,
  /// the polls since the last one (each a poll that changed nothing: the powers were those it
  /// rests at until now) are booked to the state and the throttling, and polling resumes on its
  /// grid. Exactly what polling every interval would have done.
  func thermalPowerChanged() {
    let packageNow = ledger.packagePower
    guard ledger.totalPower != thermal.restingPower || packageNow != thermal.restingPackagePower
    else { return }
    let passed = (now - thermal.lastPoll) / thermal.poll
    thermal.book(Int128(passed) * Int128(thermal.poll))
    thermal.lastPoll += passed * thermal.poll
    // The energy since the last poll (on the grid) at the powers it rested at; what the ledger
    // summed while it rested is dropped.
    _ = ledger.takeHeat(at: now)
    let stretch = Int128(now - thermal.lastPoll)
    ledger.heatEnergy += Int128(thermal.restingPower) * stretch
    ledger.packageEnergy += Int128(thermal.restingPackagePower) * stretch
    thermal.isResting = false
    scheduleThermalPoll()
  }

  /// The caps changed: every CPU cluster runs at once at the highest point its running parts
  /// ask for within its cap (re-timing them); a GPU step takes the cap when it starts.
  private func applyThermalCaps() {
    guard cpu != nil, !shutdown.isOff else { return }
    for cluster in 0..<cpu!.clusters.count { updateClusterFrequency(cluster) }
  }

  /// The thermal state changed from `before` at this poll: the one place the engine announces it.
  ///
  /// Workloads that react to the thermal state (`on: thermal-serious` / `thermal-nominal`,
  /// `when: thermal-nominal`, see *OS policies*) are told from here: rising to serious or above
  /// is the event `thermal-serious`, falling back below serious `thermal-nominal` (a change
  /// between nominal and fair, or between serious and critical, is no event).
  ///
  /// Animations with a frame-rate range are capped at 60 Hz from serious on, as in Low Power Mode
  /// (see *OS policies*: the platforms lower the frame rate under thermal pressure).
  func thermalStateChanged(from before: ThermalState) {
    let isNominal = thermal.state < .serious
    guard isNominal != (before < .serious) else { return }
    systemEventOccurred(isNominal ? .thermalNominal : .thermalSerious)
    frameRateCapChanged()
  }
}
