import DeviceModels
import Quantities
import Reports
import ScenarioFiles

/// The energy account of one simulated run: the whole device, each component, each workload,
/// and the battery.
///
/// Every figure is the one `powersim run --json` prints for the same scenario and variant,
/// converted to the same `Double`: the simulator counts energy, power and time exactly in
/// whole attojoules, nanowatts and nanoseconds, and each figure is converted once to the
/// nearest `Double`. Average powers that are not terminating decimals are rounded to 17
/// significant digits first, as `--json` prints them.
public struct SimulationResult: Hashable, Sendable {
  /// The scenario's name (its `name`, else its file name).
  public var scenario: String
  /// The variant run (`baseline` for the scenario itself).
  public var variant: String
  /// How long the run lasted.
  public var duration: TimeSpan
  /// The energy the whole device used.
  public var energy: Energy
  /// The energy divided by the duration.
  public var averagePower: Power
  /// The highest total power held for a non-zero time.
  public var peakPower: Power
  /// The energy drawn from the battery (less than ``energy`` when a charger supplied some),
  /// or `nil` when the device has no battery.
  public var batteryEnergy: Energy? { battery?.energy }
  /// The battery's account, or `nil` when the device has no battery.
  public var battery: Battery?
  /// Each top-level component's account, keyed by component name (`cpu`, `cellular`, …).
  public var components: [String: Component]
  /// The components' names in the device's order (the order of `components.csv`).
  public var componentNames: [String]
  /// Each workload's account, keyed by workload name.
  public var workloads: [String: Workload]
  /// The energy no workload caused: every component's floor, and idle energy before any work.
  public var unattributedEnergy: Energy
  /// The wake-ups of every component together (the `wakeups` of `compare`'s table).
  public var wakeups: Int { components.values.reduce(0) { $0 + $1.wakeups } }

  /// One component's account.
  public struct Component: Hashable, Sendable {
    /// The component's name.
    public var name: String
    /// The energy it used: ``floor`` + ``fixed`` + ``dynamic``.
    public var energy: Energy
    /// Its deepest state's power for the whole run.
    public var floor: Energy
    /// Energy above the floor spent waking, holding and idling between work.
    public var fixed: Energy
    /// Energy above the floor spent serving work.
    public var dynamic: Energy
    /// Its energy divided by the run's duration.
    public var averagePower: Power
    /// How many times it woke from its deepest state.
    public var wakeups: Int
    /// Time and energy in each power state, keyed by state name; the states of a composite
    /// component's parts are keyed by path (`big/core0/active`).
    public var states: [String: State]
  }

  /// The time and energy a component spent in one power state.
  public struct State: Hashable, Sendable {
    /// How long the component was in the state.
    public var residency: TimeSpan
    /// The energy it used there.
    public var energy: Energy
  }

  /// One workload's account.
  public struct Workload: Hashable, Sendable {
    /// The workload's name.
    public var name: String
    /// The app it belongs to.
    public var app: String
    /// How many times it ran.
    public var occurrences: Int
    /// The energy attributed to it: the work it caused, the wakes it caused, and the holds and
    /// tails after it.
    public var energy: Energy
    /// Its latency (from falling due to finishing), or `nil` when no occurrence finished.
    public var latency: Latency?
    /// Frames that missed their deadline and were dropped.
    public var droppedFrames: Int
    /// Occurrences still running when the run ended or the battery ran out.
    public var unfinished: Int
    /// Occurrences that finished after their deadline.
    public var deadlineMisses: Int
    /// Occurrences that fell due while they could not run (the app suspended, the device off)
    /// and were lost.
    public var held: Int
    /// Due times of a repeating timer that a late firing passed and covered.
    public var skipped: Int
    /// Time it held the device awake (`{ "hold": "awake" }`).
    public var heldAwake: TimeSpan
  }

  /// The distribution of a workload's latency.
  public struct Latency: Hashable, Sendable {
    /// The median, by nearest rank.
    public var p50: TimeSpan
    /// The 99th percentile, by nearest rank.
    public var p99: TimeSpan
    /// The longest.
    public var max: TimeSpan
    /// How many latencies were recorded.
    public var count: Int
  }

  /// The battery's account.
  public struct Battery: Hashable, Sendable {
    /// The battery's capacity.
    public var capacity: Energy
    /// The energy drawn from the battery.
    public var energy: Energy
    /// The energy the charger supplied, to the device and to refill the battery.
    public var chargerEnergy: Energy
    /// How long the device ran unplugged.
    public var unpluggedTime: TimeSpan
    /// Capacity ÷ average drain over the unplugged time; `nil` when the device was never
    /// unplugged, or when the battery ran out (see ``ranOutAt``).
    public var life: TimeSpan?
    /// When, from the start of the run, the battery ran out, if it did.
    public var ranOutAt: TimeSpan?
    /// How long the device was off with an empty battery.
    public var offTime: TimeSpan
    /// The state of charge at the end, from 0 to 1.
    public var endCharge: Double
    /// The lowest state of charge reached, from 0 to 1.
    public var minimumCharge: Double
  }
}

extension SimulationResult {
  /// The account of `result`, a run of `scenario`, with every figure as `--json` prints it.
  init(_ result: RunResult, scenario: ScenarioFiles.Scenario) {
    self.scenario = scenario.name
    variant = scenario.variant
    duration = TimeSpan(result.duration)
    energy = Energy(result.energy)
    averagePower = Power(averageOf: result.energy, over: result.duration)
    peakPower = Power(result.peakPower)
    battery = result.battery.map(Battery.init)
    componentNames = result.components.map(\.name)
    var components: [String: Component] = [:]
    for component in result.components {
      components[component.name] = Component(component, duration: result.duration)
    }
    self.components = components
    var workloads: [String: Workload] = [:]
    for workload in result.workloads {
      workloads[workload.name] = Workload(workload)
    }
    self.workloads = workloads
    unattributedEnergy = Energy(result.unattributedEnergy)
  }
}

extension SimulationResult.Component {
  init(_ component: ComponentResult, duration: Quantities.TimeSpan) {
    name = component.name
    energy = Energy(component.energy)
    floor = Energy(component.floor)
    fixed = Energy(component.fixed)
    dynamic = Energy(component.dynamic)
    averagePower = Power(averageOf: component.energy, over: duration)
    wakeups = component.wakeups
    var states: [String: SimulationResult.State] = [:]
    for node in component.nodes {
      // Keyed as `--json` keys them: the component's own states by name, its parts' by path.
      let prefix = node.path == component.name ? "" : node.path + "/"
      for state in node.states {
        states[prefix + state.name] = SimulationResult.State(
          residency: TimeSpan(state.residency), energy: Energy(state.energy))
      }
    }
    self.states = states
  }
}

extension SimulationResult.Workload {
  init(_ workload: WorkloadResult) {
    name = workload.name
    app = workload.app
    occurrences = workload.occurrences
    energy = Energy(workload.energy)
    latency = workload.latency.map {
      SimulationResult.Latency(
        p50: TimeSpan($0.p50), p99: TimeSpan($0.p99), max: TimeSpan($0.max), count: $0.count)
    }
    droppedFrames = workload.droppedFrames
    unfinished = workload.unfinished
    deadlineMisses = workload.deadlineMisses
    held = workload.held
    skipped = workload.skipped
    heldAwake = TimeSpan(workload.heldAwake)
  }
}

extension SimulationResult.Battery {
  init(_ battery: BatteryResult) {
    capacity = Energy(battery.capacity)
    energy = Energy(battery.drawnEnergy)
    chargerEnergy = Energy(battery.chargerEnergy)
    unpluggedTime = TimeSpan(battery.unpluggedTime)
    life = battery.life.map(TimeSpan.init)
    ranOutAt = battery.ranOutAt.map {
      TimeSpan(Quantities.TimeSpan(nanoseconds: $0.nanosecondsSinceStart))
    }
    offTime = TimeSpan(battery.offTime)
    endCharge = battery.endStateOfCharge.value
    minimumCharge = battery.lowestStateOfCharge.value
  }
}

// The conversions read back the exact decimals `--json` prints, so each figure is the `Double`
// nearest that decimal, the one a JSON parser reads from `--json`.
extension Energy {
  init(_ energy: Quantities.Energy) {
    joules = Double(Units.joules(energy))!
  }
}

extension Power {
  init(_ power: Quantities.Power) {
    watts = Double(Units.watts(power))!
  }

  /// `energy` over `span`, as `--json` prints average powers.
  init(averageOf energy: Quantities.Energy, over span: Quantities.TimeSpan) {
    watts = Double(Units.averageWatts(energy, over: span))!
  }
}

extension TimeSpan {
  init(_ span: Quantities.TimeSpan) {
    seconds = Double(Units.seconds(span))!
  }
}
