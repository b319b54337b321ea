import Foundation
import TestSupport
import Testing

/// `powersim run --plot/--trace/--window` from the command line: the files appear together or
/// not at all, and a window outside the run is a usage error.
@Suite struct RunPlotTraceTests {
  static let scenario = """
    {
      "name": "GPS",
      "device": { "name": "bench", "components": { "gps": { "type": "generic", "parent": "none",
        "states": [ { "name": "active", "power": "300 mW" },
                    { "name": "off", "power": "0 W", "after": "1 s", "wake_latency": "800 ms" } ] } } },
      "duration": "20 s",
      "workloads": { "fix": { "times": ["2 s", "4 s"], "work": { "gps": "500 ms" } } }
    }
    """

  /// Runs `powersim` with `arguments`, `DIR` in them standing for `directory`.
  static func run(_ arguments: [String], in directory: TemporaryDirectory) -> CLI.Outcome {
    CLI.run(arguments.map { $0.replacingOccurrences(of: "DIR", with: directory.path) })
  }

  /// A fresh directory holding `scenario.json`.
  static func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write(scenario, to: "scenario.json")
    return directory
  }

  @Test func writesThePlotAndTheTrace() throws {
    let directory = try Self.directory()
    let outcome = Self.run(
      [
        "run", "DIR/scenario.json", "--plot", "DIR/plots/power.svg", "--trace", "DIR/trace.json",
        "--window", "1 s,5 s",
      ], in: directory)
    #expect(outcome.status == 0, "\(outcome.error)")
    let svg = try directory.read("plots/power.svg")
    #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg"))
    #expect(svg.hasSuffix("</svg>\n"))
    let data = try Data(contentsOf: directory.url.appendingPathComponent("trace.json"))
    let trace = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let events = try #require(trace["traceEvents"] as? [[String: Any]])
    let times = events.compactMap { ($0["ts"] as? NSNumber)?.doubleValue }
    #expect(times.min() == 1_000_000)
    #expect(times.max() == 5_000_000)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasPrefix(".powersim-")
    }
    #expect(leftovers.isEmpty, "no temporary files left")
  }

  /// When the trace cannot be written, the plot is not written either, and an earlier plot
  /// stays as it was.
  @Test func filesAppearTogetherOrNotAtAll() throws {
    let directory = try Self.directory()
    try directory.write("earlier", to: "power.svg")
    try directory.write("a file", to: "blocked")
    let outcome = Self.run(
      ["run", "DIR/scenario.json", "--plot", "DIR/power.svg", "--trace", "DIR/blocked/trace.json"],
      in: directory)
    #expect(outcome.status == 1)
    #expect(outcome.error.hasPrefix("Error: "))
    #expect(try directory.read("power.svg") == "earlier")
  }

  @Test func windowAfterTheRunIsAUsageError() throws {
    let directory = try Self.directory()
    let outcome = Self.run(
      ["run", "DIR/scenario.json", "--trace", "DIR/trace.json", "--window", "30 s,40 s"],
      in: directory)
    #expect(outcome.status == 64)
    #expect(
      outcome.error.hasPrefix(
        "Error: --window: expected a window that starts before the run ends (20 s), found \"30 s,40 s\"\n"
      ))
    #expect(!FileManager.default.fileExists(atPath: directory.path("trace.json")))
  }
}
