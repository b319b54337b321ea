import Foundation
import JSONSupport
import ScenarioFiles
import TestSupport
import Testing

/// The corpus against the JSON Schema that `powersim schema` prints: the schema accepts exactly
/// what the decoder accepts, as far as the shape of one file goes.
///
/// Every corpus file is a mistake the decoder reports. A mistake of shape — an unknown key, a
/// value of the wrong JSON type, a quantity of the wrong dimension, a word outside its choices, a
/// key missing or two that exclude each other — the schema must report too, so an editor flags it
/// as the user types. A mistake only the whole file or the simulation can see (a time after the
/// end of the run, intervals out of order, a step for a component the device lacks, a device
/// file or trace that is wrong) the schema must accept: a schema stricter than the decoder would
/// flag files that run.
///
/// A file is checked as the decoder reads it: the scenario, each variant's patch applied to it,
/// and the device it names — built in, inline or a device file, its `extends` followed and the
/// scenario's `device_patch` applied — against the schema's definition of a device.
@Suite struct CorpusSchemaTests {
  static let validator = JSONSchemaValidator(root: ScenarioSchema.document)

  /// The violations of the corpus file, in the scenario, a variant or its device; `nil` when it
  /// is not JSON (the syntax corpus).
  static func violations(of input: BadInput) throws -> [String]? {
    let file = PowerSimProcess.corpus.appendingPathComponent(input.file)
    guard let json = try? JSONReader.parse(Array(try Data(contentsOf: file))) else { return nil }
    var found = try validator.violations(of: json).map(\.description)
    guard case .object(var base) = json else { return found }
    found += try deviceViolations(of: base, near: file)
    guard case .object(let variants)? = base["variants"] else { return found }
    base["variants"] = nil
    for (name, patch) in variants {
      let patched = JSONValue.object(base).mergePatched(with: patch)
      found += try validator.violations(of: patched).map { "variants.\(name): \($0)" }
    }
    return found
  }

  /// The violations of the device `scenario` names, its `extends` followed and the scenario's
  /// `device_patch` applied, as the decoder reads it.
  static func deviceViolations(of scenario: JSONObject, near file: URL) throws -> [String] {
    guard var device = scenario["device"] else { return [] }
    var directory = file.deletingLastPathComponent()
    if case .string(let name) = device {
      guard let (json, origin) = load(name, near: directory) else { return [] }
      (device, directory) = (json, origin)
    }
    // A chain of `extends` longer than the corpus's is a cycle, which the decoder reports.
    for _ in 0..<8 {
      guard case .object(var object) = device, case .string(let name)? = object["extends"] else {
        break
      }
      guard let (base, origin) = load(name, near: directory) else { return [] }
      object["extends"] = nil
      (device, directory) = (base.mergePatched(with: .object(object)), origin)
    }
    if let patch = scenario["device_patch"] { device = device.mergePatched(with: patch) }
    return try validator.violations(of: device, definition: "device_object").map {
      "device: \($0)"
    }
  }

  /// A built-in device, or a device file relative to `directory`, and the directory of the
  /// file; `nil` when there is none or it is not JSON (errors the decoder reports).
  static func load(_ name: String, near directory: URL) -> (JSONValue, URL)? {
    if let text = BuiltInDevices.json(named: name), let json = try? JSONReader.parse(text) {
      return (json, directory)
    }
    let path = directory.appendingPathComponent(name)
    guard let data = try? Data(contentsOf: path), let json = try? JSONReader.parse(Array(data))
    else { return nil }
    return (json, path.deletingLastPathComponent())
  }

  /// Whether the decoder rejects the file for its shape: an unknown key, or a value of the
  /// wrong JSON type (`…, found an array`).
  static func isShapeMistake(_ message: String) -> Bool {
    let kinds = [
      "a string", "a number", "an array", "an object", "true", "false", "null", "a boolean",
    ]
    return message.contains("unknown key ") || kinds.contains { message.hasSuffix("found \($0)") }
  }

  /// The corpus files the schema rejects besides the shape mistakes: a quantity of the wrong
  /// dimension or out of its range, a word outside its choices, a key missing, a key the
  /// workload's timing kind does not take, two keys that exclude each other, a list too short
  /// or too long.
  static let alsoRejectedBySchema: Set<String> = [
    "apps/background-time-word.json",
    "apps/bad-push-value.json",
    "apps/device-policy-extended-time-word.json",
    "apps/device-policy-word.json",
    "apps/extend-foreground.json",
    "apps/hold-asleep.json",
    "apps/negative-background-time.json",
    "apps/push-on-frames.json",
    "apps/push-on-repeating-task.json",
    "apps/push-on-window.json",
    "apps/task-on-timer.json",
    "apps/task-unknown.json",
    "devices/device-file-no-components.json",
    "devices/display-max-luminance-bare.json",
    "devices/display-max-luminance-string-bare.json",
    "devices/drx-missing-power.json",
    "devices/display-max-luminance-unit.json",
    "devices/extends-chain-middle-error.json",
    "devices/extends-negative-battery.json",
    "devices/inline-one-state.json",
    "devices/inline-unknown-type.json",
    "devices/patch-battery-both-capacities.json",
    "devices/patch-negative-power.json",
    "devices/patch-remove-components.json",
    "devices/qos-throttle-window-not-time.json",
    "devices/scanning-not-power.json",
    "devices/signal-power-below-one.json",
    "devices/thermal-both-capacitance-and-time-constant.json",
    "devices/thermal-resistance-negative.json",
    "environment/ambient-not-a-number.json",
    "environment/battery-start-over-one.json",
    "environment/charging-not-a-pair.json",
    "environment/display-appearance-and-apl.json",
    "environment/network-signal-unknown.json",
    "quantities/brightness-negative.json",
    "quantities/cpu-negative.json",
    "quantities/download-negative-rate-unit.json",
    "quantities/duration-empty-string.json",
    "quantities/duration-inf.json",
    "quantities/duration-missing.json",
    "quantities/duration-nan.json",
    "quantities/duration-negative.json",
    "quantities/duration-no-number.json",
    "quantities/duration-spelt-unit.json",
    "quantities/every-unit-case.json",
    "quantities/every-unknown-unit.json",
    "quantities/every-wrong-dimension.json",
    "quantities/seed-fraction.json",
    "quantities/seed-string.json",
    "quantities/threads-absurd.json",
    "quantities/threads-zero.json",
    "traces/with-work.json",
    "variants/incomplete-new-workload.json",
    "variants/misspelt-workload.json",
    "variants/named-baseline.json",
    "variants/patch-deletes-duration.json",
    "variants/patch-nonsense-unit.json",
    "variants/patch-two-timings.json",
    "workloads/debounce-on-frames.json",
    "workloads/delay-negative.json",
    "workloads/delay-without-on.json",
    "workloads/frames-range-missing-min.json",
    "workloads/frames-range-not-fps.json",
    "workloads/interruptible-without-window.json",
    "workloads/modifier-of-other-kind.json",
    "workloads/no-timing-key.json",
    "workloads/on-and-every.json",
    "workloads/on-number.json",
    "workloads/on-unknown-event.json",
    "workloads/qos-escape-sequence.json",
    "workloads/qos-typo.json",
    "workloads/requires-empty-list.json",
    "workloads/requires-good-network-typo.json",
    "workloads/requires-unknown-condition.json",
    "workloads/task-window-as-pair.json",
    "workloads/task-window-with-tolerance.json",
    "workloads/thread-not-main.json",
    "workloads/thread-on-frames.json",
    "workloads/two-timing-keys.json",
    "workloads/when-empty-list.json",
    "workloads/when-not-visible.json",
    "workloads/when-unknown-state.json",
    "workloads/window-duration-without-every.json",
    "workloads/work-empty-list.json",
    "workloads/work-missing.json",
  ]

  /// Shape mistakes the schema cannot see: a work item's other keys are the names of the
  /// device's generic components and radios (`"gps": "2 s"`), which a schema of every scenario
  /// cannot know, so a misspelt step is, to the schema, a component's time.
  static let shapeMistakesBeyondTheSchema: Set<String> = ["workloads/work-unknown-step.json"]

  @Test(arguments: BadInputCorpus.all)
  func schemaRejectsExactlyTheShapeMistakes(_ input: BadInput) throws {
    guard let violations = try Self.violations(of: input) else { return }
    let mustReject =
      (Self.isShapeMistake(input.message) || Self.alsoRejectedBySchema.contains(input.file))
      && !Self.shapeMistakesBeyondTheSchema.contains(input.file)
    if mustReject {
      #expect(!violations.isEmpty, "the schema accepts \(input.file): \(input.message)")
    } else {
      #expect(violations == [], "the schema rejects \(input.file): \(input.message)")
    }
  }

  /// The lists above name corpus files, and none twice over.
  @Test func listsNameCorpusFiles() {
    let files = Set(BadInputCorpus.all.map(\.file))
    #expect(Self.alsoRejectedBySchema.subtracting(files) == [])
    #expect(Self.shapeMistakesBeyondTheSchema.subtracting(files) == [])
    #expect(Self.alsoRejectedBySchema.isDisjoint(with: Self.shapeMistakesBeyondTheSchema))
  }
}
