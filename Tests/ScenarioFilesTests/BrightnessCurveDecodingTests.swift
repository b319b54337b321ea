import DeviceModels
import Quantities
import ScenarioFiles
import Testing

/// The display's `brightness_curve` (see *The display*): `{ "gamma": N }` or `"android"`, with
/// `brightness_gamma: N` kept as its older spelling; and the display's default parent, the
/// platform (see *The platform*).
@Suite struct BrightnessCurveDecodingTests {
  /// A device of a platform and an OLED display with `extra` (JSON members) added to the
  /// display.
  static func scenario(display extra: String) -> String {
    #"""
    { "device": { "components": {
        "platform": { "type": "platform", "states": [ { "name": "on", "power": "50 mW" },
          { "name": "sleep", "power": "5 mW", "after": "10 ms" } ] },
        "display": { "type": "display", "technology": "oled", "refresh_rates": ["60 Hz"],
          "idle_refresh": "60 Hz", "panel_power": "100 mW", "per_hz": "1 mW",
          "full_white_power": "1 W", "appearance_apl": { "light": "80%", "dark": "20%" }\#(extra) } } },
      "duration": "1 s" }
    """#
  }

  static func display(_ extra: String) throws -> ComponentSpec {
    let device = try decodeScenario(scenario(display: extra)).setup.device
    return try #require(device.components.first { $0.name == "display" })
  }

  static func curve(_ extra: String) throws -> BrightnessCurve {
    guard case .display(let spec) = try display(extra).model else {
      Issue.record("not a display")
      return .gamma(0)
    }
    return spec.brightnessCurve
  }

  @Test func curves() throws {
    #expect(try Self.curve("") == .gamma(2.2), "the default")
    #expect(try Self.curve(#", "brightness_curve": "android""#) == .android)
    #expect(try Self.curve(#", "brightness_curve": { "gamma": 1.8 }"#) == .gamma(1.8))
    #expect(try Self.curve(#", "brightness_gamma": 1"#) == .gamma(1), "the older spelling")
  }

  /// The display hangs from the platform unless its `parent` says otherwise.
  @Test func displayHangsFromThePlatform() throws {
    #expect(try Self.display("").parent == .platform)
    #expect(try Self.display(#", "parent": "none""#).parent == .none)
    #expect(try Self.display(#", "parent": "platform""#).parent == .named("platform"))
  }

  @Test(arguments: [
    (
      #", "brightness_curve": "androd""#,
      #"test.json: device.components.display.brightness_curve: expected "android" or { "gamma": a number greater than zero }, found "androd" (did you mean "android"?)"#
    ),
    (
      #", "brightness_curve": "linear""#,
      #"test.json: device.components.display.brightness_curve: expected "android" or { "gamma": a number greater than zero }, found "linear""#
    ),
    (
      #", "brightness_curve": 2.2"#,
      #"test.json: device.components.display.brightness_curve: expected "android" or { "gamma": a number greater than zero }, found a number"#
    ),
    (
      #", "brightness_curve": { "gamma": 0 }"#,
      "test.json: device.components.display.brightness_curve.gamma: expected a number greater than zero, found 0"
    ),
    (
      #", "brightness_curve": { "gamma": -2 }"#,
      "test.json: device.components.display.brightness_curve.gamma: expected a number greater than zero, found -2"
    ),
    (
      #", "brightness_gamma": 0"#,
      "test.json: device.components.display.brightness_gamma: expected a number greater than zero, found 0"
    ),
    (
      #", "brightness_curve": {}"#,
      #"test.json: device.components.display.brightness_curve: a brightness curve needs the key "gamma", which is missing"#
    ),
    (
      #", "brightness_curve": { "gamma": 2.2 }, "brightness_gamma": 2.2"#,
      "test.json: device.components.display.brightness_gamma: expected either brightness_curve or brightness_gamma (its older spelling), found both"
    ),
  ])
  func badCurves(extra: String, message: String) {
    #expect(scenarioError(Self.scenario(display: extra)) == message)
  }
}
