public import Quantities

/// The account of one run: energy per component, state and workload, latency, and battery.
public struct RunResult: Sendable {
  /// Length of the run.
  public var duration: TimeSpan
  /// Total energy of the device.
  public var energy: Energy
  /// Components in device order.
  public var components: [ComponentResult]
  /// Workloads in name order.
  public var workloads: [WorkloadResult]
  /// Energy attributed to no workload (floors, idle before any work, the display), per
  /// component in device order.
  public var unattributedByComponent: [Energy]
  /// Latency per QoS class, over the occurrences whose first step has that class.
  public var latencyByQoS: [QoSClass: LatencySummary]
  /// Latency, dropped frames and deadline misses per QoS class, highest class first; a class
  /// appears when at least one workload's first work object has it.
  public var qosClasses: [QoSResult] = []
  /// The battery account, when the device has a battery.
  public var battery: BatteryResult?
  /// Events the engine processed.
  public var processedEvents: Int
  /// The highest total power held for a non-zero time (see *Results and accounting*).
  public var peakPower: Power = .zero
  /// The apps, in name order: the declared ones, or the implicit app `app` when the scenario
  /// declares none (see *Apps and push delivery*).
  public var apps: [AppResult] = []
  /// Whether the scenario declares apps (the run summary then lists them).
  public var declaresApps = false
  /// Time spent in Low Power Mode (see *Apps and push delivery* and *The command line*).
  public var lowPowerTime: TimeSpan = .zero
  /// The device's heat (see *Peripherals and recipes*); `nil` for a device without a thermal
  /// model.
  public var thermal: ThermalResult?

  /// Average power over the run.
  public var averagePower: Power { energy.averagePower(over: duration) }

  /// Total unattributed energy.
  public var unattributedEnergy: Energy { unattributedByComponent.reduce(.zero, +) }
}

/// One top-level component's account.
public struct ComponentResult: Sendable {
  /// Name in the device.
  public var name: String
  /// Model type (`cpu`, `radio`, …).
  public var typeName: String
  /// Total energy.
  public var energy: Energy
  /// The deepest state's power for the whole run.
  public var floor: Energy
  /// Waking, holding and intermediate idle states above the floor.
  public var fixed: Energy
  /// Serving work above the floor (for hosts: being busy for their children).
  public var dynamic: Energy
  /// Wake-ups (for the CPU: package wake-ups).
  public var wakeups: Int
  /// The nodes the component is made of: itself, or its clusters and cores.
  public var nodes: [NodeResult]
}

/// One node's account (`cpu/big/core0`): residency and energy per state.
public struct NodeResult: Sendable {
  /// `component`, or `component/cluster`, or `component/cluster/coreN`.
  public var path: String
  /// States in ladder order, then `waking` (for the display: `off` and `on <rate>`).
  public var states: [StateResult]
  /// Wake-ups of this node (transitions out of an idle state with non-zero wake latency).
  public var wakeups: Int
}

/// Time and energy in one state.
public struct StateResult: Sendable {
  /// The state's name.
  public var name: String
  /// Time spent in it.
  public var residency: TimeSpan
  /// Energy spent in it.
  public var energy: Energy
  /// Wake-ups out of it.
  public var wakeups: Int
}

/// One workload's account.
public struct WorkloadResult: Sendable {
  /// The workload's name.
  public var name: String
  /// Occurrences that started (dropped frames excluded).
  public var occurrences: Int
  /// Occurrences still running when the run ended, or cut off when the device shut down (left
  /// out of latency).
  public var unfinished: Int
  /// Occurrences that fell due and never ran: lost while the device was shut down (see *Results and
  /// accounting*)
  ///, held while the app was suspended and superseded by a later one or still held at the
  /// end (see *Apps and push delivery*), or low-priority pushes collapsed into a later one or still
  /// held by the push service at the end (see *Apps and push delivery*).
  public var held: Int = 0
  /// The app the workload belongs to (`app`, the implicit app, when the scenario declares none).
  public var app: String = AppSpec.implicitName
  /// Frames dropped because the previous frame was still in its CPU stage or two earlier frames
  /// were still in flight (see *OS policies*).
  public var droppedFrames: Int
  /// Deferrable occurrences that completed after their deadline.
  public var deadlineMisses: Int
  /// Range-timer firings that came early, with another wake-up.
  public var coalescedFirings: Int
  /// Due times of a repeating timer that a late firing passed and covered: the timer fired once
  /// for them (see *OS policies*).
  public var skipped: Int = 0
  /// Time the workload held the device awake (`{ "hold": "awake" }`, see *OS policies*): the union
  /// of its holds, up to the end of the run.
  public var heldAwake: TimeSpan = .zero
  /// Latency of completed occurrences.
  public var latency: LatencySummary?
  /// Energy attributed to the workload, per component in device order.
  public var energyByComponent: [Energy] {
    get {
      var energies = Array(leadingEnergies)
      energies.append(contentsOf: repeatElement(.zero, count: componentCount - energies.count))
      return energies
    }
    set {
      componentCount = newValue.count
      let leading = newValue[..<(newValue.lastIndex { $0 != .zero }.map { $0 + 1 } ?? 0)]
      energyRows = Array(leading)
      row = 0..<leading.count
    }
  }
  /// ``energyByComponent`` without its trailing zeros: a workload books energy on the first few
  /// components of most devices (the platform and the CPU come first), and 100,000 workloads each
  /// with a row for every component of a phone held 26 MB.
  private var leadingEnergies: ArraySlice<Energy> { energyRows[row] }
  /// The array that holds the row, at `row`: in a run's result, one array holds every
  /// workload's row end to end (an array per workload cost a hundred thousand workloads 8 MB of
  /// headers and blocks for rows of two or three energies). Arrays are values: a row set later
  /// gets an array of its own, and the others' rows are untouched.
  private var energyRows: [Energy] = []
  private var row = 0..<0
  /// The number of components ``energyByComponent`` counts (the device's, in a result of a run).
  public private(set) var componentCount = 0

  /// The energy attributed to the workload on the component at `index` in device order:
  /// `energyByComponent[index]`, read from the stored row without building the whole array
  /// (zero past the row's end, where only zeros were trimmed).
  ///
  /// `index` must be below ``componentCount``, as for ``energyByComponent``.
  public func energy(onComponent index: Int) -> Energy {
    precondition(index >= 0 && index < componentCount, "no component at index \(index)")
    return index < row.count ? energyRows[row.lowerBound + index] : .zero
  }

  /// A workload's account (what the synthesized initializer took), its energy given as the row
  /// the result stores: `rows[row]`, the energy per component in device order up to the last
  /// component with any (the rest zero), of `componentCount` components in all.
  init(
    name: String, occurrences: Int, unfinished: Int, held: Int = 0,
    app: String = AppSpec.implicitName, droppedFrames: Int, deadlineMisses: Int,
    coalescedFirings: Int, skipped: Int = 0, heldAwake: TimeSpan = .zero,
    latency: LatencySummary? = nil, energyRows rows: [Energy], row: Range<Int>, componentCount: Int
  ) {
    assert(
      row.count <= componentCount && (row.isEmpty || rows[row.upperBound - 1] != .zero),
      "the stored row ends at its last non-zero energy and has no more than componentCount entries"
    )
    self.name = name
    self.occurrences = occurrences
    self.unfinished = unfinished
    self.held = held
    self.app = app
    self.droppedFrames = droppedFrames
    self.deadlineMisses = deadlineMisses
    self.coalescedFirings = coalescedFirings
    self.skipped = skipped
    self.heldAwake = heldAwake
    self.latency = latency
    energyRows = rows
    self.row = row
    self.componentCount = componentCount
  }

  /// Total attributed energy.
  public var energy: Energy { leadingEnergies.reduce(.zero, +) }
}

/// One app's account (*The command line* `apps.csv`).
public struct AppResult: Sendable {
  /// The app's name.
  public var name: String
  /// Energy attributed to the app's workloads.
  public var energy: Energy
  /// Time in the foreground.
  public var foregroundTime: TimeSpan
  /// Time in the background, running (within its grant, or unlimited).
  public var backgroundTime: TimeSpan
  /// Time suspended.
  public var suspendedTime: TimeSpan
  /// Occurrences of the app's workloads that fell due and never ran (see
  /// ``WorkloadResult/held``).
  public var held: Int
  /// Frames that waited for the app's main thread and completed after their deadline (see *OS
  /// policies*).
  public var hitches = 0
  /// The late frames' lateness beyond their deadlines, each stretch counted once.
  public var hitchTime: TimeSpan = .zero
  /// The time the app's animations had frames due (each frame's interval, counted once).
  public var animationTime: TimeSpan = .zero
  /// Stretches over 250 ms in which the app's main thread was held without a break.
  public var hangs = 0
  /// Whether a workload of the app runs on its main thread (`"thread": "main"`).
  public var usesMainThread = false

  /// Milliseconds of hitch time per second of animation; `nil` without animation time.
  public var hitchTimeRatio: Double? {
    guard animationTime > .zero else { return nil }
    return Double(hitchTime.nanoseconds) / 1e6 / (Double(animationTime.nanoseconds) / 1e9)
  }
}

/// The latency account of the workloads of one QoS class (a workload's class is its first work
/// object's `qos`).
public struct QoSResult: Sendable {
  /// The class.
  public var qos: QoSClass
  /// Workloads of the class.
  public var workloads: Int
  /// Occurrences that started.
  public var occurrences: Int
  /// Occurrences still running at the end (left out of latency).
  public var unfinished: Int
  /// Frames dropped because the previous frame was still in its CPU stage or two earlier frames
  /// were still in flight (see *OS policies*).
  public var droppedFrames: Int
  /// Deferrable occurrences that completed after their deadline.
  public var deadlineMisses: Int
  /// Range-timer firings that came early, with another wake-up.
  public var coalescedFirings: Int
  /// Latency of every completed occurrence of the class's workloads.
  public var latency: LatencySummary?
  /// The time cores spent running the class's work (every CPU step of that class, whatever the
  /// workload's first class), core-seconds: two cores for 1 s are 2 s.
  public var cpuTime: TimeSpan = .zero

  /// An account; every count starts at zero.
  public init(
    qos: QoSClass, workloads: Int = 0, occurrences: Int = 0, unfinished: Int = 0,
    droppedFrames: Int = 0, deadlineMisses: Int = 0, coalescedFirings: Int = 0,
    latency: LatencySummary? = nil
  ) {
    self.qos = qos
    self.workloads = workloads
    self.occurrences = occurrences
    self.unfinished = unfinished
    self.droppedFrames = droppedFrames
    self.deadlineMisses = deadlineMisses
    self.coalescedFirings = coalescedFirings
    self.latency = latency
  }
}

/// The battery's account (see *Results and accounting*).
public struct BatteryResult: Sendable {
  /// Capacity when full.
  public var capacity: Energy
  /// Energy drawn from the battery (while unplugged).
  public var drawnEnergy: Energy
  /// Energy the charger supplied to the device while plugged in.
  public var chargerEnergy: Energy
  /// Time unplugged.
  public var unpluggedTime: TimeSpan
  /// When the battery first ran out, if it did: the device then shut down until charging
  /// started (see *Results and accounting*).
  public var ranOutAt: Instant?
  /// How long the device was shut down, over the whole run.
  public var offTime: TimeSpan = .zero
  /// The lowest state of charge reached.
  public var lowestStateOfCharge: Fraction = Fraction(1)
  /// State of charge at the end.
  public var endStateOfCharge: Fraction
  /// Battery life: capacity ÷ average drain over the unplugged time the device ran; `nil` when
  /// nothing was drawn, and when the battery ran out (its ``ranOutAt`` stands instead: a life
  /// computed from a run that went flat would promise more than the battery gave).
  public var life: TimeSpan?
  /// The battery's nominal voltage, when the device file gives one (a capacity in mAh): the
  /// energies are then also reported in mAh at it.
  public var nominalVoltage: Voltage? = nil

  /// `energy` as charge at the nominal voltage, in mAh (1 mAh at V volts is 3.6·V J); `nil`
  /// without a nominal voltage.
  public func milliampHours(_ energy: Energy) -> Double? {
    guard let volts = nominalVoltage?.volts, volts > 0 else { return nil }
    return Double(energy.attojoules) / 1e18 / (3.6 * volts)
  }
}

/// What the thermal model reports of a run (see *Peripherals and recipes*).
public struct ThermalResult: Sendable, Hashable {
  /// The time spent in each thermal state, in ``ThermalState`` order (they add up to the run).
  public var timeInState: [TimeSpan]
  /// The time with a CPU or GPU clock capped by the governor.
  public var throttledTime: TimeSpan
  /// The highest temperature at a poll.
  public var peakTemperature: Temperature
  /// The temperature at the last poll.
  public var finalTemperature: Temperature

  /// A thermal account.
  public init(
    timeInState: [TimeSpan], throttledTime: TimeSpan, peakTemperature: Temperature,
    finalTemperature: Temperature
  ) {
    self.timeInState = timeInState
    self.throttledTime = throttledTime
    self.peakTemperature = peakTemperature
    self.finalTemperature = finalTemperature
  }

  /// The time spent in `state`.
  public func time(in state: ThermalState) -> TimeSpan { timeInState[state.rawValue] }
}
