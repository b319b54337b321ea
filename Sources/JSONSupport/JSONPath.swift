import Quantities

/// One step of a JSON path.
public enum JSONPathComponent: Hashable, Sendable {
  /// An object member.
  case key(String)
  /// An array element.
  case index(Int)
}

/// A location inside a JSON document, for messages: `workloads.sync.every`, `display[0].from`,
/// `workloads["my.sync"].every`. The document itself (the empty path) prints as `the document`,
/// so that a sentence naming a path reads the same at the root: "cannot set [0]: the document is
/// an object, not an array".
public struct JSONPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
  /// One step and the path before it. A path is its last step: a decoder makes a path for every
  /// member it reads, for messages it almost never writes, and a step costs one small allocation
  /// however deep the path is (an array of every step cost a copy of them all).
  private final class Step: Sendable {
    let parent: Step?
    let component: JSONPathComponent
    /// The steps up to and including this one.
    let depth: Int

    init(parent: Step?, component: JSONPathComponent) {
      self.parent = parent
      self.component = component
      depth = (parent?.depth ?? 0) + 1
    }
  }

  private var last: Step?

  /// The steps from the top.
  public var components: [JSONPathComponent] {
    get {
      guard let last else { return [] }
      var components = [JSONPathComponent](
        repeating: last.component, count: last.depth)
      var step: Step? = last
      var index = last.depth - 1
      while let current = step {
        components[index] = current.component
        index -= 1
        step = current.parent
      }
      return components
    }
    set { self = JSONPath(newValue) }
  }

  /// A path of `components`.
  public init(_ components: [JSONPathComponent] = []) {
    for component in components { last = Step(parent: last, component: component) }
  }

  private init(last: Step?) { self.last = last }

  /// A path of keys.
  public init(arrayLiteral elements: String...) {
    self.init(elements.map { .key($0) })
  }

  /// The top of the document.
  public static let root = JSONPath()

  /// Whether this is the document itself, with no steps.
  public var isRoot: Bool { last == nil }

  /// This path, one member further.
  public func appending(key: String) -> JSONPath {
    JSONPath(last: Step(parent: last, component: .key(key)))
  }

  /// This path, one element further.
  public func appending(index: Int) -> JSONPath {
    JSONPath(last: Step(parent: last, component: .index(index)))
  }

  /// Whether the two paths have the same steps.
  public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
    var left = lhs.last
    var right = rhs.last
    while let leftStep = left, let rightStep = right {
      if leftStep === rightStep { return true }
      guard leftStep.depth == rightStep.depth, leftStep.component == rightStep.component else {
        return false
      }
      left = leftStep.parent
      right = rightStep.parent
    }
    return left == nil && right == nil
  }

  /// Hashes the steps.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(components)
  }

  /// The path as users read it; `the document` for the root.
  public var description: String {
    guard !isRoot else { return "the document" }
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key):
        // A long key (a runaway one) is quoted by its start and length, in brackets.
        if Self.isPlain(key) && key.utf8.count <= ValueExcerpt.maximumCharacters {
          text += (text.isEmpty ? "" : ".") + key
        } else {
          text += "[" + ValueExcerpt.quoted(key, by: JSONText.quoted) + "]"
        }
      }
    }
    return text
  }

  /// Letters, digits, `_` and `-`, not starting with a digit.
  static func isPlain(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    return key.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "_" || $0 == "-"
    }
  }

  /// Parses a dotted path as typed on a command line: `workloads.sync.every`,
  /// `display.0.brightness` or `display[0].brightness`. All-digit segments address array
  /// elements when the value there is an array. `nil` for an empty path or segment.
  public init?(dotted: String) {
    var components: [JSONPathComponent] = []
    for segment in dotted.split(separator: ".", omittingEmptySubsequences: false) {
      var rest = Substring(segment)
      var key = rest
      if let bracket = rest.firstIndex(of: "[") {
        key = rest[..<bracket]
        rest = rest[bracket...]
      } else {
        rest = ""
      }
      if !key.isEmpty {
        components.append(.key(String(key)))
      } else if rest.isEmpty {
        return nil
      }
      while rest.hasPrefix("[") {
        guard let close = rest.firstIndex(of: "]"),
          let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0
        else { return nil }
        components.append(.index(index))
        rest = rest[rest.index(after: close)...]
      }
      guard rest.isEmpty else { return nil }
    }
    guard !components.isEmpty else { return nil }
    self.init(components)
  }
}

/// Why a value could not be set at a path.
public struct JSONPathError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var message: String

  /// The message.
  public var description: String { message }
}

extension JSONValue {
  /// The value at `path`, or `nil`.
  public subscript(path path: JSONPath) -> JSONValue? {
    var current = self
    for component in path.components {
      switch (component, current) {
      case (.key(let key), .object(let object)):
        guard let next = object[key] else { return nil }
        current = next
      case (.index(let index), .array(let items)):
        guard items.indices.contains(index) else { return nil }
        current = items[index]
      case (.key(let key), .array(let items)):
        guard let index = Int(key), items.indices.contains(index) else { return nil }
        current = items[index]
      default:
        return nil
      }
    }
    return current
  }

  /// A copy with `value` at `path`, creating missing objects on the way. Stepping into a value
  /// that is neither an object nor an array, or past an array's end, is an error.
  public func setting(_ value: JSONValue, at path: JSONPath) throws(JSONPathError) -> JSONValue {
    try setting(value, at: path.components[...], walked: JSONPath(), full: path)
  }

  private func setting(
    _ value: JSONValue, at rest: ArraySlice<JSONPathComponent>, walked: JSONPath, full: JSONPath
  ) throws(JSONPathError) -> JSONValue {
    guard let first = rest.first else { return value }
    let remaining = rest.dropFirst()
    switch self {
    case .object(var object):
      guard case .key(let key) = first else {
        throw JSONPathError(message: "cannot set \(full): \(walked) is an object, not an array")
      }
      let child = object[key] ?? .object(JSONObject())
      object[key] = try child.setting(
        value, at: remaining, walked: walked.appending(key: key), full: full)
      return .object(object)
    case .array(var items):
      let index: Int?
      switch first {
      case .index(let position): index = position
      case .key(let key): index = Int(key)
      }
      guard let index, items.indices.contains(index) else {
        throw JSONPathError(
          message: "cannot set \(full): \(walked) has no element \(first.label)")
      }
      items[index] = try items[index].setting(
        value, at: remaining, walked: walked.appending(index: index), full: full)
      return .array(items)
    case .null:
      return try JSONValue.object(JSONObject()).setting(value, at: rest, walked: walked, full: full)
    default:
      throw JSONPathError(
        message: "cannot set \(full): \(walked) is \(kindPhrase), not an object")
    }
  }
}

extension JSONPathComponent {
  var label: String {
    switch self {
    case .key(let key): key
    case .index(let index): String(index)
    }
  }
}
