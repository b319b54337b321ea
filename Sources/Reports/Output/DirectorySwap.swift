import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Commits several files into one directory at once: a new copy of the directory is built
/// beside it and exchanged with it in one atomic system call, so that even a SIGKILL (which no
/// handler sees) leaves either every old file or every new one, never a mix (see *Bad Input, Run
/// Limits and Safe Output*).
///
/// The copy holds the finished files under their names and a hard link to every other entry
/// of the directory (the user's own files, a trace left by an earlier run, another process's
/// temporary file), so nothing in the directory is lost or changed: the same files, by the same
/// inodes, are there after the exchange. The old directory, now at the copy's temporary name,
/// is then emptied and removed; an entry that appeared in the directory while the copy was
/// built is moved back rather than removed.
///
/// The exchange is `renameat2(RENAME_EXCHANGE)` on Linux (3.15 and later, looked up at run time
/// in the C library) and `renamex_np(RENAME_SWAP)` on Darwin. Where it is missing or refused (a
/// file system without it, a directory with a subdirectory, which cannot be hard-linked, a
/// directory that is a mount point, the working directory or one of its ancestors),
/// ``replace(_:with:)`` changes nothing and says so, and the files are renamed one after another
/// as before. (A shell of another terminal whose working directory is the output directory keeps
/// the old, removed one until it changes directory again: `cd .` shows the new files.) A killed run may leave the copy or the old
/// directory behind under a temporary name; the next run that writes beside it removes it
/// (``StaleTemporaries``).
enum DirectorySwap {
  /// Replaces the destinations of `files` (at least two, each a temporary file in `directory`
  /// to be renamed onto a name in `directory`: the caller groups them by their destination's
  /// directory, made canonical, and a temporary is created beside its destination) all at once.
  /// Returns `false`, with everything as it was, where the directory cannot be exchanged: the
  /// caller renames the files one by one.
  static func replace(_ directory: String, with files: [OutputFile]) -> Bool {
    guard files.count >= 2, let exchange = exchangeFunction else { return false }
    // Exchanged, the working directory would be left behind in the removed old directory.
    let working = OutputPath.canonical(FileManager.default.currentDirectoryPath)
    guard working != directory && !working.hasPrefix(directory + "/") else { return false }
    var names: [(temporary: String, final: String)] = []
    for file in files {
      guard let temporary = file.temporaryPath, let replaced = file.replacedPath else {
        return false
      }
      names.append(
        (OutputPath.lastComponent(of: temporary), OutputPath.lastComponent(of: replaced)))
    }
    var status = stat()
    guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
      let entries = try? FileManager.default.contentsOfDirectory(atPath: directory)
    else { return false }
    let ours = Set(names.map(\.temporary))
    let replaced = Set(names.map(\.final))
    var linked: [String] = []
    for entry in entries where !ours.contains(entry) && !replaced.contains(entry) {
      var entryStatus = stat()
      guard lstat(OutputPath.joined(directory, entry), &entryStatus) == 0,
        entryStatus.st_mode & S_IFMT != S_IFDIR
      else { return false }
      linked.append(entry)
    }
    let parent = OutputPath.directory(of: directory)
    let copy = OutputPath.joined(parent, TemporaryName.make(suffix: TemporaryName.directorySuffix))
    guard mkdir(copy, 0o700) == 0 else { return false }
    var moved = 0
    /// Puts back what was moved and removes the copy: the directory is as it was.
    func undo() -> Bool {
      for index in 0..<moved {
        rename(
          OutputPath.joined(copy, names[index].final),
          OutputPath.joined(directory, names[index].temporary))
      }
      for entry in linked { unlink(OutputPath.joined(copy, entry)) }
      rmdir(copy)
      return false
    }
    var linkedSoFar: [String] = []
    for entry in linked {
      guard link(OutputPath.joined(directory, entry), OutputPath.joined(copy, entry)) == 0 else {
        linked = linkedSoFar
        return undo()
      }
      linkedSoFar.append(entry)
    }
    for (temporary, final) in names {
      guard rename(OutputPath.joined(directory, temporary), OutputPath.joined(copy, final)) == 0
      else { return undo() }
      moved += 1
    }
    _ = chmod(copy, status.st_mode & 0o7777)
    guard exchange(copy, directory) == 0 else { return undo() }
    for file in files { file.markMovedIntoPlace() }
    removeOldDirectory(copy, into: directory, replaced: replaced, linked: Set(linked))
    return true
  }

  /// Empties and removes the old directory, now at `old`: the old versions of the replaced
  /// files and the links go; anything else (an entry added while the copy was built) moves back
  /// into `directory` unless a file of that name is there.
  private static func removeOldDirectory(
    _ old: String, into directory: String, replaced: Set<String>, linked: Set<String>
  ) {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: old)) ?? []
    for entry in entries {
      if replaced.contains(entry) || linked.contains(entry) {
        unlink(OutputPath.joined(old, entry))
      } else {
        var status = stat()
        if lstat(OutputPath.joined(directory, entry), &status) != 0 {
          rename(OutputPath.joined(old, entry), OutputPath.joined(directory, entry))
        }
      }
    }
    rmdir(old)
  }

  /// Exchanges two paths atomically, or `nil` where the system cannot.
  private static let exchangeFunction: (@Sendable (String, String) -> Int32)? = {
    #if canImport(Darwin)
      return { first, second in renamex_np(first, second, UInt32(RENAME_SWAP)) }
    #else
      typealias RenameAt2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
      guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "renameat2") else {
        return nil
      }
      let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
      // RENAME_EXCHANGE, from <linux/fs.h>.
      let exchange: UInt32 = 1 << 1
      return { first, second in renameat2(AT_FDCWD, first, AT_FDCWD, second, exchange) }
    #endif
  }()
}
