/// Builds an RFC 4180 CSV document in memory: a header, then records, each ending in CRLF;
/// fields are quoted only when they hold a comma, a double quote or a line break.
public struct CSVWriter {
  private let columnCount: Int
  /// The document so far.
  public private(set) var text: String

  /// A document with `header` as its first record.
  public init(header: [String]) {
    columnCount = header.count
    text = ""
    text = Self.record(header)
  }

  /// Appends one record; it must have as many fields as the header.
  public mutating func appendRow(_ fields: [String]) {
    precondition(fields.count == columnCount, "a CSV row with the wrong number of fields")
    text += Self.record(fields)
  }

  /// One record's text with its CRLF.
  public static func record(_ fields: [String]) -> String {
    fields.map(escape).joined(separator: ",") + "\r\n"
  }

  /// `field`, quoted with its quotes doubled if it needs to be.
  public static func escape(_ field: String) -> String {
    // Scalars, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
    let needsQuotes = field.unicodeScalars.contains {
      $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r"
    }
    guard needsQuotes else { return field }
    var quoted = "\""
    for character in field {
      quoted.append(character)
      if character == "\"" { quoted.append("\"") }
    }
    return quoted + "\""
  }
}

/// Writes a CSV document record by record to an ``OutputFile``, so memory stays flat however
/// many records there are.
public final class CSVStreamWriter {
  private let file: OutputFile
  private let columnCount: Int

  /// A writer that has written `header`.
  public init(file: OutputFile, header: [String]) throws(OutputError) {
    self.file = file
    columnCount = header.count
    try file.write(CSVWriter.record(header))
  }

  /// Appends one record.
  public func appendRow(_ fields: [String]) throws(OutputError) {
    precondition(fields.count == columnCount, "a CSV row with the wrong number of fields")
    try file.write(CSVWriter.record(fields))
  }

  /// Appends one record of numbers.
  public func appendRow(_ record: NumericCSVRecord) throws(OutputError) {
    precondition(record.fieldCount == columnCount, "a CSV row with the wrong number of fields")
    try file.write(record.bytes)
    try file.write(Self.lineEnd)
  }

  private static let lineEnd: [UInt8] = [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
}

/// One CSV record of numbers, written field by field straight into UTF-8: a number never needs
/// quoting, so a writer of millions of rows (a 24-hour `power.csv` has 1.7 million) makes no
/// String per field. Reused from row to row, it allocates nothing once it has grown.
public struct NumericCSVRecord {
  /// The record so far, without its line ending.
  public private(set) var bytes: [UInt8] = []
  /// How many fields it has.
  public private(set) var fieldCount = 0

  /// An empty record.
  public init() {}

  /// Empties the record, keeping its memory.
  public mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    fieldCount = 0
  }

  /// Appends a field whose text `write` appends to the bytes it is given; the text must not
  /// need quoting (no comma, double quote or line break).
  public mutating func appendField(_ write: (inout [UInt8]) -> Void) {
    if fieldCount > 0 { bytes.append(UInt8(ascii: ",")) }
    fieldCount += 1
    let start = bytes.count
    write(&bytes)
    assert(
      !bytes[start...].contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D },
      "a numeric CSV field that needs quoting")
  }
}
