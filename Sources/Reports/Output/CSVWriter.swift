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
}
