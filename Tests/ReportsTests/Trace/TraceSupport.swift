import Foundation
import Reports
import ScenarioFiles
import TestSupport
import Testing

/// A trace file read back: its events, and the slices they describe.
struct ParsedTrace {
  /// A slice on a thread (from `B`/`E`) or on an async track (from `b`/`e`).
  struct Slice: Equatable {
    var track: String
    var depth: Int
    var category: String
    var name: String
    /// Microseconds.
    var start: Double
    var end: Double
    var args: [String: Double] = [:]
    var isComplete = true
  }

  var events: [[String: Any]]
  var processNames: [Int: String] = [:]
  var threadNames: [Int: String] = [:]
  var slices: [Slice] = []
  var otherData: [String: Any]

  /// Parses the trace at `path`, checking on the way that begin/end pairs nest on each thread
  /// in timestamp order, as the format requires.
  init(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    events = try #require(root["traceEvents"] as? [[String: Any]])
    otherData = root["otherData"] as? [String: Any] ?? [:]
    var open: [Int: [Slice]] = [:]
    var lastTime: [Int: Double] = [:]
    var async: [Int: Slice] = [:]
    for event in events {
      let phase = event["ph"] as? String
      let tid = event["tid"] as? Int ?? 0
      let ts = (event["ts"] as? NSNumber)?.doubleValue ?? 0
      let args = event["args"] as? [String: Any] ?? [:]
      switch phase {
      case "M":
        let name = args["name"] as? String
        if event["name"] as? String == "process_name" { processNames[event["pid"] as! Int] = name }
        if event["name"] as? String == "thread_name" { threadNames[tid] = name }
      case "B":
        #expect(ts >= lastTime[tid] ?? 0, "B in time order on thread \(tid)")
        lastTime[tid] = ts
        open[tid, default: []].append(
          Slice(
            track: "\(tid)", depth: open[tid]?.count ?? 0, category: event["cat"] as! String,
            name: event["name"] as! String, start: ts, end: ts, args: numbers(args)))
      case "E":
        #expect(ts >= lastTime[tid] ?? 0, "E in time order on thread \(tid)")
        lastTime[tid] = ts
        let popped = open[tid]?.popLast()
        var slice = try #require(popped, "E without B on thread \(tid)")
        slice.end = ts
        slice.track = threadNames[tid] ?? slice.track
        if args["completed"] as? Bool == false { slice.isComplete = false }
        slices.append(slice)
      case "b":
        async[event["id"] as! Int] = Slice(
          track: event["name"] as! String, depth: 0, category: event["cat"] as! String,
          name: event["name"] as! String, start: ts, end: ts, args: numbers(args))
      case "e":
        let begun = async.removeValue(forKey: event["id"] as! Int)
        var slice = try #require(begun, "e without b")
        slice.end = ts
        slice.args.merge(numbers(args)) { $1 }
        if args["completed"] as? Bool == false { slice.isComplete = false }
        slices.append(slice)
      default:
        break
      }
    }
    let unclosed = open.values.reduce(0) { $0 + $1.count }
    #expect(unclosed == 0, "every B has its E")
    #expect(async.isEmpty, "every b has its e")
    slices.sort { ($0.track, $0.depth, $0.start) < ($1.track, $1.depth, $1.start) }
  }

  /// The slices of `category` on `track` (a thread's name or a workload's).
  func slices(_ category: String, on track: String) -> [Slice] {
    slices.filter { $0.category == category && $0.track == track }
  }

  /// The counter samples named `name`: time (µs) and arguments.
  func counters(_ name: String) -> [(time: Double, values: [String: Double])] {
    events.filter { $0["ph"] as? String == "C" && $0["name"] as? String == name }.map {
      (($0["ts"] as? NSNumber)?.doubleValue ?? 0, numbers($0["args"] as? [String: Any] ?? [:]))
    }
  }
}

private func numbers(_ args: [String: Any]) -> [String: Double] {
  args.filter { $0.key != "completed" }.compactMapValues { ($0 as? NSNumber)?.doubleValue }
}

/// Runs `json`'s scenario with `--trace` (and `--window` when given) and reads the trace back.
func runTrace(_ json: String, window: (Double, Double)? = nil, variant: String = "baseline") throws
  -> ParsedTrace
{
  let directory = try TemporaryDirectory()
  var request = RunRequest(scenario: try scenario(json, in: directory, variant: variant))
  request.traceFile = directory.path("trace.json")
  if let window {
    request.window = .init(
      start: .init(nanosecondsSinceStart: Int64(window.0 * 1e9)),
      end: .init(nanosecondsSinceStart: Int64(window.1 * 1e9)))
  }
  _ = try RunPipeline.run(request)
  return try ParsedTrace(path: directory.path("trace.json"))
}
