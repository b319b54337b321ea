import Foundation
import JSONSupport
import ScenarioFiles

/// A fresh directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory {
  /// The directory's absolute path, without a trailing slash.
  let path: String

  init() throws {
    let name = "powersim-tests-" + UUID().uuidString
    path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes `text` to `relative` (creating folders), and returns the file's full path.
  @discardableResult
  func write(_ relative: String, _ text: String) throws -> String {
    let full = path + "/" + relative
    let folder = (full as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try text.write(toFile: full, atomically: true, encoding: .utf8)
    return full
  }
}

/// The baseline scenario of `json`, as if read from `file`.
func decodeScenario(_ json: String, file: String = "test.json", variant: String = "baseline")
  throws -> Scenario
{
  try ScenarioDocument(json: try JSONReader.parse(json), file: file).scenario(variant: variant)
}

/// The error decoding `json` reports, as users see it after `Error: `; `nil` if it decodes.
func scenarioError(_ json: String, file: String = "test.json", variant: String = "baseline")
  -> String?
{
  do {
    _ = try decodeScenario(json, file: file, variant: variant)
    return nil
  } catch let error as InputError {
    return error.description
  } catch {
    return "unexpected error: \(error)"
  }
}

/// The error loading and decoding the scenario file at `path` reports; `nil` if it decodes.
func fileError(_ path: String, variant: String = "baseline") -> String? {
  do {
    _ = try ScenarioDocument.load(path).scenario(variant: variant)
    return nil
  } catch {
    return error.description
  }
}

/// The GPS of SPEC 5.1 on a platform, as an inline device object's JSON.
let gpsBoard = """
  {
    "name": "gps-board",
    "components": {
      "platform": { "type": "platform", "states": [
        { "name": "on", "power": "100 mW" },
        { "name": "sleep", "power": "10 mW", "after": "500 ms" } ] },
      "gps": { "type": "generic", "states": [
        { "name": "active", "power": "300 mW" },
        { "name": "hot", "power": "60 mW", "after": "1 s", "wake_latency": "20 ms" },
        { "name": "off", "power": "0 W", "after": "6 s", "wake_latency": "800 ms",
          "wake_power": "200 mW" } ] }
    }
  }
  """

/// A scenario on the GPS board with `workloads` (an object's JSON) lasting 20 s.
func gpsScenario(workloads: String = "{}", extra: String = "") -> String {
  """
  { "device": \(gpsBoard), "duration": "20 s", "workloads": \(workloads)\(extra) }
  """
}
