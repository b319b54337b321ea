import DeviceModels
import JSONSupport
import Quantities

/// A trace replay (see *OS policies*): a CSV file, one row per occurrence, with a `time` column and
/// any work-step columns (`cpu`, `threads`, `qos`, `read`, `write`, `write_size`, `download`,
/// `upload`, `via`, `gpu`, a generic component's name…). Empty cells are absent steps. Values are
/// read as in scenario files: a bare number in base units or a string with a unit. Rows must be in
/// time order, at times inside the run.
///
/// Errors name the trace file and the place in it: `row 3, column "cpu"`, where rows are counted
/// as a spreadsheet shows them (the header is row 1), with the line added when a quoted field
/// spanning lines makes it differ (`row 3 (line 4)`).
enum TraceFile {
  /// Reads the trace `name` (relative to `file`), named at `path`, through `files`.
  static func load(
    _ name: String, referencedAt path: JSONPath, from file: String, work: WorkDecoder,
    files: InputFileCache
  ) throws(InputError) -> [TraceRow] {
    let tracePath = FileLoading.resolve(name, from: file)
    let bytes: [UInt8]
    do {
      bytes = try files.bytes(of: tracePath)
    } catch {
      throw InputError(
        file: file, jsonPath: path,
        message:
          "cannot read the trace \"\(tracePath)\": \(error.message.replacingPrefix("cannot read the file: "))"
      )
    }
    guard CSVParser.isUTF8(bytes) else { throw invalidUTF8(bytes, file: tracePath) }
    let records: [CSVRecord]
    do {
      records = try CSVParser.parse(bytes)
    } catch {
      let place = error.column.map { "line \(error.line), column \($0)" } ?? "line \(error.line)"
      throw InputError(file: tracePath, path: place, message: error.message)
    }
    guard let header = records.first else {
      throw InputError(
        file: tracePath, path: nil,
        message: "expected a header row with a \"time\" column, found an empty file")
    }
    guard let timeColumn = header.fields.firstIndex(of: "time") else {
      throw InputError(
        file: tracePath, path: "row 1",
        message:
          "expected a \"time\" column in the header, found \(listing(header.fields, conjunction: "and"))"
      )
    }
    var seen: Set<String> = []
    for column in header.fields where !seen.insert(column).inserted {
      throw InputError(
        file: tracePath, path: "row 1",
        message: "expected each column once, found \(ValueExcerpt.quoted(column)) twice")
    }
    let traceWork = WorkDecoder(file: tracePath, context: work.context, hasNetwork: work.hasNetwork)
    let known = WorkDecoder.stepKeys + traceWork.timedComponentNames + ["recipe"]
    for column in header.fields
    where column != "time" && !known.contains(column) && !column.hasPrefix("x-") {
      var message =
        "unknown column \(ValueExcerpt.quoted(column)): expected \"time\" and work steps"
      if let suggestion = closestMatch(to: column, among: known + ["time"]) {
        message += " (did you mean \"\(suggestion)\"?)"
      } else {
        message += " (\(listing(known, conjunction: "or")))"
      }
      throw InputError(
        file: tracePath, path: "row 1, column \(ValueExcerpt.quoted(column))", message: message)
    }
    var rows: [TraceRow] = []
    for (index, record) in records.enumerated().dropFirst() {
      if record.fields.count == 1 && record.fields[0].isEmpty { continue }
      let row = Self.rowName(index: index, line: record.line)
      guard record.fields.count == header.fields.count else {
        throw InputError(
          file: tracePath, path: row,
          message:
            "expected \(header.fields.count) fields as in the header, found \(record.fields.count)")
      }
      var object = JSONObject()
      for (column, cell) in zip(header.fields, record.fields)
      where column != "time" && !column.hasPrefix("x-") && !cell.isEmpty {
        object[column] = cellValue(cell)
      }
      let timeCell = record.fields[timeColumn]
      let time: Instant
      do throws(InputError) {
        time = try work.context.instantInRun(cellValue(timeCell), ["time"])
        let spec = try traceWork.decodeObject(.object(object), at: [], defaultQoS: .default)
        if let previous = rows.last, time < previous.time {
          throw InputError(
            file: tracePath, path: nil,
            message: "expected rows in time order, found \(time) after \(previous.time)")
        }
        rows.append(TraceRow(time: time, work: [spec]))
      } catch {
        var located = error
        located.file = tracePath
        let column = error.jsonPath?.components.first.flatMap { component -> String? in
          if case .key(let key) = component { return key }
          return nil
        }
        located.path = column.map { "\(row), column \(ValueExcerpt.quoted($0))" } ?? row
        located.jsonPath = nil
        throw located
      }
    }
    return rows
  }

  /// The error for a file that is not UTF-8: the line of the first bad byte, and the byte.
  static func invalidUTF8(_ bytes: [UInt8], file: String) -> InputError {
    var line = 1
    var index = 0
    while index < bytes.count {
      let end = index + max(utf8SequenceLength(bytes[index]), 1)
      guard end <= bytes.count, String(validating: bytes[index..<end], as: UTF8.self) != nil
      else { break }
      // A lone CR, a LF and a CRLF each end one line.
      if bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) || bytes[index] == 0x0D {
        line += 1
      }
      index = end
    }
    let byte = bytes[min(index, bytes.count - 1)]
    let hex = (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    return InputError(
      file: file, path: "line \(line)",
      message: "expected UTF-8 text, found the byte 0x\(hex) (save the file as UTF-8)")
  }

  /// The length of the UTF-8 sequence `lead` starts, or 0 for a byte no sequence starts with.
  static func utf8SequenceLength(_ lead: UInt8) -> Int {
    switch lead {
    case 0..<0x80: 1
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: 0
    }
  }

  /// `row N` for the record at `index` (the header is row 1), with its first line when that
  /// differs.
  static func rowName(index: Int, line: Int) -> String {
    index + 1 == line ? "row \(line)" : "row \(index + 1) (line \(line))"
  }

  /// A cell as JSON: a number when it reads as one, else a string.
  static func cellValue(_ cell: String) -> JSONValue {
    let trimmed = cell.trimmingSpaces()
    if let number = try? JSONReader.parse(trimmed), case .number = number { return number }
    return .string(trimmed)
  }
}
