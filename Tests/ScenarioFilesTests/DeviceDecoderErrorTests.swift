import Testing

/// Device errors, each with its file, JSON path and message (what was expected, what was found).
@Suite struct DeviceDecoderErrorTests {
  /// The error of a scenario whose inline device has `components` (an object's JSON members)
  /// and optionally `battery`.
  static func error(_ components: String, battery: String? = nil) -> String? {
    let batteryMember = battery.map { #""battery": \#($0), "# } ?? ""
    return scenarioError(
      #"{ "device": { \#(batteryMember)"components": { \#(components) } }, "duration": "1 s" }"#)
  }

  /// A generic ladder with `states` (an array's JSON).
  static func generic(_ name: String, _ states: String, extra: String = "") -> String {
    #""\#(name)": { "type": "generic", "states": \#(states)\#(extra) }"#
  }

  static let on = #"{ "name": "on", "power": "100 mW" }"#
  static let off = #"{ "name": "off", "power": "0 W", "after": "1 s" }"#

  /// Powers are whole nanowatts (see *The power-state ladder*): one written as non-zero that rounds
  /// to 0 nW is an error; a true zero and 1 nW are not.
  @Test func powerThatRoundsToZeroNanowatts() {
    let tiny = #"{ "name": "off", "power": "0.0000000004 W", "after": "1 s" }"#
    #expect(
      Self.error(Self.generic("gps", "[\(Self.on), \(tiny)]"))
        == #"test.json: device.components.gps.states[1].power: expected a power of 0 or at least 1 nW, found "0.0000000004 W" (it rounds to 0 nW)"#
    )
    let oneNanowatt = #"{ "name": "off", "power": "0.000001 mW", "after": "1 s" }"#
    #expect(Self.error(Self.generic("gps", "[\(Self.on), \(oneNanowatt)]")) == nil)
    #expect(Self.error(Self.generic("gps", "[\(Self.on), \(Self.off)]")) == nil)
  }

  /// `suspended_power`: at most the state's power, and not on the platform's own states.
  @Test func suspendedPowerErrors() {
    let above = #"{ "name": "off", "power": "1 mW", "suspended_power": "2 mW", "after": "1 s" }"#
    #expect(
      Self.error(Self.generic("gps", "[\(Self.on), \(above)]"))
        == #"test.json: device.components.gps.states[1].suspended_power: expected a power of at most the state's "power" (1 mW), found 2 mW"#
    )
    let onPlatform = #"""
      "platform": { "type": "platform", "states": [\#(Self.on), { "name": "off", "power": "1 mW", "suspended_power": "0 W", "after": "1 s" }] }
      """#
    #expect(
      Self.error(onPlatform)
        == #"test.json: device.components.platform.states[1].suspended_power: the platform's own states take no "suspended_power" (its deepest state is the suspended device)"#
    )
    let below = #"{ "name": "off", "power": "1 mW", "suspended_power": "0 W", "after": "1 s" }"#
    #expect(Self.error(Self.generic("gps", "[\(Self.on), \(below)]")) == nil)
  }

  @Test func ladderErrors() {
    #expect(
      Self.error(Self.generic("gps", "[\(Self.on)]"))
        == "test.json: device.components.gps.states: expected at least two states (the active state, then an idle state), found 1"
    )
    #expect(
      Self.error(
        Self.generic("gps", #"[\#(Self.on), { "name": "on", "power": "0 W", "after": "1 s" }]"#))
        == #"test.json: device.components.gps.states[1].name: expected a state name unique in the ladder, found "on" twice"#
    )
    #expect(
      Self.error(
        Self.generic("gps", #"[\#(Self.on), { "name": "waking", "power": "0 W", "after": "1 s" }]"#)
      )
        == #"test.json: device.components.gps.states[1].name: "waking" is reserved for the time spent waking; choose another state name"#
    )
    #expect(
      Self.error(Self.generic("gps", #"[\#(Self.on), { "name": "off", "power": "0 W" }]"#))
        == #"test.json: device.components.gps.states[1]: the timeout policy needs "after" (idle time before entering the state) on every idle state"#
    )
    #expect(
      Self.error(
        Self.generic(
          "gps",
          #"[\#(Self.on), { "name": "hot", "power": "60 mW", "after": "6 s" }, { "name": "off", "power": "0 W", "after": "1 s" }]"#
        ))
        == #"test.json: device.components.gps.states[2].after: expected "after" of at least the previous state's (6 s), found 1 s"#
    )
    #expect(
      Self.error(
        Self.generic(
          "gps",
          #"[\#(Self.on), { "name": "hot", "power": "5 mW", "after": "1 s" }, { "name": "off", "power": "10 mW", "after": "6 s" }]"#
        ))
        == "test.json: device.components.gps.states[1].power: expected a power of at least the deepest state's (10 mW), found 5 mW"
    )
    #expect(
      Self.error(
        Self.generic("gps", "[\(Self.on), \(Self.off)]", extra: #", "idle_policy": "lazy""#))
        == #"test.json: device.components.gps.idle_policy: expected one of "timeout" or "predictive", found "lazy""#
    )
  }

  @Test func componentErrors() {
    let ladder = "[\(Self.on), \(Self.off)]"
    #expect(
      Self.error(#""gps": { "type": "generik", "states": \#(ladder) }"#)
        == #"test.json: device.components.gps.type: expected a component type ("platform", "island", "cpu", "storage", "radio", "gpu", "display" or "generic"), found "generik" (did you mean "generic"?)"#
    )
    #expect(
      Self.error(Self.generic("a/b", ladder))
        == #"test.json: device.components["a/b"]: expected a component name without "/" or ",", found "a/b""#
    )
    #expect(
      Self.error(Self.generic("read", ladder))
        == #"test.json: device.components.read: a generic component cannot be named "read", which is a work step's key"#
    )
    #expect(
      Self.error(Self.generic("gps", ladder, extra: #", "parent": "soc""#))
        == #"test.json: device.components.gps.parent: expected the name of a platform or island component or "none", found "soc", which is not a component of this device"#
    )
    #expect(
      Self.error(
        Self.generic("gps", ladder) + ", "
          + Self.generic("gnss", ladder, extra: #", "parent": "gps""#))
        == #"test.json: device.components.gnss.parent: expected a platform or island component as parent, found "gps", a generic component"#
    )
    #expect(
      Self.error(Self.generic("gps", ladder, extra: #", "wake": "1 s""#))
        == #"test.json: device.components.gps.wake: unknown key "wake" in a component (expected one of "type", "description", "parent", "states", "idle_policy", "memory_bandwidth", "pixel_energy" or "pixel_memory")"#
    )
    #expect(
      Self.error(#""gps": { "states": \#(ladder) }"#)
        == #"test.json: device.components.gps: a component needs the key "type", which is missing"#)
  }

  @Test func oneOfEachAddressedKind() {
    let gpu =
      #"{ "type": "gpu", "states": [\#(Self.on), \#(Self.off)], "opps": [ { "freq": "1 GHz", "power": "1 W" } ] }"#
    #expect(
      Self.error(#""gpu": \#(gpu), "gpu2": \#(gpu)"#)
        == #"test.json: device.components.gpu2: a device has at most one gpu component; "gpu" is one already"#
    )
    let badOpps =
      #"{ "type": "gpu", "states": [\#(Self.on), \#(Self.off)], "opps": [ { "freq": "2 GHz", "power": "1 W" }, { "freq": "1 GHz", "power": "2 W" } ] }"#
    #expect(
      Self.error(#""gpu": \#(badOpps)"#)
        == "test.json: device.components.gpu.opps[1].freq: expected operating points by increasing frequency, found 1 GHz after 2 GHz"
    )
  }

  @Test func displayErrors() {
    let display = #"""
      "display": { "type": "display", "technology": "lcd", "refresh_rates": ["60 Hz"], "idle_refresh": "30 Hz",
                   "panel_power": "100 mW", "per_hz": "1 mW", "backlight_power": "1 W" }
      """#
    #expect(
      Self.error(display)
        == "test.json: device.components.display.idle_refresh: expected one of the refresh rates, found 30 Hz"
    )
    let oled = #"""
      "display": { "type": "display", "technology": "oled", "refresh_rates": ["60 Hz"], "idle_refresh": "60 Hz",
                   "panel_power": "100 mW", "per_hz": "1 mW", "full_white_power": "1 W" }
      """#
    #expect(
      Self.error(oled)
        == #"test.json: device.components.display: a component needs the key "appearance_apl", which is missing"#
    )
  }

  @Test func batteryErrors() {
    let gps = Self.generic("gps", "[\(Self.on), \(Self.off)]")
    #expect(
      Self.error(gps, battery: #"{ "capacity": "1 Wh", "capacity_mah": 100 }"#)
        == #"test.json: device.battery.capacity_mah: expected either "capacity" or "capacity_mah", found both (a device that extends one which gives the other can set it to null)"#
    )
    #expect(
      Self.error(gps, battery: #"{ "capacity_mah": 100 }"#)
        == #"test.json: device.battery: "capacity_mah" needs "voltage" to convert charge to energy"#
    )
    #expect(
      Self.error(gps, battery: "{}")
        == #"test.json: device.battery: a battery needs "capacity" (an energy) or "capacity_mah" with "voltage""#
    )
    #expect(
      Self.error(gps, battery: #"{ "capacity": "0 J" }"#)
        == "test.json: device.battery.capacity: expected a capacity greater than zero")
  }
}
