package import JSONSupport
import Quantities

/// Reads the members of one JSON object, checking its keys before any of its values: a typo must
/// not silently change a result (see *Scenario file reference*), and it is reported as itself —
/// with the key it most likely meant — rather than as what it caused (a required key that looks
/// missing, a choice of keys that looks empty).
///
/// Keys starting with `$` (editors add `"$schema"`) or `x-` (users' own notes) are always
/// allowed. The reader remembers which keys it used, so that ``rejectUnusedKeys()`` can catch a
/// known key that the rest of the object leaves without effect.
///
/// The keys are checked when the reader is made with `known:`, or, for an object whose keys
/// depend on one of its values (a component's `type`), by ``checkKeys(known:)`` once that value
/// is read. Asking for a required key, or raising an error about the object as a whole, before
/// the keys were checked is a programmer error.
package struct ObjectReader {
  let file: String
  let path: JSONPath
  let object: JSONObject
  /// What the object is, for messages: "a workload", "a ladder state".
  let what: String
  /// The keys the object may have, once checked.
  private var known: [String]?
  /// The members used, by position: a bit each for the first 64, then a list (few objects have
  /// more members, and a set of keys hashed every key of every object read).
  private var usedFirst: UInt64 = 0
  private var usedBeyond: [Int] = []

  /// A reader for `value`, which must be an object of the scenario language with no keys but
  /// those `description` declares (and `$…`, `x-…`).
  init(_ value: JSONValue, at path: JSONPath, in file: String, as description: ObjectDescription)
    throws(InputError)
  {
    try self.init(value, at: path, in: file, what: description.phrase, known: description.keyNames)
  }

  /// A reader for `value`, which must be an object with no keys but `known` (and `$…`, `x-…`).
  package init(
    _ value: JSONValue, at path: JSONPath, in file: String, what: String, known: [String]
  )
    throws(InputError)
  {
    try self.init(value, at: path, in: file, what: what)
    try checkKeys(known: known)
  }

  /// A reader for `value`, which must be an object, whose keys ``checkKeys(known:)`` checks
  /// later: call it before ``required(_:)`` or ``error(_:)``.
  init(_ value: JSONValue, at path: JSONPath, in file: String, what: String) throws(InputError) {
    guard case .object(let object) = value else {
      throw InputError(
        file: file, jsonPath: path,
        message: "expected an object (\(what)), found \(value.kindPhrase)")
    }
    self.file = file
    self.path = path
    self.object = object
    self.what = what
  }

  /// Fails on the first key (in file order) that is not in `known`, suggesting the closest known
  /// key, or listing them all when none is close.
  mutating func checkKeys(known: [String]) throws(InputError) {
    self.known = known
    for (key, _) in object where !known.contains(key) && !Self.isFree(key) {
      var message = "unknown key \(ValueExcerpt.quoted(key)) in \(what)"
      if let suggestion = closestMatch(to: key, among: known) {
        message += " (did you mean \"\(suggestion)\"?)"
      } else if !known.isEmpty {
        message += " (expected one of \(listing(known, conjunction: "or")))"
      }
      throw InputError(file: file, jsonPath: path(key), message: message)
    }
  }

  /// Whether `key` is allowed in any object: `$schema` and the like, `x-` notes.
  private static func isFree(_ key: String) -> Bool { ScenarioLanguage.isFree(key) }

  /// The value of `key`, if present.
  package mutating func optional(_ key: String) -> JSONValue? {
    guard let index = object.index(forKey: key) else { return nil }
    if index < 64 {
      usedFirst |= 1 << UInt64(index)
    } else if !usedBeyond.contains(index) {
      usedBeyond.append(index)
    }
    return object.value(at: index)
  }

  /// Whether the member at `index` was used.
  private func isUsed(_ index: Int) -> Bool {
    index < 64 ? usedFirst & (1 << UInt64(index)) != 0 : usedBeyond.contains(index)
  }

  /// The value of `key`; an error when absent.
  package mutating func required(_ key: String) throws(InputError) -> JSONValue {
    guard let value = optional(key) else {
      throw error("\(what) needs the key \"\(key)\", which is missing")
    }
    return value
  }

  /// Whether `key` is present (without using it).
  func contains(_ key: String) -> Bool { object.index(forKey: key) != nil }

  /// The path of `key`'s value.
  package func path(_ key: String) -> JSONPath { path.appending(key: key) }

  /// An error at `key`'s value.
  package func error(_ key: String, _ message: String) -> InputError {
    InputError(file: file, jsonPath: path(key), message: message)
  }

  /// An error about the object as a whole (a key missing, none of several present): one that a
  /// misspelt key may cause, so only after the keys were checked.
  func error(_ message: String) -> InputError {
    precondition(known != nil, "\(what): check the keys before reporting a missing one")
    return InputError(file: file, jsonPath: path, message: message)
  }

  /// Fails on the first known key that was not used: a safety net for a key that the object's
  /// other keys leave without effect, which the decoder should have reported more precisely.
  func rejectUnusedKeys() throws(InputError) {
    precondition(known != nil, "\(what): check the keys before the unused ones")
    for (index, (key, _)) in object.enumerated() where !isUsed(index) && !Self.isFree(key) {
      throw error(key, "\"\(key)\" has no effect in \(what) like this one; remove it")
    }
  }
}

/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo
/// (also the command line's "did you mean" for subcommands).
package func closestMatch(to word: String, among candidates: [String]) -> String? {
  var best: (String, Int)?
  let length = word.unicodeScalars.count
  for candidate in candidates {
    // The distance is at least the difference in length: a word far longer than every
    // candidate (a runaway key) is no typo, and costs no quadratic comparison.
    let candidateLength = candidate.unicodeScalars.count
    guard abs(length - candidateLength) <= max(1, min(length, candidateLength) / 3) else {
      continue
    }
    let distance = editDistance(word.lowercased(), candidate.lowercased())
    if distance <= max(1, min(word.count, candidate.count) / 3),
      best.map({ distance < $0.1 }) ?? true
    {
      best = (candidate, distance)
    }
  }
  return best?.0
}

/// Edit distance between two strings, over Unicode scalars: insertions, deletions,
/// substitutions and swaps of two neighbours each count 1 (optimal string alignment), so the
/// common typo "phnoe" is one edit from "phone".
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.unicodeScalars)
  let b = Array(b.unicodeScalars)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var beforePrevious = Array(repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = Array(repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        current[j] = min(current[j], beforePrevious[j - 2] + 1)
      }
    }
    (beforePrevious, previous, current) = (previous, current, beforePrevious)
  }
  return previous[b.count]
}

/// `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
package func listing(_ words: [String], conjunction: String) -> String {
  let quoted = words.map { ValueExcerpt.quoted($0) }
  guard quoted.count > 1 else { return quoted.first ?? "" }
  return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted.last!
}
