import Quantities
import Testing

/// Data rates, frequencies, fractions and voltages.
@Suite struct RateQuantitiesTests {
  /// bytes ÷ bandwidth, rounded up to a whole nanosecond (see *Quantities and units*).
  @Test(
    arguments: [
      // 1 B at 3 B/s = 333 333 333.3 ns → 333 333 334.
      (1, 3.0, 333_333_334),
      // 1 MB at 1 MB/s = 1 s exactly: no spurious extra nanosecond.
      (1_000_000, 1e6, 1_000_000_000),
      // 10 MB at 13 Mbit/s (1 625 000 B/s) = 6.153 846 153 8… s → 6 153 846 154 ns.
      (10_000_000, 1_625_000, 6_153_846_154),
      // 4 KiB at 400 MB/s = 4096 / 4 × 10⁸ s = 10 240 ns exactly.
      (4_096, 4e8, 10_240),
      (0, 1e6, 0),
    ] as [(Int64, Double, Int64)])
  func timeToTransferRoundsUp(bytes: Int64, rate: Double, nanoseconds: Int64) {
    let time = DataRate(bytesPerSecond: rate).timeToTransfer(DataSize(bytes: bytes))
    #expect(time == .nanoseconds(nanoseconds))
  }

  /// Against a naive exact oracle: ⌈bytes × 10⁹ / rate⌉ in integers, for whole-number rates
  /// that divide nothing evenly and many sizes.
  @Test func timeToTransferMatchesIntegerCeiling() {
    for rate: Int64 in [1, 3, 7, 125_000, 1_625_000, 6_750_000, 999_983] {
      for bytes: Int64 in [1, 2, 100, 4_096, 12_345, 1_000_000, 8_388_608] {
        let numerator = Int128(bytes) * 1_000_000_000
        let expected = (numerator + Int128(rate) - 1) / Int128(rate)
        let time = DataRate(bytesPerSecond: Double(rate)).timeToTransfer(DataSize(bytes: bytes))
        #expect(Int128(time.nanoseconds) == expected, "\(bytes) B at \(rate) B/s")
      }
    }
  }

  @Test func megabits() {
    #expect(DataRate.megabitsPerSecond(13).bytesPerSecond == 1_625_000)
    #expect(DataRate(bytesPerSecond: 125_000).megabitsPerSecond == 1)
    #expect(DataRate.megabitsPerSecond(13).description == "13 Mbit/s")
  }

  @Test func frequencies() {
    #expect(Frequency.megahertz(600).hertz == 6e8)
    #expect(Frequency.gigahertz(2.4).hertz == 2.4e9)
    #expect(Frequency.gigahertz(2.4).description == "2.4 GHz")
    #expect(Frequency(hertz: 60).description == "60 Hz")
    #expect(Frequency.megahertz(1.5).description == "1.5 MHz")
    #expect(Frequency(hertz: 10_000).description == "10 kHz")
  }

  @Test func fractionsAndVoltages() {
    #expect(Fraction(0.4).description == "40%")
    #expect(Fraction.zero < Fraction.one)
    #expect(Voltage(volts: 3.85).description == "3.85 V")
  }
}
