import Quantities
import Testing

/// Numbers of millions of digits, as a hostile or broken file may hold: they read in time linear
/// in their length (leading zeros were once stripped one at a time, which took minutes).
@Suite struct LongNumberTests {
  /// Four million leading zeros, then `1 min`: exactly one minute, read in a few seconds in a
  /// debug build (the bound leaves room for a busy machine; the quadratic reader took two
  /// minutes).
  @Test func fourMillionLeadingZerosReadInLinearTime() throws {
    let text = String(repeating: "0", count: 4_000_000) + "1 min"
    let clock = ContinuousClock()
    var span = TimeSpan.zero
    let elapsed = try clock.measure { span = try QuantityParser.time(.text(text)) }
    #expect(span == .nanoseconds(60_000_000_000))
    #expect(elapsed < .seconds(30))
  }

  /// Leading zeros after the point, in a bare number: 0.000…01 s rounds to 0 ns exactly.
  @Test func fourMillionZerosAfterThePointReadInLinearTime() throws {
    let literal = "0." + String(repeating: "0", count: 4_000_000) + "1"
    let clock = ContinuousClock()
    var span = TimeSpan.nanoseconds(1)
    let elapsed = try clock.measure { span = try QuantityParser.time(.number(literal: literal)) }
    #expect(span == .zero)
    #expect(elapsed < .seconds(30))
  }
}
