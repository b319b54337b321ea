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

  /// The energy (attojoules) the whole device and its package drew since the last poll, up to
  /// now; the ledger's sums start again from now. Read without moving the ledger's clock: the
  /// powers have been constant since it, so the stretch from it to now is added here and taken
  /// off the sums, which the ledger completes when its clock next moves.
  func takeHeatSinceLastPoll() -> (device: Int128, package: Int128) {
    let pending = now - ledger.clock
    let deviceStretch = Int128(ledger.totalPower) * Int128(pending)
    var packageStretch: Int128 = 0
    for component in ledger.packageComponents {
      packageStretch += Int128(ledger.componentPower[Int(component)]) * Int128(pending)
    }
    let taken = (ledger.heatEnergy + deviceStretch, ledger.packageEnergy + packageStretch)
    ledger.heatEnergy = -deviceStretch
    ledger.packageEnergy = -packageStretch
    return taken
  }

  /// A poll of the governor is due.
  func thermalPollDue() {
    let span = now - thermal.lastPoll
    let (device, package) = takeHeatSinceLastPoll()
    let levelBefore = thermal.level
    let stateBefore = thermal.poll(
      span: span, power: Int64(clamping: device / Int128(span)),
      packagePower: Int64(clamping: package / Int128(span)))
    thermal.lastPoll = now
    if thermal.level != levelBefore { applyThermalCaps() }
    if thermal.state != stateBefore { thermalStateChanged(to: thermal.state) }
    let packageNow = packagePowerNow()
    if thermal.isFixedPoint(
      span: thermal.poll, power: ledger.totalPower, packagePower: packageNow)
    {
      // Polls at these powers change nothing: rest until the power changes.
      thermal.isResting = true
      thermal.restingPower = ledger.totalPower
      thermal.restingPackagePower = packageNow
    } else {
      scheduleThermalPoll()
    }
  }

  /// The package's power now, nW.
  private func packagePowerNow() -> Int64 {
    var power: Int64 = 0
    for component in ledger.packageComponents { power += ledger.componentPower[Int(component)] }
    return power
  }

  /// After an event while the governor rests: if the device's or the package's power changed,
  /// the polls since the last one (each a poll that changed nothing: the powers were those it
  /// rests at until now) are booked to the state and the throttling, and polling resumes on its
  /// grid. Exactly what polling every interval would have done.
  func thermalPowerChanged() {
    let packageNow = packagePowerNow()
    guard ledger.totalPower != thermal.restingPower || packageNow != thermal.restingPackagePower
    else { return }
    let passed = (now - thermal.lastPoll) / thermal.poll
    let span = Int128(passed) * Int128(thermal.poll)
    thermal.timeInState[thermal.state.rawValue] += span
    if thermal.isThrottled { thermal.throttledTime += span }
    thermal.lastPoll += passed * thermal.poll
    // The energy since the last poll (on the grid) at the powers it rested at; what the ledger
    // summed while it rested is dropped.
    _ = takeHeatSinceLastPoll()
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

  /// The thermal state changed to `state` at this poll: the one place the engine announces it.
  ///
  /// Workloads that react to the thermal state (`on: thermal-serious` / `thermal-nominal`,
  /// `when: thermal-nominal`, see *OS policies*) are told from here: rising to serious or above
  /// is the event `thermal-serious`, falling back below serious `thermal-nominal` (a change
  /// between nominal and fair, or between serious and critical, is no event).
  ///
  /// Animations with a frame-rate range are capped at 60 Hz from serious on, as in Low Power Mode
  /// (see *OS policies*: the platforms lower the frame rate under thermal pressure).
  func thermalStateChanged(to state: ThermalState) {
    let isNominal = state < .serious
    guard isNominal != reactions.thermalIsNominal else { return }
    systemEventOccurred(isNominal ? .thermalNominal : .thermalSerious)
    frameRateCapChanged()
  }
}
