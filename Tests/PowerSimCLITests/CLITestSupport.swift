import Foundation
import PowerSimCLI

/// What one command line printed and returned.
struct CommandResult {
  var status: Int32
  var output: String
  var error: String
}

/// Collects a console's writes.
final class CapturedText {
  var output = ""
  var error = ""
}

/// Runs `powersim` with `arguments` in-process and captures what it prints.
func powersim(_ arguments: String...) -> CommandResult {
  let captured = CapturedText()
  let console = Console(
    write: { captured.output += $0 }, writeError: { captured.error += $0 })
  let status = PowerSim.main(arguments, console: console)
  return CommandResult(status: status, output: captured.output, error: captured.error)
}

/// A fresh directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory {
  /// The directory's absolute path, without a trailing slash.
  let path: String

  init() throws {
    let name = "powersim-cli-tests-" + UUID().uuidString
    path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes `text` to `relative`, and returns the file's full path.
  @discardableResult
  func write(_ relative: String, _ text: String) throws -> String {
    let full = path + "/" + relative
    try text.write(toFile: full, atomically: true, encoding: .utf8)
    return full
  }

  /// The text of `relative`.
  func read(_ relative: String) throws -> String {
    try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
  }
}

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

/// The SPEC 5.1 worked example: the GPS on a platform that sleeps (10 mW) 500 ms after its
/// last busy moment, and is busy (100 mW) while the GPS wakes, serves or holds.
let gpsScenarioText = """
  {
    "name": "GPS worked example",
    "device": {
      "name": "gps-board",
      "components": {
        "platform": { "type": "platform", "states": [
          { "name": "on", "power": "100 mW" },
          { "name": "sleep", "power": "10 mW", "after": "500 ms" } ] },
        "gps": { "type": "generic", "states": [
          { "name": "active", "power": "300 mW" },
          { "name": "hot", "power": "60 mW", "after": "1 s", "wake_latency": "20 ms" },
          { "name": "off", "power": "0 W", "after": "6 s", "wake_latency": "800 ms",
            "wake_power": "200 mW" } ] }
      }
    },
    "duration": "20 s",
    "workloads": { "fix": { "times": ["2 s", "4 s"], "work": { "gps": "500 ms" } } },
    "variants": {
      "with battery": { "device": { "battery": { "capacity": "1 Wh" } } },
      "a,\\"quoted\\" one": { "workloads": { "say \\"hi\\"\\r\\nthen leave": { "at": "15 s", "work": { "gps": "1 ms" } } } }
    }
  }
  """
