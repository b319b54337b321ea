/// A command-line option: its name, the name of its value (none for a flag), and its help.
struct OptionSpec {
  var name: String
  var valueName: String?
  var help: String
  /// Whether it may be given more than once (`--set`).
  var isRepeatable = false
}

/// A positional argument.
struct ArgumentSpec {
  var name: String
  var help: String
  /// Whether it takes one or more values (`validate A.json B.json`).
  var isVariadic = false
  var isOptional = false
}

/// A command's interface: what `--help` prints and what the parser accepts.
struct CommandSpec {
  var name: String
  var abstract: String
  var discussion: String?
  var arguments: [ArgumentSpec]
  var options: [OptionSpec]

  /// `powersim run SCENARIO [--variant NAME] …`
  var usage: String {
    var parts = ["powersim", name]
    for argument in arguments {
      var text = argument.name + (argument.isVariadic ? "…" : "")
      if argument.isOptional { text = "[\(text)]" }
      parts.append(text)
    }
    for option in options {
      let value = option.valueName.map { " \($0)" } ?? ""
      parts.append("[\(option.name)\(value)]" + (option.isRepeatable ? "…" : ""))
    }
    return parts.joined(separator: " ")
  }

  /// The help screen, in the layout of swift-argument-parser.
  var help: String {
    var text = "OVERVIEW: \(abstract)\n"
    if let discussion { text += "\n" + Self.wrapped(discussion) + "\n" }
    text += "\nUSAGE: \(usage)\n"
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in arguments { text += Self.helpLine(argument.name, argument.help) }
    }
    text += "\nOPTIONS:\n"
    for option in options {
      let label = option.name + (option.valueName.map { " \($0)" } ?? "")
      text += Self.helpLine(label, option.help)
    }
    text += Self.helpLine("-h, --help", "Shows this help.")
    return text
  }

  /// `text` with every line longer than 100 characters broken at spaces (shorter lines, such
  /// as list items, stay as they are).
  static func wrapped(_ text: String) -> String {
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var current = ""
      for word in line.split(separator: " ") {
        if !current.isEmpty && current.count + word.count + 1 > 100 {
          lines.append(current)
          current = ""
        }
        current += (current.isEmpty ? "" : " ") + word
      }
      lines.append(line.count <= 100 ? String(line) : current)
    }
    return lines.joined(separator: "\n")
  }

  private static func helpLine(_ label: String, _ help: String) -> String {
    let indent = 26
    var lines: [String] = []
    var current = ""
    for word in help.split(separator: " ") {
      if !current.isEmpty && current.count + word.count + 1 > 100 - indent {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    lines.append(current)
    let paddedLabel = "  " + label
    var text = ""
    for (index, line) in lines.enumerated() {
      if index == 0 && paddedLabel.count < indent {
        text +=
          paddedLabel + String(repeating: " ", count: indent - paddedLabel.count) + line + "\n"
      } else {
        if index == 0 { text += paddedLabel + "\n" }
        text += String(repeating: " ", count: indent) + line + "\n"
      }
    }
    return text
  }
}

/// A usage error: the command line is wrong (exit status 64).
struct UsageError: Error {
  var message: String
  /// The command whose usage to print, if known.
  var command: CommandSpec?
}

/// What the parser found.
struct ParsedArguments {
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var wantsHelp = false

  func value(_ name: String) -> String? { values[name]?.last }
}

enum ArgumentParser {
  /// Parses `arguments` (after the command name) against `spec`.
  static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError)
    -> ParsedArguments
  {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      if argument == "-h" || argument == "--help" {
        parsed.wantsHelp = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        var message = "unknown option '\(name)'"
        let names = spec.options.map(\.name)
        if let close = names.min(by: { distance($0, name) < distance($1, name) }),
          distance(close, name) <= 2
        {
          message += " (did you mean '\(close)'?)"
        }
        throw UsageError(message: message, command: spec)
      }
      if option.valueName == nil {
        if inlineValue != nil {
          throw UsageError(message: "the flag '\(name)' takes no value", command: spec)
        }
        parsed.flags.insert(name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else {
          throw UsageError(
            message: "missing value for '\(name)' (expected \(option.valueName!))", command: spec)
        }
        value = arguments[index]
        index += 1
      }
      if !option.isRepeatable, parsed.values[name] != nil {
        throw UsageError(message: "'\(name)' was given more than once", command: spec)
      }
      parsed.values[name, default: []].append(value)
    }
    if parsed.wantsHelp { return parsed }
    try checkPositionals(parsed.positionals, spec)
    return parsed
  }

  private static func checkPositionals(_ positionals: [String], _ spec: CommandSpec)
    throws(UsageError)
  {
    let required = spec.arguments.filter { !$0.isOptional }.count
    let isVariadic = spec.arguments.contains { $0.isVariadic }
    if positionals.count < required {
      let missing = spec.arguments[positionals.count].name
      throw UsageError(message: "missing expected argument '\(missing)'", command: spec)
    }
    if !isVariadic && positionals.count > spec.arguments.count {
      throw UsageError(
        message: "unexpected argument '\(positionals[spec.arguments.count])'", command: spec)
    }
  }

  private static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(1, a.count) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
