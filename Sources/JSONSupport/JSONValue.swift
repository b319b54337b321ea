/// A JSON value whose objects keep their members' order and whose numbers keep their literal
/// text, so that units parse exactly and output is deterministic.
public indirect enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// How the value reads in "found …": `an object`, `an array`, `a string`, `a number`, `true`,
  /// `false`, `null`.
  public var kindPhrase: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// A JSON number as written: its literal text is kept.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The literal text (`1e-3`, `-0`, `12`).
  public var literal: String

  /// A number with literal `literal`, which must be valid JSON number syntax.
  public init(literal: String) {
    self.literal = literal
  }

  /// The decimal digits of `value`.
  public init(_ value: Int) {
    literal = String(value)
  }

  /// Swift's shortest round-trip text of `value`, which must be finite.
  public init(_ value: Double) {
    precondition(value.isFinite, "JSON has no NaN or infinity")
    literal = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
  }

  /// The nearest `Double` (±infinity for huge literals).
  public var doubleValue: Double { Double(literal) ?? .nan }

  /// The exact integer value, if the literal is a whole number that fits in `Int` (`3`, `3.0`,
  /// `3e2`; not `3.5`).
  public var integerValue: Int? {
    if let value = Int(literal) { return value }
    let double = doubleValue
    guard double.isFinite, double == double.rounded(), abs(double) < 9e15 else { return nil }
    return Int(double)
  }

  /// The literal.
  public var description: String { literal }
}

/// A JSON object whose members keep their order; keys are unique.
///
/// The members are two arrays in order, keys and values; an object of more than
/// eight members also keeps an index from key to position. Most objects of a scenario
/// have a handful of members (a workload's `every`, `from` and `work`), and for those a scan of a
/// few short keys is faster than hashing, and a dictionary per object took most of the memory and
/// time of reading a file of many workloads.
public struct JSONObject: Hashable, Sendable, Sequence {
  /// A member.
  public typealias Element = (key: String, value: JSONValue)

  /// The most members an object looks up by scanning, without an index.
  package static let indexThreshold = 8

  private var orderedKeys: [String] = []
  private var orderedValues: [JSONValue] = []
  /// Position by key, once there are more than ``indexThreshold`` members.
  private var positions: [String: Int]?

  /// An empty object.
  public init() {}

  /// An object with `members` in order; keys must be unique.
  public init(_ members: [(key: String, value: JSONValue)]) {
    for (key, value) in members {
      precondition(position(of: key) == nil, "duplicate key \(key)")
      append(key, value)
    }
  }

  /// An object of `keys` and `values` in order, the keys unique; `positions` the index by key
  /// when there are more than ``indexThreshold`` members (`nil` otherwise).
  package init(uniqueKeys keys: [String], values: [JSONValue], positions: [String: Int]?) {
    precondition(keys.count == values.count, "a key for each value")
    precondition(
      (positions != nil) == (keys.count > Self.indexThreshold), "an index beyond the threshold")
    orderedKeys = keys
    orderedValues = values
    self.positions = positions
  }

  /// The keys in order.
  public var keys: [String] { orderedKeys }
  /// The number of members.
  public var count: Int { orderedKeys.count }
  /// Whether the object has no members.
  public var isEmpty: Bool { orderedKeys.isEmpty }

  /// The value of `key`; setting `nil` removes the member, setting a new key appends it.
  public subscript(key: String) -> JSONValue? {
    get { position(of: key).map { orderedValues[$0] } }
    set {
      if let newValue {
        if let position = position(of: key) {
          orderedValues[position] = newValue
        } else {
          append(key, newValue)
        }
      } else if let position = position(of: key) {
        orderedKeys.remove(at: position)
        orderedValues.remove(at: position)
        rebuildPositions()
      }
    }
  }

  /// Removes the members whose keys are in `keys`.
  ///
  /// - Complexity: O(*n*) for *n* members, however many are removed.
  public mutating func removeMembers(_ keys: Set<String>) {
    guard !keys.isEmpty else { return }
    var index = 0
    var kept = 0
    while index < orderedKeys.count {
      if !keys.contains(orderedKeys[index]) {
        orderedKeys.swapAt(kept, index)
        orderedValues.swapAt(kept, index)
        kept += 1
      }
      index += 1
    }
    orderedKeys.removeSubrange(kept...)
    orderedValues.removeSubrange(kept...)
    rebuildPositions()
  }

  /// The members in order.
  public func makeIterator() -> AnyIterator<Element> {
    var index = 0
    return AnyIterator {
      guard index < orderedKeys.count else { return nil }
      defer { index += 1 }
      return (orderedKeys[index], orderedValues[index])
    }
  }

  /// Whether the two objects have the same members in the same order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.orderedKeys == rhs.orderedKeys && lhs.orderedValues == rhs.orderedValues
  }

  /// Hashes the essential components of the value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(orderedKeys)
    for value in orderedValues { hasher.combine(value) }
  }

  /// The position of the member `key` in member order, if there is one.
  package func index(forKey key: String) -> Int? { position(of: key) }

  /// The value of the member at `index` in member order.
  package func value(at index: Int) -> JSONValue { orderedValues[index] }

  private func position(of key: String) -> Int? {
    if let positions { return positions[key] }
    return orderedKeys.firstIndex(of: key)
  }

  private mutating func append(_ key: String, _ value: JSONValue) {
    orderedKeys.append(key)
    orderedValues.append(value)
    if positions != nil {
      positions![key] = orderedKeys.count - 1
    } else if orderedKeys.count > Self.indexThreshold {
      rebuildPositions()
    }
  }

  private mutating func rebuildPositions() {
    guard orderedKeys.count > Self.indexThreshold else {
      positions = nil
      return
    }
    var index: [String: Int] = [:]
    index.reserveCapacity(orderedKeys.count)
    for (position, key) in orderedKeys.enumerated() { index[key] = position }
    positions = index
  }
}
