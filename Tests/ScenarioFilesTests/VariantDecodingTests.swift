import DeviceModels
import Foundation
import JSONSupport
import ScenarioFiles
import TestSupport
import Testing

/// Variants decode only what their patch changes, and read shared files once (see *Bad Input, Run
/// Limits and Safe Output*): the result, and any error, is exactly that of decoding the variant on
/// its own.
@Suite struct VariantDecodingTests {
  static let workloads = """
    "a": { "every": "1 s", "work": { "cpu": "1 ms" } },
    "b": { "every": "2 s", "work": [ { "cpu": "2 ms" }, { "download": "1 KB" } ] },
    "c": { "times": ["1 s", "3 s"], "work": { "gps": "1 s" } }
    """

  static let variants = """
    "seed": { "seed": 7 },
    "slower-b": { "workloads": { "b": { "every": "4 s" } } },
    "without-a": { "workloads": { "a": null } },
    "with-d": { "workloads": { "d": { "at": "5 s", "work": { "audio": "1 s" } } } },
    "all-changed": { "workloads": { "a": null, "c": { "times": ["2 s"] }, "e": { "at": "1 s", "work": { "cpu": "1 ms" } } } },
    "longer": { "duration": "20 s" },
    "offline": { "environment": { "network": [] } },
    "charging": { "environment": { "charging": [["1 s", "2 s"]] } },
    "patched-device": { "device_patch": { "components": { "gps": null } }, "workloads": { "c": null } },
    "display": { "display": [ { "from": "0 s", "to": "1 s", "brightness": "50%", "appearance": "dark" } ] },
    "bad-new": { "workloads": { "f": { "at": "1 s", "work": { "cpu": "-1 ms" } } } },
    "bad-changed": { "workloads": { "b": { "every": "5 parsecs" } } }
    """

  static var text: String {
    ScenarioFixture.text(workloads: workloads, extra: "\"variants\": { \(variants) },")
  }

  /// The variant decoded on its own, from a fresh document (nothing to take over), or its error.
  func alone(_ variant: String) throws -> Result<Scenario, InputError> {
    let document = try ScenarioFixture.document(Self.text)
    do { return .success(try document.scenario(variant: variant)) } catch {
      return .failure(error)
    }
  }

  @Test func everyVariantDecodesAsItWouldAlone() throws {
    let document = try ScenarioFixture.document(Self.text)
    _ = try document.scenario()
    for variant in document.variantNames.dropFirst() {
      let afterBaseline: Result<Scenario, InputError>
      do { afterBaseline = .success(try document.scenario(variant: variant)) } catch {
        afterBaseline = .failure(error)
      }
      switch (afterBaseline, try alone(variant)) {
      case (.success(let reused), .success(let decoded)):
        #expect(reused.setup == decoded.setup, "\(variant)")
        #expect(reused.variant == variant)
      case (.failure(let reused), .failure(let decoded)):
        #expect(reused == decoded, "\(variant)")
      default:
        Issue.record("\(variant): \(afterBaseline) after the baseline, \(try alone(variant)) alone")
      }
    }
  }

  @Test func errorsOfChangedWorkloadsAreThoseOfAFullDecoding() throws {
    let document = try ScenarioFixture.document(Self.text)
    _ = try document.scenario()
    #expect(throws: InputError.self) { try document.scenario(variant: "bad-new") }
    do {
      _ = try document.scenario(variant: "bad-changed")
      Issue.record("expected an error")
    } catch {
      #expect(error.path == "variants.bad-changed.workloads.b.every")
    }
  }

  /// The workloads a patch leaves alone are the baseline's own values, not decoded again: their
  /// work lists share the baseline's storage.
  @Test func untouchedWorkloadsAreTakenOverNotDecodedAgain() throws {
    let document = try ScenarioFixture.document(Self.text)
    let baseline = try document.scenario().setup.workloads
    let seed = try document.scenario(variant: "seed").setup.workloads
    let slower = try document.scenario(variant: "slower-b").setup.workloads
    #expect(seed.map(\.name) == ["a", "b", "c"])
    #expect(slower.map(\.name) == ["a", "b", "c"])
    func storage(_ work: WorkSpec) -> UnsafeRawPointer? {
      work.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    for index in 0..<3 {
      #expect(storage(seed[index].work) == storage(baseline[index].work))
    }
    #expect(storage(slower[0].work) == storage(baseline[0].work))
    #expect(storage(slower[1].work) != storage(baseline[1].work))
    #expect(storage(slower[2].work) == storage(baseline[2].work))
  }

  /// A device file and a trace shared by variants are read once: changing them on disk after
  /// the baseline was decoded changes no variant, even one that decodes them again.
  @Test func sharedDeviceAndTraceFilesAreReadOnce() throws {
    let directory = try TemporaryDirectory()
    try directory.write(ScenarioFixture.device, to: "device.json")
    try directory.write("time,cpu\n1 s,1 ms\n2 s,2 ms\n", to: "trace.csv")
    let scenario = """
      { "device": "device.json", "duration": "10 s",
        "workloads": { "replay": { "trace": "trace.csv" } },
        "variants": { "other": { "duration": "20 s", "device_patch": { "name": "other" } } } }
      """
    let file = directory.path("scenario.json")
    let document = try ScenarioDocument(json: try JSONReader.parse(scenario), file: file)
    let baseline = try document.scenario()
    try directory.write("not JSON", to: "device.json")
    try directory.write("time,cpu\n1 s,nonsense\n", to: "trace.csv")
    let other = try document.scenario(variant: "other")
    #expect(other.deviceName == "other")
    #expect(other.setup.workloads == baseline.setup.workloads)
  }
}
