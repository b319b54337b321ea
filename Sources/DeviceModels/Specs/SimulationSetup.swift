public import Quantities

/// Which radio carries traffic by default during an interval, and how good its network is
/// (see *Radios*).
public struct NetworkInterval: Sendable, Hashable {
  /// When.
  public var range: TimeRange
  /// The radio component's name; `nil` when the device is offline (no radio has a network:
  /// transfers wait, and transfers in flight stall until a network is back).
  public var radio: String?
  /// The downlink bandwidth during the spell, overriding the radio's.
  public var downlink: DataRate?
  /// The uplink bandwidth during the spell, overriding the radio's.
  public var uplink: DataRate?
  /// The round-trip time during the spell, overriding the radio's.
  public var roundTripTime: TimeSpan?
  /// The signal level during the spell (`nil`: good), which scales the radio's transfer power
  /// by its ``RadioSpec/signalPower`` factor.
  public var signal: SignalLevel?

  /// A network interval.
  public init(
    range: TimeRange, radio: String?, downlink: DataRate? = nil, uplink: DataRate? = nil,
    roundTripTime: TimeSpan? = nil, signal: SignalLevel? = nil
  ) {
    self.range = range
    self.radio = radio
    self.downlink = downlink
    self.uplink = uplink
    self.roundTripTime = roundTripTime
    self.signal = signal
  }

  /// Whether no radio has a network during the spell.
  public var isOffline: Bool { radio == nil }
}

/// What is on the screen while the display is on.
public enum DisplayContent: Sendable, Hashable {
  /// An appearance, which the device maps to an average pixel level.
  case appearance(Appearance)
  /// An explicit average pixel level.
  case averagePixelLevel(Fraction)
}

/// How bright a display session is: a setting of the slider, or a luminance in nits.
public enum DisplayBrightness: Sendable, Hashable {
  /// The user's brightness setting (perceptual, 0–1), mapped by the display's curve.
  case setting(Fraction)
  /// A luminance (`"200 nits"`), a fraction of the display's `max_luminance` whatever its curve.
  case nits(Luminance)
}

/// An interval with the display on.
public struct DisplaySession: Sendable, Hashable {
  /// When.
  public var range: TimeRange
  /// How bright: a setting of the slider or a luminance in nits.
  public var level: DisplayBrightness
  /// What is shown.
  public var content: DisplayContent

  /// A session at brightness setting `brightness`.
  public init(range: TimeRange, brightness: Fraction, content: DisplayContent) {
    self.init(range: range, level: .setting(brightness), content: content)
  }

  /// A session at `level`.
  public init(range: TimeRange, level: DisplayBrightness, content: DisplayContent) {
    self.range = range
    self.level = level
    self.content = content
  }
}

/// The world around the device: network, charger, battery.
public struct EnvironmentSpec: Sendable, Hashable {
  /// Which radio carries traffic when; intervals are sorted, do not overlap, and together cover
  /// the run (an empty list means the device has no network).
  public var network: [NetworkInterval]
  /// Intervals with the charger plugged in, sorted and disjoint.
  public var charging: [TimeRange]
  /// State of charge at time 0.
  public var batteryStart: Fraction
  /// When Low Power Mode is on (see *Apps and push delivery*); `nil`: never.
  public var lowPower: LowPowerSchedule?
  /// The temperature around the device, which its thermal model starts from and cools towards
  /// (see ``ThermalSpec``).
  public var ambient = Temperature.standardAmbient

  /// An environment.
  public init(network: [NetworkInterval], charging: [TimeRange], batteryStart: Fraction) {
    self.network = network
    self.charging = charging
    self.batteryStart = batteryStart
  }
}

/// Everything one run needs, validated: the device, the workloads in name order, the
/// environment, display sessions, visibility, duration and seed.
public struct SimulationSetup: Sendable, Hashable {
  /// The device.
  public var device: DeviceSpec
  /// The workloads, sorted by name.
  public var workloads: [WorkloadSpec]
  /// Network, charger and battery.
  public var environment: EnvironmentSpec
  /// Intervals with the display on, sorted and disjoint.
  public var display: [DisplaySession]
  /// Intervals with the app visible, sorted and disjoint (`nil`: always visible).
  public var visibility: [TimeRange]?
  /// Length of the run.
  public var duration: TimeSpan
  /// Seed of every random stream.
  public var seed: UInt64
  /// The apps the scenario declares, sorted by name (empty: one implicit app, see
  /// ``AppSpec/implicitApp(visibility:)``).
  public var apps: [AppSpec]

  /// A setup; workloads and apps are sorted by name here.
  public init(
    device: DeviceSpec, workloads: [WorkloadSpec], environment: EnvironmentSpec,
    display: [DisplaySession], visibility: [TimeRange]?, duration: TimeSpan, seed: UInt64,
    apps: [AppSpec] = []
  ) {
    self.apps = apps.sorted { $0.name < $1.name }
    self.device = device
    // Already in order (as a file's names often are), the array is kept, not copied: a sorted
    // copy of 100,000 workloads beside the decoder's was the peak of decoding. The sort is
    // stable, so an array in order is its own sorted copy.
    let inOrder = zip(workloads, workloads.dropFirst()).allSatisfy { !($1.name < $0.name) }
    self.workloads = inOrder ? workloads : workloads.sorted { $0.name < $1.name }
    self.environment = environment
    self.display = display
    self.visibility = visibility
    self.duration = duration
    self.seed = seed
  }
}

extension SimulationSetup {
  /// The apps the run models: the declared ones, or the implicit app when none is declared.
  public var runApps: [AppSpec] {
    apps.isEmpty ? [AppSpec.implicitApp(visibility: visibility)] : apps
  }

  /// Whether the scenario declares apps (reports then show them).
  public var declaresApps: Bool { !apps.isEmpty }
}
