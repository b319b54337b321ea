import Quantities
import Testing

/// Energy in attojoules: exact sums, average power, and how it prints.
@Suite struct EnergyTests {
  @Test func joulesRoundToTheNearestAttojoule() {
    #expect(Energy.joules(1.27) == Energy(attojoules: 1_270_000_000_000_000_000))
    #expect(Energy.joules(0.97) == Energy(attojoules: 970_000_000_000_000_000))
    #expect(Energy.joules(1e-18) == Energy(attojoules: 1))
    #expect(Energy.joules(0) == .zero)
    // 12.7 Wh = 45 720 J.
    #expect(Energy.wattHours(12.7) == Energy(attojoules: 45_720_000_000_000_000_000_000))
  }

  /// Sums of decimal energies are exact, unlike Doubles: 0.1 J + 0.2 J is 0.3 J.
  @Test func sumsAreExact() {
    #expect(Energy.joules(0.1) + Energy.joules(0.2) == Energy.joules(0.3))
    var total = Energy.zero
    for _ in 0..<10 { total += .joules(0.1) }
    #expect(total == .joules(1))
    total -= .joules(0.25)
    #expect(total == .joules(0.75))
    #expect(Energy.joules(0.5) * 3 == .joules(1.5))
    #expect(Energy.joules(1.5) / 3 == .joules(0.5))
  }

  /// Average power rounds to the nearest nanowatt, ties away from zero.
  @Test func averagePower() {
    // *The power-state ladder*: 1.27 J over 20 s = 63.5 mW.
    #expect(Energy.joules(1.27).averagePower(over: .seconds(20)) == .milliwatts(63.5))
    // 1 aJ / 3 ns = 0.33 nW → 0; 2 aJ / 3 ns = 0.67 nW → 1; 3 aJ / 2 ns = 1.5 nW → 2.
    #expect(Energy(attojoules: 1).averagePower(over: .nanoseconds(3)) == Power(nanowatts: 0))
    #expect(Energy(attojoules: 2).averagePower(over: .nanoseconds(3)) == Power(nanowatts: 1))
    #expect(Energy(attojoules: 3).averagePower(over: .nanoseconds(2)) == Power(nanowatts: 2))
    #expect(Energy(attojoules: -3).averagePower(over: .nanoseconds(2)) == Power(nanowatts: -2))
  }

  @Test(arguments: [
    (Energy.joules(1.27), "1.27 J"), (Energy.joules(0.0127), "12.7 mJ"),
    (Energy.joules(0.000005), "5 µJ"), (Energy.zero, "0 J"), (Energy.joules(45_720), "45720 J"),
  ])
  func description(energy: Energy, text: String) {
    #expect(energy.description == text)
  }
}
