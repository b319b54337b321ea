import DeviceModels
import Quantities
import ScenarioFiles
import TestSupport
import Testing

/// The scenario language of *OS policies* and *Apps and push delivery*: `requires` lists, repeating
/// deferrable tasks, `interruptible`, `environment.low_power` and the device's `low_power` block
/// (errors are in the bad-input corpus).
@Suite struct BackgroundTaskDecodingTests {
  static func at(_ span: TimeSpan) -> Instant { Instant(nanosecondsSinceStart: span.nanoseconds) }

  @Test func repeatingTasksAndRequirementLists() throws {
    let workloads = try WorkloadDecodingTests.workloads(
      #"""
      {
        "refresh": { "every": "1 min", "from": "10 s", "count": 4, "window": "30 s",
                     "requires": ["wifi", "charging", "idle"], "interruptible": true,
                     "work": { "cpu": "1 ms" } },
        "backup": { "window": ["1 min", "5 min"], "requires": "battery-ok", "work": { "cpu": "1 ms" } },
        "plain": { "window": ["1 min", "5 min"], "work": { "cpu": "1 ms" } }
      }
      """#)
    #expect(
      workloads[2].timing
        == .repeatingWindow(
          every: .minutes(1), start: Self.at(.seconds(10)), end: nil, count: 4,
          window: .seconds(30), requires: [.charging, .wifi, .idle]))
    #expect(workloads[2].isInterruptible)
    #expect(
      workloads[0].timing
        == .window(
          earliest: Self.at(.minutes(1)), deadline: Self.at(.minutes(5)), requires: .batteryOK))
    #expect(!workloads[0].isInterruptible)
    #expect(
      workloads[1].timing
        == .window(earliest: Self.at(.minutes(1)), deadline: Self.at(.minutes(5)), requires: []))
    #expect(DeferralConditions([.charging, .wifi, .idle]).conditions == [.charging, .wifi, .idle])
  }

  /// A window as long as the period is allowed (instance k's deadline is instance k + 1's
  /// eligibility).
  @Test func aWindowAsLongAsThePeriodIsAllowed() throws {
    let workloads = try WorkloadDecodingTests.workloads(
      #"{ "t": { "every": "1 min", "window": "1 min", "work": { "cpu": "1 ms" } } }"#)
    #expect(
      workloads[0].timing
        == .repeatingWindow(
          every: .minutes(1), start: .start, end: nil, count: nil, window: .minutes(1),
          requires: []))
  }

  @Test func lowPowerModeSettings() throws {
    let below = try decodeScenario(
      #"{ "device": "phone", "duration": "1 h", "environment": { "low_power": { "below": "20%" } } }"#
    ).setup
    #expect(below.environment.lowPower == .below(Fraction(0.2)))
    #expect(
      below.device.lowPower
        == LowPowerSpec(maxFrequency: Fraction(0.6), timerLeeway: .seconds(1)))
    let intervals = try decodeScenario(
      #"{ "device": "laptop", "duration": "1 h", "environment": { "low_power": [["0 s", "10 min"]] } }"#
    ).setup
    #expect(
      intervals.environment.lowPower
        == .intervals([TimeRange(start: .start, end: Self.at(.minutes(10)))]))
    #expect(
      intervals.device.lowPower
        == LowPowerSpec(maxFrequency: Fraction(0.7), timerLeeway: .seconds(1)))
    let none = try decodeScenario(#"{ "device": "devboard", "duration": "1 h" }"#).setup
    #expect(none.environment.lowPower == nil)
    #expect(none.device.lowPower == nil)
  }
}
