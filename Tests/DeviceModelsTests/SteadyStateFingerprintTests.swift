import Quantities
import SimulationEngine
import Testing

@testable import DeviceModels

/// The boundary's fingerprint (see *The fast-forward*): it tells apart boundaries whose states
/// differ without their snapshots, and never tells apart two whose snapshots are equal.
@Suite struct SteadyStateFingerprintTests {
  /// A 100 ms timer keeping a component busy for 10 ms from the start, and from 60 s a 300 ms
  /// timer keeping another busy for 50 ms: one steady state repeating every 100 ms, then another
  /// repeating every 300 ms.
  static func setup() -> SimulationSetup {
    let ladder = Fixture.twoStateLadder("on", .milliwatts(100), then: "off", .zero)
    let device = Fixture.device([
      Fixture.generic("radio", ladder, parent: .none),
      Fixture.generic("sensor", ladder, parent: .none),
    ])
    let tick = WorkloadSpec(
      name: "tick",
      timing: .periodic(
        every: .milliseconds(100), start: .start, end: nil, count: nil, tolerance: .zero),
      work: Fixture.uses("radio", for: .milliseconds(10)))
    let later = WorkloadSpec(
      name: "later",
      timing: .periodic(
        every: .milliseconds(300), start: Fixture.at(.seconds(60)), end: nil, count: nil,
        tolerance: .zero),
      work: Fixture.uses("sensor", for: .milliseconds(50)))
    return Fixture.setup(device, [tick, later], duration: .seconds(120))
  }

  /// The state at every 1.2 s of the run (the progress callback's slices, between events), each
  /// as a fingerprint and as a snapshot relative to its boundary, compared as the fast-forward
  /// compares them watching a period of 300 ms: instants up to 8 periods back and a horizon of
  /// 16 periods. The latency log is drained first, as at the fast-forward's boundaries.
  static func boundaries() -> [(time: Int64, fingerprint: UInt64, snapshot: SteadyStateSnapshot)] {
    let simulation = DeviceSimulation(
      setup: setup(), recording: RecordingOptions(fastForward: false))
    let period: Int64 = 300_000_000
    let past = 8 * period
    let horizon = 16 * period
    var states: [(time: Int64, fingerprint: UInt64, snapshot: SteadyStateSnapshot)] = []
    _ = simulation.run { simulated in
      let time = simulated.nanoseconds
      simulation.latencyLog.drain { _, _ in }
      var capture = SteadyStateCapture(
        boundary: time, period: period, past: past, horizon: horizon)
      simulation.visitSteadyState(&capture)
      let fingerprint = simulation.steadyStateFingerprint(
        boundary: time, period: period, past: past, horizon: horizon
      ).hash
      var snapshot = capture.finish().snapshot
      snapshot.fingerprint = fingerprint
      states.append((time, fingerprint, snapshot))
    }
    return states
  }

  /// Boundaries of one steady state have equal snapshots and equal fingerprints (accepted, then
  /// compared whole); a boundary of the first steady state and one of the second have different
  /// snapshots and different fingerprints (rejected without a snapshot). Over every pair of the
  /// hundred boundaries, equal snapshots never come with different fingerprints.
  @Test func aDifferingStateIsRejectedAndAnEqualOneAccepted() throws {
    let states = Self.boundaries()
    #expect(states.count == 100)
    let early = try #require(states.first { $0.time == 12_000_000_000 })
    let alsoEarly = try #require(states.first { $0.time == 24_000_000_000 })
    // From 60 s both timers run: the sensor last finished 250 ms before each boundary, not long
    // ago.
    let late = try #require(states.first { $0.time == 72_000_000_000 })
    let alsoLate = try #require(states.first { $0.time == 84_000_000_000 })
    #expect(early.snapshot == alsoEarly.snapshot)
    #expect(early.fingerprint == alsoEarly.fingerprint)
    #expect(late.snapshot == alsoLate.snapshot)
    #expect(late.fingerprint == alsoLate.fingerprint)
    #expect(early.snapshot != late.snapshot)
    #expect(early.fingerprint != late.fingerprint)
    var equalPairs = 0
    var pairsWithFixedInstants = 0
    for first in states.indices {
      for second in states.indices where second > first {
        let a = states[first]
        let b = states[second]
        // Matching as the fast-forward compares boundaries (fingerprints aside), fixed
        // instants allowed: the boundaries are whole periods apart.
        guard let fixed = b.snapshot.fixedInstants(matching: a.snapshot) else { continue }
        equalPairs += 1
        if !fixed.isEmpty { pairsWithFixedInstants += 1 }
        #expect(a.fingerprint == b.fingerprint, "at \(a.time) and \(b.time) ns")
      }
    }
    #expect(equalPairs > 1_000)
    // The idle sensor's times at 0 are fixed between 1.2 s and 2.4 s (within the 2.4 s compared
    // back from both).
    #expect(pairsWithFixedInstants > 0)
  }

  /// Three instants held in the state and one value, at boundaries 1,000 and 1,200 ns (period
  /// 100 ns, instants up to 800 ns back compared, horizon 1,600 ns): `moving`, 50 ns before each
  /// boundary; `held`, at 500 ns in both; `old`, long ago in both.
  static func capture(
    boundary: Int64, moving: Int64, held: Int64, old: Int64, value: Int64 = 7
  ) -> (snapshot: SteadyStateSnapshot, fingerprint: UInt64) {
    var capture = SteadyStateCapture(boundary: boundary, period: 100, past: 800, horizon: 1_600)
    var fingerprint = SteadyStateFingerprint(
      boundary: boundary, period: 100, past: 800, horizon: 1_600)
    for time in [moving, held, old] {
      var copy = time
      capture.instant(&copy)
      fingerprint.instant(time)
    }
    capture.value(value)
    fingerprint.value(value)
    return (capture.finish().snapshot, fingerprint.hash)
  }

  /// An instant held before the boundary that is the same as itself, not relative to the
  /// boundary, is fixed (ordinal 1 among the three); the fingerprints agree (its distance to the
  /// boundary modulo the period is the same). It must be the same instant: 10 ns off, or a
  /// value changed, the states differ. Long ago in one and recent in the other, it is fixed only
  /// across long ago (the state a skip lands on).
  @Test func anInstantNothingSetIsFixed() {
    let first = Self.capture(boundary: 1_000, moving: 950, held: 500, old: 100)
    let second = Self.capture(boundary: 1_200, moving: 1_150, held: 500, old: 300)
    #expect(second.snapshot.fixedInstants(matching: first.snapshot) == [1])
    #expect(second.fingerprint == first.fingerprint)
    #expect(first.snapshot.fixedInstants(matching: first.snapshot) == [])
    let moved = Self.capture(boundary: 1_200, moving: 1_150, held: 510, old: 300)
    #expect(moved.snapshot.fixedInstants(matching: first.snapshot) == nil)
    #expect(moved.fingerprint != first.fingerprint)
    let otherValue = Self.capture(boundary: 1_200, moving: 1_150, held: 500, old: 300, value: 8)
    #expect(otherValue.snapshot.fixedInstants(matching: first.snapshot) == nil)
    // At 1,400 the held instant is 900 ns back: long ago.
    let later = Self.capture(boundary: 1_400, moving: 1_350, held: 500, old: 300)
    #expect(later.snapshot.fixedInstants(matching: first.snapshot) == nil)
    #expect(later.snapshot.fixedInstants(matching: first.snapshot, acrossLongAgo: true) == [1])
  }

  /// The skip moves the instants that moved with the cycle and leaves the fixed ones and those
  /// long ago: three cycles of 200 ns from boundary 1,200.
  @Test func theSkipLeavesFixedInstants() {
    var skip = SteadyStateSkip(
      boundary: 1_200, period: 100, past: 800, horizon: 1_600, cycle: 200, count: 3, growth: [],
      fixed: [1])
    var times: [Int64] = [1_150, 500, 300, 1_300]
    for index in times.indices { skip.instant(&times[index]) }
    #expect(times == [1_750, 500, 300, 1_900])
  }

  /// A snapshot not taken (only its fingerprint kept) equals no snapshot, not even one with the
  /// same fingerprint, nor another not taken.
  @Test func aSnapshotNotTakenEqualsNone() {
    var taken = SteadyStateSnapshot()
    taken.fingerprint = 42
    var notTaken = taken
    notTaken.isTaken = false
    #expect(taken == taken)
    #expect(notTaken != taken)
    #expect(notTaken != notTaken)
  }

  /// The fast-forward still skips the steady states, taking far fewer snapshots than it looks at
  /// boundaries: the run's account is the same as every event's.
  @Test func theFastForwardSkipsWithTheFingerprints() {
    let both = FastForwardTests.runBoth(Self.setup(), binWidth: .seconds(1))
    #expect(both.fast == both.full)
    #expect(both.fastEvents * 4 < both.fullEvents)
    let simulation = DeviceSimulation(setup: Self.setup(), recording: RecordingOptions())
    _ = simulation.run()
    #expect(simulation.fastForward.skips >= 2)
    #expect(simulation.fastForward.snapshotsTaken > 0)
  }
}
