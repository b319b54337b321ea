import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an output file could not be written.
public struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file.
  public var path: String
  /// What went wrong.
  public var message: String

  /// An error about `path`.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `<path>: <message>`, the path shortened to about 80 characters if it is longer, `""` if
  /// it is empty.
  public var description: String { "\(OutputPath.shown(path)): \(message)" }

  /// `cannot <action>: <the system's reason> (errno <code>)`, from `code` (by default, `errno`).
  static func system(_ path: String, _ action: String, code: Int32 = errno) -> OutputError {
    OutputError(
      path: path, message: "cannot \(action): \(String(cString: strerror(code))) (errno \(code))")
  }
}
