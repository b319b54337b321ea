import DeviceModels
import Quantities
import ScenarioFiles
import TestSupport
import Testing

/// Apps (see *Apps and push delivery*), push keys (see *Apps and push delivery*) and the device's
/// `app_policy` in scenario files: defaults, and the errors the bad-input corpus does not already
/// pin.
@Suite struct AppDecodingTests {
  static func phone(apps: String?, workloads: String, extra: String = "") -> String {
    let appsMember = apps.map { #", "apps": \#($0)"# } ?? ""
    return """
      { "device": "phone", "duration": "1 h", "environment": { "network": "wifi" },
        "workloads": \(workloads)\(appsMember)\(extra) }
      """
  }

  static let sync = #"{ "sync": { "app": "mail", "every": "1 min", "work": { "cpu": "1 ms" } } }"#

  /// Without `apps`, no app is declared: the run uses the implicit app, in the foreground during
  /// the visibility intervals, never suspended.
  @Test func withoutAppsTheImplicitAppFollowsVisibility() throws {
    let scenario = try decodeScenario(
      Self.phone(
        apps: nil, workloads: #"{ "s": { "every": "1 min", "work": { "cpu": "1 ms" } } }"#,
        extra: #", "visibility": [["0 s", "10 min"]]"#))
    #expect(scenario.setup.apps.isEmpty)
    #expect(scenario.setup.workloads[0].app == "app")
    let implicit = try #require(scenario.setup.runApps.first)
    #expect(implicit.name == "app")
    #expect(implicit.backgroundTime == nil)
    #expect(implicit.timerLeeway == .zero)
    #expect(
      implicit.foreground == [
        TimeRange(start: .start, end: Instant(nanosecondsSinceStart: 600_000_000_000))
      ])
  }

  /// A declared app takes its defaults from the device: the phone's 5 s grant and no leeway,
  /// the laptop's unlimited background time and 10 s leeway; its foreground defaults to the
  /// visibility intervals.
  @Test(arguments: [
    ("phone", TimeSpan?.some(.seconds(5)), TimeSpan.zero), ("laptop", nil, .seconds(10)),
  ])
  func appDefaultsComeFromTheDevice(device: String, grant: TimeSpan?, leeway: TimeSpan) throws {
    let json = Self.phone(
      apps: #"{ "mail": {} }"#, workloads: Self.sync,
      extra: #", "visibility": [["0 s", "10 min"]]"#
    ).replacingOccurrences(of: #""device": "phone""#, with: #""device": "\#(device)""#)
    let app = try #require(try decodeScenario(json).setup.apps.first)
    #expect(app.name == "mail")
    #expect(app.backgroundTime == grant)
    #expect(app.timerLeeway == leeway)
    #expect(
      app.foreground == [
        TimeRange(start: .start, end: Instant(nanosecondsSinceStart: 600_000_000_000))
      ])
  }

  @Test func explicitAppSettings() throws {
    let app = try #require(
      try decodeScenario(
        Self.phone(
          apps:
            #"{ "mail": { "foreground": [["1 min", "2 min"]], "background_time": "unlimited", "timer_leeway": "5 s" } }"#,
          workloads: Self.sync)
      ).setup.apps.first)
    #expect(app.backgroundTime == nil)
    #expect(app.timerLeeway == .seconds(5))
    #expect(
      app.foreground == [
        TimeRange(
          start: Instant(nanosecondsSinceStart: 60_000_000_000),
          end: Instant(nanosecondsSinceStart: 120_000_000_000))
      ])
  }

  @Test func pushKeysAndTheirDefaults() throws {
    let workloads = #"""
      { "chat": { "rate": "1 Hz", "push": "low", "collapse": true, "work": { "cpu": "1 ms" } },
        "call": { "at": "1 s", "push": "high", "push_size": "1 KB", "work": { "cpu": "1 ms" } } }
      """#
    let setup = try decodeScenario(Self.phone(apps: nil, workloads: workloads)).setup
    let call = try #require(setup.workloads.first { $0.name == "call" }?.push)
    #expect(call == PushSpec(priority: .high, size: DataSize(bytes: 1000)))
    let chat = try #require(setup.workloads.first { $0.name == "chat" }?.push)
    #expect(chat.size == DataSize(bytes: 4000))
    #expect(chat.maxDelay == .seconds(900))
    #expect(chat.collapses)
  }

  @Test func pushWithDebounceIsRefused() {
    let workloads =
      #"{ "chat": { "rate": "1 Hz", "push": "high", "debounce": "5 s", "work": { "cpu": "1 ms" } } }"#
    #expect(
      scenarioError(Self.phone(apps: nil, workloads: workloads))
        == #"test.json: workloads.chat.debounce: "debounce" does not apply to pushed workloads (each push is delivered)"#
    )
  }

  @Test func collapseMustBeABoolean() {
    let workloads =
      #"{ "chat": { "rate": "1 Hz", "push": "low", "collapse": "yes", "work": { "cpu": "1 ms" } } }"#
    #expect(
      scenarioError(Self.phone(apps: nil, workloads: workloads))
        == #"test.json: workloads.chat.collapse: expected true or false, found "yes""#)
  }

  /// A variant may declare apps the baseline does not have; the baseline's workloads, taken
  /// over, are checked against them again.
  @Test func variantThatDeclaresAppsChecksTheBaselinesWorkloads() {
    let json = Self.phone(
      apps: nil, workloads: #"{ "s": { "every": "1 min", "work": { "cpu": "1 ms" } } }"#,
      extra: #", "variants": { "apps": { "apps": { "mail": {} } } }"#)
    #expect(scenarioError(json, variant: "apps")?.contains(#"belongs to the app "app""#) == true)
  }
}
