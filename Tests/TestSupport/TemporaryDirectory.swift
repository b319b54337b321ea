import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it when
/// the value goes away: the one temporary directory of every test target that writes files.
///
/// Paths inside it are given relative to it (`out/summary.csv`); ``write(_:to:)`` creates the
/// folders on the way.
public final class TemporaryDirectory: Sendable {
  /// The directory.
  public let url: URL

  /// A new, empty directory.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("powersim-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The directory's absolute path, without a trailing slash.
  public var path: String { url.path }

  /// The absolute path of `relative` inside the directory.
  public func path(_ relative: String) -> String {
    url.appendingPathComponent(relative).path
  }

  /// Writes `text` as UTF-8 to `relative`, creating its folders, and returns the file's absolute
  /// path.
  @discardableResult
  public func write(_ text: String, to relative: String) throws -> String {
    let file = url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// The UTF-8 text of `relative`.
  public func read(_ relative: String) throws -> String {
    try String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
  }
}
