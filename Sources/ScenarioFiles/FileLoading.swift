import Foundation
package import JSONSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading input files: whole files as bytes, JSON documents with syntax errors located, and
/// paths relative to the file that names them.
package enum FileLoading {
  /// The largest input file read (a guard against reading a disk image by mistake).
  static let maximumFileSize = 256 * 1024 * 1024

  /// The bytes of `path`; an error names the file and why it could not be read.
  ///
  /// Only regular files are read (symbolic links are followed): a device such as `/dev/zero`,
  /// a pipe or a socket would never end, or block. The size is checked before anything is read.
  static func bytes(of path: String) throws(InputError) -> [UInt8] {
    guard !path.utf8.contains(0) else {
      throw InputError(
        file: path, path: nil, message: "cannot read the file: its path contains a NUL byte")
    }
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw InputError(file: path, path: nil, message: "cannot read the file: \(reason(errno))")
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR:
      throw InputError(file: path, path: nil, message: "cannot read the file: it is a directory")
    default:
      throw InputError(
        file: path, path: nil,
        message: "cannot read the file: it is not a regular file (a device, pipe or socket)")
    }
    guard status.st_size <= maximumFileSize else {
      throw InputError(
        file: path, path: nil,
        message:
          "the file is larger than \(maximumFileSize / 1024 / 1024) MB, too large to be an input")
    }
    // Read straight into the array (through Data it would be held twice at the peak).
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw InputError(file: path, path: nil, message: "cannot read the file: \(reason(errno))")
    }
    defer { close(descriptor) }
    InputFiles.record(path, status)
    let capacity = Int(status.st_size) + 1
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      count = 0
      while count < capacity {
        let received = read(descriptor, buffer.baseAddress! + count, capacity - count)
        if received < 0 && errno == EINTR { continue }
        if received < 0 { failure = errno }
        guard received > 0 else { break }
        count += received
      }
    }
    guard failure == 0 else {
      throw InputError(
        file: path, path: nil,
        message: "cannot read the file: \(reason(failure))")
    }
    // The file may have grown since it was measured.
    guard bytes.count <= maximumFileSize else {
      throw InputError(
        file: path, path: nil,
        message:
          "the file is larger than \(maximumFileSize / 1024 / 1024) MB, too large to be an input")
    }
    return bytes
  }

  /// Why a file could not be opened or examined, from its `errno`: "it does not exist" for a
  /// missing file or directory on the way, otherwise the system's own words (`Permission
  /// denied`, `Too many levels of symbolic links`, `File name too long`).
  static func reason(_ code: Int32) -> String {
    if code == ENOENT || code == ENOTDIR { return "it does not exist" }
    return "\(String(cString: strerror(code))) (errno \(code))"
  }

  /// The JSON document in `path`.
  package static func json(at path: String) throws(InputError) -> JSONValue {
    try json(from: try bytes(of: path), file: path)
  }

  /// The JSON document in `bytes`, with syntax errors reported against `file`.
  package static func json(from bytes: [UInt8], file: String) throws(InputError) -> JSONValue {
    do {
      return try JSONReader.parse(bytes)
    } catch {
      throw InputError(file: file, line: error.line, column: error.column, message: error.message)
    }
  }

  /// `relative` resolved against the directory of `file` (absolute paths stay as they are), with
  /// `.` and `..` steps removed where possible.
  package static func resolve(_ relative: String, from file: String) -> String {
    if relative.hasPrefix("/") { return normalize(relative) }
    guard let slash = file.lastIndex(of: "/") else { return normalize(relative) }
    return normalize(String(file[...slash]) + relative)
  }

  static func normalize(_ path: String) -> String {
    let isAbsolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }
}
