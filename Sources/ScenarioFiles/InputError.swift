package import JSONSupport

/// A problem with a user's input: which file, where in it, and what was expected versus found.
///
/// Printed as `FILE: PATH: MESSAGE` (for a JSON value), `FILE:LINE:COLUMN: MESSAGE` (for a syntax
/// error), or `FILE: MESSAGE` (for the file as a whole, its top-level value included: `FILE: a
/// scenario needs the key "duration", which is missing`).
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file, as the user named it (or as resolved relative to the file that referred to it).
  public var file: String
  /// The JSON path of the offending value (`workloads.sync.every`), or a trace position; `nil`
  /// for the file as a whole and for its top-level value.
  public var path: String?
  /// For syntax errors, the 1-based line and column.
  public var line: Int?
  /// For syntax errors, the 1-based column.
  public var column: Int?
  /// What was expected and what was found.
  public var message: String
  /// The JSON path as components, so an error can be re-attributed to the file that wrote the
  /// value (a device patch, a variant) before it is shown.
  var jsonPath: JSONPath?

  /// An error about the value at `path` in `file`.
  public init(file: String, path: String?, message: String) {
    self.file = file
    self.path = path
    self.message = message
  }

  /// An error about the value at `path` in `file`; at the root, an error about the file as a
  /// whole (the message names what the document lacks or holds).
  package init(file: String, jsonPath: JSONPath, message: String) {
    self.file = file
    self.path = jsonPath.isRoot ? nil : jsonPath.description
    self.jsonPath = jsonPath
    self.message = message
  }

  /// A syntax error at a line and column of `file`.
  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// The one-line form users see after `Error: `, with any control characters the input put in
  /// it (a name holding an escape sequence or a line break) escaped.
  public var description: String {
    let text: String
    if let line, let column {
      text = "\(file):\(line):\(column): \(message)"
    } else if let path, !path.isEmpty {
      text = "\(file): \(path): \(message)"
    } else {
      text = "\(file): \(message)"
    }
    return JSONText.printable(text)
  }
}
