import Quantities
import Testing

/// The one-pass reader of plainly written integer quantities (`"250 ms"`, `"1.5 h"`) gives the
/// values worked out here by hand or by an integer oracle, rounding once, ties away from zero,
/// and leaves everything else to the general reader, which gives the same values.
@Suite struct PlainQuantityTests {
  @Test(
    arguments: [
      // Half a nanosecond rounds away from zero; just under half rounds down.
      ("0.0000000005 s", 1), ("0.00000000049 s", 0), ("1.0000000004 s", 1_000_000_000),
      // Leading zeros, a trailing point, a leading point.
      ("007.50 us", 7_500), ("5. s", 5_000_000_000), (".25 ms", 250_000),
      // Eighteen significant digits are read here; nineteen by the general reader.
      ("123456789012345678 ns", 123_456_789_012_345_678),
      ("1234567890123456789 ns", 1_234_567_890_123_456_789),
      // Several spaces, none, and the units of the longest factors.
      ("2   min", 120_000_000_000), ("1.5d", 129_600_000_000_000), ("0 h", 0),
    ] as [(String, Int64)])
  func plainTimes(text: String, nanoseconds: Int64) throws {
    #expect(try QuantityParser.time(.text(text)) == .nanoseconds(nanoseconds))
  }

  /// A value whose product overflows 64 bits before it is scaled down is still exact.
  @Test func largeProducts() throws {
    // 9.2 × 10¹⁸ ns is within Int64; 0.000000000000000001 d is 86.4 fs, 0 ns.
    #expect(
      try QuantityParser.time(.text("9200000000 s")) == .nanoseconds(9_200_000_000_000_000_000))
    #expect(try QuantityParser.time(.text("0.000000000000000001 d")) == .nanoseconds(0))
    #expect(try QuantityParser.energy(.text("1.5 Wh")).attojoules == 5_400_000_000_000_000_000_000)
  }

  /// Too large for a time: the general reader's error, with `isTooLarge`.
  @Test func tooLarge() {
    do {
      _ = try QuantityParser.time(.text("9300000000 s"))
      Issue.record("9.3 × 10¹⁸ ns was read")
    } catch {
      #expect(error.isTooLarge)
    }
  }

  /// Generated `I.F ms` strings against an integer oracle: `(I·10^k + F) · 10⁶ / 10^k`, rounded
  /// half up.
  @Test func generatedMilliseconds() throws {
    var state: UInt64 = 0x5EED
    func next(_ bound: UInt64) -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (state >> 33) % bound
    }
    for _ in 0..<2_000 {
      let whole = next(1_000_000)
      let fractionDigits = Int(next(12))
      var scale: UInt64 = 1
      for _ in 0..<fractionDigits { scale *= 10 }
      let fraction = next(scale)
      let digits = String(fraction)
      let padding = String(repeating: "0", count: max(0, fractionDigits - digits.count))
      let fractionText = padding + digits
      let text = fractionDigits == 0 ? "\(whole) ms" : "\(whole).\(fractionText) ms"
      let scaled = (UInt128(whole) * UInt128(scale) + UInt128(fraction)) * 1_000_000
      let quotient = scaled / UInt128(scale)
      let expected = scaled % UInt128(scale) * 2 >= UInt128(scale) ? quotient + 1 : quotient
      #expect(try QuantityParser.time(.text(text)) == .nanoseconds(Int64(expected)), "\(text)")
    }
  }
}
