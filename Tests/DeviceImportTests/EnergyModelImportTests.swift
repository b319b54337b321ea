import DeviceImport
import Foundation
import ScenarioFiles
import Testing

/// `powersim import energy-model`: a device-tree fragment (a coefficient with opp-microvolt, and
/// opp-microwatt) and a debugfs copy, values computed by hand. The fixtures are written for the
/// test in the kernel's formats (Documentation/devicetree/bindings/opp/opp-v2-base.yaml,
/// Documentation/power/energy-model.rst).
@Suite struct EnergyModelImportTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/EnergyModel")

  @Test func deviceTreeCoefficientAndMicrowatts() throws {
    let model = try EnergyModelImporter.read(
      Self.fixtures.appendingPathComponent("two-clusters.dtsi").path)
    #expect(model.clusters.map(\.cpus) == [[0, 1], [2]])
    // C = 100 µW/MHz/V²: 100 × 600 mV² × 300 MHz / 10⁶ = 10,800 µW; at 900 mV and 1800 MHz,
    // 145,800 µW.
    #expect(model.clusters[0].points.map(\.kilohertz) == [300_000, 1_800_000])
    #expect(model.clusters[0].points.map(\.microwatts) == [10_800, 145_800])
    #expect(model.clusters[1].points.map(\.microwatts) == [120_000, 1_900_000])
    #expect(model.warnings.isEmpty)
  }

  @Test func debugfsCopy() throws {
    let model = try EnergyModelImporter.read(Self.fixtures.appendingPathComponent("debugfs").path)
    #expect(model.clusters.map(\.cpus) == [[0, 1, 2, 3], [4, 5, 6, 7]])
    #expect(model.clusters[0].points.map(\.microwatts) == [10_800, 145_800])
    let fragment = model.fragment(name: nil).serialized()
    #expect(fragment.contains("\"freq\":\"1800 MHz\",\"power\":\"145.8 mW\""))
  }

  @Test func malformedDeviceTreesAreErrorsWithLineAndColumn() throws {
    func message(_ text: String) -> String? {
      do {
        _ = try DeviceTreeEnergyModelReader.read(Array(text.utf8), file: "bad.dtsi")
        return nil
      } catch {
        return error.description
      }
    }
    #expect(
      message("cpus {\n cpu@0 { operating-points-v2 = <&t>;\n")
        == "bad.dtsi:3:1: expected \"}\" to close the node cpu@0, found the end of the file")
    #expect(
      message("cpus { cpu@0 { x = 5; }; };")
        == "bad.dtsi:1:20: expected <cells>, a \"string\" or [bytes] as the value of x, found \"5; }; };\""
    )
    #expect(
      message("/ { };")
        == "bad.dtsi: expected cpu nodes with operating-points-v2 (a device tree's cpus), found none"
    )
  }
}
