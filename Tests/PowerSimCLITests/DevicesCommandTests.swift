import Foundation
import JSONSupport
import ScenarioFiles
import TestSupport
import Testing

/// `powersim devices` and `powersim device show NAME`.
@Suite struct DevicesCommandTests {
  @Test func listsEveryBuiltInDevice() throws {
    let result = CLI.run(["devices"])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("device") == true)
    for name in BuiltInDevices.names {
      let json = try JSONReader.parse(try #require(BuiltInDevices.json(named: name)))
      guard case .object(let device) = json, case .object(let components)? = device["components"]
      else {
        Issue.record("\(name) is not a device object")
        continue
      }
      let row = lines.first { $0.hasPrefix(name + " ") }
      #expect(row?.contains(components.keys.joined(separator: ", ")) == true, "\(name)")
    }
  }

  /// The JSON printed is valid, and saved to a file it loads as the same device.
  @Test(arguments: BuiltInDevices.names)
  func showPrintsALoadableDevice(name: String) throws {
    let result = CLI.run(["device", "show", name])
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("}\n"))
    let printed = try JSONReader.parse(result.output)
    #expect(printed == (try JSONReader.parse(try #require(BuiltInDevices.json(named: name)))))
    let directory = try TemporaryDirectory()
    try directory.write(result.output, to: "copy.json")
    let fromFile = try directory.write(
      #"{ "device": "copy.json", "duration": "1 s" }"#, to: "a.json")
    let builtIn = try directory.write(#"{ "device": "\#(name)", "duration": "1 s" }"#, to: "b.json")
    #expect(
      try ScenarioDocument.load(fromFile).scenario().setup
        == (try ScenarioDocument.load(builtIn).scenario().setup))
  }

  /// The Apple pair is listed, and `device show` prints each as readable JSON: one member a
  /// line, its name first, an `x-source` note beside its numbers.
  @Test(arguments: ["iphone", "macbook"])
  func appleDevicesAreListedAndShown(name: String) throws {
    let listed = CLI.run(["devices"])
    #expect(listed.output.split(separator: "\n").contains { $0.hasPrefix(name + " ") })
    let shown = CLI.run(["device", "show", name])
    #expect(shown.status == 0)
    let lines = shown.output.split(separator: "\n")
    #expect(lines.count > 100, "\(lines.count) lines")
    #expect(lines.dropFirst().first?.contains("\"name\": \"\(name)\"") == true)
    #expect(lines.allSatisfy { $0.count < 1_000 }, "no line holds a whole component")
    // Each extends the built-in device it borrows from, and sets only what differs.
    let base = ["iphone": "phone", "macbook": "laptop"][name]!
    #expect(shown.output.contains("\"extends\": \"\(base)\""))
    #expect(shown.output.components(separatedBy: "x-source").count > 30)
  }

  @Test func unknownDevice() {
    let result = CLI.run(["device", "show", "toaster"])
    #expect(result.status == 1)
    #expect(
      result.error
        == "Error: toaster: not a built-in device (the built-in devices are \(BuiltInDevices.names.joined(separator: ", ")))\n"
    )
  }
}
