public import Quantities

/// A temperature in whole micro-degrees Celsius: the thermal model's unit, integer so that the
/// governor's arithmetic is exact (see ``ThermalSpec``).
public struct Temperature: Sendable, Hashable, Comparable {
  /// Micro-degrees Celsius.
  public var microdegrees: Int64

  /// A temperature of `microdegrees` µ°C.
  public init(microdegrees: Int64) {
    self.microdegrees = microdegrees
  }

  /// The temperature nearest to `celsius` °C, in whole µ°C.
  public init(celsius: Double) {
    microdegrees = Int64((celsius * 1e6).rounded())
  }

  /// The temperature in °C.
  public var celsius: Double { Double(microdegrees) / 1e6 }

  /// 25 °C, the ambient temperature when a scenario gives none.
  public static let standardAmbient = Temperature(microdegrees: 25_000_000)

  /// Orders temperatures.
  public static func < (lhs: Temperature, rhs: Temperature) -> Bool {
    lhs.microdegrees < rhs.microdegrees
  }
}

/// The thermal states a device reports, as an OS does (`ProcessInfo.ThermalState` on Apple
/// platforms; Android's thermal status folds into them): each from its threshold up to the next.
public enum ThermalState: Int, Sendable, Hashable, CaseIterable, Comparable {
  /// Below the `fair` threshold.
  case nominal
  /// At or above `fair`, below `serious`.
  case fair
  /// At or above `serious`, below `critical`: the governor throttles.
  case serious
  /// At or above `critical`.
  case critical

  /// The state's name in reports and scenario files.
  public var name: String {
    switch self {
    case .nominal: "nominal"
    case .fair: "fair"
    case .serious: "serious"
    case .critical: "critical"
    }
  }

  /// Orders states from cool to hot.
  public static func < (lhs: ThermalState, rhs: ThermalState) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// A sustained package power limit and a short-term one, as a laptop processor's firmware
/// enforces them (Intel's PL1 over its averaging window tau, and PL2): the device file's
/// `thermal.limits`.
public struct PowerLimitSpec: Sendable, Hashable {
  /// The sustained limit (PL1): the package's power averaged over ``window`` stays at or under it.
  public var sustained: Power
  /// The averaging window of the sustained limit (tau): the time constant of the exponentially
  /// weighted average the governor keeps.
  public var window: TimeSpan
  /// The short-term limit (PL2): the package's power over one poll stays at or under it; `nil`:
  /// none.
  public var shortTerm: Power?
  /// The components whose power the limits count (the package), by name.
  public var components: [String]

  /// Limits.
  public init(sustained: Power, window: TimeSpan, shortTerm: Power?, components: [String]) {
    self.sustained = sustained
    self.window = window
    self.shortTerm = shortTerm
    self.components = components
  }
}

/// A device's heat (see *Peripherals and recipes*): one lumped thermal mass, warmed by the whole
/// device's power and cooled through a thermal resistance to the ambient temperature,
///
///     C · dT/dt = P − (T − T_ambient) / R,  τ = R · C,
///
/// the thermal states it reports at stated temperatures, and the power limits its governor
/// enforces. The governor samples every ``poll``, as thermal daemons do.
public struct ThermalSpec: Sendable, Hashable {
  /// The thermal resistance to the ambient, in µ°C per W (the steady rise per watt).
  public var resistance: Int64
  /// The thermal time constant τ = R · C.
  public var timeConstant: TimeSpan
  /// The temperatures at which `fair`, `serious` and `critical` begin (ascending).
  public var fair: Temperature
  /// See ``fair``.
  public var serious: Temperature
  /// See ``fair``.
  public var critical: Temperature
  /// How often the governor samples the power and the temperature.
  public var poll: TimeSpan
  /// The package power limits, if any.
  public var limits: PowerLimitSpec?

  /// The default ``poll``: 1 s, as thermal daemons sample.
  public static let defaultPoll = TimeSpan.seconds(1)

  /// A thermal model.
  public init(
    resistance: Int64, timeConstant: TimeSpan, fair: Temperature, serious: Temperature,
    critical: Temperature, poll: TimeSpan = ThermalSpec.defaultPoll, limits: PowerLimitSpec? = nil
  ) {
    self.resistance = resistance
    self.timeConstant = timeConstant
    self.fair = fair
    self.serious = serious
    self.critical = critical
    self.poll = poll
    self.limits = limits
  }
}
