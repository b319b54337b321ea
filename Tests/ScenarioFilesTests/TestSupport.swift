import Foundation
import JSONSupport
import ScenarioFiles
import TestSupport

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

/// A scenario on the GPS board with `workloads` (an object's JSON) lasting 20 s.
func gpsScenario(workloads: String = "{}", extra: String = "") -> String {
  """
  { "device": \(gpsBoard), "duration": "20 s", "workloads": \(workloads)\(extra) }
  """
}
