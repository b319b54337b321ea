import DeviceImport
import JSONSupport
import Quantities
import Reports
import ScenarioFiles

/// `powersim import power-profile FILE.xml` and `powersim import energy-model FILE|DIR`: reads
/// what a user's device already publishes and prints it as a powersim device file.
enum ImportCommand: Command {
  static let spec = CommandSpec(
    name: "import",
    abstract: "Imports an Android power profile or a Linux energy model as a device file.",
    discussion: """
      'powersim import power-profile FILE.xml' reads an Android power_profile.xml and prints a \
      device file that extends a built-in device (--extends, default phone) for what the file \
      does not give; currents are multiplied by --voltage (default 3.85 V). Every imported \
      value carries an x-source naming the file and key. Warnings about the file (placeholder \
      values copied from AOSP's sample, a screen under 5 mA, CPU power falling as frequency \
      rises, arrays of unequal length, values clamped to keep the device valid) go to standard \
      error.
      'powersim import energy-model FILE|DIR' reads a device-tree fragment (cpu nodes with \
      dynamic-power-coefficient or opp-microwatt, and their operating-points-v2 tables) or a \
      copy of /sys/kernel/debug/energy_model, and prints the CPU clusters' operating points as a \
      device fragment.
      Nothing is written unless --out is given.
      """,
    arguments: [
      ArgumentSpec(name: "KIND", help: "What to import: power-profile or energy-model."),
      ArgumentSpec(
        name: "FILE", help: "The file (or, for an energy model, the directory) to read."),
    ],
    options: [
      OptionSpec(
        name: "--voltage", valueName: "V",
        help: "Multiplies the power profile's currents by this voltage (default: 3.85 V)."),
      OptionSpec(
        name: "--extends", valueName: "NAME_OR_PATH",
        help: "Names the device the imported one extends for what the file lacks (default: phone)."),
      OptionSpec(
        name: "--name", valueName: "NAME",
        help: "Names the imported device (default: the file's name without its extension)."),
      OptionSpec(
        name: "--out", valueName: "FILE.json",
        help: "Writes the device file here instead of standard output."),
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let kind = arguments.positionals[0]
    let file = arguments.positionals[1]
    var voltage = PowerProfileImporter.defaultVoltage
    if let text = arguments.value("--voltage") {
      do {
        let parsed = try QuantityParser.voltage(
          Double(text) != nil ? .number(literal: text) : .text(text))
        voltage = parsed.volts
      } catch {
        throw UsageError(message: "--voltage: \(error.message)", command: spec)
      }
      guard voltage > 0.5 && voltage <= 60 else {
        throw UsageError(
          message:
            "--voltage: expected a battery voltage between 0.5 V and 60 V, found \"\(text)\"",
          command: spec)
      }
    }
    let output: String
    switch kind {
    case "power-profile":
      if let out = arguments.value("--out") { try OutputTransaction.check([out, file]) }
      let profile = try PowerProfileDocument(bytes: try DeviceFileAccess.read(file), file: file)
      let reference = arguments.value("--extends") ?? "phone"
      let base = try DeviceFileAccess.resolve(reference)
      let name = arguments.value("--name") ?? defaultName(file)
      let importer = try PowerProfileImporter(
        profile: profile, voltage: voltage, baseReference: reference, base: base.json, name: name)
      let result = importer.run()
      // The printed device always validates: checked here as a scenario would check it.
      _ = try DeviceFileAccess.check(
        result.device, file: arguments.value("--out") ?? "imported device")
      for warning in result.warnings {
        console.writeError("warning: \(JSONText.printable(warning))\n")
      }
      if !result.unusedKeys.isEmpty {
        console.writeError(
          "note: not modelled by the device, so not imported: \(JSONText.printable(result.unusedKeys.joined(separator: ", ")))\n"
        )
      }
      output = result.device.serialized(pretty: true) + "\n"
    case "energy-model":
      for option in ["--voltage", "--extends"] where arguments.value(option) != nil {
        throw UsageError(message: "\(option) applies to power-profile imports only", command: spec)
      }
      if let out = arguments.value("--out") { try OutputTransaction.check([out, file]) }
      let model = try EnergyModelImporter.read(file)
      for warning in model.warnings {
        console.writeError("warning: \(JSONText.printable(warning))\n")
      }
      output = model.fragment(name: arguments.value("--name")).serialized(pretty: true) + "\n"
    default:
      throw UsageError(
        message:
          "unknown kind '\(JSONText.printable(kind))' (expected power-profile or energy-model)",
        command: spec)
    }
    if let out = arguments.value("--out") {
      try OutputTransaction.write([(out, output)])
    } else {
      console.write(output)
    }
    return ExitStatus.success
  }

  /// `oneplus-guacamole` for `…/oneplus-guacamole.xml`.
  static func defaultName(_ file: String) -> String {
    let last = file.split(separator: "/").last.map(String.init) ?? file
    let stem = last.split(separator: ".").first.map(String.init) ?? last
    return stem.isEmpty ? "imported" : stem
  }
}
