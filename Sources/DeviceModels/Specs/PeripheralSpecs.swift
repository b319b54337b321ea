import Foundation
public import Quantities

/// Flash storage: bandwidths and powers per direction, a per-request command latency, page-size
/// rounding of writes, and a ladder (see *Flash storage*).
public struct StorageSpec: Sendable, Hashable {
  /// The ladder; the active state's power is drawn during command latency and while holding.
  public var ladder: Ladder
  /// Sequential read bandwidth.
  public var readBandwidth: DataRate
  /// Sequential write bandwidth.
  public var writeBandwidth: DataRate
  /// Draw while reading.
  public var readPower: Power
  /// Draw while writing.
  public var writePower: Power
  /// Fixed time per request at the active state's power.
  public var commandLatency: TimeSpan
  /// The unit a write occupies: each request is rounded up to whole pages.
  public var pageSize: DataSize

  /// A storage model.
  public init(
    ladder: Ladder, readBandwidth: DataRate, writeBandwidth: DataRate, readPower: Power,
    writePower: Power, commandLatency: TimeSpan, pageSize: DataSize
  ) {
    self.ladder = ladder
    self.readBandwidth = readBandwidth
    self.writeBandwidth = writeBandwidth
    self.readPower = readPower
    self.writePower = writePower
    self.commandLatency = commandLatency
    self.pageSize = pageSize
  }
}

/// The kind of network a radio provides, for `environment.network` and `requires: "wifi"`.
public enum RadioTechnology: String, Sendable, Hashable, CaseIterable {
  /// Wi-Fi.
  case wifi
  /// Cellular (LTE, 5G).
  case cellular
  /// Anything else (Bluetooth, a modem of the user's own).
  case other
}

/// A radio's draw while transferring.
public enum TransferPower: Sendable, Hashable {
  /// The same draw whatever the throughput.
  case constant(Power)
  /// `base + perMbitDown × Mbit/s down + perMbitUp × Mbit/s up` (Huang et al., MobiSys 2012);
  /// the per-Mbit terms are watts per Mbit/s.
  case throughput(base: Power, perMbitDown: Power, perMbitUp: Power)

  /// The draw while no data flows (a transfer's round-trip wait).
  public var base: Power {
    switch self {
    case .constant(let power): power
    case .throughput(let base, _, _): base
    }
  }
}

/// The signal strength of a network spell (see *Radios*).
public enum SignalLevel: String, Sendable, Hashable, CaseIterable {
  /// A strong signal: the radio's transfer power as given.
  case good
  /// A middling signal.
  case fair
  /// A weak signal: the transmitter works hardest.
  case poor
}

/// How much a radio's transfer power grows at each signal level: a factor per level, applied to
/// the draw while it transfers (round-trip waits included), not to its idle states or tails.
public struct SignalPower: Sendable, Hashable {
  /// Factor at a good signal (usually 1).
  public var good: Double
  /// Factor at a fair signal.
  public var fair: Double
  /// Factor at a poor signal.
  public var poor: Double

  /// Factors per signal level.
  public init(good: Double, fair: Double, poor: Double) {
    self.good = good
    self.fair = fair
    self.poor = poor
  }

  /// No dependence on the signal: 1 at every level (a radio file without `signal_power`).
  public static let flat = SignalPower(good: 1, fair: 1, poor: 1)

  /// The factor at `level`.
  public subscript(level: SignalLevel) -> Double {
    switch level {
    case .good: good
    case .fair: fair
    case .poor: poor
    }
  }
}

/// A radio: a ladder (promotion and tails) plus a transfer model (see *Radios*).
public struct RadioSpec: Sendable, Hashable {
  /// The ladder: promotion is the wake latency out of the idle state, tails are the `after`s.
  public var ladder: Ladder
  /// What network it provides.
  public var technology: RadioTechnology
  /// Downlink bandwidth.
  public var downlink: DataRate
  /// Uplink bandwidth.
  public var uplink: DataRate
  /// Round-trip time every transfer waits before data flows.
  public var roundTripTime: TimeSpan
  /// Draw while transferring.
  public var transferPower: TransferPower
  /// Factors on ``transferPower`` per signal level of the network spell (see *Radios*).
  public var signalPower: SignalPower
  /// Connected-mode discontinuous reception, if the radio has it (see *Radios*).
  public var drx: ConnectedDRX?
  /// The draw while it searches for a network: in every state below its active one while the
  /// network is offline (see *Radios*); `nil`: their own powers.
  public var scanningPower: Power?

  /// A radio.
  public init(
    ladder: Ladder, technology: RadioTechnology, downlink: DataRate, uplink: DataRate,
    roundTripTime: TimeSpan, transferPower: TransferPower, signalPower: SignalPower = .flat,
    drx: ConnectedDRX? = nil, scanningPower: Power? = nil
  ) {
    self.signalPower = signalPower
    self.drx = drx
    self.scanningPower = scanningPower
    self.ladder = ladder
    self.technology = technology
    self.downlink = downlink
    self.uplink = uplink
    self.roundTripTime = roundTripTime
    self.transferPower = transferPower
  }
}

/// A radio's connected-mode discontinuous reception (see *Radios*): after ``inactivity`` with no
/// data in its active state, the radio sleeps at ``power`` except during the first
/// ``onDuration`` of each ``cycle`` (cycles counted from the start of the run), when it draws its
/// active state's power; data for it that arrives during a sleep waits for the next on-duration.
public struct ConnectedDRX: Sendable, Hashable {
  /// The DRX cycle: on-durations start at every multiple of it.
  public var cycle: TimeSpan
  /// How long the radio listens at the start of each cycle (less than the cycle).
  public var onDuration: TimeSpan
  /// The time with no data after which the radio starts to sleep between on-durations.
  public var inactivity: TimeSpan
  /// The draw while asleep between on-durations.
  public var power: Power

  /// A DRX configuration.
  public init(cycle: TimeSpan, onDuration: TimeSpan, inactivity: TimeSpan, power: Power) {
    self.cycle = cycle
    self.onDuration = onDuration
    self.inactivity = inactivity
    self.power = power
  }
}

/// A GPU: operating points and a ladder (clock-gated, power-gated) (see *The GPU*).
public struct GPUSpec: Sendable, Hashable {
  /// The ladder; the active state's power is drawn while holding.
  public var ladder: Ladder
  /// Operating points by increasing frequency; work is given as time at the highest.
  public var operatingPoints: [OperatingPoint]
  /// Which operating point work runs at; ``FrequencyChoice/governor`` chooses per frame.
  public var frequency: FrequencyChoice

  /// A GPU.
  public init(ladder: Ladder, operatingPoints: [OperatingPoint], frequency: FrequencyChoice) {
    self.ladder = ladder
    self.operatingPoints = operatingPoints
    self.frequency = frequency
  }
}

/// The panel technology of a display.
public enum DisplayTechnology: String, Sendable, Hashable, CaseIterable {
  /// Self-emitting pixels: emission power follows content (average pixel level).
  case oled
  /// A backlight: emission power does not depend on content.
  case lcd
}

/// The user's appearance setting.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
  /// Light backgrounds.
  case light
  /// Dark backgrounds.
  case dark
}

/// How a display maps the user's brightness setting (perceptual, 0–1) to the luminance it asks
/// for (a fraction of full, 0–1): *The display*.
public enum BrightnessCurve: Sendable, Hashable {
  /// `luminance = brightness ^ exponent` (`{ "gamma": 2.2 }`; `brightness_gamma` in older
  /// device files).
  case gamma(Double)
  /// The brightness slider of Android 9 and later (`"android"`): AOSP SettingsLib
  /// `BrightnessUtils.convertGammaToLinear`, an inverse hybrid log-gamma curve, divided by its
  /// full-scale value of 12. Half the slider asks for 1/12 of full luminance.
  case android

  /// The luminance, 0–1, that brightness setting `brightness` (0–1) asks for.
  ///
  /// For ``android``, with `v` the setting: `r = (v / 0.5)²` for `v ≤ 0.5`, else
  /// `r = e^((v − 0.55991073) / 0.17883277) + 0.28466892`; the luminance is `r / 12`, clamped
  /// to 0–1 (at `v = 1`, `r` is 12.0000003).
  public func luminance(_ brightness: Double) -> Double {
    switch self {
    case .gamma(let exponent):
      return pow(brightness, exponent)
    case .android:
      // AOSP frameworks/base/packages/SettingsLib/.../display/BrightnessUtils.java.
      let r = 0.5
      let a = 0.17883277
      let b = 0.28466892
      let c = 0.55991073
      let ratio =
        brightness <= r ? (brightness / r) * (brightness / r) : exp((brightness - c) / a) + b
      return min(1, max(0, ratio / 12))
    }
  }
}

/// A display (see *The display*): power while on is
/// `panel_power + per_hz × refresh + emission`, with emission
/// `full_white_power × luminance × apl` on OLED and `backlight_power × luminance` on LCD, and the
/// luminance given by the ``BrightnessCurve``. Panel and refresh power are fixed cost, emission
/// dynamic (see *Results and accounting*).
public struct DisplaySpec: Sendable, Hashable {
  /// OLED or LCD.
  public var technology: DisplayTechnology
  /// Supported refresh rates, ascending.
  public var refreshRates: [Frequency]
  /// The rate with nothing animating.
  public var idleRefresh: Frequency
  /// Draw of the panel electronics while on, independent of refresh and content.
  public var panelPower: Power
  /// Added draw per hertz of refresh (watts per Hz).
  public var powerPerHertz: Power
  /// OLED: emission draw of a full-white screen at full brightness.
  public var fullWhitePower: Power
  /// LCD: backlight draw at full brightness.
  public var backlightPower: Power
  /// From the brightness setting to luminance.
  public var brightnessCurve: BrightnessCurve
  /// The average pixel level of each appearance.
  public var appearanceAPL: [Appearance: Fraction]
  /// Draw while off.
  public var offPower: Power
  /// The luminance at full brightness (`max_luminance`), which a brightness given in nits is a
  /// fraction of; `nil`: the display takes no brightness in nits.
  public var maxLuminance: Luminance?

  /// A display.
  public init(
    technology: DisplayTechnology, refreshRates: [Frequency], idleRefresh: Frequency,
    panelPower: Power, powerPerHertz: Power, fullWhitePower: Power, backlightPower: Power,
    brightnessCurve: BrightnessCurve, appearanceAPL: [Appearance: Fraction], offPower: Power,
    maxLuminance: Luminance? = nil
  ) {
    self.maxLuminance = maxLuminance
    self.technology = technology
    self.refreshRates = refreshRates
    self.idleRefresh = idleRefresh
    self.panelPower = panelPower
    self.powerPerHertz = powerPerHertz
    self.fullWhitePower = fullWhitePower
    self.backlightPower = backlightPower
    self.brightnessCurve = brightnessCurve
    self.appearanceAPL = appearanceAPL
    self.offPower = offPower
  }

  /// A display whose luminance is `brightness ^ brightnessGamma`.
  public init(
    technology: DisplayTechnology, refreshRates: [Frequency], idleRefresh: Frequency,
    panelPower: Power, powerPerHertz: Power, fullWhitePower: Power, backlightPower: Power,
    brightnessGamma: Double, appearanceAPL: [Appearance: Fraction], offPower: Power
  ) {
    self.init(
      technology: technology, refreshRates: refreshRates, idleRefresh: idleRefresh,
      panelPower: panelPower, powerPerHertz: powerPerHertz, fullWhitePower: fullWhitePower,
      backlightPower: backlightPower, brightnessCurve: .gamma(brightnessGamma),
      appearanceAPL: appearanceAPL, offPower: offPower)
  }
}

extension DisplaySpec {
  /// The luminance, a fraction of full (0–1), that `brightness` asks for: a setting through the
  /// ``brightnessCurve``, nits as a fraction of ``maxLuminance`` whatever the curve (see *The
  /// display*).
  public func luminance(_ brightness: DisplayBrightness) -> Double {
    switch brightness {
    case .setting(let setting):
      return brightnessCurve.luminance(setting.value)
    case .nits(let nits):
      guard let maxLuminance, maxLuminance.nits > 0 else { return 1 }
      return min(1, nits.nits / maxLuminance.nits)
    }
  }
}
