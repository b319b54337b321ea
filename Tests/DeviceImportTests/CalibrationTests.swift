import DeviceImport
import DeviceModels
import Foundation
import JSONSupport
import Quantities
import ScenarioFiles
import TestSupport
import Testing

/// `powersim calibrate`: fitting traces simulated from a device with known changes (and noise)
/// gives the changes back within the stated error; fitting the device's own trace gives back its
/// values; a parameter the scenario never exercises is named.
@Suite struct CalibrationTests {
  /// A phone waking every 5 s for 20 ms of CPU work: awake while it works, idle for a second
  /// after, suspended the rest of each period.
  static func scenario(device: String) -> String {
    """
    {
      "name": "Wake every 5 s",
      "device": \(device),
      "duration": "5 min",
      "workloads": { "sync": { "every": "5 s", "work": { "cpu": "20 ms", "qos": "utility" } } }
    }
    """
  }

  static let paths = [
    "components.platform.states.0.power", "components.platform.states.1.power",
    "components.platform.states.2.power",
  ]

  /// The phone with its platform's awake, idle and suspended powers changed to these.
  static let truth = [0.150, 0.040, 0.025]

  /// SplitMix64 (Steele, Lea and Flood 2014), for seeded noise.
  struct Noise {
    var state: UInt64
    mutating func next() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    /// A normal deviate (Box–Muller).
    mutating func gaussian() -> Double {
      let u = max(next(), 1e-300)
      let v = next()
      return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
  }

  /// Writes the measured trace of the truth device, in 100 ms samples, with noise of `sigma` W.
  static func measuredTrace(in directory: TemporaryDirectory, sigma: Double, seed: UInt64) throws
    -> String
  {
    var device = try DeviceFileAccess.resolve("phone").json
    for (path, value) in zip(paths, truth) {
      device = try device.setting(.string("\(value * 1000) mW"), at: JSONPath(dotted: path)!)
    }
    let file = directory.path("truth.json")
    let document = try ScenarioDocument(
      json: try JSONReader.parse(scenario(device: device.serialized())), file: file)
    let setup = try document.scenario().setup
    let width: Int64 = 100_000_000
    let energies = try SimulatedWindows.energies(setup, windowWidth: width)
    var noise = Noise(state: seed)
    var csv = "time_s,power_w\n"
    for (index, energy) in energies.enumerated() {
      let power = energy / 0.1 + sigma * noise.gaussian()
      csv += "\(Double(index) * 0.1),\(power)\n"
    }
    return try directory.write(csv, to: "measured.csv")
  }

  static func fit(measured: String, in directory: TemporaryDirectory, paths: [String] = paths)
    throws -> Calibration
  {
    let document = try ScenarioDocument(
      json: try JSONReader.parse(scenario(device: "\"phone\"")),
      file: directory.path("scenario.json"))
    return try Calibration.fit(
      document: document, measured: measured, paths: paths, windowWidth: .milliseconds(100),
      voltage: nil, offset: 0)
  }

  @Test func knownChangesAreRecoveredWithinTheStatedError() throws {
    let directory = try TemporaryDirectory()
    let measured = try Self.measuredTrace(in: directory, sigma: 0.005, seed: 42)
    let calibration = try Self.fit(measured: measured, in: directory)
    for (parameter, truth) in zip(calibration.parameters, Self.truth) {
      let error = try #require(parameter.standardError)
      #expect(
        abs(parameter.fitted - truth) <= 3 * error,
        "\(parameter.path): \(parameter.fitted) vs \(truth) ± \(error)")
      #expect(abs(parameter.fitted - truth) / truth < 0.05, "\(parameter.path)")
    }
    // The phone's own values were 137.45, 50.05 and 19.25 mW: the fit moved each.
    #expect(calibration.parameters.map(\.before) == [0.13745, 0.05005, 0.01925])
    #expect(calibration.after.meanAbsoluteError! < calibration.before.meanAbsoluteError!)
    #expect(calibration.warnings.isEmpty)
  }

  @Test func aNoiselessTraceGivesTheValuesBackExactly() throws {
    let directory = try TemporaryDirectory()
    let measured = try Self.measuredTrace(in: directory, sigma: 0, seed: 1)
    let calibration = try Self.fit(measured: measured, in: directory)
    for (parameter, truth) in zip(calibration.parameters, Self.truth) {
      #expect(abs(parameter.fitted - truth) < 1e-6, "\(parameter.path)")
    }
    #expect(calibration.after.meanAbsoluteError! < 1e-6)
  }

  @Test func parametersTheTraceNeverExercisesAreNamed() throws {
    let directory = try TemporaryDirectory()
    let measured = try Self.measuredTrace(in: directory, sigma: 0.005, seed: 7)
    let calibration = try Self.fit(
      measured: measured, in: directory, paths: Self.paths + ["components.gnss.states.0.power"])
    #expect(
      calibration.warnings.contains {
        $0.hasPrefix("components.gnss.states.0.power: the scenario never spends time in it")
      })
    #expect(calibration.parameters[3].fitted == calibration.parameters[3].before)
  }

  @Test func theDeviceFileExtendsTheScenariosDeviceWithSourcedValues() throws {
    let directory = try TemporaryDirectory()
    let measured = try Self.measuredTrace(in: directory, sigma: 0, seed: 1)
    let calibration = try Self.fit(measured: measured, in: directory)
    let file = calibration.deviceFile(measurement: "measured.csv", name: "phone-calibrated")
    #expect(file[path: ["extends"]] == .string("phone"))
    guard
      case .string(let note)? = file[
        path: JSONPath(dotted: "components.platform.states.1.x-source-power")!]
    else {
      Issue.record("no x-source on the fitted value")
      return
    }
    #expect(note.hasPrefix("calibrated to measured.csv by powersim calibrate: 40 mW"))
    // The file is a valid device, and it is the fitted one.
    let spec = try DeviceFileAccess.check(file, file: directory.path("fitted.json"))
    #expect(spec.name == "phone-calibrated")
  }

  @Test func nonNegativeLeastSquaresMatchesAHandSolvedProblem() {
    // Columns (1,0,1) and (0,1,1), target (1,2,3): the unconstrained solution (1,2) is positive.
    let free = NonNegativeLeastSquares(columns: [[1, 0, 1], [0, 1, 1]], target: [1, 2, 3]).solve()
    #expect(abs(free.x[0] - 1) < 1e-12 && abs(free.x[1] - 2) < 1e-12)
    // Target (1,-2,-1): unconstrained (1,-2) is not allowed; with x1 = 0, x0 = (1 - 1)/2 = 0… the
    // best non-negative fit minimises (x0-1)² + 4 + (x0+1)²: x0 = 0.
    let bound = NonNegativeLeastSquares(columns: [[1, 0, 1], [0, 1, 1]], target: [1, -2, -1])
      .solve()
    #expect(abs(bound.x[0]) < 1e-12 && bound.x[1] == 0)
    #expect(bound.free == [false, false])
  }
}
