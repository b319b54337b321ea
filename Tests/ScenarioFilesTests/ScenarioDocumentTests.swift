import DeviceModels
import JSONSupport
import Quantities
import ScenarioFiles
import TestSupport
import Testing

/// Variants and device patches: JSON Merge Patches (RFC 7396) over the scenario and the device,
/// and errors in them reported where the user wrote them.
@Suite struct ScenarioDocumentTests {
  static let timers = """
    {
      "device": \(gpsBoard),
      "duration": "1 min",
      "workloads": {
        "sync": { "every": "1 s", "tolerance": "0 s", "work": { "gps": "2 ms" } },
        "replay": { "times": ["1 s", "2 s", "3 s"], "work": [ { "gps": "1 ms" }, { "gps": "2 ms" } ] }
      },
      "variants": {
        "coalesced": { "workloads": { "sync": { "tolerance": "500 ms" } } },
        "poisson": { "workloads": { "sync": { "every": null, "tolerance": null, "rate": "2 Hz" } } },
        "short": { "workloads": { "replay": { "times": ["5 s"], "work": { "gps": "3 ms" } } } },
        "idle": { "workloads": null },
        "builtin": { "device": "devboard" }
      }
    }
    """

  static func scenario(_ variant: String) throws -> Scenario {
    try decodeScenario(timers, variant: variant)
  }

  static func workload(_ name: String, in variant: String) throws -> WorkloadSpec {
    try #require(try scenario(variant).setup.workloads.first { $0.name == name })
  }

  @Test func variantNamesInFileOrder() throws {
    let document = try ScenarioDocument(json: try JSONReader.parse(Self.timers), file: "t.json")
    #expect(
      document.variantNames == ["baseline", "coalesced", "poisson", "short", "idle", "builtin"])
    #expect(try Self.scenario("baseline").variant == "baseline")
    #expect(try Self.scenario("coalesced").variant == "coalesced")
  }

  @Test func aVariantPatchesOneValue() throws {
    #expect(
      try Self.workload("sync", in: "baseline").timing
        == .periodic(every: .seconds(1), start: .start, end: nil, count: nil, tolerance: .zero))
    #expect(
      try Self.workload("sync", in: "coalesced").timing
        == .periodic(
          every: .seconds(1), start: .start, end: nil, count: nil, tolerance: .milliseconds(500)))
    // The other workload is untouched.
    #expect(
      try Self.workload("replay", in: "coalesced") == (try Self.workload("replay", in: "baseline")))
  }

  /// `"every": null` plus `"rate"` turns the timer into Poisson arrivals: 2 Hz is a mean
  /// interval of 0.5 s = 5 × 10⁸ ns.
  @Test func nullDeletesSoATimerBecomesPoisson() throws {
    let sync = try Self.workload("sync", in: "poisson")
    #expect(sync.timing == .poisson(meanIntervalNanoseconds: 5e8, start: .start, end: nil))
    #expect(sync.work == (try Self.workload("sync", in: "baseline")).work)
  }

  /// Arrays (`times`, work lists) are replaced whole, not merged element by element.
  @Test func arraysAreReplacedWhole() throws {
    let replay = try Self.workload("replay", in: "short")
    #expect(replay.timing == .times([Instant(nanosecondsSinceStart: 5_000_000_000)]))
    #expect(
      replay.work == [
        WorkStepSpec(generic: [GenericStep(component: "gps", duration: .milliseconds(3))])
      ])
    let baseline = try Self.workload("replay", in: "baseline")
    #expect(baseline.work.count == 2)
  }

  @Test func deletingAndReplacingTopLevelValues() throws {
    #expect(try Self.scenario("idle").setup.workloads.isEmpty)
    // Patching a device given inline with a name replaces it whole.
    #expect(try Self.scenario("builtin").deviceName == "devboard")
  }

  @Test func variantErrors() throws {
    #expect(
      scenarioError(Self.timers, variant: "coalesed")
        == #"test.json: there is no variant "coalesed" (the scenario has "baseline", "coalesced", "poisson", "short", "idle" and "builtin"); did you mean "coalesced"?"#
    )
    let reserved = #"{ "device": "devboard", "duration": "1 s", "variants": { "baseline": {} } }"#
    #expect(
      scenarioError(reserved)
        == #"test.json: variants.baseline: "baseline" is the scenario itself; give the variant another name"#
    )
    let notPatch = #"{ "device": "devboard", "duration": "1 s", "variants": { "v": [1] } }"#
    #expect(
      scenarioError(notPatch)
        == "test.json: variants.v: expected a merge patch object, found an array")
    let notObject = #"{ "device": "devboard", "duration": "1 s", "variants": [] }"#
    #expect(
      scenarioError(notObject)
        == "test.json: variants: expected an object of variants keyed by name, found an array")
  }

  /// A bad value a variant wrote is reported at the variant's path; a bad value of the base is
  /// reported at the base's, whichever variant is decoded.
  @Test func errorsAreReportedWhereTheyWereWritten() throws {
    let text = """
      { "device": \(gpsBoard), "duration": "1 min",
        "workloads": { "sync": { "every": "1 s", "work": { "gps": "2 ms" } },
                       "bad": { "at": "2 MB", "work": { "gps": "1 ms" } } },
        "variants": { "v": { "workloads": { "sync": { "every": "5 MB" } } },
                      "w": { "workloads": { "bad": { "at": "2 s" } } } } }
      """
    #expect(
      scenarioError(text, variant: "v")
        == #"test.json: variants.v.workloads.sync.every: expected a time such as "5 s" or "20 ms", found "5 MB" (a data size)"#
    )
    #expect(
      scenarioError(text)
        == #"test.json: workloads.bad.at: expected a time such as "5 s" or "20 ms", found "2 MB" (a data size)"#
    )
    #expect(scenarioError(text, variant: "w") == nil)
  }

  // MARK: device_patch

  /// 4600 mAh × 3.8 V × 3.6 J/mWh = 62 928 J.
  @Test func devicePatchMergesIntoTheDevice() throws {
    let scenario = try decodeScenario(
      #"{ "device": "devboard", "device_patch": { "battery": { "capacity_mah": 4600 } }, "duration": "1 s" }"#
    )
    #expect(scenario.setup.device.battery?.capacity == .joules(62_928))
    #expect(scenario.setup.device.battery?.chargePower == .watts(5))
  }

  @Test func devicePatchDeletesAndReplacesArrays() throws {
    let removed = try decodeScenario(
      #"{ "device": "devboard", "device_patch": { "components": { "gps": null } }, "duration": "1 s" }"#
    )
    #expect(removed.setup.device.components.map(\.name) == ["platform"])
    let replaced = try decodeScenario(
      #"""
      { "device": "devboard", "duration": "1 s", "device_patch": { "components": { "gps": {
        "states": [ { "name": "on", "power": "1 W" }, { "name": "off", "power": "0 W", "after": "1 s" } ] } } } }
      """#)
    let gps = try #require(replaced.setup.device.components.first { $0.name == "gps" })
    guard case .generic(let ladder) = gps.model else {
      Issue.record("gps is not generic")
      return
    }
    #expect(ladder.states.map(\.name) == ["on", "off"])
    #expect(ladder.states[0].power == .watts(1))
  }

  @Test func devicePatchErrorsNameThePatch() throws {
    #expect(
      scenarioError(
        #"{ "device": "devboard", "device_patch": { "battery": { "voltage": "3.8 parsecs" } }, "duration": "1 s" }"#
      )
        == #"test.json: device_patch.battery.voltage: expected a voltage with a unit of V or mV, found "3.8 parsecs" (unknown unit "parsecs")"#
    )
    #expect(
      scenarioError(#"{ "device": "devboard", "device_patch": [], "duration": "1 s" }"#)
        == "test.json: device_patch: expected a merge patch object, found an array")
    // An error the patch did not cause stays with the device.
    #expect(
      scenarioError(
        #"{ "device": { "components": { "gps": { "type": "gnss" } } }, "device_patch": { "name": "x" }, "duration": "1 s" }"#
      )
        == #"test.json: device.components.gps.type: expected a component type ("platform", "island", "cpu", "storage", "radio", "gpu", "display" or "generic"), found "gnss""#
    )
  }

  // MARK: Setting values (sweeps)

  @Test func settingValuesBeforeVariants() throws {
    let document = try ScenarioDocument(json: try JSONReader.parse(Self.timers), file: "t.json")
    let every = try #require(JSONPath(dotted: "workloads.sync.every"))
    let seed = try #require(JSONPath(dotted: "seed"))
    let swept = try document.setting([(every, .string("5 s")), (seed, .number(JSONNumber(3)))])
    let coalesced = try swept.scenario(variant: "coalesced")
    #expect(coalesced.setup.seed == 3)
    #expect(
      coalesced.setup.workloads.first { $0.name == "sync" }?.timing
        == .periodic(
          every: .seconds(5), start: .start, end: nil, count: nil, tolerance: .milliseconds(500)))
    let bad = try #require(JSONPath(dotted: "duration.x"))
    #expect(
      throws: InputError(
        file: "t.json", path: "duration.x",
        message: "cannot set duration.x: duration is a string, not an object")
    ) {
      try document.setting([(bad, .null)])
    }
  }
}
