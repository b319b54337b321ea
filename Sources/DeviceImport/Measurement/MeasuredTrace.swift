import Foundation
public import JSONSupport
import Quantities
public import ScenarioFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A power trace measured by a power monitor, averaged over the windows of a run: the energy the
/// measurement saw in each window and how much of the window it covered.
///
/// Read from CSV, streamed a block at a time, so a monitor's hours of 100 kHz samples take
/// memory for the windows only. Recognised by the header: the generic `time_s,power_w` (or
/// `current_a` with `voltage_v`, or `current_ma`), PyMonsoon and Monsoon PowerTool
/// (`Time(ms),Main(mA),Main Voltage(V)`), the Nordic Power Profiler Kit II
/// (`Timestamp(ms),Current(uA)`, with `D0-D7` digital channels), and Joulescope's CSV logs
/// (`time,current,voltage,power,charge,energy`, time in seconds or as UTC timestamps). Each
/// sample holds until the next; the last holds for the interval before it.
public struct MeasuredTrace: Sendable {
  /// Which export the header was recognised as.
  public var format: String
  /// How power was obtained (`power column`, `current × voltage`, `current × 3.85 V`).
  public var powerSource: String
  /// Width of every window, ns (the last may be cut short by the run's end).
  public var windowWidth: Int64
  /// The run's length, ns.
  public var duration: Int64
  /// Measured energy in each window, J.
  public var energies: [Double]
  /// How long the measurement covered each window, ns.
  public var covered: [Int64]
  /// Samples read.
  public var sampleCount: Int

  /// A header's columns, as recognised.
  struct Columns {
    var time: Int
    var timeScale: Double
    var power: (index: Int, scale: Double)?
    var current: (index: Int, scale: Double)?
    var voltage: (index: Int, scale: Double)?
    var format: String
  }

  /// Reads the trace at `path` into windows of `windowWidth` over a run of `duration` (both ns).
  ///
  /// - Parameters:
  ///   - path: the CSV file.
  ///   - windowWidth: the width of every window, ns.
  ///   - duration: the run's length, ns.
  ///   - voltage: the voltage a trace of current alone is multiplied by, V.
  ///   - offset: the trace's time that is the run's time 0, counted from its first sample, ns
  ///     (negative: the trace starts after the run does).
  public static func read(
    _ path: String, windowWidth: Int64, duration: Int64, voltage: Double, offset: Int64 = 0
  ) throws(InputError) -> MeasuredTrace {
    precondition(windowWidth > 0 && duration > 0)
    var reader = try LineReader(path: path)
    defer { reader.finish() }
    var columns: Columns?
    var lineNumber = 0
    var windows = Int((duration + windowWidth - 1) / windowWidth)
    windows = max(1, windows)
    var trace = MeasuredTrace(
      format: "", powerSource: "", windowWidth: windowWidth, duration: duration,
      energies: Array(repeating: 0, count: windows), covered: Array(repeating: 0, count: windows),
      sampleCount: 0)
    var previous: (time: Double, power: Double)?
    var firstTime: Double?
    var lastInterval = 0.0
    while let line = try reader.next() {
      lineNumber += 1
      var text = line
      if lineNumber == 1, text.hasPrefix("\u{FEFF}") { text.removeFirst() }
      if text.trimmingSpaces().isEmpty { continue }
      if text.hasPrefix("#") {
        // Joulescope's "comment" header: `#= header=time,current,…`.
        if columns == nil, let range = text.range(of: "#= header=") {
          columns = try recognise(String(text[range.upperBound...]), file: path, line: lineNumber)
        }
        continue
      }
      let fields = text.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingSpaces().trimmingQuotes()
      }
      guard let columns else {
        columns = try recognise(text, file: path, line: lineNumber)
        continue
      }
      let needed = max(
        columns.time, columns.power?.index ?? 0, columns.current?.index ?? 0,
        columns.voltage?.index ?? 0)
      guard fields.count > needed else {
        throw InputError(
          file: path, line: lineNumber, column: 1,
          message: "expected \(needed + 1) fields as the header has, found \(fields.count)")
      }
      guard var time = timeValue(fields[columns.time]) else {
        throw InputError(
          file: path, line: lineNumber, column: 1,
          message: "expected a time, found \"\(String(fields[columns.time].prefix(40)))\"")
      }
      time *= columns.timeScale
      let power: Double
      func number(_ index: Int, _ what: String) throws(InputError) -> Double {
        guard let value = Double(fields[index]), value.isFinite else {
          throw InputError(
            file: path, line: lineNumber, column: 1,
            message: "expected a number of \(what), found \"\(String(fields[index].prefix(40)))\"")
        }
        return value
      }
      if let column = columns.power {
        power = try number(column.index, "power") * column.scale
      } else if let current = columns.current {
        let amperes = try number(current.index, "current") * current.scale
        let volts =
          try columns.voltage.map { v throws(InputError) in try number(v.index, "voltage") * v.scale
          } ?? voltage
        power = amperes * volts
      } else {
        power = 0
      }
      if firstTime == nil { firstTime = time }
      let relative = time - firstTime! - Double(offset) / 1e9
      if let previous {
        guard relative >= previous.time else {
          throw InputError(
            file: path, line: lineNumber, column: 1,
            message:
              "expected times in increasing order, found \(fields[columns.time]) after a later time"
          )
        }
        lastInterval = relative - previous.time
        trace.add(power: previous.power, from: previous.time, to: relative)
      }
      previous = (relative, power)
      trace.sampleCount += 1
    }
    guard let columns else {
      throw InputError(
        file: path, path: nil, message: "expected a header row and samples, found an empty file")
    }
    guard let previous else {
      throw InputError(
        file: path, path: nil, message: "expected samples after the header, found none")
    }
    trace.add(power: previous.power, from: previous.time, to: previous.time + lastInterval)
    trace.format = columns.format
    if columns.power != nil {
      trace.powerSource = "the power column"
    } else if columns.voltage != nil {
      trace.powerSource = "current × the voltage column"
    } else {
      trace.powerSource = "current × \(voltage) V"
    }
    return trace
  }

  /// Adds a sample of `power` W held from `start` to `end` s (run time) to the windows; the
  /// times are rounded to whole nanoseconds, so windows meet exactly.
  mutating func add(power: Double, from start: Double, to end: Double) {
    guard end > 0, start < Double(duration) / 1e9 else { return }
    var from = max(0, Int64((start * 1e9).rounded()))
    let to = min(duration, Int64((end * 1e9).rounded()))
    while from < to {
      let window = Int(from / windowWidth)
      let windowEnd = min(Int64(window + 1) * windowWidth, to)
      energies[window] += power * Double(windowEnd - from) / 1e9
      covered[window] += windowEnd - from
      from = windowEnd
    }
  }

  /// The nominal voltage of `device`'s battery (`battery.voltage`), V, if it gives one: what a
  /// trace of current alone is multiplied by unless `--measured-voltage` says otherwise.
  public static func batteryVoltage(of device: JSONValue) -> Double? {
    guard case .object(let object) = device, case .object(let battery)? = object["battery"],
      let value = battery["voltage"]
    else { return nil }
    let input: QuantityInput
    switch value {
    case .string(let text): input = .text(text)
    case .number(let number): input = .number(literal: number.literal)
    default: return nil
    }
    return try? QuantityParser.voltage(input).volts
  }

  /// The window `window`'s length, ns.
  public func width(ofWindow window: Int) -> Int64 {
    min(windowWidth, duration - Int64(window) * windowWidth)
  }

  /// Whether the measurement covered window `window` (to within a microsecond).
  public func covers(window: Int) -> Bool {
    covered[window] >= width(ofWindow: window) - 1_000
  }

  // MARK: Header

  /// The columns of `header`.
  static func recognise(_ header: String, file: String, line: Int) throws(InputError) -> Columns {
    let names = header.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingSpaces().trimmingQuotes().lowercased()
    }
    var time: (Int, Double)?
    var power: (index: Int, scale: Double)?
    var current: (index: Int, scale: Double)?
    var voltage: (index: Int, scale: Double)?
    for (index, name) in names.enumerated() {
      let (base, unit) = split(name)
      switch base {
      case "time", "timestamp", "t":
        if time == nil,
          let scale = scale(
            unit, default: "s", table: ["s": 1, "ms": 1e-3, "us": 1e-6, "µs": 1e-6, "ns": 1e-9])
        {
          time = (index, scale)
        }
      case "power", "main avg power", "main power", "power avg":
        if power == nil,
          let scale = scale(
            unit, default: "w", table: ["w": 1, "mw": 1e-3, "uw": 1e-6, "µw": 1e-6])
        {
          power = (index, scale)
        }
      case "current", "main", "main current", "main avg current", "current avg":
        if current == nil,
          let scale = scale(
            unit, default: "a", table: ["a": 1, "ma": 1e-3, "ua": 1e-6, "µa": 1e-6, "na": 1e-9])
        {
          current = (index, scale)
        }
      case "voltage", "main voltage", "volt":
        if voltage == nil, let scale = scale(unit, default: "v", table: ["v": 1, "mv": 1e-3]) {
          voltage = (index, scale)
        }
      default:
        continue
      }
    }
    guard let time, power != nil || current != nil else {
      throw InputError(
        file: file, line: line, column: 1,
        message:
          "expected a header naming a time column and a power or current column (time_s,power_w; time_s,current_a,voltage_v; time_s,current_ma; or a Monsoon, PPK2 or Joulescope export), found \"\(String(header.prefix(80)))\""
      )
    }
    let format: String
    switch true {
    case names.first == "timestamp(ms)" && names.contains("current(ua)"):
      format = "Nordic Power Profiler Kit II"
    case names.first == "time(ms)" && names.contains("main(ma)"):
      format = "Monsoon (PyMonsoon or PowerTool)"
    case names.starts(with: ["time", "current", "voltage", "power"]): format = "Joulescope"
    default: format = "generic CSV"
    }
    return Columns(
      time: time.0, timeScale: time.1, power: power, current: current, voltage: voltage,
      format: format)
  }

  /// `("time", "ms")` for `time(ms)`, `time_ms`, `time (ms)`; `("power", nil)` for `power`.
  static func split(_ name: String) -> (String, String?) {
    if let open = name.firstIndex(of: "("), name.hasSuffix(")") {
      let base = name[..<open].trimmingSpaces()
      let unit = name[name.index(after: open)..<name.index(before: name.endIndex)].trimmingSpaces()
      return (base, unit)
    }
    if let underscore = name.lastIndex(of: "_") {
      let base = String(name[..<underscore])
      let unit = String(name[name.index(after: underscore)...])
      if ["s", "ms", "us", "ns", "w", "mw", "uw", "a", "ma", "ua", "na", "v", "mv"].contains(unit) {
        return (base, unit)
      }
    }
    return (name, nil)
  }

  static func scale(_ unit: String?, default fallback: String, table: [String: Double]) -> Double? {
    table[unit ?? fallback]
  }

  /// Seconds (or the column's unit) as a number, or a Joulescope UTC time
  /// `YYYYMMDDThhmmss.ffffffZ` as seconds since the day began (differences are what count).
  static func timeValue(_ text: String) -> Double? {
    if let value = Double(text), value.isFinite { return value }
    let characters = Array(text)
    guard characters.count >= 16, characters[8] == "T", characters.last == "Z",
      let day = Double(String(characters[6..<8])), let hours = Double(String(characters[9..<11])),
      let minutes = Double(String(characters[11..<13])),
      let seconds = Double(String(characters[13..<(characters.count - 1)]))
    else { return nil }
    return ((day * 24 + hours) * 60 + minutes) * 60 + seconds
  }
}

/// Reads a file a line at a time, a block at a time: memory is one block and one line.
struct LineReader {
  private let descriptor: Int32
  private let file: String
  private var buffer: [UInt8] = []
  private var position = 0
  private var finished = false
  /// The longest line accepted.
  static let maximumLineLength = 1 << 20

  init(path: String) throws(InputError) {
    // Checks the path as every input is checked (a regular file, not a FIFO or device).
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw InputError(
        file: path, path: nil, message: "cannot read the file: \(String(cString: strerror(errno)))")
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw InputError(
        file: path, path: nil, message: "cannot read the file: it is not a regular file")
    }
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw InputError(
        file: path, path: nil, message: "cannot read the file: \(String(cString: strerror(errno)))")
    }
    file = path
  }

  func finish() { _ = close(descriptor) }

  /// The next line without its line break, or `nil` at the end.
  mutating func next() throws(InputError) -> String? {
    while true {
      if let newline = buffer[position...].firstIndex(of: 0x0A) {
        var end = newline
        if end > position && buffer[end - 1] == 0x0D { end -= 1 }
        let line = String(decoding: buffer[position..<end], as: UTF8.self)
        position = newline + 1
        return line
      }
      if finished {
        guard position < buffer.count else { return nil }
        let line = String(decoding: buffer[position...], as: UTF8.self)
        position = buffer.count
        return line
      }
      buffer.removeSubrange(0..<position)
      position = 0
      guard buffer.count <= Self.maximumLineLength else {
        throw InputError(
          file: file, path: nil, message: "expected lines of CSV, found a line longer than 1 MB")
      }
      var block = [UInt8](repeating: 0, count: 1 << 16)
      let received = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if received < 0 {
        if errno == EINTR { continue }
        throw InputError(
          file: file, path: nil,
          message: "cannot read the file: \(String(cString: strerror(errno)))")
      }
      if received == 0 { finished = true } else { buffer.append(contentsOf: block[0..<received]) }
    }
  }
}

extension String {
  /// The string without one pair of surrounding double quotes.
  func trimmingQuotes() -> String {
    guard count >= 2, hasPrefix("\""), hasSuffix("\"") else { return self }
    return String(dropFirst().dropLast())
  }
}

extension Substring {
  func trimmingSpaces() -> String { String(self).trimmingSpaces() }
}
