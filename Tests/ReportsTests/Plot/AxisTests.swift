import Quantities
import Testing

@testable import Reports

/// Axis ticks at 1-2-5 steps and units that fit, checked against values chosen by hand.
@Suite struct AxisTests {
  /// 350 mW needs 100 mW steps to stay within six intervals: 0…400.
  @Test func coveringChoosesTheSmallestNiceStep() {
    let ticks = NiceTicks.covering(350)
    #expect(ticks.step == 100)
    #expect(ticks.values == [0, 100, 200, 300, 400])
    #expect(ticks.values.map(ticks.label) == ["0", "100", "200", "300", "400"])
    // 300 exactly fits 50 mW steps: 0…300 in six intervals.
    #expect(NiceTicks.covering(300).values == [0, 50, 100, 150, 200, 250, 300])
    #expect(
      NiceTicks.covering(0.35).values.map(NiceTicks.covering(0.35).label) == [
        "0.0", "0.1", "0.2", "0.3", "0.4",
      ])
    // 25 is not a 1-2-5 step: a 0–100 % axis in at most four intervals goes by 50.
    #expect(NiceTicks.covering(100, maximumIntervals: 4).values == [0, 50, 100])
  }

  /// Steps are only ever 1, 2 or 5 times a power of ten, for any range.
  @Test func stepsAreOneTwoOrFive() {
    for maximum in stride(from: 0.013, through: 9_000, by: 7.77) {
      let ticks = NiceTicks.covering(maximum)
      var mantissa = ticks.step
      while mantissa >= 10 { mantissa /= 10 }
      while mantissa < 1 { mantissa *= 10 }
      #expect([1, 2, 5].contains { abs(mantissa - Double($0)) < 1e-9 }, "step \(ticks.step)")
      #expect(ticks.upper >= maximum * (1 - 1e-12))
      #expect(ticks.values.count - 1 <= 6)
    }
  }

  /// A time axis ends with the run: ticks stay inside it.
  @Test func timeTicksStayWithinTheRun() {
    #expect(NiceTicks.within(0, 20).values == [0, 5, 10, 15, 20])
    #expect(NiceTicks.within(0, 24).values == [0, 5, 10, 15, 20])
    #expect(NiceTicks.within(0, 10).values == [0, 2, 4, 6, 8, 10])
  }

  /// Numeric sweep axes need not start at zero.
  @Test func spanningWidensToTheStep() {
    let ticks = NiceTicks.spanning(12, 47)
    #expect(ticks.values == [10, 20, 30, 40, 50])
  }

  @Test func unitsFitTheLargestValue() {
    #expect(AxisUnit.power(maximum: 0.35).symbol == "mW")
    #expect(AxisUnit.power(maximum: 2.5).symbol == "W")
    #expect(AxisUnit.power(maximum: 0.0004).symbol == "µW")
    #expect(AxisUnit.energy(maximum: 1_500).symbol == "kJ")
    #expect(AxisUnit.energy(maximum: 0.02).symbol == "mJ")
    #expect(AxisUnit.time(duration: .milliseconds(500)).symbol == "ms")
    #expect(AxisUnit.time(duration: .seconds(20)).symbol == "s")
    #expect(AxisUnit.time(duration: .minutes(10)).symbol == "min")
    #expect(AxisUnit.time(duration: .hours(24)).symbol == "h")
    #expect(AxisUnit.time(duration: .days(7)).symbol == "d")
  }

  /// Sweep values read as numbers, as quantities in a fitting unit, or as categories.
  @Test func sweepValuesAreReadAsTheUserWroteThem() {
    let plain = Plot.SweepValue.read(["1", "2.5"])
    #expect(plain.values == [.number(1), .number(2.5)])
    #expect(plain.unit == nil)
    let times = Plot.SweepValue.read(["500 ms", "1 s", "5 s"])
    #expect(times.values == [.number(0.5), .number(1), .number(5)])
    #expect(times.unit == "s")
    let long = Plot.SweepValue.read(["30 min", "2 h"])
    #expect(long.values == [.number(30), .number(120)])
    #expect(long.unit == "min")
    let day = Plot.SweepValue.read(["6 h", "1 d"])
    #expect(day.values == [.number(6), .number(24)])
    #expect(day.unit == "h")
    let named = Plot.SweepValue.read(["utility", "background"])
    #expect(named.values == [.category("utility"), .category("background")])
    let mixed = Plot.SweepValue.read(["1 s", "5 MB"])
    #expect(mixed.values == [.category("1 s"), .category("5 MB")])
  }
}
