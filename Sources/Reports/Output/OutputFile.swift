import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file being written.
///
/// A regular file (or a path with no file yet) is written atomically: bytes go to a hidden
/// temporary file beside the destination, which ``commit()`` renames onto it only when complete
/// (see *Bad Input, Run Limits and Safe Output*). Until then the destination keeps its old content;
/// ``discard()`` (or an interruption) removes the temporary file. A symbolic link is followed: its
/// final target is the file replaced, and the link stays.
///
/// What cannot be replaced is written straight through, as it is written: standard output
/// (`-`, `/dev/stdout`), and an existing device, FIFO or socket. Such an output is not atomic
/// (a pipe cannot take back what it was given); ``commit()`` flushes it.
///
/// The temporary file's name has a fixed length (see ``TemporaryName``), so a destination whose
/// name is as long as the file system allows can still be written; the mapping from temporary to
/// destination lives in memory only.
public final class OutputFile {
  /// The path as given.
  public let destination: String
  /// The temporary file's path, or `nil` for an output written straight through.
  public let temporaryPath: String?
  /// The path the temporary file is renamed onto (symbolic links followed), or `nil`.
  let replacedPath: String?
  /// What makes this output the same file as another output or an input.
  let identity: OutputPath.Identity
  private var descriptor: Int32
  private let ownsDescriptor: Bool
  private var buffer: [UInt8] = []
  private var isFinished = false
  private static let flushSize = 64 * 1024

  /// Opens `destination` for writing: a temporary file beside it, or the device, FIFO or
  /// descriptor it names. The directory must exist.
  public convenience init(destination: String) throws(OutputError) {
    let route = try OutputPath.route(destination)
    try self.init(destination: destination, route: route, identity: OutputPath.identity(of: route))
  }

  /// Opens `destination`, which leads to `route`.
  init(destination: String, route: OutputPath.Route, identity: OutputPath.Identity)
    throws(OutputError)
  {
    self.destination = destination
    self.identity = identity
    buffer.reserveCapacity(Self.flushSize)
    switch route {
    case .descriptor(let number):
      guard fcntl(number, F_GETFD) >= 0 else {
        throw OutputError.system(destination, "write the file")
      }
      descriptor = number
      ownsDescriptor = false
      temporaryPath = nil
      replacedPath = nil
    case .special(let path):
      var opened: Int32
      repeat {
        opened = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
      } while opened < 0 && errno == EINTR
      guard opened >= 0 else { throw OutputError.system(destination, "open the file") }
      descriptor = opened
      ownsDescriptor = true
      temporaryPath = nil
      replacedPath = nil
    case .replace(let path):
      let directory = OutputPath.directory(of: path)
      StaleTemporaries.removeOnce(in: directory)
      let (temporary, opened) = try Self.createTemporary(in: directory, for: destination)
      descriptor = opened
      ownsDescriptor = true
      temporaryPath = temporary
      replacedPath = path
    }
  }

  /// Creates a temporary file with a fresh name in `directory`, registered for removal on
  /// interruption, and locked for as long as it stays open (a run that finds it judges it
  /// stale only when it can take the lock, see ``StaleTemporaries``).
  private static func createTemporary(in directory: String, for destination: String)
    throws(OutputError) -> (String, Int32)
  {
    var failure: Int32 = EEXIST
    for _ in 0..<16 where failure == EEXIST {
      let path = OutputPath.joined(directory, TemporaryName.make())
      var opened: Int32 = -1
      // Created and registered with the cleanup signals held back, so an interruption between
      // the two cannot leave the file behind unregistered.
      TemporaryFiles.blockSignals {
        opened = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        failure = errno
        if opened >= 0 { TemporaryFiles.register(path) }
      }
      if opened >= 0 {
        _ = flock(opened, LOCK_EX | LOCK_NB)
        return (path, opened)
      }
    }
    throw OutputError.system(destination, "create the file", code: failure)
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
    let code = StandardStream.writeAll(buffer, to: descriptor)
    guard code == 0 else { throw OutputError.system(destination, "write the file", code: code) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes everything out; a temporary file is synced and renamed onto the destination.
  public func commit() throws(OutputError) {
    try finishWriting()
    try moveIntoPlace()
  }

  /// Writes out the buffer and syncs a temporary file (it stays open, and locked, until
  /// ``moveIntoPlace()``); on failure a temporary file is removed.
  func finishWriting() throws(OutputError) {
    precondition(!isFinished && descriptor >= 0, "an output file finished twice")
    do {
      try flush()
    } catch {
      discard()
      throw error
    }
    if temporaryPath != nil && fsync(descriptor) != 0 && errno != EINVAL {
      let failure = OutputError.system(destination, "sync the file")
      discard()
      throw failure
    }
  }

  /// Renames the finished temporary file onto the destination (for an output written straight
  /// through, closes it).
  func moveIntoPlace() throws(OutputError) {
    precondition(!isFinished, "an output file moved into place twice")
    if let temporaryPath, let replacedPath {
      guard rename(temporaryPath, replacedPath) == 0 else {
        let failure = OutputError.system(destination, "move the finished file into place")
        discard()
        throw failure
      }
      TemporaryFiles.unregister(temporaryPath)
    }
    isFinished = true
    closeDescriptor()
  }

  /// Records that the finished temporary file was renamed onto the destination by someone else
  /// (``DirectorySwap``), and closes it.
  func markMovedIntoPlace() {
    precondition(!isFinished, "an output file moved into place twice")
    if let temporaryPath { TemporaryFiles.unregister(temporaryPath) }
    isFinished = true
    closeDescriptor()
  }

  /// Whether the destination can be replaced by a file: it does not exist or is not a directory.
  func checkDestination() throws(OutputError) {
    guard let replacedPath else { return }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: replacedPath, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw OutputError(path: destination, message: "cannot replace it: it is a directory")
    }
  }

  /// Removes the temporary file; the destination is untouched (what went straight through stays
  /// written). Safe to call more than once.
  public func discard() {
    guard !isFinished else { return }
    isFinished = true
    if let temporaryPath {
      unlink(temporaryPath)
      TemporaryFiles.unregister(temporaryPath)
    }
    closeDescriptor()
  }

  private func closeDescriptor() {
    if ownsDescriptor && descriptor >= 0 { close(descriptor) }
    descriptor = -1
  }
}
