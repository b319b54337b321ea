import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The name of a temporary output file: `.powersim-tmp-PPPPPPPPPP-RRRRRRRRRRRRRRRR.tmp`, the
/// writing process's id in ten digits and sixteen random hexadecimal digits; 45 characters
/// whatever the destination, so a temporary name never makes a valid name too long (NAME_MAX).
/// Which destination a temporary file is for is kept in memory only.
///
/// The `tmp` marker and the exact shape are what make a name unmistakably powersim's: the
/// stale-temporary cleanup removes nothing else (not `.powersim-notes.tmp`, nor the names of
/// older versions, which a user may have taken for their own files).
enum TemporaryName {
  /// The prefix of every temporary output file's name.
  static let prefix = ".powersim-tmp-"
  /// The suffix of every temporary output file's name.
  static let suffix = ".tmp"
  /// The suffix of a temporary directory's name (the copy of an output directory that
  /// ``DirectorySwap`` builds), of the same length as ``suffix``.
  static let directorySuffix = ".dir"
  /// The length of the name ``make(suffix:)`` returns.
  static let length = prefix.count + 10 + 1 + 16 + suffix.count

  /// A fresh name for a temporary file (or, with ``directorySuffix``, directory) of this
  /// process.
  static func make(suffix: String = suffix) -> String {
    let pid = String(getpid())
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    return prefix + String(repeating: "0", count: max(0, 10 - pid.count)) + pid + "-"
      + String(repeating: "0", count: 16 - random.count) + random + suffix
  }

  /// The id of the process that made the temporary file `name` (or directory, with
  /// ``directorySuffix``); `nil` unless `name` has exactly the shape ``make(suffix:)`` gives.
  static func processID(in name: String, suffix: String = suffix) -> pid_t? {
    guard name.count == length, name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
    let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
    let pid = middle.prefix(10)
    let random = middle.dropFirst(11)
    guard pid.allSatisfy(\.isASCII), pid.allSatisfy(\.isNumber), middle.dropFirst(10).first == "-",
      random.allSatisfy({ $0.isASCII && $0.isHexDigit })
    else { return nil }
    return pid_t(pid)
  }
}

/// Removes the temporary files that killed runs left behind (SIGKILL, a power cut: no handler
/// runs), in each directory a run writes to, once per directory per process (see *Bad Input, Run
/// Limits and Safe Output*).
///
/// A temporary file is stale when its name has the exact shape of ``TemporaryName``, it is a
/// regular file of this user with no other link to it (never a user's file that a hard link
/// or a copy made look like one), the process whose id its name holds no longer exists, and no
/// process holds the lock every writer keeps on its open temporary file. The second test keeps
/// a live writer's file when its id means nothing here (another host on a network file system,
/// another PID namespace); the first keeps it when locks do not work across them. Either alone
/// would do on one machine.
enum StaleTemporaries {
  nonisolated(unsafe) private static var cleaned: Set<String> = []
  private static let lock = NSLock()

  /// Removes the stale temporary files in `directory`, and the stale temporary directories
  /// beside it, unless this process already did.
  static func removeOnce(in directory: String) {
    let key = OutputPath.canonical(directory)
    lock.lock()
    let isNew = cleaned.insert(key).inserted
    lock.unlock()
    guard isNew else { return }
    remove(in: directory)
    removeDirectories(in: OutputPath.directory(of: key))
  }

  /// Removes the stale temporary directories in `directory`: the copies of output directories
  /// (or the old directories they replaced) that a killed run left (see ``DirectorySwap``). Only
  /// a directory of this user with exactly the shape of a temporary directory's name, whose
  /// process no longer exists; only its regular files and symbolic links are removed (never
  /// anything inside a subdirectory), then the directory itself if it is empty. Its entries are
  /// finished outputs, old ones, or hard links to files that stay in their output directory —
  /// except, in the old directory of a run killed between its exchange and its clean-up, a file
  /// that appeared in the output directory while the copy was built, which that run would have
  /// moved back and this removes (a race the documentation names). Unlike a temporary file's,
  /// a directory's staleness is judged by its process alone (no lock is held on it).
  static func removeDirectories(in directory: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for name in names {
      guard
        let owner = TemporaryName.processID(in: name, suffix: TemporaryName.directorySuffix),
        owner != getpid(), !isAlive(owner)
      else { continue }
      let path = OutputPath.joined(directory, name)
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
        status.st_uid == geteuid(),
        let entries = try? FileManager.default.contentsOfDirectory(atPath: path)
      else { continue }
      for entry in entries {
        var entryStatus = stat()
        let entryPath = path + "/" + entry
        guard lstat(entryPath, &entryStatus) == 0 else { continue }
        let kind = entryStatus.st_mode & S_IFMT
        if kind == S_IFREG || kind == S_IFLNK { unlink(entryPath) }
      }
      rmdir(path)
    }
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
      let path = OutputPath.joined(directory, name)
      let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
      guard descriptor >= 0 else { continue }
      var status = stat()
      if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        status.st_uid == geteuid(), status.st_nlink == 1,
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
