public import DeviceModels
public import JSONSupport
public import Quantities
public import ScenarioFiles

/// Fits device powers to a measured trace: the simulated power of each window is linear in the
/// powers of states and operating points (each contributes its power times the time spent in it),
/// so the fit is a non-negative least-squares problem whose columns are those residencies.
///
/// The residencies are measured, not assumed: the scenario is simulated once at the current
/// values and once with each parameter raised by a small step; the change of each window's
/// energy over the step is the parameter's residency in that window (exact while the step
/// changes no decision, as it does not when no choice depends on power). Where a choice does
/// depend on power (an `efficient` frequency), the fit is repeated from the fitted values until
/// it settles (three passes at most).
public struct Calibration: Sendable {
  /// One fitted parameter.
  public struct Parameter: Sendable {
    /// The dotted path into the device (`components.platform.states.2.power`).
    public var path: String
    /// Its value before, W.
    public var before: Double
    /// Its fitted value, W.
    public var fitted: Double
    /// One standard error of the fitted value, W (`nil` when it cannot be estimated).
    public var standardError: Double?
    /// The time the trace spends in it, s (what constrains it).
    public var residency: Double
  }

  /// The parameters, in the order given.
  public var parameters: [Parameter]
  /// Parameters the trace cannot tell apart or does not exercise, one sentence each.
  public var warnings: [String]
  /// The comparison with the measurement before the fit.
  public var before: MeasuredComparison
  /// The comparison after (simulated again with the fitted values).
  public var after: MeasuredComparison
  /// The device with the fitted values, whole.
  public var device: JSONValue
  /// The reference the scenario names its device by (`nil` for inline or patched devices).
  public var reference: String?
  /// Passes of the fit made.
  public var passes: Int

  /// Fits `paths` (dotted paths into the device) of the baseline of `document` to the trace
  /// at `measured`, in windows of `windowWidth`. Every run of the fit is checked against
  /// `limits` and held to its processed events (`--max-events`).
  ///
  /// - Throws: `InputError` for a path, trace or fitted device that cannot be used or a run
  ///   the limits refuse, `EventLimitReached` when a run reaches the limits' processed events
  ///   with events still due.
  public static func fit(
    document: ScenarioDocument, measured: String, paths: [String], windowWidth: TimeSpan,
    voltage: Double?, offset: Int64, limits: RunLimits = .standard
  ) throws -> Calibration {
    let (original, reference) = try document.resolvedDevice()
    var parsed: [(text: String, path: JSONPath)] = []
    var values: [Int64] = []
    for text in paths {
      guard let path = JSONPath(dotted: text) else {
        throw InputError(
          file: "--fit", path: nil,
          message:
            "expected a dotted path into the device such as components.cpu.clusters.0.opps.1.power, found \"\(String(text.prefix(80)))\""
        )
      }
      guard let value = original[path: path] else {
        throw InputError(
          file: document.file, path: "device." + text,
          message: "--fit names a value the device does not have")
      }
      guard let power = powerValue(value) else {
        throw InputError(
          file: document.file, path: "device." + text,
          message: "--fit expects a power (such as \"120 mW\"), found \(value.kindPhrase)")
      }
      if parsed.contains(where: { $0.path == path }) {
        throw InputError(file: "--fit", path: nil, message: "\(text) is named twice")
      }
      parsed.append((text, path))
      values.append(power)
    }
    var run = Runner(
      document: document, original: original, paths: parsed.map(\.path), limits: limits)
    let setup = try run.simulateSetup(values)
    let width = min(windowWidth.nanoseconds, setup.duration.nanoseconds)
    let trace = try MeasuredTrace.read(
      measured, windowWidth: width, duration: setup.duration.nanoseconds,
      voltage: voltage ?? MeasuredTrace.batteryVoltage(of: original) ?? 3.85,
      offset: offset)
    run.windowWidth = width
    let windows = trace.energies.indices.filter { trace.covers(window: $0) }
    guard windows.count > parsed.count else {
      throw InputError(
        file: measured, path: nil,
        message:
          "expected more windows of the run covered by the measurement (\(windows.count)) than parameters to fit (\(parsed.count)); use a finer --resolution or a longer trace"
      )
    }
    let measuredPower = windows.map {
      trace.energies[$0] / (Double(trace.width(ofWindow: $0)) / 1e9)
    }
    let initialEnergies = try run.energies(values)
    let before = MeasuredComparison(trace: trace, simulated: initialEnergies)
    var current = values
    var columns: [[Double]] = []
    var system: NonNegativeLeastSquares?
    var solution: (x: [Double], free: [Bool]) = ([], [])
    var passes = 0
    var base = initialEnergies
    for pass in 1...3 {
      passes = pass
      if pass > 1 {
        do {
          base = try run.energies(current)
        } catch let error as InputError {
          throw Self.invalidFit(error, paths: parsed.map(\.text))
        }
      }
      columns = []
      for index in parsed.indices {
        let step = max(1_000_000, current[index] / 20)
        var trial = current
        trial[index] += step
        var signedStep = step
        var energies: [Double]
        do {
          energies = try run.energies(trial)
        } catch let error as InputError {
          guard current[index] > step else { throw error }
          trial[index] = current[index] - step
          signedStep = -step
          energies = try run.energies(trial)
        }
        let stepWatts = Double(signedStep) / 1e9
        columns.append(
          windows.map { window in
            (energies[window] - base[window]) / stepWatts
              / (Double(trace.width(ofWindow: window)) / 1e9)
          })
      }
      // What the fitted parameters do not explain: the simulated power less their part.
      let target = windows.enumerated().map { position, window in
        var fixed = base[window] / (Double(trace.width(ofWindow: window)) / 1e9)
        for index in parsed.indices {
          fixed -= columns[index][position] * Double(current[index]) / 1e9
        }
        return measuredPower[position] - fixed
      }
      let problem = NonNegativeLeastSquares(columns: columns, target: target)
      solution = problem.solve()
      system = problem
      // A parameter the trace never exercises keeps its value (its column is all zero).
      let next = parsed.indices.map { index in
        columns[index].contains { abs($0) > 1e-9 }
          ? Int64((solution.x[index] * 1e9).rounded()) : current[index]
      }
      let moved = zip(next, current).map { abs($0 - $1) }.max() ?? 0
      current = next.enumerated().map { index, value in max(value, 1) }
      if moved <= 1_000 { break }
    }
    guard let system else { preconditionFailure("at least one pass") }
    // Standard errors from the last linearisation.
    let freeIndices = parsed.indices.filter { solution.free[$0] }
    let residual = system.residualSquares(at: solution.x)
    let degrees = max(1, windows.count - freeIndices.count)
    let variance = residual / Double(degrees)
    var errors: [Double?] = Array(repeating: nil, count: parsed.count)
    if let inverse = system.inverse(freeIndices) {
      for (position, index) in freeIndices.enumerated() {
        errors[index] = (variance * max(0, inverse[position][position])).squareRoot()
      }
    }
    var warnings: [String] = []
    for index in parsed.indices {
      let exercised = columns[index].contains { abs($0) > 1e-9 }
      if !exercised {
        warnings.append(
          "\(parsed[index].text): the scenario never spends time in it, so the trace cannot fit it (kept at \(Power(nanowatts: values[index])))"
        )
        current[index] = values[index]
        continue
      }
      let others = parsed.indices.filter { $0 != index && columns[$0].contains { abs($0) > 1e-9 } }
      if !others.isEmpty, let partners = Self.inseparable(index, from: others, columns: columns) {
        warnings.append(
          "\(parsed[index].text) cannot be told apart from \(partners.map { parsed[$0].text }.joined(separator: ", ")): the trace spends time in them only together; their sum is fitted, not each"
        )
      }
    }
    for index in parsed.indices {
      if let error = errors[index], current[index] > 0, error * 1e9 > Double(current[index]) / 2 {
        warnings.append(
          "\(parsed[index].text) is fitted to \(Power(nanowatts: current[index])) ± \(Power(nanowatts: Int64((error * 1e9).rounded()))): the trace barely constrains it"
        )
      }
    }
    let fittedDevice = try run.device(current)
    let afterEnergies: [Double]
    do {
      afterEnergies = try run.energies(current)
    } catch let error as InputError {
      throw Self.invalidFit(error, paths: parsed.map(\.text))
    }
    let after = MeasuredComparison(trace: trace, simulated: afterEnergies)
    let windowSeconds = windows.map { Double(trace.width(ofWindow: $0)) / 1e9 }
    let parameters = parsed.indices.map { index in
      Parameter(
        path: parsed[index].text, before: Double(values[index]) / 1e9,
        fitted: Double(current[index]) / 1e9, standardError: errors[index],
        residency: zip(columns[index], windowSeconds).reduce(0) { $0 + abs($1.0) * $1.1 })
    }
    return Calibration(
      parameters: parameters, warnings: warnings, before: before, after: after,
      device: fittedDevice, reference: reference, passes: passes)
  }

  /// The parameters among `others` that column `index` is (almost) a combination of, if it is:
  /// 1 − R² of regressing it on them below 10⁻³.
  static func inseparable(_ index: Int, from others: [Int], columns: [[Double]]) -> [Int]? {
    let problem = NonNegativeLeastSquares(
      columns: others.map { columns[$0] }, target: columns[index])
    guard let inverse = problem.inverse(Array(others.indices)) else { return others }
    let coefficients = others.indices.map { i in
      others.indices.reduce(0) { $0 + inverse[i][$1] * problem.projection[$1] }
    }
    let residual = problem.residualSquares(at: coefficients)
    guard problem.targetSquares > 0, residual / problem.targetSquares < 1e-3 else { return nil }
    return zip(others, coefficients).filter { abs($0.1) > 1e-6 }.map(\.0)
  }

  /// The device file `--out` writes: extending the scenario's device by reference with the
  /// fitted values (an array holding one is written whole, as a merge patch replaces arrays),
  /// or the whole device when the scenario's is inline or patched. Each fitted value has an
  /// `x-source` naming `measurement`.
  public func deviceFile(measurement: String, name: String) -> JSONValue {
    var device = device
    for parameter in parameters where parameter.fitted != parameter.before {
      guard let path = JSONPath(dotted: parameter.path), case .key(let key)? = path.components.last
      else { continue }
      let note =
        "calibrated to \(measurement) by powersim calibrate: \(Power(nanowatts: Int64((parameter.fitted * 1e9).rounded())))\(parameter.standardError.map { " ± \(Power(nanowatts: Int64(($0 * 1e9).rounded())))" } ?? "") (was \(Power(nanowatts: Int64((parameter.before * 1e9).rounded()))))"
      let notePath = JSONPath(Array(path.components.dropLast()) + [.key("x-source-\(key)")])
      device = (try? device.setting(.string(note), at: notePath)) ?? device
    }
    guard let reference else {
      if case .object(var object) = device {
        object["name"] = .string(name)
        return .object(object)
      }
      return device
    }
    var patch = JSONValue.object(
      JSONObject([("name", .string(name)), ("extends", .string(reference))]))
    for parameter in parameters where parameter.fitted != parameter.before {
      guard let path = JSONPath(dotted: parameter.path) else { continue }
      // The shortest prefix that ends at an array (written whole), or the value itself.
      var prefix: [JSONPathComponent] = []
      for component in path.components {
        prefix.append(component)
        if case .array? = device[path: JSONPath(prefix)] { break }
      }
      if prefix.count == path.components.count { prefix.removeLast();  }
      let target =
        prefix.count < path.components.count
          && device[path: JSONPath(prefix)].map({ if case .array = $0 { true } else { false } })
            ?? false
        ? JSONPath(prefix) : path
      if let value = device[path: target] {
        patch = (try? patch.setting(value, at: target)) ?? patch
      }
      if target == path, case .key(let key)? = path.components.last {
        let notePath = JSONPath(Array(path.components.dropLast()) + [.key("x-source-\(key)")])
        if let note = device[path: notePath] {
          patch = (try? patch.setting(note, at: notePath)) ?? patch
        }
      }
    }
    return patch
  }

  /// The error of a fit whose values make the device invalid, saying so.
  static func invalidFit(_ error: InputError, paths: [String]) -> InputError {
    var noted = error
    noted.message =
      "the best fit of \(paths.joined(separator: ", ")) makes the device invalid: \(error.message); fit fewer parameters, or ones the trace exercises more"
    return noted
  }

  static func powerValue(_ value: JSONValue) -> Int64? {
    switch value {
    case .string(let text): return try? QuantityParser.power(.text(text)).nanowatts
    case .number(let number):
      return try? QuantityParser.power(.number(literal: number.literal)).nanowatts
    default: return nil
    }
  }
}

/// Simulates the scenario with the fitted parameters set to given values.
private struct Runner {
  let document: ScenarioDocument
  let original: JSONValue
  let paths: [JSONPath]
  /// The limits every run is checked against and held to.
  let limits: RunLimits
  var windowWidth: Int64 = 0

  func device(_ values: [Int64]) throws(InputError) -> JSONValue {
    var device = original
    for (path, value) in zip(paths, values) {
      do {
        device = try device.setting(
          .string(DecimalFormat.scaledTrimmed(Int128(value), scale: 6) + " mW"), at: path)
      } catch {
        throw InputError(
          file: document.file, path: "device." + path.description, message: error.message)
      }
    }
    return device
  }

  func simulateSetup(_ values: [Int64]) throws(InputError) -> SimulationSetup {
    try document.replacingDevice(with: try device(values)).scenario(limits: limits).setup
  }

  /// The energy of each window, J.
  ///
  /// - Throws: `InputError` when the values make the device invalid, `EventLimitReached`
  ///   when the run reaches the limits' processed events with events still due.
  func energies(_ values: [Int64]) throws -> [Double] {
    try SimulatedWindows.energies(
      try simulateSetup(values), windowWidth: windowWidth,
      maximumEvents: limits.processedEventLimit)
  }
}

/// A run's energy per window, for comparing with a measurement.
public enum SimulatedWindows {
  /// The energy `setup` spends in each window of `windowWidth` ns, J, from a run taking at most
  /// `maximumEvents` events off its event queue (`--max-events`; `Int.max`: no limit).
  ///
  /// - Throws: `EventLimitReached` when the run reaches the limit with events still due.
  public static func energies(
    _ setup: SimulationSetup, windowWidth: Int64, maximumEvents: Int = .max
  ) throws(EventLimitReached) -> [Double] {
    let collector = PowerSeriesCollector()
    _ = try Simulation(
      setup: setup,
      recording: RecordingOptions(binWidth: .nanoseconds(windowWidth), sink: collector)
    ).run(maximumEvents: maximumEvents)
    guard let bins = collector.bins else { return [] }
    return (0..<bins.count).map { bin in
      var total: Int128 = 0
      for component in 0..<bins.componentCount {
        total += bins.energies[bin * bins.componentCount + component]
      }
      return Double(total) / 1e18
    }
  }
}
