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
    options: [RunLimitsOption.spec])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    var status = ExitStatus.success
    let limits = try RunLimitsOption.limits(arguments, command: spec)
    for file in arguments.positionals {
      do {
        let document = try ScenarioDocument.load(file)
        for variant in document.variantNames {
          _ = try document.scenario(variant: variant, limits: limits)
        }
        let count = document.variantNames.count
        console.write(
          "\(JSONText.printable(file)): ok (\(count) variant\(count == 1 ? "" : "s"))\n")
      } catch {
        console.writeError("Error: \(error)\n")
        status = ExitStatus.failure
      }
    }
    return status
  }
}
