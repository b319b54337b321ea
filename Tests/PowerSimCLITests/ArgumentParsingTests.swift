import Testing

/// Whole help screens compared with golden text, and usage errors: `Error: …`, the usage line,
/// `See 'powersim COMMAND --help'`, status 64.
@Suite struct ArgumentParsingTests {
  static let runUsage =
    "powersim run SCENARIO [--variant NAME] [--out DIR] [--resolution DUR] [--exact] "
    + "[--window FROM,TO] [--json] [--no-fast-forward] [--plot FILE.svg] [--trace FILE.json] "
    + "[--measured FILE.csv] [--measured-voltage V] [--measured-offset DUR] [--max-events N]"

  static let runHelp = """
    OVERVIEW: Simulates a scenario and prints its energy account.

    Simulates the baseline of SCENARIO (or the variant named with --variant) and prints the energy per
    component with its share and its floor, fixed and dynamic parts, the workloads that cost most, their
    latency, and battery life. When the run takes longer than half a second and standard error is a
    terminal, a progress line goes there.

    USAGE: \(runUsage)

    ARGUMENTS:
      SCENARIO                The scenario file to simulate.

    OPTIONS:
      --variant NAME          Simulates this variant instead of the baseline.
      --out DIR               Writes summary.csv, components.csv, states.csv, workloads.csv,
                              attribution.csv, power.csv, qos.csv and apps.csv into this directory.
      --resolution DUR        Sets the width of the bins of power.csv, such as "1 s" (default: about
                              10,000 rows).
      --exact                 Writes every change of power to power.csv instead of bins.
      --window FROM,TO        Limits --exact and --trace output to a slice of the run: "1 h,2 h" is the
                              second hour.
      --json                  Prints the summary as JSON instead of a table.
      --no-fast-forward       Simulates every event instead of skipping whole periods of a steady state
                              (the results are the same).
      --plot FILE.svg         Draws power over time, stacked by component, as an SVG file (- writes it
                              to standard output instead of the summary).
      --trace FILE.json       Writes a Chrome/Perfetto trace with a track per component and a slice per
                              state and work item (- writes it to standard output).
      --measured FILE.csv     Compares the run with a measured power trace (time_s,power_w, or a
                              Monsoon, PPK2 or Joulescope export): energy error and, per window of
                              --resolution, MAE and MAPE.
      --measured-voltage V    Multiplies a measured trace of current alone by this voltage (default: the
                              battery's nominal voltage, else 3.85 V).
      --measured-offset DUR   Skips this much of the measured trace: its time DUR after its first sample
                              is the run's time 0.
      --max-events N          Refuses a run estimated to take more than N events, a decimal integer
                              (default: 1000000000), or to leave more than N/1000 occurrences waiting
                              (at most 10 million).
      -h, --help              Shows this help.

    """

  static let validateHelp = """
    OVERVIEW: Checks scenario files and every variant in them, without simulating.

    Reads each SCENARIO, resolves its device and decodes the baseline and every variant, reporting the
    first problem in each file with its file, JSON path and what was expected. Exits with status 1 if
    any file has a problem.

    USAGE: powersim validate SCENARIO… [--strict] [--max-events N]

    ARGUMENTS:
      SCENARIO                The scenario files to check.

    OPTIONS:
      --strict                Flags bare numbers for times, powers, energies, sizes, rates and
                              frequencies, and fails a file with any warning.
      --max-events N          Refuses a run estimated to take more than N events, a decimal integer
                              (default: 1000000000), or to leave more than N/1000 occurrences waiting
                              (at most 10 million).
      -h, --help              Shows this help.

    """

  static let devicesHelp = """
    OVERVIEW: Lists the built-in device profiles.

    Prints each built-in device's name, its components and its description.

    USAGE: powersim devices

    OPTIONS:
      -h, --help              Shows this help.

    """

  static let deviceHelp = """
    OVERVIEW: Prints a built-in device profile as JSON (device show NAME).

    'powersim device show NAME' prints the built-in device NAME as the JSON a device file holds, with
    the source of every number in its x-source notes. Save it to a file, edit it, and name the file as a
    scenario's device.

    USAGE: powersim device show NAME

    ARGUMENTS:
      show                    The action: show.
      NAME                    The built-in device to print.

    OPTIONS:
      -h, --help              Shows this help.

    """

  @Test(arguments: [
    ("run", runHelp), ("validate", validateHelp), ("devices", devicesHelp), ("device", deviceHelp),
  ])
  func helpScreens(command: String, golden: String) {
    let result = CLI.run([command, "--help"])
    #expect(result.status == 0)
    #expect(result.output == golden)
    #expect(result.error.isEmpty)
    // -h anywhere on the line asks for help, whatever else is there.
    #expect(CLI.run([command, "x", "-h"]).output == golden)
  }

  /// The usage error of `arguments`: its message, then the command's usage and help pointer.
  static func usageError(_ arguments: [String], usage: String, command: String) -> (Int32, String) {
    let result = CLI.run(arguments)
    #expect(result.output.isEmpty)
    let suffix = "\nUsage: \(usage)\n  See 'powersim \(command) --help'.\n"
    #expect(result.error.hasSuffix(suffix))
    return (result.status, String(result.error.dropLast(suffix.count)))
  }

  @Test(arguments: [
    (["run"], "Error: missing expected argument 'SCENARIO'"),
    (["run", "a.json", "b.json"], "Error: unexpected argument 'b.json'"),
    (["run", "a.json", "--jsn"], "Error: unknown option '--jsn' (did you mean '--json'?)"),
    (["run", "a.json", "--frobnicate"], "Error: unknown option '--frobnicate'"),
    (["run", "a.json", "--out"], "Error: missing value for '--out' (expected DIR)"),
    (["run", "a.json", "--json=yes"], "Error: the flag '--json' takes no value"),
    (["run", "a.json", "--out", "a", "--out=b"], "Error: '--out' was given more than once"),
  ])
  func runUsageErrors(arguments: [String], message: String) {
    let (status, text) = Self.usageError(arguments, usage: Self.runUsage, command: "run")
    #expect(status == 64)
    #expect(text == message)
  }

  /// Bad option values are usage errors (status 64), reported before the scenario is read (here
  /// it does not exist).
  @Test(arguments: [
    (
      ["run", "a.json", "--resolution", "fast"],
      #"Error: --resolution: expected a time such as "5 s" or "20 ms", found "fast""#
    ),
    (
      ["run", "a.json", "--resolution", "0 s"],
      #"Error: --resolution: expected a duration greater than zero, found "0 s""#
    ),
    (
      ["run", "a.json", "--window", "1 h"],
      #"Error: --window: expected FROM,TO such as "1 h,2 h", found "1 h""#
    ),
    (
      ["run", "a.json", "--window", "2 h,1 h"],
      #"Error: --window: expected FROM before TO, found "2 h,1 h""#
    ),
  ])
  func runOptionValueErrors(arguments: [String], message: String) throws {
    let (status, text) = Self.usageError(arguments, usage: Self.runUsage, command: "run")
    #expect(status == 64)
    #expect(text == message)
  }

  @Test func otherCommandsUsageErrors() {
    let (status, text) = Self.usageError(
      ["validate"], usage: "powersim validate SCENARIO… [--strict] [--max-events N]",
      command: "validate")
    #expect(status == 64)
    #expect(text == "Error: missing expected argument 'SCENARIO'")
    let (devicesStatus, devicesText) = Self.usageError(
      ["devices", "phone"], usage: "powersim devices", command: "devices")
    #expect(devicesStatus == 64)
    #expect(devicesText == "Error: unexpected argument 'phone'")
    let (deviceStatus, deviceText) = Self.usageError(
      ["device", "print", "phone"], usage: "powersim device show NAME", command: "device")
    #expect(deviceStatus == 64)
    #expect(deviceText == "Error: unknown action 'print' (expected 'show')")
  }
}
