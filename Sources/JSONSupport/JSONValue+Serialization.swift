extension JSONValue {
  /// Deterministic JSON text: members in their stored order, numbers as their literal text,
  /// strings escaped as RFC 8259 requires. `pretty` indents by two spaces and keeps short arrays
  /// of scalars on one line. No trailing newline.
  public func serialized(pretty: Bool = false) -> String {
    var output = ""
    write(to: &output, pretty: pretty, indent: 0)
    return output
  }

  private func write(to output: inout String, pretty: Bool, indent: Int) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let number): output += number.literal
    case .string(let text): output += JSONText.quoted(text)
    case .array(let items):
      if items.isEmpty {
        output += "[]"
        return
      }
      if pretty {
        let inline = items.allSatisfy(\.isScalar) ? JSONValue.array(items).serialized() : nil
        if let inline, inline.count + indent <= 100 {
          output += inline.replacingCommas()
          return
        }
        output += "[\n"
        for (index, item) in items.enumerated() {
          output += String(repeating: " ", count: indent + 2)
          item.write(to: &output, pretty: true, indent: indent + 2)
          output += index == items.count - 1 ? "\n" : ",\n"
        }
        output += String(repeating: " ", count: indent) + "]"
      } else {
        output += "["
        for (index, item) in items.enumerated() {
          if index > 0 { output += "," }
          item.write(to: &output, pretty: false, indent: 0)
        }
        output += "]"
      }
    case .object(let object):
      if object.isEmpty {
        output += "{}"
        return
      }
      output += pretty ? "{\n" : "{"
      var index = 0
      for (key, value) in object {
        if pretty { output += String(repeating: " ", count: indent + 2) }
        output += JSONText.quoted(key) + (pretty ? ": " : ":")
        value.write(to: &output, pretty: pretty, indent: indent + 2)
        index += 1
        if index < object.count { output += "," }
        if pretty { output += "\n" }
      }
      if pretty { output += String(repeating: " ", count: indent) }
      output += "}"
    }
  }

  var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }
}

extension String {
  /// A compact scalar array with a space after each separating comma (outside strings).
  fileprivate func replacingCommas() -> String {
    var result = ""
    var strings = JSONStringTracker()
    for character in self {
      result.append(character)
      if strings.isStructural(character) && character == "," { result.append(" ") }
    }
    return result
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
    var output = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output + "\""
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
