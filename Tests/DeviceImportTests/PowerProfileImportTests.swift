import DeviceImport
import DeviceModels
import Foundation
import JSONSupport
import ScenarioFiles
import TestSupport
import Testing

/// `powersim import power-profile` on real files of 2010–2022 (see Fixtures/PowerProfiles/
/// SOURCES.md): every one imports into a valid device; values are checked by hand against the
/// files; the sanity warnings fire on the files that earn them.
@Suite struct PowerProfileImportTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/PowerProfiles")

  static let names = [
    "aosp-sample", "semc-shakira", "lge-su880", "asus-tf201", "samsung-maguro", "oneplus-bacon",
    "xiaomi-libra", "google-wahoo", "oneplus-oneplus3", "oneplus-msm8998", "oneplus-guacamole",
    "realme-sm8250", "google-oriole", "samsung-m23xq",
  ]

  static func path(_ name: String) -> String {
    fixtures.appendingPathComponent(name + ".xml").path
  }

  static func importing(_ name: String, extends reference: String = "phone") throws
    -> PowerProfileImporter.Result
  {
    let profile = try PowerProfileDocument(
      bytes: try DeviceFileAccess.read(path(name)), file: name + ".xml")
    let base = try DeviceFileAccess.resolve(reference)
    return try PowerProfileImporter(
      profile: profile, baseReference: reference, base: base.json, name: name
    ).run()
  }

  static func value(_ device: JSONValue, _ dotted: String) -> String? {
    guard let path = JSONPath(dotted: dotted), case .string(let text)? = device[path: path] else {
      if let path = JSONPath(dotted: dotted), case .number(let number)? = device[path: path] {
        return number.literal
      }
      return nil
    }
    return text
  }

  @Test(arguments: names) func everyFixtureImportsIntoAValidDevice(_ name: String) throws {
    let result = try Self.importing(name)
    _ = try DeviceFileAccess.check(result.device, file: name + ".json")
    // Every imported power names the file and the key it came from.
    let text = result.device.serialized()
    #expect(text.contains("\(name).xml: "))
  }

  @Test func pixelSixValuesAreTheFilesCurrentsTimesTheVoltage() throws {
    let device = try Self.importing("google-oriole").device
    // cpu.suspend 10 mA, cpu.idle 28.6 mA, 3.85 V; the awake state adds the phone's memory
    // increment (137.45 − 50.05 = 87.4 mW) to the idle level.
    #expect(Self.value(device, "components.platform.states.2.power") == "38.5 mW")
    #expect(Self.value(device, "components.platform.states.1.power") == "110.11 mW")
    #expect(Self.value(device, "components.platform.states.0.power") == "197.51 mW")
    #expect(Self.value(device, "components.cpu.clusters.0.name") == "little")
    #expect(Self.value(device, "components.cpu.clusters.0.cores") == "4")
    #expect(Self.value(device, "components.cpu.clusters.2.cores") == "2")
    #expect(Self.value(device, "components.cpu.clusters.0.opps.0.freq") == "300 MHz")
    #expect(Self.value(device, "components.cpu.clusters.0.opps.0.power") == "7.2765 mW")
    // cluster_power.cluster0 0.24 + cpu.active 12.37 = 12.61 mA.
    #expect(Self.value(device, "components.cpu.clusters.0.states.0.power") == "48.5485 mW")
    // screen.on 98 mA = 377.3 mW less the phone's 3 mW/Hz × 60 Hz; screen.full 470 mA.
    #expect(Self.value(device, "components.display.panel_power") == "197.3 mW")
    #expect(Self.value(device, "components.display.full_white_power") == "1809.5 mW")
    // modem.controller.idle 3.5 mA, sleep 2 mA, rx 198 mA.
    #expect(Self.value(device, "components.cellular.states.0.power") == "13.475 mW")
    #expect(Self.value(device, "components.cellular.states.1.power") == "7.7 mW")
    // Connected-mode DRX sleeps at the paging power.
    #expect(Self.value(device, "components.cellular.drx.power") == "7.7 mW")
    #expect(Self.value(device, "components.cellular.transfer_power.base") == "762.3 mW")
    #expect(Self.value(device, "battery.capacity_mah") == "4614")
    #expect(Self.value(device, "extends") == "phone")
  }

  /// `radio.scanning` is the cellular radio's scanning power (see *Radios*): the Pixel 2's 5 mA ×
  /// 3.85 V; the OnePlus 7 Pro's 1 mA (3.85 mW) is below its paging power (radio.on 3 and 2 mA,
  /// 9.625 mW), which would make the device invalid: raised to it, with a warning.
  @Test func scanningIsTheRadiosSearchAtLeastItsPaging() throws {
    let pixel = try Self.importing("google-wahoo").device
    #expect(Self.value(pixel, "components.cellular.scanning") == "19.25 mW")
    let oneplus = try Self.importing("oneplus-guacamole")
    #expect(Self.value(oneplus.device, "components.cellular.scanning") == "9.625 mW")
    #expect(
      oneplus.warnings.contains {
        $0.hasPrefix("cellular's scanning power 3.85 mW is below its idle (paging) power")
      })
  }

  @Test func singleClusterFilesBecomeOneCluster() throws {
    let result = try Self.importing("semc-shakira")
    let device = result.device
    #expect(Self.value(device, "components.cpu.clusters.0.name") == "cpu")
    #expect(Self.value(device, "components.cpu.clusters.0.opps.0.freq") == "19.2 MHz")
    #expect(Self.value(device, "components.cpu.clusters.0.opps.0.power") == "19.25 mW")
    // No cpu.suspend: cpu.idle 2.8 mA is the floor (power collapse, as up to Android 7).
    #expect(Self.value(device, "components.platform.states.2.power") == "10.78 mW")
    #expect(Self.value(device, "components.cpu.qos_policy.background.clusters.0") == "cpu")
  }

  @Test func placeholdersCopiedFromTheAOSPSampleAreNamed() throws {
    let warnings = try Self.importing("samsung-m23xq").warnings
    #expect(warnings.contains { $0.contains("screen.on.display0") && $0.contains("placeholder") })
    #expect(warnings.contains { $0.hasPrefix("screen.on.display0 is 0.1 mA, under 5 mA") })
    #expect(try Self.importing("google-oriole").warnings.isEmpty)
  }

  @Test func unequalArraysRepeatedKeysAndMissingClustersAreReported() throws {
    let warnings = try Self.importing("realme-sm8250").warnings
    #expect(
      warnings.contains(
        "cpu.core_power.cluster1 is given more than once; the last value is imported, as Android does"
      ))
    #expect(
      warnings.contains(
        "cpu.core_speeds.cluster1 has 18 speeds but cpu.core_power.cluster1 20 currents; the first 18 are imported"
      ))
    #expect(
      warnings.contains(
        "cpu.core_speeds.cluster2 has no cpu.core_power.cluster2 beside it; the cluster is not imported"
      ))
  }

  @Test func powerFallingWithFrequencyAndClampedValuesAreReported() throws {
    let warnings = try Self.importing("asus-tf201").warnings
    #expect(
      warnings.contains {
        $0.hasPrefix("cpu.active[") && $0.contains("CPU power should rise with frequency")
      })
    #expect(
      warnings.contains { $0.hasPrefix("cellular's idle (paging) power") && $0.contains("clamped") }
    )
  }

  @Test func currentsInMicroampsAreReadAsSuch() throws {
    let xml = "<device><item name=\"screen.on\">98000</item></device>"
    let profile = try PowerProfileDocument(bytes: Array(xml.utf8), file: "u.xml")
    let base = try DeviceFileAccess.resolve("phone")
    let result = try PowerProfileImporter(
      profile: profile, baseReference: "phone", base: base.json, name: "u"
    ).run()
    #expect(
      result.warnings.first
        == "screen.on is 98000 mA, more than 10 A: read as µA (98 mA); power_profile.xml currents are in mA"
    )
    #expect(Self.value(result.device, "components.display.panel_power") == "197.3 mW")
  }

  @Test func malformedFilesAreErrorsWithLineAndColumn() {
    func error(_ xml: String) -> String? {
      do {
        _ = try PowerProfileDocument(bytes: Array(xml.utf8), file: "bad.xml")
        return nil
      } catch {
        return error.description
      }
    }
    #expect(
      error("<device>\n<item name=\"cpu.idle\">2.8</item>\n<item name=\"x\">4")
        == "bad.xml:3:1: expected </item> to close this element, found the end of the file")
    #expect(
      error("<device>\n  <item name=\"cpu.idle\">two</item>\n</device>")
        == "bad.xml:2:3: expected a number in <item name=\"cpu.idle\">, found \"two\"")
    #expect(
      error("<resources/>")
        == "bad.xml:1:1: expected the root element <device> of a power_profile.xml, found <resources>"
    )
    #expect(
      error("<device><item>1</item></device>")
        == "bad.xml:1:9: expected a name attribute on <item>, found none")
    #expect(
      error("<device><array name=\"a\"><item>1</item></array></device>")
        == "bad.xml:1:25: expected <value> inside <array name=\"a\">, found <item>")
  }
}
