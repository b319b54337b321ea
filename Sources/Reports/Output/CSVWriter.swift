/// Builds an RFC 4180 CSV document in memory: a header, then records, each ending in CRLF;
/// fields are quoted only when they hold a comma, a double quote or a line break.
///
/// The document is built as UTF-8 bytes. A record is appended whole (``appendRow(_:)``) or field
/// by field (``appendField(_:)``, ``appendNumericField(_:)``, then ``endRecord()``), which makes
/// no `String` per field: `attribution.csv` has a row per workload and component, 144,000 for
/// the benchmark's storm of 3,000 workloads, where a `String` per field and per record took a
/// fifth of the run.
public struct CSVWriter {
  private let columnCount: Int
  /// The document so far, UTF-8.
  public private(set) var bytes: [UInt8] = []
  /// Fields appended to the record in progress.
  private var fieldsInRecord = 0

  /// The document so far.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// A document with `header` as its first record.
  public init(header: [String]) {
    columnCount = header.count
    appendRow(header)
  }

  /// Appends one record; it must have as many fields as the header.
  public mutating func appendRow(_ fields: [String]) {
    precondition(fields.count == columnCount, "a CSV row with the wrong number of fields")
    for field in fields { appendField(field) }
    endRecord()
  }

  /// Appends a text field to the record in progress, quoted if it needs to be.
  public mutating func appendField(_ field: String) {
    if fieldsInRecord > 0 { bytes.append(UInt8(ascii: ",")) }
    fieldsInRecord += 1
    Self.appendEscaped(field, to: &bytes)
  }

  /// Appends a field whose text `write` appends to the bytes it is given, such as a number
  /// (``Units/appendJoules(_:to:)``); the text must not need quoting (no comma, double quote or
  /// line break).
  public mutating func appendNumericField(_ write: (inout [UInt8]) -> Void) {
    if fieldsInRecord > 0 { bytes.append(UInt8(ascii: ",")) }
    fieldsInRecord += 1
    let start = bytes.count
    write(&bytes)
    assert(
      !bytes[start...].contains(where: Self.needsQuoting), "a numeric field that needs quoting")
  }

  /// Ends the record in progress, which must have as many fields as the header.
  public mutating func endRecord() {
    precondition(fieldsInRecord == columnCount, "a CSV row with the wrong number of fields")
    bytes.append(UInt8(ascii: "\r"))
    bytes.append(UInt8(ascii: "\n"))
    fieldsInRecord = 0
  }

  /// One record's text with its CRLF.
  public static func record(_ fields: [String]) -> String {
    var bytes: [UInt8] = []
    for (index, field) in fields.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      appendEscaped(field, to: &bytes)
    }
    bytes.append(UInt8(ascii: "\r"))
    bytes.append(UInt8(ascii: "\n"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `field`, quoted with its quotes doubled if it needs to be.
  public static func escape(_ field: String) -> String {
    var bytes: [UInt8] = []
    appendEscaped(field, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `field`'s UTF-8, quoted with its quotes doubled if it needs to be. The bytes of a
  /// comma, a double quote, a carriage return and a line feed never occur inside another
  /// character's UTF-8, so looking at bytes finds exactly the characters that need quotes.
  static func appendEscaped(_ field: String, to bytes: inout [UInt8]) {
    var field = field
    field.withUTF8 { utf8 in
      guard utf8.contains(where: needsQuoting) else {
        bytes.append(contentsOf: utf8)
        return
      }
      bytes.append(UInt8(ascii: "\""))
      for byte in utf8 {
        bytes.append(byte)
        if byte == UInt8(ascii: "\"") { bytes.append(byte) }
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }

  /// Whether a byte makes a field need quotes: a comma, a double quote or a line break.
  static func needsQuoting(_ byte: UInt8) -> Bool {
    byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D
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
      !bytes[start...].contains(where: CSVWriter.needsQuoting),
      "a numeric field that needs quoting")
  }
}
