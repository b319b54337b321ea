import Foundation
import TestSupport
import Testing

/// *Scenario file reference*: the same file and seed give byte-identical outputs; each random
/// workload draws from its own stream, so a variant that changes one workload leaves the others'
/// arrivals alone.
@Suite struct RunSeedTests {
  static let scenario = """
    {
      "device": "devboard", "duration": "10 min", "seed": 7,
      "workloads": {
        "a": { "rate": "0.2 Hz", "work": { "gps": "100 ms" } },
        "b": { "mean_interval": "30 s", "work": { "gps": "2 s" } }
      },
      "variants": {
        "busier b": { "workloads": { "b": { "mean_interval": "10 s" } } },
        "other seed": { "seed": 8 }
      }
    }
    """

  static func outputs(_ arguments: String...) throws -> [String: String] {
    let directory = try TemporaryDirectory()
    let file = try directory.write(scenario, to: "s.json")
    let result = CLI.run(["run", file, "--out", directory.path("out")] + arguments)
    #expect(result.status == 0, "\(result.error)")
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path("out")) {
      files[name] = try directory.read("out/" + name)
    }
    return files
  }

  /// The `occurrences` column of `workloads.csv` for each workload.
  static func occurrences(_ files: [String: String]) throws -> [String: String] {
    let text = try #require(files["workloads.csv"])
    let records = try #require(parseCSV(text))
    return Dictionary(uniqueKeysWithValues: records.dropFirst().map { ($0[0], $0[1]) })
  }

  @Test func sameSeedSameBytes() throws {
    let first = try Self.outputs()
    let second = try Self.outputs()
    #expect(first.count == 8)
    #expect(first == second)
    let reseeded = try Self.outputs("--variant", "other seed")
    #expect(reseeded["power.csv"] != first["power.csv"])
  }

  @Test func aVariantOfOneWorkloadKeepsTheOthersArrivals() throws {
    let baseline = try Self.occurrences(try Self.outputs())
    let busier = try Self.occurrences(try Self.outputs("--variant", "busier b"))
    #expect(baseline["a"] == busier["a"])
    // About 600 s / 30 s = 20 arrivals of b against about 60 when busier.
    let before = try #require(Int(baseline["b"] ?? ""))
    let after = try #require(Int(busier["b"] ?? ""))
    #expect(after > 2 * before)
  }
}
