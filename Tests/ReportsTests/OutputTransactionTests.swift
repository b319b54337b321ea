import Foundation
import TestSupport
import Testing

@testable import Reports

/// Output transactions in one directory: concurrent commits never mix, temporaries have a fixed
/// short name that says which process made them.
@Suite struct OutputTransactionTests {
  /// The files each writer commits, all at once.
  static let names = ["a.csv", "b.csv", "c.csv", "d.csv", "e.csv", "f.csv", "g.csv", "h.csv"]

  @Test func concurrentCommitsIntoOneDirectoryNeverLeaveAMix() throws {
    let directory = try TemporaryDirectory()
    for round in 0..<60 {
      let start = DispatchGroup()
      start.enter()
      DispatchQueue.concurrentPerform(iterations: 2) { writer in
        if writer == 0 { start.leave() } else { start.wait() }
        let transaction = OutputTransaction()
        for name in Self.names {
          try? transaction.write("writer \(writer)\n", to: directory.path(name))
        }
        try? transaction.commit()
      }
      let contents = try Set(Self.names.map { try directory.read($0) })
      #expect(contents.count == 1, "round \(round): a mix of \(contents.sorted())")
      if contents.count != 1 { break }
    }
  }

  @Test func temporaryNamesHaveAFixedLengthAndTheirProcess() {
    let name = TemporaryName.make()
    #expect(name.count == TemporaryName.length)
    #expect(TemporaryName.length == 45)
    #expect(TemporaryName.processID(in: name) == getpid())
    // Only that exact shape: not the names of older versions, nor a user's look-alikes.
    #expect(TemporaryName.processID(in: ".powersim-power.csv.4242.17.tmp") == nil)
    #expect(TemporaryName.processID(in: ".powersim-0000004242-0000beef.tmp") == nil)
    #expect(TemporaryName.processID(in: ".powersim-tmp-0000004242-0123456789abcdef.tmp") == 4242)
    #expect(TemporaryName.processID(in: ".powersim-tmp-000000424x-0123456789abcdef.tmp") == nil)
    #expect(TemporaryName.processID(in: ".powersim-notes.tmp") == nil)
    #expect(TemporaryName.processID(in: "power.csv") == nil)
  }

  /// The cleanup removes only what a killed powersim run left: a temporary of the exact shape
  /// whose process (pid 2147483646, which no Linux or macOS process has) is gone. A user's file
  /// named like an older version's temporary stays, and so does one of the right shape that has
  /// a second link (the user's own file under another name).
  @Test func staleCleanupRemovesOnlyPowersimTemporaries() throws {
    let directory = try TemporaryDirectory()
    let stale = ".powersim-tmp-2147483646-0123456789abcdef.tmp"
    let linked = ".powersim-tmp-2147483646-fedcba9876543210.tmp"
    let lookAlikes = [
      ".powersim-notes.4242.17.tmp", ".powersim-2147483646-0000beef.tmp", ".powersim-notes.tmp",
    ]
    for name in [stale, linked] + lookAlikes { try directory.write("mine", to: name) }
    try FileManager.default.linkItem(
      atPath: directory.path(linked), toPath: directory.path("my-notes.txt"))
    StaleTemporaries.remove(in: directory.path)
    let left = try Set(FileManager.default.contentsOfDirectory(atPath: directory.path))
    #expect(left == Set(lookAlikes + [linked, "my-notes.txt"]))
  }

  @Test func pathsAreQuotedShortInMessages() {
    #expect(OutputPath.shown("") == "\"\"")
    #expect(OutputPath.shown("-") == "standard output (-)")
    #expect(OutputPath.shown("out/power.csv") == "out/power.csv")
    let long = String(repeating: "a", count: 50) + String(repeating: "b", count: 50)
    let shown = OutputPath.shown(long)
    #expect(shown.count == 79)
    #expect(shown.hasPrefix("aaa") && shown.hasSuffix("bbb") && shown.contains("…"))
  }

  @Test func directoryOfAnyPathNeverTraps() {
    #expect(OutputPath.directory(of: "a") == ".")
    #expect(OutputPath.directory(of: "-") == ".")
    #expect(OutputPath.directory(of: "/a") == "/")
    #expect(OutputPath.directory(of: "out/a.csv") == "out")
  }
}
