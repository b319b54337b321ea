import DeviceModels
import Quantities
import ScenarioFiles
import Testing

/// A display session's brightness in nits (see *The display*): the luminance is the nits over the
/// display's `max_luminance`, whatever its brightness curve.
@Suite struct BrightnessInNitsTests {
  /// A 10 s run of a platform and an OLED display (`max_luminance` 400 nits, an Android slider,
  /// full white 1 W at 100% APL), lit for the whole run at `brightness`.
  static func json(brightness: String) -> String {

    #"""
    { "device": { "components": {
        "platform": { "type": "platform", "states": [ { "name": "on", "power": "50 mW" },
          { "name": "sleep", "power": "5 mW", "after": "10 ms" } ] },
        "display": { "type": "display", "technology": "oled", "refresh_rates": ["60 Hz"],
          "idle_refresh": "60 Hz", "panel_power": "100 mW", "per_hz": "1 mW",
          "full_white_power": "1 W", "appearance_apl": { "light": "100%", "dark": "20%" },
          "brightness_curve": "android", "max_luminance": "400 nits" } } },
      "duration": "10 s",
      "display": [ { "from": 0, "to": "10 s", "brightness": \#(brightness), "appearance": "light" } ] }
    """#
  }

  static func run(brightness: String) throws -> RunResult {
    Simulation(setup: try decodeScenario(json(brightness: brightness)).setup).run()
  }

  /// The display's energy over the 10 s run, in joules.
  static func displayJoules(_ brightness: String) throws -> Double {
    try run(brightness: brightness).components.first { $0.name == "display" }!.energy.joules
  }

  /// 100 nits of 400 is a quarter of full luminance: panel 100 mW + 60 Hz × 1 mW + 1 W × 0.25 ×
  /// 100% APL = 410 mW for 10 s, 4.1 J; the Android curve would have asked 1/12 of full for half
  /// its slider, which nits bypass.
  @Test func nitsAreAFractionOfMaxLuminance() throws {
    #expect(abs(try Self.displayJoules(#""100 nits""#) - 4.1) < 1e-9)
    #expect(abs(try Self.displayJoules(#""400 nits""#) - 11.6) < 1e-9, "full: 1.16 W")
    #expect(abs(try Self.displayJoules(#""400 cd/m²""#) - 11.6) < 1e-9, "the SI spelling")
    // The slider at 50% asks for 1/12 of full luminance (the Android curve): 160 mW + 1 W / 12.
    #expect(abs(try Self.displayJoules(#""50%""#) - (1.6 + 10.0 / 12)) < 1e-6)
  }

  /// Above `max_luminance` is an error that names it.
  @Test func aboveMaxLuminanceIsAnError() throws {
    #expect(
      scenarioError(Self.json(brightness: #""401 nits""#))
        == #"test.json: display[0].brightness: expected a luminance of at most the display's max_luminance, 400 nits, found "401 nits""#
    )
  }
}
