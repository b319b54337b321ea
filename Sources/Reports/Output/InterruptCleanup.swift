import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files alive in this process, kept where a signal handler can reach them: a fixed
/// table of C strings allocated once, so that removing them on SIGINT, SIGTERM or SIGHUP needs only
/// `unlink(2)` and `_exit(2)`, which are async-signal-safe.
enum TemporaryFiles {
  static let capacity = 256
  static let pathLength = 4096
  /// `capacity` slots of `pathLength` bytes; an empty slot starts with a zero byte.
  nonisolated(unsafe) static let table: UnsafeMutablePointer<CChar> = {
    let table = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * pathLength)
    table.initialize(repeating: 0, count: capacity * pathLength)
    return table
  }()
  static let lock = NSLock()

  /// Adds `path` to the table (silently not, if the table is full or the path too long: the file
  /// is then only cleaned up by normal error handling).
  static func register(_ path: String) {
    let bytes = Array(path.utf8CString)
    guard bytes.count < pathLength else { return }
    lock.lock()
    defer { lock.unlock() }
    blockSignals {
      for slot in 0..<capacity where table[slot * pathLength] == 0 {
        let start = table + slot * pathLength
        for (index, byte) in bytes.enumerated() { start[index] = byte }
        return
      }
    }
  }

  /// Removes `path` from the table.
  static func unregister(_ path: String) {
    let bytes = Array(path.utf8CString)
    lock.lock()
    defer { lock.unlock() }
    blockSignals {
      for slot in 0..<capacity where table[slot * pathLength] != 0 {
        if strcmp(table + slot * pathLength, bytes) == 0 {
          table[slot * pathLength] = 0
          return
        }
      }
    }
  }

  /// The registered paths, for tests.
  static func registered() -> [String] {
    lock.lock()
    defer { lock.unlock() }
    return (0..<capacity).compactMap { slot in
      table[slot * pathLength] == 0 ? nil : String(cString: table + slot * pathLength)
    }
  }

  /// Removes every registered file; called from the signal handler, so it allocates nothing.
  static func removeAll() {
    for slot in 0..<capacity where table[slot * pathLength] != 0 {
      unlink(table + slot * pathLength)
    }
  }

  /// The signals whose handlers remove the temporary files.
  static let cleanupSignals = [SIGINT, SIGTERM, SIGHUP]

  /// Runs `body` with the cleanup signals blocked, so a handler never sees a half-written slot.
  static func blockSignals(_ body: () -> Void) {
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    for signal in cleanupSignals { sigaddset(&blocked, signal) }
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    body()
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }
}

/// Removes the temporary files of unfinished outputs when the process is interrupted or hung up, so
/// an interrupted run leaves earlier results untouched and no debris (see *Bad Input, Run Limits
/// and Safe Output*). A run killed outright (SIGKILL) cannot clean up; the next run writing to the
/// same directory removes what it left (see ``StaleTemporaries``).
public enum InterruptCleanup {
  /// Installs SIGINT, SIGTERM and SIGHUP handlers that remove every temporary output file and
  /// exit with status 130, 143 or 129, as a shell reports a process killed by those signals (a
  /// closed terminal or a logged-out session sends SIGHUP); and ignores
  /// SIGXFSZ, so that a file-size limit (`ulimit -f`) fails the write with an error, which
  /// discards the unfinished files, instead of killing the process with its temporaries left.
  ///
  /// The handlers are installed whatever the parent left (a shell starts background jobs with
  /// SIGINT ignored, some launchers start children with signals blocked): an interruption of
  /// powersim always cleans up and stops.
  public static func install() {
    _ = TemporaryFiles.table
    signal(SIGXFSZ, SIG_IGN)
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in TemporaryFiles.cleanupSignals { sigaddset(&signals, signal) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    signal(SIGINT) { _ in
      TemporaryFiles.removeAll()
      _exit(130)
    }
    signal(SIGTERM) { _ in
      TemporaryFiles.removeAll()
      _exit(143)
    }
    // `nohup` starts a command with SIGHUP ignored, to outlive the terminal: that stays so.
    let previous = signal(SIGHUP, SIG_IGN)
    if !isIgnoring(previous) {
      signal(SIGHUP) { _ in
        TemporaryFiles.removeAll()
        _exit(129)
      }
    }
  }

  /// Whether `handler`, as `signal(2)` returns it, is `SIG_IGN`.
  private static func isIgnoring(_ handler: sighandler_t?) -> Bool {
    let ignoring: sighandler_t? = SIG_IGN
    guard let handler, let ignore = ignoring else { return false }
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(ignore, to: Int.self)
  }
}
