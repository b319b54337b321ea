import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output or standard error, written with `write(2)` so that a failure (a full disk,
/// `/dev/full`, a closed pipe when SIGPIPE is ignored, a closed descriptor) is reported, not a
/// crash: the first failure is kept for ``failure`` and later writes are skipped (*Bad Input, Run
/// Limits and Safe Output*: a failed write to standard output or error is an error, status 1).
///
/// Every write of the command line's results and messages goes through one of the two streams.
/// Safe to call from several threads; each call's text is written whole before the next.
public final class StandardStream: @unchecked Sendable {
  /// Standard output (descriptor 1).
  public static let output = StandardStream(descriptor: STDOUT_FILENO, name: "standard output")
  /// Standard error (descriptor 2).
  public static let error = StandardStream(descriptor: STDERR_FILENO, name: "standard error")

  private let descriptor: Int32
  private let name: String
  private let lock = NSLock()
  private var failedWith: Int32?

  private init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  /// Writes `text` as UTF-8, unless an earlier write failed.
  public func write(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    guard failedWith == nil else { return }
    let code = Self.writeAll(Array(text.utf8), to: descriptor)
    if code != 0 { failedWith = code }
  }

  /// Why a write failed (`standard output: cannot write: No space left on device (errno 28)`),
  /// or `nil` if none did.
  public var failure: OutputError? {
    lock.lock()
    defer { lock.unlock() }
    return failedWith.map { OutputError.system(name, "write", code: $0) }
  }

  /// Writes every byte of `bytes` to `descriptor`, retrying after interruptions and short
  /// writes; returns 0, or the `errno` of the write that failed.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { raw in
        Foundation.write(descriptor, raw.baseAddress! + written, raw.count - written)
      }
      if result < 0 {
        if errno == EINTR { continue }
        return errno
      }
      written += result
    }
    return 0
  }
}
