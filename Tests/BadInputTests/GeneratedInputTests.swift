import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hostile files too big, too deep or too strange to commit, made in a temporary directory by
/// each test and run through the real process: each must fail with an exact error, exit 1, in
/// reasonable time, and without exhausting the stack or memory.
@Suite struct GeneratedInputTests {
  /// Runs `validate` on `name` in `directory`, expecting `message` after `Error: `.
  func expectError(
    _ name: String, in directory: TemporaryDirectory, _ message: String, timeout: Double = 60
  ) throws {
    let outcome = try PowerSimProcess.run(
      ["validate", name], in: directory.url, timeout: timeout)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(outcome.standardError == "Error: \(message)\n")
    #expect(outcome.standardOutput == "")
  }

  @Test func hundredThousandOpeningBracketsStopAtTheNestingLimit() throws {
    let directory = try TemporaryDirectory()
    try directory.write(String(repeating: "[", count: 100_000), to: "deep.json")
    try expectError(
      "deep.json", in: directory,
      "deep.json:1:257: expected at most 256 levels of nesting, found deeper nesting")
  }

  @Test func deeplyNestedObjectsStopAtTheNestingLimit() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      String(repeating: #"{"x-a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000),
      to: "deep.json")
    try expectError(
      "deep.json", in: directory,
      "deep.json:1:1793: expected at most 256 levels of nesting, found deeper nesting")
  }

  /// 50 MB: a scenario whose note holds 50 million characters, with a typo at the end.
  @Test func fiftyMegabyteFileReportsItsErrorPosition() throws {
    let directory = try TemporaryDirectory()
    let padding = String(repeating: "abcdefghij", count: 5 * 1_024 * 1_024)
    try directory.write(
      "{\n  \"device\": \"phone\",\n  \"duration\": \"1 min\",\n  \"x-note\": \"\(padding)\",\n"
        + "  \"seed\": tru\n}\n", to: "big.json")
    try expectError(
      "big.json", in: directory, "big.json:5:11: expected a value, found 'tru'")
  }

  /// A file of six million tiny values would take gigabytes once parsed: refused at the limit.
  @Test func millionsOfValuesAreRefusedAtTheValueLimit() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      "{\"x-values\": [" + String(repeating: "0,", count: 6_000_000) + "0]}", to: "values.json")
    try expectError(
      "values.json", in: directory,
      "values.json:1:10000011: expected at most 5,000,000 values in one document, found more")
  }

  /// A 300 MB file, sparse so it takes no disk: refused by its size before anything is read.
  @Test func fileLargerThanTheInputLimitIsRefusedUnread() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("huge.json")
    #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 300 * 1_024 * 1_024)
    try handle.close()
    try expectError(
      "huge.json", in: directory,
      "huge.json: the file is larger than 256 MB, too large to be an input", timeout: 20)
  }

  /// A named pipe would block a reader for ever: refused without opening it.
  @Test func namedPipeAsDeviceFileIsRefusedWithoutBlocking() throws {
    let directory = try TemporaryDirectory()
    #expect(mkfifo(directory.path("pipe.json"), 0o644) == 0)
    try directory.write(#"{ "device": "pipe.json", "duration": "1 min" }"#, to: "scenario.json")
    try expectError(
      "scenario.json", in: directory,
      #"scenario.json: device: cannot read the device file "pipe.json": it is not a regular file (a device, pipe or socket)"#,
      timeout: 20)
  }

  /// A trace of more rows than a run may hold occurrences of.
  @Test func traceWithTooManyRowsIsRefused() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      "time,cpu\n" + String(repeating: "0,1\n", count: 5_000_001), to: "long.csv")
    try directory.write(
      #"{ "device": "phone", "duration": "1 min", "workloads": { "replay": { "trace": "long.csv" } } }"#,
      to: "scenario.json")
    try expectError(
      "scenario.json", in: directory,
      "long.csv: line 5000002: expected at most 5,000,000 rows after the header, found more")
  }

  /// Each variant is decoded in full, and `compare` simulates each: a thousand is the most.
  @Test func moreThanAThousandVariantsAreRefused() throws {
    let directory = try TemporaryDirectory()
    let variants = (0...1_000).map { #""v\#($0)": { "seed": \#($0) }"# }
    try directory.write(
      #"{ "device": "phone", "duration": "1 min", "variants": { \#(variants.joined(separator: ", ")) } }"#,
      to: "many.json")
    try expectError(
      "many.json", in: directory,
      "many.json: variants: expected at most 1,000 variants, found 1001 (sweep a parameter with powersim sweep instead)"
    )
  }

  /// A variant deleting each of 300,000 members: once quadratic (hours), now immediate.
  @Test func variantDeletingManyMembersIsQuick() throws {
    let directory = try TemporaryDirectory()
    let keys = (0..<300_000).map { "\"k\($0)\"" }
    try directory.write(
      #"{ "device": "phone", "duration": "1 min", "x-notes": { "#
        + keys.map { $0 + ": 0" }.joined(separator: ", ")
        + #" }, "variants": { "bare": { "x-notes": { "#
        + keys.map { $0 + ": null" }.joined(separator: ", ") + " } } } }",
      to: "notes.json")
    let outcome = try PowerSimProcess.run(
      ["validate", "notes.json"], in: directory.url, timeout: 60)
    #expect(outcome.exited(with: 0), "\(outcome)")
    #expect(outcome.standardOutput == "notes.json: ok (2 variants)\n")
  }

  /// A 4 MB bad value is quoted by its first characters and its length, not echoed whole.
  @Test func fourMegabyteValueIsQuotedByItsStartAndLength() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      #"{ "device": "phone", "duration": ""# + String(repeating: "a", count: 4_000_000) + "\" }",
      to: "long.json")
    try expectError(
      "long.json", in: directory,
      #"long.json: duration: expected a time such as "5 s" or "20 ms", found ""#
        + String(repeating: "a", count: 79) + #"…" (4,000,000 characters)"#)
  }

  /// A runaway key is quoted by its start and length, in the path as in the message.
  @Test func longUnknownKeyIsQuotedByItsStartAndLength() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      #"{ "device": "phone", "duration": "1 min", ""# + String(repeating: "k", count: 500_000)
        + #"": 1 }"#, to: "key.json")
    let excerpt = "\"" + String(repeating: "k", count: 79) + "…\" (500,000 characters)"
    try expectError(
      "key.json", in: directory,
      "key.json: [\(excerpt)]: unknown key \(excerpt) in a scenario (expected one of "
        + #""name", "description", "device", "device_patch", "duration", "seed", "environment", "display", "visibility", "apps", "workloads" or "variants")"#
    )
  }

  /// A key over a megabyte is refused at its opening quote, before the rest is read: a 240 MB
  /// key once took 2 GB and minutes.
  @Test func keyLongerThanAMegabyteIsRefusedAtItsStart() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      #"{ "device": "phone", ""# + String(repeating: "k", count: 2_000_000) + #"": 1 }"#,
      to: "key.json")
    try expectError(
      "key.json", in: directory,
      "key.json:1:22: expected a key of at most 1,000,000 bytes, found a longer one")
  }

  /// A number over a megabyte of digits is refused at its start.
  @Test func numberLongerThanAMegabyteIsRefusedAtItsStart() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      #"{ "device": "phone", "seed": "# + String(repeating: "1", count: 2_000_000) + " }",
      to: "number.json")
    try expectError(
      "number.json", in: directory,
      "number.json:1:30: expected a number of at most 1,000,000 characters, found one of 2,000,000"
    )
  }

  /// A trace cell over a megabyte is refused with its line and column: a 250 MB row once took
  /// gigabytes.
  @Test func traceFieldLongerThanAMegabyteIsRefusedWithItsPlace() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      "time,cpu\n1 s,2 ms\n2 s," + String(repeating: "1", count: 2_000_000) + "\n", to: "long.csv")
    try directory.write(
      #"{ "device": "phone", "duration": "1 min", "workloads": { "replay": { "trace": "long.csv" } } }"#,
      to: "scenario.json")
    try expectError(
      "scenario.json", in: directory,
      "long.csv: line 3, column 5: expected a field of at most 1,000,000 bytes, found a longer one")
  }

  /// Four million leading zeros in a quantity: read in linear time (once two minutes).
  @Test func fourMillionLeadingZerosAreReadQuickly() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      #"{ "device": "phone", "duration": ""# + String(repeating: "0", count: 4_000_000)
        + #"1 min" }"#, to: "zeros.json")
    let outcome = try PowerSimProcess.run(["validate", "zeros.json"], in: directory.url)
    #expect(outcome.exited(with: 0), "\(outcome)")
    #expect(outcome.standardOutput == "zeros.json: ok (1 variant)\n")
  }

  /// A trace saved by a spreadsheet starts with a UTF-8 byte-order mark and ends lines with CR
  /// LF: it is read as JSON files are, the mark skipped.
  @Test func traceWithAByteOrderMarkIsAccepted() throws {
    let directory = try TemporaryDirectory()
    try directory.write("\u{FEFF}time,cpu\r\n1 s,2 ms\r\n2 s,3 ms\r\n", to: "excel.csv")
    try directory.write(
      #"{ "device": "phone", "duration": "1 min", "workloads": { "replay": { "trace": "excel.csv" } } }"#,
      to: "scenario.json")
    let outcome = try PowerSimProcess.run(["validate", "scenario.json"], in: directory.url)
    #expect(outcome.exited(with: 0), "\(outcome)")
    #expect(outcome.standardOutput == "scenario.json: ok (1 variant)\n")
  }

  /// The scenario path itself: missing, a directory, a device.
  @Test(arguments: [
    ("missing.json", "missing.json: cannot read the file: it does not exist"),
    (".", ".: cannot read the file: it is a directory"),
    (
      "/dev/null",
      "/dev/null: cannot read the file: it is not a regular file (a device, pipe or socket)"
    ),
  ])
  func scenarioPathThatIsNotAFile(path: String, message: String) throws {
    let directory = try TemporaryDirectory()
    try expectError(path, in: directory, message)
  }
}
