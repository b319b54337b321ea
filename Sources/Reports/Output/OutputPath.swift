import Foundation
import ScenarioFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an output path leads, decided before anything is written (see *Bad Input, Run Limits and
/// Safe Output*):
///
/// - `-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` (or a symbolic link
///   to one of them) name an open file descriptor, which is written straight through;
/// - a symbolic link is followed, to its final target, which is replaced (or created);
/// - an existing file that is not a regular file (a device, a FIFO, a socket) is opened and
///   written straight through, never replaced;
/// - a regular file, or no file yet, is replaced atomically from a temporary file beside it.
///
/// An empty path, a path with a NUL byte and a directory are errors.
///
/// The command line uses it to join `--out`'s directory and a file name, and to tell whether an
/// output takes standard output; the rest is for ``OutputFile`` and ``OutputTransaction``.
public enum OutputPath {
  /// How the bytes of one output reach their destination.
  enum Route: Equatable {
    /// Written to this already open descriptor (standard output for `-`).
    case descriptor(Int32)
    /// Opened at this path, an existing device, FIFO or socket, and written straight through.
    case special(String)
    /// Written to a temporary file and renamed onto this path, symbolic links resolved.
    case replace(String)
  }

  /// The spelling of standard output on the command line.
  static let standardOutputName = "-"

  /// The longest symbolic-link chain followed, as the kernel's own limit (`ELOOP` beyond it).
  static let maximumLinks = 40

  /// The most characters of a path an error message quotes; longer paths keep their start and
  /// end around an ellipsis.
  static let maximumShownLength = 80

  /// `path` as an error message quotes it: `""` when empty, `-` as standard output, at most
  /// ``maximumShownLength`` characters (the middle of a longer path replaced by `…`).
  static func shown(_ path: String) -> String {
    if path.isEmpty { return "\"\"" }
    if path == standardOutputName { return "standard output (-)" }
    guard path.count > maximumShownLength else { return path }
    let kept = (maximumShownLength - 1) / 2
    return String(path.prefix(kept)) + "…" + String(path.suffix(kept))
  }

  /// Refuses a path that cannot name a file: empty, or with a NUL byte (which the system would
  /// silently cut it at).
  static func validate(_ path: String) throws(OutputError) {
    if path.isEmpty {
      throw OutputError(path: path, message: "an output path cannot be empty")
    }
    if path.utf8.contains(0) {
      throw OutputError(path: path, message: "an output path cannot contain a NUL byte")
    }
  }

  /// The path of `name` inside the output directory `directory` (`--out`); refuses an empty
  /// directory (which would write into `/`) and `-` (standard output holds no directory).
  public static func file(_ name: String, in directory: String) throws(OutputError) -> String {
    if directory == standardOutputName {
      throw OutputError(
        path: directory,
        message:
          "cannot hold a directory of files (only a single file, such as --plot or --trace, can be written to -)"
      )
    }
    if directory.isEmpty {
      throw OutputError(path: directory, message: "an output directory cannot be an empty path")
    }
    try validate(directory)
    // Said before anything runs: found only when the first file is written, the system's "Not a
    // directory" would come late and name the file, not the directory.
    var status = stat()
    if stat(directory, &status) == 0 && (status.st_mode & S_IFMT) != S_IFDIR {
      throw OutputError(
        path: directory,
        message:
          "is an existing file, not a directory: --out names a directory to write the result files in (give a new or existing directory)"
      )
    }
    return directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// Whether `path` names standard output: `-`, or one of the system's names for descriptor 1.
  public static func isStandardOutput(_ path: String) -> Bool {
    descriptorNamed(path) == STDOUT_FILENO
  }

  /// The descriptor a path names literally: `-` and `/dev/stdout` are 1, `/dev/stderr` 2,
  /// `/dev/fd/N` and `/proc/self/fd/N` are N.
  static func descriptorNamed(_ path: String) -> Int32? {
    switch path {
    case standardOutputName, "/dev/stdout": return STDOUT_FILENO
    case "/dev/stderr": return STDERR_FILENO
    default: break
    }
    for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
      if let number = Int32(path.dropFirst(prefix.count)), number >= 0 { return number }
    }
    return nil
  }

  /// The directory part of `path` (`.` for a bare name, `/` at the root); never traps, however
  /// short the path.
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = path[..<slash]
    return directory.isEmpty ? "/" : String(directory)
  }

  /// `name` inside `directory` (no doubled slash at the root).
  static func joined(_ directory: String, _ name: String) -> String {
    (directory == "/" ? "" : directory) + "/" + name
  }

  /// The last component of `path`, the counterpart of ``directory(of:)``.
  static func lastComponent(of path: String) -> String {
    String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
  }

  /// Where `path` leads: symbolic links followed, descriptors and special files recognised.
  static func route(_ path: String) throws(OutputError) -> Route {
    try validate(path)
    var current = path
    for _ in 0...maximumLinks {
      if let descriptor = descriptorNamed(current) { return .descriptor(descriptor) }
      var status = stat()
      guard lstat(current, &status) == 0 else {
        let code = errno
        if code == ENOENT { return .replace(current) }
        throw OutputError.system(path, "write the file", code: code)
      }
      switch status.st_mode & S_IFMT {
      case S_IFLNK:
        current = try linkTarget(current, reportedAs: path)
      case S_IFREG:
        return .replace(current)
      case S_IFDIR:
        throw OutputError(path: path, message: "cannot replace it: it is a directory")
      default:
        return .special(current)
      }
    }
    throw OutputError.system(path, "write the file", code: ELOOP)
  }

  /// The path the symbolic link `link` points to, relative targets resolved against the link's
  /// directory.
  private static func linkTarget(_ link: String, reportedAs path: String) throws(OutputError)
    -> String
  {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(link, &buffer, buffer.count - 1)
    guard count >= 0 else { throw OutputError.system(path, "follow the link", code: errno) }
    let target = String(
      decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if target.hasPrefix("/") { return target }
    let directory = directory(of: link)
    return directory == "/" ? "/" + target : directory + "/" + target
  }

  /// What makes two outputs, or an output and an input, the same file: the file's identity
  /// when it exists, and the absolute path (symbolic links resolved) where it will be.
  struct Identity: Equatable {
    /// The device and inode of the file there now, if any.
    var file: InputFiles.Identity?
    /// The absolute path with every existing directory's symbolic links resolved.
    var canonicalPath: String?

    /// Whether both name one file.
    func isSameFile(as other: Identity) -> Bool {
      if let file, file == other.file { return true }
      if let canonicalPath, canonicalPath == other.canonicalPath { return true }
      return false
    }
  }

  /// The identity of the file `route` leads to.
  static func identity(of route: Route) -> Identity {
    var status = stat()
    switch route {
    case .descriptor(let descriptor):
      let path = "/dev/fd/\(descriptor)"
      guard fstat(descriptor, &status) == 0 else { return Identity(canonicalPath: path) }
      return Identity(file: fileIdentity(status), canonicalPath: path)
    case .special(let path), .replace(let path):
      let file = stat(path, &status) == 0 ? fileIdentity(status) : nil
      return Identity(file: file, canonicalPath: canonical(path))
    }
  }

  /// `path` made absolute with the symbolic links of its longest existing ancestor resolved.
  static func canonical(_ path: String) -> String {
    var head = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var tail: [String] = []
    while true {
      if let resolved = realpath(head, nil) {
        defer { free(resolved) }
        let base = String(cString: resolved)
        guard !tail.isEmpty else { return base }
        return joined(base, tail.reversed().joined(separator: "/"))
      }
      guard let slash = head.lastIndex(of: "/"), head != "/" else { return path }
      tail.append(String(head[head.index(after: slash)...]))
      head = slash == head.startIndex ? "/" : String(head[..<slash])
    }
  }

  /// The identity of the file `status` describes.
  private static func fileIdentity(_ status: stat) -> InputFiles.Identity {
    InputFiles.Identity(
      device: UInt64(truncatingIfNeeded: status.st_dev),
      inode: UInt64(truncatingIfNeeded: status.st_ino))
  }
}
