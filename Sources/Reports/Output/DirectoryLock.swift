import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Exclusive advisory locks (`flock(2)`) on directories, held while an ``OutputTransaction``
/// renames its files into them, so that two processes writing one output directory commit one
/// after the other and never leave a mix of their files.
///
/// The lock is taken on the directory itself (opened read-only), so no lock file is left in or
/// beside it. Directories are locked in the order given (callers sort them), so two processes
/// locking the same directories cannot deadlock. Where a directory cannot be opened or locked (a
/// file system without `flock` on directories), it is left unlocked: the lock protects against
/// a mix, and its absence must not stop a run that would have succeeded without it.
struct DirectoryLock {
  private var descriptors: [Int32] = []

  /// Locks each of `directories`, waiting for other processes to release them.
  static func acquire(_ directories: [String]) -> DirectoryLock {
    var lock = DirectoryLock()
    for directory in directories {
      // A directory another process exchanged for a new copy while this one waited (see
      // ``DirectorySwap``) is locked again at its new inode, a few times at most.
      for _ in 0..<8 {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { break }
        var result: Int32
        repeat {
          result = flock(descriptor, LOCK_EX)
        } while result != 0 && errno == EINTR
        guard result == 0 else {
          close(descriptor)
          break
        }
        if isStill(descriptor, at: directory) {
          lock.descriptors.append(descriptor)
          break
        }
        close(descriptor)
      }
    }
    return lock
  }

  /// Whether the directory open at `descriptor` is still the one at `path`.
  private static func isStill(_ descriptor: Int32, at path: String) -> Bool {
    var opened = stat()
    var current = stat()
    guard fstat(descriptor, &opened) == 0, stat(path, &current) == 0 else { return true }
    return opened.st_dev == current.st_dev && opened.st_ino == current.st_ino
  }

  /// Releases every lock.
  func release() {
    for descriptor in descriptors { close(descriptor) }
  }
}
