import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The name of a temporary output file: `.powersim-PPPPPPPPPP-RRRRRRRR.tmp`, the writing
/// process's id in ten digits and eight random hexadecimal digits; 33 characters whatever the
/// destination, so a temporary name never makes a valid name too long (NAME_MAX). Which
/// destination a temporary file is for is kept in memory only.
enum TemporaryName {
  /// The prefix of every temporary output file's name (older versions too).
  static let prefix = ".powersim-"
  /// The suffix of every temporary output file's name (older versions too).
  static let suffix = ".tmp"
  /// The length of the name ``make()`` returns.
  static let length = prefix.count + 10 + 1 + 8 + suffix.count

  /// A fresh name for a temporary file of this process.
  static func make() -> String {
    let pid = String(getpid())
    let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    return prefix + String(repeating: "0", count: max(0, 10 - pid.count)) + pid + "-"
      + String(repeating: "0", count: 8 - random.count) + random + suffix
  }

  /// The id of the process that made the temporary file `name`: from a name of this format, or
  /// of the older `.powersim-DESTINATION.PID.RANDOM.tmp`; `nil` if `name` is neither.
  static func processID(in name: String) -> pid_t? {
    guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
    let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
    if name.count == length {
      let pid = middle.prefix(10)
      let random = middle.dropFirst(11)
      if middle.dropFirst(10).first == "-", random.allSatisfy(\.isHexDigit) { return pid_t(pid) }
    }
    let parts = middle.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 3, UInt32(parts[parts.count - 1]) != nil else { return nil }
    return pid_t(parts[parts.count - 2])
  }
}

/// Removes the temporary files that killed runs left behind (SIGKILL, a power cut: no handler
/// runs), in each directory a run writes to, once per directory per process (SPEC section 9).
///
/// A temporary file is stale when the process whose id its name holds no longer exists, and no
/// process holds the lock every writer keeps on its open temporary file. The second test keeps
/// a live writer's file when its id means nothing here (another host on a network file system,
/// another PID namespace); the first keeps it when locks do not work across them. Either alone
/// would do on one machine.
enum StaleTemporaries {
  nonisolated(unsafe) private static var cleaned: Set<String> = []
  private static let lock = NSLock()

  /// Removes the stale temporary files in `directory`, unless this process already did.
  static func removeOnce(in directory: String) {
    let key = OutputPath.canonical(directory)
    lock.lock()
    let isNew = cleaned.insert(key).inserted
    lock.unlock()
    guard isNew else { return }
    remove(in: directory)
  }

  /// Removes the stale temporary files in `directory`.
  static func remove(in directory: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for name in names {
      guard let owner = TemporaryName.processID(in: name), owner != getpid(),
        !isAlive(owner)
      else { continue }
      let path = (directory == "/" ? "" : directory) + "/" + name
      let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
      guard descriptor >= 0 else { continue }
      var status = stat()
      if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        flock(descriptor, LOCK_EX | LOCK_NB) == 0
      {
        unlink(path)
      }
      close(descriptor)
    }
  }

  /// Whether a process with id `pid` exists (`EPERM`: it does, but belongs to another user).
  private static func isAlive(_ pid: pid_t) -> Bool {
    guard pid > 0 else { return false }
    return kill(pid, 0) == 0 || errno == EPERM
  }
}
