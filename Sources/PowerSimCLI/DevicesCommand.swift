import DeviceModels
import JSONSupport
import Reports
import ScenarioFiles

/// `powersim devices`: lists the built-in devices.
enum DevicesCommand: Command {
  static let spec = CommandSpec(
    name: "devices",
    abstract: "Lists the built-in device profiles.",
    discussion: "Prints each built-in device's name, its components and its description.",
    arguments: [], options: [])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    var table = TextTable(columns: [
      ("device", .left), ("components", .left), ("description", .left),
    ])
    for name in BuiltInDevices.names {
      let json = try JSONReader.parse(BuiltInDevices.json(named: name)!)
      var components = ""
      var description = ""
      if case .object(let object) = json {
        if case .object(let members)? = object["components"] {
          components = members.keys.joined(separator: ", ")
        }
        if case .string(let text)? = object["description"] { description = text }
      }
      table.appendRow([name, components, description])
    }
    table.wrapText(in: 2)
    console.write(table.rendered())
    return ExitStatus.success
  }
}

/// `powersim device show NAME`: prints a built-in device as JSON.
enum DeviceCommand: Command {
  static let spec = CommandSpec(
    name: "device",
    abstract: "Prints a built-in device profile as JSON (device show NAME).",
    discussion: """
      'powersim device show NAME' prints the built-in device NAME as the JSON a device file \
      holds, with the source of every number in its x-source notes. Save it to a file, edit it, \
      and name the file as a scenario's device.
      """,
    arguments: [
      ArgumentSpec(name: "show", help: "The action: show."),
      ArgumentSpec(name: "NAME", help: "The built-in device to print."),
    ],
    options: [])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    guard arguments.positionals[0] == "show" else {
      throw UsageError(
        message: "unknown action '\(arguments.positionals[0])' (expected 'show')", command: spec)
    }
    let name = arguments.positionals[1]
    guard let text = BuiltInDevices.json(named: name) else {
      throw InputError(
        file: name, path: nil,
        message:
          "not a built-in device (the built-in devices are \(BuiltInDevices.names.joined(separator: ", ")))"
      )
    }
    console.write(try JSONReader.parse(text).serialized(pretty: true) + "\n")
    return ExitStatus.success
  }
}
