import Quantities
import SimulationEngine

/// The practical limit of a discrete-event loop: a bare binary min-heap of `(time, sequence)`
/// keys with a payload, where handling an event costs nothing but drawing its successor's delay
/// and pushing it.
///
/// It keeps `pending` events in the heap, as many as the storm keeps waiting, and processes
/// `events` of them. The heap is written out here, without the engine's types, so that its figure
/// owes nothing to them.
enum BareHeapLoop {
  /// Takes `events` events off a heap that holds `pending` events at all times.
  static func run(events: Int, pending: Int) -> Throughput {
    var heap = MinimalHeap(capacity: pending)
    var random = SplitMix64(seed: 6)
    for payload in 0..<pending {
      heap.push(
        time: Int64(random.next() % 1_000_000), payload: UInt32(truncatingIfNeeded: payload))
    }
    let stopwatch = Stopwatch()
    var checksum: UInt64 = 0
    for _ in 0..<events {
      let (time, payload) = heap.popFirst()
      checksum &+= UInt64(payload)
      heap.push(time: time &+ 1 &+ Int64(random.next() % 1_000_000), payload: payload)
    }
    let seconds = stopwatch.elapsedSeconds
    precondition(checksum != 1, "keeps the loop from being optimised away")
    return Throughput(events: events, seconds: seconds)
  }

  /// The same load through the engine's own `Scheduler` and `EventQueue`, with a model that does
  /// nothing but schedule the event's successor: the engine's overhead over the bare heap.
  static func runEngine(events: Int, pending: Int) -> Throughput {
    let model = SuccessorModel(events: events, pending: pending)
    let stopwatch = Stopwatch()
    model.scheduler.run(model, until: Instant(nanosecondsSinceStart: .max))
    let seconds = stopwatch.elapsedSeconds
    return Throughput(events: model.scheduler.processedEventCount, seconds: seconds)
  }
}

/// A model whose every event schedules one successor until it has scheduled its budget.
private final class SuccessorModel: SimulationModel {
  let scheduler: Scheduler<UInt32>
  private var random = SplitMix64(seed: 6)
  private var unscheduled: Int

  init(events: Int, pending: Int) {
    scheduler = Scheduler(expectedPendingEvents: pending)
    unscheduled = events
    for payload in 0..<min(pending, events) {
      scheduleNext(UInt32(truncatingIfNeeded: payload), after: 0)
    }
  }

  func handle(_ event: UInt32) {
    scheduleNext(event, after: scheduler.now.nanosecondsSinceStart)
  }

  private func scheduleNext(_ event: UInt32, after time: Int64) {
    guard unscheduled > 0 else { return }
    unscheduled -= 1
    let due = time &+ 1 &+ Int64(random.next() % 1_000_000)
    scheduler.schedule(event, at: Instant(nanosecondsSinceStart: due), rank: 0)
  }
}

/// A binary min-heap of `(time, sequence)` keys with a 32-bit payload, and nothing else.
///
/// The key is one unsigned 128-bit value — the time with its sign bit flipped above the
/// sequence — so that choosing the earlier of two children is a comparison turned into an
/// index, not a branch the processor mispredicts half the time; the entries live in memory the
/// heap manages, with no bounds, capacity or uniqueness checks: the practical limit, not a
/// naive one (the engine's queue does the same).
private struct MinimalHeap: ~Copyable {
  private struct Entry {
    var key: UInt128
    var payload: UInt32

    init(time: Int64, sequence: UInt64, payload: UInt32) {
      key = UInt128(UInt64(bitPattern: time) ^ (1 << 63)) << 64 | UInt128(sequence)
      self.payload = payload
    }

    var time: Int64 { Int64(bitPattern: UInt64(truncatingIfNeeded: key >> 64) ^ (1 << 63)) }
  }

  private let entries: UnsafeMutablePointer<Entry>
  private let capacity: Int
  private var count = 0
  private var nextSequence: UInt64 = 0

  /// A heap that holds at most `capacity` entries.
  init(capacity: Int) {
    self.capacity = max(1, capacity)
    entries = .allocate(capacity: self.capacity)
  }

  deinit {
    entries.deallocate()
  }

  mutating func push(time: Int64, payload: UInt32) {
    precondition(count < capacity, "the bare heap is full")
    let moving = Entry(time: time, sequence: nextSequence, payload: payload)
    nextSequence &+= 1
    var hole = count
    count &+= 1
    while hole > 0 {
      let parent = (hole &- 1) >> 1
      guard moving.key < entries[parent].key else { break }
      entries[hole] = entries[parent]
      hole = parent
    }
    entries[hole] = moving
  }

  /// Removes the earliest entry; the heap must not be empty.
  mutating func popFirst() -> (time: Int64, payload: UInt32) {
    precondition(count > 0, "the bare heap is empty")
    let first = entries[0]
    count &-= 1
    let last = entries[count]
    var hole = 0
    while true {
      let left = 2 &* hole &+ 1
      guard left < count else { break }
      let right = left &+ 1
      let child = right < count ? left &+ (entries[right].key < entries[left].key ? 1 : 0) : left
      guard entries[child].key < last.key else { break }
      entries[hole] = entries[child]
      hole = child
    }
    entries[hole] = last
    return (first.time, first.payload)
  }
}
