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
/// The members are one array in order, each key beside its value; an object of more than
/// eight members also keeps an index from key to position. Most objects of a scenario
/// have a handful of members (a workload's `every`, `from` and `work`), and for those a scan of a
/// few short keys is faster than hashing, and a dictionary per object took most of the memory and
/// time of reading a file of many workloads (as did two arrays per object, keys and values: a
/// file of a hundred thousand workloads holds two hundred thousand objects while it is decoded).
public struct JSONObject: Hashable, Sendable, Sequence {
  /// A member.
  public typealias Element = (key: String, value: JSONValue)

  /// The most members an object looks up by scanning, without an index.
  package static let indexThreshold = 8

  private var members: [Element] = []
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
  package init(
    uniqueKeys keys: ArraySlice<String>, values: ArraySlice<JSONValue>, positions: [String: Int]?
  ) {
    precondition(keys.count == values.count, "a key for each value")
    precondition(
      (positions != nil) == (keys.count > Self.indexThreshold), "an index beyond the threshold")
    members.reserveCapacity(keys.count)
    for (key, value) in zip(keys, values) { members.append((key, value)) }
    self.positions = positions
  }

  /// The keys in order (an array made for the call: to go through them, iterate the object).
  public var keys: [String] { members.map(\.key) }
  /// The number of members.
  public var count: Int { members.count }
  /// Whether the object has no members.
  public var isEmpty: Bool { members.isEmpty }

  /// The value of `key`; setting `nil` removes the member, setting a new key appends it.
  public subscript(key: String) -> JSONValue? {
    get { position(of: key).map { members[$0].value } }
    set {
      if let newValue {
        if let position = position(of: key) {
          members[position].value = newValue
        } else {
          append(key, newValue)
        }
      } else if let position = position(of: key) {
        members.remove(at: position)
        rebuildPositions()
      }
    }
  }

  /// Removes the members whose keys are in `keys`.
  ///
  /// - Complexity: O(*n*) for *n* members, however many are removed.
  public mutating func removeMembers(_ keys: Set<String>) {
    guard !keys.isEmpty else { return }
    members.removeAll { keys.contains($0.key) }
    rebuildPositions()
  }

  /// The members in order.
  public func makeIterator() -> IndexingIterator<[Element]> {
    members.makeIterator()
  }

  /// Whether the two objects have the same members in the same order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members.elementsEqual(rhs.members) { $0.key == $1.key && $0.value == $1.value }
  }

  /// Hashes the essential components of the value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(members.count)
    for member in members {
      hasher.combine(member.key)
      hasher.combine(member.value)
    }
  }

  /// The position of the member `key` in member order, if there is one.
  package func index(forKey key: String) -> Int? { position(of: key) }

  /// The value of the member at `index` in member order.
  package func value(at index: Int) -> JSONValue { members[index].value }

  private func position(of key: String) -> Int? {
    if let positions { return positions[key] }
    // Lengths first: a key of another length is told apart without a call into the standard
    // library's comparison of unequal strings, which a decoder's lookups of absent keys made for
    // every member (100,000 workloads for 20 min, callgrind: 10.0 G → 9.85 G instructions).
    let length = key.utf8.count
    for index in members.indices
    where members[index].key.utf8.count == length && members[index].key == key {
      return index
    }
    return nil
  }

  private mutating func append(_ key: String, _ value: JSONValue) {
    members.append((key, value))
    if positions != nil {
      positions![key] = members.count - 1
    } else if members.count > Self.indexThreshold {
      rebuildPositions()
    }
  }

  private mutating func rebuildPositions() {
    guard members.count > Self.indexThreshold else {
      positions = nil
      return
    }
    var index: [String: Int] = [:]
    index.reserveCapacity(members.count)
    for (position, member) in members.enumerated() { index[member.key] = position }
    positions = index
  }
}
