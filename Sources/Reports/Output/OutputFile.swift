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

  /// `<path>: <message>`.
  public var description: String { "\(path): \(message)" }

  static func system(_ path: String, _ action: String) -> OutputError {
    let code = errno
    return OutputError(
      path: path, message: "cannot \(action): \(String(cString: strerror(code))) (errno \(code))")
  }
}

/// A file being written: bytes go to a hidden temporary file beside the destination, which is
/// renamed onto the destination by ``commit()`` only when complete (SPEC section 9). Until then
/// the destination keeps its old content; ``discard()`` (or an interruption) removes the
/// temporary file.
public final class OutputFile {
  /// The final path.
  public let destination: String
  /// The temporary file's path.
  public let temporaryPath: String
  private var descriptor: Int32
  private var buffer: [UInt8] = []
  private var isFinished = false
  private static let flushSize = 64 * 1024

  /// Opens a temporary file for `destination`; its directory must exist.
  public init(destination: String) throws(OutputError) {
    self.destination = destination
    let directory = (destination as NSString).deletingLastPathComponent
    let name = (destination as NSString).lastPathComponent
    let unique = UInt32.random(in: 0...UInt32.max)
    let prefix = directory.isEmpty ? "" : directory + "/"
    temporaryPath = prefix + ".powersim-\(name).\(getpid()).\(unique).tmp"
    // Created and registered with SIGINT and SIGTERM held back, so an interruption between the
    // two cannot leave the file behind unregistered.
    var opened: Int32 = -1
    var failure: Int32 = 0
    let path = temporaryPath
    TemporaryFiles.blockSignals {
      opened = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      failure = errno
      if opened >= 0 { TemporaryFiles.register(path) }
    }
    descriptor = opened
    guard descriptor >= 0 else {
      errno = failure
      throw OutputError.system(destination, "create the file")
    }
    buffer.reserveCapacity(Self.flushSize)
  }

  deinit {
    if !isFinished { discard() }
  }

  /// Appends `text` as UTF-8.
  public func write(_ text: String) throws(OutputError) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.flushSize { try flush() }
  }

  /// Appends `bytes`.
  public func write(_ bytes: [UInt8]) throws(OutputError) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.flushSize { try flush() }
  }

  private func flush() throws(OutputError) {
    var written = 0
    while written < buffer.count {
      let result = buffer.withUnsafeBytes { raw in
        Foundation.write(descriptor, raw.baseAddress! + written, raw.count - written)
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw OutputError.system(destination, "write the file")
      }
      written += result
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes, syncs and closes the temporary file, then renames it onto the destination.
  public func commit() throws(OutputError) {
    try finishWriting()
    try moveIntoPlace()
  }

  /// Flushes, syncs and closes the temporary file; on failure it is removed.
  func finishWriting() throws(OutputError) {
    precondition(!isFinished && descriptor >= 0, "an output file finished twice")
    do {
      try flush()
    } catch {
      discard()
      throw error
    }
    if fsync(descriptor) != 0 && errno != EINVAL {
      let failure = OutputError.system(destination, "sync the file")
      discard()
      throw failure
    }
    close(descriptor)
    descriptor = -1
  }

  /// Renames the finished temporary file onto the destination.
  func moveIntoPlace() throws(OutputError) {
    precondition(!isFinished && descriptor < 0, "an output file moved before it was finished")
    guard rename(temporaryPath, destination) == 0 else {
      let failure = OutputError.system(destination, "move the finished file into place")
      discard()
      throw failure
    }
    TemporaryFiles.unregister(temporaryPath)
    isFinished = true
  }

  /// Whether the destination can be replaced by a file: it does not exist or is not a directory.
  func checkDestination() throws(OutputError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw OutputError(path: destination, message: "cannot replace it: it is a directory")
    }
  }

  /// Removes the temporary file; the destination is untouched. Safe to call more than once.
  public func discard() {
    guard !isFinished else { return }
    isFinished = true
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    unlink(temporaryPath)
    TemporaryFiles.unregister(temporaryPath)
  }
}

/// Files that appear together or not at all: nothing is renamed until every file is complete;
/// on failure every temporary file is removed.
///
/// The renames themselves happen one after another: if one fails part way (a full disk does not
/// fail a rename, but a permission change between the checks and the renames could), the files
/// already renamed stay in place and the error names the one that failed.
public final class OutputTransaction {
  private var files: [OutputFile] = []

  /// An empty transaction.
  public init() {}

  /// Opens a new output file at `path`, creating missing directories when asked.
  public func file(at path: String, createDirectories: Bool = true) throws(OutputError)
    -> OutputFile
  {
    let directory = (path as NSString).deletingLastPathComponent
    if createDirectories && !directory.isEmpty {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
        guard isDirectory.boolValue else {
          throw OutputError(path: directory, message: "cannot write into it: it is not a directory")
        }
      } else {
        do {
          try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true)
        } catch {
          throw OutputError(path: directory, message: "cannot create the directory")
        }
      }
    }
    let file = try OutputFile(destination: path)
    files.append(file)
    return file
  }

  /// Writes a whole file from `text`.
  public func write(_ text: String, to path: String) throws(OutputError) {
    try file(at: path).write(text)
  }

  /// Finishes every file, then renames them all into place, in the order they were opened.
  ///
  /// Nothing is renamed until every file is written and synced and no destination is a
  /// directory; the renames then run with SIGINT and SIGTERM held back, so an interruption
  /// leaves either every old file or every new one (it takes effect once they are all in place).
  public func commit() throws(OutputError) {
    do {
      for file in files {
        try file.checkDestination()
        try file.finishWriting()
      }
    } catch {
      discard()
      throw error
    }
    var failure: OutputError?
    TemporaryFiles.blockSignals {
      for file in files where failure == nil {
        do throws(OutputError) {
          try file.moveIntoPlace()
        } catch {
          failure = error
        }
      }
    }
    if let failure {
      discard()
      throw failure
    }
    files.removeAll()
  }

  /// Discards every file not yet committed.
  public func discard() {
    for file in files { file.discard() }
    files.removeAll()
  }

  /// Writes whole files from text as one transaction: every file appears, or none does and
  /// earlier files at those paths stay as they were.
  public static func write(_ files: [(path: String, text: String)]) throws(OutputError) {
    guard !files.isEmpty else { return }
    let transaction = OutputTransaction()
    do {
      for file in files { try transaction.write(file.text, to: file.path) }
      try transaction.commit()
    } catch {
      transaction.discard()
      throw error
    }
  }
}
