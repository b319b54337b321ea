import ScenarioFiles

/// `powersim schema`: prints the JSON Schema of scenario files.
enum SchemaCommand: Command {
  static let spec = CommandSpec(
    name: "schema",
    abstract: "Prints the JSON Schema of scenario files.",
    discussion: """
      Prints a JSON Schema (draft 2020-12) of scenario files: every key, the devices and their \
      components, the workloads with their timing kinds and modifiers, and a pattern for each \
      kind of quantity. scenarios/schema.json holds the same text; a scenario file that says \
      "$schema": "schema.json" gets validation and completion in editors that read JSON Schema.
      """,
    arguments: [], options: [])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    console.write(ScenarioSchema.text)
    return ExitStatus.success
  }
}
