import DeviceModels
import JSONSupport
import Quantities
import ScenarioFiles
import Testing

/// The calibration targets the built-in profiles state beside their numbers, checked by running
/// the profiles: where a number was derived from a published figure or tuned to a stated
/// target, the device reproduces that figure.
@Suite struct CalibrationTargetTests {
  /// Runs the baseline of a scenario given as JSON text.
  static func run(_ text: String) throws -> RunResult {
    let document = try ScenarioDocument(
      json: try JSONReader.parse(text), file: ReferenceScenario.root + "/scenarios/inline.json")
    return try ReferenceScenario.run(document)
  }

  /// The laptop idles at about 2.7 W with the screen on at 50% (the target of its platform's
  /// deepest state), about 18 hours on its 50 Wh battery.
  @Test func laptopIdlesAtAboutTwoPointSevenWatts() throws {
    let result = try Self.run(
      """
      { "name": "idle", "device": "laptop", "duration": "1 h",
        "display": [{ "from": "0 s", "to": "1 h", "brightness": "50%", "appearance": "light" }] }
      """)
    #expect(abs(result.averagePower.watts - 2.7) < 0.05 * 2.7, "\(result.averagePower)")
    let life = try #require(result.battery?.life).nanoseconds
    #expect(abs(Double(life) / 3.6e12 - 18.5) < 0.05 * 18.5)
  }

  /// The phone's flash write power is derived from random writes costing 15× the energy of
  /// sequential ones (Mohan et al., HotStorage 2017): 1 MiB written as 256 random 4 KiB requests
  /// costs about 15× the storage's dynamic energy of one sequential 1 MiB write (14.3× here,
  /// since the sequential write pays one command too).
  @Test func randomWritesCostAboutFifteenTimesSequentialOnes() throws {
    let scenario = { (work: String) in
      """
      { "name": "flash", "device": "phone", "duration": "10 s",
        "workloads": { "store": { "at": "1 s", "work": \(work) } } }
      """
    }
    let random = try Self.run(scenario(#"{ "write": "1 MiB", "write_size": "4 KiB" }"#))
    let sequential = try Self.run(scenario(#"{ "write": "1 MiB" }"#))
    let ratio =
      random.component("storage").dynamic.joules / sequential.component("storage").dynamic.joules
    #expect(ratio > 13.5 && ratio < 16.5, "random writes cost \(ratio)× sequential ones")
    // Reads cost less per byte than writes.
    let read = try Self.run(scenario(#"{ "read": "1 MiB" }"#))
    #expect(read.component("storage").dynamic < sequential.component("storage").dynamic)
  }
}
