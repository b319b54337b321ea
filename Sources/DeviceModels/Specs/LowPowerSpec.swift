public import Quantities

/// What the device's Low Power Mode limits (see *Apps and push delivery*): the device file's
/// `low_power` block.
///
/// While Low Power Mode is on, CPU clusters and the GPU use only operating points up to
/// ``maxFrequency`` of their highest frequency, the display refreshes at most at
/// ``LowPowerSpec/refreshCap``, repeating deferrable tasks wait, and timers get at least
/// ``timerLeeway`` of tolerance. A device without the block keeps its clocks and timers in Low
/// Power Mode (the refresh cap and the waiting tasks still apply: they are the OS's, not the
/// hardware's).
public struct LowPowerSpec: Sendable, Hashable {
  /// The highest clock allowed, as a fraction of each cluster's (and the GPU's) highest.
  public var maxFrequency: Fraction
  /// The tolerance every timer gets at least.
  public var timerLeeway: TimeSpan

  /// The highest display refresh rate in Low Power Mode: 60 Hz, as Apple documents for
  /// ProMotion displays.
  public static let refreshCap = Frequency(hertz: 60)

  /// Limits.
  public init(maxFrequency: Fraction, timerLeeway: TimeSpan) {
    self.maxFrequency = maxFrequency
    self.timerLeeway = timerLeeway
  }

  /// No limits: the clocks and timers of a device without a `low_power` block.
  public static let unlimited = LowPowerSpec(maxFrequency: .one, timerLeeway: .zero)

  /// The index of the highest of `frequencies` (sorted, ascending, in Hz) at or below
  /// ``maxFrequency`` of the highest; the lowest when none is.
  public func highestAllowedIndex(of frequencies: [Double]) -> Int {
    guard let top = frequencies.last else { return 0 }
    let cap = top * maxFrequency.value
    return frequencies.lastIndex { $0 <= cap } ?? 0
  }
}

/// When Low Power Mode is on (the scenario's `environment.low_power`, *Apps and push delivery*).
public enum LowPowerSchedule: Sendable, Hashable {
  /// On inside these intervals (sorted, disjoint).
  case intervals([TimeRange])
  /// On when an unplugged battery falls to this charge (at the instant it reaches it, or when
  /// the charger is unplugged at or below it); off when charging starts.
  case below(Fraction)
}
