public import ScenarioFiles

/// The values of an Android `power_profile.xml`: its `<item>`s and `<array>`s by name, and the
/// currents of its `<modem>` element, each with the line it was read from.
///
/// Reading checks only the format (a `<device>` root, numbers where numbers go); what the values
/// mean is ``PowerProfileImporter``'s business.
public struct PowerProfileDocument: Sendable {
  /// One named value: an item's single number, or an array's numbers.
  public struct Entry: Sendable, Equatable {
    /// The numbers, in file order (one for an item).
    public var values: [Double]
    /// Whether it was an `<array>`.
    public var isArray: Bool
    /// The 1-based line of its element.
    public var line: Int
  }

  /// The file, as the user named it.
  public var file: String
  /// The values by key (`cpu.idle`, `cpu.core_speeds.cluster0`); a key given twice keeps the
  /// last, as Android's `PowerProfile` does.
  public var entries: [String: Entry] = [:]
  /// Keys given more than once.
  public var repeatedKeys: [String] = []
  /// The `<modem>` element's currents by dotted name (`modem.sleep`, `modem.idle`,
  /// `modem.active.default.receive`, `modem.active.default.transmit.0`).
  public var modem: [String: Entry] = [:]

  /// The most entries a file may have (AOSP's sample has about 40).
  public static let maximumEntries = 10_000

  /// Reads the power profile in `bytes`, naming `file` in errors.
  public init(bytes: [UInt8], file: String) throws(InputError) {
    self.file = file
    let root: XMLElement
    do {
      root = try XMLReader.parse(bytes)
    } catch {
      throw InputError(file: file, line: error.line, column: error.column, message: error.message)
    }
    guard root.name == "device" else {
      throw InputError(
        file: file, line: root.line, column: root.column,
        message: "expected the root element <device> of a power_profile.xml, found <\(root.name)>")
    }
    for child in root.children {
      switch child.name {
      case "item":
        let name = try self.name(of: child)
        store(
          name, Entry(values: [try number(child.text, in: child)], isArray: false, line: child.line)
        )
      case "array":
        let name = try self.name(of: child)
        var values: [Double] = []
        for value in child.children {
          guard value.name == "value" else {
            throw InputError(
              file: file, line: value.line, column: value.column,
              message: "expected <value> inside <array name=\"\(name)\">, found <\(value.name)>")
          }
          values.append(try number(value.text, in: value))
        }
        store(name, Entry(values: values, isArray: true, line: child.line))
      case "modem":
        try readModem(child, prefix: "modem")
      default:
        // Android's parser skips elements it does not know; so does this one.
        continue
      }
      guard entries.count <= Self.maximumEntries else {
        throw InputError(
          file: file, line: child.line, column: child.column,
          message: "expected at most \(Self.maximumEntries) items and arrays, found more")
      }
    }
  }

  /// The numbers of `key`, if given.
  public func values(_ key: String) -> [Double]? { entries[key]?.values }

  /// The single number of `key` (an item, or the first value of an array), if given.
  public func value(_ key: String) -> Double? { entries[key]?.values.first }

  private mutating func store(_ name: String, _ entry: Entry) {
    if entries[name] != nil { repeatedKeys.append(name) }
    entries[name] = entry
  }

  /// `<modem>`'s `<sleep>`, `<idle>` and `<active rat=…>` with `<receive>` and
  /// `<transmit level=…>` (Android 12 and later).
  private mutating func readModem(_ element: XMLElement, prefix: String) throws(InputError) {
    for child in element.children {
      var key = prefix + "." + child.name
      if let rat = child.attribute("rat") { key += "." + rat.lowercased() }
      if let frequency = child.attribute("nrFrequency") { key += "." + frequency.lowercased() }
      if let level = child.attribute("level") { key += "." + level }
      if child.children.isEmpty {
        modem[key] = Entry(
          values: [try number(child.text, in: child)], isArray: false, line: child.line)
      } else {
        try readModem(child, prefix: key)
      }
    }
  }

  private func name(of element: XMLElement) throws(InputError) -> String {
    guard let name = element.attribute("name"), !name.isEmpty else {
      throw InputError(
        file: file, line: element.line, column: element.column,
        message: "expected a name attribute on <\(element.name)>, found none")
    }
    return name
  }

  private func number(_ text: String, in element: XMLElement) throws(InputError) -> Double {
    let trimmed = text.trimmingSpaces()
    guard let value = Double(trimmed), value.isFinite, trimmed.count < 40 else {
      let shown = trimmed.isEmpty ? "nothing" : "\"\(String(trimmed.prefix(40)))\""
      throw InputError(
        file: file, line: element.line, column: element.column,
        message:
          "expected a number in <\(element.name)\(element.attribute("name").map { " name=\"\($0)\"" } ?? "")>, found \(shown)"
      )
    }
    return value
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
