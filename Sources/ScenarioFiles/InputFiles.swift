import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The input files this process has read (scenarios, device files, traces), so that an output
/// can refuse to overwrite one of them (see *Bad Input, Run Limits and Safe Output*).
///
/// Files are known by device and inode, which no spelling of a path, symbolic link or hard link
/// can disguise. A file is recorded when ``FileLoading`` reads it; distinct files are recorded
/// once, so the log stays as small as the set of files read however often they are read.
///
/// The log is process-wide, not per command: it can only make an output refuse a file that
/// this process read and that still exists at the path it was read from.
public enum InputFiles {
  /// A file's identity: the device that holds it and its inode number there.
  public struct Identity: Hashable, Sendable {
    /// The device holding the file.
    public var device: UInt64
    /// The file's inode number on that device.
    public var inode: UInt64

    /// The file with inode number `inode` on `device`.
    public init(device: UInt64, inode: UInt64) {
      self.device = device
      self.inode = inode
    }

    /// The identity `status` describes.
    init(_ status: stat) {
      self.init(
        device: UInt64(truncatingIfNeeded: status.st_dev),
        inode: UInt64(truncatingIfNeeded: status.st_ino))
    }
  }

  nonisolated(unsafe) private static var paths: [Identity: String] = [:]
  private static let lock = NSLock()

  /// Records that `path`, described by `status`, was read.
  static func record(_ path: String, _ status: stat) {
    lock.lock()
    defer { lock.unlock() }
    paths[Identity(status)] = path
  }

  /// The path an input with `identity` was read from, if this process read that file and it is
  /// still there (an inode freed by a deleted input and reused by a new file is not an input).
  public static func path(of identity: Identity) -> String? {
    lock.lock()
    let path = paths[identity]
    lock.unlock()
    guard let path else { return nil }
    var status = stat()
    guard stat(path, &status) == 0, Identity(status) == identity else { return nil }
    return path
  }
}
