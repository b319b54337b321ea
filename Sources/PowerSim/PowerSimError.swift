import Reports
import ScenarioFiles

/// Why a scenario or budgets file could not be used, or an output not written: the file, where
/// in it, and what was expected and what was found — the error `powersim` prints after
/// `Error: `.
///
/// ```swift
/// do {
///   _ = try Scenario(json: #"{ "device": "phone", "duration": "forever" }"#)
/// } catch {
///   print(error)  // (json): duration: expected a time such as "5 s" or "20 ms", found "forever"
/// }
/// ```
public struct PowerSimError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file, as it was named (relative paths resolved against the file that named it);
  /// `(json)` for a scenario given as a string.
  public var file: String
  /// The JSON path of the offending value (`workloads.sync.every`), if the error is about one.
  public var jsonPath: String?
  /// For a syntax error, the 1-based line of the file.
  public var line: Int?
  /// For a syntax error, the 1-based column of the line.
  public var column: Int?
  /// What was expected and what was found, in a sentence without the file and path.
  public var message: String
  /// The whole message as `powersim` prints it: `FILE: PATH: MESSAGE`,
  /// `FILE:LINE:COLUMN: MESSAGE` or `FILE: MESSAGE`.
  public private(set) var description: String

  /// The error the command line reports for `error`.
  init(_ error: InputError) {
    file = error.file
    jsonPath = error.path
    line = error.line
    column = error.column
    message = error.message
    description = error.description
  }

  /// The error the command line reports for a failed output.
  init(_ error: OutputError) {
    file = error.path
    message = error.message
    description = error.description
  }

  /// An error about the value at `jsonPath` of `file` (or the file as a whole).
  init(file: String, jsonPath: String?, message: String) {
    self.init(InputError(file: file, path: jsonPath, message: message))
  }

  /// `error` as a ``PowerSimError``: input and output errors as the command line reports
  /// them; anything else by its description alone.
  static func wrapping(_ error: any Error) -> PowerSimError {
    switch error {
    case let error as PowerSimError: return error
    case let error as InputError: return PowerSimError(error)
    case let error as OutputError: return PowerSimError(error)
    case let error as EventLimitError:
      return PowerSimError(file: error.file, jsonPath: nil, message: error.message)
    default:
      var wrapped = PowerSimError(file: "", jsonPath: nil, message: String(describing: error))
      wrapped.description = wrapped.message
      return wrapped
    }
  }
}
