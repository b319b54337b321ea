import Foundation
import PowerSimCLI
import TestSupport

/// The one harness of the command-line tests: runs `powersim` in process and captures what it
/// prints. Files go in a `TemporaryDirectory` (from `TestSupport`).
enum CLI {
  /// What one command line printed and returned.
  struct Outcome {
    /// The exit status: 0, 1 or 64.
    var status: Int32
    /// Everything written to standard output.
    var output: String
    /// Everything written to standard error.
    var error: String
  }

  /// Runs `powersim` with `arguments` (without the program name); `errorIsTerminal` makes it
  /// believe standard error is a terminal, so long commands show progress.
  static func run(_ arguments: [String], errorIsTerminal: Bool = false) -> Outcome {
    let output = Buffer()
    let error = Buffer()
    let console = Console(
      write: output.append, writeError: error.append, errorIsTerminal: errorIsTerminal)
    let status = PowerSim.main(arguments, console: console)
    return Outcome(status: status, output: output.contents, error: error.contents)
  }

  /// Text written to a console; sweeps and comparisons write from several threads.
  private final class Buffer: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    func append(_ piece: String) {
      lock.lock()
      text += piece
      lock.unlock()
    }

    var contents: String {
      lock.lock()
      defer { lock.unlock() }
      return text
    }
  }

  /// The package's root directory.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The path of `scenarios/NAME`.
  static func scenario(_ name: String) -> String {
    root.appendingPathComponent("scenarios").appendingPathComponent(name).path
  }
}

// MARK: Oracles and fixtures

/// A naive RFC 4180 reader, the oracle for the files the program writes: records end in CRLF,
/// fields containing a comma, quote or line break are quoted, quotes inside doubled. Returns
/// `nil` for text that breaks those rules (a bare LF ending a record, an unescaped quote).
func parseCSV(_ text: String) -> [[String]]? {
  var records: [[String]] = []
  var record: [String] = []
  var field = ""
  var scalars = Array(text.unicodeScalars)[...]
  var quoted = false
  var atFieldStart = true
  while let scalar = scalars.popFirst() {
    if quoted {
      if scalar == "\"" {
        if scalars.first == "\"" {
          scalars.removeFirst()
          field.unicodeScalars.append("\"")
        } else {
          quoted = false
        }
      } else {
        field.unicodeScalars.append(scalar)
      }
      continue
    }
    switch scalar {
    case "\"":
      guard atFieldStart else { return nil }
      quoted = true
      atFieldStart = false
    case ",":
      record.append(field)
      field = ""
      atFieldStart = true
    case "\r":
      guard scalars.popFirst() == "\n" else { return nil }
      record.append(field)
      records.append(record)
      record = []
      field = ""
      atFieldStart = true
    case "\n":
      return nil
    default:
      field.unicodeScalars.append(scalar)
      atFieldStart = false
    }
  }
  guard !quoted, record.isEmpty, field.isEmpty else { return nil }
  return records
}

/// The *The power-state ladder* worked example: the GPS on a platform that sleeps (10 mW) 500 ms
/// after its last busy moment, and is busy (100 mW) while the GPS wakes, serves or holds.
let gpsScenarioText = """
  {
    "name": "GPS worked example",
    "device": \(gpsBoard),
    "duration": "20 s",
    "workloads": { "fix": { "times": ["2 s", "4 s"], "work": { "gps": "500 ms" } } },
    "variants": {
      "with battery": { "device": { "battery": { "capacity": "1 Wh" } } },
      "a,\\"quoted\\" one": { "workloads": { "say \\"hi\\"\\r\\nthen leave": { "at": "15 s", "work": { "gps": "1 ms" } } } }
    }
  }
  """
