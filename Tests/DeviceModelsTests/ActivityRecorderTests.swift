import DeviceModels
import Quantities
import SimulationEngine
import Testing

/// The activity hook behind `run --trace`: it changes nothing in the account, its state
/// intervals add up to the ledger's residencies, work sits inside active states, and a window
/// gives exactly the whole run's intervals clipped to it.
@Suite struct ActivityRecorderTests {
  /// Keeps every event and rebuilds the intervals they describe.
  final class Collector: ActivitySink {
    var layout: ActivityLayout?
    var events: [ActivityEvent] = []
    var batches = 0

    func begin(_ layout: ActivityLayout) { self.layout = layout }
    func receive(_ events: [ActivityEvent]) {
      self.events += events
      batches += 1
    }

    /// A closed interval: what (kind, subject, detail, occurrence), and when.
    struct Interval: Hashable {
      var kind: String
      var subject: Int32
      var detail: Int32
      var occurrence: Int64
      var start: Int64
      var end: Int64
    }

    /// The intervals of positive length, in the order they closed.
    var intervals: [Interval] {
      var states: [Int32: (Int32, Int64)] = [:]
      var work: [Int32: (Int32, Int64, Int64)] = [:]
      var occurrences: [[Int64]: Int64] = [:]
      var lowPowerSince: Int64?
      var result: [Interval] = []
      for event in events {
        switch event.kind {
        case .state, .stateEnd:
          if let (state, start) = states[event.subject] {
            result.append(
              Interval(
                kind: "state", subject: event.subject, detail: state, occurrence: 0,
                start: start, end: event.time))
          }
          states[event.subject] = event.kind == .state ? (event.detail, event.time) : nil
        case .workStart:
          work[event.subject] = (event.detail, event.occurrence, event.time)
        case .workEnd:
          let (workload, number, start) = work.removeValue(forKey: event.subject)!
          result.append(
            Interval(
              kind: "work", subject: event.subject, detail: workload, occurrence: number,
              start: start, end: event.time))
        case .occurrenceStart:
          occurrences[[Int64(event.subject), event.occurrence]] = event.time
        case .occurrenceEnd:
          let start = occurrences.removeValue(forKey: [Int64(event.subject), event.occurrence])!
          result.append(
            Interval(
              kind: "occurrence", subject: event.subject, detail: 0,
              occurrence: event.occurrence, start: start, end: event.time))
        case .appPhase, .appPhaseEnd, .pushDelivered:
          // Apps and pushes have tests of their own (AppTraceTests).
          break
        case .lowPower:
          if event.detail == 1 {
            lowPowerSince = event.time
          } else if let since = lowPowerSince {
            result.append(
              Interval(
                kind: "low power", subject: 0, detail: 0, occurrence: 0, start: since,
                end: event.time))
            lowPowerSince = nil
          }
        }
      }
      #expect(
        states.isEmpty && work.isEmpty && occurrences.isEmpty && lowPowerSince == nil,
        "everything is closed")
      return result.filter { $0.end > $0.start }
    }
  }

  static func record(_ setup: SimulationSetup, window: TimeRange? = nil) -> (RunResult, Collector) {
    let collector = Collector()
    let result = Fixture.run(
      setup, recording: RecordingOptions(activitySink: collector, activityWindow: window))
    return (result, collector)
  }

  @Test(arguments: 0..<25)
  func wholeRunMatchesTheAccount(seed: UInt64) throws {
    let setup = InvariantTests.randomSetup(seed: seed)
    let plain = Fixture.run(setup)
    let (result, collector) = Self.record(setup)
    #expect(result.energy == plain.energy)
    #expect(result.components.map(\.energy) == plain.components.map(\.energy))
    #expect(result.workloads.map(\.energy) == plain.workloads.map(\.energy))
    #expect(result.processedEvents == plain.processedEvents, "recording adds no events")
    let layout = try #require(collector.layout)
    #expect(zip(collector.events, collector.events.dropFirst()).allSatisfy { $0.time <= $1.time })
    let intervals = collector.intervals
    // State residencies add up to the ledger's, node by node.
    let nodes = result.components.flatMap(\.nodes)
    #expect(layout.nodes.map(\.path) == nodes.map(\.path))
    for (index, node) in nodes.enumerated() {
      #expect(layout.nodes[index].states == node.states.map(\.name))
      for (stateIndex, state) in node.states.enumerated() {
        let total = intervals.filter {
          $0.kind == "state" && $0.subject == Int32(index) && $0.detail == Int32(stateIndex)
        }.reduce(Int64(0)) { $0 + $1.end - $1.start }
        #expect(total == state.residency.nanoseconds, "\(node.path) \(state.name)")
      }
    }
    // Work is served only in a lane's active state.
    for item in intervals where item.kind == "work" {
      #expect(
        intervals.contains {
          $0.kind == "state" && $0.subject == item.subject && $0.detail == 0
            && $0.start <= item.start && item.end <= $0.end
        })
    }
    // One occurrence interval per occurrence that ran (none here has empty work).
    for (index, workload) in result.workloads.enumerated() {
      let count = collector.events.filter {
        $0.kind == .occurrenceStart && $0.subject == Int32(index)
      }.count
      #expect(count == workload.occurrences)
    }
  }

  /// A window gives the whole run's intervals cut to it.
  @Test(arguments: 0..<25)
  func windowClipsTheWholeRun(seed: UInt64) throws {
    let setup = InvariantTests.randomSetup(seed: seed)
    var rng = SplitMix64(seed: seed + 1000)
    let a = Int64(rng.next() % 20_000_000_000)
    let b = a + 1 + Int64(rng.next() % UInt64(20_000_000_000 - a))
    let window = TimeRange(
      start: Instant(nanosecondsSinceStart: a), end: Instant(nanosecondsSinceStart: b))
    let whole = Self.record(setup).1.intervals
    let (_, windowed) = Self.record(setup, window: window)
    let expected = whole.compactMap { item -> Collector.Interval? in
      var clipped = item
      clipped.start = max(item.start, a)
      clipped.end = min(item.end, b)
      return clipped.end > clipped.start ? clipped : nil
    }
    #expect(Set(windowed.intervals) == Set(expected))
    #expect(windowed.intervals.count == expected.count)
    #expect(windowed.events.allSatisfy { $0.time >= a && $0.time <= b })
    #expect(windowed.layout?.window == window)
  }

  /// Events stream in batches of at most 4096, never all at once.
  @Test func eventsStreamInBatches() {
    let device = Fixture.device([Fixture.generic("gps", Fixture.gpsLadder, parent: .none)])
    let workload = WorkloadSpec(
      name: "tick",
      timing: .periodic(
        every: .milliseconds(10), start: .start, end: nil, count: nil, tolerance: .zero),
      work: Fixture.uses("gps", for: .milliseconds(1)))
    let setup = Fixture.setup(device, [workload], duration: .seconds(100))
    let (_, collector) = Self.record(setup)
    // 10 000 occurrences: start, work start and end, end = 40 000 events, plus states.
    #expect(collector.events.count >= 40_000)
    #expect(collector.batches >= collector.events.count / 4096)
  }
}

/// A trace of a window skips the steady periods outside it (the fast-forward) and is the same,
/// event for event, as the trace of the run simulated in full.
@Suite struct ActivityRecorderFastForwardTests {
  /// The events a run of `setup` hands its sink inside `window`, and the events it processed.
  static func trace(_ setup: SimulationSetup, window: TimeRange, fastForward: Bool) -> (
    events: [ActivityEvent], processed: Int
  ) {
    let collector = ActivityRecorderTests.Collector()
    let result = Simulation(
      setup: setup,
      recording: RecordingOptions(
        activitySink: collector, activityWindow: window, fastForward: fastForward)
    ).run()
    return (collector.events, result.processedEvents)
  }

  /// Random setups (the fast-forward's own), each with a random window: the same events with
  /// and without the fast-forward, and enough of them skip for that to mean something.
  @Test func windowedTraceIsTheSameWithTheFastForward() {
    var skipping = 0
    for seed in UInt64(0)..<40 {
      let setup = FastForwardTests.setup(seed: seed)
      let duration = setup.duration.nanoseconds
      var rng = SplitMix64(seed: seed + 7_000)
      let start = Int64(rng.next() % UInt64(duration))
      let end = start + 1 + Int64(rng.next() % UInt64(max(1, (duration - start) / 4)))
      let window = TimeRange(
        start: Instant(nanosecondsSinceStart: start), end: Instant(nanosecondsSinceStart: end))
      let fast = Self.trace(setup, window: window, fastForward: true)
      let full = Self.trace(setup, window: window, fastForward: false)
      #expect(fast.events == full.events, "seed \(seed), window \(start)..<\(end)")
      if fast.processed * 4 < full.processed * 3 { skipping += 1 }
    }
    // 4 of these 40 skip a quarter of their events inside their windows (8 before the setups drew
    // reactions, holds, main threads and a throttled flash, which keep more from settling).
    #expect(skipping >= 4)
  }

}
