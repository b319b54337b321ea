import DeviceModels
import Quantities
import ScenarioFiles
import TestSupport
import Testing

/// The scenario's top level: required and optional keys, the seed, names, unknown keys, syntax
/// errors, and the environment and display basics.
@Suite struct ScenarioDecoderTests {
  @Test func minimalScenario() throws {
    let scenario = try decodeScenario(gpsScenario(), file: "dir/gps.json")
    #expect(scenario.name == "gps.json", "without a name, the file's name")
    #expect(scenario.description == nil)
    #expect(scenario.variant == "baseline")
    #expect(scenario.file == "dir/gps.json")
    #expect(scenario.setup.duration == .seconds(20))
    #expect(scenario.setup.seed == 0, "the seed defaults to 0")
    #expect(scenario.setup.workloads.isEmpty)
    #expect(scenario.setup.display.isEmpty)
    #expect(scenario.setup.visibility == nil)
    #expect(scenario.setup.environment.charging.isEmpty)
    #expect(scenario.setup.environment.batteryStart == .one)
    #expect(scenario.setup.environment.network.isEmpty, "the board has no radio")
  }

  @Test func namesSeedAndNotes() throws {
    let scenario = try decodeScenario(
      gpsScenario(
        extra:
          #", "name": "GPS", "description": "Two fixes.", "seed": 42, "$schema": "schema.json", "x-author": "me""#
      ))
    #expect(scenario.name == "GPS")
    #expect(scenario.description == "Two fixes.")
    #expect(scenario.setup.seed == 42)
  }

  @Test func seedErrors() {
    #expect(
      scenarioError(gpsScenario(extra: #", "seed": -1"#))
        == "test.json: seed: expected a whole number of at least 0, found -1")
    #expect(
      scenarioError(gpsScenario(extra: #", "seed": 1.5"#))
        == "test.json: seed: expected a whole number, found 1.5")
    #expect(
      scenarioError(gpsScenario(extra: #", "seed": "7""#))
        == "test.json: seed: expected a whole number, found \"7\"")
  }

  /// Durations are required, positive, and at most 366 days (see *Quantities and units*).
  @Test func durationErrors() throws {
    let device = #""device": "devboard""#
    #expect(
      scenarioError("{ \(device) }")
        == #"test.json: a scenario needs the key "duration", which is missing"#)
    #expect(
      scenarioError(#"{ \#(device), "duration": "0 s" }"#)
        == #"test.json: duration: expected a time greater than zero, found "0 s""#)
    #expect(
      scenarioError(#"{ \#(device), "duration": "367 d" }"#)
        == #"test.json: duration: expected a duration of at most 366 days, found "367 d""#)
    #expect(scenarioError(#"{ \#(device), "duration": "366 d" }"#) == nil)
    #expect(
      scenarioError(#"{ \#(device), "duration": true }"#)
        == "test.json: duration: expected a time (a number or a string with a unit), found true")
    #expect(
      scenarioError(#"{ \#(device), "duration": "1e30 s" }"#)
        == #"test.json: duration: expected a duration of at most 366 days, found "1e30 s""#
    )
    // A bare number is in seconds.
    #expect(try decodeScenario(#"{ \#(device), "duration": 90 }"#).setup.duration == .seconds(90))
  }

  /// Unknown keys are errors at every level, except `$…` and `x-…`.
  @Test func unknownKeys() {
    #expect(
      scenarioError(gpsScenario(extra: #", "wrkloads": {}"#))
        == #"test.json: wrkloads: unknown key "wrkloads" in a scenario (did you mean "workloads"?)"#
    )
    #expect(
      scenarioError(
        gpsScenario(
          workloads: #"{ "fix": { "at": "1 s", "work": { "gps": "1 s" }, "tolerence": "1 s" } }"#))
        == #"test.json: workloads.fix.tolerence: unknown key "tolerence" in a workload (did you mean "tolerance"?)"#
    )
    #expect(
      scenarioError(gpsScenario(extra: #", "environment": { "battery": "50%" }"#))
        == #"test.json: environment.battery: unknown key "battery" in an environment (expected one of "network", "charging", "battery_start", "low_power" or "ambient")"#
    )
    // Notes are allowed everywhere.
    #expect(
      scenarioError(
        gpsScenario(
          workloads:
            #"{ "fix": { "at": "1 s", "x-why": "a fix", "$comment": "", "work": { "gps": "1 s", "x-note": 1 } } }"#,
          extra: #", "x-notes": [1, 2], "environment": { "x-a": 0 }"#)) == nil)
  }

  @Test func syntaxErrorsNameTheFileLineAndColumn() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(
      "{\n  \"device\": \"devboard\",\n  \"duration\": \"1 s\"\n  \"seed\": 1\n}\n", to: "bad.json")
    #expect(
      fileError(file) == "\(file):4:3: expected ',' or '}' after an object member, found '\"'")
    let duplicate = try directory.write(
      "{ \"device\": \"devboard\", \"duration\": \"1 s\", \"duration\": \"2 s\" }", to: "dup.json")
    #expect(
      fileError(duplicate)
        == "\(duplicate):1:44: expected each key once in an object, found \"duration\" again (first at line 1, column 25)"
    )
    let missing = directory.path + "/missing.json"
    #expect(fileError(missing) == "\(missing): cannot read the file: it does not exist")
    #expect(
      fileError(directory.path) == "\(directory.path): cannot read the file: it is a directory")
    let list = try directory.write("[]", to: "list.json")
    #expect(fileError(list) == "\(list): expected a scenario object, found an array")
  }

  @Test func environment() throws {
    let scenario = try decodeScenario(
      #"""
      { "device": "phone", "duration": "10 h",
        "environment": { "network": "cellular", "charging": [["8 h", "9 h"]], "battery_start": "40%" } }
      """#)
    let environment = scenario.setup.environment
    let tenHours = Instant(nanosecondsSinceStart: TimeSpan.hours(10).nanoseconds)
    #expect(
      environment.network == [
        NetworkInterval(range: TimeRange(start: .start, end: tenHours), radio: "cellular")
      ])
    #expect(
      environment.charging == [
        TimeRange(
          start: Instant(nanosecondsSinceStart: TimeSpan.hours(8).nanoseconds),
          end: Instant(nanosecondsSinceStart: TimeSpan.hours(9).nanoseconds))
      ])
    #expect(environment.batteryStart == Fraction(0.4))
    // Without "network", Wi-Fi carries traffic when the device has it.
    let defaults = try decodeScenario(#"{ "device": "phone", "duration": "10 h" }"#)
    #expect(defaults.setup.environment.network.map(\.radio) == ["wifi"])
  }

  @Test func networkIntervalsMustCoverTheRun() {
    #expect(
      scenarioError(
        #"{ "device": "phone", "duration": "10 s", "environment": { "network": [ { "from": "0 s", "to": "5 s", "network": "wifi" }, { "from": "6 s", "to": "10 s", "network": "cellular" } ] } }"#
      )
        == "test.json: environment.network[1].from: network intervals must cover the run without gaps or overlaps; expected this one to start at 5 s, found 6 s"
    )
    #expect(
      scenarioError(
        #"{ "device": "phone", "duration": "10 s", "environment": { "network": "lte" } }"#)
        == #"test.json: environment.network: expected a network the device has a radio for ("cellular" or "wifi"), found "lte""#
    )
  }

  @Test func displayAndVisibility() throws {
    let scenario = try decodeScenario(
      #"""
      { "device": "phone", "duration": "10 min",
        "display": [ { "from": "0 s", "to": "5 min", "brightness": "50%", "appearance": "dark" },
                     { "from": "6 min", "to": "7 min", "brightness": 1, "apl": "30%" } ],
        "visibility": [ ["0 s", "5 min"] ] }
      """#)
    let minute = TimeSpan.minutes(1).nanoseconds
    #expect(
      scenario.setup.display == [
        DisplaySession(
          range: TimeRange(start: .start, end: Instant(nanosecondsSinceStart: 5 * minute)),
          brightness: Fraction(0.5), content: .appearance(.dark)),
        DisplaySession(
          range: TimeRange(
            start: Instant(nanosecondsSinceStart: 6 * minute),
            end: Instant(nanosecondsSinceStart: 7 * minute)),
          brightness: .one, content: .averagePixelLevel(Fraction(0.3))),
      ])
    #expect(
      scenario.setup.visibility == [
        TimeRange(start: .start, end: Instant(nanosecondsSinceStart: 5 * minute))
      ])
    #expect(
      scenarioError(
        #"{ "device": "phone", "duration": "10 min", "display": [ { "from": "0 s", "to": "5 min", "brightness": "150%", "appearance": "dark" } ] }"#
      )
        == #"test.json: display[0].brightness: expected a fraction between 0 and 1 (or "0%" to "100%"), found "150%""#
    )
    #expect(
      scenarioError(
        gpsScenario(
          extra: #", "display": [ { "from": "0 s", "to": "1 s", "brightness": 1, "apl": 1 } ]"#))
        == "test.json: display: the device has no display component to turn on")
  }
}
