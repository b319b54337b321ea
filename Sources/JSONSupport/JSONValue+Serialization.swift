extension JSONValue {
  /// Deterministic JSON text: members in their stored order, numbers as their literal text,
  /// strings escaped as RFC 8259 requires. `pretty` indents by two spaces and keeps short arrays
  /// of scalars on one line. No trailing newline.
  ///
  /// - Complexity: O(*n*) in the length of the text, written byte by byte into one buffer (a
  ///   run's summary of a hundred thousand workloads is tens of megabytes).
  public func serialized(pretty: Bool = false) -> String {
    var output = JSONBytes()
    output.bytes.reserveCapacity(256)
    write(to: &output, pretty: pretty, indent: 0)
    return String(decoding: output.bytes, as: UTF8.self)
  }

  func write(to output: inout JSONBytes, pretty: Bool, indent: Int) {
    switch self {
    case .null: output.append("null")
    case .bool(let value): output.append(value ? "true" : "false")
    case .number(let number): output.append(number.literal)
    case .string(let text): output.appendQuoted(text)
    case .array(let items):
      if items.isEmpty {
        output.append("[]")
        return
      }
      if pretty {
        if items.allSatisfy(\.isScalar) && writeInline(items, to: &output, indent: indent) {
          return
        }
        output.append("[\n")
        for (index, item) in items.enumerated() {
          output.appendSpaces(indent + 2)
          item.write(to: &output, pretty: true, indent: indent + 2)
          output.append(index == items.count - 1 ? "\n" : ",\n")
        }
        output.appendSpaces(indent)
        output.append("]")
      } else {
        output.append("[")
        for (index, item) in items.enumerated() {
          if index > 0 { output.append(",") }
          item.write(to: &output, pretty: false, indent: 0)
        }
        output.append("]")
      }
    case .object(let object):
      if object.isEmpty {
        output.append("{}")
        return
      }
      output.append(pretty ? "{\n" : "{")
      var index = 0
      for (key, value) in object {
        if pretty { output.appendSpaces(indent + 2) }
        output.appendQuoted(key)
        output.append(pretty ? ": " : ":")
        value.write(to: &output, pretty: pretty, indent: indent + 2)
        index += 1
        if index < object.count { output.append(",") }
        if pretty { output.append("\n") }
      }
      if pretty { output.appendSpaces(indent) }
      output.append("}")
    }
  }

  /// Writes an array of scalars on one line, `[a, b]`, when its compact text (`[a,b]`) and
  /// `indent` together take at most 100 characters; otherwise writes nothing and returns `false`.
  private func writeInline(_ items: [JSONValue], to output: inout JSONBytes, indent: Int) -> Bool {
    let start = output.bytes.count
    var isASCII = true
    output.append("[")
    for (index, item) in items.enumerated() {
      if index > 0 { output.append(", ") }
      item.write(to: &output, pretty: false, indent: 0)
    }
    output.append("]")
    // The compact text is the one written less the space after each separating comma.
    let written = output.bytes[start...]
    for byte in written where byte >= 0x80 { isASCII = false }
    let compactBytes = written.count - (items.count - 1)
    let characters =
      isASCII
      ? compactBytes
      : String(decoding: written, as: UTF8.self).count - (items.count - 1)
    if characters + indent <= 100 { return true }
    output.bytes.removeSubrange(start...)
    return false
  }

  var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }
}

/// JSON text being written, as UTF-8 bytes.
struct JSONBytes {
  var bytes: [UInt8] = []

  /// Appends `text` as it is.
  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends `count` spaces.
  mutating func appendSpaces(_ count: Int) {
    var left = count
    while left > 0 {
      let run = min(left, Self.spaces.count)
      Self.spaces.withUnsafeBufferPointer {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<run]))
      }
      left -= run
    }
  }

  /// Spaces to copy indents from.
  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

  /// Appends the decimal digits of `value`.
  mutating func appendInteger(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    // The magnitude's digits, least significant first, into a buffer of 20 (enough for 2^64).
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var count = 0
      repeat {
        digits[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(20 - count)...]))
    }
  }

  /// Appends `text` as a JSON string literal (see ``JSONText/quoted(_:)``): a text with nothing
  /// to escape (nearly every key) in one copy.
  mutating func appendQuoted(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
      ) {
        bytes.append(contentsOf: utf8)
        return
      }
      for byte in utf8 {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        case 0..<0x20:
          let digits = Array("0123456789abcdef".utf8)
          bytes.append(contentsOf: Array("\\u00".utf8))
          bytes.append(digits[Int(byte >> 4)])
          bytes.append(digits[Int(byte & 0xF)])
        default: bytes.append(byte)
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

/// Follows JSON text character by character to tell the characters inside string literals
/// (escapes included) from the structural ones, for scanners that look for commas or brackets
/// without parsing.
public struct JSONStringTracker: Sendable {
  /// Whether the last character seen was inside a string literal, or opened one.
  public private(set) var isInString = false
  private var isEscaped = false

  /// Outside any string literal, before the first character.
  public init() {}

  /// Takes the next character and returns whether it is structural: outside every string
  /// literal, and not a quote that opens or closes one.
  public mutating func isStructural(_ character: Character) -> Bool {
    if isInString {
      if isEscaped {
        isEscaped = false
      } else if character == "\\" {
        isEscaped = true
      } else if character == "\"" {
        isInString = false
      }
      return false
    }
    if character == "\"" {
      isInString = true
      return false
    }
    return true
  }
}

/// JSON text helpers for writers that stream large documents without building a tree, and
/// ``printable(_:)``, the one way names from input files are shown on a terminal (in error
/// messages and in the tables `powersim` prints).
public enum JSONText {
  /// `string` as a JSON string literal: `"`, `\` and control characters escaped; other
  /// characters, non-ASCII included, as they are.
  public static func quoted(_ string: String) -> String {
    var output = JSONBytes()
    output.appendQuoted(string)
    return String(decoding: output.bytes, as: UTF8.self)
  }

  /// `text` safe to print on one line of a terminal: every character that could move the
  /// cursor, recolour or clear the terminal, break a line, or reorder the text around it becomes
  /// a visible escape; everything else, non-ASCII letters included, stays as it is.
  ///
  /// Line feed, carriage return and tab print as `\n`, `\r` and `\t`; the other escaped
  /// characters as `\u` and four uppercase hexadecimal digits (`\u001B` for ESC). Escaped are the
  /// C0 controls (U+0000–U+001F), DEL and the C1 controls (U+007F–U+009F), the line and paragraph
  /// separators (U+2028, U+2029), and the bidirectional formatting characters that could make a
  /// line read in another order than it is stored (U+061C, U+200E, U+200F, U+202A–U+202E,
  /// U+2066–U+2069). A backslash stays as it is, so the escapes are for reading, not for
  /// reversing: the CSV and JSON outputs hold names exactly.
  ///
  /// - Complexity: O(*n*) in the number of Unicode scalars of `text`; `text` itself, without a
  ///   copy, when nothing needs escaping.
  public static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if needsEscape(scalar) {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }

  /// Whether ``printable(_:)`` escapes `scalar` (every such scalar is below U+10000, so four
  /// hexadecimal digits always suffice).
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true  // C0 controls, DEL, C1 controls
    case 0x2028, 0x2029: true  // line and paragraph separators
    case 0x061C, 0x200E, 0x200F: true  // Arabic letter mark, left-to-right and right-to-left marks
    case 0x202A...0x202E, 0x2066...0x2069: true  // bidi embeddings, overrides and isolates
    default: false
    }
  }
}
