public import JSONSupport
public import ScenarioFiles

/// A command-line argument of `sweep` that cannot be used (a usage error, exit status 64).
public struct SweepArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was expected and what was found.
  public var message: String

  /// The message.
  public var description: String { message }
}

/// One value of a swept parameter: the text as typed, and the JSON it stands for.
public struct SweepValue: Sendable, Equatable {
  /// The value as typed, without surrounding spaces: `1 s`, `[1,2]`.
  public var text: String
  /// The text read as JSON when it parses as JSON, otherwise the text as a JSON string.
  public var json: JSONValue
}

/// One `--set KEY.PATH=V1,V2,…`: a dotted path into the scenario and the values to give it.
public struct SweepParameter: Sendable, Equatable {
  /// The path as typed; it names the path's column of `sweep.csv`.
  public var name: String
  /// The path.
  public var path: JSONPath
  /// The values, in the order given.
  public var values: [SweepValue]

  /// Parses `KEY.PATH=V1,V2,…`. Values are split at commas outside brackets, braces and JSON
  /// strings, so `display=[{…},{…}],[]` has two values; each is read as JSON when it parses,
  /// otherwise as a string (`every=1 s,5 s`).
  public init(parsing argument: String) throws(SweepArgumentError) {
    guard let equals = argument.firstIndex(of: "=") else {
      throw SweepArgumentError(
        message: "--set: expected KEY.PATH=V1,V2,… such as seed=1,2, found \"\(argument)\"")
    }
    name = String(argument[..<equals])
    guard let path = JSONPath(dotted: name) else {
      throw SweepArgumentError(
        message:
          "--set: expected a dotted path such as workloads.sync.every before \"=\", found \"\(name)\""
      )
    }
    guard path.components.first != .key("variants") else {
      throw SweepArgumentError(
        message:
          "--set: cannot set \(name): variants are patches over the scenario; set the scenario's own key, and use --variant to pick a variant"
      )
    }
    self.path = path
    let texts = try Self.splitAtTopLevelCommas(String(argument[argument.index(after: equals)...]))
    values = []
    for text in texts {
      let trimmed = Self.trimmingSpaces(text)
      guard !trimmed.isEmpty else {
        throw SweepArgumentError(
          message:
            "--set \(name): expected a value between every pair of commas, found an empty one")
      }
      let json = (try? JSONReader.parse(Array(trimmed.utf8))) ?? .string(trimmed)
      values.append(SweepValue(text: trimmed, json: json))
    }
  }

  static func trimmingSpaces(_ text: String) -> String {
    var scalars = Substring(text)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }

  /// `text` split at commas at depth 0: outside `[]`, `{}` and double-quoted JSON strings.
  static func splitAtTopLevelCommas(_ text: String) throws(SweepArgumentError) -> [String] {
    var parts: [String] = []
    var current = ""
    var closers: [Character] = []
    var strings = JSONStringTracker()
    for character in text {
      if strings.isStructural(character) {
        switch character {
        case "[": closers.append("]")
        case "{": closers.append("}")
        case "]", "}":
          guard closers.last == character else {
            throw SweepArgumentError(
              message: "--set: unbalanced \"\(character)\" in the values \"\(text)\"")
          }
          closers.removeLast()
        case "," where closers.isEmpty:
          parts.append(current)
          current = ""
          continue
        default: break
        }
      }
      current.append(character)
    }
    guard closers.isEmpty, !strings.isInString else {
      let missing = strings.isInString ? "\"" : String(closers.last!)
      throw SweepArgumentError(
        message: "--set: expected a closing \(missing) in the values \"\(text)\"")
    }
    parts.append(current)
    return parts
  }
}

/// `--shard I/N`: this process runs the points whose index ≡ I (mod N).
public struct SweepShard: Sendable, Equatable {
  /// Which shard, from 0.
  public var index: Int
  /// How many shards.
  public var count: Int

  /// The whole sweep as one shard.
  public static let whole = SweepShard(index: 0, count: 1)

  /// A shard; `0 ≤ index < count`.
  public init(index: Int, count: Int) {
    precondition(count >= 1 && (0..<count).contains(index), "a shard outside 0..<count")
    self.index = index
    self.count = count
  }

  /// Parses `I/N`, as batch systems number tasks: I from 0 to N − 1.
  public init(parsing text: String) throws(SweepArgumentError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      throw SweepArgumentError(
        message: "--shard: expected I/N with whole numbers, such as 0/4, found \"\(text)\"")
    }
    guard count >= 1, index >= 0, index < count else {
      throw SweepArgumentError(
        message:
          "--shard: expected I/N with N at least 1 and I from 0 to N − 1, found \"\(text)\"")
    }
    self.init(index: index, count: count)
  }
}

/// The points of a sweep: the cartesian product of the parameters' values, the first parameter
/// varying slowest (as nested loops in the order given), numbered from 0.
public struct SweepPlan: Sendable {
  /// The parameters, in the order given.
  public var parameters: [SweepParameter]
  /// The variant each point simulates (`--set` patches the scenario before the variant).
  public var variant: String
  /// Which points this process runs.
  public var shard: SweepShard
  /// The number of points in the whole sweep.
  public let pointCount: Int
  /// The run limits each point is checked against before it runs.
  public var limits: RunLimits = .standard

  /// The most points a sweep may have (see *Bad Input, Run Limits and Safe Output*).
  public static let maximumPoints = 1_000_000

  /// A plan; two parameters may not set the same path, and the product of the numbers of values
  /// may not exceed ``maximumPoints`` (checked before anything is allocated for the points).
  public init(parameters: [SweepParameter], variant: String, shard: SweepShard = .whole)
    throws(SweepArgumentError)
  {
    var count = 1
    for (index, parameter) in parameters.enumerated() {
      if parameters[..<index].contains(where: { $0.path == parameter.path }) {
        throw SweepArgumentError(
          message: "--set: the path \(parameter.name) is given twice; list its values once")
      }
      let (product, overflow) = count.multipliedReportingOverflow(by: parameter.values.count)
      guard !overflow, product <= Self.maximumPoints else {
        let counts = parameters.map { String($0.values.count) }.joined(separator: " × ")
        throw SweepArgumentError(
          message:
            "--set: the sweep has \(counts) points, more than a sweep may have (1,000,000); give fewer values"
        )
      }
      count = product
    }
    self.parameters = parameters
    self.variant = variant
    self.shard = shard
    pointCount = count
  }

  /// The value of each parameter at point `index`.
  public func values(at index: Int) -> [SweepValue] {
    precondition((0..<pointCount).contains(index), "a sweep point out of range")
    var rest = index
    var values: [SweepValue] = []
    for parameter in parameters.reversed() {
      values.append(parameter.values[rest % parameter.values.count])
      rest /= parameter.values.count
    }
    return values.reversed()
  }

  /// How many points this shard runs: those below ``pointCount`` whose index is
  /// `shard.index` modulo `shard.count`, counted without visiting them.
  public var shardPointCount: Int {
    guard shard.index < pointCount else { return 0 }
    return (pointCount - 1 - shard.index) / shard.count + 1
  }

  /// The index of this shard's point at `position` (from 0 to ``shardPointCount`` − 1).
  public func shardIndex(at position: Int) -> Int {
    precondition((0..<shardPointCount).contains(position), "a shard position out of range")
    return shard.index + position * shard.count
  }

  /// The indices of the points this shard runs, in increasing order.
  public var shardIndices: [Int] {
    (0..<shardPointCount).map(shardIndex(at:))
  }
}

extension SweepPlan {
  /// Refuses a `--set` path that the plan's variant also sets (see *The command line*): the
  /// variant's patch applies after `--set`, so the swept values there would be silently ignored. A
  /// path conflicts when the patch sets it, an object above it to something that is not an object
  /// (or deletes it), or a key below it.
  public func checkVariant(of document: ScenarioDocument) throws(SweepArgumentError) {
    guard let patch = document.variants.first(where: { $0.name == variant })?.patch else {
      return
    }
    for parameter in parameters {
      if let overlap = Self.overlap(of: parameter.path.components[...], with: patch, at: []) {
        let location = overlap.isEmpty ? "" : " (at \(overlap))"
        throw SweepArgumentError(
          message:
            "--set \(parameter.name): variant \(variant) also sets this\(location), so the swept values would be ignored; sweep the baseline, or set the variant's value instead"
        )
      }
    }
  }

  /// The dotted path at which `patch` overrides `path` (`nil`: it does not).
  private static func overlap(
    of path: ArraySlice<JSONPathComponent>, with patch: JSONValue, at prefix: [String]
  ) -> String? {
    guard case .object(let members) = patch else { return prefix.joined(separator: ".") }
    guard let first = path.first else {
      // The patch sets keys below the swept path.
      return members.isEmpty ? nil : prefix.joined(separator: ".")
    }
    guard case .key(let key) = first, let value = members[key] else { return nil }
    return overlap(of: path.dropFirst(), with: value, at: prefix + [key])
  }
}
