public import Quantities

/// Which component a component hangs from: it cannot be active while its parent sleeps.
public enum ParentReference: Sendable, Hashable {
  /// The device's platform component, if it has one (the default for all but an island).
  case platform
  /// No parent.
  case none
  /// The component of that name.
  case named(String)
}

/// One component of a device, as the simulator receives it: validated and with defaults filled.
public struct ComponentSpec: Sendable, Hashable {
  /// The component's name in the device (`cpu`, `wifi`, `gps`).
  public var name: String
  /// What the component is, with its model's parameters.
  public var model: ComponentModel
  /// The component it hangs from.
  public var parent: ParentReference

  /// A component.
  public init(name: String, model: ComponentModel, parent: ParentReference) {
    self.name = name
    self.model = model
    self.parent = parent
  }
}

/// The model of a component and its parameters (see *Device files*).
public enum ComponentModel: Sendable, Hashable {
  /// The SoC fabric, memory and always-on rail: busy while any child is (see *The platform*).
  case platform(Ladder)
  /// A low-power island (an audio DSP domain, a sensor hub, a media engine): a small always-on
  /// domain with its own ladder, busy while any child is; a child keeps only the island awake, not
  /// the platform (see *The platform*).
  case island(Ladder)
  /// A ladder whose work is time in the active state (GPS, audio, sensors).
  case generic(Ladder)
  /// Clusters of cores with operating points and QoS (see *The CPU*).
  case cpu(CPUSpec)
  /// Flash storage (see *Flash storage*).
  case storage(StorageSpec)
  /// A radio with a transfer model (see *Radios*).
  case radio(RadioSpec)
  /// A GPU (see *The GPU*).
  case gpu(GPUSpec)
  /// A display (see *The display*).
  case display(DisplaySpec)

  /// The model's name as written in device files (`"cpu"`, `"radio"`).
  public var typeName: String {
    switch self {
    case .platform: "platform"
    case .island: "island"
    case .generic: "generic"
    case .cpu: "cpu"
    case .storage: "storage"
    case .radio: "radio"
    case .gpu: "gpu"
    case .display: "display"
    }
  }
}

/// A frequency at which a CPU cluster or GPU can run, and its active power there.
public struct OperatingPoint: Sendable, Hashable {
  /// The clock frequency.
  public var frequency: Frequency
  /// Active power at that frequency (per busy core, for a CPU cluster).
  public var power: Power

  /// An operating point.
  public init(frequency: Frequency, power: Power) {
    self.frequency = frequency
    self.power = power
  }
}

/// How a QoS class, or a GPU, picks its operating point.
public enum FrequencyChoice: String, Sendable, Hashable, CaseIterable {
  /// The highest frequency.
  case max
  /// The lowest frequency.
  case min
  /// The operating point with the lowest energy per cycle. For a CPU cluster the power counts the
  /// core's and that of the hosts the work keeps awake (its cluster's active power and each
  /// further host's active power above its floor): (core + hosts) ÷ (frequency × ipc). For a GPU,
  /// its own power ÷ frequency.
  case efficient
  /// GPU only (a CPU's QoS rules do not take it): a frame's GPU step runs at the lowest
  /// operating point that finishes it by the frame's deadline (its due time plus one frame
  /// interval), counted from when the step starts, else at the highest; other GPU work runs at
  /// the highest, as a devfreq governor under load.
  case governor
}

/// A battery: how much energy it holds and how fast a charger refills it.
public struct BatterySpec: Sendable, Hashable {
  /// Energy when full.
  public var capacity: Energy
  /// Refill rate while plugged in (on top of supplying the device).
  public var chargePower: Power
  /// The nominal voltage the device file gives with a capacity in mAh: reports show battery
  /// energy in mAh at it (see the article *Results and accounting*); `nil` for a capacity given
  /// as energy, whose reports then have no mAh.
  public var nominalVoltage: Voltage?

  /// A battery.
  public init(capacity: Energy, chargePower: Power, nominalVoltage: Voltage? = nil) {
    self.capacity = capacity
    self.chargePower = chargePower
    self.nominalVoltage = nominalVoltage
  }
}

/// A whole device: its components in file order, and an optional battery.
public struct DeviceSpec: Sendable, Hashable {
  /// The device's name (`phone`).
  public var name: String
  /// The components, in the order the device file lists them (reports use this order).
  public var components: [ComponentSpec]
  /// The battery, if the device has one.
  public var battery: BatterySpec?
  /// Named work recipes (see *Peripherals and recipes*), by name.
  public var recipes: [String: WorkRecipe]
  /// Recipes this device cannot run, by name, with the reason: a component they name is missing
  /// (a device that extends another without its radios). Naming one in work is an error.
  public var unusableRecipes: [String: String] = [:]
  /// The defaults of the apps a scenario declares (the device file's `app_policy`, see *Apps and
  /// push delivery*)
  ///.
  public var appPolicy: AppPolicySpec = .standard
  /// What Low Power Mode limits (see *Apps and push delivery*); `nil`: no clock cap and no timer
  /// leeway.
  public var lowPower: LowPowerSpec?
  /// How DRAM power rises with bandwidth (the platform's `memory`); `nil`: moving data costs
  /// nothing beyond the components' own power.
  public var memory: MemorySpec?
  /// The network stack's CPU work per megabyte received or sent; `nil`: none.
  public var networkStack: NetworkStackSpec?
  /// What generic components move and how their power grows with pixels, by component name
  /// (components without any are absent).
  public var genericLoads: [String: GenericLoadSpec] = [:]
  /// Heat, thermal states and power limits (see *Peripherals and recipes*); `nil`: the device
  /// never heats up and is never throttled.
  public var thermal: ThermalSpec?

  /// A device.
  public init(
    name: String, components: [ComponentSpec], battery: BatterySpec?,
    recipes: [String: WorkRecipe] = [:]
  ) {
    self.name = name
    self.components = components
    self.battery = battery
    self.recipes = recipes
  }

  /// The component named `name`, if any.
  public func component(named name: String) -> ComponentSpec? {
    components.first { $0.name == name }
  }

  /// What QoS means beyond the CPU: the CPU's `qos_policy` values, or the published defaults on
  /// a device without a CPU (see *OS policies*).
  public var qosBeyondCPU: QoSBeyondCPU {
    for component in components {
      if case .cpu(let cpu) = component.model { return cpu.qosBeyondCPU }
    }
    return QoSBeyondCPU()
  }
}
