import JSONSupport
import Quantities
import ScenarioFiles
import TestSupport
import Testing

/// The schema's quantity patterns against the oracle that matters, the parser: a string
/// matches a dimension's pattern exactly when the parser reads it as that dimension (range
/// checks aside, which no pattern can express).
@Suite struct QuantityPatternTests {
  static let samples = [
    "5", "5 s", "5s", " 5 ms ", "5\tmin", "1e-3 s", "1E3 ms", ".5 s", "5. s", "+5 s", "5 µs",
    "5 μs", "5 us", "5 ns", "2 h", "1 d", "5 mW", "5 uW", "5 µW", "5 μW", "5 W", "5 J", "5 kJ",
    "5 mWh", "5 Wh", "5 uJ", "5 KiB", "5 GB", "5 B", "5 MB/s", "5 Mbit/s", "5 kbps", "5 Gbps",
    "5 bit/s", "60 fps", "2.4 GHz", "40%", "40 %", "0.4", "3.85 V", "5 mV", "200 nits", "1 nit",
    "500 cd/m²", "abc", "", " ",
    "5 5 s", "s", "5 S", "5 sec", "1e s", "e5", "5e+ s", "-1 s", "- 1 s", "nan", "inf s",
    "5 MB s", "5 m", "1..2 s", "0x10 s", "5 ms ms", "١ s",
  ]

  static func parses(_ text: String, as dimension: Dimension) -> Bool {
    let input = QuantityInput.text(text)
    do {
      switch dimension {
      case .time: _ = try QuantityParser.time(input)
      case .power: _ = try QuantityParser.power(input)
      case .energy: _ = try QuantityParser.energy(input)
      case .dataSize: _ = try QuantityParser.dataSize(input)
      case .dataRate: _ = try QuantityParser.dataRate(input)
      case .frequency: _ = try QuantityParser.frequency(input)
      case .fraction: _ = try QuantityParser.fraction(input)
      case .voltage: _ = try QuantityParser.voltage(input)
      case .luminance: _ = try QuantityParser.luminance(input)
      }
      return true
    } catch {
      // Out of range, but well formed: the pattern accepts it.
      return error.message.contains("between 0 and 1") || error.message.contains("too large")
    }
  }

  @Test(arguments: Dimension.allCases)
  func patternMatchesWhatTheParserReads(dimension: Dimension) throws {
    for sample in Self.samples {
      let matches = try JSONSchemaValidator.matches(sample, dimension.pattern)
      #expect(matches == Self.parses(sample, as: dimension), "\(dimension) \"\(sample)\"")
    }
  }

  /// Every object in a schema position uses only the keywords the validator (and editors)
  /// know, so the validator's checks cover the whole schema.
  @Test func schemaUsesOnlyWidelySupportedKeywords() throws {
    var unknown: [String] = []
    func walk(_ schema: JSONValue, _ path: String) {
      guard case .object(let object) = schema else { return }
      for (key, value) in object {
        if !JSONSchemaValidator.keywords.contains(key) { unknown.append("\(path)/\(key)") }
        switch (key, value) {
        case ("properties", .object(let members)), ("patternProperties", .object(let members)),
          ("$defs", .object(let members)):
          for (name, member) in members { walk(member, "\(path)/\(key)/\(name)") }
        case ("items", _), ("additionalProperties", _):
          walk(value, "\(path)/\(key)")
        case ("oneOf", .array(let branches)), ("anyOf", .array(let branches)):
          for (index, branch) in branches.enumerated() { walk(branch, "\(path)/\(key)/\(index)") }
        default:
          break
        }
      }
    }
    walk(ScenarioSchema.document, "#")
    #expect(unknown == [])
  }
}
