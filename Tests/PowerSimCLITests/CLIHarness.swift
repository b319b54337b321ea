import Foundation
import PowerSimCLI

/// Runs `powersim` in process, capturing what it writes.
enum CLI {
  /// What one command line produced.
  struct Outcome {
    var status: Int32
    var output: String
    var error: String
  }

  final class Buffer: @unchecked Sendable {
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

  /// Runs `arguments` (without the program name).
  static func run(_ arguments: [String], errorIsTerminal: Bool = false) -> Outcome {
    let output = Buffer()
    let error = Buffer()
    let console = Console(
      write: output.append, writeError: error.append, errorIsTerminal: errorIsTerminal)
    let status = PowerSim.main(arguments, console: console)
    return Outcome(status: status, output: output.contents, error: error.contents)
  }

  /// The package's root directory.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The path of `scenarios/NAME`.
  static func scenario(_ name: String) -> String {
    root.appendingPathComponent("scenarios").appendingPathComponent(name).path
  }

  /// A fresh temporary directory, removed by `body`'s caller when done.
  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("powersim-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// The contents of `file` in `directory`, or `nil`.
  static func read(_ directory: URL, _ file: String) -> String? {
    try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
  }
}
