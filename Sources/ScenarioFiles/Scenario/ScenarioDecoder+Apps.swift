import DeviceModels
import JSONSupport
import Quantities

/// Apps (see *Apps and push delivery*) and push delivery (see *Apps and push delivery*) in a
/// scenario file.
///
/// When the scenario has no `apps`, every workload belongs to the implicit app `app`, in the
/// foreground during `visibility` and never suspended: such a scenario runs as it did before apps
/// existed. When it has `apps`, every app is declared there: a workload without an `"app"` key
/// belongs to the app named `app`, which must then be declared too (the implicit app exists only
/// without `apps`), so a misspelt or forgotten name is an error rather than an app with default
/// settings.
extension ScenarioDecoder {
  /// The workload keys of push delivery.
  static let pushKeys = ["push", "push_size", "max_delay", "collapse"]

  /// The timing kinds that cannot be pushed (the workload forms without `push`): an animation
  /// runs on the device's clock, and a deferrable task is the device's own choice of moment.
  static let kindsWithoutPush = kinds(without: "push")

  /// Reads `apps`, an object keyed by app name; each app's defaults come from the device's
  /// `app_policy`, its foreground from `visibility` (or always).
  func decodeApps(
    _ value: JSONValue, at path: JSONPath, visibility: [TimeRange]?, context: ScenarioContext
  ) throws(InputError) -> [AppSpec] {
    guard case .object(let members) = value else {
      throw reader.error(
        path, "expected an object of apps keyed by name, found \(value.kindPhrase)")
    }
    var apps: [AppSpec] = []
    let policy = context.device.appPolicy
    for (name, item) in members where !name.hasPrefix("$") && !name.hasPrefix("x-") {
      let appPath = path.appending(key: name)
      guard !name.isEmpty, !name.contains(",") else {
        throw reader.error(
          appPath, "expected an app name without \",\", found \(ValueExcerpt.quoted(name))")
      }
      var object = try ObjectReader(
        item, at: appPath, in: file, as: ScenarioLanguage.app)
      let foreground =
        try object.optional("foreground").map { v throws(InputError) in
          try decodeRanges(
            v, at: object.path("foreground"), what: "foreground intervals", context: context)
        } ?? visibility
      let backgroundTime =
        try object.optional("background_time").map { v throws(InputError) in
          try decodeBackgroundTime(v, at: object.path("background_time"))
        } ?? policy.backgroundTime
      let leeway =
        try object.optional("timer_leeway").map { v throws(InputError) in
          try reader.time(v, object.path("timer_leeway"))
        } ?? policy.timerLeeway
      let grants = try decodeGrants(&object, reader: reader, defaults: policy.grants)
      try object.rejectUnusedKeys()
      apps.append(
        AppSpec(
          name: name, foreground: foreground, backgroundTime: backgroundTime, timerLeeway: leeway,
          grants: grants))
    }
    return apps
  }

  /// `background_time`: a duration (0 suspends an app as soon as it leaves the foreground) or
  /// `"unlimited"` (`nil`).
  func decodeBackgroundTime(_ value: JSONValue, at path: JSONPath) throws(InputError)
    -> TimeSpan?
  {
    if case .string(let text) = value {
      if text == "unlimited" { return nil }
      // A word, not a quantity (a misspelt "unlimited"): say both choices.
      if !text.contains(where: \.isNumber) {
        throw reader.error(
          path, "expected a duration or \"unlimited\", found \(ValueExcerpt.quoted(text))")
      }
    }
    return try reader.time(value, path)
  }

  /// Checks that every workload names a declared app (see *Apps and push delivery*); `members`
  /// gives the workloads' JSON, to point at their `app` key.
  func checkAppNames(
    _ workloads: [WorkloadSpec], apps: [AppSpec], workloadsValue: JSONValue, at path: JSONPath
  ) throws(InputError) {
    let names = apps.isEmpty ? [AppSpec.implicitName] : apps.map(\.name)
    // The common case, every workload's app known, without building the lookup below.
    guard !workloads.allSatisfy({ names.contains($0.app) }) else { return }
    guard case .object(let members) = workloadsValue else { return }
    let byName = Dictionary(
      workloads.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for (name, item) in members {
      guard let workload = byName[name] else { continue }
      if apps.isEmpty {
        guard workload.app != AppSpec.implicitName else { continue }
        throw reader.error(
          path.appending(key: name).appending(key: "app"),
          "expected the name of an app declared in \"apps\", found \(ValueExcerpt.quoted(workload.app)) (the scenario declares no apps: declare it in a top-level \"apps\" object, or remove \"app\")"
        )
      }
      guard !names.contains(workload.app) else { continue }
      var hasKey = false
      if case .object(let keys) = item, keys["app"] != nil { hasKey = true }
      let declared = listing(names, conjunction: "or")
      if hasKey {
        var message =
          "expected the name of an app declared in \"apps\" (\(declared)), found \(ValueExcerpt.quoted(workload.app))"
        if let suggestion = closestMatch(to: workload.app, among: names) {
          message += " (did you mean \"\(suggestion)\"?)"
        }
        throw reader.error(path.appending(key: name).appending(key: "app"), message)
      }
      throw reader.error(
        path.appending(key: name),
        "a workload without \"app\" belongs to the app \"app\", which \"apps\" does not declare (it declares \(declared)); add \"app\" naming one of them, or declare \"app\""
      )
    }
  }

  /// Reads a workload's push keys (see *Apps and push delivery*), given its timing kind.
  func decodePush(_ object: inout ObjectReader, kind: String, hasNetwork: Bool)
    throws(InputError) -> PushSpec?
  {
    guard let value = object.optional("push") else {
      for key in Self.pushKeys.dropFirst() where object.contains(key) {
        throw object.error(key, "\"\(key)\" applies only to pushed workloads; add \"push\"")
      }
      return nil
    }
    if Self.kindsWithoutPush.contains(kind) {
      throw object.error(
        "push",
        "\"push\" applies only to arrival workloads (at, every, rate, mean_interval, times or trace), not to \"\(kind)\""
      )
    }
    if object.contains("debounce") {
      throw object.error(
        "debounce", "\"debounce\" does not apply to pushed workloads (each push is delivered)")
    }
    let priority = try reader.choice(value, object.path("push"), PushPriority.self)
    guard hasNetwork else {
      throw object.error(
        "push", "a push reaches the device over its network, and the environment names no network")
    }
    if priority == .high {
      for key in ["max_delay", "collapse"] where object.contains(key) {
        throw object.error(
          key, "\"\(key)\" applies only to low-priority pushes (\"push\": \"low\"), not to \"high\""
        )
      }
    }
    var push = PushSpec(priority: priority)
    if let size = object.optional("push_size") {
      push.size = try reader.positiveDataSize(size, object.path("push_size"))
    }
    if let delay = object.optional("max_delay") {
      push.maxDelay = try reader.positiveTime(delay, object.path("max_delay"))
    }
    if let collapse = object.optional("collapse") {
      guard case .bool(let flag) = collapse else {
        throw object.error(
          "collapse", "expected true or false, found \(ValueReader.found(collapse))")
      }
      push.collapses = flag
    }
    return push
  }
}
