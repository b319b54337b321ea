import DeviceImport
import DeviceModels
import Foundation
import JSONSupport
import Quantities
import Reports
import ScenarioFiles

/// `powersim calibrate SCENARIO --measured FILE.csv --fit PATH…`: fits device powers to a
/// measured power trace.
enum CalibrateCommand: Command {
  static let spec = CommandSpec(
    name: "calibrate",
    abstract: "Fits device powers so that a scenario's simulated power matches a measurement.",
    discussion: """
      Simulates the baseline of SCENARIO and fits the device parameters named with --fit \
      (dotted paths into the device, array elements by index: \
      components.cpu.clusters.0.opps.1.power) so that its power in each window of --resolution \
      matches the measured trace, by non-negative least squares. Prints each parameter before \
      and after, with one standard error, the residual error before and after, and warnings \
      naming parameters the trace cannot tell apart or does not exercise. --out writes a \
      device file extending the scenario's device with the fitted values.
      """,
    arguments: [ArgumentSpec(name: "SCENARIO", help: "The scenario the measurement was taken of.")],
    options: [
      OptionSpec(
        name: "--measured", valueName: "FILE.csv", help: "The measured power trace (required)."),
      OptionSpec(
        name: "--fit", valueName: "PATH",
        help: "A power of the device to fit, as a dotted path (repeat for more).",
        isRepeatable: true),
      OptionSpec(
        name: "--out", valueName: "DEVICE.json", help: "Writes the calibrated device file here."),
      OptionSpec(
        name: "--name", valueName: "NAME",
        help: "Names the calibrated device (default: the device's name with -calibrated)."),
      OptionSpec(
        name: "--resolution", valueName: "DUR",
        help: "Sets the width of the windows compared (default: about 10,000 windows)."),
      OptionSpec(
        name: "--measured-voltage", valueName: "V",
        help:
          "Multiplies a trace of current alone by this voltage (default: the battery's nominal voltage, else 3.85 V)."
      ),
      OptionSpec(
        name: "--measured-offset", valueName: "DUR",
        help:
          "Skips this much of the trace's start: the trace's time DUR after its first sample is the run's time 0."
      ),
      OptionSpec(name: "--json", help: "Prints the result as JSON instead of a table."),
      RunLimitsOption.spec,
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    guard let measured = arguments.value("--measured") else {
      throw UsageError(message: "missing --measured FILE.csv", command: spec)
    }
    let paths = arguments.values["--fit"] ?? []
    guard !paths.isEmpty else {
      throw UsageError(message: "missing --fit PATH: name at least one power to fit", command: spec)
    }
    let measuredOptions = try MeasuredOptions.parse(arguments, command: spec)
    let limits = try RunLimitsOption.limits(arguments, command: spec)
    let file = arguments.positionals[0]
    if let out = arguments.value("--out") { try OutputTransaction.check([out, file, measured]) }
    let document = try ScenarioDocument.load(file)
    let baseline = try document.scenario(limits: limits)
    let width = measuredOptions.resolution ?? BinWidth.defaultWidth(for: baseline.setup.duration)
    let calibration: Calibration
    do {
      calibration = try Calibration.fit(
        document: document, measured: measured, paths: paths, windowWidth: width,
        voltage: measuredOptions.voltage, offset: measuredOptions.offset, limits: limits)
    } catch let stop as EventLimitReached {
      // Every run of the fit simulates the baseline, with the fitted powers moved.
      throw EventLimitError(stop, scenario: baseline)
    }
    let name = arguments.value("--name") ?? baseline.deviceName + "-calibrated"
    if let out = arguments.value("--out") {
      var fitted = calibration
      fitted.reference = calibration.reference.map { reference(to: $0, from: out) }
      try OutputTransaction.write([
        (out, fitted.deviceFile(measurement: measured, name: name).serialized(pretty: true) + "\n")
      ])
    }
    for warning in calibration.warnings {
      console.writeError("warning: \(JSONText.printable(warning))\n")
    }
    if arguments.flags.contains("--json") {
      console.write(json(calibration).serialized(pretty: true) + "\n")
    } else {
      console.write(text(calibration))
    }
    return ExitStatus.success
  }

  /// How the file written at `out` names the device file `reference` (a path as the scenario
  /// resolved it): relative to `out`'s directory when both are in the same one, else absolute.
  /// A built-in name stays as it is.
  static func reference(to reference: String, from out: String) -> String {
    guard BuiltInDevices.json(named: reference) == nil else { return reference }
    func directory(_ path: String) -> String {
      let absolute =
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
      return String(absolute[..<(absolute.lastIndex(of: "/") ?? absolute.startIndex)])
    }
    let name = String(reference.split(separator: "/").last ?? Substring(reference))
    if directory(reference) == directory(out) { return name }
    return reference.hasPrefix("/")
      ? reference : FileManager.default.currentDirectoryPath + "/" + reference
  }

  static func json(_ calibration: Calibration) -> JSONValue {
    var object = JSONObject()
    var parameters = JSONObject()
    for parameter in calibration.parameters {
      var item = JSONObject()
      item["before_w"] = number(parameter.before)
      item["fitted_w"] = number(parameter.fitted)
      item["standard_error_w"] = parameter.standardError.map(number) ?? .null
      item["change_pct"] =
        parameter.before == 0
        ? .null : number((parameter.fitted - parameter.before) / parameter.before * 100)
      item["residency_s"] = number(parameter.residency)
      parameters[parameter.path] = .object(item)
    }
    object["parameters"] = .object(parameters)
    object["before"] = residual(calibration.before)
    object["after"] = residual(calibration.after)
    object["windows"] = .number(JSONNumber(calibration.after.windows.count))
    object["passes"] = .number(JSONNumber(calibration.passes))
    object["warnings"] = .array(calibration.warnings.map { .string($0) })
    return .object(object)
  }

  static func residual(_ comparison: MeasuredComparison) -> JSONValue {
    var object = JSONObject()
    object["mae_w"] = comparison.meanAbsoluteError.map(number) ?? .null
    object["mape_pct"] = comparison.meanAbsolutePercentageError.map(number) ?? .null
    object["energy_error_pct"] = comparison.energyErrorPercent.map(number) ?? .null
    return .object(object)
  }

  static func number(_ value: Double) -> JSONValue {
    .number(JSONNumber(literal: DecimalFormat.trimmed(DecimalFormat.fixed(value, places: 9))))
  }

  static func text(_ calibration: Calibration) -> String {
    var table = TextTable(columns: [
      ("parameter", .left), ("before", .right), ("fitted", .right), ("± 1 s.e.", .right),
      ("change", .right),
    ])
    for parameter in calibration.parameters {
      let change =
        parameter.before == 0
        ? "" : Units.percentText((parameter.fitted - parameter.before) / parameter.before)
      table.appendRow([
        parameter.path, Units.powerText(.watts(parameter.before)),
        Units.powerText(.watts(parameter.fitted)),
        parameter.standardError.map { Units.powerText(.watts($0)) } ?? "—", change,
      ])
    }
    var text = table.rendered()
    func line(_ label: String, _ comparison: MeasuredComparison) -> String {
      let mae = comparison.meanAbsoluteError.map { Units.powerText(.watts($0)) } ?? "—"
      let mape =
        comparison.meanAbsolutePercentageError.map { DecimalFormat.fixed($0, places: 2) + "%" }
        ?? "—"
      let energy =
        comparison.energyErrorPercent.map { DecimalFormat.fixed($0, places: 2) + "%" } ?? "—"
      return
        "\(label): MAE \(mae), MAPE \(mape), energy error \(energy) over \(comparison.windows.count) windows\n"
    }
    text +=
      "\n" + line("Residual before", calibration.before)
      + line("Residual after ", calibration.after)
    return text
  }
}

/// `--resolution`, `--measured-voltage` and `--measured-offset`, shared by `run` and `calibrate`.
struct MeasuredOptions {
  var resolution: TimeSpan?
  var voltage: Double?
  var offset: Int64 = 0

  static func parse(_ arguments: ParsedArguments, command: CommandSpec) throws(UsageError)
    -> MeasuredOptions
  {
    var options = MeasuredOptions()
    if let text = arguments.value("--resolution") {
      options.resolution = try RunCommand.parseDuration(text, option: "--resolution")
    }
    if let text = arguments.value("--measured-voltage") {
      do {
        let volts = try QuantityParser.voltage(
          Double(text) != nil ? .number(literal: text) : .text(text)
        ).volts
        guard volts > 0 && volts <= 1000 else {
          throw UsageError(
            message: "--measured-voltage: expected a voltage above 0 V, found \"\(text)\"",
            command: command)
        }
        options.voltage = volts
      } catch let error as QuantityError {
        throw UsageError(message: "--measured-voltage: \(error.message)", command: command)
      } catch {
        throw error as! UsageError
      }
    }
    if let text = arguments.value("--measured-offset") {
      let negative = text.hasPrefix("-")
      do {
        let span = try QuantityParser.time(.text(negative ? String(text.dropFirst()) : text))
        options.offset = negative ? -span.nanoseconds : span.nanoseconds
      } catch {
        throw UsageError(message: "--measured-offset: \(error.message)", command: command)
      }
    }
    return options
  }
}
