import Foundation
import JSONSupport
import Reports
import ScenarioFiles

/// `powersim validate`: checks scenario files without running them.
enum ValidateCommand: Command {
  static let spec = CommandSpec(
    name: "validate",
    abstract: "Checks scenario files and every variant in them, without simulating.",
    discussion: """
      Reads each SCENARIO, resolves its device and decodes the baseline and every variant, \
      reporting the first problem in each file with its file, JSON path and what was expected. \
      Exits with status 1 if any file has a problem.
      """,
    arguments: [
      ArgumentSpec(name: "SCENARIO", help: "The scenario files to check.", isVariadic: true)
    ],
    options: [
      OptionSpec(
        name: "--strict",
        help:
          "Flags bare numbers for times, powers, energies, sizes, rates and frequencies, and fails a file with any warning."
      ),
      RunLimitsOption.spec,
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    var status = ExitStatus.success
    let limits = try RunLimitsOption.limits(arguments, command: spec)
    let strict = arguments.flags.contains("--strict")
    for file in arguments.positionals {
      do {
        if isJSONSchema(file) {
          // `validate scenarios/*.json` meets scenarios/schema.json: not a scenario, not an error.
          console.write("\(JSONText.printable(file)): skipped (a JSON Schema, not a scenario)\n")
          continue
        }
        let bareNumbers = BareNumberLog()
        let scenarios = try bareNumbers.recording { () throws(InputError) -> [Scenario] in
          let document = try ScenarioDocument.load(file)
          var scenarios: [Scenario] = []
          for variant in document.variantNames {
            scenarios.append(try document.scenario(variant: variant, limits: limits))
          }
          return scenarios
        }
        console.writeWarnings(scenarios)
        let count = scenarios.count
        if strict {
          let flagged = Array(Set(bareNumbers.flagged.map(\.description))).sorted()
          for flag in flagged { console.writeError("Warning: \(flag)\n") }
          let warnings = scenarios.reduce(0) { $0 + $1.warnings.count }
          if !flagged.isEmpty || warnings > 0 {
            console.write(
              "\(JSONText.printable(file)): not ok under --strict (\(flagged.count) bare number\(flagged.count == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"))\n"
            )
            status = ExitStatus.failure
            continue
          }
        }
        console.write(
          "\(JSONText.printable(file)): ok (\(count) variant\(count == 1 ? "" : "s"))\n")
      } catch {
        console.writeError("Error: \(error)\n")
        status = ExitStatus.failure
      }
    }
    return status
  }

  /// Whether `file` is a JSON Schema rather than a scenario: an object whose `$schema` names a
  /// JSON Schema dialect (`https://json-schema.org/…`), as `scenarios/schema.json` does. A
  /// scenario's own `$schema` points at the schema file (`"schema.json"`), not at a dialect.
  /// A file that cannot be read or parsed is not one: loading it as a scenario reports why.
  static func isJSONSchema(_ file: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: file),
      case .object(let object)? = try? JSONReader.parse(Array(data)),
      case .string(let dialect)? = object["$schema"]
    else { return false }
    return dialect.contains("json-schema.org")
  }
}
