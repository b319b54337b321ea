import Foundation
import Reports
import ScenarioFiles
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The scenario in `json`, written to `directory` and loaded as a user's file would be.
func scenario(_ json: String, in directory: TemporaryDirectory, variant: String = "baseline")
  throws -> Scenario
{
  let path = try directory.write(json, to: "scenario.json")
  return try ScenarioDocument.load(path).scenario(variant: variant)
}

/// *The power-state ladder*'s worked example on a bench with a 50 mW sensor and a 1 Wh battery: the
/// GPS (active 300 mW; hot 60 mW after 1 s, 20 ms wake; off 0 W after 6 s, 800 ms wake at 200 mW)
/// serves 500 ms at 2 s and 4 s over 20 s. By hand: off 0–2 s, waking 2–2.8 s, active 2.8–5.5 s
/// (serving 2.8–3.3 and 4–4.5), hot 5.5–10.5 s, off 10.5–20 s; gps 1.27 J, sensor 1 J.
let workedExample = """
  {
    "name": "GPS worked example",
    "device": {
      "name": "bench",
      "battery": { "capacity": "1 Wh" },
      "components": {
        "sensor": { "type": "generic", "parent": "none", "states": [
          { "name": "active", "power": "200 mW" },
          { "name": "idle", "power": "50 mW", "after": "0 s" } ] },
        "gps": { "type": "generic", "parent": "none", "states": [
          { "name": "active", "power": "300 mW" },
          { "name": "hot", "power": "60 mW", "after": "1 s", "wake_latency": "20 ms" },
          { "name": "off", "power": "0 W", "after": "6 s", "wake_latency": "800 ms",
            "wake_power": "200 mW" } ] }
      }
    },
    "duration": "20 s",
    "workloads": { "fix": { "times": ["2 s", "4 s"], "work": { "gps": "500 ms" } } }
  }
  """

// MARK: XML

/// An element of a parsed XML document: its name, attributes, text and children.
final class XMLNode {
  let name: String
  let attributes: [String: String]
  var text = ""
  var children: [XMLNode] = []

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// Every element below this one (depth first, document order) named `name`.
  func all(_ name: String) -> [XMLNode] {
    children.flatMap { ($0.name == name ? [$0] : []) + $0.all(name) }
  }

  /// The first descendant group (`<g>`) whose class is `className`.
  func group(_ className: String) -> XMLNode? {
    all("g").first { $0.attributes["class"] == className }
  }

  /// The text of this element's `<title>` child, if any.
  var title: String? { children.first { $0.name == "title" }?.text }
}

/// Parses `text` with Foundation's `XMLParser`; `nil` when it is not well-formed XML.
func parseXML(_ text: String) -> XMLNode? {
  let collector = XMLCollector()
  let parser = XMLParser(data: Data(text.utf8))
  parser.delegate = collector
  guard parser.parse(), let root = collector.root else { return nil }
  return root
}

private final class XMLCollector: NSObject, XMLParserDelegate {
  var root: XMLNode?
  var stack: [XMLNode] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    let node = XMLNode(name: elementName, attributes: attributes)
    if let parent = stack.last { parent.children.append(node) } else { root = node }
    stack.append(node)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    stack.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    stack.last?.text += string
  }
}

// MARK: Paths

/// The vertices of a path made of `M`, `H`, `V`, `L` and `Z` commands with absolute
/// coordinates, as the charts write them.
func pathVertices(_ data: String) -> [(x: Double, y: Double)] {
  var points: [(x: Double, y: Double)] = []
  var x = 0.0
  var y = 0.0
  let tokens = data.split(separator: " ")
  var index = 0
  while index < tokens.count {
    let token = tokens[index]
    let command = token.first!
    let value = Double(token.dropFirst()) ?? 0
    switch command {
    case "M", "L":
      x = value
      index += 1
      y = Double(tokens[index])!
    case "H": x = value
    case "V": y = value
    default: break
    }
    if command != "Z" { points.append((x, y)) }
    index += 1
  }
  return points
}

/// The y coordinates of the horizontal edges of the closed path `data` that pass over `x`
/// (strictly inside the edge), sorted from the top of the picture down.
func horizontalEdges(of data: String, at x: Double) -> [Double] {
  var vertices = pathVertices(data)
  if let first = vertices.first { vertices.append(first) }
  var ys: [Double] = []
  for (a, b) in zip(vertices, vertices.dropFirst()) where a.y == b.y {
    if min(a.x, b.x) < x && x < max(a.x, b.x) { ys.append(a.y) }
  }
  return ys.sorted()
}

// MARK: Golden files

/// Compares `actual` with the golden file `name` in `Tests/Golden/Reports`; with the
/// environment variable `POWERSIM_UPDATE_GOLDEN=1` set, rewrites the file instead.
func expectGolden(
  _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
)
  throws
{
  let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden/Reports")
  let url = directory.appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["POWERSIM_UPDATE_GOLDEN"] == "1" {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try actual.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  let expected = try String(contentsOf: url, encoding: .utf8)
  #expect(actual == expected, "differs from \(name)", sourceLocation: sourceLocation)
}
