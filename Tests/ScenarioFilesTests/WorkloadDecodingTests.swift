import DeviceModels
import Quantities
import ScenarioFiles
import TestSupport
import Testing

private func at(_ span: TimeSpan) -> Instant { Instant(nanosecondsSinceStart: span.nanoseconds) }

/// Workloads keyed by name (see *OS policies*) and their work (see *OS policies*), decoded and
/// checked.
@Suite struct WorkloadDecodingTests {
  static func workloads(_ json: String, device: String = "\"phone\"") throws -> [WorkloadSpec] {
    try decodeScenario(#"{ "device": \#(device), "duration": "10 min", "workloads": \#(json) }"#)
      .setup.workloads
  }

  static func error(_ json: String, device: String = "\"phone\"") -> String? {
    scenarioError(#"{ "device": \#(device), "duration": "10 min", "workloads": \#(json) }"#)
  }

  /// Every way of saying when a workload runs. Workloads come out sorted by name, which is
  /// how ties between them are ordered (see *Scenario file reference*).
  @Test func timings() throws {
    let list = try Self.workloads(
      #"""
      {
        "once": { "at": "2 s", "work": { "cpu": "1 ms" } },
        "timer": { "every": "1 s", "from": "500 ms", "until": "9 s", "count": 3, "tolerance": "100 ms",
                   "work": { "cpu": "1 ms" } },
        "sporadic": { "rate": "0.5 Hz", "from": "1 s", "until": "1 min", "work": { "cpu": "1 ms" } },
        "mean": { "mean_interval": "30 s", "work": { "cpu": "1 ms" } },
        "replay": { "times": ["1 s", "1 s", "3.5 s"], "work": { "cpu": "1 ms" } },
        "ui": { "frames": "60 fps", "from": "1 s", "for": "10 s", "when": "visible", "work": { "gpu": "4 ms" } },
        "backup": { "window": ["1 min", "5 min"], "requires": "charging", "work": { "write": "2 MB" } },
        "store": { "rate": "0.5 Hz", "debounce": "15 s", "work": { "write": "2 MB" } }
      }
      """#)
    #expect(
      list.map(\.name) == ["backup", "mean", "once", "replay", "sporadic", "store", "timer", "ui"])
    let workloads = ["once", "timer", "sporadic", "mean", "replay", "ui", "backup", "store"].map {
      name in list.first { $0.name == name }!
    }
    #expect(workloads[0].timing == .once(at: at(.seconds(2))))
    #expect(
      workloads[1].timing
        == .periodic(
          every: .seconds(1), start: at(.milliseconds(500)), end: at(.seconds(9)), count: 3,
          tolerance: .milliseconds(100)))
    // 0.5 Hz: a mean interval of 2 s; 30 s: 3 × 10¹⁰ ns.
    #expect(
      workloads[2].timing
        == .poisson(meanIntervalNanoseconds: 2e9, start: at(.seconds(1)), end: at(.minutes(1))))
    #expect(workloads[3].timing == .poisson(meanIntervalNanoseconds: 3e10, start: .start, end: nil))
    #expect(
      workloads[4].timing
        == .times([at(.seconds(1)), at(.seconds(1)), at(.milliseconds(3_500))]))
    #expect(
      workloads[5].timing
        == .frames(rate: Frequency(hertz: 60), start: at(.seconds(1)), duration: .seconds(10)))
    #expect(workloads[5].onlyWhenVisible)
    #expect(!workloads[0].onlyWhenVisible)
    #expect(
      workloads[6].timing
        == .window(earliest: at(.minutes(1)), deadline: at(.minutes(5)), requires: .charging))
    #expect(workloads[7].debounce == .seconds(15))
    #expect(workloads[0].debounce == nil)
  }

  /// An animation whose `for` goes past the end of the run stops at the end: `for` is cut to
  /// what is left of the run after `from`, so `from + for` cannot overflow the run's clock.
  @Test func framesForPastTheEndIsCutToTheRun() throws {
    let list = try Self.workloads(
      #"""
      {
        "long": { "frames": "60 fps", "from": "4 min", "for": "9223372036854775807 ns", "work": { "gpu": "4 ms" } },
        "short": { "frames": "60 fps", "from": "4 min", "for": "1 min", "work": { "gpu": "4 ms" } }
      }
      """#)
    #expect(
      list[0].timing
        == .frames(rate: Frequency(hertz: 60), start: at(.minutes(4)), duration: .minutes(6)))
    #expect(
      list[1].timing
        == .frames(rate: Frequency(hertz: 60), start: at(.minutes(4)), duration: .minutes(1)))
  }

  /// A work object's steps, a list of them, and the default QoS (user-interactive for frames).
  @Test func work() throws {
    let list = try Self.workloads(
      #"""
      {
        "compute": { "at": "1 s", "work": { "cpu": "2 ms", "threads": 4, "qos": "utility",
                                            "parallel_efficiency": "90%" } },
        "io": { "at": "1 s", "work": [ { "read": "4 KiB" },
                                       { "write": "2 MB", "write_size": "4 KiB" },
                                       { "download": "1 MB", "via": "cellular" }, { "upload": "10 KB" } ] },
        "frame": { "frames": "30 fps", "work": { "cpu": "3 ms", "gpu": "4 ms" } }
      }
      """#)
    let workloads = ["compute", "io", "frame"].map { name in list.first { $0.name == name }! }
    #expect(
      workloads[0].work == [
        WorkStepSpec(cpu: .milliseconds(2), threads: 4, qos: .utility, parallelEfficiency: 0.9)
      ])
    #expect(
      workloads[1].work == [
        WorkStepSpec(read: .kibibytes(4)),
        WorkStepSpec(write: .megabytes(2), writeSize: .kibibytes(4)),
        WorkStepSpec(download: .megabytes(1), via: "cellular"),
        WorkStepSpec(upload: DataSize(bytes: 10_000)),
      ])
    #expect(
      workloads[2].work == [
        WorkStepSpec(cpu: .milliseconds(3), qos: .userInteractive, gpu: .milliseconds(4))
      ])
  }

  @Test func genericSteps() throws {
    let workloads = try Self.workloads(
      #"{ "fix": { "at": "1 s", "work": { "gps": "500 ms" } } }"#, device: gpsBoard)
    #expect(
      workloads[0].work == [
        WorkStepSpec(generic: [GenericStep(component: "gps", duration: .milliseconds(500))])
      ])
  }

  @Test func timingErrors() {
    #expect(
      Self.error(#"{ "sync": { "every": "5 MB", "work": { "cpu": "1 ms" } } }"#)
        == #"test.json: workloads.sync.every: expected a time such as "5 s" or "20 ms", found "5 MB" (a data size)"#
    )
    #expect(
      Self.error(#"{ "sync": { "work": { "cpu": "1 ms" } } }"#)
        == #"test.json: workloads.sync: a workload needs exactly one of "at", "every", "rate", "mean_interval", "times", "trace", "frames", "window" or "on" to say when it runs; found none"#
    )
    #expect(
      Self.error(#"{ "sync": { "at": "1 s", "every": "1 s", "work": { "cpu": "1 ms" } } }"#)
        == #"test.json: workloads.sync.every: a workload needs exactly one of "at", "every", "rate", "mean_interval", "times", "trace", "frames", "window" or "on"; found both "at" and "every""#
    )
    #expect(
      Self.error(#"{ "sync": { "rate": "1 Hz", "tolerance": "1 s", "work": { "cpu": "1 ms" } } }"#)
        == #"test.json: workloads.sync.tolerance: "tolerance" applies only to "every" workloads, not to "rate""#
    )
    #expect(
      Self.error(#"{ "late": { "at": "11 min", "work": { "cpu": "1 ms" } } }"#)
        == #"test.json: workloads.late.at: expected a time within the run (before 10 min), found "11 min""#
    )
    #expect(
      Self.error(
        #"{ "t": { "every": "1 s", "from": "5 s", "until": "2 s", "work": { "cpu": "1 ms" } } }"#)
        == #"test.json: workloads.t.until: expected "until" after "from" (5 s), found 2 s"#)
    #expect(
      Self.error(#"{ "t": { "times": ["2 s", "1 s"], "work": { "cpu": "1 ms" } } }"#)
        == "test.json: workloads.t.times[1]: expected times in increasing order, found 1 s after 2 s"
    )
    #expect(
      Self.error(#"{ "t": { "every": "0 s", "work": { "cpu": "1 ms" } } }"#)
        == #"test.json: workloads.t.every: expected a time greater than zero, found "0 s""#)
    #expect(
      Self.error(#"{ "t": { "every": "1 s", "count": 0, "work": { "cpu": "1 ms" } } }"#)
        == "test.json: workloads.t.count: expected a whole number of at least 1, found 0")
    #expect(
      Self.error(#"{ "t": { "at": "1 s", "when": "hidden", "work": { "cpu": "1 ms" } } }"#)
        == #"test.json: workloads.t.when: expected one of "visible", "not-low-power", "thermal-nominal", "charging", "wifi" or "display-on", found "hidden""#
    )
    #expect(
      Self.error(
        #"{ "t": { "window": ["1 min", "5 min"], "requires": "wfi", "work": { "download": "1 MB" } } }"#
      )
        == #"test.json: workloads.t.requires: expected one of "charging", "wifi", "radio-active", "idle", "battery-ok", "network" or "good-network", found "wfi" (did you mean "wifi"?)"#
    )
    #expect(
      Self.error(#"{ "t": { "at": "1 s" } }"#)
        == #"test.json: workloads.t: a workload needs the key "work", which is missing"#)
    #expect(
      Self.error(#"[]"#)
        == "test.json: workloads: expected an object of workloads keyed by name, found an array")
  }

  @Test func workErrors() {
    #expect(
      Self.error(#"{ "t": { "at": "1 s", "work": { "cpu": "1 ms" } } }"#, device: gpsBoard)
        == #"test.json: workloads.t.work.cpu: the device has no cpu component to run "cpu" on"#)
    #expect(
      Self.error(#"{ "t": { "at": "1 s", "work": { "gsp": "1 s" } } }"#, device: gpsBoard)
        == #"test.json: workloads.t.work.gsp: unknown key "gsp" in a work item (did you mean "gps"?)"#
    )
    #expect(
      Self.error(#"{ "t": { "at": "1 s", "work": { "threads": 2 } } }"#)
        == #"test.json: workloads.t.work.threads: "threads" modifies "cpu", which this work item does not have"#
    )
    #expect(
      Self.error(#"{ "t": { "at": "1 s", "work": [ { "cpu": "1 ms" }, { "read": "-1 MB" } ] } }"#)
        == #"test.json: workloads.t.work[1].read: expected a data size that is not negative, found "-1 MB""#
    )
    #expect(
      Self.error(#"{ "t": { "at": "1 s", "work": { "download": "1 MB", "via": "bluetooth" } } }"#)
        == #"test.json: workloads.t.work.via: expected a radio of the device ("cellular" or "wifi"), found "bluetooth""#
    )
    #expect(
      Self.error(#"{ "t": { "at": "1 s", "work": { "cpu": "1 ms", "qos": "urgent" } } }"#)
        == #"test.json: workloads.t.work.qos: expected one of "user-interactive", "user-initiated", "default", "utility" or "background", found "urgent""#
    )
    #expect(
      Self.error(#"{ "t": { "at": "1 s", "work": [] } }"#)
        == "test.json: workloads.t.work: expected at least one work object in the list, found none")
  }
}
