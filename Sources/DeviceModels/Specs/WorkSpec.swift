public import Quantities

/// One object of a work item: its steps run in a fixed order — `cpu`, `read`, `write`,
/// `download`, `upload`, `gpu`, then generic components (see *OS policies*).
public struct WorkStepSpec: Sendable, Hashable {
  /// Time on the reference core.
  public var cpu: TimeSpan?
  /// How many equal parts the CPU step splits into, which may run in parallel.
  public var threads: Int
  /// The QoS class of every step of this object.
  public var qos: QoSClass
  /// Inflation of total CPU work when `threads > 1`: the work becomes `cpu ÷ efficiency`.
  public var parallelEfficiency: Double
  /// Bytes read from storage.
  public var read: DataSize?
  /// Bytes written to storage.
  public var write: DataSize?
  /// Bytes per write request (`nil`: all at once).
  public var writeSize: DataSize?
  /// Bytes downloaded.
  public var download: DataSize?
  /// Bytes uploaded.
  public var upload: DataSize?
  /// The radio transfers use (`nil`: the environment's network at the time).
  public var via: String?
  /// GPU time at the highest frequency.
  public var gpu: TimeSpan?
  /// Time in the active state of generic components, or of radios carrying no data (radio
  /// time, *Peripherals and recipes*: a Wi-Fi scan), run in the order given (scenario files
  /// list them in device order, as a JSON object's keys have no order; a work list orders them
  /// otherwise).
  public var generic: [GenericStep]
  /// The frame size a camera or encoder step handles (with `frameRate`; see *Peripherals and
  /// recipes*): the component's power grows with the pixels per second.
  public var resolution: Resolution? = nil
  /// The frames per second a camera or encoder step handles (with `resolution`).
  public var frameRate: Frequency? = nil
  /// Asks for the app's background task grant, as `beginBackgroundTask` does (`{ "extend":
  /// "background" }`, see *Apps and push delivery*): a step that takes no time.
  public var extendsBackground = false
  /// Holds the device awake this long (`{ "hold": "awake", "for": … }`: a wake lock, a power
  /// assertion, see *OS policies*): the platform is busy for the workload.
  public var holdAwake: TimeSpan?

  /// A work object; every step is optional.
  public init(
    cpu: TimeSpan? = nil, threads: Int = 1, qos: QoSClass = .default,
    parallelEfficiency: Double = 1, read: DataSize? = nil, write: DataSize? = nil,
    writeSize: DataSize? = nil, download: DataSize? = nil, upload: DataSize? = nil,
    via: String? = nil, gpu: TimeSpan? = nil, generic: [GenericStep] = []
  ) {
    self.cpu = cpu
    self.threads = threads
    self.qos = qos
    self.parallelEfficiency = parallelEfficiency
    self.read = read
    self.write = write
    self.writeSize = writeSize
    self.download = download
    self.upload = upload
    self.via = via
    self.gpu = gpu
    self.generic = generic
  }
}

/// Time spent active on a generic component, or on a radio carrying no data (radio time).
public struct GenericStep: Sendable, Hashable {
  /// The component's name.
  public var component: String
  /// How long it stays active.
  public var duration: TimeSpan

  /// A generic step.
  public init(component: String, duration: TimeSpan) {
    self.component = component
    self.duration = duration
  }
}

/// A named work recipe of a device (see *Peripherals and recipes*): the steps of one work object,
/// which a work object names with `"recipe"` instead of writing them out (`location-best`: a
/// satellite fix).
public struct WorkRecipe: Sendable, Hashable {
  /// The recipe's steps; its `qos` is unused (the work object that names the recipe gives it).
  public var steps: WorkStepSpec
  /// The work-object keys the recipe gives (`cpu`, `download`, a generic component's name…),
  /// which the work object naming it may not give again.
  public var keys: [String]

  /// A recipe of `steps`, written with `keys`.
  public init(steps: WorkStepSpec, keys: [String]) {
    self.steps = steps
    self.keys = keys
  }
}

/// A work item: objects run one after another.
public typealias WorkSpec = [WorkStepSpec]
