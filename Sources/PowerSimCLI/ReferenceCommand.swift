import ScenarioFiles

/// `powersim reference`: prints the article *Scenario file reference*, generated from the
/// description of the scenario language. A command for maintainers, which `--help` does not
/// list: `Sources/ScenarioFiles/ScenarioFiles.docc/ScenarioFileReference.md` holds its output.
enum ReferenceCommand: Command {
  static let spec = CommandSpec(
    name: "reference",
    abstract: "Prints the Scenario file reference article (Markdown).",
    discussion: """
      Prints the DocC article that lists every object and key of scenario and device files, \
      generated from the same description of the language as the decoders and the schema.
      """,
    arguments: [], options: [])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    console.write(ScenarioReference.article)
    return ExitStatus.success
  }
}
