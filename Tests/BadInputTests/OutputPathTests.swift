import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Output that never harms (see *Bad Input, Run Limits and Safe Output*): where an output path
/// leads — standard output, a symbolic link, a device, a FIFO, an input of the run, another output
/// of the run, an empty path — and what a failed write to standard output or error does.
@Suite struct OutputPathTests {
  /// A directory holding `scenario.json` (the short scenario of every kind of workload).
  static func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write(Scenarios.everything, to: "scenario.json")
    return directory
  }

  /// The file type bits of what `path` names itself (a link is not followed).
  static func fileType(_ path: String) -> mode_t {
    var status = stat()
    guard lstat(path, &status) == 0 else { return 0 }
    return status.st_mode & S_IFMT
  }

  /// The names in `directory` of temporary output files.
  static func temporaries(in directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
      .filter { $0.hasPrefix(".powersim-") }
  }

  @Test func oneCharacterPlotPathIsWrittenInTheWorkingDirectory() throws {
    let directory = try Self.directory()
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", "--plot", "a"], in: directory.url, timeout: 120)
    #expect(outcome.exited(with: 0), "\(outcome)")
    #expect(try directory.read("a").hasPrefix("<?xml"))
    #expect(Self.temporaries(in: directory.path).isEmpty)
  }

  @Test(arguments: [
    ("--trace", "-", "trace.json"), ("--plot", "-", "power.svg"),
    ("--plot", "/dev/stdout", "power.svg"),
  ])
  func dashAndDevStdoutAreStandardOutputWithoutTheSummary(
    option: String, path: String, file: String
  ) throws {
    let directory = try Self.directory()
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", option, path], in: directory.url, timeout: 120)
    #expect(outcome.exited(with: 0), "\(outcome)")
    #expect(outcome.standardError == "")
    // Standard output holds the file, byte for byte as written to a file, and nothing else.
    let written = try PowerSimProcess.run(
      ["run", "scenario.json", option, file], in: directory.url, timeout: 120)
    #expect(written.exited(with: 0), "\(written)")
    #expect(outcome.standardOutput == (try directory.read(file)))
  }

  @Test func comparePlotToStandardOutputTakesItWhole() throws {
    let directory = try Self.directory()
    let outcome = try PowerSimProcess.run(
      ["compare", "scenario.json", "--jobs", "1", "--plot", "-"], in: directory.url, timeout: 120)
    #expect(outcome.exited(with: 0), "\(outcome)")
    #expect(outcome.standardOutput.hasPrefix("<?xml"))
    #expect(outcome.standardOutput.hasSuffix("</svg>\n"))
  }

  @Test(arguments: [
    (
      ["--out", "-"],
      "Error: standard output (-): cannot hold a directory of files (only a single file, such as --plot or --trace, can be written to -)\n"
    ),
    (["--out", ""], "Error: \"\": an output directory cannot be an empty path\n"),
    (["--plot", ""], "Error: \"\": an output path cannot be empty\n"),
    (
      ["--plot", "-", "--trace", "/dev/stdout"],
      "Error: /dev/stdout: cannot write an output there: this run writes another output to it (as standard output (-))\n"
    ),
  ])
  func meaninglessOutputPathsAreErrors(options: [String], message: String) throws {
    let directory = try Self.directory()
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json"] + options, in: directory.url, timeout: 120)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(outcome.standardError == message)
    #expect(outcome.standardOutput == "")
  }

  @Test func jsonAndAnOutputOnStandardOutputAreAUsageError() throws {
    let directory = try Self.directory()
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", "--json", "--trace", "-"], in: directory.url, timeout: 120)
    #expect(outcome.exited(with: 64), "\(outcome)")
    #expect(
      outcome.standardError.hasPrefix(
        "Error: --json prints to standard output, which --plot or --trace already writes to\n"))
  }

  @Test func symbolicLinkIsFollowedAndItsTargetReplaced() throws {
    let directory = try Self.directory()
    try directory.write("old", to: "plots/target.svg")
    let link = directory.path("power.svg")
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: "plots/target.svg")
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", "--plot", "power.svg"], in: directory.url, timeout: 120)
    #expect(outcome.exited(with: 0), "\(outcome)")
    #expect(Self.fileType(link) == S_IFLNK)
    #expect(try directory.read("plots/target.svg").hasPrefix("<?xml"))
    #expect(Self.temporaries(in: directory.path("plots")).isEmpty)
  }

  @Test func danglingSymbolicLinkCreatesItsTarget() throws {
    let directory = try Self.directory()
    let link = directory.path("trace.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "made.json")
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", "--trace", "trace.json"], in: directory.url, timeout: 120)
    #expect(outcome.exited(with: 0), "\(outcome)")
    #expect(Self.fileType(link) == S_IFLNK)
    #expect(try directory.read("made.json").hasPrefix(#"{"traceEvents":["#))
  }

  @Test func deviceIsWrittenThroughNeverReplaced() throws {
    let directory = try Self.directory()
    // A symbolic link to /dev/null is followed to the device, which is written, not replaced.
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("null.svg"), withDestinationPath: "/dev/null")
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", "--plot", "/dev/null", "--trace", "null.svg"], in: directory.url,
      timeout: 120)
    #expect(outcome.exited(with: 1), "two outputs to one device: \(outcome)")
    let single = try PowerSimProcess.run(
      ["run", "scenario.json", "--plot", "null.svg"], in: directory.url, timeout: 120)
    #expect(single.exited(with: 0), "\(single)")
    #expect(Self.fileType("/dev/null") == S_IFCHR)
    #expect(Self.fileType(directory.path("null.svg")) == S_IFLNK)
    #expect(Self.temporaries(in: "/dev").isEmpty)
  }

  @Test func fifoIsWrittenThroughNeverReplaced() throws {
    let directory = try Self.directory()
    let fifo = directory.path("trace.fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    // A reader in its own process, so nothing here blocks if powersim never opens the FIFO.
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/sh")
    reader.arguments = ["-c", "cat trace.fifo > received.json"]
    reader.currentDirectoryURL = directory.url
    try reader.run()
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", "--trace", "trace.fifo"], in: directory.url, timeout: 120)
    let deadline = Date().addingTimeInterval(30)
    while reader.isRunning && Date() < deadline { usleep(10_000) }
    if reader.isRunning { reader.terminate() }
    #expect(outcome.exited(with: 0), "\(outcome)")
    #expect(Self.fileType(fifo) == S_IFIFO)
    #expect(try directory.read("received.json").hasPrefix(#"{"traceEvents":["#))
    #expect(Self.temporaries(in: directory.path).isEmpty)
  }

  @Test func outputOntoAnInputIsAnErrorAndLeavesTheInput() throws {
    let directory = try Self.directory()
    try directory.write(
      Scenarios.everything.replacingOccurrences(of: #""phone""#, with: #""phone-copy.json""#),
      to: "uses-device.json")
    let device = try PowerSimProcess.run(["device", "show", "phone"], in: directory.url)
    try directory.write(device.standardOutput, to: "phone-copy.json")
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("alias.svg"), withDestinationPath: "scenario.json")
    let cases: [([String], String)] = [
      (
        ["run", "scenario.json", "--plot", "scenario.json"],
        "Error: scenario.json: cannot write an output there: this run reads it as an input\n"
      ),
      (
        ["run", "scenario.json", "--trace", "./alias.svg"],
        "Error: ./alias.svg: cannot write an output there: this run reads it as an input (as scenario.json)\n"
      ),
      (
        ["run", "uses-device.json", "--plot", "phone-copy.json"],
        "Error: phone-copy.json: cannot write an output there: this run reads it as an input\n"
      ),
      (
        ["compare", "scenario.json", "--plot", "scenario.json"],
        "Error: scenario.json: cannot write an output there: this run reads it as an input\n"
      ),
      (
        ["sweep", "scenario.json", "--set", "seed=1,2", "--plot", "scenario.json"],
        "Error: scenario.json: cannot write an output there: this run reads it as an input\n"
      ),
    ]
    let scenario = try directory.read("scenario.json")
    let deviceFile = try directory.read("phone-copy.json")
    for (arguments, message) in cases {
      let outcome = try PowerSimProcess.run(arguments, in: directory.url, timeout: 120)
      #expect(outcome.exited(with: 1), "\(arguments): \(outcome)")
      #expect(outcome.standardError == message)
    }
    #expect(try directory.read("scenario.json") == scenario)
    #expect(try directory.read("phone-copy.json") == deviceFile)
  }

  @Test func outputOntoAnotherOutputIsAnErrorBeforeTheRun() throws {
    let directory = try Self.directory()
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", "--out", "out", "--plot", "out/summary.csv"], in: directory.url,
      timeout: 120)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(
      outcome.standardError
        == "Error: out/summary.csv: cannot write an output there: this run writes another output to it\n"
    )
    #expect(!FileManager.default.fileExists(atPath: directory.path("out/summary.csv")))
  }

  @Test func nameAsLongAsTheFileSystemAllowsIsWritten() throws {
    let directory = try Self.directory()
    let name = String(repeating: "x", count: 246) + ".svg"
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", "--plot", name], in: directory.url, timeout: 120)
    #expect(outcome.exited(with: 0), "\(outcome)")
    #expect(try directory.read(name).hasPrefix("<?xml"))
  }

  @Test func failedWriteToStandardOutputIsAnError() throws {
    let directory = try Self.directory()
    for arguments in [
      ["schema"], ["run", "scenario.json"], ["run", "scenario.json", "--plot", "-"],
    ] {
      let outcome = try PowerSimProcess.start(
        arguments, in: directory.url, shellPrefix: "exec >/dev/full"
      ).wait(timeout: 120)
      #expect(outcome.exited(with: 1), "\(arguments): \(outcome)")
      #expect(outcome.standardError.hasSuffix("No space left on device (errno 28)\n"), "\(outcome)")
    }
  }

  @Test func closedPipeWithSIGPIPEIgnoredIsAnError() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "trap '' PIPE; exec \"$0\" schema", PowerSimProcess.executable.path]
    let pipe = Pipe()
    let errors = try TemporaryDirectory()
    let errorPath = errors.path("stderr")
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    process.standardOutput = pipe
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    try process.run()
    try pipe.fileHandleForReading.close()
    try pipe.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning && Date() < deadline { usleep(5_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 1)
    #expect(
      try errors.read("stderr") == "Error: standard output: cannot write: Broken pipe (errno 32)\n")
  }

  @Test func failedWriteToStandardErrorExitsOne() throws {
    let directory = try Self.directory()
    let outcome = try PowerSimProcess.start(
      ["run", "missing.json"], in: directory.url, shellPrefix: "exec 2>/dev/full"
    ).wait(timeout: 60)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(outcome.standardOutput == "")
  }

  @Test func staleTemporariesOfAKilledRunAreRemovedByTheNextRun() throws {
    let directory = try Self.directory()
    try directory.write(Scenarios.month, to: "month.json")
    let out = directory.path("out")
    let killed = try PowerSimProcess.start(
      ["run", "month.json", "--out", "out"], in: directory.url)
    let deadline = Date().addingTimeInterval(60)
    while Self.temporaries(in: out).isEmpty, Date() < deadline, killed.process.isRunning {
      usleep(10_000)
    }
    killed.send(SIGKILL)
    _ = try killed.wait(timeout: 30)
    let left = Self.temporaries(in: out)
    #expect(!left.isEmpty, "the killed run left no temporary file to clean")
    // A fixed length, whatever the destination's name: `.powersim-tmp-PPPPPPPPPP-R….tmp`.
    #expect(left.allSatisfy { $0.count == 45 }, "\(left)")
    let next = try PowerSimProcess.run(
      ["run", "scenario.json", "--out", "out"], in: directory.url, timeout: 120)
    #expect(next.exited(with: 0), "\(next)")
    #expect(Self.temporaries(in: out).isEmpty)
  }

  @Test func directoryThatCannotBeCreatedSaysWhy() throws {
    let directory = try Self.directory()
    // `gone` is a link to nothing: `gone/out` cannot be made.
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("gone"), withDestinationPath: "nowhere/at/all")
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", "--out", "gone/out"], in: directory.url, timeout: 120)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(
      outcome.standardError
        == "Error: gone/out: cannot create the directory: No such file or directory (errno 2)\n")
  }

  @Test func absurdlyLongPathIsQuotedShortWithTheRealReason() throws {
    let directory = try Self.directory()
    let long = String(repeating: "d", count: 300)
    let outcome = try PowerSimProcess.run(
      ["run", "scenario.json", "--out", long], in: directory.url, timeout: 120)
    #expect(outcome.exited(with: 1), "\(outcome)")
    let shown = String(repeating: "d", count: 39) + "…" + String(repeating: "d", count: 27)
    #expect(
      outcome.standardError
        == "Error: \(shown)/summary.csv: cannot write the file: File name too long (errno 36)\n")
  }

  @Test func inputPathErrorsSayWhyFromErrno() throws {
    let directory = try Self.directory()
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("loop-a.json"), withDestinationPath: "loop-b.json")
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("loop-b.json"), withDestinationPath: "loop-a.json")
    let loop = try PowerSimProcess.run(["run", "loop-a.json"], in: directory.url)
    #expect(loop.exited(with: 1), "\(loop)")
    #expect(
      loop.standardError
        == "Error: loop-a.json: cannot read the file: Too many levels of symbolic links (errno 40)\n"
    )
    let long = String(repeating: "n", count: 300) + ".json"
    let tooLong = try PowerSimProcess.run(["run", long], in: directory.url)
    #expect(tooLong.exited(with: 1), "\(tooLong)")
    #expect(
      tooLong.standardError.hasSuffix("cannot read the file: File name too long (errno 36)\n"))
    #expect(!tooLong.standardError.contains("permission denied"))
  }

  @Test func nulByteInADevicePathIsRefused() throws {
    let directory = try Self.directory()
    let device = try PowerSimProcess.run(["device", "show", "phone"], in: directory.url)
    try directory.write(device.standardOutput, to: "phone.json")
    try directory.write(
      Scenarios.everything.replacingOccurrences(
        of: #""phone""#, with: #""phone.json\u0000ignored.json""#),
      to: "nul.json")
    let outcome = try PowerSimProcess.run(["run", "nul.json"], in: directory.url)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(outcome.standardError.contains("its path contains a NUL byte"), "\(outcome)")
  }
}
