import Quantities

/// Turns the ledger's power curve into the series users plot: fixed-width bins of energy per
/// component, the exact list of changes, and the battery's state of charge at the start of each
/// bin and at each change.
///
/// Completed bins and changes are handed to a ``PowerSeriesSink`` in batches, so a 24-hour run at
/// fine resolution streams to disk in constant memory.
struct PowerRecorder {
  let componentCount: Int
  /// Bin width in ns, 0 when no bins are recorded.
  let binWidth: Int64
  let sink: (any PowerSeriesSink)?
  var battery: BatteryTracker?

  /// The bin being filled and its energy per component, booked up to `bookedUntil` (per
  /// component: a component's energy is booked when its power changes and when a bin closes, so
  /// a change costs O(1), not O(components)). Booked at every change of power, they are tables
  /// in `memory`, not arrays, which would pay a uniqueness check per write.
  var currentBin = 0
  private let memory = TableMemory()
  let currentEnergy: UnsafeMutableBufferPointer<Int128>
  let bookedUntil: UnsafeMutableBufferPointer<Int64>
  var currentStateOfCharge: Double?
  var pendingBins: [Int128] = []
  var pendingStateOfCharge: [Double] = []
  var pendingFirstBin = 0

  /// Exact changes within the window.
  let exactWindow: TimeRange?
  /// The window's start, ns (`Int64.max` without a window): the row in force there is written
  /// at that time, with the state of charge the battery had then.
  private let exactWindowStart: Int64
  private var carriedStateOfCharge: Double?
  private var lastRow: [Int64]
  private var hasLastRow = false
  private var carriedRow: [Int64]
  private var hasCarriedRow = false
  private var pendingChangeTimes: [Int64] = []
  private var pendingChangePowers: [Int64] = []
  private var pendingChangeStateOfCharge: [Double] = []
  static let batchSize = 4096

  init(
    componentCount: Int, binWidth: Int64, exactWindow: TimeRange?, sink: (any PowerSeriesSink)?,
    battery: BatteryTracker?
  ) {
    self.componentCount = componentCount
    self.binWidth = binWidth
    self.sink = sink
    self.battery = battery
    self.exactWindow = exactWindow
    exactWindowStart = exactWindow?.start.nanosecondsSinceStart ?? .max
    currentEnergy = memory.table(repeating: 0, count: componentCount)
    bookedUntil = memory.table(repeating: 0, count: componentCount)
    currentStateOfCharge = battery?.stateOfCharge
    lastRow = Array(repeating: 0, count: componentCount)
    carriedRow = Array(repeating: 0, count: componentCount)
  }

  /// Whether anything but the battery is recorded.
  var recordsSeries: Bool { binWidth > 0 || exactWindow != nil }

  /// Books `[start, end)`, during which the powers were constant.
  @inline(__always)
  mutating func record(
    from start: Int64, to end: Int64, componentPower: UnsafeBufferPointer<Int64>, totalPower: Int64
  ) {
    if exactWindow != nil { recordChange(at: start, componentPower: componentPower) }
    guard binWidth > 0 else {
      advanceBattery(from: start, to: end, power: totalPower)
      return
    }
    var time = start
    while time < end {
      let binEnd = Int64(currentBin + 1) * binWidth
      let pieceEnd = min(binEnd, end)
      advanceBattery(from: time, to: pieceEnd, power: totalPower)
      time = pieceEnd
      if pieceEnd == binEnd { closeBin(at: binEnd, componentPower: componentPower) }
    }
  }

  /// Drains or charges the battery over `[start, end)`, at `power` nW from the device. A stretch
  /// that reaches the exact window's start from before it is booked in two parts, to note the
  /// state of charge there (the same charge as in one part: the battery's account is linear up
  /// to its bounds).
  @inline(__always)
  private mutating func advanceBattery(from start: Int64, to end: Int64, power: Int64) {
    guard battery != nil else { return }
    if start < exactWindowStart && exactWindowStart <= end {
      battery?.advance(by: exactWindowStart - start, at: start, power: power)
      carriedStateOfCharge = battery?.stateOfCharge
      battery?.advance(by: end - exactWindowStart, at: exactWindowStart, power: power)
    } else {
      battery?.advance(by: end - start, at: start, power: power)
    }
  }

  /// Books `component`'s energy at `power`, the power it had until now, before it changes at
  /// `time` (which is in the bin being filled).
  @inline(__always)
  mutating func componentPowerWillChange(_ component: Int, from power: Int64, at time: Int64) {
    guard binWidth > 0 else { return }
    book(component, power: power, until: time)
  }

  /// Adds `component`'s energy at `power` from where it was booked until `time`.
  @inline(__always)
  private mutating func book(_ component: Int, power: Int64, until time: Int64) {
    // A product of two 64-bit values is exact in 128 bits (`&*` skips the overflow check).
    currentEnergy[component] += Int128(power) &* Int128(time - bookedUntil[component])
    bookedUntil[component] = time
  }

  /// Flushes the last partial bin and every pending batch.
  mutating func finish(at end: Int64, componentPower: UnsafeBufferPointer<Int64>) {
    if exactWindow != nil {
      recordChange(at: end, componentPower: componentPower, isFinal: true)
      flushChanges()
    }
    if binWidth > 0 {
      if Int64(currentBin) * binWidth < end { closeBin(at: end, componentPower: componentPower) }
      flushBins()
    }
  }

  /// Books every component up to `time`, the bin's end (or the run's), and closes the bin.
  private mutating func closeBin(at time: Int64, componentPower: UnsafeBufferPointer<Int64>) {
    for component in 0..<componentCount {
      book(component, power: componentPower[component], until: time)
    }
    if pendingBins.isEmpty { pendingFirstBin = currentBin }
    pendingBins.append(contentsOf: UnsafeBufferPointer(currentEnergy))
    if let soc = currentStateOfCharge { pendingStateOfCharge.append(soc) }
    for component in 0..<componentCount { currentEnergy[component] = 0 }
    currentBin += 1
    currentStateOfCharge = battery?.stateOfCharge
    if pendingBins.count >= Self.batchSize * componentCount { flushBins() }
  }

  mutating func flushBins() {
    guard !pendingBins.isEmpty else { return }
    sink?.receive(
      PowerBins(
        binWidth: binWidth, firstBin: pendingFirstBin, componentCount: componentCount,
        energies: pendingBins, stateOfChargeAtStart: pendingStateOfCharge))
    pendingBins.removeAll(keepingCapacity: true)
    pendingStateOfCharge.removeAll(keepingCapacity: true)
  }

  /// Emits the powers that hold from `time`, unless they equal the last row; keeps to the window.
  /// Called before the battery is advanced past `time`, so its state of charge is the one at
  /// `time`.
  private mutating func recordChange(
    at time: Int64, componentPower: UnsafeBufferPointer<Int64>, isFinal: Bool = false
  ) {
    guard let window = exactWindow else { return }
    let from = window.start.nanosecondsSinceStart
    let to = window.end.nanosecondsSinceStart
    if !isFinal && time < from {
      // Copied element by element: sharing the ledger's array would make its next change copy
      // the whole array (an allocation per change before the window).
      for component in 0..<componentCount { carriedRow[component] = componentPower[component] }
      hasCarriedRow = true
      return
    }
    if hasCarriedRow && (time > from || isFinal) && !hasLastRow {
      let carried = carriedRow
      let charge = carriedStateOfCharge ?? battery?.stateOfCharge
      carried.withUnsafeBufferPointer { emitRow(at: from, powers: $0, stateOfCharge: charge) }
    }
    hasCarriedRow = false
    guard !isFinal, time < to else { return }
    if hasLastRow && lastRow.elementsEqual(componentPower) { return }
    emitRow(at: time, powers: componentPower, stateOfCharge: battery?.stateOfCharge)
  }

  private mutating func emitRow(
    at time: Int64, powers: UnsafeBufferPointer<Int64>, stateOfCharge: Double?
  ) {
    pendingChangeTimes.append(time)
    pendingChangePowers.append(contentsOf: powers)
    if let stateOfCharge { pendingChangeStateOfCharge.append(stateOfCharge) }
    for component in 0..<componentCount { lastRow[component] = powers[component] }
    hasLastRow = true
    if pendingChangeTimes.count >= Self.batchSize { flushChanges() }
  }

  private mutating func flushChanges() {
    guard !pendingChangeTimes.isEmpty else { return }
    sink?.receive(
      PowerChanges(
        componentCount: componentCount, times: pendingChangeTimes, powers: pendingChangePowers,
        stateOfCharge: pendingChangeStateOfCharge))
    pendingChangeTimes.removeAll(keepingCapacity: true)
    pendingChangePowers.removeAll(keepingCapacity: true)
    pendingChangeStateOfCharge.removeAll(keepingCapacity: true)
  }
}

/// The battery's state of charge: drained by the device while unplugged, refilled at the
/// charger's rate while plugged in (the charger then supplies the device).
struct BatteryTracker {
  let capacity: Int128
  let chargePower: Int64
  var charge: Int128
  var isCharging = false
  var drawnEnergy: Int128 = 0
  var chargerEnergy: Int128 = 0
  var unpluggedTime: Int64 = 0
  private(set) var ranOutAt: Int64?
  /// The lowest charge reached.
  var lowestCharge: Int128

  init(capacity: Int128, chargePower: Int64, startFraction: Double) {
    self.capacity = capacity
    self.chargePower = chargePower
    // A full battery holds exactly its capacity (a Double would round a large capacity).
    charge =
      startFraction >= 1 ? capacity : Int128((Double(capacity) * startFraction).rounded())
    lowestCharge = charge
  }

  /// The lowest state of charge reached, as a fraction of capacity.
  var lowestStateOfCharge: Double {
    capacity == 0 ? 0 : Double(nearest: lowestCharge) / Double(nearest: capacity)
  }

  /// The state of charge as a fraction of capacity.
  var stateOfCharge: Double {
    capacity == 0 ? 0 : Double(nearest: charge) / Double(nearest: capacity)
  }

  /// Notes that the battery is empty at `time` (it may have started so, with nothing drawn).
  mutating func markEmpty(at time: Int64) {
    if ranOutAt == nil { ranOutAt = time }
    lowestCharge = 0
  }

  /// Books `duration` ns starting at `start` during which the device drew `power` nW.
  mutating func advance(by duration: Int64, at start: Int64, power: Int64) {
    guard duration > 0 else { return }
    let energy = Int128(power) &* Int128(duration)
    if isCharging {
      chargerEnergy += energy
      charge = min(capacity, charge + Int128(chargePower) &* Int128(duration))
      return
    }
    drawnEnergy += energy
    unpluggedTime += duration
    guard energy > 0 else { return }
    if charge > energy {
      charge -= energy
      if charge < lowestCharge { lowestCharge = charge }
      return
    }
    lowestCharge = 0
    if ranOutAt == nil {
      // The first nanosecond at which the drawn energy reaches the charge left.
      let power128 = Int128(power)
      let nanoseconds = (charge + power128 - 1) / power128
      ranOutAt = start + Int64(nanoseconds)
    }
    charge = 0
  }
}
