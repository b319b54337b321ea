import Foundation
import TestSupport
import Testing

/// Mistakes that would silently change a result are refused or warned about, with the exact
/// message; bare numbers are accepted, and `validate --strict` flags them.
@Suite struct SilentMistakeTests {
  static let animation = """
    { "name": "w", "device": "phone", "duration": "1 h",
      "workloads": {
        "scroll": { "frames": "60 fps", "from": "10 min", "for": "1 min", "work": { "cpu": "1 ms" } },
        "sync": { "every": 60, "work": { "cpu": 0.001 } } } }
    """

  static func darkWarning(_ file: String) -> String {
    "Warning: \(file): "
      + #"workloads.scroll: an animation with the display off for its whole time (no display session overlaps it): its frames are drawn on a dark screen; add a display session for it ("display": [{ "from", "to", "brightness", "appearance" }])"#
  }

  /// An animation from 10 to 11 min with no display session: warned about by `run` and
  /// `validate`, which still pass; a session from 10:30 to 20 min overlaps it, and the warning
  /// goes.
  @Test func anAnimationOnADarkScreenIsWarnedAbout() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.animation, to: "w.json")
    let validate = CLI.run(["validate", file])
    #expect(validate.status == 0)
    #expect(validate.output == "\(file): ok (1 variant)\n")
    #expect(validate.error == Self.darkWarning(file) + "\n")
    let run = CLI.run(["run", file, "--json"])
    #expect(run.status == 0)
    #expect(run.error.contains("workloads.scroll: an animation with the display off"))
    let lit = try directory.write(
      Self.animation.replacingOccurrences(
        of: #""duration": "1 h","#,
        with:
          #""duration": "1 h", "display": [{ "from": "10.5 min", "to": "20 min", "brightness": "50%", "appearance": "dark" }],"#
      ), to: "lit.json")
    #expect(CLI.run(["validate", lit]).error == "")
  }

  /// `every: 60` and `cpu: 0.001` are seconds, as documented: accepted, and flagged under
  /// `--strict`, which fails the file (with the animation's warning, two flags and a warning).
  @Test func strictFlagsBareNumbers() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.animation, to: "w.json")
    let strict = CLI.run(["validate", "--strict", file])
    #expect(strict.status == 1)
    #expect(strict.output == "\(file): not ok under --strict (2 bare numbers, 1 warning)\n")
    #expect(
      strict.error == Self.darkWarning(file) + "\n" + "Warning: \(file): "
        + #"workloads.sync.every: the bare number 60 is read as 60 s; write it with its unit ("60 s") so that no reader takes it for another"#
        + "\n"
        + "Warning: \(file): "
        + #"workloads.sync.work.cpu: the bare number 0.001 is read as 0.001 s; write it with its unit ("0.001 s") so that no reader takes it for another"#
        + "\n")
    // Every shipped scenario writes its units.
    let shipped = try FileManager.default.contentsOfDirectory(
      atPath: CLI.root.appendingPathComponent("scenarios").path
    ).filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted().map(CLI.scenario)
    let all = CLI.run(["validate", "--strict"] + shipped)
    #expect(all.status == 0, "\(all.error)")
  }

  /// `--set` into a workload the scenario lacks would create one of one key.
  @Test func sweepSetIntoAMissingWorkloadNamesTheNearest() throws {
    let gps = CLI.scenario("gps-fixes.json")
    let typo = CLI.run(["sweep", gps, "--set", "workloads.locaton.every=1 min,2 min"])
    #expect(typo.status == 1)
    #expect(
      typo.error
        == "Error: \(gps): sweep point 0 (workloads.locaton.every=1 min): workloads.locaton.every: no workload locaton; did you mean location?\n"
    )
    let far = CLI.run(["sweep", gps, "--set", "workloads.backup.every=1 min"])
    #expect(
      far.error.hasSuffix(
        "workloads.backup.every: no workload backup (the scenario's workloads: \"location\")\n"))
  }

  /// A mistyped subcommand gets the nearest one.
  @Test func aMistypedCommandGetsADidYouMean() {
    let outcome = CLI.run(["runn"])
    #expect(outcome.status == 64)
    #expect(
      outcome.error
        == "Error: unknown subcommand 'runn'; did you mean 'run'?\nUsage: powersim <subcommand>\n  See 'powersim --help'.\n"
    )
  }
}
