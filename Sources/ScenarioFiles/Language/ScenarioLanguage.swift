public import Quantities

/// The scenario and device languages, described once: every object a scenario or device file may
/// hold, and for each of its keys the type, the default and a one-line meaning.
///
/// Everything that knows the keys reads them from here: the decoders check each object's keys
/// against its ``ObjectDescription`` (an unknown key is an error naming the closest known one),
/// ``ScenarioSchema`` generates the JSON Schema that `powersim schema` prints, and
/// ``ScenarioReference`` generates the article *Scenario file reference*. A key added here is
/// known to all three; a key left out is known to none, so they cannot drift apart.
///
/// The description says what a file may contain, not everything it must satisfy: a time inside
/// the run, intervals in order, a work step for a component the device has are the decoders'
/// checks, which need the whole file.
public enum ScenarioLanguage {
  /// Every object, in the order the reference presents them: the scenario's, then the device's.
  public static let objects: [ObjectDescription] = scenarioObjects + deviceObjects

  /// The values with a name that are not objects (a work value, an interval, a device), which
  /// several keys share.
  public static let namedValues: [NamedValue] = scenarioValues + deviceValues

  /// The object called `name`.
  public static func object(_ name: String) -> ObjectDescription {
    guard let object = objects.first(where: { $0.name == name }) else {
      preconditionFailure("the scenario language has no object \(name)")
    }
    return object
  }

  /// Whether `key` is allowed in any object: editors add `$schema`, users keep notes in `x-` keys.
  static func isFree(_ key: String) -> Bool { key.hasPrefix("$") || key.hasPrefix("x-") }
}

/// One kind of object of a scenario or device file: its keys, and which combinations of them
/// are allowed.
public struct ObjectDescription: Sendable {
  /// The object's identifier: its definition in the JSON Schema (`workload`, `ladder_state`).
  public let name: String
  /// Its heading in the reference: "Workload".
  public let title: String
  /// What it is in error messages: "a workload".
  public let phrase: String
  /// What the object is, in a sentence or two.
  public let summary: String
  /// Its keys, in the order messages list them. A key may appear twice, in different forms,
  /// when its type depends on the form (a workload's `window`).
  public let keys: [KeyDescription]
  /// The type of the keys not in ``keys``, when the object also takes keys named by the file
  /// (a work item's component names), with what such a key means; `nil`: no other keys.
  public let otherKeys: (type: ValueType, meaning: String)?
  /// The forms the object takes, when its keys depend on which form it is (a workload's timing
  /// kinds); empty when every key applies everywhere.
  public let forms: [ObjectForm]
  /// The combinations of keys allowed, beyond each key being required or optional.
  public let rules: [KeyRule]
  /// An example of the object, as JSON text.
  public let example: String

  init(
    _ name: String, title: String, phrase: String, summary: String, keys: [KeyDescription],
    otherKeys: (type: ValueType, meaning: String)? = nil, forms: [ObjectForm] = [],
    rules: [KeyRule] = [], example: String
  ) {
    self.name = name
    self.title = title
    self.phrase = phrase
    self.summary = summary
    self.keys = keys
    var names: [String] = []
    for key in keys where !names.contains(key.name) { names.append(key.name) }
    keyNames = names
    self.otherKeys = otherKeys
    self.forms = forms
    self.rules = rules
    self.example = example
  }

  /// The names of the keys, each once, in order: what the decoder checks a file's keys against
  /// (worked out once: the decoder asks for them for every object it reads).
  public let keyNames: [String]

  /// The keys the form called `form` takes, in order.
  public func keys(inForm form: String) -> [KeyDescription] {
    keys.filter { $0.forms?.contains(form) ?? true }
  }

  /// The keys whose presence chooses a form (a workload's timing keys), each once, in order.
  public var selectingKeys: [String] {
    var names: [String] = []
    for form in forms {
      for key in form.selectedBy where !names.contains(key) { names.append(key) }
    }
    return names
  }

  /// The description of `key`: the first of that name.
  public func key(_ name: String) -> KeyDescription {
    guard let key = keys.first(where: { $0.name == name }) else {
      preconditionFailure("\(self.name) has no key \(name)")
    }
    return key
  }
}

/// A form of an object: a timing kind of a workload, the active or an idle ladder state.
public struct ObjectForm: Sendable {
  /// The form's identifier (`every`, `repeating_task`, `idle`).
  public let name: String
  /// The keys whose presence, all together, chooses this form; empty when the object's place
  /// chooses it (the first ladder state is the active one).
  public let selectedBy: [String]
  /// What an object of this form is.
  public let summary: String
  /// Whether an object of this form is a merge patch over another (a device that `extends` one):
  /// its keys are the object's, but each value only patches the value of the object it extends,
  /// so any value (`null` deletes) is allowed.
  public let isPatch: Bool

  init(name: String, selectedBy: [String], summary: String, isPatch: Bool = false) {
    self.name = name
    self.selectedBy = selectedBy
    self.summary = summary
    self.isPatch = isPatch
  }
}

/// One key of an object.
public struct KeyDescription: Sendable {
  /// The key.
  public let name: String
  /// What its value may be.
  public let type: ValueType
  /// Whether the object needs it (in every form the key belongs to).
  public let isRequired: Bool
  /// What leaving it out means, in words ("0", "the end of the run"); `nil` when it is required
  /// or when leaving it out means none.
  public let defaultValue: String?
  /// What it means, in a sentence.
  public let meaning: String
  /// The forms of the object that take this key; `nil`: all of them.
  public let forms: [String]?

  init(
    _ name: String, _ type: ValueType, required: Bool = false, default defaultValue: String? = nil,
    forms: [String]? = nil, _ meaning: String
  ) {
    self.name = name
    self.type = type
    self.isRequired = required
    self.defaultValue = defaultValue
    self.meaning = meaning
    self.forms = forms
  }
}

/// A combination of keys an object must respect, beyond each key being required or optional.
public enum KeyRule: Sendable {
  /// Exactly one of these keys.
  case exactlyOne([String])
  /// At least one of these keys.
  case atLeastOne([String])
  /// A rule the decoder checks that the schema cannot say, in words.
  case note(String)
}

/// What a key's value may be.
public indirect enum ValueType: Sendable {
  /// A quantity: a number in the dimension's base unit, or a string with a unit.
  case quantity(Dimension)
  /// A whole number in a range (`maximum` `nil`: no upper bound).
  case integer(minimum: Int, maximum: Int?)
  /// A plain number without a unit, at least `minimum`.
  case number(minimum: Int)
  /// `true` or `false`.
  case boolean
  /// A string the meaning explains (a name, a path).
  case string
  /// One of these strings.
  case choice([String])
  /// An object of the language, by its name.
  case object(String)
  /// A value of the language with a name that is not an object (see ``NamedValue``).
  case named(String)
  /// An array of values of a type, with at least `minimum` and at most `maximum` items.
  case array(ValueType, minimum: Int = 0, maximum: Int? = nil)
  /// A value of one of these types.
  case oneOf([ValueType])
  /// An object whose keys are names the file chooses (workloads, components) and whose values
  /// are of a type; `freeKeys`: keys starting with `$` or `x-` are notes, not entries;
  /// `reserved`: names an entry may not have.
  case map(ValueType, freeKeys: Bool, reserved: [String] = [])
  /// A JSON Merge Patch (RFC 7396): any object.
  case mergePatch
}

/// A value with a name that several keys share and that is not an object: a work value (an item
/// or a list), an interval, a device (a name, a path or an object).
public struct NamedValue: Sendable {
  /// Its identifier: its definition in the JSON Schema.
  public let name: String
  /// How the reference writes its type.
  public let title: String
  /// What it may be.
  public let type: ValueType
  /// What it means.
  public let meaning: String
}
