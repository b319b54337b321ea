import Foundation

/// The steady states users write, on which the fast-forward must engage (see *The fast-forward*):
/// the phone plugged in on Wi-Fi, its display on, a 120 fps animation (1 ms of user-interactive
/// CPU and 2 ms of GPU a frame) and a sync every 30 s (20 ms of CPU and a 200 KB download), and
/// the same with telemetry at random (Poisson, 0.2 Hz: 2 ms of CPU and a 2 KB upload). The
/// 120 fps frames and the sync repeat together every 30 s; the telemetry comes every 5 s on
/// average, so that the 30 s cycle never fits between two arrivals, and the frames' cycle does.
///
/// The phone runs without its thermal model (`"device_patch": { "thermal": null }`): a
/// temperature that keeps settling keeps the state from repeating until the fast-forward
/// advances it exactly during a skip.
enum SteadyShapes {
  /// The scenario, lasting `duration` (such as `"24 h"`), with the telemetry or without.
  static func scenarioJSON(duration: String, telemetry: Bool) -> String {
    let randomArrivals =
      telemetry
      ? """
      ,
          "telemetry": { "rate": "0.2 Hz", "work": [ { "cpu": "2 ms" }, { "upload": "2 KB" } ] }
      """ : ""
    return """
      {
        "name": "Plugged in at 120 fps with a 30 s sync\(telemetry ? " and telemetry" : "")",
        "device": "phone",
        "device_patch": { "thermal": null },
        "duration": "\(duration)",
        "seed": 1,
        "environment": {
          "network": [ { "from": "0 s", "to": "\(duration)", "network": "wifi" } ],
          "charging": [ [ "0 s", "\(duration)" ] ]
        },
        "display": [ { "from": "0 s", "to": "\(duration)", "brightness": "50%", "appearance": "light" } ],
        "workloads": {
          "animation": { "frames": "120 fps",
            "work": { "cpu": "1 ms", "gpu": "2 ms", "qos": "user-interactive" } },
          "sync": { "every": "30 s",
            "work": [ { "cpu": "20 ms", "qos": "utility" }, { "download": "200 KB", "qos": "utility" } ] }\(randomArrivals)
        }
      }
      """
  }

  /// Runs the scenario of `duration` in a child process (see ``PhoneDay``) from a temporary file.
  static func runInChild(
    duration: String, telemetry: Bool, fastForward: Bool = true
  ) throws -> PhoneDay.Figures {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "powersim-benchmark-shape-\(ProcessInfo.processInfo.processIdentifier).json")
    try scenarioJSON(duration: duration, telemetry: telemetry).write(
      to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    return try PhoneDay.runInChild(.file(path: file.path), fastForward: fastForward)
  }
}

extension BenchmarkRun {
  /// Each shape of ``SteadyShapes`` for a day, a week and 30 days (`--small`: 1 h, 7 h and
  /// 30 h), the day also without fast-forward. Targets: the day at least 20× faster with the
  /// fast-forward, and 30 days no slower than 1.5× the day.
  mutating func runShapes() throws {
    let (day, week, month) = options.isSmall ? ("1 h", "7 h", "30 h") : ("24 h", "7 d", "30 d")
    for telemetry in [false, true] {
      let name = telemetry ? "120 fps + 30 s sync + telemetry" : "120 fps + 30 s sync"
      let dayRun = try SteadyShapes.runInChild(duration: day, telemetry: telemetry)
      let dayFull = try SteadyShapes.runInChild(
        duration: day, telemetry: telemetry, fastForward: false)
      let weekRun = try SteadyShapes.runInChild(duration: week, telemetry: telemetry)
      let monthRun = try SteadyShapes.runInChild(duration: month, telemetry: telemetry)
      for (label, figures) in [
        ("plugged in, \(name), \(day)", dayRun), ("  the same, --no-fast-forward", dayFull),
        ("plugged in, \(name), \(week)", weekRun), ("plugged in, \(name), \(month)", monthRun),
      ] {
        addThroughput(label, figures.throughput, peak: figures.peakResidentBytes)
      }
      let speedUp = dayFull.throughput.seconds / dayRun.throughput.seconds
      addTarget(
        "\(name), \(day): fast-forward speed-up", Format.ratio(speedUp), goal: "≥ 20.00×",
        met: speedUp >= 20)
      let growth = monthRun.throughput.seconds / dayRun.throughput.seconds
      addTarget(
        "\(name), \(month) ÷ \(day) wall time", Format.ratio(growth), goal: "≤ 1.50×",
        met: growth <= 1.5)
    }
  }
}
