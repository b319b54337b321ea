import Foundation
import PowerSimCLI
import Testing

/// `powersim run --plot/--trace/--window` from the command line: the files appear together or
/// not at all, and a window outside the run is a usage error.
@Suite struct RunPlotTraceTests {
  final class Output: @unchecked Sendable {
    var standard = ""
    var error = ""
  }

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

  /// Runs `powersim` with `arguments` in a fresh directory holding `scenario.json`.
  static func run(_ arguments: [String], in directory: String) -> (Int32, Output) {
    let output = Output()
    let console = Console(
      write: { output.standard += $0 }, writeError: { output.error += $0 })
    let status = PowerSim.main(
      arguments.map { $0.replacingOccurrences(of: "DIR", with: directory) }, console: console)
    return (status, output)
  }

  static func directory() throws -> String {
    let path = NSTemporaryDirectory() + "powersim-cli-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try scenario.write(toFile: path + "/scenario.json", atomically: true, encoding: .utf8)
    return path
  }

  @Test func writesThePlotAndTheTrace() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (status, output) = Self.run(
      [
        "run", "DIR/scenario.json", "--plot", "DIR/plots/power.svg", "--trace", "DIR/trace.json",
        "--window", "1 s,5 s",
      ], in: directory)
    #expect(status == 0, "\(output.error)")
    let svg = try String(contentsOfFile: directory + "/plots/power.svg", encoding: .utf8)
    #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg"))
    #expect(svg.hasSuffix("</svg>\n"))
    let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/trace.json"))
    let trace = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let events = try #require(trace["traceEvents"] as? [[String: Any]])
    let times = events.compactMap { ($0["ts"] as? NSNumber)?.doubleValue }
    #expect(times.min() == 1_000_000)
    #expect(times.max() == 5_000_000)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
      $0.hasPrefix(".powersim-")
    }
    #expect(leftovers.isEmpty, "no temporary files left")
  }

  /// When the trace cannot be written, the plot is not written either, and an earlier plot
  /// stays as it was.
  @Test func filesAppearTogetherOrNotAtAll() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "earlier".write(toFile: directory + "/power.svg", atomically: true, encoding: .utf8)
    try "a file".write(toFile: directory + "/blocked", atomically: true, encoding: .utf8)
    let (status, output) = Self.run(
      ["run", "DIR/scenario.json", "--plot", "DIR/power.svg", "--trace", "DIR/blocked/trace.json"],
      in: directory)
    #expect(status == 1)
    #expect(output.error.hasPrefix("Error: "))
    #expect(try String(contentsOfFile: directory + "/power.svg", encoding: .utf8) == "earlier")
  }

  @Test func windowAfterTheRunIsAUsageError() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (status, output) = Self.run(
      ["run", "DIR/scenario.json", "--trace", "DIR/trace.json", "--window", "30 s,40 s"],
      in: directory)
    #expect(status == 64)
    #expect(
      output.error.hasPrefix(
        "Error: --window: expected a window that starts before the run ends (20 s), found \"30 s,40 s\"\n"
      ))
    #expect(!FileManager.default.fileExists(atPath: directory + "/trace.json"))
  }
}
