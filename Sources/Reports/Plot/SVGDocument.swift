import JSONSupport
import Quantities

/// Builds the text of a self-contained SVG document: no scripts, no style sheets, no external
/// fonts or images — presentation attributes only, a generic font family, and numbers printed
/// with at most two decimals by integer arithmetic, so the same chart is the same bytes on every
/// machine and renders alike in every browser.
package struct SVGDocument {
  private(set) var text = ""

  /// A document `width` × `height` pixels titled `title` (shown by browsers as a tooltip and
  /// read by screen readers), on a white background.
  init(width: Double, height: Double, title: String) {
    let w = Self.number(width)
    let h = Self.number(height)
    text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" "
      + "viewBox=\"0 0 \(w) \(h)\" font-family=\"sans-serif\" font-size=\"12\">\n"
    text += "<title>\(Self.escaped(title))</title>\n"
    rect(x: 0, y: 0, width: width, height: height, fill: "#ffffff")
  }

  /// The finished document.
  func finished() -> String {
    text + "</svg>\n"
  }

  /// Opens a group (`<g>`) with the given attributes; close it with ``endGroup()``.
  mutating func beginGroup(_ attributes: [(String, String)] = []) {
    text += "<g" + Self.attributes(attributes) + ">\n"
  }

  /// Closes the innermost group.
  mutating func endGroup() {
    text += "</g>\n"
  }

  /// A rectangle.
  mutating func rect(
    x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String? = nil
  ) {
    var attributes = [
      ("x", Self.number(x)), ("y", Self.number(y)), ("width", Self.number(width)),
      ("height", Self.number(height)), ("fill", fill),
    ]
    if let stroke { attributes.append(("stroke", stroke)) }
    text += "<rect" + Self.attributes(attributes) + "/>\n"
  }

  /// A straight line.
  mutating func line(
    x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1
  ) {
    text +=
      "<line"
      + Self.attributes([
        ("x1", Self.number(x1)), ("y1", Self.number(y1)), ("x2", Self.number(x2)),
        ("y2", Self.number(y2)), ("stroke", stroke), ("stroke-width", Self.number(width)),
      ]) + "/>\n"
  }

  /// A circle.
  mutating func circle(x: Double, y: Double, radius: Double, fill: String, title: String? = nil) {
    let attributes = [
      ("cx", Self.number(x)), ("cy", Self.number(y)), ("r", Self.number(radius)), ("fill", fill),
    ]
    element("circle", attributes, title: title)
  }

  /// A path with data `data`; `title` becomes a tooltip.
  mutating func path(_ data: PathData, attributes: [(String, String)], title: String? = nil) {
    element("path", [("d", data.text)] + attributes, title: title)
  }

  /// Text at (`x`, `y`) (the baseline), anchored `start`, `middle` or `end`; `rotation` turns it
  /// about that point (-90: reads upwards).
  mutating func text(
    _ content: String, x: Double, y: Double, anchor: String = "start", size: Double? = nil,
    weight: String? = nil, fill: String? = nil, rotation: Double? = nil
  ) {
    var attributes = [("x", Self.number(x)), ("y", Self.number(y))]
    if anchor != "start" { attributes.append(("text-anchor", anchor)) }
    if let size { attributes.append(("font-size", Self.number(size))) }
    if let weight { attributes.append(("font-weight", weight)) }
    if let fill { attributes.append(("fill", fill)) }
    if let rotation {
      attributes.append(
        ("transform", "rotate(\(Self.number(rotation)) \(Self.number(x)) \(Self.number(y)))"))
    }
    text += "<text" + Self.attributes(attributes) + ">" + Self.escaped(content) + "</text>\n"
  }

  private mutating func element(_ name: String, _ attributes: [(String, String)], title: String?) {
    text += "<" + name + Self.attributes(attributes)
    if let title {
      text += "><title>" + Self.escaped(title) + "</title></" + name + ">\n"
    } else {
      text += "/>\n"
    }
  }

  // MARK: Text

  /// A coordinate or length: rounded to hundredths, trailing zeros removed (`12.5`, `300`).
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let hundredths = Int64((value * 100).rounded())
    return DecimalFormat.scaledTrimmed(Int128(hundredths), scale: 2)
  }

  /// `text` as XML character data: shown as the tables show names (control, line-breaking and
  /// bidirectional formatting characters as visible escapes, see `JSONText.printable`), with the
  /// five XML special characters escaped, and the two non-characters XML 1.0 forbids (U+FFFE,
  /// U+FFFF) as visible escapes too, so that any name from a scenario file gives well-formed XML.
  package static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in JSONText.printable(text).unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\u{FFFE}": result += "\\uFFFE"
      case "\u{FFFF}": result += "\\uFFFF"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func attributes(_ pairs: [(String, String)]) -> String {
    var text = ""
    for (name, value) in pairs { text += " \(name)=\"\(escaped(value))\"" }
    return text
  }
}

/// The `d` attribute of a path, built from absolute commands.
struct PathData {
  private(set) var text = ""

  /// Starts a new subpath at (`x`, `y`).
  mutating func move(_ x: Double, _ y: Double) {
    append("M\(SVGDocument.number(x)) \(SVGDocument.number(y))")
  }

  /// A straight line to (`x`, `y`).
  mutating func line(_ x: Double, _ y: Double) {
    append("L\(SVGDocument.number(x)) \(SVGDocument.number(y))")
  }

  /// A horizontal line to `x`.
  mutating func horizontal(_ x: Double) {
    append("H\(SVGDocument.number(x))")
  }

  /// A vertical line to `y`.
  mutating func vertical(_ y: Double) {
    append("V\(SVGDocument.number(y))")
  }

  /// Closes the subpath.
  mutating func close() {
    append("Z")
  }

  private mutating func append(_ command: String) {
    if !text.isEmpty { text += " " }
    text += command
  }
}
