import Quantities
import Testing

/// Durations and instants in whole nanoseconds.
@Suite struct TimeSpanTests {
  @Test func constructors() {
    #expect(TimeSpan.microseconds(3) == .nanoseconds(3_000))
    #expect(TimeSpan.milliseconds(20) == .nanoseconds(20_000_000))
    #expect(TimeSpan.seconds(2) == .nanoseconds(2_000_000_000))
    #expect(TimeSpan.minutes(10) == .seconds(600))
    #expect(TimeSpan.hours(2) == .seconds(7_200))
    #expect(TimeSpan.days(1) == .seconds(86_400))
    // *Quantities and units*: at most 366 days = 31 622 400 s.
    #expect(TimeSpan.maximumRunLength == .seconds(31_622_400))
  }

  @Test func arithmetic() {
    var span = TimeSpan.seconds(1)
    span += .milliseconds(300)
    #expect(span == .milliseconds(1_300))
    span -= .milliseconds(800)
    #expect(span == .milliseconds(500))
    #expect(span * 3 == .milliseconds(1_500))
    #expect(3 * span == .milliseconds(1_500))
    #expect(TimeSpan.seconds(1) / 3 == .nanoseconds(333_333_333))
    #expect(span.seconds == 0.5)
  }

  @Test func instantsAndSpans() {
    let start = Instant(nanosecondsSinceStart: 2_000_000_000)
    let end = start + .milliseconds(1_300)
    #expect(end.nanosecondsSinceStart == 3_300_000_000)
    #expect(end - start == .milliseconds(1_300))
    #expect(end - .milliseconds(300) == Instant(nanosecondsSinceStart: 3_000_000_000))
    var moving = Instant.start
    moving += .seconds(4)
    #expect(moving.secondsSinceStart == 4)
    #expect(Instant.start < moving && moving < .distantFuture)
  }

  @Test(arguments: [
    (TimeSpan.milliseconds(1_500), "1.5 s"), (.milliseconds(20), "20 ms"), (.hours(2), "2 h"),
    (.zero, "0 s"), (.minutes(10), "10 min"), (.nanoseconds(7), "7 ns"),
    (.microseconds(50), "50 µs"), (.days(366), "366 d"),
  ])
  func description(span: TimeSpan, text: String) {
    #expect(span.description == text)
  }
}
