import Quantities
import SimulationEngine
import Testing

/// A toy model: logs each event with the clock's reading, and may schedule more.
final class LoggingModel: SimulationModel {
  typealias Event = String

  let scheduler: Scheduler<String>
  var log: [(time: Int64, event: String)] = []
  /// Called for each event after it is logged.
  var reaction: (String) -> Void = { _ in }

  init(scheduler: Scheduler<String>) {
    self.scheduler = scheduler
  }

  func handle(_ event: String) {
    log.append((scheduler.now.nanosecondsSinceStart, event))
    reaction(event)
  }
}

/// The clock and the run loop: `[0, end)`, clock set before the model runs, events scheduled
/// while handling others.
@Suite struct SchedulerTests {
  static func at(_ nanoseconds: Int64) -> Instant { Instant(nanosecondsSinceStart: nanoseconds) }

  /// A run covers `[0, end)`: an event at `end − 1 ns` runs, one exactly at `end` does not and
  /// stays pending; the clock then reads `end`.
  @Test func anEventExactlyAtTheEndIsNotProcessed() {
    let scheduler = Scheduler<String>()
    let model = LoggingModel(scheduler: scheduler)
    let end = TimeSpan.seconds(10).nanoseconds
    scheduler.schedule("at end", at: Self.at(end), rank: 0)
    scheduler.schedule("just before", at: Self.at(end - 1), rank: 0)
    scheduler.schedule("after", at: Self.at(end + 1), rank: 0)
    scheduler.run(model, until: Self.at(end))
    #expect(model.log.map(\.event) == ["just before"])
    #expect(model.log.map(\.time) == [end - 1])
    #expect(scheduler.now == Self.at(end))
    #expect(scheduler.pendingEventCount == 2)
    #expect(scheduler.processedEventCount == 1)
  }

  /// The next event's time is the earliest pending, whichever heap its rank puts it in, and none
  /// once nothing is pending; reading it takes nothing off the queue.
  @Test func theNextEventTimeIsTheEarliestPending() {
    let scheduler = Scheduler<String>(
      secondHeapRanks: 1..<2, thirdHeapRanks: 2..<3, keepsSortedRun: true)
    let model = LoggingModel(scheduler: scheduler)
    #expect(scheduler.nextEventTime == nil)
    for (time, rank): (Int64, UInt32) in [(30, 0), (12, 2), (20, 1), (7, 1)] {
      scheduler.schedule("e\(time)", at: Self.at(time), rank: rank)
    }
    #expect(scheduler.nextEventTime == Self.at(7))
    #expect(scheduler.pendingEventCount == 4)
    scheduler.run(model, until: Self.at(13))
    #expect(model.log.map(\.time) == [7, 12])
    #expect(scheduler.nextEventTime == Self.at(20))
    scheduler.run(model, until: Self.at(31))
    #expect(scheduler.nextEventTime == nil)
  }

  /// Discarding the pending events at the end of a run keeps the clock and the count of what
  /// was processed; the scheduler goes on with what is scheduled after.
  @Test func discardingPendingEventsKeepsTheClockAndTheCount() {
    let scheduler = Scheduler<String>(
      secondHeapRanks: 1..<2, thirdHeapRanks: 2..<3, keepsSortedRun: true)
    let model = LoggingModel(scheduler: scheduler)
    for (time, rank): (Int64, UInt32) in [(1, 0), (2, 1), (3, 2), (20, 0), (21, 1), (22, 2)] {
      scheduler.schedule("e\(time)", at: Self.at(time), rank: rank)
    }
    scheduler.run(model, until: Self.at(10))
    #expect(scheduler.pendingEventCount == 3)
    scheduler.discardPendingEvents()
    #expect(scheduler.pendingEventCount == 0)
    #expect(scheduler.now == Self.at(10))
    #expect(scheduler.processedEventCount == 3)
    scheduler.schedule("later", at: Self.at(30), rank: 1)
    scheduler.schedule("sooner", at: Self.at(25), rank: 2)
    scheduler.run(model, until: Self.at(100))
    #expect(model.log.map(\.event) == ["e1", "e2", "e3", "sooner", "later"])
    #expect(scheduler.processedEventCount == 5)
  }

  /// Handling an event may schedule more, at the same instant or later; the clock reads each
  /// event's time while it is handled.
  @Test func modelsScheduleFurtherEvents() {
    let scheduler = Scheduler<String>()
    let model = LoggingModel(scheduler: scheduler)
    let second = TimeSpan.seconds(1)
    model.reaction = { event in
      guard event.hasPrefix("tick") else { return }
      // A follow-up at the same instant in an earlier rank still runs after this event (it
      // was not yet pushed), and before the next tick.
      scheduler.schedule("echo", at: scheduler.now, rank: 0)
      scheduler.schedule("tick", at: scheduler.now + second, rank: 1)
    }
    scheduler.schedule("tick", at: .start, rank: 1)
    scheduler.run(model, until: Self.at(3 * second.nanoseconds))
    #expect(model.log.map(\.event) == ["tick", "echo", "tick", "echo", "tick", "echo"])
    #expect(
      model.log.map(\.time) == [0, 0, 1_000_000_000, 1_000_000_000, 2_000_000_000, 2_000_000_000])
    #expect(scheduler.processedEventCount == 6)
    #expect(scheduler.pendingEventCount == 1, "the tick due at 3 s waits")
  }

  /// Running in pieces gives the same events as running at once; the clock never goes back.
  @Test func runningInPieces() {
    let scheduler = Scheduler<String>()
    let model = LoggingModel(scheduler: scheduler)
    for time: Int64 in [5, 1, 9, 3] { scheduler.schedule("e\(time)", at: Self.at(time), rank: 0) }
    scheduler.run(model, until: Self.at(4))
    #expect(model.log.map(\.event) == ["e1", "e3"])
    #expect(scheduler.now == Self.at(4))
    scheduler.run(model, until: Self.at(2))
    #expect(scheduler.now == Self.at(4), "an earlier end does not move the clock back")
    scheduler.run(model, until: Self.at(100))
    #expect(model.log.map(\.event) == ["e1", "e3", "e5", "e9"])
    #expect(scheduler.now == Self.at(100))
  }

  /// `nextEvent(before:)` hands events out one at a time with the same `[0, end)` rule.
  @Test func drivingTheLoopByHand() {
    let scheduler = Scheduler<String>()
    scheduler.schedule("b", at: Self.at(20), rank: 1)
    scheduler.schedule("a", at: Self.at(20), rank: 0)
    scheduler.schedule("end", at: Self.at(30), rank: 0)
    #expect(scheduler.nextEvent(before: Self.at(30)) == "a")
    #expect(scheduler.now == Self.at(20))
    #expect(scheduler.nextEvent(before: Self.at(30)) == "b")
    #expect(scheduler.nextEvent(before: Self.at(30)) == nil)
    #expect(scheduler.now == Self.at(30))
    #expect(scheduler.pendingEventCount == 1)
    #expect(scheduler.processedEventCount == 2)
  }

  @Test func anEmptyRunMovesTheClockToTheEnd() {
    let scheduler = Scheduler<String>()
    scheduler.run(LoggingModel(scheduler: scheduler), until: Self.at(7))
    #expect(scheduler.now == Self.at(7))
    #expect(scheduler.processedEventCount == 0)
  }
}
