/// Byte-level helpers of the parser, positions, and the "found …" phrases of syntax errors.
extension JSONParser {
  func peek(_ byte: UInt8) -> Bool { offset < bytes.count && bytes[offset] == byte }

  func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

  mutating func skipWhitespace() {
    let start = offset
    offset = bytes.withUnsafeBufferPointer { buffer in
      var index = start
      while index < buffer.count {
        let byte = buffer[index]
        guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
        index += 1
      }
      return index
    }
  }

  /// How the input at `offset` reads in "found …".
  func found(word: Bool = false, from start: Int? = nil) -> String {
    let begin = start ?? offset
    guard begin < bytes.count else { return "the end of the file" }
    if word {
      var end = begin
      while end < bytes.count, end - begin < 20,
        !(bytes[end] == 0x20 || bytes[end] == 0x0A || bytes[end] == 0x0D || bytes[end] == 0x09
          || bytes[end] == UInt8(ascii: ",") || bytes[end] == UInt8(ascii: "}")
          || bytes[end] == UInt8(ascii: "]"))
      {
        end += 1
      }
      if let text = String(validating: bytes[begin..<end], as: UTF8.self), !text.isEmpty {
        return "'\(text)'"
      }
    }
    return foundCharacterDescription(at: begin)
  }

  /// A word of letters (`'NaN'`, `'Infinity'`, `'min'`) as a word, with a hint for the
  /// non-finite numbers JSON does not have; anything else as one character.
  func foundWordOrCharacter() -> String {
    guard offset < bytes.count, isLetter(bytes[offset]) else { return found() }
    var end = offset
    while end < bytes.count, end - offset < 20, isLetter(bytes[end]) { end += 1 }
    let word = String(decoding: bytes[offset..<end], as: UTF8.self)
    let nonFinite = ["nan", "inf", "infinity"].contains(word.lowercased())
    return "'\(word)'" + (nonFinite ? " (JSON has no NaN or infinity)" : "")
  }

  func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

  /// A hint for what people coming from JavaScript or JSON5 write: comments and single quotes.
  func hint() -> String {
    if peek(UInt8(ascii: "/")), offset + 1 < bytes.count,
      bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*")
    {
      return " (JSON has no comments; put notes in keys starting with \"x-\")"
    }
    if peek(UInt8(ascii: "'")) { return " (JSON strings and keys take double quotes)" }
    return ""
  }

  func foundCharacter() -> String {
    guard offset < bytes.count else { return "" }
    var copy = self
    copy.offset = offset + 1
    if let scalar = try? copy.utf8Scalar() { return String(scalar) }
    return "0x" + hex(bytes[offset + 1])
  }

  func foundCharacterDescription(at index: Int) -> String {
    var copy = self
    copy.offset = index
    let byte = bytes[index]
    if byte >= 0x80 {
      guard let scalar = try? copy.utf8Scalar() else {
        return "the byte 0x\(hex(byte)), which is not UTF-8"
      }
      return Self.visibleDescription(of: scalar)
    }
    if byte == 0x0A || byte == 0x0D { return "the end of the line" }
    if byte == 0x09 { return "a tab" }
    if byte < 0x20 || byte == 0x7F { return "the control character U+00\(hex(byte))" }
    return "'\(Unicode.Scalar(byte))'"
  }

  /// `'é'` for a character one can see; for one that is invisible or looks like a space (a
  /// no-break space, a byte-order mark, a zero-width space, a line separator), its code point
  /// and name: `U+00A0 (no-break space)`, which an editor can search for.
  static func visibleDescription(of scalar: Unicode.Scalar) -> String {
    let invisible: Bool
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .lineSeparator, .paragraphSeparator, .format, .control, .unassigned,
      .privateUse, .surrogate, .nonspacingMark, .enclosingMark:
      invisible = true
    default:
      invisible = scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
    }
    guard invisible else { return "'\(scalar)'" }
    var digits = String(scalar.value, radix: 16, uppercase: true)
    if digits.count < 4 { digits = String(repeating: "0", count: 4 - digits.count) + digits }
    let name =
      scalar == "\u{FEFF}" ? "byte-order mark" : scalar.properties.name?.lowercased() ?? "unnamed"
    return "U+\(digits) (\(name))"
  }

  func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
  }

  func hex16(_ value: UInt32) -> String {
    hex(UInt8(value >> 8)) + hex(UInt8(value & 0xFF))
  }

  /// Line and column (in scalars) of byte `index`.
  func position(of index: Int) -> (Int, Int) {
    bytes.withUnsafeBufferPointer { buffer in
      var line = 1
      // A byte-order mark is invisible in editors: the first line's columns start after it.
      var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      let end = min(index, buffer.count)
      var cursor = 0
      while cursor < end {
        // A LF, a lone CR and a CRLF each end one line.
        let byte = buffer[cursor]
        if byte == 0x0A
          || byte == 0x0D && (cursor + 1 >= buffer.count || buffer[cursor + 1] != 0x0A)
        {
          line += 1
          lineStart = cursor + 1
        }
        cursor += 1
      }
      var column = 1
      cursor = lineStart
      while cursor < end {
        if buffer[cursor] & 0xC0 != 0x80 { column += 1 }
        cursor += 1
      }
      return (line, column)
    }
  }

  func error(_ message: String, at index: Int? = nil) -> JSONSyntaxError {
    let (line, column) = position(of: index ?? offset)
    return JSONSyntaxError(line: line, column: column, message: message)
  }
}
