import JSONSupport
import Synchronization

/// The device and trace files the variants of one scenario read, each read once.
///
/// Every variant of a scenario (and every point of a sweep) is decoded from the same files: a
/// device file or a trace shared by a thousand variants is read from disk, and a device file
/// parsed, once, by its resolved path (see *Bad Input, Run Limits and Safe Output*), so decoding
/// stays linear in the input and every variant sees the same contents even if a file changes
/// meanwhile. A file that cannot be read is not remembered: each asker gets the error afresh.
///
/// Safe to share between the threads of a parallel sweep: the first asker reads a file while the
/// others wait for it.
final class InputFileCache: Sendable {
  private let contents = Mutex<[String: [UInt8]]>([:])
  private let documents = Mutex<[String: JSONValue]>([:])

  /// An empty cache.
  init() {}

  /// The bytes of the file at `path` (see ``FileLoading/bytes(of:)``), read on the first call.
  ///
  /// - Complexity: O(*n*) in the size of the file on the first call for `path`; O(1) after.
  func bytes(of path: String) throws(InputError) -> [UInt8] {
    try contents.withLock { cache throws(InputError) in
      if let bytes = cache[path] { return bytes }
      let bytes = try FileLoading.bytes(of: path)
      cache[path] = bytes
      return bytes
    }
  }

  /// The JSON document in the file at `path` (see ``FileLoading/json(at:)``), read and parsed
  /// on the first call; the bytes are not kept.
  ///
  /// - Complexity: O(*n*) in the size of the file on the first call for `path`; O(1) after.
  func json(at path: String) throws(InputError) -> JSONValue {
    try documents.withLock { cache throws(InputError) in
      if let document = cache[path] { return document }
      let document = try FileLoading.json(at: path)
      cache[path] = document
      return document
    }
  }
}
