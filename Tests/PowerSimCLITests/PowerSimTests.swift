import PowerSimCLI
import Testing

/// The root command: help, no arguments, unknown subcommands, exit statuses.
@Suite struct PowerSimTests {
  static let rootHelp = """
    OVERVIEW: Simulates how much energy a device spends on a workload, and why.

    powersim replays workloads described in JSON scenario files against a device modelled as power-state
    machines (CPU, storage, radios, GPU, display, platform) and accounts exactly for every joule: per
    component, per state and per workload.

    USAGE: powersim <subcommand>

    OPTIONS:
      -h, --help              Shows this help.

    SUBCOMMANDS:
      run                     Simulates a scenario and prints its energy account.
      compare                 Compares design alternatives: the variants of a scenario, or several scenarios.
      sweep                   Simulates a scenario at every combination of parameter values.
      check                   Checks energy budgets: fails when a scenario uses more than its limits allow.
      validate                Checks scenario files and every variant in them, without simulating.
      devices                 Lists the built-in device profiles.
      device                  Prints a built-in device profile as JSON (device show NAME).
      schema                  Prints the JSON Schema of scenario files.
      import                  Imports an Android power profile or a Linux energy model as a device file.
      calibrate               Fits device powers so that a scenario's simulated power matches a measurement.

      See 'powersim help <subcommand>' for detailed help.

    """

  /// With no arguments, powersim prints its help and succeeds (as swift-argument-parser does for
  /// a command with subcommands and no default).
  @Test func noArgumentsPrintsHelp() {
    let result = CLI.run([])
    #expect(result.status == 0)
    #expect(result.output == Self.rootHelp)
    #expect(result.error.isEmpty)
  }

  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func helpFlags(arguments: [String]) {
    let result = CLI.run(arguments)
    #expect(result.status == 0)
    #expect(result.output == Self.rootHelp)
  }

  /// `powersim help run` is `powersim run --help`.
  @Test(arguments: ["run", "validate", "devices", "device"])
  func helpForASubcommand(name: String) {
    let viaHelp = CLI.run(["help", name])
    let viaFlag = CLI.run([name, "--help"])
    #expect(viaHelp.status == 0 && viaFlag.status == 0)
    #expect(viaHelp.output == viaFlag.output)
    #expect(viaHelp.output.hasPrefix("OVERVIEW: "))
  }

  /// Every help line fits in 100 columns, except the usage line (which is not wrapped, as in
  /// swift-argument-parser).
  @Test(arguments: ["run", "validate", "devices", "device"])
  func helpFitsInOneHundredColumns(name: String) {
    let help = CLI.run([name, "--help"]).output
    for line in help.split(separator: "\n") where !line.hasPrefix("USAGE:") {
      #expect(line.count <= 100, "\(line)")
    }
  }

  @Test func unknownSubcommandIsAUsageError() {
    let result = CLI.run(["simulate", "x.json"])
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(
      result.error
        == "Error: unknown subcommand 'simulate'\nUsage: powersim <subcommand>\n  See 'powersim --help'.\n"
    )
  }

  @Test func exitStatuses() {
    #expect(ExitStatus.success == 0)
    #expect(ExitStatus.failure == 1)
    #expect(ExitStatus.usage == 64)
  }
}
