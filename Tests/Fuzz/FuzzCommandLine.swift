// The libFuzzer target for the command line (see run-fuzzer.sh).
//
// Each input is a command line, one argument per line: `run scenario.json --out out --plot -`,
// `sweep scenario.json --set seed=1,2 --shard 1/3`, `compare many.json`, and whatever the fuzzer
// makes of them. It runs in-process, in a sandbox directory holding a few input files, and must
// leave the world as *Bad Input, Run Limits and Safe Output* says: an exit status of 0, 1 or 64
// with an `Error:` line on failure; the input files byte for byte as they were; no temporary file
// left behind. Arguments that would reach outside the sandbox (absolute paths but /dev/null,
// /dev/full and /dev/stdout; `..`) are rewritten to stay inside it, and the run limits are fixed
// small, so that every accepted run is quick.

import Foundation
import PowerSimCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entry point libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzCommandLine.check(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}

/// What one command line must survive.
enum FuzzCommandLine {
  /// The files every command line may read, by name inside the sandbox.
  static let inputs: [String: String] = [
    "scenario.json": #"""
    {
      "device": "phone", "duration": "2 s", "seed": 3,
      "environment": { "network": "wifi", "charging": [["1 s", "2 s"]] },
      "display": [ { "from": 0, "to": "1 s", "brightness": "50%", "appearance": "light" } ],
      "workloads": {
        "sync": { "every": "200 ms", "tolerance": "50 ms", "work": { "cpu": "2 ms", "write": "8 KiB" } },
        "ui": { "frames": "60 fps", "from": 0, "for": "500 ms", "work": { "cpu": "2 ms", "gpu": "4 ms" } },
        "replay": { "trace": "trace.csv" },
        "fetch": { "window": ["0.2 s", "1.5 s"], "requires": "charging", "work": { "download": "200 KB" } }
      },
      "variants": {
        "coalesced": { "workloads": { "sync": { "tolerance": "190 ms" } } },
        "dark": { "display": [ { "from": 0, "to": "1 s", "brightness": "50%", "appearance": "dark" } ] }
      }
    }
    """#,
    "trace.csv": "time,cpu,write\n0.1 s,1 ms,4 KiB\n0.7 s,3 ms,\n",
    "device.json": #"{ "extends": "phone", "battery": { "capacity_mah": 3000 } }"#,
    "other.json": #"""
    { "device": "device.json", "duration": "1 s", "workloads": { "tick": { "every": "100 ms", "work": { "cpu": "1 ms" } } } }
    """#,
    "many.json": manyVariants,
    // `check` and `calibrate` take the run limits too, so their runs are quick as well.
    "budgets.json": #"""
    { "budgets": [ { "scenario": "scenario.json", "max": { "energy": "100 J" } },
      { "scenario": "scenario.json", "variant": "coalesced", "workloads": { "sync": { "max": { "latency_p99": "1 s" } } } } ] }
    """#,
    "measured.csv": "time_s,power_w\n0,0.5\n0.5,0.9\n1,0.4\n1.5,0.7\n2,0.3\n",
  ]

  /// A scenario of 40 variants, for `compare` of many alternatives.
  static var manyVariants: String {
    let variants = (0..<40).map {
      #""v\#($0)": { "workloads": { "tick": { "every": "\#(10 + $0) ms" } } }"#
    }
    return #"""
      { "device": "phone", "duration": "1 s", "workloads": { "tick": { "every": "10 ms", "work": { "cpu": "1 ms" } } },
        "variants": { \#(variants.joined(separator: ", ")) } }
      """#
  }

  /// The sandbox: a fresh directory made once, the process's working directory from then on.
  static let sandbox: String = {
    var template = Array("/tmp/powersim-fuzz-command-line-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("cannot make the sandbox directory") }
    let path = String(cString: made)
    precondition(chdir(path) == 0)
    // Results written to `-` go to standard output: away from the fuzzer's log.
    let null = open("/dev/null", O_WRONLY)
    precondition(null >= 0 && dup2(null, 1) == 1)
    return path
  }()

  static let limits = ["--max-events", "200000"]

  static func check(_ bytes: [UInt8]) {
    _ = sandbox
    reset()
    let arguments = commandLine(bytes)
    let errors = Buffer()
    let status = PowerSim.main(
      arguments, console: Console(write: { _ in }, writeError: { errors.text += $0 }))
    precondition([0, 1, 64].contains(status), "exit status \(status) for \(arguments)")
    precondition(status == 0 || errors.text.hasPrefix("Error: "), "no error line for \(arguments)")
    for (name, text) in inputs {
      precondition(
        FileManager.default.contents(atPath: name) == Data(text.utf8),
        "\(name) changed by \(arguments)")
    }
    for path in everyPath(".") {
      let name = (path as NSString).lastPathComponent
      precondition(!name.hasSuffix(".tmp"), "temporary file \(path) left by \(arguments)")
    }
  }

  /// The input's lines as arguments, kept inside the sandbox, with the fuzz target's run limits.
  static func commandLine(_ bytes: [UInt8]) -> [String] {
    var arguments: [String] = []
    var skipNext = false
    // A file's last newline ends its last argument; it does not start an empty one.
    let lines = bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...]
    for line in lines.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      if skipNext {
        skipNext = false
        continue
      }
      var argument = String(decoding: line, as: UTF8.self)
      if argument == "--max-events" {
        skipNext = true
        continue
      }
      if argument.hasPrefix("--max-events=") { continue }
      argument = confined(argument)
      arguments.append(argument)
      if arguments.count >= 40 { break }
    }
    guard !arguments.isEmpty else { return arguments }
    // Options after the subcommand, so the limits apply whatever the fuzzer chose.
    return arguments + limits
  }

  /// `argument` with every absolute path and every `..` component made harmless: the sandbox is
  /// the only place a command line may write.
  static func confined(_ argument: String) -> String {
    // Device nodes that take any write harmlessly (standard output is /dev/null here).
    if ["/dev/null", "/dev/full", "/dev/stdout"].contains(argument) { return argument }
    var text = argument.replacingOccurrences(of: "..", with: "_")
    while text.hasPrefix("/") || text.hasPrefix("~") { text.removeFirst() }
    // `--out=/x`, `workloads.x.trace=/etc/…` and the like.
    text = text.replacingOccurrences(of: "=/", with: "=").replacingOccurrences(of: ",/", with: ",")
    return text
  }

  /// Puts the sandbox back as it was: the inputs, and nothing else.
  static func reset() {
    let manager = FileManager.default
    for name in (try? manager.contentsOfDirectory(atPath: ".")) ?? [] where inputs[name] == nil {
      try? manager.removeItem(atPath: name)
    }
    for (name, text) in inputs where manager.contents(atPath: name) != Data(text.utf8) {
      try? manager.removeItem(atPath: name)
      precondition(manager.createFile(atPath: name, contents: Data(text.utf8)))
    }
  }

  /// Every file and directory under `directory`.
  static func everyPath(_ directory: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    return enumerator.compactMap { $0 as? String }
  }

  /// Text a closure appends to.
  final class Buffer: @unchecked Sendable {
    var text = ""
  }
}
