import DeviceModels
import Foundation
import Quantities
import Testing

/// The display's brightness curves (see *The display*) against values computed by hand.
@Suite struct BrightnessCurveTests {
  /// Android (AOSP `BrightnessUtils.convertGammaToLinear`, ÷ 12):
  /// - 0: (0 / 0.5)² / 12 = 0;
  /// - 0.25: (0.25 / 0.5)² = 0.25, / 12 = 0.0208333;
  /// - 0.5: (0.5 / 0.5)² = 1, / 12 = 0.0833333;
  /// - 0.75: e^((0.75 − 0.55991073) / 0.17883277) = e^1.0629443 = 2.8948818, + 0.28466892
  ///   = 3.1795507, / 12 = 0.2649626;
  /// - 1: e^((1 − 0.55991073) / 0.17883277) = e^2.4608984 = 11.7153314, + 0.28466892
  ///   = 12.0000003, / 12 = 1.00000002, clamped to 1.
  @Test(arguments: [
    (0.0, 0.0), (0.25, 0.0208333), (0.5, 0.0833333), (0.75, 0.2649626), (1.0, 1.0),
  ])
  func android(brightness: Double, luminance: Double) {
    #expect(abs(BrightnessCurve.android.luminance(brightness) - luminance) < 1e-7)
  }

  @Test func androidNeverLeavesZeroToOne() {
    #expect(BrightnessCurve.android.luminance(1) == 1)
    #expect(BrightnessCurve.android.luminance(0) == 0)
  }

  /// Gamma 2.2: 0.5^2.2 = 0.2176376 (the spec's "22%"), 0.25^2.2 = 0.0473661.
  @Test(arguments: [(0.0, 0.0), (0.25, 0.0473661), (0.5, 0.2176376), (1.0, 1.0)])
  func gamma(brightness: Double, luminance: Double) {
    #expect(abs(BrightnessCurve.gamma(2.2).luminance(brightness) - luminance) < 1e-7)
  }

  /// On the OLED of ``DisplayTests`` at 50% brightness, light (APL 0.8): the android curve asks
  /// for 1/12 of full luminance, emission 1 W × 0.8 / 12 = 66.667 mW (66 666 667 nW rounded
  /// with the 110 mW of panel and refresh: 176 666 667 nW); for 10 s, 1.76666667 J on, of which
  /// 0.66666667 J dynamic.
  @Test func androidCurveOnTheDisplay() {
    var spec = DisplayTests.oled
    spec.brightnessCurve = .android
    let result = DisplayTests.run(spec, content: .appearance(.light))
    let display = result.component("display")
    #expect(display.state("on 10 Hz").energy == Energy(attojoules: 176_666_667 * 10_000_000_000))
    #expect(display.dynamic == Energy(attojoules: 66_666_667 * 10_000_000_000))
  }
}
