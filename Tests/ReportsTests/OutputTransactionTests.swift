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

  /// The inode of the file at `path`.
  static func inode(_ path: String) -> UInt64 {
    var status = stat()
    return stat(path, &status) == 0 ? UInt64(status.st_ino) : 0
  }

  /// Names in `directory` that have the shape of a temporary directory's.
  static func temporaryDirectories(in directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).filter {
      TemporaryName.processID(in: $0, suffix: TemporaryName.directorySuffix) != nil
    }
  }

  /// Two files committed into one directory replace their old versions at once: the directory
  /// is exchanged with a copy (a new inode at the same path), which holds the new files and the
  /// user's own file, by the same inode (a hard link), and no temporary is left anywhere.
  @Test func aCommitExchangesTheDirectoryAndKeepsTheRest() throws {
    let directory = try TemporaryDirectory()
    let out = directory.path("out")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    try "old a\n".write(toFile: out + "/a.csv", atomically: false, encoding: .utf8)
    try "mine\n".write(toFile: out + "/notes.txt", atomically: false, encoding: .utf8)
    let notes = Self.inode(out + "/notes.txt")
    let before = Self.inode(out)
    try OutputTransaction.write([(out + "/a.csv", "new a\n"), (out + "/b.csv", "new b\n")])
    #expect(Self.inode(out) != before)
    #expect(try directory.read("out/a.csv") == "new a\n")
    #expect(try directory.read("out/b.csv") == "new b\n")
    #expect(try directory.read("out/notes.txt") == "mine\n")
    #expect(Self.inode(out + "/notes.txt") == notes)
    #expect(
      try Set(FileManager.default.contentsOfDirectory(atPath: out)) == [
        "a.csv", "b.csv", "notes.txt",
      ])
    #expect(try Self.temporaryDirectories(in: directory.path).isEmpty)
  }

  /// A directory with a subdirectory (which cannot be hard-linked into a copy) is not
  /// exchanged: the files are renamed one by one, and the subdirectory stays.
  @Test func aDirectoryWithASubdirectoryIsNotExchanged() throws {
    let directory = try TemporaryDirectory()
    let out = directory.path("out")
    try FileManager.default.createDirectory(
      atPath: out + "/kept", withIntermediateDirectories: true)
    let before = Self.inode(out)
    try OutputTransaction.write([(out + "/a.csv", "a\n"), (out + "/b.csv", "b\n")])
    #expect(Self.inode(out) == before)
    #expect(try directory.read("out/a.csv") == "a\n")
    #expect(
      try Set(FileManager.default.contentsOfDirectory(atPath: out)) == ["a.csv", "b.csv", "kept"])
    #expect(try Self.temporaryDirectories(in: directory.path).isEmpty)
  }

  /// A temporary directory a killed run left (its process, 2147483646, gone) is removed with
  /// its files; a file it held a link to stays in its own directory. One holding a subdirectory
  /// keeps it and stays (nothing inside a subdirectory is ever removed), and so does one of a
  /// live process (this one).
  @Test func staleTemporaryDirectoriesAreRemoved() throws {
    let directory = try TemporaryDirectory()
    let stale = directory.path(".powersim-tmp-2147483646-0123456789abcdef.dir")
    let nested = directory.path(".powersim-tmp-2147483646-fedcba9876543210.dir")
    let live = directory.path(TemporaryName.make(suffix: TemporaryName.directorySuffix))
    for path in [stale, nested + "/sub", live] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    try directory.write("mine\n", to: "notes.txt")
    try FileManager.default.linkItem(
      atPath: directory.path("notes.txt"), toPath: stale + "/notes.txt")
    try "old\n".write(toFile: stale + "/power.csv", atomically: false, encoding: .utf8)
    StaleTemporaries.removeDirectories(in: directory.path)
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(FileManager.default.fileExists(atPath: nested + "/sub"))
    #expect(FileManager.default.fileExists(atPath: live))
    #expect(try directory.read("notes.txt") == "mine\n")
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
