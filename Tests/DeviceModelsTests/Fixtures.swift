import DeviceModels
import Quantities
import Testing

/// Small builders so each test states its device and workloads in a few readable lines.
enum Fixture {
  static func ms(_ value: Int64) -> TimeSpan { .milliseconds(value) }
  static func s(_ value: Int64) -> TimeSpan { .seconds(value) }
  static func at(_ span: TimeSpan) -> Instant { Instant(nanosecondsSinceStart: span.nanoseconds) }
  static func mW(_ value: Double) -> Power { .milliwatts(value) }

  /// An environment with only the radio `radio` (LTE by default) online from the start until
  /// `duration`, no charger, the battery full.
  static func online(_ radio: String = "lte", for duration: TimeSpan) -> EnvironmentSpec {
    EnvironmentSpec(
      network: [NetworkInterval(range: TimeRange(start: .start, end: at(duration)), radio: radio)],
      charging: [], batteryStart: .one)
  }

  /// A state below the active one.
  static func state(
    _ name: String, _ power: Power, after: TimeSpan = .zero, wake: TimeSpan = .zero,
    wakePower: Power? = nil, minResidency: TimeSpan = .zero, active: Power
  ) -> LadderState {
    LadderState(
      name: name, power: power, after: after, wakeLatency: wake, wakePower: wakePower ?? active,
      minimumResidency: minResidency)
  }

  /// A timeout ladder of two states: `activeName` drawing `active` (and waking at it), and
  /// `idleName` drawing `idle`, entered `after` the last work, waking in `wake`.
  static func twoStateLadder(
    _ activeName: String, _ active: Power, then idleName: String, _ idle: Power,
    after: TimeSpan = .zero, wake: TimeSpan = .zero
  ) -> Ladder {
    Ladder(
      states: [
        LadderState(name: activeName, power: active, wakePower: active),
        state(idleName, idle, after: after, wake: wake, active: active),
      ], idlePolicy: .timeout)
  }

  /// The GPS of *The power-state ladder*'s worked example: active 300 mW; hot 60 mW after 1 s,
  /// waking in 20 ms; off 0 W after 6 s, waking in 800 ms at 200 mW.
  static var gpsLadder: Ladder {
    let active = mW(300)
    return Ladder(
      states: [
        LadderState(name: "active", power: active, wakePower: active),
        state("hot", mW(60), after: s(1), wake: ms(20), active: active),
        state("off", .zero, after: s(6), wake: ms(800), wakePower: mW(200), active: active),
      ], idlePolicy: .timeout)
  }

  static func device(_ components: [ComponentSpec], battery: BatterySpec? = nil) -> DeviceSpec {
    DeviceSpec(name: "test", components: components, battery: battery)
  }

  static func generic(_ name: String, _ ladder: Ladder, parent: ParentReference = .platform)
    -> ComponentSpec
  {
    ComponentSpec(name: name, model: .generic(ladder), parent: parent)
  }

  static func platform(_ ladder: Ladder) -> ComponentSpec {
    ComponentSpec(name: "platform", model: .platform(ladder), parent: .none)
  }

  /// Work that keeps generic component `name` active for `duration`.
  static func uses(_ name: String, for duration: TimeSpan) -> WorkSpec {
    [WorkStepSpec(generic: [GenericStep(component: name, duration: duration)])]
  }

  static func setup(
    _ device: DeviceSpec, _ workloads: [WorkloadSpec], duration: TimeSpan,
    environment: EnvironmentSpec = EnvironmentSpec(network: [], charging: [], batteryStart: .one),
    display: [DisplaySession] = [], visibility: [TimeRange]? = nil, seed: UInt64 = 0
  ) -> SimulationSetup {
    SimulationSetup(
      device: device, workloads: workloads, environment: environment, display: display,
      visibility: visibility, duration: duration, seed: seed)
  }

  static func run(_ setup: SimulationSetup, recording: RecordingOptions = RecordingOptions())
    -> RunResult
  {
    Simulation(setup: setup, recording: recording).run()
  }
}

extension Fixture {
  /// The invariants of *Results and accounting* on a run of `duration` recorded in bins by
  /// `collector`: components add up to the total; floor + fixed + dynamic add up to each component,
  /// fixed never negative; every node's residencies add up to the duration (and a single node's
  /// state energies to its component's); attribution plus unattributed adds up per component, the
  /// floor unattributed; the binned series integrates to the total.
  static func expectInvariants(
    _ result: RunResult, duration: TimeSpan, collector: PowerSeriesCollector,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let total = result.components.reduce(Energy.zero) { $0 + $1.energy }
    #expect(total == result.energy, sourceLocation: sourceLocation)
    for (index, component) in result.components.enumerated() {
      #expect(
        component.floor + component.fixed + component.dynamic == component.energy,
        "\(component.name)", sourceLocation: sourceLocation)
      #expect(component.fixed >= .zero, "\(component.name)", sourceLocation: sourceLocation)
      for node in component.nodes {
        let residency = node.states.reduce(TimeSpan.zero) { $0 + $1.residency }
        #expect(residency == duration, "\(node.path)", sourceLocation: sourceLocation)
        let stateEnergy = node.states.reduce(Energy.zero) { $0 + $1.energy }
        if component.nodes.count == 1 {
          #expect(stateEnergy == component.energy, sourceLocation: sourceLocation)
        }
      }
      let attributed = result.workloads.reduce(Energy.zero) { $0 + $1.energyByComponent[index] }
      #expect(
        attributed + result.unattributedByComponent[index] == component.energy,
        sourceLocation: sourceLocation)
      #expect(
        component.floor <= result.unattributedByComponent[index], sourceLocation: sourceLocation)
    }
    let binned = collector.bins?.energies.reduce(Int128(0), +)
    #expect(binned == result.energy.attojoules, sourceLocation: sourceLocation)
  }
}

extension RunResult {
  func component(_ name: String) -> ComponentResult {
    components.first { $0.name == name }!
  }

  func workload(_ name: String) -> WorkloadResult {
    workloads.first { $0.name == name }!
  }
}

extension ComponentResult {
  /// The state of the component's first node.
  func state(_ name: String, node: String? = nil) -> StateResult {
    let target = nodes.first { $0.path == (node ?? self.name) }!
    return target.states.first { $0.name == name }!
  }
}

/// Joules as exact attojoules, for hand-computed expectations: `joules(1.27)`.
func joules(_ value: Double) -> Energy { .joules(value) }
