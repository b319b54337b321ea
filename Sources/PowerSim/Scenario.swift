public import Foundation
import JSONSupport
import Reports
import ScenarioFiles

/// A scenario file: a device, its workloads and environment for a length of time, and the
/// variants that change them — ready to simulate.
///
/// ```swift
/// let scenario = try Scenario(contentsOf: URL(fileURLWithPath: "scenarios/coalescing.json"))
/// let baseline = try scenario.run()
/// let coalesced = try scenario.run(variant: "coalesced")
/// print(baseline.energy.joules - coalesced.energy.joules, "J saved")
/// ```
///
/// Loading reads the file (and checks its syntax and its variants' shape); each run decodes and
/// validates its variant, then simulates it. A scenario is a value: copies share the files
/// already read, and runs on several threads at once are safe.
public struct Scenario: Sendable {
  /// The file read, as given.
  private let document: ScenarioDocument

  /// Reads the scenario file at `url`.
  ///
  /// Device and trace files the scenario names are read relative to its directory.
  ///
  /// - Throws: ``PowerSimError`` when the file cannot be read or is not valid JSON (with its
  ///   line and column), or when its `variants` are malformed; the rest of the scenario is
  ///   checked when a variant runs.
  public init(contentsOf url: URL) throws(PowerSimError) {
    try self.init(path: Self.path(of: url))
  }

  /// Reads the scenario file at `path` (relative to the current directory, or absolute).
  init(path: String) throws(PowerSimError) {
    do {
      document = try ScenarioDocument.load(path)
    } catch {
      throw PowerSimError(error)
    }
  }

  /// A scenario written as JSON text, in the format of scenario files.
  ///
  /// Errors name the file `(json)`; device and trace files the scenario names are read
  /// relative to the current directory.
  ///
  /// ```swift
  /// let idle = try Scenario(json: #"{ "device": "phone", "duration": "1 min" }"#)
  /// ```
  ///
  /// - Throws: ``PowerSimError`` when the text is not valid JSON or its `variants` are
  ///   malformed.
  public init(json: String) throws(PowerSimError) {
    let file = "(json)"
    do {
      document = try ScenarioDocument(
        json: try FileLoading.json(from: Array(json.utf8), file: file), file: file)
    } catch {
      throw PowerSimError(error)
    }
  }

  /// The file the scenario was read from (`(json)` for one given as text).
  public var file: String { document.file }

  /// The names of the scenario's variants, in file order, without `baseline` (the scenario
  /// itself).
  public var variants: [String] { document.variants.map(\.name) }

  /// Simulates the baseline: the scenario without any variant.
  ///
  /// - Throws: ``PowerSimError`` when the scenario is invalid (a missing key, a value of the
  ///   wrong kind or unit, a device or trace file that cannot be read), or when its run would
  ///   exceed the run limits of `powersim run` (estimated before it starts, or reached: a run
  ///   that takes a billion events with more due stops, returning nothing).
  public func run() throws(PowerSimError) -> SimulationResult {
    try run(variant: ScenarioDocument.baselineName)
  }

  /// Simulates the variant named `variant` (`"baseline"` is the scenario itself).
  ///
  /// - Throws: ``PowerSimError`` when there is no such variant (naming the closest one), or
  ///   for the reasons ``run()`` throws.
  public func run(variant: String) throws(PowerSimError) -> SimulationResult {
    try Self.run(Self.request(try decoded(variant)))
  }

  /// Simulates `variant` (the baseline when `nil`) and writes the files `powersim run --out`
  /// writes into `directory`: `summary.csv`, `components.csv`, `states.csv`, `workloads.csv`,
  /// `attribution.csv`, `power.csv`, `qos.csv` and `apps.csv`.
  ///
  /// The files are written atomically: a failed run leaves earlier files in `directory`
  /// untouched. `power.csv` has bins of the width `powersim run` chooses (about 10,000 rows).
  ///
  /// - Throws: ``PowerSimError`` for the reasons ``run(variant:)`` throws, or when a file
  ///   cannot be written.
  public func run(variant: String? = nil, writingFilesTo directory: URL)
    throws(PowerSimError) -> SimulationResult
  {
    var request = Self.request(try decoded(variant ?? ScenarioDocument.baselineName))
    request.outputDirectory = Self.path(of: directory)
    return try Self.run(request)
  }

  /// The variant `name`, decoded and validated, checked against `limits` (by default those of
  /// `powersim run`).
  func decoded(_ name: String, limits: RunLimits = .standard) throws(PowerSimError)
    -> ScenarioFiles.Scenario
  {
    do {
      return try document.scenario(variant: name, limits: limits)
    } catch {
      throw PowerSimError(error)
    }
  }

  /// A run of `scenario` held to `maximumEvents` events taken off its event queue (by default
  /// those `powersim run` allows).
  static func request(
    _ scenario: ScenarioFiles.Scenario,
    maximumEvents: Int = RunLimits.standard.processedEventLimit
  ) -> RunRequest {
    var request = RunRequest(scenario: scenario)
    request.maximumEvents = maximumEvents
    return request
  }

  /// Runs `request` and converts its account.
  static func run(_ request: RunRequest) throws(PowerSimError) -> SimulationResult {
    do {
      return SimulationResult(try RunPipeline.run(request), scenario: request.scenario)
    } catch {
      throw PowerSimError.wrapping(error)
    }
  }

  /// The path of a file URL as `powersim` would be given it: relative to the current directory
  /// when the URL is (`URL(fileURLWithPath: "scenarios/x.json")`), else absolute.
  static func path(of url: URL) -> String {
    guard let base = url.baseURL else { return url.path }
    let current = FileManager.default.currentDirectoryPath
    return base.standardizedFileURL.path == URL(fileURLWithPath: current).standardizedFileURL.path
      ? url.relativePath : url.standardizedFileURL.path
  }
}
