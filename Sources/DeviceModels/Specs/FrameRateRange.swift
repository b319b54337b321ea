public import Quantities

/// A frame-rate range on an animation, as `preferredFrameRateRange` gives one (see *OS
/// policies*): the animation asks for `preferred` and accepts any rate from `minimum` to
/// `maximum`, so the OS may move it within the range (Low Power Mode's refresh cap, a thermal
/// cap) instead of dropping frames.
public struct FrameRateRange: Sendable, Hashable {
  /// The lowest rate the animation accepts.
  public var minimum: Frequency
  /// The highest rate the animation accepts.
  public var maximum: Frequency
  /// The rate the animation asks for (from `minimum` to `maximum`).
  public var preferred: Frequency

  /// A range; `minimum ≤ preferred ≤ maximum`.
  public init(minimum: Frequency, maximum: Frequency, preferred: Frequency) {
    self.minimum = minimum
    self.maximum = maximum
    self.preferred = preferred
  }

  /// The rate the animation runs at on a display with `supported` refresh rates (Hz, any order)
  /// under a frame-rate cap (Hz, `nil` for none).
  ///
  /// Among the supported rates within the range and at or below the cap: the lowest at or
  /// above `preferred`, else the highest below it. With no supported rate within the range at
  /// or below the cap, the lowest supported rate within the range (the cap then drops frames as
  /// it does for a fixed rate); with no supported rate within the range at all (or no display),
  /// `preferred`, run as a fixed rate.
  public func runningRate(supported: [Double], cap: Double?) -> Double {
    let inRange = supported.filter { $0 >= minimum.hertz && $0 <= maximum.hertz }
    guard let lowest = inRange.min() else { return preferred.hertz }
    let allowed = inRange.filter { $0 <= (cap ?? .infinity) }
    guard let highest = allowed.max() else { return lowest }
    return allowed.filter { $0 >= preferred.hertz }.min() ?? highest
  }
}
