import DeviceModels
import Quantities
import Testing

/// The display model (see *The display*) against hand-computed powers.
@Suite struct DisplayTests {
  /// OLED: panel 100 mW, 1 mW per Hz, full white 1 W, gamma 2, light APL 0.8, dark 0.2;
  /// rates 10, 60 and 120 Hz, idle at 10 Hz; off 0.5 mW.
  static let oled = DisplaySpec(
    technology: .oled,
    refreshRates: [Frequency(hertz: 10), Frequency(hertz: 60), Frequency(hertz: 120)],
    idleRefresh: Frequency(hertz: 10), panelPower: .milliwatts(100), powerPerHertz: .milliwatts(1),
    fullWhitePower: .watts(1), backlightPower: .zero, brightnessGamma: 2,
    appearanceAPL: [.light: Fraction(0.8), .dark: Fraction(0.2)], offPower: .milliwatts(0.5))

  /// LCD: panel 200 mW, backlight 500 mW, gamma 1, one rate of 60 Hz, 2 mW per Hz.
  static let lcd = DisplaySpec(
    technology: .lcd, refreshRates: [Frequency(hertz: 60)], idleRefresh: Frequency(hertz: 60),
    panelPower: .milliwatts(200), powerPerHertz: .milliwatts(2), fullWhitePower: .zero,
    backlightPower: .milliwatts(500), brightnessGamma: 1, appearanceAPL: [:], offPower: .zero)

  static let marker: Ladder = {
    let active = Power.zero
    return Ladder(
      states: [
        LadderState(name: "on", power: active, wakePower: active),
        LadderState(name: "off", power: active, wakePower: active),
      ], idlePolicy: .timeout)
  }()

  static func run(
    _ spec: DisplaySpec, content: DisplayContent, brightness: Double = 0.5,
    animations: [WorkloadSpec] = []
  ) -> RunResult {
    let device = Fixture.device([
      ComponentSpec(name: "display", model: .display(spec), parent: .none),
      Fixture.generic("render", marker, parent: .none),
    ])
    let session = DisplaySession(
      range: TimeRange(start: Fixture.at(.seconds(2)), end: Fixture.at(.seconds(12))),
      brightness: Fraction(brightness), content: content)
    return Fixture.run(
      Fixture.setup(device, animations, duration: .seconds(20), display: [session]))
  }

  /// On for 10 s at 50 % brightness: luminance 0.25; light emission 1 W × 0.25 × 0.8 = 200 mW,
  /// plus 100 mW panel and 10 Hz × 1 mW: 310 mW, 3.1 J; off 10 s at 0.5 mW.
  @Test(arguments: [(Appearance.light, 3.1), (.dark, 1.6)])
  func oledPowerFollowsContent(appearance: Appearance, onJoules: Double) {
    let result = Self.run(Self.oled, content: .appearance(appearance))
    let display = result.component("display")
    #expect(display.state("on 10 Hz").energy == joules(onJoules))
    #expect(display.state("off").energy == joules(0.005))
    #expect(display.energy == joules(onJoules + 0.005))
    #expect(display.floor == joules(0.01))
    // Emission (200 or 50 mW for 10 s) is dynamic; panel and refresh (110 mW less the 0.5 mW
    // floor, for 10 s) fixed.
    #expect(display.dynamic == joules(onJoules - 1.1))
    #expect(display.fixed == joules(1.095))
    #expect(result.unattributedEnergy == display.energy, "nothing animates: all unattributed")
  }

  @Test func explicitAveragePixelLevel() {
    let result = Self.run(Self.oled, content: .averagePixelLevel(Fraction(0.5)))
    // 100 + 10 + 1000 × 0.25 × 0.5 = 235 mW for 10 s.
    #expect(result.component("display").state("on 10 Hz").energy == joules(2.35))
  }

  /// An animation raises the refresh to the lowest supported rate at or above its frame rate: 60
  /// fps → 60 Hz, 90 fps → 120 Hz. The extra refresh is the animation's energy, and fixed cost like
  /// all refresh power (see *Results and accounting*); only the emission, 1 W × 0.25 × 0.8 = 200 mW
  /// for 10 s, is dynamic. Fixed: (100 + 10 − 0.5 off) mW × 10 s = 1.095 J, plus the extra.
  @Test(arguments: [(60.0, "on 60 Hz", 0.05), (90.0, "on 120 Hz", 0.11)])
  func animationsRaiseTheRefreshRate(fps: Double, state: String, extraWatts: Double) {
    let animation = WorkloadSpec(
      name: "spinner",
      timing: .frames(
        rate: Frequency(hertz: fps), start: Fixture.at(.seconds(4)), duration: .seconds(5)),
      work: Fixture.uses("render", for: .milliseconds(1)))
    let result = Self.run(Self.oled, content: .appearance(.light), animations: [animation])
    let display = result.component("display")
    #expect(display.state(state).residency == .seconds(5))
    #expect(display.state("on 10 Hz").residency == .seconds(5))
    #expect(display.dynamic == joules(2))
    #expect(display.fixed == joules(1.095 + extraWatts * 5))
    #expect(display.floor + display.fixed + display.dynamic == display.energy)
    #expect(result.workload("spinner").energyByComponent[0] == joules(extraWatts * 5))
    #expect(result.unattributedByComponent[0] == display.energy - joules(extraWatts * 5))
  }

  /// On an LCD content does not matter: 200 + 120 + 500 × 0.5 = 570 mW.
  @Test(arguments: [Appearance.light, .dark])
  func lcdIgnoresContent(appearance: Appearance) {
    let result = Self.run(Self.lcd, content: .appearance(appearance))
    #expect(result.component("display").state("on 60 Hz").energy == joules(5.7))
  }
}
