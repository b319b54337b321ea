import DeviceModels
import Quantities
import ScenarioFiles
import TestSupport
import Testing

/// How a scenario names its device: built-in, file (relative to the scenario), inline; and
/// `extends` chains and their cycles.
@Suite struct DeviceResolverTests {
  @Test func builtInByName() throws {
    let scenario = try decodeScenario(#"{ "device": "phone", "duration": "1 s" }"#)
    #expect(scenario.deviceName == "phone")
    #expect(
      scenario.setup.device.components.map(\.name) == [
        "platform", "cpu", "storage", "cellular", "wifi", "gpu", "display", "gnss", "lpass",
        "audio", "bluetooth", "video", "camera", "encoder",
      ])
  }

  @Test func inlineDevice() throws {
    let scenario = try decodeScenario(gpsScenario())
    #expect(scenario.deviceName == "gps-board")
    #expect(scenario.setup.device.components.map(\.name) == ["platform", "gps"])
    #expect(scenario.setup.device.battery == nil)
  }

  /// A device without a name is called "device".
  @Test func unnamedInlineDevice() throws {
    let device =
      #"{ "components": { "gps": { "type": "generic", "states": [ { "name": "on", "power": "1 W" }, { "name": "off", "power": "0 W", "after": "1 s" } ] } } }"#
    #expect(
      try decodeScenario(#"{ "device": \#(device), "duration": "1 s" }"#).deviceName == "device")
  }

  /// A path is relative to the scenario file, wherever the program runs.
  @Test func deviceFileRelativeToTheScenario() throws {
    let directory = try TemporaryDirectory()
    try directory.write(gpsBoard, to: "devices/board.json")
    let scenario = try directory.write(
      #"{ "device": "../devices/board.json", "duration": "1 s" }"#, to: "scenarios/gps.json")
    let decoded = try ScenarioDocument.load(scenario).scenario()
    #expect(decoded.deviceName == "gps-board")
    #expect(decoded.setup.device == (try decodeScenario(gpsScenario())).setup.device)
  }

  /// "The phone with a bigger battery is three lines": 5000 mAh × 3.85 V × 3.6 J/mWh = 69 300 J;
  /// everything else is the phone's.
  @Test func extendsABuiltInDevice() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      """
      { "extends": "phone",
        "name": "phone-xl",
        "battery": { "capacity_mah": 5000 } }
      """, to: "phone-xl.json")
    let scenario = try directory.write(
      #"{ "device": "phone-xl.json", "duration": "1 s" }"#, to: "s.json")
    let xl = try ScenarioDocument.load(scenario).scenario().setup.device
    let phone = try decodeScenario(#"{ "device": "phone", "duration": "1 s" }"#).setup.device
    #expect(xl.name == "phone-xl")
    #expect(
      xl.battery
        == BatterySpec(
          capacity: .joules(69_300), chargePower: .watts(15), nominalVoltage: Voltage(volts: 3.85)))
    #expect(xl.components == phone.components)
    // The phone's own: 4000 mAh × 3.85 V × 3.6 = 55 440 J.
    #expect(phone.battery?.capacity == .joules(55_440))
  }

  /// `extends` paths are relative to the file that says them; an inline device may extend too,
  /// and `null` removes a component.
  @Test func extendsChains() throws {
    let directory = try TemporaryDirectory()
    try directory.write(gpsBoard, to: "devices/base.json")
    try directory.write(
      #"{ "extends": "../base.json", "name": "quiet", "components": { "platform": null } }"#,
      to: "devices/variants/quiet.json")
    let scenario = try directory.write(
      #"{ "device": { "extends": "devices/variants/quiet.json", "name": "quieter" }, "duration": "1 s" }"#,
      to: "s.json")
    let decoded = try ScenarioDocument.load(scenario).scenario()
    #expect(decoded.deviceName == "quieter")
    #expect(decoded.setup.device.components.map(\.name) == ["gps"])
  }

  @Test func extendsCycle() throws {
    let directory = try TemporaryDirectory()
    let a = try directory.write(#"{ "extends": "b.json" }"#, to: "a.json")
    let b = try directory.write(#"{ "extends": "a.json", "name": "b" }"#, to: "b.json")
    let scenario = try directory.write(#"{ "device": "a.json", "duration": "1 s" }"#, to: "s.json")
    #expect(
      fileError(scenario)
        == "\(b): extends: device files extend each other in a cycle: \(a) → \(b) → \(a)")
  }

  @Test func extendsItself() throws {
    let directory = try TemporaryDirectory()
    let a = try directory.write(#"{ "extends": "./a.json" }"#, to: "a.json")
    let scenario = try directory.write(#"{ "device": "a.json", "duration": "1 s" }"#, to: "s.json")
    #expect(
      fileError(scenario) == "\(a): extends: device files extend each other in a cycle: \(a) → \(a)"
    )
  }

  @Test func referenceErrors() throws {
    #expect(
      scenarioError(#"{ "device": "phnoe", "duration": "1 s" }"#)
        == #"test.json: device: expected a built-in device ("devboard", "iphone", "laptop", "macbook" or "phone") or a path to a device file ending in .json, found "phnoe" (did you mean "phone"?)"#
    )
    #expect(
      scenarioError(#"{ "device": 3, "duration": "1 s" }"#)
        == #"test.json: device: expected a device: a built-in name ("devboard", "iphone", "laptop", "macbook" or "phone"), a path to a device file, or an object; found a number"#
    )
    #expect(
      scenarioError(#"{ "device": { "extends": 5 }, "duration": "1 s" }"#)
        == "test.json: device.extends: expected the name or path of a device to extend, found a number"
    )
    #expect(
      scenarioError(#"{ "duration": "1 s" }"#)
        == #"test.json: a scenario needs the key "device", which is missing"#)
  }

  @Test func missingAndBrokenDeviceFiles() throws {
    let directory = try TemporaryDirectory()
    let broken = try directory.write("{\n  \"name\": \"x\",\n}", to: "broken.json")
    let scenario = try directory.write(
      #"{ "device": "nope.json", "duration": "1 s" }"#, to: "s.json")
    #expect(
      fileError(scenario)
        == "\(scenario): device: cannot read the device file \"\(directory.path)/nope.json\": it does not exist"
    )
    let second = try directory.write(
      #"{ "device": "broken.json", "duration": "1 s" }"#, to: "t.json")
    #expect(fileError(second) == "\(broken):3:1: expected a key in double quotes, found '}'")
    let notObject = try directory.write("[]", to: "list.json")
    let third = try directory.write(#"{ "device": "list.json", "duration": "1 s" }"#, to: "u.json")
    #expect(fileError(third) == "\(notObject): expected a device object, found an array")
  }

  /// An error inside a device file names that file and the path inside it.
  @Test func errorsInADeviceFileNameThatFile() throws {
    let directory = try TemporaryDirectory()
    let device = try directory.write(
      gpsBoard.replacingOccurrences(of: #""power": "60 mW""#, with: #""power": "60 mV""#),
      to: "d.json")
    let scenario = try directory.write(#"{ "device": "d.json", "duration": "1 s" }"#, to: "s.json")
    #expect(
      fileError(scenario)
        == #"\#(device): components.gps.states[1].power: expected a power such as "300 mW" or "1.2 W", found "60 mV" (a voltage)"#
    )
  }
}
