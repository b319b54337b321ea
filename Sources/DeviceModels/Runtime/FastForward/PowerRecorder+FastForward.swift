/// One period of the components' power curve, as the fast-forward saw it (see *The fast-forward*):
/// each component's power from the period's start, piecewise constant, repeated period after
/// period. It gives the exact integer energy of any stretch of the repeated curve, so that bins and
/// the battery come out as if every change had been booked one by one.
struct PeriodPowerCurve {
  let period: Int64
  /// Per component: the power at the period's start.
  private let initial: [Int64]
  /// The changes, component after component (component `c`'s at `first[c]..<first[c + 1]`), each
  /// component's in order: its time from the start, ascending, in `(0, period]`, the power from
  /// then, and the energy up to it. Flat, so that a curve costs four arrays, not three per
  /// component.
  private var first: [Int]
  private var times: [Int64]
  private var powers: [Int64]
  private var energyBefore: [Int128]
  /// Per component: the energy of a whole period.
  private var periodEnergy: [Int128]

  /// The curve of a period that starts with `initial` powers and changes as `log` says (times
  /// relative to the period's start).
  init(period: Int64, initial: [Int64], log: [PowerChange]) {
    self.period = period
    self.initial = initial
    let count = initial.count
    // Each component's changes counted, then placed in order at its own offset.
    first = [Int](repeating: 0, count: count + 1)
    for change in log { first[Int(change.component) + 1] += 1 }
    for component in 0..<count { first[component + 1] += first[component] }
    var next = Array(first[0..<count])
    times = [Int64](repeating: 0, count: log.count)
    powers = [Int64](repeating: 0, count: log.count)
    energyBefore = [Int128](repeating: 0, count: log.count)
    periodEnergy = Array(repeating: 0, count: count)
    var current = initial
    var since = [Int64](repeating: 0, count: count)
    var energy = [Int128](repeating: 0, count: count)
    for change in log {
      let component = Int(change.component)
      energy[component] += Int128(current[component]) * Int128(change.time - since[component])
      let at = next[component]
      next[component] += 1
      times[at] = change.time
      powers[at] = change.power
      energyBefore[at] = energy[component]
      current[component] = change.power
      since[component] = change.time
    }
    for component in 0..<count {
      periodEnergy[component] =
        energy[component] + Int128(current[component]) * Int128(period - since[component])
    }
  }

  /// How many components the curve has.
  var componentCount: Int { initial.count }

  /// `component`'s power at the period's start.
  func initialPower(of component: Int) -> Int64 { initial[component] }

  /// `component`'s energy from the start of the repeated curve to `offset` ns after it.
  func energy(of component: Int, upTo offset: Int64) -> Int128 {
    let periods = offset / period
    let rest = offset % period
    let start = first[component]
    var low = start
    var high = first[component + 1]
    while low < high {
      let middle = (low + high) / 2
      if times[middle] <= rest { low = middle + 1 } else { high = middle }
    }
    let partial: Int128
    if low == start {
      partial = Int128(initial[component]) * Int128(rest)
    } else {
      let change = low - 1
      partial = energyBefore[change] + Int128(powers[change]) * Int128(rest - times[change])
    }
    return Int128(periods) * periodEnergy[component] + partial
  }

  /// The device's energy from the start of the repeated curve to `offset` ns after it.
  func totalEnergy(upTo offset: Int64) -> Int128 {
    var sum: Int128 = 0
    for component in initial.indices { sum += energy(of: component, upTo: offset) }
    return sum
  }
}

/// A change of a component's power during a watched period (see ``EnergyLedger/powerLog``).
struct PowerChange {
  var time: Int64
  var component: Int32
  var power: Int64
}

extension PowerRecorder {
  /// Books the repeated `curve` from `start` (the ledger's clock, where the curve's period
  /// starts) to `end`, as booking each of its changes would have: the bins that close on the way
  /// and the battery. Not used across the exact window (the fast-forward stops before it).
  mutating func fastForward(from start: Int64, to end: Int64, curve: PeriodPowerCurve) {
    let chargeAtStart = battery?.charge
    // The device's energy from `start` to `end`, summed from the components' when the bins
    // have computed them.
    var total: Int128?
    if binWidth > 0 {
      precondition(curve.componentCount == componentCount, "a curve of other components")
      for component in 0..<componentCount {
        currentEnergy[component] +=
          Int128(curve.initialPower(of: component)) * Int128(start - bookedUntil[component])
        bookedUntil[component] = start
      }
      // Each component's energy from `start` to where it is booked (the last bin's end): each
      // bin's energy is read once.
      var booked = [Int128](repeating: 0, count: componentCount)
      while Int64(currentBin + 1) * binWidth <= end {
        let binEnd = Int64(currentBin + 1) * binWidth
        var binTotal: Int128 = 0
        for component in 0..<componentCount {
          let energy = curve.energy(of: component, upTo: binEnd - start)
          currentEnergy[component] += energy - booked[component]
          booked[component] = energy
          binTotal += energy
          bookedUntil[component] = binEnd
        }
        if pendingBins.isEmpty { pendingFirstBin = currentBin }
        pendingBins.append(contentsOf: UnsafeBufferPointer(currentEnergy))
        if let soc = currentStateOfCharge { pendingStateOfCharge.append(soc) }
        for component in 0..<componentCount { currentEnergy[component] = 0 }
        currentBin += 1
        if let battery, let chargeAtStart {
          var copy = battery
          copy.charge = chargeAtStart
          copy.fastForward(energy: binTotal, duration: binEnd - start)
          currentStateOfCharge = copy.stateOfCharge
        }
        if pendingBins.count >= Self.batchSize * componentCount { flushBins() }
      }
      var endTotal: Int128 = 0
      for component in 0..<componentCount {
        let energy = curve.energy(of: component, upTo: end - start)
        currentEnergy[component] += energy - booked[component]
        endTotal += energy
        bookedUntil[component] = end
      }
      total = endTotal
    }
    battery?.fastForward(
      energy: total ?? curve.totalEnergy(upTo: end - start), duration: end - start)
  }
}

extension BatteryTracker {
  /// Books `duration` ns during which the device drew `energy` in all, never reaching empty (the
  /// fast-forward stops before any battery threshold, see
  /// ``DeviceSimulation/batteryThresholds(capacity:)``): the same sums as booking it piece by
  /// piece.
  mutating func fastForward(energy: Int128, duration: Int64) {
    guard duration > 0 else { return }
    if isCharging {
      chargerEnergy += energy
      charge = min(capacity, charge + Int128(chargePower) * Int128(duration))
      return
    }
    drawnEnergy += energy
    unpluggedTime += duration
    precondition(charge > energy, "a fast-forward across an empty battery")
    charge -= energy
    if charge < lowestCharge { lowestCharge = charge }
  }
}
