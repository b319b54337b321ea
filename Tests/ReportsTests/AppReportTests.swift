import DeviceModels
import Foundation
import JSONSupport
import Reports
import ScenarioFiles
import TestSupport
import Testing

/// Apps in the reports (see *The command line*): `apps.csv`, `--json`'s `apps` and workloads' `app`
/// and `held`, the run summary's apps table, and the trace's app tracks. On the GPS fixture (see
/// ``ScenarioFixtures``): the app `tracker` is in the foreground 0–5 s, in the background 5–10 s (a
/// 5 s grant), suspended 10–20 s. Its 500 ms fix at 2 s costs 0.91 J (waking 0.16, active 0.15,
/// holding 0.30, hot 0.30; the floor is 0 W); the fixes due at 12 and 14 s fall due suspended: the
/// first is superseded and the second is still held at the end — 2 held.
@Suite struct AppReportTests {
  static let json = """
    {
      "name": "Tracker",
      "device": \(ScenarioFixtures.gpsDevice),
      "duration": "20 s",
      "apps": { "tracker": { "foreground": [["0 s", "5 s"]], "background_time": "5 s" } },
      "workloads": {
        "fix": { "app": "tracker", "times": ["2 s", "12 s", "14 s"], "work": { "gps": "500 ms" } }
      }
    }
    """

  static func run() throws -> (Scenario, RunResult) {
    let directory = try TemporaryDirectory()
    let loaded = try scenario(Self.json, in: directory)
    return (loaded, Simulation(setup: loaded.setup).run())
  }

  @Test func appsCSV() throws {
    let (_, result) = try Self.run()
    #expect(
      ResultCSV.apps(result)
        == "app,energy_j,foreground_s,background_s,suspended_s,held,hitches,hitch_s,hitch_ms_per_s,hangs\r\ntracker,0.91,5,5,10,2,0,0,,0\r\n"
    )
    let workloads = ResultCSV.workloads(result).split(separator: "\r\n")
    // `app` and `held`, then `skipped` and `held_awake_s`.
    #expect(workloads[1].hasSuffix(",tracker,2,0,0"))
  }

  @Test func jsonApps() throws {
    let (_, result) = try Self.run()
    guard case .object(let root) = ResultJSON.summary(result, variant: "baseline"),
      case .object(let apps)? = root["apps"], case .object(let tracker)? = apps["tracker"],
      case .object(let workloads)? = root["workloads"], case .object(let fix)? = workloads["fix"]
    else {
      Issue.record("no apps object")
      return
    }
    #expect(
      tracker.keys == [
        "energy_j", "foreground_s", "background_s", "suspended_s", "held", "hitches", "hitch_s",
        "hitch_ms_per_s", "hangs",
      ])
    #expect(tracker["held"] == .number(JSONNumber(2)))
    #expect(fix["app"] == .string("tracker"))
    #expect(fix["held"] == .number(JSONNumber(2)))
  }

  @Test func summaryListsTheApps() throws {
    let (loaded, result) = try Self.run()
    let text = SummaryText.render(result, scenario: loaded)
    #expect(text.contains("app      energy   share  foreground  background  suspended  held"))
    #expect(text.contains("tracker  910 mJ  100.0%         5 s         5 s       10 s     2"))
  }

  @Test func traceHasAnAppTrack() throws {
    let trace = try runTrace(Self.json)
    #expect(trace.threadNames.values.contains("app tracker"))
    let phases = trace.slices("app", on: "app tracker").map { ($0.name, $0.start, $0.end) }
    #expect(phases.map(\.0) == ["foreground", "background", "suspended"])
    #expect(phases.map(\.1) == [0, 5e6, 10e6])
    #expect(phases.map(\.2) == [5e6, 10e6, 20e6])
  }

  /// A low-priority push delivered by the push service is an instant event `push <workload>`
  /// with the time it was sent: sent at 2 s, held 3 s (`max_delay`), delivered at 5 s.
  @Test func traceMarksPushDeliveries() throws {
    let json = """
      {
        "device": "phone", "duration": "20 s", "environment": { "network": "cellular" },
        "workloads": {
          "chat": { "at": "2 s", "push": "low", "max_delay": "3 s", "work": { "cpu": "1 ms" } }
        }
      }
      """
    let trace = try runTrace(json)
    let pushes = trace.events.filter { $0["ph"] as? String == "i" }
    #expect(pushes.count == 1)
    #expect(pushes.first?["name"] as? String == "push chat")
    #expect((pushes.first?["ts"] as? NSNumber)?.doubleValue == 5e6)
    let args = pushes.first?["args"] as? [String: Any]
    #expect((args?["sent_s"] as? NSNumber)?.doubleValue == 2)
  }
}
