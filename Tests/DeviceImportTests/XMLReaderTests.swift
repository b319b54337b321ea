import DeviceImport
import Testing

/// The XML reader: what Android resource files use, and errors at the right line and column.
@Suite struct XMLReaderTests {
  static func parse(_ text: String) throws(XMLSyntaxError) -> XMLElement {
    try XMLReader.parse(Array(text.utf8))
  }

  static func error(_ text: String) -> XMLSyntaxError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func elementsAttributesTextEntitiesCommentsAndCDATA() throws {
    let root = try Self.parse(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <!-- a comment with <tags> -->
      <device name='A &amp; B'>
        <item name="x">1.5<!-- between -->0</item>
        <array name="y"><value>&#49;</value><value>&#x32;</value></array>
        <note><![CDATA[<raw> & text]]></note>
        <empty/>
      </device>
      """)
    #expect(root.name == "device")
    #expect(root.attribute("name") == "A & B")
    #expect(root.children.map(\.name) == ["item", "array", "note", "empty"])
    #expect(root.children[0].text == "1.50")
    #expect(root.children[0].line == 4 && root.children[0].column == 3)
    #expect(root.children[1].children.map(\.text) == ["1", "2"])
    #expect(root.children[2].text == "<raw> & text")
  }

  @Test func errorsNameLineAndColumn() {
    #expect(
      Self.error("<device>\n  <item>1</itme>\n</device>")
        == XMLSyntaxError(
          line: 2, column: 10,
          message: "expected </item> (opened at line 2, column 3), found </itme>"))
    #expect(
      Self.error("<device>\n  <item name=\"a\">1")
        == XMLSyntaxError(
          line: 2, column: 3,
          message: "expected </item> to close this element, found the end of the file"))
    #expect(
      Self.error("<!DOCTYPE x [<!ENTITY a \"b\">]><x/>")?.message
        == "expected an element; document type declarations are not read")
    #expect(
      Self.error("<x>&bogus;</x>")
        == XMLSyntaxError(
          line: 1, column: 4, message: "expected an entity such as &amp; or &#38;, found &bogus;"))
    #expect(Self.error("<x a=\"1\" a=\"2\"/>")?.message == "the attribute a appears twice in <x>")
    #expect(
      Self.error("<x/><y/>")?.message == "expected a single root element, found a second element")
    #expect(
      Self.error("")?.message == "expected the document's root element, found the end of the file")
    #expect(
      Self.error("<x><!-- never closed </x>")
        == XMLSyntaxError(
          line: 1, column: 4,
          message: "expected \"-->\" to end this comment, found the end of the file"))
  }

  @Test func nestingIsLimited() {
    let depth = XMLReader.maximumDepth
    let fits = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
    #expect(Self.error(fits) == nil)
    let deeper =
      String(repeating: "<a>", count: depth + 1) + String(repeating: "</a>", count: depth + 1)
    #expect(Self.error(deeper)?.message == "expected elements nested at most \(depth) deep")
  }

  @Test func manyCommentsReadInLinearTime() throws {
    // 200,000 comments and items: a quadratic reader would take minutes.
    let body = String(repeating: "<!-- c --><item name=\"k\">1</item>\n", count: 200_000)
    let root = try Self.parse("<device>\n" + body + "</device>")
    #expect(root.children.count == 200_000)
    #expect(root.children.last?.line == 200_001)
  }
}
