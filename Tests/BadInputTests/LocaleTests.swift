import Foundation
import TestSupport
import Testing

/// The same input gives byte-identical output under any locale and time zone: a German locale
/// (decimal comma, dot for thousands) and the Chatham Islands' +12:45 against C and UTC.
@Suite struct LocaleTests {
  static let german = [
    "LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8", "LC_NUMERIC": "de_DE.UTF-8",
    "TZ": "Pacific/Chatham",
  ]
  static let plain = ["LANG": "C", "LC_ALL": "C", "LC_NUMERIC": "C", "TZ": "UTC"]

  @Test(arguments: [["--variant", "coalesced"], ["--json"]])
  func outputsAreByteIdenticalUnderAnyLocaleAndTimeZone(options: [String]) throws {
    let directory = try TemporaryDirectory()
    try directory.write(Scenarios.everything, to: "scenario.json")
    let german = try PowerSimProcess.run(
      ["run", "scenario.json"] + OutputNames.options("german") + options, in: directory.url,
      environment: Self.german, timeout: 120)
    let plain = try PowerSimProcess.run(
      ["run", "scenario.json"] + OutputNames.options("plain") + options, in: directory.url,
      environment: Self.plain, timeout: 120)
    #expect(german.exited(with: 0), "\(german)")
    #expect(plain.exited(with: 0), "\(plain)")
    #expect(!plain.standardOutput.isEmpty)
    #expect(german.standardOutput == plain.standardOutput)
    #expect(german.standardError == plain.standardError)
    let germanFiles = try OutputSafetyTests.snapshot(directory.url.appendingPathComponent("german"))
    let plainFiles = try OutputSafetyTests.snapshot(directory.url.appendingPathComponent("plain"))
    #expect(germanFiles.keys.sorted() == OutputNames.all)
    for name in OutputNames.all {
      #expect(germanFiles[name] == plainFiles[name], "\(name) differs")
    }
  }

  /// Error messages too: the numbers in them are the same everywhere.
  @Test func errorsAreByteIdenticalUnderAnyLocale() throws {
    let file = "limits/threads-times-timer.json"
    let german = try PowerSimProcess.run(["validate", file], environment: Self.german)
    let plain = try PowerSimProcess.run(["validate", file], environment: Self.plain)
    #expect(german.exited(with: 1) && plain.exited(with: 1))
    #expect(german.standardError == plain.standardError)
  }
}
