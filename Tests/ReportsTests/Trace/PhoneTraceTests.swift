import DeviceModels
import Foundation
import Reports
import TestSupport
import Testing

/// The trace of a busy phone — CPU parts on several cores re-timed by frequency changes, frames
/// on the GPU, transfers, writes, the display — nests properly on every thread, and its state
/// slices add up to the residencies the account reports.
@Suite struct PhoneTraceTests {
  static let busyPhone = """
    {
      "name": "Busy phone",
      "device": "phone",
      "duration": "3 s",
      "display": [ { "from": "0.5 s", "to": "2.5 s", "brightness": "50%", "appearance": "dark" } ],
      "workloads": {
        "ui": { "frames": "60 fps", "from": "0.5 s", "for": "1 s",
                "work": { "cpu": "4 ms", "gpu": "5 ms", "qos": "user-interactive" } },
        "sync": { "every": "300 ms", "tolerance": "100 ms",
                  "work": [ { "cpu": "3 ms", "threads": 2, "qos": "utility" },
                            { "download": "200 KB" }, { "write": "64 KB" } ] },
        "burst": { "rate": "5 Hz", "work": { "cpu": "20 ms", "threads": 4 } }
      }
    }
    """

  @Test func nestsAndAddsUpToTheResidencies() throws {
    let directory = try TemporaryDirectory()
    var request = RunRequest(scenario: try scenario(Self.busyPhone, in: directory))
    request.traceFile = directory.path("trace.json")
    let result = try RunPipeline.run(request)
    // Parsing checks that B/E pairs nest on each thread in time order.
    let trace = try ParsedTrace(path: directory.path("trace.json"))
    let nodes = result.components.flatMap(\.nodes)
    #expect(trace.threadNames.values.sorted() == nodes.map(\.path).sorted())
    for node in nodes {
      let slices = trace.slices("state", on: node.path)
      for state in node.states {
        let microseconds = slices.filter { $0.name == state.name }.reduce(0.0) {
          $0 + $1.end - $1.start
        }
        #expect(
          abs(microseconds - Double(state.residency.nanoseconds) / 1000) < 1e-3,
          "\(node.path) \(state.name)")
      }
      // Work sits inside the lane's active state.
      for work in trace.slices("work", on: node.path) {
        #expect(
          slices.contains {
            $0.name == node.states[0].name && $0.start <= work.start && work.end <= $0.end
          }, "\(node.path): \(work.name) at \(work.start)")
      }
    }
    // Every occurrence that ran has its slice; those that finished carry their latency.
    for workload in result.workloads {
      let occurrences = trace.slices("occurrence", on: workload.name)
      #expect(occurrences.count == workload.occurrences, "\(workload.name)")
      #expect(occurrences.filter(\.isComplete).count == workload.occurrences - workload.unfinished)
      if let maximum = workload.latency?.max {
        let longest = occurrences.compactMap { $0.args["latency_s"] }.max() ?? 0
        #expect(abs(longest - Double(maximum.nanoseconds) / 1e9) < 1e-9)
      }
    }
    #expect(!trace.slices("work", on: "gpu").isEmpty)
    #expect(trace.slices.contains { $0.category == "work" && $0.track.hasPrefix("cpu/") })
  }
}
