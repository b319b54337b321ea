import DeviceModels
import JSONSupport
import Quantities

/// Decodes one scenario object (a variant already patched in) into a validated ``Scenario``.
///
/// Given the decoded parts of the baseline and the variant's patch (``previous``), it takes over
/// every part the patch leaves alone and whose inputs are unchanged — the device, the environment,
/// the display and visibility intervals, each workload — instead of decoding it again, so that a
/// thousand variants that each change one of ten thousand workloads cost ten thousand workload
/// decodings and a thousand, not ten million (see *Bad Input, Run Limits and Safe Output*). A part
/// is only taken over when it would decode the same: the same JSON (the patch does not reach it) in
/// the same context (the same device and duration, and for workloads, a network or none alike), so
/// results and error messages are those of a full decoding.
struct ScenarioDecoder {
  let file: String
  /// The device and trace files read so far for the document's variants.
  var files = InputFileCache()
  /// The baseline's parts and the patch this variant makes over them, if the baseline decoded.
  var previous: PreviousDecoding?
  var reader: ValueReader { ValueReader(file: file) }

  /// Decodes `json` and checks the result against `limits`.
  func decode(_ json: JSONValue, variant: String, limits: RunLimits) throws(InputError)
    -> Scenario
  {
    var object = try ObjectReader(
      json, at: [], in: file, as: ScenarioLanguage.scenario)
    let name = try object.optional("name").map { v throws(InputError) in
      try reader.string(v, object.path("name"))
    }
    let description = try object.optional("description").map { v throws(InputError) in
      try reader.string(v, object.path("description"))
    }
    let duration = try decodeDuration(try object.required("duration"), object.path("duration"))
    let seed =
      try object.optional("seed").map { v throws(InputError) in
        try reader.integer(v, object.path("seed"), in: 0...Int.max)
      } ?? 0
    let reusable = previous?.reusable(duration: duration)
    let device: DeviceSpec
    if let previous, !previous.patchTouches("device"), !previous.patchTouches("device_patch") {
      _ = object.optional("device")
      _ = object.optional("device_patch")
      device = previous.parts.device
    } else {
      device = try decodeDevice(&object)
    }
    let sameContext = reusable != nil && previous?.parts.device == device
    let context = ScenarioContext(device: device, duration: duration, reader: reader)
    let environmentValue = object.optional("environment")
    let environment =
      if sameContext, let reusable, !reusable.patchTouches("environment") {
        reusable.parts.environment
      } else {
        try decodeEnvironment(environmentValue, context: context)
      }
    let displayValue = object.optional("display")
    let display =
      if sameContext, let reusable, !reusable.patchTouches("display") {
        reusable.parts.display
      } else {
        try decodeDisplay(displayValue, context: context)
      }
    let visibilityValue = object.optional("visibility")
    let visibility =
      if sameContext, let reusable, !reusable.patchTouches("visibility") {
        reusable.parts.visibility
      } else {
        try visibilityValue.map { v throws(InputError) in
          try decodeRanges(
            v, at: object.path("visibility"), what: "visibility intervals", context: context)
        }
      }
    let apps = try object.optional("apps").map { v throws(InputError) in
      try decodeApps(v, at: object.path("apps"), visibility: visibility, context: context)
    }
    let workloadsValue = object.optional("workloads") ?? .object(JSONObject())
    let workloads: [WorkloadSpec]
    if sameContext, let reusable,
      reusable.parts.environment.network.isEmpty == environment.network.isEmpty
    {
      workloads = try decodeWorkloads(
        workloadsValue, at: object.path("workloads"), context: context,
        environment: environment, reusing: reusable)
    } else {
      workloads = try decodeWorkloads(
        workloadsValue, at: object.path("workloads"), context: context, environment: environment)
    }
    try checkAppNames(
      workloads, apps: apps ?? [], workloadsValue: workloadsValue, at: object.path("workloads"))
    try object.rejectUnusedKeys()
    if let battery = device.battery, battery.chargePower == .zero, !environment.charging.isEmpty {
      throw reader.error(
        ["environment", "charging"],
        "the device's battery charges at 0 W (its \"charge_power\" is 0 W or not given), so plugging in cannot refill it; give the battery a charge_power above 0 W"
      )
    }
    let setup = SimulationSetup(
      device: device, workloads: workloads, environment: environment, display: display,
      visibility: visibility, duration: duration, seed: UInt64(seed), apps: apps ?? [])
    try limits.check(setup, file: file)
    let fileName = String(file.split(separator: "/").last ?? Substring(file))
    return Scenario(
      name: name ?? fileName, description: description, variant: variant, file: file,
      deviceName: device.name, setup: setup,
      warnings: darkAnimations(workloads, display: display, context: context))
  }

  /// A warning for each animation (`frames`) on a device with a display that no display
  /// session overlaps: its frames are drawn on a dark screen the whole time, which is rarely
  /// what a scenario means (the display's power, and the frames' latency to it, are left out).
  func darkAnimations(
    _ workloads: [WorkloadSpec], display: [DisplaySession], context: ScenarioContext
  ) -> [InputError] {
    guard context.display != nil else { return [] }
    let runEnd = context.duration.nanoseconds
    var warnings: [InputError] = []
    for workload in workloads {
      guard case .frames(_, let start, let length) = workload.timing else { continue }
      let from = start.nanosecondsSinceStart
      let to = length.map { min(runEnd, from + $0.nanoseconds) } ?? runEnd
      let lit = display.contains {
        $0.range.start.nanosecondsSinceStart < to && from < $0.range.end.nanosecondsSinceStart
      }
      guard !lit else { continue }
      warnings.append(
        reader.error(
          JSONPath([.key("workloads"), .key(workload.name)]),
          "an animation with the display off for its whole time (no display session overlaps it): its frames are drawn on a dark screen; add a display session for it (\"display\": [{ \"from\", \"to\", \"brightness\", \"appearance\" }])"
        ))
    }
    return warnings
  }

  private func decodeDuration(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> TimeSpan {
    try reader.boundedTime(
      value, path, atMost: .maximumRunLength, limitPhrase: "a duration of at most 366 days")
  }

  /// `error`, in a value of the merged device, reported against the file of the `extends` chain
  /// that gives the value (the middle file of three, not the top one).
  static func inOriginFile(_ error: InputError, of resolved: ResolvedDevice) -> InputError {
    guard error.line == nil, error.file == resolved.file, let path = error.jsonPath,
      path.components.starts(with: resolved.prefix.components)
    else { return error }
    let inner = JSONPath(Array(path.components.dropFirst(resolved.prefix.components.count)))
    guard let origin = resolved.origin(of: inner), origin.file != error.file else { return error }
    var relocated = error
    relocated.file = origin.file
    relocated.path = origin.path.isRoot ? nil : origin.path.description
    relocated.jsonPath = origin.path
    return relocated
  }

  /// Resolves and decodes `device`, with `device_patch` merged in.
  private func decodeDevice(_ object: inout ObjectReader) throws(InputError) -> DeviceSpec {
    let devicePath = object.path("device")
    var resolved = try DeviceResolver.resolve(
      try object.required("device"), at: devicePath, in: file, files: files)
    let patch = object.optional("device_patch")
    if let patch {
      guard case .object = patch else {
        throw object.error(
          "device_patch", "expected a merge patch object, found \(patch.kindPhrase)")
      }
      resolved.json = resolved.json.mergePatched(with: patch)
    }
    let decoder = DeviceDecoder(reader: ValueReader(file: resolved.file))
    do {
      return try decoder.decode(resolved.json, at: resolved.prefix)
    } catch {
      guard let patch, let path = error.jsonPath, error.line == nil else {
        throw Self.inOriginFile(error, of: resolved)
      }
      let inner = JSONPath(Array(path.components.dropFirst(resolved.prefix.components.count)))
      guard patchTouches(patch, inner) else {
        // The value is the device's own, but a patch that changed its neighbours may have made
        // it wrong (replacing the clusters leaves the QoS policy naming the old ones): say so.
        guard patchChangesNeighbours(patch, inner) else {
          throw Self.inOriginFile(error, of: resolved)
        }
        var noted = error
        noted.message += " (after device_patch)"
        throw noted
      }
      var relocated = error
      let full = JSONPath([.key("device_patch")] + inner.components)
      relocated.file = file
      relocated.path = full.description
      relocated.jsonPath = full
      throw relocated
    }
  }
}

/// What decoding a scenario's parts needs to know about the rest.
struct ScenarioContext {
  let device: DeviceSpec
  let duration: TimeSpan
  let reader: ValueReader

  /// Checks that `range` ends by the end of the run: an interval past it (a display session, a
  /// charging spell) would silently be cut, which is a mistake more often than not.
  func checkWithinRun(_ range: TimeRange, _ path: JSONPath, what: String) throws(InputError) {
    let end = Instant(nanosecondsSinceStart: duration.nanoseconds)
    guard range.end <= end else {
      throw reader.error(
        path,
        "expected \(what) within the run, which ends at \(duration), found [\(range.start), \(range.end)], past its end; end it by \(duration) or lengthen \"duration\""
      )
    }
  }

  /// An instant inside the run, `[0, duration)`.
  func instantInRun(_ value: JSONValue, _ path: JSONPath) throws(InputError) -> Instant {
    let instant = try reader.instant(value, path)
    guard instant.nanosecondsSinceStart < duration.nanoseconds else {
      throw reader.error(
        path,
        "expected a time within the run (before \(duration)), found \(ValueReader.found(value))")
    }
    return instant
  }

  /// Radio components, in device order.
  var radios: [(name: String, spec: RadioSpec)] {
    device.components.compactMap { component in
      if case .radio(let spec) = component.model { return (component.name, spec) }
      return nil
    }
  }

  /// The radio a network name means: a radio component of that name, or the first radio of that
  /// technology (`wifi`, `cellular`).
  func radio(named name: String) -> String? {
    if radios.contains(where: { $0.name == name }) { return name }
    guard let technology = RadioTechnology(rawValue: name) else { return nil }
    return radios.first { $0.spec.technology == technology }?.name
  }

  /// The device's display component, if it has one: its name and its model.
  var display: (name: String, spec: DisplaySpec)? {
    for component in device.components {
      if case .display(let spec) = component.model { return (component.name, spec) }
    }
    return nil
  }

  /// Whether the device has a component of that model type.
  func has(_ typeName: String) -> Bool {
    device.components.contains { $0.model.typeName == typeName }
  }
}
