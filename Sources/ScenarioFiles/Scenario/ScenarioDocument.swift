public import DeviceModels
public import JSONSupport
import Quantities
import Synchronization

/// A scenario file, read and checked for syntax, from which each variant can be decoded.
///
/// Variants are JSON Merge Patches (RFC 7396) over the scenario without its `variants`; the
/// scenario itself is the variant named `baseline` (see *Scenario file reference*).
///
/// Decoding stays linear in the input however many variants there are: the device and trace
/// files are read once for all of them, and once the baseline is decoded, each variant decodes
/// only what its patch changes (see ``ScenarioDecoder``).
public struct ScenarioDocument: Sendable {
  /// The file, as the user named it.
  public let file: String
  /// The scenario without its `variants`.
  public internal(set) var base: JSONValue
  /// The variants' patches, in file order.
  public let variants: [(name: String, patch: JSONValue)]
  /// The device and trace files read for the variants, shared by the copies ``setting(_:)``
  /// makes.
  private let files = InputFileCache()
  /// The baseline's decoded parts, once it decoded: each copy with another base has its own.
  var baselineParts = BaselineParts()

  /// The most variants a file may have: `compare` simulates each in full.
  public static let maximumVariants = 1_000

  /// The name of the base scenario among the variants.
  public static let baselineName = "baseline"

  /// Reads the scenario file at `path`.
  public static func load(_ path: String) throws(InputError) -> ScenarioDocument {
    try ScenarioDocument(json: try FileLoading.json(at: path), file: path)
  }

  /// A document from parsed JSON; `file` is used in messages and to resolve relative paths.
  public init(json: JSONValue, file: String) throws(InputError) {
    self.file = file
    guard case .object(var object) = json else {
      throw InputError(
        file: file, path: nil, message: "expected a scenario object, found \(json.kindPhrase)")
    }
    var variants: [(name: String, patch: JSONValue)] = []
    if let value = object["variants"] {
      let path = JSONPath([.key("variants")])
      guard case .object(let members) = value else {
        throw InputError(
          file: file, jsonPath: path,
          message: "expected an object of variants keyed by name, found \(value.kindPhrase)")
      }
      guard members.count <= Self.maximumVariants else {
        throw InputError(
          file: file, jsonPath: path,
          message:
            "expected at most 1,000 variants, found \(members.count) (sweep a parameter with powersim sweep instead)"
        )
      }
      for (name, patch) in members {
        let variantPath = path.appending(key: name)
        if name.trimmingSpaces().isEmpty {
          throw InputError(
            file: file, jsonPath: variantPath,
            message: "expected a variant name, found \(ValueExcerpt.quoted(name))")
        }
        if name == Self.baselineName {
          throw InputError(
            file: file, jsonPath: variantPath,
            message: "\"baseline\" is the scenario itself; give the variant another name")
        }
        guard case .object(let patchMembers) = patch else {
          throw InputError(
            file: file, jsonPath: variantPath,
            message: "expected a merge patch object, found \(patch.kindPhrase)")
        }
        if let nested = patchMembers["variants"], nested != .null {
          throw InputError(
            file: file, jsonPath: variantPath.appending(key: "variants"),
            message: "a variant cannot have variants of its own")
        }
        variants.append((name, patch))
      }
      object["variants"] = nil
    }
    self.variants = variants
    base = .object(object)
  }

  /// `baseline`, then the variants in file order.
  public var variantNames: [String] { [Self.baselineName] + variants.map(\.name) }

  /// The scenario of `variant`, decoded and validated, and checked against `limits` (a run that
  /// would take too long is an error, see ``RunLimits``).
  public func scenario(variant: String = baselineName, limits: RunLimits = .standard)
    throws(InputError) -> Scenario
  {
    guard variant != Self.baselineName else {
      let decoder = ScenarioDecoder(file: file, files: files)
      let scenario = try decoder.decode(base, variant: variant, limits: limits)
      if !variants.isEmpty { baselineParts.store(DecodedParts(setup: scenario.setup)) }
      return scenario
    }
    guard let patch = variants.first(where: { $0.name == variant })?.patch else {
      var message =
        "there is no variant \(ValueExcerpt.quoted(variant)) (the scenario has \(listing(variantNames, conjunction: "and")))"
      if let suggestion = closestMatch(to: variant, among: variantNames) {
        message += "; did you mean \"\(suggestion)\"?"
      }
      throw InputError(file: file, path: nil, message: message)
    }
    try checkWorkloadNames(in: patch, variant: variant)
    var decoder = ScenarioDecoder(file: file, files: files)
    if let parts = baselineParts.stored, case .object(let members) = patch {
      decoder.previous = PreviousDecoding(parts: parts, patch: members)
    }
    do {
      var scenario = try decoder.decode(
        base.mergePatched(with: patch), variant: variant, limits: limits)
      for index in scenario.warnings.indices {
        scenario.warnings[index].message += " (in variant \(ValueExcerpt.quoted(variant)))"
      }
      return scenario
    } catch {
      var attributed = error.attributed(to: patch, patchPath: ["variants", variant], file: file)
      if attributed.path == error.path && attributed.file == error.file {
        // The baseline's own value, wrong only with the variant's patch: name the variant.
        attributed.message += " (in variant \(ValueExcerpt.quoted(variant)))"
      } else if case .key(let name)? = attributed.jsonPath?.components.dropFirst(3).first,
        attributed.jsonPath?.components.dropFirst(2).first == .key("workloads"),
        !baselineWorkloadNames.contains(name)
      {
        attributed.message +=
          " (the baseline has no workload \(ValueExcerpt.quoted(name)), so the variant adds a new one)"
      }
      throw attributed
    }
  }

  /// The names of the baseline's workloads.
  var baselineWorkloadNames: [String] {
    guard case .object(let object) = base, case .object(let workloads)? = object["workloads"]
    else { return [] }
    return workloads.map(\.key)
  }

  /// A variant's patch that names a workload the baseline lacks by a name one typo from one it
  /// has (`sycn` for `sync`), or removes one it lacks, is a mistake that would silently add a
  /// workload or do nothing: an error naming the nearest workload. A new name far from every
  /// workload's adds a workload, as variants may.
  private func checkWorkloadNames(in patch: JSONValue, variant: String) throws(InputError) {
    guard case .object(let members) = patch, case .object(let workloads)? = members["workloads"]
    else { return }
    let names = baselineWorkloadNames
    for (name, value) in workloads where !names.contains(name) {
      let path = JSONPath([.key("variants"), .key(variant), .key("workloads"), .key(name)])
      if let nearest = closestMatch(to: name, among: names) {
        throw InputError(
          file: file, jsonPath: path,
          message:
            "no workload \(name) in the baseline; did you mean \(nearest)? (to add a workload, give it a name of its own)"
        )
      }
      if value == .null {
        throw InputError(
          file: file, jsonPath: path,
          message:
            "no workload \(name) in the baseline to remove (its workloads: \(names.isEmpty ? "none" : listing(names, conjunction: "and")))"
        )
      }
    }
  }

  /// A `--set` path into a workload the scenario lacks (`workloads.sycn.every`) would create a
  /// workload of one key: an error naming the nearest workload. Setting a whole new workload
  /// (`workloads.extra={…}`) adds it, unless its name is one typo from a workload's.
  private func checkWorkloadName(in path: JSONPath) throws(InputError) {
    let components = path.components
    guard components.count >= 2, components[0] == .key("workloads"),
      case .key(let name) = components[1]
    else { return }
    let names = baselineWorkloadNames
    guard !names.contains(name) else { return }
    let nearest = closestMatch(to: name, among: names)
    guard nearest != nil || components.count > 2 else { return }
    var message = "no workload \(name)"
    if let nearest {
      message += "; did you mean \(nearest)?"
    } else {
      message +=
        " (the scenario's workloads: \(names.isEmpty ? "none" : listing(names, conjunction: "and")))"
    }
    throw InputError(file: file, path: path.description, message: message)
  }

  /// A copy with each value set at its dotted path before variants apply (parameter sweeps).
  public func setting(_ assignments: [(path: JSONPath, value: JSONValue)]) throws(InputError)
    -> ScenarioDocument
  {
    var copy = self
    copy.baselineParts = BaselineParts()
    for assignment in assignments {
      try checkWorkloadName(in: assignment.path)
      do {
        copy.base = try copy.base.setting(assignment.value, at: assignment.path)
      } catch {
        throw InputError(file: file, path: assignment.path.description, message: error.message)
      }
    }
    return copy
  }
}

/// The decoded parts of a document's baseline, kept once it decoded, for its variants to take
/// over; safe to share between threads.
final class BaselineParts: Sendable {
  private let parts = Mutex<DecodedParts?>(nil)

  /// None yet.
  init() {}

  /// The parts, if the baseline decoded.
  var stored: DecodedParts? { parts.withLock { $0 } }

  /// Keeps `decoded`.
  func store(_ decoded: DecodedParts) { parts.withLock { $0 = decoded } }
}

extension InputError {
  /// This error, re-attributed to a patch when the patch wrote the offending value: its path then
  /// reads `PATCHPATH.PATH` in `file`.
  func attributed(to patch: JSONValue, patchPath: [String], file: String) -> InputError {
    guard let jsonPath, line == nil, self.file == file, patchTouches(patch, jsonPath) else {
      return self
    }
    var relocated = self
    let full = JSONPath(patchPath.map { .key($0) } + jsonPath.components)
    relocated.file = file
    relocated.path = full.description
    relocated.jsonPath = full
    return relocated
  }
}

/// Whether `patch` sets the value at `path` or one of its ancestors (replacing it whole).
func patchTouches(_ patch: JSONValue, _ path: JSONPath) -> Bool {
  var current = patch
  for component in path.components {
    guard case .object(let object) = current else { return true }
    guard case .key(let key) = component, let next = object[key] else { return false }
    current = next
  }
  return true
}

/// Whether `patch` changes something in the same component (`components.NAME`) or top-level
/// object (`battery`) as the value at `path`.
func patchChangesNeighbours(_ patch: JSONValue, _ path: JSONPath) -> Bool {
  let needed = path.components.first == .key("components") ? 2 : 1
  var current = patch
  for component in path.components.prefix(needed) {
    guard case .object(let object) = current, case .key(let key) = component,
      let next = object[key]
    else { return false }
    current = next
  }
  return path.components.count > needed
}

/// A decoded, validated scenario variant: what one run needs, with its names.
public struct Scenario: Sendable {
  /// The scenario's `name`, or the file name.
  public var name: String
  /// The scenario's `description`, if any.
  public var description: String?
  /// Which variant this is (`baseline` for the scenario itself).
  public var variant: String
  /// The file it came from.
  public var file: String
  /// The device's name.
  public var deviceName: String
  /// Everything the simulator needs.
  public var setup: SimulationSetup
  /// Mistakes that may silently change the result but can be meant (an animation while the
  /// display is off): the commands print each as `Warning: FILE: PATH: MESSAGE`.
  public var warnings: [InputError] = []
}
