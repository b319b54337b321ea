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
    var inString = false
    var escaped = false
    for character in self {
      result.append(character)
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == "\"" {
        inString = true
      } else if character == "," {
        result.append(" ")
      }
    }
    return result
  }
}

/// JSON text helpers for writers that stream large documents without building a tree.
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

  /// `text` safe to print on one line of a terminal: control characters (C0, DEL and C1, which
  /// could move the cursor, recolour or clear a terminal, or break a message over lines) become
  /// escapes such as `\n` and `\u001B`; everything else stays as it is.
  public static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if isControl(scalar) {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
