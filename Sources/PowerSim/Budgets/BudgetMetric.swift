/// What a budget limits: a figure of a run, of one component, or of one workload.
///
/// The raw value is the key a budgets file uses (`"latency_p99"`). Values are in base units:
/// joules, watts, seconds, a count, or a fraction from 0 to 1.
public enum BudgetMetric: String, CaseIterable, Hashable, Sendable {
  /// Energy used (the run's, a component's, or attributed to a workload), in joules.
  case energy
  /// Energy drawn from the battery, in joules.
  case batteryEnergy = "battery_energy"
  /// Energy divided by the run's duration, in watts.
  case averagePower = "average_power"
  /// The highest total power held for a non-zero time, in watts.
  case peakPower = "peak_power"
  /// Wake-ups from the deepest state: a component's, or all components' together.
  case wakeups
  /// A component's energy in its deepest state for the whole run, in joules.
  case floor
  /// A component's energy above its floor spent waking, holding and idling, in joules.
  case fixed
  /// A component's energy above its floor spent serving work, in joules.
  case dynamic
  /// A workload's median latency, in seconds.
  case latencyP50 = "latency_p50"
  /// The 99th percentile of latency, in seconds: a workload's, or the worst workload's for a
  /// run.
  case latencyP99 = "latency_p99"
  /// A workload's longest latency, in seconds.
  case latencyMax = "latency_max"
  /// How many times a workload ran.
  case occurrences
  /// A workload's dropped frames.
  case droppedFrames = "dropped_frames"
  /// A workload's occurrences still running at the end, or cut off by an empty battery.
  case unfinished
  /// A workload's time holding the device awake (`held_awake_s`), in seconds: Android vitals
  /// flags more than 2 h of partial wake locks in 24 h.
  case heldAwake = "held_awake"
  /// Battery life (capacity ÷ average drain while unplugged), in seconds; when the battery ran
  /// out, the time it lasted from the start of the run.
  case batteryLife = "battery_life"
  /// The lowest state of charge reached, from 0 to 1.
  case minCharge = "min_charge"

  /// Where a budget can limit a figure.
  public enum Scope: Hashable, Sendable, CustomStringConvertible {
    /// The whole run.
    case run
    /// The top-level component with this name.
    case component(String)
    /// The workload with this name.
    case workload(String)

    /// The metrics a budget can limit at this scope.
    public var metrics: [BudgetMetric] {
      switch self {
      case .run:
        [
          .energy, .batteryEnergy, .averagePower, .peakPower, .wakeups, .latencyP99,
          .batteryLife, .minCharge,
        ]
      case .component: [.energy, .floor, .fixed, .dynamic, .averagePower, .wakeups]
      case .workload:
        [
          .energy, .latencyP50, .latencyP99, .latencyMax, .occurrences, .droppedFrames,
          .unfinished, .heldAwake,
        ]
      }
    }

    /// `run`, `components.NAME` or `workloads.NAME`: the scope as budget records name it.
    public var description: String {
      switch self {
      case .run: "run"
      case .component(let name): "components.\(name)"
      case .workload(let name): "workloads.\(name)"
      }
    }

    /// The scope a record names (`run`, `components.NAME`, `workloads.NAME`), if any.
    init?(recorded text: String) {
      if text == "run" {
        self = .run
      } else if text.hasPrefix("components.") {
        self = .component(String(text.dropFirst("components.".count)))
      } else if text.hasPrefix("workloads.") {
        self = .workload(String(text.dropFirst("workloads.".count)))
      } else {
        return nil
      }
    }
  }

  /// The kind of quantity the metric measures.
  enum Kind {
    case energy, power, time, count, fraction
  }

  /// The kind of quantity the metric measures, which says how a limit is written and read.
  var kind: Kind {
    switch self {
    case .energy, .batteryEnergy, .floor, .fixed, .dynamic: .energy
    case .averagePower, .peakPower: .power
    case .latencyP50, .latencyP99, .latencyMax, .batteryLife, .heldAwake: .time
    case .wakeups, .occurrences, .droppedFrames, .unfinished: .count
    case .minCharge: .fraction
    }
  }

  /// The base unit of the metric's values: `J`, `W`, `s`, or empty for counts and fractions.
  public var unit: String {
    switch kind {
    case .energy: "J"
    case .power: "W"
    case .time: "s"
    case .count, .fraction: ""
    }
  }
}
