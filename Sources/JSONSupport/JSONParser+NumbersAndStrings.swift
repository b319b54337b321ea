import Quantities

/// The scanners of the parser's leaf tokens: numbers as RFC 8259 spells them (kept as their
/// literal text), and strings with their escapes, surrogate pairs and UTF-8 checked byte by byte.
extension JSONParser {
  /// Scans the number at `offset`: an optional minus, digits without a leading zero, an
  /// optional fraction and exponent.
  mutating func number() throws(JSONSyntaxError) -> JSONNumber {
    let start = offset
    if peek(UInt8(ascii: "-")) { offset += 1 }
    guard offset < bytes.count, isDigit(bytes[offset]) else {
      throw error("expected a digit, found \(foundWordOrCharacter())")
    }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
      if offset < bytes.count, isDigit(bytes[offset]) {
        throw error(
          "expected a number without leading zeros, found \(found(word: true, from: start))",
          at: start)
      }
    } else {
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    if peek(UInt8(ascii: ".")) {
      offset += 1
      guard offset < bytes.count, isDigit(bytes[offset]) else {
        throw error("expected a digit after the decimal point, found \(found())")
      }
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      offset += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
      guard offset < bytes.count, isDigit(bytes[offset]) else {
        throw error("expected a digit in the exponent, found \(found())")
      }
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    guard offset - start <= JSONReader.maximumNumberLength else {
      throw error(
        "expected a number of at most \(DigitGroups.text(JSONReader.maximumNumberLength)) characters, found one of \(DigitGroups.text(offset - start))",
        at: start)
    }
    return JSONNumber(literal: utf8Text(start..<offset))
  }

  /// Scans the string whose opening quote is at `offset` and returns its text; a string of more
  /// than `maximumBytes` bytes (between the quotes, as written) is refused, at its opening quote,
  /// as the `what` it is, before more of it is read.
  ///
  /// The bytes are checked as they are scanned (plain ASCII in runs, other UTF-8 sequence by
  /// sequence); a string without escapes — nearly every one — is then made from its bytes in one
  /// call, and only a string with escapes is assembled, as UTF-8 bytes, piece by piece.
  mutating func string(maximumBytes: Int = .max, what: String = "a string")
    throws(JSONSyntaxError) -> String
  {
    let quote = offset
    offset += 1
    // Where reading stops to refuse the string: one byte past the most it may hold.
    let stop =
      maximumBytes >= bytes.count ? bytes.count : min(bytes.count, quote + 2 + maximumBytes)
    // The text so far when an escape was met; the checked bytes from `pending` on follow it.
    var unescaped: [UInt8]?
    var pending = offset
    while true {
      guard offset < stop || stop == bytes.count else {
        throw error(
          "expected \(what) of at most \(DigitGroups.text(maximumBytes)) bytes, found a longer one",
          at: quote)
      }
      // A run of plain ASCII is skipped at once (a 50 MB string must not cost 50 million steps).
      let runStart = offset
      offset = bytes.withUnsafeBufferPointer { buffer in
        var index = runStart
        while index < stop {
          let byte = buffer[index]
          if byte < 0x20 || byte >= 0x80 || byte == 0x22 || byte == 0x5C { break }
          index += 1
        }
        return index
      }
      guard offset < bytes.count else {
        throw error("expected '\"' to end the string, found the end of the file")
      }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let end = offset
        offset += 1
        guard var text = unescaped else { return utf8Text(pending..<end) }
        text.append(contentsOf: bytes[pending..<end])
        return String(decoding: text, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        // Taken out of `unescaped` first, so that appending does not copy it.
        var text = unescaped ?? []
        unescaped = nil
        text.append(contentsOf: bytes[pending..<offset])
        let scalar = try escape()
        text.append(contentsOf: UTF8.encode(scalar)!)
        unescaped = text
        pending = offset
        continue
      }
      if byte < 0x20 {
        throw error(
          "expected a character of the string, found the control character U+00\(hex(byte)) (write it as an escape such as \\n)"
        )
      }
      _ = try utf8Scalar()
    }
  }

  /// The text of the checked UTF-8 bytes in `range`, made in one call.
  func utf8Text(_ range: Range<Int>) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }
  }

  /// Reads the escape whose backslash is at `offset`, a `\u` surrogate pair included.
  mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
    let start = offset
    offset += 1
    guard offset < bytes.count else {
      throw error("expected an escape such as \\n or \\u00e9, found the end of the file")
    }
    let byte = bytes[offset]
    offset += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try hexQuad(start: start)
      if (0xD800...0xDBFF).contains(high) {
        guard bytes.count - offset >= 2, bytes[offset] == UInt8(ascii: "\\"),
          bytes[offset + 1] == UInt8(ascii: "u")
        else {
          throw error(
            "expected a low surrogate after \\u\(hex16(high)), found a lone high surrogate",
            at: start)
        }
        offset += 2
        let low = try hexQuad(start: start)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error(
            "expected a low surrogate after \\u\(hex16(high)), found \\u\(hex16(low))", at: start)
        }
        let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        return Unicode.Scalar(value)!
      }
      if (0xDC00...0xDFFF).contains(high) {
        throw error(
          "expected a character escape, found the lone low surrogate \\u\(hex16(high))", at: start)
      }
      return Unicode.Scalar(high)!
    default:
      offset = start
      throw error("expected an escape such as \\n or \\u00e9, found \\\(foundCharacter())")
    }
  }

  /// Reads the four hexadecimal digits of a `\u` escape that began at `start`.
  mutating func hexQuad(start: Int) throws(JSONSyntaxError) -> UInt32 {
    guard bytes.count - offset >= 4 else {
      throw error(
        "expected four hexadecimal digits after \\u, found the end of the file", at: start)
    }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
      default:
        throw error("expected four hexadecimal digits after \\u, found \(found())")
      }
      value = value * 16 + digit
      offset += 1
    }
    return value
  }

  /// Decodes one UTF-8 scalar at `offset`, rejecting invalid sequences.
  mutating func utf8Scalar() throws(JSONSyntaxError) -> Unicode.Scalar {
    let lead = bytes[offset]
    if lead < 0x80 {
      offset += 1
      return Unicode.Scalar(lead)
    }
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
    default: throw error("expected UTF-8 text, found the byte 0x\(hex(lead))")
    }
    guard bytes.count - offset >= length else {
      throw error("expected UTF-8 text, found an incomplete sequence at the end of the file")
    }
    for index in 1..<length {
      let byte = bytes[offset + index]
      guard byte & 0xC0 == 0x80 else {
        throw error("expected UTF-8 text, found the byte 0x\(hex(lead)) followed by 0x\(hex(byte))")
      }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= minimum, let scalar = Unicode.Scalar(value) else {
      throw error("expected UTF-8 text, found an invalid sequence starting with 0x\(hex(lead))")
    }
    offset += length
    return scalar
  }
}
