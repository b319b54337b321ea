import Quantities

/// The article *Scenario file reference*, generated from ``ScenarioLanguage``: every object of
/// scenario and device files with each key's type, default and meaning, the rules that combine
/// keys, and an example.
///
/// `powersim reference` prints it (a command for maintainers, not listed in the help), and
/// `Sources/ScenarioFiles/ScenarioFiles.docc/ScenarioFileReference.md` holds the same text; a
/// test checks they are equal.
public enum ScenarioReference {
  /// The article's Markdown text, ending in a newline.
  public static var article: String {
    var lines = introduction
    lines += quantities + namedValues
    lines += ["## Scenario files", ""]
    lines += ScenarioLanguage.scenarioObjects.flatMap(section)
    lines += ["## Device files", ""]
    lines += deviceIntroduction
    lines += ScenarioLanguage.deviceObjects.flatMap(section)
    return lines.joined(separator: "\n") + "\n"
  }

  static let introduction = [
    "# Scenario file reference",
    "",
    "Every object and key of scenario and device files: what it holds, its unit, its default and what it means.",
    "",
    "## Overview",
    "",
    "A scenario file is one JSON object: the device to simulate, how long, the world around it, and the workloads it runs. A device file is the JSON object of a device, which a scenario names by path (a built-in device is the same object, compiled in). This article lists every object those files may contain, in the order a reader meets them, with a table of its keys and an example.",
    "",
    "The tables are generated from the one description of the language in the code, `ScenarioLanguage`, which the decoders check every file against and from which `powersim schema` makes the JSON Schema that editors use. A test checks that this article is exactly what the generator writes (`powersim reference` prints it), so it names every key powersim reads, and no other.",
    "",
    "Any object may also hold keys starting with `$` (editors add `\"$schema\"`) or `x-` (notes of your own, such as `\"x-source\"`); powersim ignores them. Any other key that an object does not list is an error that names the closest key the object has. A key without a default is optional unless the table says *required*; leaving out an optional key without a default means \"none\". The rules under a table are those that combine keys; beyond them, `powersim validate` checks what needs the whole file: that times lie within the run, that intervals are in order, that a work step has a component of the device to run on.",
    "",
  ]

  static let deviceIntroduction = [
    "A device is given by `device` in a scenario: a built-in name, a path to a device file, or an inline object. A device with `extends` is the device it names, merge-patched (RFC 7396) with its other keys, so it gives only what differs; a scenario's `device_patch` patches the device the same way.",
    "",
  ]

  // MARK: Quantities and named values

  static var quantities: [String] {
    var lines = [
      "### Quantities",
      "",
      "A quantity is a bare number in its base unit, or a string of a number and a unit, with or without a space: `\"20 ms\"`, `\"1.2 W\"`, `\"13 Mbit/s\"`. No quantity may be negative. Times are kept in whole nanoseconds, powers in whole nanowatts and sizes in whole bytes; a value that is not zero but rounds to zero is an error.",
      "",
      "| Quantity | A bare number is in | Units |",
      "|---|---|---|",
    ]
    for dimension in Dimension.allCases {
      let units = dimension.acceptedUnits.map { "`\($0)`" }.joined(separator: ", ")
      let base =
        dimension == .fraction
        ? "a fraction from 0 to 1" : "`\(dimension.baseUnit)`"
      lines.append("| \(quantityName(dimension)) | \(base) | \(units) |")
    }
    return lines + [""]
  }

  static var namedValues: [String] {
    var lines = [
      "### Values several keys share",
      "",
      "| Value | What it is | Meaning |",
      "|---|---|---|",
    ]
    for value in ScenarioLanguage.namedValues {
      lines.append("| \(value.title) | \(typeText(value.type)) | \(cell(value.meaning)) |")
    }
    return lines + [""]
  }

  // MARK: Objects

  /// The section of one object: its summary, its forms, its keys, its rules and an example.
  static func section(_ object: ObjectDescription) -> [String] {
    var lines = ["### \(object.title)", "", object.summary, ""]
    if !object.forms.isEmpty { lines += forms(of: object) }
    lines += ["| Key | Type | Default | Meaning |", "|---|---|---|---|"]
    for key in object.keys {
      let value =
        object.selectingKeys.contains(key.name)
        ? "*chooses the kind*" : key.isRequired ? "*required*" : key.defaultValue.map(cell) ?? ""
      var meaning = cell(key.meaning)
      if let forms = key.forms, forms.count < object.forms.count {
        meaning += " *Only in: \(forms.map(formTitle).joined(separator: ", ")).*"
      }
      lines.append("| `\(key.name)` | \(typeText(key.type)) | \(value) | \(meaning) |")
    }
    if let other = object.otherKeys {
      lines.append("| *a component's name* | \(typeText(other.type)) | | \(cell(other.meaning)) |")
    }
    lines.append("")
    let rules = object.rules.map { rule in
      switch rule {
      case .exactlyOne(let keys): "- Exactly one of \(keyList(keys))."
      case .atLeastOne(let keys): "- At least one of \(keyList(keys))."
      case .note(let text): "- \(text)"
      }
    }
    if !rules.isEmpty { lines += rules + [""] }
    lines += ["```json", object.example, "```", ""]
    return lines
  }

  /// The table of an object's forms: what chooses each, and what each is.
  static func forms(of object: ObjectDescription) -> [String] {
    var lines = ["| Kind | Chosen by | What it is |", "|---|---|---|"]
    for form in object.forms {
      let chosen =
        form.selectedBy.isEmpty
        ? "its place" : form.selectedBy.map { "`\($0)`" }.joined(separator: " and ")
      lines.append("| \(formTitle(form.name)) | \(chosen) | \(cell(form.summary)) |")
    }
    return lines + [""]
  }

  static func formTitle(_ name: String) -> String { name.replacingOccurrences(of: "_", with: " ") }

  static func keyList(_ keys: [String]) -> String {
    keys.map { "`\($0)`" }.joined(separator: ", ")
  }

  // MARK: Types

  /// How the reference writes a type.
  static func typeText(_ type: ValueType) -> String {
    switch type {
    case .quantity(let dimension): quantityName(dimension)
    case .integer(let minimum, let maximum?): "whole number, \(minimum) to \(maximum)"
    case .integer(let minimum, nil): "whole number, at least \(minimum)"
    case .number(let minimum): "number, at least \(minimum)"
    case .boolean: "true or false"
    case .string: "string"
    case .choice(let values): values.map { "`\"\($0)\"`" }.joined(separator: ", ")
    case .object(let name): "*\(ScenarioLanguage.object(name).title)*"
    case .named(let name):
      ScenarioLanguage.namedValues.first { $0.name == name }.map { "*\($0.title)*" } ?? name
    case .array(let item, let minimum, let maximum):
      "array of \(typeText(item))" + countText(minimum, maximum)
    case .oneOf(let types): types.map(typeText).joined(separator: ", or ")
    case .map(let value, _, _): "object of \(typeText(value)) by name"
    case .mergePatch: "merge patch (object)"
    }
  }

  static func countText(_ minimum: Int, _ maximum: Int?) -> String {
    switch (minimum, maximum) {
    case (0, nil): ""
    case (_, nil): " (at least \(minimum))"
    case (_, let maximum?) where maximum == minimum: " (exactly \(minimum))"
    case (_, let maximum?): " (\(minimum) to \(maximum))"
    }
  }

  static func quantityName(_ dimension: Dimension) -> String {
    ScenarioSchema.definitionName(dimension).replacingOccurrences(of: "_", with: " ")
  }

  /// Text safe in a table cell.
  static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
