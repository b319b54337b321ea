import DeviceModels
import Foundation
import Reports
import Testing

/// `run --trace` on *The power-state ladder*'s worked example (see `workedExample`): every slice,
/// counter and timestamp below is the hand computation of the specification's table, in
/// microseconds.
@Suite struct TraceTests {
  typealias Slice = ParsedTrace.Slice

  static func state(_ track: String, _ name: String, _ start: Double, _ end: Double) -> Slice {
    Slice(track: track, depth: 0, category: "state", name: name, start: start, end: end)
  }

  static func work(
    _ number: Double, _ start: Double, _ end: Double, complete: Bool = true
  ) -> Slice {
    Slice(
      track: "gps", depth: 1, category: "work", name: "fix", start: start, end: end,
      args: ["occurrence": number], isComplete: complete)
  }

  static func occurrence(
    _ number: Double, _ start: Double, _ end: Double, due: Double, latency: Double?
  ) -> Slice {
    var args = ["occurrence": number, "due_s": due]
    if let latency { args["latency_s"] = latency }
    return Slice(
      track: "fix", depth: 0, category: "occurrence", name: "fix", start: start, end: end,
      args: args, isComplete: latency != nil)
  }

  @Test func processThreadsAndMetadata() throws {
    let trace = try runTrace(workedExample)
    #expect(trace.processNames == [1: "GPS worked example — baseline"])
    #expect(trace.threadNames == [1: "sensor", 2: "gps"])
    #expect(trace.otherData["variant"] as? String == "baseline")
    #expect(trace.otherData["window_s"] as? [Int] == [0, 20])
  }

  /// off 0–2 s, waking 2–2.8 s, active 2.8–5.5 s, hot 5.5–10.5 s, off 10.5–20 s; the two items
  /// served at 2.8–3.3 s and 4–4.5 s nested in `active`; each occurrence from when it fired to
  /// its completion, with latencies 1.3 s and 0.5 s.
  @Test func slicesOfTheWorkedExample() throws {
    let trace = try runTrace(workedExample)
    #expect(
      trace.slices("state", on: "gps") == [
        Self.state("gps", "off", 0, 2_000_000), Self.state("gps", "waking", 2_000_000, 2_800_000),
        Self.state("gps", "active", 2_800_000, 5_500_000),
        Self.state("gps", "hot", 5_500_000, 10_500_000),
        Self.state("gps", "off", 10_500_000, 20_000_000),
      ])
    #expect(trace.slices("state", on: "sensor") == [Self.state("sensor", "idle", 0, 20_000_000)])
    #expect(
      trace.slices("work", on: "gps") == [
        Self.work(0, 2_800_000, 3_300_000), Self.work(1, 4_000_000, 4_500_000),
      ])
    #expect(
      trace.slices("occurrence", on: "fix") == [
        Self.occurrence(0, 2_000_000, 3_300_000, due: 2, latency: 1.3),
        Self.occurrence(1, 4_000_000, 4_500_000, due: 4, latency: 0.5),
      ])
  }

  /// A counter sample per change of a component's power (all at the start), and of the total.
  @Test func powerCounters() throws {
    let trace = try runTrace(workedExample)
    let gps = trace.counters("gps")
    #expect(gps.map(\.time) == [0, 2_000_000, 2_800_000, 5_500_000, 10_500_000])
    #expect(gps.map { $0.values["power (W)"] } == [0, 0.2, 0.3, 0.06, 0])
    #expect(trace.counters("sensor").map(\.time) == [0])
    #expect(trace.counters("sensor").map { $0.values["power (W)"] } == [0.05])
    let total = trace.counters("total")
    #expect(total.map(\.time) == [0, 2_000_000, 2_800_000, 5_500_000, 10_500_000])
    #expect(total.map { $0.values["power (W)"] } == [0.05, 0.25, 0.35, 0.11, 0.05])
  }

  /// `--window 3 s,5 s`: what was in progress at 3 s starts there (the first item, still being
  /// served; its occurrence; `active`), everything ends at 5 s, nothing outside is written.
  @Test func windowLimitsTheTrace() throws {
    let trace = try runTrace(workedExample, window: (3, 5))
    #expect(trace.slices("state", on: "gps") == [Self.state("gps", "active", 3_000_000, 5_000_000)])
    #expect(
      trace.slices("state", on: "sensor") == [Self.state("sensor", "idle", 3_000_000, 5_000_000)])
    #expect(
      trace.slices("work", on: "gps") == [
        Self.work(0, 3_000_000, 3_300_000), Self.work(1, 4_000_000, 4_500_000),
      ])
    #expect(
      trace.slices("occurrence", on: "fix") == [
        Self.occurrence(0, 3_000_000, 3_300_000, due: 2, latency: 1.3),
        Self.occurrence(1, 4_000_000, 4_500_000, due: 4, latency: 0.5),
      ])
    #expect(trace.counters("gps").map(\.time) == [3_000_000])
    #expect(trace.counters("gps").first?.values == ["power (W)": 0.3])
    #expect(trace.counters("sensor").first?.values == ["power (W)": 0.05])
    #expect(trace.counters("total").map(\.time) == [3_000_000])
    #expect(trace.otherData["window_s"] as? [Int] == [3, 5])
    let times = trace.events.compactMap { ($0["ts"] as? NSNumber)?.doubleValue }
    #expect(times.allSatisfy { $0 >= 3_000_000 && $0 <= 5_000_000 })
  }

  /// A window that ends while work is served cuts the work and its occurrence, marked
  /// incomplete; one that ends mid-wake cuts the wake.
  @Test func windowEdgesCutSlices() throws {
    let trace = try runTrace(workedExample, window: (2.5, 3))
    #expect(
      trace.slices("state", on: "gps") == [
        Self.state("gps", "waking", 2_500_000, 2_800_000),
        Self.state("gps", "active", 2_800_000, 3_000_000),
      ])
    #expect(
      trace.slices("work", on: "gps") == [Self.work(0, 2_800_000, 3_000_000, complete: false)])
    #expect(
      trace.slices("occurrence", on: "fix") == [
        Self.occurrence(0, 2_500_000, 3_000_000, due: 2, latency: nil)
      ])
    #expect(trace.counters("gps").map(\.time) == [2_500_000, 2_800_000])
  }

  /// A window past the end of the run holds the names and nothing else.
  @Test func windowOutsideTheRunIsEmpty() throws {
    let trace = try runTrace(workedExample, window: (30, 40))
    #expect(trace.slices.isEmpty)
    #expect(trace.counters("total").isEmpty)
    #expect(trace.threadNames.count == 2)
  }
}
