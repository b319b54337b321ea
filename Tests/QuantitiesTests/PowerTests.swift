import Quantities
import Testing

/// Power in nanowatts, and power × time → energy, exactly.
@Suite struct PowerTests {
  /// 300 mW × 800 ms = 3 × 10⁸ nW × 8 × 10⁸ ns = 2.4 × 10¹⁷ aJ = 0.24 J (the GPS's wake).
  @Test func powerTimesTimeIsExactEnergy() {
    let energy = Power.milliwatts(300) * TimeSpan.milliseconds(800)
    #expect(energy == Energy(attojoules: 240_000_000_000_000_000))
    #expect(TimeSpan.milliseconds(800) * Power.milliwatts(300) == energy)
  }

  /// One nanowatt for one nanosecond is one attojoule: nothing is lost at the smallest scale.
  @Test func theSmallestUnitsMultiplyToOneAttojoule() {
    #expect(Power(nanowatts: 1) * TimeSpan.nanoseconds(1) == Energy(attojoules: 1))
    #expect(Power(nanowatts: 3) * TimeSpan.nanoseconds(7) == Energy(attojoules: 21))
  }

  /// The largest power for the largest time does not overflow: (2⁶³ − 1)² = 2¹²⁶ − 2⁶⁴ + 1.
  @Test func theLargestProductFits() {
    let energy = Power(nanowatts: .max) * TimeSpan(nanoseconds: .max)
    #expect(energy.attojoules == 85_070_591_730_234_615_847_396_907_784_232_501_249)
  }

  /// A day at 1.2 W is 103 680 J: 1.2 × 10⁹ nW × 8.64 × 10¹³ ns = 1.036 8 × 10²³ aJ.
  @Test func aDayAtOnePointTwoWatts() {
    #expect(
      Power.watts(1.2) * TimeSpan.days(1)
        == Energy(attojoules: 103_680_000_000_000_000_000_000))
  }

  @Test func constructorsRoundToTheNearestNanowatt() {
    #expect(Power.watts(0.3) == Power(nanowatts: 300_000_000))
    #expect(Power.milliwatts(0.1) == Power(nanowatts: 100_000))
    #expect(Power.milliwatts(0.0000015) == Power(nanowatts: 2))
    #expect(Power.watts(1.5).watts == 1.5)
  }

  @Test func arithmetic() {
    let a = Power.milliwatts(300)
    let b = Power.milliwatts(60)
    #expect(a + b == .milliwatts(360))
    #expect(a - b == .milliwatts(240))
    #expect(b * 5 == a)
    #expect(b < a)
  }

  @Test(arguments: [
    (Power(nanowatts: 300_000_000), "300 mW"), (Power(nanowatts: 1_200_000_000), "1.2 W"),
    (Power(nanowatts: 12_000), "12 µW"), (Power(nanowatts: 7), "7 nW"), (Power.zero, "0 nW"),
  ])
  func description(power: Power, text: String) {
    #expect(power.description == text)
  }
}
