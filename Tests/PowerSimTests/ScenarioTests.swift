import Foundation
import PowerSim
import TestSupport
import Testing

/// The library's `Scenario` and `SimulationResult` on the worked example of the article *The
/// power-state ladder*, every figure against the hand computation.
///
/// The GPS: 1.27 J = floor 0 + fixed 0.97 + dynamic 0.30, one wake-up, latencies 1.3 s and
/// 0.5 s. The platform: on 4 s at 100 mW and asleep 16 s at 10 mW, 0.56 J = floor 0.2 + fixed
/// 0.36. The device: 1.83 J over 20 s, 91.5 mW; the workload gets all but the platform's floor,
/// 1.63 J. Peak: the platform on and the GPS active, 400 mW. With a 1 Wh battery (3600 J),
/// battery life is 3600 / 0.0915 s = 39,344.26… s.
@Suite struct ScenarioTests {
  static let text = """
    {
      "name": "GPS worked example",
      "device": \(gpsBoard),
      "duration": "20 s",
      "workloads": { "fix": { "times": ["2 s", "4 s"], "work": { "gps": "500 ms" } } },
      "variants": { "with battery": { "device": { "battery": { "capacity": "1 Wh" } } } }
    }
    """

  @Test func theBaselineOfTheWorkedExample() throws {
    let scenario = try Scenario(json: Self.text)
    #expect(scenario.variants == ["with battery"])
    #expect(scenario.file == "(json)")
    let result = try scenario.run()
    #expect(result.scenario == "GPS worked example" && result.variant == "baseline")
    #expect(result.duration.seconds == 20)
    #expect(result.energy.joules == 1.83)
    #expect(result.averagePower.watts == 0.0915)
    #expect(result.peakPower.watts == 0.4)
    #expect(result.batteryEnergy == nil && result.battery == nil)
    #expect(result.componentNames == ["platform", "gps"])
    let gps = try #require(result.components["gps"])
    #expect(gps.energy.joules == 1.27 && gps.floor.joules == 0)
    #expect(gps.fixed.joules == 0.97 && gps.dynamic.joules == 0.3)
    #expect(gps.wakeups == 1 && gps.averagePower.watts == 0.0635)
    // Active from the end of the first wake (2.8 s) to 1 s after the second fix ends (5.5 s).
    #expect(gps.states["active"]?.residency.seconds == 2.7)
    let platform = try #require(result.components["platform"])
    #expect(platform.energy.joules == 0.56 && platform.floor.joules == 0.2)
    #expect(platform.fixed.joules == 0.36 && platform.dynamic.joules == 0)
    #expect(result.wakeups == 1)
    let fix = try #require(result.workloads["fix"])
    #expect(fix.occurrences == 2 && fix.energy.joules == 1.63)
    #expect(fix.latency?.p50.seconds == 0.5 && fix.latency?.p99.seconds == 1.3)
    #expect(fix.latency?.max.seconds == 1.3 && fix.latency?.count == 2)
    #expect(fix.droppedFrames == 0 && fix.unfinished == 0 && fix.held == 0)
    #expect(result.unattributedEnergy.joules == 0.2)
  }

  @Test func aVariantWithABattery() throws {
    let result = try Scenario(json: Self.text).run(variant: "with battery")
    #expect(result.variant == "with battery")
    let battery = try #require(result.battery)
    #expect(battery.capacity.joules == 3600 && battery.energy.joules == 1.83)
    #expect(result.batteryEnergy?.joules == 1.83)
    #expect(battery.unpluggedTime.seconds == 20 && battery.ranOutAt == nil)
    let life = try #require(battery.life)
    #expect(abs(life.seconds - 3600 / 0.0915) < 1e-6)
    #expect(abs(battery.minimumCharge - (1 - 1.83 / 3600)) < 1e-12)
  }

  @Test func aScenarioFileAndItsVariants() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../scenarios/coalescing.json")
    let scenario = try Scenario(contentsOf: url)
    #expect(scenario.variants == ["coalesced"])
    let baseline = try scenario.run()
    let coalesced = try scenario.run(variant: "coalesced")
    // The article *Reference figures*: coalescing saves energy, mostly fixed cost.
    #expect(coalesced.energy < baseline.energy)
    #expect(coalesced.workloads["sync"]?.occurrences == 10)
    #expect(baseline.workloads["sync"]?.occurrences == 100)
  }

  @Test func writingTheRunsFiles() throws {
    let directory = try TemporaryDirectory()
    let result = try Scenario(json: Self.text).run(writingFilesTo: directory.url)
    let csv = try String(contentsOfFile: directory.path("power.csv"), encoding: .utf8)
    #expect(csv.hasPrefix("time_s,platform_w,gps_w,total_w\r\n"))
    #expect(result.energy.joules == 1.83)
  }

  @Test func errorsAreThoseOfTheCommandLine() throws {
    let syntax = #expect(throws: PowerSimError.self) {
      try Scenario(json: "{ \"device\": \"phone\",\n  \"duration\": }")
    }
    #expect(syntax?.file == "(json)" && syntax?.line == 2 && syntax?.column == 15)
    #expect(syntax?.description.hasPrefix("(json):2:15: ") == true)

    let unit = #expect(throws: PowerSimError.self) {
      try Scenario(json: #"{ "device": "phone", "duration": "5 MB" }"#).run()
    }
    #expect(unit?.jsonPath == "duration")
    #expect(
      unit?.description
        == #"(json): duration: expected a time such as "5 s" or "20 ms", found "5 MB" (a data size)"#
    )

    let variant = #expect(throws: PowerSimError.self) {
      try Scenario(json: Self.text).run(variant: "with batery")
    }
    #expect(variant?.message.contains(#"did you mean "with battery"?"#) == true)

    let missing = #expect(throws: PowerSimError.self) {
      try Scenario(contentsOf: URL(fileURLWithPath: "/nonexistent/scenario.json"))
    }
    #expect(
      missing?.description == "/nonexistent/scenario.json: cannot read the file: it does not exist")
  }
}
