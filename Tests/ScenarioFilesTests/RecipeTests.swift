import DeviceModels
import Quantities
import ScenarioFiles
import TestSupport
import Testing

/// Device recipes (see *Peripherals and recipes*) on a small device without a CPU or platform, so
/// that every joule is a ladder's: `gnss` (300 mW active; off after 1 s, waking in 500 ms at 300
/// mW), `beacon` (100 mW; off at once, no wake latency) and a Wi-Fi radio moving 8 Mbit/s at 1 W
/// with no round trip, off at once.
@Suite struct RecipeTests {
  static func device(recipes: String) -> String {
    """
    { "name": "tiny", "recipes": \(recipes), "components": {
      "gnss": { "type": "generic", "parent": "none", "states": [
        { "name": "active", "power": "300 mW" },
        { "name": "off", "power": "0 W", "after": "1 s", "wake_latency": "500 ms" } ] },
      "beacon": { "type": "generic", "parent": "none", "states": [
        { "name": "active", "power": "100 mW" },
        { "name": "off", "power": "0 W", "after": "0 s" } ] },
      "wifi": { "type": "radio", "technology": "wifi", "parent": "none",
        "downlink": "8 Mbit/s", "uplink": "8 Mbit/s", "rtt": "0 s", "transfer_power": "1 W",
        "states": [ { "name": "active", "power": "1 W" }, { "name": "off", "power": "0 W", "after": "0 s" } ] }
    } }
    """
  }

  static let recipes = """
    { "fix": { "beacon": "1 s", "gnss": "2 s", "x-source": "a note" },
      "ping": { "beacon": "1 s" },
      "lookup": { "download": "1 MB", "via": "wifi" } }
    """

  static func scenario(work: String, recipes: String = recipes, extra: String = "") -> String {
    """
    { "device": \(device(recipes: recipes)), "duration": "20 s"\(extra),
      "workloads": { "w": { "at": "1 s", "work": \(work) } } }
    """
  }

  /// The recipe's steps, in the usual order: generic components in the device's order (gnss,
  /// then beacon), whatever order the recipe writes them in.
  @Test func aRecipeRunsItsStepsInTheUsualOrder() throws {
    let scenario = try decodeScenario(
      Self.scenario(work: #"{ "recipe": "fix", "qos": "utility" }"#))
    let work = scenario.setup.workloads[0].work
    #expect(work.count == 1)
    #expect(
      work[0].generic == [
        GenericStep(component: "gnss", duration: .seconds(2)),
        GenericStep(component: "beacon", duration: .seconds(1)),
      ])
    #expect(work[0].qos == .utility)
    #expect(work[0].cpu == nil && work[0].download == nil)
    let device = scenario.setup.device
    #expect(device.recipes.keys.sorted() == ["fix", "lookup", "ping"])
    #expect(device.recipes["fix"]?.keys == ["beacon", "gnss"])
  }

  /// At 1 s the GNSS wakes (500 ms at 300 mW: 0.15 J), tracks 2 s (0.6 J) and holds 1 s
  /// (0.3 J): 1.05 J. The beacon then runs 3.5-4.5 s at 100 mW (0.1 J) and is off at once.
  /// Latency 3.5 s; one wake-up of the GNSS, none of the beacon (no wake latency).
  @Test func aRecipesEnergyByHand() throws {
    let scenario = try decodeScenario(Self.scenario(work: #"{ "recipe": "fix" }"#))
    let result = Simulation(setup: scenario.setup).run()
    #expect(result.component("gnss").energy == .joules(1.05))
    #expect(result.component("beacon").energy == .joules(0.1))
    #expect(result.component("wifi").energy == .zero)
    #expect(result.component("gnss").wakeups == 1)
    #expect(result.component("beacon").wakeups == 0)
    let workload = result.workload("w")
    #expect(workload.occurrences == 1)
    #expect(workload.latency?.max == .milliseconds(3_500))
    // *Results and accounting*: the components' energies add up to the whole.
    #expect(result.components.map(\.energy).reduce(.zero, +) == result.energy)
  }

  /// A transfer recipe: 1 MB at 8 Mbit/s is 1 s at 1 W on the radio it names.
  @Test func aTransferRecipeUsesItsRadio() throws {
    let scenario = try decodeScenario(Self.scenario(work: #"{ "recipe": "lookup" }"#))
    #expect(scenario.setup.workloads[0].work[0].via == "wifi")
    #expect(scenario.setup.workloads[0].work[0].download == DataSize(bytes: 1_000_000))
    let result = Simulation(setup: scenario.setup).run()
    #expect(result.component("wifi").energy == .joules(1))
    #expect(result.workload("w").latency?.max == .seconds(1))
  }

  /// A work object may add steps the recipe does not give: `ping` (beacon) with the object's own
  /// GNSS step is the same work as `fix`, and a list runs a recipe after other work.
  @Test func aWorkObjectAddsStepsToItsRecipe() throws {
    let added = try decodeScenario(Self.scenario(work: #"{ "recipe": "ping", "gnss": "2 s" }"#))
    let fix = try decodeScenario(Self.scenario(work: #"{ "recipe": "fix" }"#))
    #expect(added.setup.workloads[0].work == fix.setup.workloads[0].work)
    let list = try decodeScenario(
      Self.scenario(work: #"[{ "beacon": "1 s" }, { "recipe": "ping" }]"#))
    #expect(list.setup.workloads[0].work.map(\.generic.count) == [1, 1])
    // Beacon 1-2 s, then again 2-3 s (handed on at once, no idle entry): 0.2 J.
    let result = Simulation(setup: list.setup).run()
    #expect(result.component("beacon").energy == .joules(0.2))
  }

  @Test func anUnknownRecipeIsNamedWithASuggestion() {
    let message = scenarioError(Self.scenario(work: #"{ "recipe": "fxi" }"#))
    #expect(message?.contains("workloads.w.work.recipe") == true)
    #expect(
      message?.contains(
        #"expected a recipe of the device ("fix", "lookup" or "ping"), found "fxi" (did you mean "fix"?)"#
      ) == true, "\(message ?? "")")
  }

  @Test func aWorkObjectMayNotRepeatItsRecipesSteps() {
    let message = scenarioError(Self.scenario(work: #"{ "recipe": "fix", "beacon": "3 s" }"#))
    #expect(message?.contains("workloads.w.work.beacon") == true, "\(message ?? "")")
    #expect(message?.contains(#"recipe "fix" gives "beacon" already"#) == true)
  }

  /// A recipe naming a component the device lacks (a device that extends another without that
  /// part) is an error only when work names it; a misspelt step is an error at once.
  @Test func aRecipeNamingAMissingComponent() {
    let recipes = #"{ "fix": { "compass": "1 s" }, "ping": { "beacon": "1 s" } }"#
    #expect(scenarioError(Self.scenario(work: #"{ "recipe": "ping" }"#, recipes: recipes)) == nil)
    let message = scenarioError(Self.scenario(work: #"{ "recipe": "fix" }"#, recipes: recipes))
    #expect(
      message?.contains(
        #"recipe "fix" cannot run on this device: it names "compass", which is not a component of the device"#
      ) == true, "\(message ?? "")")
    let typo = scenarioError(
      Self.scenario(work: #"{ "recipe": "ping" }"#, recipes: #"{ "fix": { "gnnss": "1 s" } }"#))
    #expect(typo?.contains(#"device.recipes.fix.gnnss"#) == true, "\(typo ?? "")")
    #expect(typo?.contains(#"(did you mean "gnss"?)"#) == true)
  }

  /// Radio time (*Peripherals and recipes*'s `"wifi": "1.5 s"`, a scan): the radio is active 1.5 s
  /// carrying no data, at its transfer power's base (1 W), and off at once: 1.5 J, latency 1.5 s. A
  /// work object names the radio like a generic component, in a recipe or on its own.
  @Test func aRecipeKeepsARadioActiveForATime() throws {
    let scan = #"{ "scan": { "wifi": "1.5 s", "beacon": "1 s" } }"#
    let scenario = try decodeScenario(Self.scenario(work: #"{ "recipe": "scan" }"#, recipes: scan))
    // Device order: beacon, then the radio.
    #expect(
      scenario.setup.workloads[0].work[0].generic == [
        GenericStep(component: "beacon", duration: .seconds(1)),
        GenericStep(component: "wifi", duration: .milliseconds(1_500)),
      ])
    let result = Simulation(setup: scenario.setup).run()
    #expect(result.component("wifi").energy == .joules(1.5))
    #expect(result.component("beacon").energy == .joules(0.1))
    #expect(result.workload("w").latency?.max == .milliseconds(2_500))
    let direct = try decodeScenario(Self.scenario(work: #"{ "wifi": "1.5 s" }"#))
    let alone = Simulation(setup: direct.setup).run()
    #expect(alone.component("wifi").energy == .joules(1.5))
    #expect(alone.workload("w").latency?.max == .milliseconds(1_500))
  }

  /// A recipe gives no QoS: the work object naming it does.
  @Test func aRecipeCannotGiveQoS() {
    let qos = scenarioError(
      Self.scenario(
        work: #"{ "beacon": "1 s" }"#, recipes: #"{ "p": { "beacon": "1 s", "qos": "utility" } }"#))
    #expect(qos?.contains(#"a recipe cannot give "qos""#) == true, "\(qos ?? "")")
  }

  /// A trace's rows may name a recipe in a `recipe` column: rows at 1 s (`ping`: beacon 1 s,
  /// 0.1 J) and 5 s (`lookup`: 1 MB at 8 Mbit/s, 1 J on the radio), and one at 8 s with a radio
  /// time column instead (0.5 s at 1 W).
  @Test func aTraceRowNamesARecipe() throws {
    let directory = try TemporaryDirectory()
    try directory.write("time,recipe,wifi\n1 s,ping,\n5 s,lookup,\n8 s,,500 ms\n", to: "t.csv")
    let text = """
      { "device": \(Self.device(recipes: Self.recipes)), "duration": "20 s",
        "workloads": { "w": { "trace": "t.csv" } } }
      """
    let file = try directory.write(text, to: "scenario.json")
    let scenario = try decodeScenario(text, file: file)
    let result = Simulation(setup: scenario.setup).run()
    #expect(result.workload("w").occurrences == 3)
    #expect(result.component("beacon").energy == .joules(0.1))
    #expect(result.component("wifi").energy == .joules(1.5))
  }

  /// `device_patch` merge-patches `recipes`: one removed, one added.
  @Test func aDevicePatchRemovesAndAddsRecipes() throws {
    let patch = #", "device_patch": { "recipes": { "fix": null, "long": { "gnss": "5 s" } } }"#
    let removed = scenarioError(Self.scenario(work: #"{ "recipe": "fix" }"#, extra: patch))
    #expect(removed?.contains(#"found "fix""#) == true, "\(removed ?? "")")
    let added = try decodeScenario(Self.scenario(work: #"{ "recipe": "long" }"#, extra: patch))
    #expect(
      added.setup.workloads[0].work[0].generic == [
        GenericStep(component: "gnss", duration: .seconds(5))
      ])
  }

  /// The built-in phone's three location recipes (beside its recording and video-call recipes),
  /// as the devices article gives them.
  @Test func thePhonesLocationRecipes() throws {
    let scenario = try decodeScenario(
      #"{ "device": "phone", "duration": "1 min", "environment": { "network": "cellular" }, "workloads": { "w": { "at": "1 s", "work": { "recipe": "location-best" } } } }"#
    )
    let recipes = scenario.setup.device.recipes
    #expect(
      recipes.keys.sorted() == [
        "location-100m", "location-3km", "location-best", "record-4k", "video-call",
      ])
    #expect(recipes["location-best"]?.steps.cpu == .milliseconds(20))
    #expect(
      recipes["location-best"]?.steps.generic == [
        GenericStep(component: "gnss", duration: .seconds(6))
      ])
    #expect(recipes["location-100m"]?.steps.via == "wifi")
    #expect(recipes["location-100m"]?.steps.download == DataSize(bytes: 2_000))
    #expect(recipes["location-100m"]?.steps.upload == DataSize(bytes: 1_000))
    #expect(
      recipes["location-100m"]?.steps.generic == [
        GenericStep(component: "wifi", duration: .milliseconds(1_500))
      ])
    #expect(recipes["location-3km"]?.steps.via == "cellular")
    #expect(recipes["location-3km"]?.steps.download == DataSize(bytes: 2_000))
  }
}
