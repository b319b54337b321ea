import DeviceModels
import Foundation
import JSONSupport
import ScenarioFiles
import Testing

/// Every number in a built-in profile cites where it comes from (see *Device files*): an
/// `x-source…` note beside it in the JSON, and a row in the documentation
/// (`Sources/ScenarioFiles/ScenarioFiles.docc/BuiltInDeviceProfiles.md`).
@Suite struct BuiltInDeviceSourcesTests {
  /// One parameter of a profile: where it is, its value as the documentation prints it, and
  /// whether an `x-source…` note stands beside it.
  struct Parameter {
    var path: String
    var value: String
    var isSourced: Bool
  }

  /// Keys that name or describe rather than parameterize (`extends`: the device a profile
  /// borrows the rest from, whose own parameters its section documents).
  static let identityKeys: Set<String> = ["name", "description", "type", "extends"]

  /// The parameters under `value`: object members joined with `.`, array elements that are
  /// objects labelled by their `name` or `freq` (`states[awake].power`), scalar arrays joined
  /// with `, `. A parameter is sourced when its object has an `x-source…` note, or an object
  /// above it has `x-source-KEY` for the key the path went through.
  static func parameters(of value: JSONValue, path: String = "", sourcedAbove: Bool = false)
    -> [Parameter]
  {
    guard case .object(let object) = value else { return [] }
    let hasNote = object.keys.contains { $0.hasPrefix("x-source") }
    var found: [Parameter] = []
    // A `null` in a profile that extends another removes the base's key: it sets nothing.
    for (key, member) in object
    where !key.hasPrefix("x-") && !identityKeys.contains(key) && member != .null {
      let memberPath = path.isEmpty ? key : path + "." + key
      let sourced = sourcedAbove || object.keys.contains("x-source-" + key)
      switch member {
      case .object:
        found += parameters(of: member, path: memberPath, sourcedAbove: sourced)
      case .array(let items):
        if items.allSatisfy({ if case .object = $0 { true } else { false } }) {
          for (index, item) in items.enumerated() {
            found += parameters(
              of: item, path: memberPath + "[\(label(item) ?? String(index))]",
              sourcedAbove: sourced)
          }
        } else {
          let text = items.map(scalarText).joined(separator: ", ")
          found.append(Parameter(path: memberPath, value: text, isSourced: hasNote || sourced))
        }
      default:
        found.append(
          Parameter(path: memberPath, value: scalarText(member), isSourced: hasNote || sourced))
      }
    }
    return found
  }

  static func label(_ item: JSONValue) -> String? {
    guard case .object(let object) = item else { return nil }
    for key in ["name", "freq"] {
      if case .string(let text)? = object[key] { return text }
    }
    return nil
  }

  static func scalarText(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): text
    case .number(let number): number.literal
    case .bool(let flag): flag ? "true" : "false"
    default: value.serialized()
    }
  }

  static func profile(_ name: String) throws -> JSONValue {
    try JSONReader.parse(try #require(BuiltInDevices.json(named: name)))
  }

  /// The documentation of the built-in devices.
  static let documentation: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let file = root.appendingPathComponent(
      "Sources/ScenarioFiles/ScenarioFiles.docc/BuiltInDeviceProfiles.md")
    return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
  }()

  @Test(arguments: ["phone", "laptop", "devboard", "iphone", "macbook"])
  func everyNumberHasASourceNote(device: String) throws {
    let found = Self.parameters(of: try Self.profile(device))
    #expect(found.count > 5)
    for parameter in found {
      #expect(
        parameter.isSourced, "\(device): \(parameter.path) = \(parameter.value) has no source")
    }
  }

  @Test(arguments: ["phone", "laptop", "devboard", "iphone", "macbook"])
  func everyParameterIsDocumented(device: String) throws {
    #expect(Self.documentation.contains("## \(device)"), "a section for \(device)")
    for parameter in Self.parameters(of: try Self.profile(device)) {
      let path = parameter.path.replacingOccurrences(of: "components.", with: "")
      let row = "| `\(device).\(path)` | \(parameter.value) |"
      #expect(Self.documentation.contains(row), "documentation row: \(row)")
    }
  }

  /// The checker itself: an unsourced number is caught, a note on the object or `x-source-KEY`
  /// above it is accepted.
  @Test func checkerFindsUnsourcedNumbers() throws {
    let json = try JSONReader.parse(
      """
      { "a": { "power": "1 W" }, "b": { "power": "2 W", "x-source": "here" },
        "c": { "x": { "y": 3 } }, "x-source-c": "above",
        "d": { "states": [{ "name": "on", "power": "4 W" }], "x-source-states": "ok" } }
      """)
    let found = Self.parameters(of: json)
    #expect(found.map(\.path) == ["a.power", "b.power", "c.x.y", "d.states[on].power"])
    #expect(found.map(\.isSourced) == [false, true, true, true])
  }
}
