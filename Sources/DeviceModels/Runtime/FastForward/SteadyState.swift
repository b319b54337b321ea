import Quantities
import SimulationEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the simulation's state enumeration (``DeviceSimulation/visitSteadyState(_:)``) hands each
/// piece of mutable state to, by the role the piece plays in a steady state (see *The
/// fast-forward*)
///. One enumeration serves both visitors: ``SteadyStateCapture``, which takes the state at
/// a period boundary (to compare with the states one and two cycles earlier), and
/// ``SteadyStateSkip``, which moves the state on by whole cycles — so a time that is compared is
/// also moved, and a sum that is extrapolated is also left out of the comparison.
protocol SteadyStateVisitor {
  /// The boundary, the period of the sources, how far back instants are compared, and the
  /// horizon, ns.
  var boundary: Int64 { get }
  var period: Int64 { get }
  var past: Int64 { get }
  var horizon: Int64 { get }
  /// An instant held in the state, ns since the start (or a sentinel: negative, `Int64.max`):
  /// compared relative to the boundary, and moved by the skip, when it lies within `past` before
  /// the boundary or the horizon after it; compared as "long ago" (and left) before that;
  /// compared as itself (and left, bounding the skip) beyond the horizon. One before the
  /// boundary that equals its counterpart as itself rather than relative to the boundary is
  /// *fixed*: nothing in the cycle set it (the instant a radio idle beside a 120 fps animation
  /// last finished), so it stays where it is, as long-ago instants do (see
  /// ``SteadyStateSnapshot/fixedInstants(matching:acrossLongAgo:)``). Its readers read it at
  /// events of its own, outside the cycle — except the battery check, which reads the ledger's
  /// last change at every event: a fixed one means a flat curve, and the skip keeps two cycles
  /// from every battery level counted from it (see `cyclesBeforeThreshold`).
  mutating func instant(_ time: inout Int64)
  /// An instant computed from other state (a timer's next due time): compared like
  /// ``instant(_:)``, never moved.
  mutating func derivedInstant(_ time: Int64)
  /// A value the dynamics read, compared as it is.
  mutating func value(_ word: Int64)
  /// A pending event's generation, compared relative to its owner's current one: generations
  /// only tell stale events from current ones, so renaming them all alike changes nothing, and
  /// the skip leaves them as they are.
  mutating func generation(_ event: UInt32, current: UInt32)
  /// A counter or sum that grows with what happens and that the dynamics never read: left out
  /// of the comparison, and grown by the skip by its growth over the last period per period.
  mutating func accumulator(_ sum: inout Int128)
  /// A value last set from an accumulator that the dynamics never read (a running sum's value
  /// when an owner joined, an occurrence's number): extrapolated like an accumulator. That is
  /// exact because the skip requires two periods in a row that repeat (three equal boundaries):
  /// a value set in the last period was set one period earlier in the one before, from the
  /// accumulator one period's growth lower, so it grows as the accumulator does; a value not set
  /// does not grow.
  mutating func lastSet(_ value: inout Int128)
  /// The runtimes compared whole (see ``SteadyStateRuntimes``). A time one holds that moves
  /// makes its state differ from period to period: the simulation then never skips while it
  /// moves.
  mutating func runtimes(_ values: SteadyStateRuntimes)
  /// Counters or sums in a table, in order, each an accumulator; a visitor may take a table whole
  /// rather than element by element.
  mutating func accumulator(_ table: UnsafeMutableBufferPointer<Int128>)
  mutating func accumulator(_ table: UnsafeMutableBufferPointer<Int64>)
  mutating func accumulator(_ table: UnsafeMutableBufferPointer<Int>)
  /// Values in a table, in order (see ``value(_:)``).
  mutating func values(_ table: UnsafeMutableBufferPointer<Int32>)
  mutating func values(_ table: UnsafeMutableBufferPointer<Int64>)
  /// An instant at which the cycle ends although no event is queued for it (an animation's or a
  /// timer's last occurrence): the skip stops a horizon before it.
  mutating func bound(_ time: Int64)
  /// Marks the state as one that cannot repeat exactly (an animation whose frames are not
  /// periodic in whole nanoseconds over the chosen period).
  mutating func notPeriodic()
  /// The pending events, already handed over one by one as derived instants: the skip moves
  /// those near the boundary.
  mutating func moveEvents(of scheduler: Scheduler<DeviceEvent>)
  /// A heap of instants, already handed over key by key as derived instants: the skip moves
  /// the keys near the boundary.
  mutating func moveKeys(of heap: IndexedMinHeap)
}

extension SteadyStateVisitor {
  /// Whether `time` lies before the horizon: part of the cycle, not beyond it.
  func isNear(_ time: Int64) -> Bool { time - boundary < horizon }
  /// Whether `time`, held in the state, lies before the boundary (no sentinel): one of the
  /// instants that may be fixed, counted alike by the capture and the skip.
  func isPast(_ time: Int64) -> Bool { time >= 0 && time < boundary }
  /// A `Bool` value.
  mutating func value(_ flag: Bool) { value(flag ? 1 : 0) }
  /// A 32-bit value.
  mutating func value(_ word: Int32) { value(Int64(word)) }
  /// A `Double` value, compared bit for bit.
  mutating func value(_ number: Double) { value(Int64(bitPattern: number.bitPattern)) }
  /// A 128-bit value.
  mutating func value(_ wide: Int128) {
    value(Int64(truncatingIfNeeded: wide))
    value(Int64(truncatingIfNeeded: wide >> 64))
  }
  /// An `Int` counter, as an accumulator.
  mutating func counter(_ count: inout Int) {
    var sum = Int128(count)
    accumulator(&sum)
    count = Int(sum)
  }
  /// `Int128` counters in an unsafe table, one by one.
  mutating func accumulator(_ table: UnsafeMutableBufferPointer<Int128>) {
    for index in table.indices { accumulator(&table[index]) }
  }
  /// `Int64` sums in an unsafe table, one by one.
  mutating func accumulator(_ table: UnsafeMutableBufferPointer<Int64>) {
    for index in table.indices {
      var sum = Int128(table[index])
      accumulator(&sum)
      table[index] = Int64(sum)
    }
  }
  /// `Int` counters in an unsafe table, one by one.
  mutating func accumulator(_ table: UnsafeMutableBufferPointer<Int>) {
    for index in table.indices { counter(&table[index]) }
  }
  /// Values in an unsafe table, one by one.
  mutating func values(_ table: UnsafeMutableBufferPointer<Int32>) {
    for word in table { value(word) }
  }
  /// Values in an unsafe table, one by one.
  mutating func values(_ table: UnsafeMutableBufferPointer<Int64>) {
    for word in table { value(word) }
  }
  /// Values in an array.
  mutating func values(_ list: [Int32]) {
    value(Int64(list.count))
    for word in list { value(word) }
  }
  /// The elements of a queue, first to last.
  @inline(__always)
  mutating func values(_ queue: RingBuffer<Int32>) {
    value(Int64(queue.count))
    if !queue.isEmpty { queue.forEachElement { value($0) } }
  }
  /// The elements of queues, each as its length and its elements, first to last (its length
  /// read in place: a queue copied out of the buffer cost a retain and a release).
  mutating func values(_ queues: UnsafeBufferPointer<RingBuffer<Int32>>) {
    for index in queues.indices {
      let count = queues[index].count
      value(Int64(count))
      if count > 0 { queues[index].forEachElement { value($0) } }
    }
  }

  /// Two values.
  mutating func values(_ first: Int32, _ second: Int32) {
    value(first)
    value(second)
  }
}

/// The runtimes compared whole, each held as its own type (a list of them as `any Equatable` cost
/// a box each per snapshot and a dynamic cast each per comparison): network quality, apps, Low
/// Power Mode, background tasks and reactions. An array a runtime has not changed since the
/// other snapshot is the same buffer, and compares in one step.
///
/// To add a runtime held as a stored property (an `Equatable` struct), add it here and where
/// ``DeviceSimulation/visitSteadyState(_:)`` builds this, and its name to
/// ``DeviceSimulation/stateVisited``. Compared whole, its times compared as they are, it is safe
/// at once: while any of its values changes from period to period the simulation simply does not
/// skip. Its counters and times that move with the cycle can later be handed over one by one (as
/// accumulators and as ``SteadyStateVisitor/instant(_:)``) to let it skip.
struct SteadyStateRuntimes: Equatable {
  var networkQuality: [LinkQuality]
  var apps: AppLifecycleRuntime
  var lowPower: LowPowerModeRuntime
  var tasks: BackgroundTaskRuntime
  var reactions: ReactionRuntime
}

/// The state at a period boundary, relative to it (see ``SteadyStateVisitor``): equal snapshots
/// one period apart mean the period repeats exactly.
struct SteadyStateSnapshot: Equatable {
  /// Values, relative instants and generation differences, in the enumeration's order; each
  /// instant is a class word (0 sentinel, 1 long ago, 2 relative, 3 beyond the horizon) and a
  /// value (0 for long ago).
  var words = SteadyStateValues<Int64>()
  /// The instants held in the state (``SteadyStateVisitor/instant(_:)``) that lie before the
  /// boundary, in the enumeration's order: where each one's class word is, and its time.
  var pastInstants = SteadyStateValues<PastInstant>()
  /// Runtimes compared whole.
  var runtimes: SteadyStateRuntimes?
  /// Whether the state can repeat over the chosen period at all.
  var isPeriodic = true
  /// The boundary's fingerprint (see ``SteadyStateFingerprint``): always taken, compared first.
  var fingerprint: UInt64 = 0
  /// Whether the state was taken at all: a boundary whose fingerprint matched none of the
  /// boundaries it could repeat keeps only its fingerprint, and equals no snapshot.
  var isTaken = true

  /// An instant held in the state before the boundary: where its class word is in ``words``,
  /// and its time, ns since the start.
  struct PastInstant: Equatable {
    var word: Int32
    var time: Int64
  }

  /// Equal as the fast-forward compares boundaries with no instant fixed: every instant at the
  /// same place relative to its boundary.
  static func == (a: Self, b: Self) -> Bool {
    a.fingerprint == b.fingerprint && a.fixedInstants(matching: b) == []
  }

  /// Whether this state repeats `other`'s, one or more periods later: the ordinals, among
  /// ``pastInstants``, of the instants *fixed* between the two — the same as themselves where
  /// their distance to the boundary differs (nothing in the cycle set them) — or `nil` when the
  /// states differ. Every other instant is at the same place relative to its boundary, or long
  /// ago in both. The fingerprints are not compared (see ``SteadyStateFingerprint``).
  ///
  /// With `acrossLongAgo`, an instant may be fixed though it lies long ago in one of the two and
  /// recently in the other (the state landed on by a skip, compared with the state it skipped
  /// from: a fixed instant, not moved, is further back).
  func fixedInstants(matching other: Self, acrossLongAgo: Bool = false) -> [Int32]? {
    guard isTaken, other.isTaken, isPeriodic, other.isPeriodic, words.count == other.words.count,
      pastInstants.count == other.pastInstants.count
    else { return nil }
    let fixed = words.withUnsafeBufferPointer { mine in
      other.words.withUnsafeBufferPointer { theirs in
        Self.same(mine, theirs, in: mine.indices)
          ? []
          : fixedInstants(mine, theirs, other.pastInstants, acrossLongAgo: acrossLongAgo)
      }
    }
    guard let fixed else { return nil }
    guard runtimes == other.runtimes else { return nil }
    return fixed
  }

  /// The words walked once: equal outside the past instants' two words, and each past instant
  /// the same distance back (or long ago in both), or fixed.
  private func fixedInstants(
    _ mine: UnsafeBufferPointer<Int64>, _ theirs: UnsafeBufferPointer<Int64>,
    _ otherPastInstants: SteadyStateValues<PastInstant>, acrossLongAgo: Bool
  ) -> [Int32]? {
    var fixed: [Int32] = []
    var next = 0
    for ordinal in pastInstants.indices {
      let at = Int(pastInstants[ordinal].word)
      guard otherPastInstants[ordinal].word == pastInstants[ordinal].word,
        Self.same(mine, theirs, in: next..<at)
      else { return nil }
      next = at + 2
      if mine[at] == theirs[at] && mine[at + 1] == theirs[at + 1] { continue }
      guard pastInstants[ordinal].time == otherPastInstants[ordinal].time,
        acrossLongAgo || mine[at] == theirs[at]
      else { return nil }
      fixed.append(Int32(ordinal))
    }
    return Self.same(mine, theirs, in: next..<mine.count) ? fixed : nil
  }

  /// Whether `mine` and `theirs` hold the same words in `range` (compared as bytes, a few words
  /// an instruction).
  private static func same(
    _ mine: UnsafeBufferPointer<Int64>, _ theirs: UnsafeBufferPointer<Int64>, in range: Range<Int>
  ) -> Bool {
    range.isEmpty
      || memcmp(
        mine.baseAddress.unsafelyUnwrapped + range.lowerBound,
        theirs.baseAddress.unsafelyUnwrapped + range.lowerBound,
        range.count * MemoryLayout<Int64>.stride) == 0
  }
}

/// A few words of a boundary's state hashed into one (see
/// ``DeviceSimulation/steadyStateFingerprint(boundary:period:past:horizon:)``), to reject a
/// boundary that cannot repeat an earlier one without taking its snapshot: a snapshot costs tens of
/// thousands of instructions, a fingerprint a few hundred. Only words the snapshot compares go in,
/// instants classified as ``SteadyStateCapture`` classifies them, so equal snapshots always have
/// equal fingerprints, and different fingerprints always mean different snapshots.
struct SteadyStateFingerprint {
  let boundary: Int64
  let period: Int64
  let past: Int64
  let horizon: Int64
  /// The hash so far.
  private(set) var hash: UInt64 = 0x6A09_E667_F3BC_C908

  init(boundary: Int64, period: Int64, past: Int64, horizon: Int64) {
    self.boundary = boundary
    self.period = period
    self.past = past
    self.horizon = horizon
  }

  /// Mixes in a word the snapshot compares as it is (a rotate-multiply step, three instructions:
  /// every bit of the word reaches the whole hash within two steps).
  @inline(__always)
  mutating func value(_ word: Int64) {
    let mixed = hash ^ UInt64(bitPattern: word)
    hash = ((mixed << 29) | (mixed >> 35)) &* 0x9E37_79B9_7F4A_7C15
  }

  /// Mixes in a 32-bit value the snapshot compares.
  @inline(__always)
  mutating func value(_ word: Int32) { value(Int64(word)) }

  /// Mixes in a `Bool` the snapshot compares.
  @inline(__always)
  mutating func value(_ flag: Bool) { value(Int64(flag ? 1 : 0)) }

  /// Mixes in two 32-bit values the snapshot compares, as one word.
  @inline(__always)
  mutating func values(_ high: Int32, _ low: Int32) {
    value(Int64(high) << 32 | Int64(UInt32(bitPattern: low)))
  }

  /// Mixes in a 128-bit value the snapshot compares.
  mutating func value(_ wide: Int128) {
    value(Int64(truncatingIfNeeded: wide))
    value(Int64(truncatingIfNeeded: wide >> 64))
  }

  /// Mixes in an instant held in the state as the snapshot compares it (see
  /// ``SteadyStateVisitor/instant(_:)``), as one word: a sentinel as itself, long ago as one
  /// class, near the boundary relative to it, beyond the horizon as itself — and one before the
  /// boundary by its distance to the boundary modulo the period, which a fixed instant keeps from
  /// boundary to boundary (they are whole periods apart). Each class but the sentinels' is marked
  /// in the word's top bits.
  @inline(__always)
  mutating func instant(_ time: Int64) {
    let word: Int64
    if time < 0 || time == .max {
      word = time
    } else if time < boundary - past {
      word = 1 << 60
    } else if time < boundary {
      word = 2 << 60 | (boundary - time) % max(1, period)
    } else if time - boundary < horizon {
      word = 3 << 60 | (time - boundary)
    } else {
      word = 4 << 60 ^ time
    }
    value(word)
  }
}

/// Takes a ``SteadyStateSnapshot`` and the accumulators at a boundary.
struct SteadyStateCapture: SteadyStateVisitor {
  let boundary: Int64
  let period: Int64
  let past: Int64
  let horizon: Int64
  private var words: SteadyStateAppender<Int64>
  private var pastInstants: SteadyStateAppender<SteadyStateSnapshot.PastInstant>
  private var sums: SteadyStateAppender<Int128>
  private var runtimes: SteadyStateRuntimes?
  private var isPeriodic = true
  /// The earliest instant beyond the horizon, or a bound: the cycle ends there.
  var earliestBeyond: Int64 = .max
  /// How far ahead of the boundary the furthest instant compared relative to it lies, ns (0
  /// when none lies ahead): the reach of the cycle's own pending times.
  var reach: Int64 = 0

  /// A capture at `boundary`, with room for `room` words, instants before the boundary and
  /// accumulators before its buffers grow (as many as the last snapshot taken held: the next one
  /// is about as large).
  init(
    boundary: Int64, period: Int64, past: Int64, horizon: Int64,
    room: (words: Int, pastInstants: Int, accumulators: Int) = (1_024, 64, 256)
  ) {
    self.boundary = boundary
    self.period = period
    self.past = past
    self.horizon = horizon
    words = SteadyStateAppender(capacity: room.words)
    pastInstants = SteadyStateAppender(capacity: room.pastInstants)
    sums = SteadyStateAppender(capacity: room.accumulators)
  }

  /// The state taken (its fingerprint not set) and the accumulators and values last set from
  /// them, in the enumeration's order: taken once the enumeration is done, the capture given up
  /// (its runtimes moved, not copied).
  consuming func finish()
    -> (snapshot: SteadyStateSnapshot, accumulators: SteadyStateValues<Int128>)
  {
    var snapshot = SteadyStateSnapshot()
    snapshot.words = words.values
    snapshot.pastInstants = pastInstants.values
    snapshot.runtimes = runtimes
    snapshot.isPeriodic = isPeriodic
    return (snapshot, sums.values)
  }

  @inline(__always)
  mutating func instant(_ time: inout Int64) {
    if isPast(time) {
      pastInstants.append(
        SteadyStateSnapshot.PastInstant(word: Int32(words.count), time: time))
    }
    derivedInstant(time)
  }

  @inline(__always)
  mutating func derivedInstant(_ time: Int64) {
    if time < 0 || time == .max {
      words.append(0)
      words.append(time)
    } else if time < boundary - past {
      words.append(1)
      words.append(0)
    } else if time - boundary < horizon {
      words.append(2)
      words.append(time - boundary)
      reach = max(reach, time - boundary)
    } else {
      words.append(3)
      words.append(time)
      earliestBeyond = min(earliestBeyond, time)
    }
  }

  @inline(__always)
  mutating func value(_ word: Int64) { words.append(word) }

  mutating func generation(_ event: UInt32, current: UInt32) {
    words.append(Int64(current &- event))
  }

  @inline(__always)
  mutating func accumulator(_ sum: inout Int128) { sums.append(sum) }

  mutating func lastSet(_ value: inout Int128) { sums.append(value) }

  mutating func accumulator(_ table: UnsafeMutableBufferPointer<Int128>) {
    sums.append(contentsOf: UnsafeBufferPointer(table))
  }

  mutating func accumulator(_ table: UnsafeMutableBufferPointer<Int64>) {
    sums.reserve(table.count)
    for sum in table { sums.appendReserved(Int128(sum)) }
  }

  mutating func accumulator(_ table: UnsafeMutableBufferPointer<Int>) {
    sums.reserve(table.count)
    for count in table { sums.appendReserved(Int128(count)) }
  }

  mutating func values(_ table: UnsafeMutableBufferPointer<Int32>) {
    words.reserve(table.count)
    for word in table { words.appendReserved(Int64(word)) }
  }

  mutating func values(_ table: UnsafeMutableBufferPointer<Int64>) {
    words.append(contentsOf: UnsafeBufferPointer(table))
  }

  mutating func runtimes(_ values: SteadyStateRuntimes) { runtimes = values }

  mutating func bound(_ time: Int64) {
    if time >= boundary { earliestBeyond = min(earliestBeyond, time) }
  }

  mutating func notPeriodic() { isPeriodic = false }
  mutating func moveEvents(of scheduler: Scheduler<DeviceEvent>) {}
  mutating func moveKeys(of heap: IndexedMinHeap) {}
}

/// Moves the state on by `count` cycles of `cycle` ns from a boundary whose snapshot equals
/// the snapshots one and two cycles earlier: instants compared relative to the boundary move by
/// `count × cycle`, accumulators grow by `count` times their growth over the last cycle.
struct SteadyStateSkip: SteadyStateVisitor {
  let boundary: Int64
  let period: Int64
  let past: Int64
  let horizon: Int64
  /// The cycle (a multiple of the period) and how many are skipped.
  let cycle: Int64
  let count: Int64
  /// Each accumulator's growth over the last cycle, in the enumeration's order.
  let growth: [Int128]
  /// The ordinals of the fixed instants among those held before the boundary, ascending (see
  /// ``SteadyStateSnapshot/fixedInstants(matching:acrossLongAgo:)``): left where they are.
  let fixed: [Int32]
  private var next = 0
  private var pastOrdinal: Int32 = 0
  private var nextFixed = 0

  init(
    boundary: Int64, period: Int64, past: Int64, horizon: Int64, cycle: Int64, count: Int64,
    growth: [Int128], fixed: [Int32]
  ) {
    self.fixed = fixed
    self.boundary = boundary
    self.period = period
    self.past = past
    self.horizon = horizon
    self.cycle = cycle
    self.count = count
    self.growth = growth
  }

  mutating func instant(_ time: inout Int64) {
    if isPast(time) {
      defer { pastOrdinal += 1 }
      if nextFixed < fixed.count && fixed[nextFixed] == pastOrdinal {
        nextFixed += 1
        return
      }
    }
    guard time >= 0, time != .max, time >= boundary - past, time - boundary < horizon else {
      return
    }
    time += count * cycle
  }

  mutating func derivedInstant(_ time: Int64) {}
  mutating func value(_ word: Int64) {}
  mutating func generation(_ event: UInt32, current: UInt32) {}

  mutating func accumulator(_ sum: inout Int128) {
    sum += Int128(count) * growth[next]
    next += 1
  }

  mutating func lastSet(_ value: inout Int128) { accumulator(&value) }

  mutating func accumulator(_ table: UnsafeMutableBufferPointer<Int128>) {
    for index in table.indices { table[index] += Int128(count) * growth[next + index] }
    next += table.count
  }

  mutating func accumulator(_ table: UnsafeMutableBufferPointer<Int64>) {
    for index in table.indices {
      table[index] = Int64(Int128(table[index]) + Int128(count) * growth[next + index])
    }
    next += table.count
  }

  mutating func accumulator(_ table: UnsafeMutableBufferPointer<Int>) {
    for index in table.indices {
      table[index] = Int(Int128(table[index]) + Int128(count) * growth[next + index])
    }
    next += table.count
  }

  mutating func values(_ table: UnsafeMutableBufferPointer<Int32>) {}
  mutating func values(_ table: UnsafeMutableBufferPointer<Int64>) {}
  mutating func runtimes(_ values: SteadyStateRuntimes) {}
  mutating func bound(_ time: Int64) {}
  mutating func notPeriodic() {}

  /// The instants the skip moves: from a period before the boundary to the horizon after it.
  var movedRange: Range<Int64> { (boundary - past)..<(boundary + horizon) }

  mutating func moveEvents(of scheduler: Scheduler<DeviceEvent>) {
    scheduler.skip(
      movingEventsDueIn: movedRange, by: count * cycle,
      clockTo: Instant(nanosecondsSinceStart: boundary + count * cycle))
  }

  mutating func moveKeys(of heap: IndexedMinHeap) {
    heap.shiftKeys(in: movedRange, by: count * cycle)
  }
}
