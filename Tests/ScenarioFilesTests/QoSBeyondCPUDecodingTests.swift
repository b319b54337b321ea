import DeviceModels
import Quantities
import ScenarioFiles
import Testing

/// The device's `qos_policy` beyond the CPU and `"thread": "main"` (see *OS policies*), decoded.
@Suite struct QoSBeyondCPUDecodingTests {
  /// The tolerance of the timer `name` among `workloads` (JSON) on `device`.
  static func tolerance(
    _ name: String, _ workloads: String, devicePatch: String = "{}"
  ) throws -> TimeSpan? {
    let scenario = try decodeScenario(
      #"{ "device": "phone", "device_patch": \#(devicePatch), "duration": "10 min", "workloads": \#(workloads) }"#
    )
    guard
      case .periodic(_, _, _, _, let tolerance) = scenario.setup.workloads.first(where: {
        $0.name == name
      })?.timing
    else { return nil }
    return tolerance
  }

  /// Utility and background timers that give no tolerance get 10% of their period (10 s → 1 s);
  /// one that gives 0 keeps it, and the classes above utility get none.
  @Test func utilityAndBackgroundTimersGetATenthOfTheirPeriod() throws {
    let workloads = #"""
      {
        "sync": { "every": "10 s", "work": { "cpu": "1 ms", "qos": "utility" } },
        "index": { "every": "3 s", "work": { "cpu": "1 ms", "qos": "background" } },
        "exact": { "every": "10 s", "tolerance": 0, "work": { "cpu": "1 ms", "qos": "background" } },
        "tick": { "every": "10 s", "work": { "cpu": "1 ms" } },
        "ui": { "every": "10 s", "work": { "cpu": "1 ms", "qos": "user-initiated" } }
      }
      """#
    #expect(try Self.tolerance("sync", workloads) == .seconds(1))
    #expect(try Self.tolerance("index", workloads) == .milliseconds(300))
    #expect(try Self.tolerance("exact", workloads) == .zero)
    #expect(try Self.tolerance("tick", workloads) == .zero)
    #expect(try Self.tolerance("ui", workloads) == .zero)
  }

  /// `timer_tolerance` sets the fraction (25% of 10 s: 2.5 s), and `io_throttle_window` the
  /// window; left out, the window is 500 ms.
  @Test func theDeviceSetsTheFractionAndTheWindow() throws {
    let patch = #"""
      { "components": { "cpu": { "qos_policy": { "timer_tolerance": "25%", "io_throttle_window": "2 s" } } } }
      """#
    let workloads = #"{ "sync": { "every": "10 s", "work": { "cpu": "1 ms", "qos": "utility" } } }"#
    #expect(try Self.tolerance("sync", workloads, devicePatch: patch) == .milliseconds(2500))
    let patched = try decodeScenario(
      #"{ "device": "phone", "device_patch": \#(patch), "duration": "1 min", "workloads": {} }"#)
    #expect(patched.setup.device.qosBeyondCPU.ioThrottleWindow == .seconds(2))
    let plain = try decodeScenario(#"{ "device": "phone", "duration": "1 min", "workloads": {} }"#)
    #expect(plain.setup.device.qosBeyondCPU.ioThrottleWindow == .milliseconds(500))
    #expect(plain.setup.device.qosBeyondCPU.timerTolerance == Fraction(0.1))
  }

  /// `"thread": "main"` marks the workload; without it, a workload runs off the main thread.
  @Test func threadMain() throws {
    let scenario = try decodeScenario(
      #"""
      { "device": "phone", "duration": "1 min", "workloads": {
        "load": { "every": "5 s", "thread": "main", "work": { "read": "20 MB" } },
        "save": { "every": "5 s", "work": { "write": "1 MB" } } } }
      """#)
    let byName = Dictionary(uniqueKeysWithValues: scenario.setup.workloads.map { ($0.name, $0) })
    #expect(byName["load"]?.onMainThread == true)
    #expect(byName["save"]?.onMainThread == false)
  }
}
