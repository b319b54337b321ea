/// Writes a large JSON document member by member, straight into UTF-8 bytes, exactly as
/// ``JSONValue/serialized(pretty:)`` with `pretty` writes the same tree — without building the
/// tree: a run's summary of a hundred thousand workloads is a million members, and as a tree of
/// ordered dictionaries it took more memory than the simulation and most of the time of writing.
///
/// Open the root with ``beginObject(_:)`` (no key), then give members with ``member(_:_:)`` or
/// open nested objects with a key; close each with ``endObject()``; take ``text`` at the end —
/// or, made with ``init(pieceSize:sink:)``, the document goes to the sink in pieces as it is
/// written, and ``finish()`` hands over the last: memory stays about one piece (at least
/// `pieceSize` bytes, up to the next object's close), however long the document.
public struct JSONStreamWriter {
  private var output = JSONBytes()
  /// Per open object: whether it has a member yet.
  private var hasMembers: [Bool] = []
  /// Where pieces go, if anywhere, and the size from which one is handed over.
  private let sink: ((String) -> Void)?
  private let pieceSize: Int

  /// An empty document, kept whole until taken with ``text`` or ``utf8``.
  public init() {
    sink = nil
    pieceSize = .max
  }

  /// An empty document handed to `sink` as it is written: whenever an object closes with at least
  /// `pieceSize` bytes written since the last piece, those bytes go to `sink` as one piece (whole
  /// UTF-8 text: a piece ends between members, never inside a string). Call ``finish()`` at the
  /// end for the rest.
  public init(pieceSize: Int = 65_536, sink: @escaping (String) -> Void) {
    self.sink = sink
    self.pieceSize = max(1, pieceSize)
    output.bytes.reserveCapacity(min(self.pieceSize, 1 << 20) + 4_096)
  }

  /// Hands what is written and not yet handed over to the sink (nothing without one).
  public mutating func finish() {
    guard let sink, !output.bytes.isEmpty else { return }
    sink(String(decoding: output.bytes, as: UTF8.self))
    output.bytes.removeAll(keepingCapacity: true)
  }

  /// The document written so far (since the last piece, when handed to a sink), as text.
  public var text: String { String(decoding: output.bytes, as: UTF8.self) }

  /// The document written so far (since the last piece, when handed to a sink), as UTF-8 bytes.
  public var utf8: [UInt8] { output.bytes }

  /// Opens an object: the root (`key` `nil`) or the member `key` of the open object.
  public mutating func beginObject(_ key: String? = nil) {
    if let key { startMember(key) }
    output.append("{")
    hasMembers.append(false)
  }

  /// Closes the innermost open object.
  public mutating func endObject() {
    let wroteMembers = hasMembers.removeLast()
    if wroteMembers {
      output.append("\n")
      output.appendSpaces(hasMembers.count * 2)
    }
    output.append("}")
    if output.bytes.count >= pieceSize { finish() }
  }

  /// Writes the member `key` of the open object, with `value` (any JSON value).
  public mutating func member(_ key: String, _ value: JSONValue) {
    startMember(key)
    value.write(to: &output, pretty: true, indent: hasMembers.count * 2)
  }

  /// Writes the member `key` with a number written as `literal`, which must be valid JSON.
  public mutating func member(_ key: String, number literal: String) {
    startMember(key)
    output.append(literal)
  }

  /// Writes the member `key` with a number that `writeNumber` appends, as valid JSON in UTF-8,
  /// straight into the document's bytes (no `String` in between).
  public mutating func member(_ key: String, numberWrittenBy writeNumber: (inout [UInt8]) -> Void) {
    startMember(key)
    writeNumber(&output.bytes)
  }

  /// Writes the member `key` with the whole number `value`, its digits written in place.
  public mutating func member(_ key: String, integer value: Int) {
    startMember(key)
    output.appendInteger(value)
  }

  private mutating func startMember(_ key: String) {
    precondition(!hasMembers.isEmpty, "a member outside any object")
    if hasMembers[hasMembers.count - 1] {
      output.bytes.append(UInt8(ascii: ","))
    } else {
      hasMembers[hasMembers.count - 1] = true
    }
    output.bytes.append(UInt8(ascii: "\n"))
    output.appendSpaces(hasMembers.count * 2)
    output.appendQuoted(key)
    output.bytes.append(UInt8(ascii: ":"))
    output.bytes.append(UInt8(ascii: " "))
  }
}
