import DeviceModels
import JSONSupport
import Quantities

/// The parts of a decoded scenario that a variant may take over (see ``ScenarioDecoder``).
struct DecodedParts: Sendable {
  var device: DeviceSpec
  var duration: TimeSpan
  var environment: EnvironmentSpec
  var display: [DisplaySession]
  var visibility: [TimeRange]?
  var workloads: [WorkloadSpec]
  /// The position of each workload in ``workloads``, by name.
  var workloadIndex: [String: Int]

  /// The parts of `setup`.
  init(setup: SimulationSetup) {
    device = setup.device
    duration = setup.duration
    environment = setup.environment
    display = setup.display
    visibility = setup.visibility
    workloads = setup.workloads
    workloadIndex = Dictionary(
      setup.workloads.enumerated().map { ($0.element.name, $0.offset) },
      uniquingKeysWith: { first, _ in first })
  }
}

/// The baseline's decoded parts and the merge patch a variant makes over the baseline's JSON.
struct PreviousDecoding: Sendable {
  var parts: DecodedParts
  /// The variant's patch (an object: ``ScenarioDocument`` refuses any other).
  var patch: JSONObject

  /// Whether the patch sets, deletes or changes anything under the top-level `key`.
  func patchTouches(_ key: String) -> Bool { patch[key] != nil }

  /// This, if the variant's duration is the baseline's: the parts decoded against a duration
  /// can then be taken over.
  func reusable(duration: TimeSpan) -> PreviousDecoding? {
    duration == parts.duration ? self : nil
  }
}

extension ScenarioDecoder {
  /// Reads `workloads` of a variant whose device, duration and network presence are the
  /// baseline's: the workloads the patch leaves alone are the baseline's, in their places; the
  /// ones it changes are decoded (in file order, so the first error is the one a full decoding
  /// meets first), deleted ones are dropped, and new ones follow at the end, as the merge patch
  /// orders them.
  ///
  /// - Complexity: O(*n* + *m*) copies for *n* workloads and a patch of *m* members, and the
  ///   decoding of the *m* workloads it changes.
  func decodeWorkloads(
    _ value: JSONValue, at path: JSONPath, context: ScenarioContext, environment: EnvironmentSpec,
    reusing previous: PreviousDecoding
  ) throws(InputError) -> [WorkloadSpec] {
    guard case .object(let members) = value, let patchValue = previous.patch["workloads"],
      case .object(let changes) = patchValue
    else {
      if !previous.patchTouches("workloads") { return previous.parts.workloads }
      return try decodeWorkloads(value, at: path, context: context, environment: environment)
    }
    let parts = previous.parts
    let work = WorkDecoder(file: file, context: context, hasNetwork: !environment.network.isEmpty)
    var changedInPlace: [(index: Int, name: String)] = []
    var added: [String] = []
    var deleted: Set<Int> = []
    for (name, change) in changes {
      if let index = parts.workloadIndex[name] {
        if change == .null { deleted.insert(index) } else { changedInPlace.append((index, name)) }
      } else if change != .null {
        added.append(name)
      }
    }
    changedInPlace.sort { $0.index < $1.index }
    var workloads = parts.workloads
    for (index, name) in changedInPlace {
      guard let item = members[name] else { continue }
      workloads[index] = try decodeWorkload(
        item, named: name, at: path.appending(key: name), work: work)
    }
    var appended: [WorkloadSpec] = []
    for name in added {
      guard let item = members[name] else { continue }
      guard !name.isEmpty, !name.contains(",") else {
        throw reader.error(
          path.appending(key: name),
          "expected a workload name without \",\", found \(ValueExcerpt.quoted(name))")
      }
      appended.append(
        try decodeWorkload(item, named: name, at: path.appending(key: name), work: work))
    }
    if !deleted.isEmpty {
      workloads = workloads.enumerated().filter { !deleted.contains($0.offset) }.map(\.element)
    }
    return workloads + appended
  }
}
