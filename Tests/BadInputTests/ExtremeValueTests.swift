import Foundation
import TestSupport
import Testing

/// Values at the edge of what the decoder accepts, which the model must survive: each scenario
/// once crashed the simulator (an integer overflow or a trapping conversion) and now runs to the
/// end, reporting work that cannot finish as unfinished.
@Suite struct ExtremeValueTests {
  struct Extreme: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    var testDescription: String { name }
  }

  /// A phone scenario with `top` keys added and one workload `a`.
  static func phone(_ workload: String, duration: String = "2 s", top: String = "") -> String {
    #"{ "device": "phone", "duration": "\#(duration)", \#(top) "workloads": { "a": \#(workload) } }"#
  }

  static let cases: [Extreme] = [
    Extreme(
      name: "frames at 1e-300 fps",
      json: phone(#"{ "frames": "1e-300 Hz", "work": { "cpu": "1 ns" } }"#)),
    Extreme(
      name: "GPU work of 290 years",
      json: phone(#"{ "at": 0, "work": { "gpu": "106000 d" } }"#)),
    Extreme(
      name: "GPU work of 292 years at the end of a year",
      json: phone(
        #"{ "at": "365 d", "work": { "gpu": "9223372036854775807 ns" } }"#,
        duration: "366 d")),
    Extreme(
      name: "write of 9.2 EB",
      json: phone(#"{ "at": 0, "work": { "write": 9223372036854775807 } }"#)),
    Extreme(
      name: "read of 9.2 EB",
      json: phone(#"{ "at": 0, "work": { "read": "9200000000000000000 B" } }"#)),
    Extreme(
      name: "download of 9.2 EB",
      json: phone(#"{ "at": 0, "work": { "download": 9223372036854775807 } }"#)),
    Extreme(
      name: "parallel efficiency of 1e-300",
      json: phone(
        #"{ "at": 0, "work": { "cpu": "100 d", "threads": 2, "parallel_efficiency": 1e-300 } }"#)),
    Extreme(
      name: "storage writing at 1e-300 B/s",
      json: phone(
        #"{ "at": 0, "work": { "write": "1 MB" } }"#,
        top:
          #""device_patch": { "components": { "storage": { "write_bandwidth": "1e-300 B/s" } } },"#)
    ),
    Extreme(
      name: "radio at 1 bit/s (the least network rate: one that rounds to 0 bit/s is an error)",
      json: phone(
        #"{ "at": 0, "work": { "download": "1 MB" } }"#,
        top: #""device_patch": { "components": { "wifi": { "downlink": "1 bit/s" } } },"#)),
    Extreme(
      name: "GPU at 1e-300 Hz",
      json: phone(
        #"{ "at": 0, "work": { "gpu": "1 s" } }"#,
        top:
          #""device_patch": { "components": { "gpu": { "frequency": "min", "opps": [ { "freq": "1e-300 Hz", "power": "1 W" }, { "freq": "1 GHz", "power": "2 W" } ] } } },"#
      )),
    Extreme(
      name: "a wake latency of 292 years late in the run",
      json: phone(
        #"{ "at": "365 d", "work": { "cpu": "1 ms" } }"#,
        duration: "366 d",
        top:
          #""device_patch": { "components": { "platform": { "states": [ { "name": "a", "power": "1 W" }, { "name": "b", "power": "0 W", "after": "1 ms", "wake_latency": "9223372036854775807 ns" } ] } } },"#
      )),
    Extreme(
      name: "a tolerance of 292 years",
      json: phone(
        #"{ "every": "300 d", "tolerance": "9223372036854775807 ns", "work": { "cpu": "1 ms" } }"#,
        duration: "366 d")),
    Extreme(
      name: "a debounce of 292 years",
      json: phone(
        #"{ "every": "300 d", "debounce": "9223372036854775807 ns", "work": { "cpu": "1 ms" } }"#,
        duration: "366 d")),
    Extreme(
      name: "an animation for 292 years from the middle of the run",
      json: phone(
        #"{ "frames": "60 fps", "from": "1 s", "for": "9223372036854775807 ns", "work": { "cpu": "1 ms" } }"#
      )),
    Extreme(
      name: "a visible-only animation at 1e-9 fps for 292 years",
      json: phone(
        #"{ "frames": "1e-9 Hz", "from": "1 s", "for": "9223372036854775807 ns", "when": "visible", "work": { "cpu": "1 ms" } }"#,
        duration: "10 s", top: #""visibility": [ [ "5 s", "6 s" ] ],"#)),
    Extreme(
      name: "a visible-only timer every 292 years",
      json: phone(
        #"{ "every": "9223372036854775807 ns", "from": "1 s", "when": "visible", "work": { "cpu": "1 ms" } }"#,
        duration: "10 s", top: #""visibility": [ [ "5 s", "6 s" ] ],"#)),
    Extreme(
      name: "an idle timer of 292 years",
      json: phone(
        #"{ "at": "1 s", "work": { "cpu": "1 ms" } }"#,
        top:
          #""device_patch": { "components": { "platform": { "states": [ { "name": "a", "power": "1 W" }, { "name": "b", "power": "0 W", "after": "9223372036854775807 ns", "wake_latency": "1 ms" } ] } } },"#
      )),
    Extreme(
      name: "CPU work of 292 years plus the dispatch",
      json: phone(#"{ "at": "1 s", "work": { "cpu": "9223372036854775807 ns" } }"#)),
    Extreme(
      name: "a write of 9.2 EB in requests of 9.2 EB",
      json: phone(
        #"{ "at": "1 s", "work": { "write": "9223372036854775807 B", "write_size": "9223372036854775806 B" } }"#
      )),
    Extreme(
      name: "a radio drawing 9 W per Mbit/s at 1e300 B/s",
      json: phone(
        #"{ "at": 0, "work": { "download": "1 MB" } }"#,
        top:
          #""device_patch": { "components": { "wifi": { "downlink": "1e300 B/s", "transfer_power": { "base": "1 W", "per_mbit_down": "9 W", "per_mbit_up": "1 W" } } } },"#
      )),
    Extreme(
      name: "a display refreshing at 1e300 Hz",
      json: phone(
        #"{ "at": 0, "work": { "gpu": "1 ms" } }"#,
        top:
          #""device_patch": { "components": { "display": { "per_hz": "9 W", "refresh_rates": [1e300], "idle_refresh": 1e300 } } }, "display": [ { "from": 0, "to": "1 s", "brightness": "50%", "apl": 1 } ],"#
      )),
  ]

  @Test(arguments: cases)
  func runsToTheEndWithoutCrashing(_ extreme: Extreme) throws {
    let directory = try TemporaryDirectory()
    try directory.write(extreme.json, to: "scenario.json")
    let outcome = try PowerSimProcess.run(["run", "scenario.json"], in: directory.url)
    #expect(outcome.exited(with: 0), "\(outcome)")
    // Nothing but warnings (an animation with no display session is one) on standard error.
    let lines = outcome.standardError.split(separator: "\n")
    #expect(lines.allSatisfy { $0.hasPrefix("Warning: ") }, "\(outcome.standardError)")
  }
}
