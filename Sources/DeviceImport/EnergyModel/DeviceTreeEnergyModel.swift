public import ScenarioFiles

/// A node of a device-tree source: its label, name, properties (as raw cells and strings) and
/// children.
struct DeviceTreeNode {
  var label: String?
  var name: String
  var properties: [String: [DeviceTreeValue]] = [:]
  var children: [DeviceTreeNode] = []
  var line: Int

  /// Every node below this one (itself included), depth first.
  func walk(_ visit: (DeviceTreeNode) -> Void) {
    visit(self)
    for child in children { child.walk(visit) }
  }

  /// The numbers of `property`'s first `<…>` group.
  func cells(_ property: String) -> [Int64]? {
    guard let values = properties[property] else { return nil }
    for value in values { if case .cells(let cells) = value { return cells.compactMap(\.number) } }
    return nil
  }

  /// The label `property` refers to (`<&cpu0_opp_table>`).
  func reference(_ property: String) -> String? {
    guard let values = properties[property] else { return nil }
    for value in values {
      if case .cells(let cells) = value {
        for cell in cells { if case .reference(let label) = cell { return label } }
      }
    }
    return nil
  }
}

/// One cell of a `<…>` group.
enum DeviceTreeCell {
  case number(Int64)
  case reference(String)

  var number: Int64? { if case .number(let value) = self { value } else { nil } }
}

/// A property value: a `<…>` group of cells, or a string.
enum DeviceTreeValue {
  case cells([DeviceTreeCell])
  case string(String)
}

/// Reads the CPU energy model out of a device-tree source fragment (`.dts`/`.dtsi`): linear in
/// the input, nesting limited, errors at a line and column. Preprocessor lines (`#include`,
/// `#define`) are skipped and macros are not expanded: a cell that is not a number is kept as
/// nothing.
enum DeviceTreeEnergyModel {
  static func read(_ bytes: [UInt8], file: String) throws(InputError) -> EnergyModelImporter {
    var parser = DeviceTreeParser(bytes: bytes, file: file)
    let roots = try parser.document()
    var cpus: [(index: Int, node: DeviceTreeNode)] = []
    var tables: [String: DeviceTreeNode] = [:]
    for root in roots {
      root.walk { node in
        if let label = node.label { tables[label] = node }
        let isCPU =
          node.name.hasPrefix("cpu@")
          || (node.properties["device_type"].map { values in
            values.contains { if case .string("cpu") = $0 { true } else { false } }
          } ?? false)
        if isCPU, node.properties["operating-points-v2"] != nil {
          // CPUs are numbered in file order, as the kernel numbers them from the cpus node (the
          // unit address is an MPIDR, not a CPU number).
          cpus.append((cpus.count, node))
        }
      }
    }
    guard !cpus.isEmpty else {
      throw InputError(
        file: file, path: nil,
        message: "expected cpu nodes with operating-points-v2 (a device tree's cpus), found none")
    }
    var result = EnergyModelImporter(clusters: [])
    // CPUs sharing an OPP table and a coefficient form one cluster.
    var groups: [(key: String, cpus: [Int], node: DeviceTreeNode)] = []
    for (index, node) in cpus.sorted(by: { $0.index < $1.index }) {
      let key =
        (node.reference("operating-points-v2") ?? "?") + "/"
        + String(node.cells("dynamic-power-coefficient")?.first ?? -1)
      if let position = groups.firstIndex(where: { $0.key == key }) {
        groups[position].cpus.append(index)
      } else {
        groups.append((key, [index], node))
      }
    }
    for (number, group) in groups.enumerated() {
      let node = group.node
      guard let label = node.reference("operating-points-v2"), let table = tables[label] else {
        result.warnings.append(
          "cpu@\(group.cpus[0]) names an OPP table that is not in the file; skipped")
        continue
      }
      let coefficient = node.cells("dynamic-power-coefficient")?.first
      var points: [(kilohertz: Int64, microwatts: Int64)] = []
      var usedMicrowatts = false
      for opp in table.children {
        guard let hertzCells = opp.cells("opp-hz"), let hertz = hertzCells.last, hertz > 0 else {
          continue
        }
        let megahertz = hertz / 1_000_000
        if let microwatts = opp.cells("opp-microwatt")?.first, microwatts > 0 {
          points.append((hertz / 1000, microwatts))
          usedMicrowatts = true
        } else if let coefficient, let microvolts = opp.cells("opp-microvolt")?.first,
          microvolts > 0
        {
          let millivolts = microvolts / 1000
          // Linux drivers/opp/of.c: P(µW) = C × mV² × MHz / 10⁶ (mW: / 10⁹).
          let microwatts = coefficient * millivolts * millivolts * megahertz / 1_000_000
          points.append((hertz / 1000, microwatts))
        }
      }
      points.sort { $0.kilohertz < $1.kilohertz }
      guard !points.isEmpty else {
        result.warnings.append(
          "cpu@\(group.cpus[0]): its OPP table \(label) gives no opp-hz with opp-microwatt, nor opp-microvolt with a dynamic-power-coefficient; skipped"
        )
        continue
      }
      let source =
        usedMicrowatts
        ? "\(file): \(label) opp-hz and opp-microwatt"
        : "\(file): \(label) opp-hz and opp-microvolt, dynamic-power-coefficient \(coefficient ?? 0) (P = C x V^2 x f, Linux drivers/opp/of.c)"
      result.clusters.append(
        EnergyModelImporter.Cluster(
          name: "cluster\(number)", cpus: group.cpus, points: points, source: source))
    }
    try result.checkRising()
    return result
  }
}

/// A device-tree source reader: nodes, labels, properties with `<…>` cells (numbers in decimal
/// or hex, `&label` references, `/bits/ 64` prefixes), strings, and comments.
struct DeviceTreeParser {
  let bytes: [UInt8]
  let file: String
  var index = 0
  var line = 1
  var lineStart = 0
  static let maximumDepth = 64

  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
  }

  mutating func document() throws(InputError) -> [DeviceTreeNode] {
    var roots: [DeviceTreeNode] = []
    while true {
      try skip()
      guard index < bytes.count else { return roots }
      if peek("/dts-v1/") || peek("/plugin/") {
        while index < bytes.count && bytes[index] != UInt8(ascii: ";") { step() }
        step()
        continue
      }
      if bytes[index] == UInt8(ascii: "/") {
        // The root node `/ { … };`.
        step()
        try skip()
        roots.append(try body(name: "/", label: nil, depth: 1))
        continue
      }
      if bytes[index] == UInt8(ascii: "&") {
        // `&label { … };` extends a node defined elsewhere.
        step()
        let label = try word()
        try skip()
        var node = try body(name: label, label: label, depth: 1)
        node.label = label
        roots.append(node)
        continue
      }
      let (name, label) = try nodeName()
      roots.append(try body(name: name, label: label, depth: 1))
    }
  }

  mutating func nodeName() throws(InputError) -> (String, String?) {
    var first = try word()
    var label: String?
    try skip()
    if index < bytes.count && bytes[index] == UInt8(ascii: ":") {
      step()
      try skip()
      label = first
      first = try word()
      try skip()
    }
    return (first, label)
  }

  /// `{ properties and children };` after a node's name.
  mutating func body(name: String, label: String?, depth: Int) throws(InputError) -> DeviceTreeNode
  {
    guard depth <= Self.maximumDepth else {
      throw error("expected nodes nested at most \(Self.maximumDepth) deep")
    }
    try expect("{", after: "the node \(name)")
    var node = DeviceTreeNode(label: label, name: name, line: line)
    while true {
      try skip()
      guard index < bytes.count else {
        throw error("expected \"}\" to close the node \(name), found the end of the file")
      }
      if bytes[index] == UInt8(ascii: "}") {
        step()
        try skip()
        try expect(";", after: "the node \(name)'s \"}\"")
        return node
      }
      let (word, wordLabel) = try nodeName()
      guard index < bytes.count else {
        throw error("expected \";\", \"=\" or \"{\" after \(word), found the end of the file")
      }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        node.children.append(try body(name: word, label: wordLabel, depth: depth + 1))
      case UInt8(ascii: ";"):
        step()
        node.properties[word] = []
      case UInt8(ascii: "="):
        step()
        node.properties[word] = try values(for: word)
      default:
        throw error("expected \";\", \"=\" or \"{\" after \(word), found \(found())")
      }
    }
  }

  mutating func values(for property: String) throws(InputError) -> [DeviceTreeValue] {
    var result: [DeviceTreeValue] = []
    while true {
      try skip()
      guard index < bytes.count else {
        throw error("expected the value of \(property), found the end of the file")
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        step()
        var cells: [DeviceTreeCell] = []
        while true {
          try skip()
          guard index < bytes.count else {
            throw error("expected \">\" to close the cells of \(property)")
          }
          if bytes[index] == UInt8(ascii: ">") { step(); break }
          if bytes[index] == UInt8(ascii: "&") {
            step()
            cells.append(.reference(try word()))
          } else if bytes[index] == UInt8(ascii: "(") {
            // An expression: kept as nothing (macros are not expanded).
            var depth = 0
            repeat {
              if bytes[index] == UInt8(ascii: "(") { depth += 1 }
              if bytes[index] == UInt8(ascii: ")") { depth -= 1 }
              step()
            } while depth > 0 && index < bytes.count
          } else {
            let text = try word()
            if let value = Self.integer(text) { cells.append(.number(value)) }
          }
        }
        result.append(.cells(cells))
      } else if byte == UInt8(ascii: "\"") {
        step()
        var text: [UInt8] = []
        while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
          if bytes[index] == UInt8(ascii: "\\") { step() }
          if index < bytes.count { text.append(bytes[index]); step() }
        }
        guard index < bytes.count else {
          throw error("expected the closing quote of a string in \(property)")
        }
        step()
        result.append(.string(String(decoding: text, as: UTF8.self)))
      } else if peek("/bits/") {
        index += 6
        try skip()
        _ = try word()
        continue  // the cells follow
      } else if byte == UInt8(ascii: "[") {
        while index < bytes.count && bytes[index] != UInt8(ascii: "]") { step() }
        step()
      } else if byte == UInt8(ascii: "&") {
        step()
        result.append(.cells([.reference(try word())]))
      } else {
        throw error(
          "expected <cells>, a \"string\" or [bytes] as the value of \(property), found \(found())")
      }
      try skip()
      guard index < bytes.count else {
        throw error("expected \";\" after the value of \(property)")
      }
      if bytes[index] == UInt8(ascii: ",") { step(); continue }
      if bytes[index] == UInt8(ascii: ";") { step(); return result }
      throw error("expected \",\" or \";\" after the value of \(property), found \(found())")
    }
  }

  static func integer(_ text: String) -> Int64? {
    var digits = Substring(text)
    while let last = digits.last, last == "U" || last == "L" || last == "u" || last == "l" {
      digits = digits.dropLast()
    }
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
      return Int64(digits.dropFirst(2), radix: 16)
    }
    return Int64(digits)
  }

  /// A name, label or number: letters, digits and `,._+-@#?`.
  mutating func word() throws(InputError) -> String {
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      let isWordByte =
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A)
        || [
          UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "+"),
          UInt8(ascii: "-"),
          UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "?"),
        ].contains(byte)
      guard isWordByte else { break }
      index += 1
    }
    guard index > start else { throw error("expected a name, found \(found())") }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Skips white space, comments and preprocessor lines.
  mutating func skip() throws(InputError) {
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        step()
      } else if peek("//") || (byte == UInt8(ascii: "#") && (index == lineStart)) {
        while index < bytes.count && bytes[index] != 0x0A { step() }
      } else if peek("/*") {
        let (startLine, startColumn) = (line, index - lineStart + 1)
        index += 2
        while index < bytes.count && !peek("*/") { step() }
        guard index < bytes.count else {
          throw InputError(
            file: file, line: startLine, column: startColumn,
            message: "expected \"*/\" to end this comment, found the end of the file")
        }
        index += 2
      } else {
        return
      }
    }
  }

  mutating func expect(_ character: Character, after what: String) throws(InputError) {
    guard index < bytes.count, bytes[index] == character.asciiValue! else {
      throw error("expected \"\(character)\" after \(what), found \(found())")
    }
    step()
  }

  func peek(_ literal: String) -> Bool {
    let utf8 = Array(literal.utf8)
    guard index + utf8.count <= bytes.count else { return false }
    return Array(bytes[index..<(index + utf8.count)]) == utf8
  }

  mutating func step() {
    guard index < bytes.count else { return }
    if bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    index += 1
  }

  func found() -> String {
    guard index < bytes.count else { return "the end of the file" }
    let text = String(decoding: bytes[index..<min(bytes.count, index + 20)], as: UTF8.self)
    return "\"\(text.prefix { $0 != "\n" })\""
  }

  func error(_ message: String) -> InputError {
    InputError(file: file, line: line, column: index - lineStart + 1, message: message)
  }
}

/// Reading a device-tree source's energy model from bytes (for tests and callers that hold the
/// file already).
public enum DeviceTreeEnergyModelReader {
  /// The CPU clusters of the device-tree source in `bytes`, named `file` in errors.
  public static func read(_ bytes: [UInt8], file: String) throws(InputError) -> EnergyModelImporter
  {
    try DeviceTreeEnergyModel.read(bytes, file: file)
  }
}
