import Quantities

/// One CSV record and the line it starts on.
struct CSVRecord {
  var fields: [String]
  var line: Int
}

/// An RFC 4180 syntax error, at a line and, for a field, the column (in Unicode scalars) where
/// the field starts.
struct CSVSyntaxError: Error {
  var line: Int
  var column: Int?
  var message: String
}

/// A small RFC 4180 reader over UTF-8 bytes: fields separated by commas, records by CRLF, LF or
/// a lone CR (each counted as one line end), fields in double quotes may hold commas, line
/// breaks and doubled quotes. A leading UTF-8 byte-order mark, which spreadsheets write, is
/// skipped.
///
/// It reads the bytes in place, so memory is the records it returns and one field; a field
/// longer than ``maximumFieldBytes`` is refused as soon as it is, with its line and column.
enum CSVParser {
  /// The most rows a trace may have after its header: each row becomes an occurrence held in
  /// memory for the whole run.
  static let maximumRows = 5_000_000

  /// The longest field, in bytes: far more than any time, amount or name, far less than a
  /// runaway cell that would take gigabytes once decoded.
  static let maximumFieldBytes = 1_000_000

  /// Whether `bytes` are UTF-8, checked in slices, so without a copy of the whole file.
  static func isUTF8(_ bytes: [UInt8]) -> Bool {
    var start = 0
    while start < bytes.count {
      var end = min(start + 65_536, bytes.count)
      // Do not cut a sequence: end before a continuation byte (at most three steps back).
      while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
      if end == start { end = min(start + 65_536, bytes.count) }
      guard String(validating: bytes[start..<end], as: UTF8.self) != nil else { return false }
      start = end
    }
    return true
  }

  /// The records of `bytes` (UTF-8, checked by the caller): a header and at most
  /// ``maximumRows`` rows.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  static func parse(_ bytes: [UInt8]) throws(CSVSyntaxError) -> [CSVRecord] {
    var reader = Reader(bytes: bytes)
    return try reader.records()
  }

  /// The cursor of one parse.
  private struct Reader {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    /// Where the current line starts, for columns.
    var lineStart = 0

    init(bytes: [UInt8]) {
      self.bytes = bytes
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        index = 3
        lineStart = 3
      }
    }

    /// The column (from 1, in Unicode scalars) of byte `offset` on the line starting at byte
    /// `start`.
    func column(of offset: Int, lineStartingAt start: Int) -> Int {
      var column = 1
      for position in start..<offset where bytes[position] & 0xC0 != 0x80 { column += 1 }
      return column
    }

    /// Where a field starts: its first byte (its opening quote, if quoted), line, and the start
    /// of that line.
    struct FieldStart {
      var offset: Int
      var line: Int
      var lineStart: Int
    }

    var fieldStart: FieldStart { FieldStart(offset: index, line: line, lineStart: lineStart) }

    /// The error for a field longer than ``CSVParser/maximumFieldBytes``, at its start.
    func fieldTooLong(_ start: FieldStart) -> CSVSyntaxError {
      CSVSyntaxError(
        line: start.line, column: column(of: start.offset, lineStartingAt: start.lineStart),
        message:
          "expected a field of at most \(DigitGroups.text(maximumFieldBytes)) bytes, found a longer one"
      )
    }

    /// Steps over the line end at `index` (CR, LF or CRLF), counting one line.
    mutating func skipLineEnd() {
      if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
      index += 1
      line += 1
      lineStart = index
    }

    mutating func records() throws(CSVSyntaxError) -> [CSVRecord] {
      var records: [CSVRecord] = []
      var fields: [String] = []
      var field: [UInt8] = []
      var recordLine = line
      var start = fieldStart
      var inQuotes = false
      var afterQuote = false
      while index < bytes.count {
        let byte = bytes[index]
        if inQuotes {
          if byte == UInt8(ascii: "\"") {
            if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") {
              field.append(byte)
              index += 2
            } else {
              inQuotes = false
              afterQuote = true
              index += 1
            }
          } else if byte == 0x0A || byte == 0x0D {
            let end = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            field.append(contentsOf: bytes[index..<index + end])
            skipLineEnd()
          } else {
            field.append(byte)
            index += 1
          }
          if field.count > maximumFieldBytes { throw fieldTooLong(start) }
          continue
        }
        switch byte {
        case UInt8(ascii: ","):
          fields.append(String(decoding: field, as: UTF8.self))
          field.removeAll(keepingCapacity: true)
          afterQuote = false
          index += 1
          start = fieldStart
        case 0x0A, 0x0D:
          fields.append(String(decoding: field, as: UTF8.self))
          records.append(CSVRecord(fields: fields, line: recordLine))
          if records.count > maximumRows + 1 {
            throw CSVSyntaxError(
              line: recordLine,
              message: "expected at most 5,000,000 rows after the header, found more")
          }
          fields = []
          field.removeAll(keepingCapacity: true)
          afterQuote = false
          skipLineEnd()
          recordLine = line
          start = fieldStart
        case UInt8(ascii: "\""):
          guard field.isEmpty && !afterQuote else {
            throw CSVSyntaxError(
              line: line, message: "expected a quote only at the start of a field")
          }
          inQuotes = true
          index += 1
        default:
          if afterQuote {
            throw CSVSyntaxError(
              line: line, message: "expected a comma or the end of the line after a closing quote")
          }
          field.append(byte)
          index += 1
          if field.count > maximumFieldBytes { throw fieldTooLong(start) }
        }
      }
      if inQuotes {
        throw CSVSyntaxError(
          line: recordLine,
          message:
            "expected a closing quote for a field opened on this line, found the end of the file"
        )
      }
      if !field.isEmpty || !fields.isEmpty || afterQuote {
        fields.append(String(decoding: field, as: UTF8.self))
        records.append(CSVRecord(fields: fields, line: recordLine))
      }
      return records
    }
  }
}
