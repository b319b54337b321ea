/// An element of a small XML document: its name, attributes, text and children, and where it
/// starts (for messages).
public struct XMLElement: Sendable, Equatable {
  /// The element's name (`item`, `array`, `modem`).
  public var name: String
  /// The attributes in document order.
  public var attributes: [(name: String, value: String)]
  /// The character data directly inside the element, entities decoded (comments removed).
  public var text: String
  /// The child elements in document order.
  public var children: [XMLElement]
  /// The 1-based line of the element's `<`.
  public var line: Int
  /// The 1-based column of the element's `<`.
  public var column: Int

  /// The value of the attribute `name`, if present.
  public func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// Whether two elements are the same, attributes compared in order.
  public static func == (lhs: XMLElement, rhs: XMLElement) -> Bool {
    lhs.name == rhs.name && lhs.text == rhs.text && lhs.children == rhs.children
      && lhs.line == rhs.line && lhs.column == rhs.column
      && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
      && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
  }
}

/// A syntax error in an XML document, at a 1-based line and column.
public struct XMLSyntaxError: Error, Equatable, Sendable {
  /// The 1-based line.
  public var line: Int
  /// The 1-based column, counted in bytes of UTF-8 (the files this reads are ASCII in
  /// practice, where bytes and characters agree).
  public var column: Int
  /// What was expected and what was found.
  public var message: String

  /// An error at `line` and `column`.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}

/// Reads the XML that Android resource files and device-tree exports use: elements, attributes,
/// character data, comments, the XML declaration and processing instructions, CDATA sections and
/// the five predefined entities plus numeric character references.
///
/// It deliberately does not read document type declarations (a `<!DOCTYPE` is an error: internal
/// entity definitions are how "billion laughs" inputs blow up), namespaces (a prefixed name is
/// kept whole) or encodings other than UTF-8. Every byte is looked at once, so reading is linear
/// in the input; memory is the tree itself, and nesting is limited to ``maximumDepth``.
///
/// - Complexity: O(*n*) for a document of *n* bytes.
public struct XMLReader {
  /// The deepest nesting of elements accepted (Android's files nest three deep).
  public static let maximumDepth = 64

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var lineStart = 0

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The root element of the document in `bytes`.
  public static func parse(_ bytes: [UInt8]) throws(XMLSyntaxError) -> XMLElement {
    var reader = XMLReader(bytes)
    return try reader.document()
  }

  // MARK: Document

  private mutating func document() throws(XMLSyntaxError) -> XMLElement {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    var root: XMLElement?
    while true {
      skipSpace()
      guard index < bytes.count else { break }
      guard bytes[index] == UInt8(ascii: "<") else {
        throw error(
          root == nil
            ? "expected the document's root element, found \(foundText())"
            : "expected nothing after the root element, found \(foundText())")
      }
      if lookingAt("<?") {
        try skipProcessingInstruction()
      } else if lookingAt("<!--") {
        try skipComment()
      } else if lookingAt("<!") {
        throw error("expected an element; document type declarations are not read")
      } else {
        guard root == nil else {
          throw error("expected a single root element, found a second element")
        }
        root = try element(depth: 1)
      }
    }
    guard let root else {
      throw error("expected the document's root element, found the end of the file")
    }
    return root
  }

  // MARK: Elements

  private mutating func element(depth: Int) throws(XMLSyntaxError) -> XMLElement {
    guard depth <= Self.maximumDepth else {
      throw error("expected elements nested at most \(Self.maximumDepth) deep")
    }
    let startLine = line
    let startColumn = column
    index += 1  // <
    let name = try self.name(what: "an element name")
    var element = XMLElement(
      name: name, attributes: [], text: "", children: [], line: startLine, column: startColumn)
    while true {
      let hadSpace = skipSpace()
      guard index < bytes.count else {
        throw error("expected \">\" to close the tag <\(name)>, found the end of the file")
      }
      if lookingAt("/>") {
        index += 2
        return element
      }
      if bytes[index] == UInt8(ascii: ">") {
        index += 1
        break
      }
      guard hadSpace else {
        throw error("expected a space, \">\" or \"/>\" in the tag <\(name)>, found \(foundText())")
      }
      let attributeName = try self.name(what: "an attribute name")
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw error("expected \"=\" after the attribute \(attributeName), found \(foundText())")
      }
      index += 1
      skipSpace()
      let value = try quoted()
      if element.attribute(attributeName) != nil {
        throw error("the attribute \(attributeName) appears twice in <\(name)>")
      }
      element.attributes.append((attributeName, value))
    }
    var text: [UInt8] = []
    while true {
      guard index < bytes.count else {
        throw XMLSyntaxError(
          line: startLine, column: startColumn,
          message: "expected </\(name)> to close this element, found the end of the file")
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        if lookingAt("</") {
          let (closeLine, closeColumn) = (line, column)
          index += 2
          let closing = try self.name(what: "an element name")
          guard closing == name else {
            throw XMLSyntaxError(
              line: closeLine, column: closeColumn,
              message:
                "expected </\(name)> (opened at line \(startLine), column \(startColumn)), found </\(closing)>"
            )
          }
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw error("expected \">\" to close </\(name)>, found \(foundText())")
          }
          index += 1
          element.text = String(decoding: text, as: UTF8.self)
          return element
        } else if lookingAt("<!--") {
          try skipComment()
        } else if lookingAt("<![CDATA[") {
          index += 9
          guard let end = find("]]>") else {
            throw error("expected \"]]>\" to end the CDATA section, found the end of the file")
          }
          while index < end { advance(into: &text) }
          index += 3
        } else if lookingAt("<?") {
          try skipProcessingInstruction()
        } else if lookingAt("<!") {
          throw error("expected an element, a comment or CDATA, found \(foundText())")
        } else {
          element.children.append(try self.element(depth: depth + 1))
        }
      } else if byte == UInt8(ascii: "&") {
        text.append(contentsOf: try entity())
      } else {
        advance(into: &text)
      }
    }
  }

  /// An element or attribute name: letters, digits, `_`, `-`, `.`, `:`, and any non-ASCII byte.
  private mutating func name(what: String) throws(XMLSyntaxError) -> String {
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      let isNameByte =
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: ":") || byte >= 0x80
      guard isNameByte else { break }
      index += 1
    }
    guard index > start else { throw error("expected \(what), found \(foundText())") }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// A quoted attribute value, entities decoded.
  private mutating func quoted() throws(XMLSyntaxError) -> String {
    guard index < bytes.count,
      bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
    else { throw error("expected a quoted attribute value, found \(foundText())") }
    let quote = bytes[index]
    index += 1
    var value: [UInt8] = []
    while true {
      guard index < bytes.count else {
        throw error("expected the closing quote of the attribute value, found the end of the file")
      }
      let byte = bytes[index]
      if byte == quote {
        index += 1
        return String(decoding: value, as: UTF8.self)
      }
      if byte == UInt8(ascii: "<") {
        throw error("expected the closing quote of the attribute value, found \"<\"")
      }
      if byte == UInt8(ascii: "&") {
        value.append(contentsOf: try entity())
      } else {
        advance(into: &value)
      }
    }
  }

  /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;` or `&#xHH;`, as UTF-8.
  private mutating func entity() throws(XMLSyntaxError) -> [UInt8] {
    let start = index
    var end = index + 1
    while end < bytes.count, end - start < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
    guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
      throw error("expected an entity such as &amp; or &#38;, found an unterminated \"&\"")
    }
    let body = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
    let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
    var result: String?
    if let text = named[body] {
      result = text
    } else if body.hasPrefix("#x") || body.hasPrefix("#X"),
      let code = UInt32(body.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code)
    {
      result = String(Character(scalar))
    } else if body.hasPrefix("#"), let code = UInt32(body.dropFirst()),
      let scalar = Unicode.Scalar(code)
    {
      result = String(Character(scalar))
    }
    guard let result else {
      throw error(
        "expected an entity such as &amp; or &#38;, found &\(excerpt(body));")
    }
    index = end + 1
    return Array(result.utf8)
  }

  // MARK: Skipping

  private mutating func skipComment() throws(XMLSyntaxError) {
    try skip(opening: 4, through: "-->", what: "this comment")
  }

  private mutating func skipProcessingInstruction() throws(XMLSyntaxError) {
    try skip(opening: 2, through: "?>", what: "this declaration")
  }

  /// Skips an opening of `opening` bytes and everything up to and including `closing`, counting
  /// lines and columns; an error at the opening when `closing` never comes.
  private mutating func skip(opening: Int, through closing: StaticString, what: String)
    throws(XMLSyntaxError)
  {
    let (startLine, startColumn) = (line, column)
    index += opening
    guard let end = find(closing) else {
      throw XMLSyntaxError(
        line: startLine, column: startColumn,
        message: "expected \"\(closing)\" to end \(what), found the end of the file")
    }
    while index < end { step() }
    index += closing.utf8CodeUnitCount
  }

  /// Skips white space; whether there was any.
  @discardableResult
  private mutating func skipSpace() -> Bool {
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { break }
      step()
    }
    return index > start
  }

  // MARK: Position

  private var column: Int { index - lineStart + 1 }

  /// Moves past one byte, counting lines.
  private mutating func step() {
    if bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    index += 1
  }

  /// Appends one byte of character data and moves past it.
  private mutating func advance(into text: inout [UInt8]) {
    text.append(bytes[index])
    step()
  }

  private func lookingAt(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    return literal.withUTF8Buffer { buffer in
      for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
      return true
    }
  }

  /// The index where `literal` next starts, from the current index; `nil` if it never does.
  private func find(_ literal: StaticString) -> Int? {
    let count = literal.utf8CodeUnitCount
    return literal.withUTF8Buffer { buffer -> Int? in
      var position = index
      while position + count <= bytes.count {
        var matches = true
        for offset in 0..<count where bytes[position + offset] != buffer[offset] {
          matches = false
          break
        }
        if matches { return position }
        position += 1
      }
      return nil
    }
  }

  private func foundText() -> String {
    guard index < bytes.count else { return "the end of the file" }
    let end = min(bytes.count, index + 20)
    var text = String(decoding: bytes[index..<end], as: UTF8.self)
    if let newline = text.firstIndex(where: { $0 == "\n" || $0 == "\r" }) {
      text = String(text[..<newline])
    }
    return "\"\(excerpt(text))\(end < bytes.count && text.count >= 20 ? "…" : "")\""
  }

  private func excerpt(_ text: String) -> String {
    String(text.prefix(40)).unicodeScalars.map { $0.value < 0x20 ? "?" : String($0) }.joined()
  }

  private func error(_ message: String) -> XMLSyntaxError {
    XMLSyntaxError(line: line, column: column, message: message)
  }
}
