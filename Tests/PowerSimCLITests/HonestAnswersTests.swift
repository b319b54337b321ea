import Foundation
import TestSupport
import Testing

/// The answers `run` and `compare` give are honest about what they mean and what they cost:
/// battery life is defined where it is printed and never given for a battery that ran out, the
/// battery energy is also given in mAh at the battery's nominal voltage, and a saving's headline
/// carries what the saving costs.
@Suite struct HonestAnswersTests {
  /// A device that draws 1 W whatever it does (2 W active, 1 W idle after 1 ms; no work ever
  /// makes it active), on a 1000 mAh battery at 3.6 V: 1000 × 3.6 × 3.6 = 12,960 J.
  static func bulb(duration: String, mah: String, extra: String = "") -> String {
    """
    { "name": "bulb", "duration": "\(duration)",
      "device": { "name": "bulb", "battery": { "capacity_mah": \(mah), "voltage": "3.6 V" },
        "components": { "platform": { "type": "platform", "states": [
          { "name": "on", "power": "2 W" }, { "name": "idle", "power": "1 W", "after": "1 ms" } ] } } }
      \(extra) }
    """
  }

  static func csv(_ text: String) -> [[String]] {
    text.split(separator: "\r\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// An hour at 1 W draws 3,600 J = 3600 ÷ (3.6 × 3.6) = 277.777… mAh; battery life is
  /// 12,960 J ÷ 1 W = 12,960 s = 3.6 h. Both appear in the text (with the definition), in
  /// `summary.csv` (the mAh column at the end) and in `--json`.
  @Test func batteryLifeIsDefinedAndEnergyIsAlsoInMilliampHours() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.bulb(duration: "1 h", mah: "1000"), to: "hour.json")
    let run = CLI.run(["run", file, "--out", directory.path("out")])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("battery life 3.6 h, lowest charge 72.2%"))
    #expect(
      run.output.contains(
        "battery: drew 3.6 kJ (277.8 mAh) of 12.96 kJ (1000 mAh) at 3.6 V over 1 h unplugged"))
    #expect(
      run.output.contains(
        "(battery life = capacity ÷ average drain over the unplugged time the device ran; not given for a battery that ran out, whose ran-out time stands instead)"
      ))
    let summary = Self.csv(try directory.read("out/summary.csv"))
    // battery_energy_mah is column 12, before the thermal columns appended after it.
    #expect(summary[0][11] == "battery_energy_mah")
    #expect(summary[0][5] == "battery_life_h")
    #expect(summary[1][5] == "3.6")
    #expect(summary[1][11] == "277.777778")
    let json = CLI.run(["run", file, "--json"])
    for key in [
      #""life_h": 3.6"#, #""energy_mah": 277.777778"#, #""capacity_mah": 1000"#,
    ] {
      #expect(json.output.contains(key), "\(key)")
    }
  }

  /// 0.1 mAh at 3.6 V is 1.296 J: at 1 W the battery runs out at 1.296 s of 10 s. No battery
  /// life anywhere — empty in the CSV, null in `--json`, absent from the text — the ran-out
  /// time instead.
  @Test func aBatteryThatRanOutHasNoBatteryLife() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.bulb(duration: "10 s", mah: "0.1"), to: "flat.json")
    let run = CLI.run(["run", file, "--out", directory.path("out")])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("battery ran out at 1.296 s (off 8.704 s)"))
    #expect(!run.output.contains("battery life 0"))
    #expect(!run.output.contains("; battery life"))
    let summary = Self.csv(try directory.read("out/summary.csv"))
    #expect(summary[1][5] == "")
    #expect(summary[1][7] == "0.00036")
    #expect(summary[0][11] == "battery_energy_mah")
    #expect(summary[1][11] == "0.1")
    let json = CLI.run(["run", file, "--json"])
    #expect(json.output.contains(#""life_h": null"#))
    #expect(json.output.contains(#""ran_out_h": 0.00036"#))
  }

  /// A capacity given as energy has no nominal voltage: the mAh figures are empty and null,
  /// not invented.
  @Test func noMilliampHoursWithoutANominalVoltage() throws {
    let directory = try TemporaryDirectory()
    let scenario = Self.bulb(duration: "1 h", mah: "1000").replacingOccurrences(
      of: #""capacity_mah": 1000, "voltage": "3.6 V""#, with: #""capacity": "12960 J""#)
    let file = try directory.write(scenario, to: "energy.json")
    let run = CLI.run(["run", file, "--out", directory.path("out")])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("battery: drew 3.6 kJ of 12.96 kJ over 1 h unplugged"))
    let summary = Self.csv(try directory.read("out/summary.csv"))
    #expect(summary[1][5] == "3.6")
    #expect(summary[1].last == "")
    #expect(CLI.run(["run", file, "--json"]).output.contains(#""energy_mah": null"#))
  }

  /// Both alternatives run flat, so neither saves battery energy: the headline names the one
  /// that ran longest (0.1 mAh from 100% at 1 W: 1.296 s; from 50%: 648 ms), not a difference
  /// of attojoules; compare.csv leaves their battery lives empty.
  @Test func whenEveryAlternativeRunsFlatTheHeadlineNamesTheLongestRunning() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(
      Self.bulb(
        duration: "10 s", mah: "0.1",
        extra:
          #", "environment": { "battery_start": "50%" }, "variants": { "full": { "environment": { "battery_start": "100%" } } }"#
      ), to: "flat.json")
    let compare = CLI.run(["compare", file, "--out", directory.path("out")])
    #expect(compare.status == 0, "\(compare.error)")
    #expect(
      compare.output.contains(
        "\nEvery alternative ran out of battery, so none saves any: full ran the longest, out at 1.296 s (+648 ms vs baseline).\n"
      ))
    #expect(!compare.output.contains("µJ"))
    #expect(
      compare.output.contains("\nbattery energy            648 mJ (0.05 mAh)  1.296 J (0.1 mAh)"))
    let table = Self.csv(try directory.read("out/compare.csv"))
    let life = try #require(table[0].firstIndex(of: "battery_life_h"))
    #expect(table[1][life] == "" && table[2][life] == "")
    #expect(table[0].last == "battery_energy_mah")
    #expect(table[1].last == "0.05" && table[2].last == "0.1")
  }

  /// The shipped push scenario: the low-priority pushes save the most battery, but are collapsed
  /// and held back for up to 15 min. The headline says so in the same line.
  @Test func theLargestSavingCarriesWhatItCosts() throws {
    let outcome = CLI.run(["compare", CLI.scenario("messaging-push.json")])
    #expect(outcome.status == 0, "\(outcome.error)")
    let headline = try #require(
      outcome.output.split(separator: "\n").first { $0.hasPrefix("Largest battery saving: ") })
    #expect(headline.hasPrefix("Largest battery saving: push-low-collapsed, "))
    #expect(headline.contains("; at a cost: worst p99 latency 15.01 min in message (+15 min)"))
    #expect(headline.contains(" more held (lost, held back or collapsed)"))
  }
}
