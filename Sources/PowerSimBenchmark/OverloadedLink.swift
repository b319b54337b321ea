import Foundation

/// A shared radio link given more than it can carry (see *Radios*): the phone on a 1 Mbit/s
/// Wi-Fi link with a 100 KB download every 10 ms, 80 times its bandwidth, so that every download
/// stays in flight and the backlog grows with the run. The link's cost per change must not grow
/// with that backlog: four times as long a run, with four times the backlog at its end, must take
/// about four times as long, where a link visiting every transfer at each change took sixteen.
enum OverloadedLink {
  /// The scenario, lasting `duration` (such as `"2 min"`).
  static func scenarioJSON(duration: String) -> String {
    """
    {
      "name": "An overloaded shared link",
      "device": "phone",
      "duration": "\(duration)",
      "environment": {
        "network": [ { "from": "0 s", "to": "\(duration)", "network": "wifi", "downlink": "1 Mbit/s" } ]
      },
      "workloads": { "flood": { "every": "10 ms", "work": { "download": "100 KB" } } }
    }
    """
  }

  /// Runs the scenario of `duration` in a child process (see ``PhoneDay``) from a temporary file.
  static func runInChild(duration: String) throws -> PhoneDay.Figures {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "powersim-benchmark-link-\(ProcessInfo.processInfo.processIdentifier).json")
    try scenarioJSON(duration: duration).write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    return try PhoneDay.runInChild(.file(path: file.path))
  }
}
