import Testing

@testable import DeviceModels

/// A CPU part's duration in whole nanoseconds (see *Quantities and units*): rounded up, except that
/// a value within floating-point noise of a whole number is that number. The rounding is done
/// without the library's `round` and `ceil` below 2^52; the oracle here is the library's, written
/// out.
@Suite struct DurationRoundingTests {
  /// The rule with the library's rounding, as it was written before.
  static func oracle(_ value: Double) -> Int64 {
    let nearest = value.rounded()
    if abs(value - nearest) <= 1e-9 * max(1, nearest) { return Saturating.nanoseconds(nearest) }
    return Saturating.nanoseconds(value.rounded(.up))
  }

  /// Whole numbers, halves (rounded away from zero by the rule's nearest), values just off a
  /// whole number on either side of the noise bound, the edges of 2^52 where a Double stops
  /// holding fractions, and values the fast path leaves to the library (negative, huge, NaN).
  @Test(
    arguments: [
      0, 0.25, 0.5, 0.75, 1, 1.5, 2.5, 0.49999999999999994, 0.5000000000000001,
      1_050_000.0000001, 1_050_000.000_01, 1_049_999.9999999, 1_049_999.999_99, 999_999_999.5,
      1e9 + 0.4, 1e9 + 0.6, 0x1p52 - 0.5, 0x1p52 - 1, 0x1p52, 0x1p52 + 2, 0x1p62, 0x1p70, -0.25,
      -1, .infinity, .nan, .leastNonzeroMagnitude, 3.0000000000000004,
    ] as [Double])
  func matchesTheLibrarysRounding(value: Double) {
    #expect(DeviceSimulation.nanosecondsRoundedUp(value) == Self.oracle(value))
  }

  /// By hand: noise below a billionth of the value goes; anything more rounds up; a half is not
  /// noise.
  @Test func byHand() {
    #expect(DeviceSimulation.nanosecondsRoundedUp(1_050_000.0000001) == 1_050_000)
    #expect(DeviceSimulation.nanosecondsRoundedUp(1_049_999.9999999) == 1_050_000)
    #expect(DeviceSimulation.nanosecondsRoundedUp(1_050_000.01) == 1_050_001)
    #expect(DeviceSimulation.nanosecondsRoundedUp(2.5) == 3)
    #expect(DeviceSimulation.nanosecondsRoundedUp(0.25) == 1)
    #expect(DeviceSimulation.nanosecondsRoundedUp(0) == 0)
  }

  /// Ten thousand values drawn across magnitudes agree with the oracle.
  @Test func randomValuesMatchTheOracle() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var mismatches = 0
    for _ in 0..<10_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let magnitude = Double(state >> 58)  // 0 … 63
      let fraction = Double(state >> 11 & 0xFFFFF) / Double(0x100000)
      let value =
        (1 + fraction)
        * (magnitude == 0 ? 0.5 : Double(sign: .plus, exponent: Int(magnitude), significand: 1))
      if DeviceSimulation.nanosecondsRoundedUp(value) != Self.oracle(value) { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }
}
