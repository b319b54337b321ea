import DeviceModels
import Quantities
import Testing

/// Frame-rate ranges (see *OS policies*), every figure by hand: the rate a range picks from the
/// display's refresh rates, Low Power Mode's 60 Hz cap moving it within its range at the next
/// frame (where a fixed rate drops frames), and the boundary of Low Power Mode starting exactly
/// at a frame's due time.
@Suite struct FrameRateRangeTests {
  static func range(_ minimum: Double, _ maximum: Double, _ preferred: Double) -> FrameRateRange {
    FrameRateRange(
      minimum: Frequency(hertz: minimum), maximum: Frequency(hertz: maximum),
      preferred: Frequency(hertz: preferred))
  }

  // MARK: Picking

  /// A 60/90/120 Hz display. The lowest supported rate at or above preferred within the range,
  /// else the highest below it: preferred 60 → 60; preferred 100 → 120 (max 120), → 90 when max
  /// is 100; preferred 75 → 90. Under a 60 Hz cap the supported rates above 60 leave the range:
  /// 60–120 preferring 120 runs at 60. A range with no supported rate at or below the cap runs at
  /// its lowest supported rate (90–120: 90, and the cap drops frames); one with no supported rate
  /// at all, or no display, at its preferred rate.
  @Test func theRangePicksFromTheDisplaysRates() {
    let rates: [Double] = [60, 90, 120]
    #expect(Self.range(30, 120, 60).runningRate(supported: rates, cap: nil) == 60)
    #expect(Self.range(30, 120, 100).runningRate(supported: rates, cap: nil) == 120)
    #expect(Self.range(30, 100, 100).runningRate(supported: rates, cap: nil) == 90)
    #expect(Self.range(30, 120, 75).runningRate(supported: rates, cap: nil) == 90)
    #expect(Self.range(60, 120, 120).runningRate(supported: rates, cap: 60) == 60)
    #expect(Self.range(30, 120, 50).runningRate(supported: rates, cap: 60) == 60)
    #expect(Self.range(90, 120, 120).runningRate(supported: rates, cap: 60) == 90)
    #expect(Self.range(30, 50, 40).runningRate(supported: rates, cap: nil) == 40)
    #expect(Self.range(30, 50, 40).runningRate(supported: [], cap: 60) == 40)
  }

  // MARK: Low Power Mode

  /// `DisplayTests`' OLED (10, 60 and 120 Hz; 420 mW at 120 Hz and 360 mW at 60 Hz at 50% light)
  /// on 2–12 s with an animation from 2 s, 1 ms of work a frame. Low Power Mode from 7 s, exactly
  /// when frame 600 is due (2 s + 600/120 s): Low Power Mode switches first, so frame 600 is the
  /// first at 60 fps. The range (60–120, preferring 120) draws frames 0–599 at 120 fps, then 300
  /// at 60 fps (7 s + n/60 s before 12 s): 900, none dropped. The fixed 120 fps draws 600, then of
  /// frames 600–1199 only the even ones (each first of a new 60 Hz refresh): 900 drawn, 300
  /// dropped. The display is the same for both: 120 Hz for 5 s (2.1 J), 60 Hz for 5 s (1.8 J).
  @Test(arguments: [(true, 900, 0), (false, 900, 300)])
  func lowPowerModeMovesTheRangeWhereAFixedRateDrops(isRange: Bool, drawn: Int, dropped: Int) {
    let result = Self.run(
      isRange: isRange,
      lowPower: TimeRange(start: Fixture.at(.seconds(7)), end: Fixture.at(.seconds(20))))
    #expect(result.workload("scroll").occurrences == drawn)
    #expect(result.workload("scroll").droppedFrames == dropped)
    #expect(result.workload("scroll").deadlineMisses == 0)
    #expect(result.component("display").state("on 120 Hz").energy == joules(2.1))
    #expect(result.component("display").state("on 60 Hz").energy == joules(1.8))
  }

  /// Low Power Mode on 7–10 s: the range runs at 120 fps until 7 s (600 frames), at 60 fps from
  /// 7 s (frames due at 7 s + n/60 s, 180 before 10 s), and at 120 fps again from the frame due at
  /// exactly 10 s (10 s + m/120 s, 240 before 12 s): 1,020 frames, none dropped. The display:
  /// 120 Hz for 5 s + 2 s (2.94 J), 60 Hz for 3 s (1.08 J).
  @Test func theRangeReturnsWhenLowPowerModeEnds() {
    let result = Self.run(
      isRange: true,
      lowPower: TimeRange(start: Fixture.at(.seconds(7)), end: Fixture.at(.seconds(10))))
    #expect(result.workload("scroll").occurrences == 1020)
    #expect(result.workload("scroll").droppedFrames == 0)
    #expect(result.component("display").state("on 120 Hz").energy == joules(2.94))
    #expect(result.component("display").state("on 60 Hz").energy == joules(1.08))
  }

  /// Low Power Mode from 7 s + 1 ns, just after frame 600 (due at 7 s, at 120 fps): the new
  /// rate waits for the next frame, 601, due 2 s + ⌊601 · 10⁹ / 120⌋ ns = 7.008333333 s; from
  /// there frames are due every ⌊n · 10⁹ / 60⌋ ns, 300 of them before 12 s (the 300th at
  /// 7.008333333 s + 4.983333333 s). 601 + 300 = 901 frames, none dropped; the last is due at
  /// 11.991666666 s.
  @Test func aRateChangeTakesEffectAtTheNextFrame() {
    let result = Self.run(
      isRange: true,
      lowPower: TimeRange(
        start: Instant(nanosecondsSinceStart: 7_000_000_001), end: Fixture.at(.seconds(20))))
    #expect(result.workload("scroll").occurrences == 901)
    #expect(result.workload("scroll").droppedFrames == 0)
  }

  static func run(isRange: Bool, lowPower: TimeRange) -> RunResult {
    let session = DisplaySession(
      range: TimeRange(start: Fixture.at(.seconds(2)), end: Fixture.at(.seconds(12))),
      brightness: Fraction(0.5), content: .appearance(.light))
    var animation = WorkloadSpec(
      name: "scroll",
      timing: .frames(
        rate: Frequency(hertz: 120), start: Fixture.at(.seconds(2)), duration: .seconds(10)),
      work: Fixture.uses("render", for: .milliseconds(1)))
    if isRange { animation.frameRateRange = Self.range(60, 120, 120) }
    return LowPowerModeTests.run(
      [
        ComponentSpec(name: "display", model: .display(DisplayTests.oled), parent: .none),
        Fixture.generic("render", DisplayTests.marker, parent: .none),
      ], [animation], duration: .seconds(20), lowPower: .intervals([lowPower]), limits: nil,
      display: [session])
  }
}
