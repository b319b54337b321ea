import Quantities
import Testing

/// The message of the error `parse` throws for `input`, or `nil` when it parses.
func parseError<T>(
  _ parse: (QuantityInput) throws(QuantityError) -> T, _ input: QuantityInput
) -> String? {
  do {
    _ = try parse(input)
    return nil
  } catch {
    return error.message
  }
}

/// Every unit of *Quantities and units*, with the value of `1 <unit>` (or the stated amount) in the
/// storage unit, worked out by hand from the unit's definition.
@Suite struct QuantityParserTests {
  // MARK: Time (stored in ns)

  @Test(
    arguments: [
      ("1 ns", 1), ("1 us", 1_000), ("1 µs", 1_000), ("1 μs", 1_000), ("1 ms", 1_000_000),
      ("1 s", 1_000_000_000), ("1 min", 60_000_000_000), ("1 h", 3_600_000_000_000),
      ("1 d", 86_400_000_000_000),
      // 2.5 × 10⁶ ns; 1.5 h = 5400 s; 0.1 s is exactly 10⁸ ns (no binary rounding).
      ("2.5 ms", 2_500_000), ("1.5 h", 5_400_000_000_000), ("0.1 s", 100_000_000),
      // Exponents: 1e3 ms = 1 s; 2.5E-3 s = 2.5 ms.
      ("1e3 ms", 1_000_000_000), ("2.5E-3 s", 2_500_000),
      // The space is optional, and surrounding whitespace is ignored.
      ("20ms", 20_000_000), ("  5 s ", 5_000_000_000), ("10min", 600_000_000_000),
      // A string without a unit is in the base unit, seconds.
      ("3", 3_000_000_000),
    ] as [(String, Int64)])
  func timeUnits(text: String, nanoseconds: Int64) throws {
    #expect(try QuantityParser.time(.text(text)) == .nanoseconds(nanoseconds))
  }

  /// A bare JSON number is in seconds; its literal is converted exactly.
  @Test(
    arguments: [
      ("5", 5_000_000_000), ("0.02", 20_000_000), ("1e-9", 1), ("0", 0), ("-0", 0),
      ("86400", 86_400_000_000_000),
    ] as [(String, Int64)])
  func bareNumbersAreSeconds(literal: String, nanoseconds: Int64) throws {
    #expect(try QuantityParser.time(.number(literal: literal)) == .nanoseconds(nanoseconds))
  }

  /// A time read from a file is rounded to the nearest nanosecond once, ties away from zero.
  @Test(
    arguments: [
      ("1.4 ns", 1), ("1.5 ns", 2), ("2.5 ns", 3), ("0.4 ns", 0), ("0.5 ns", 1),
      // 1.0000000005 s = 1 000 000 000.5 ns → 1 000 000 001.
      ("1.0000000005 s", 1_000_000_001),
      // 1.23456789012 ms = 1 234 567.89012 ns → 1 234 568.
      ("1.23456789012 ms", 1_234_568),
      // A third of a second, written to 12 places: 333 333 333.333 ns → 333 333 333.
      ("0.333333333333 s", 333_333_333),
    ] as [(String, Int64)])
  func timesRoundToTheNearestNanosecond(text: String, nanoseconds: Int64) throws {
    #expect(try QuantityParser.time(.text(text)) == .nanoseconds(nanoseconds))
  }

  // MARK: Power (stored in nW)

  @Test(
    arguments: [
      ("1 uW", 1_000), ("1 µW", 1_000), ("1 μW", 1_000), ("1 mW", 1_000_000),
      ("1 W", 1_000_000_000),
      ("300 mW", 300_000_000), ("1.2 W", 1_200_000_000), ("60mW", 60_000_000),
      ("2.5 uW", 2_500), ("0.0004 uW", 0),
    ] as [(String, Int64)])
  func powerUnits(text: String, nanowatts: Int64) throws {
    #expect(try QuantityParser.power(.text(text)) == Power(nanowatts: nanowatts))
  }

  @Test func bareNumbersAreWatts() throws {
    #expect(try QuantityParser.power(.number(literal: "0.3")) == Power(nanowatts: 300_000_000))
    #expect(try QuantityParser.power(.number(literal: "2")) == Power(nanowatts: 2_000_000_000))
  }

  // MARK: Energy (stored in aJ)

  @Test(
    arguments: [
      ("1 pJ", 1_000_000), ("2 nJ", 2_000_000_000), ("1 uJ", 1_000_000_000_000),
      ("1 mJ", 1_000_000_000_000_000),
      ("1 J", 1_000_000_000_000_000_000), ("1 kJ", 1_000_000_000_000_000_000_000),
      // 1 mWh = 3.6 J; 1 Wh = 3600 J.
      ("1 mWh", 3_600_000_000_000_000_000), ("1 Wh", 3_600_000_000_000_000_000_000),
      // 12.7 Wh = 45 720 J.
      ("12.7 Wh", 45_720_000_000_000_000_000_000),
      ("1.27 J", 1_270_000_000_000_000_000), ("5J", 5_000_000_000_000_000_000),
    ] as [(String, Int128)])
  func energyUnits(text: String, attojoules: Int128) throws {
    #expect(try QuantityParser.energy(.text(text)) == Energy(attojoules: attojoules))
  }

  @Test func bareNumbersAreJoules() throws {
    #expect(
      try QuantityParser.energy(.number(literal: "0.97"))
        == Energy(attojoules: 970_000_000_000_000_000))
  }

  // MARK: Data (stored in B)

  @Test(
    arguments: [
      ("1 B", 1), ("1 KB", 1_000), ("1 MB", 1_000_000), ("1 GB", 1_000_000_000),
      ("1 KiB", 1_024), ("1 MiB", 1_048_576), ("1 GiB", 1_073_741_824),
      // 4 KiB = 4096 B; 1.5 KiB = 1536 B; 2 MB = 2 000 000 B; 0.5 MiB = 524 288 B.
      ("4 KiB", 4_096), ("1.5 KiB", 1_536), ("2MB", 2_000_000), ("0.5 MiB", 524_288),
      // Half a byte rounds away from zero.
      ("0.5 B", 1), ("0.4 B", 0),
    ] as [(String, Int64)])
  func dataUnits(text: String, bytes: Int64) throws {
    #expect(try QuantityParser.dataSize(.text(text)) == DataSize(bytes: bytes))
  }

  @Test func bareNumbersAreBytes() throws {
    #expect(try QuantityParser.dataSize(.number(literal: "4096")) == DataSize(bytes: 4_096))
  }

  // MARK: Data rate (B/s)

  @Test(
    arguments: [
      ("1 B/s", 1), ("1 KB/s", 1e3), ("1 MB/s", 1e6), ("1 GB/s", 1e9),
      // 8 bits are a byte: 8 bit/s = 1 B/s; 1 kbit/s = 125 B/s; 1 Mbit/s = 125 000 B/s.
      ("8 bit/s", 1), ("1 kbit/s", 125), ("1 Mbit/s", 125_000), ("1 Gbit/s", 125_000_000),
      ("1 kbps", 125), ("1 Mbps", 125_000), ("1 Gbps", 125_000_000),
      // 13 Mbit/s = 1 625 000 B/s; 400 MB/s = 4 × 10⁸ B/s.
      ("13 Mbit/s", 1_625_000), ("400MB/s", 400e6), ("20 Mbps", 2_500_000),
    ] as [(String, Double)])
  func dataRateUnits(text: String, bytesPerSecond: Double) throws {
    #expect(try QuantityParser.dataRate(.text(text)) == DataRate(bytesPerSecond: bytesPerSecond))
  }

  @Test func bareNumbersAreBytesPerSecond() throws {
    #expect(try QuantityParser.dataRate(.number(literal: "1000")).bytesPerSecond == 1_000)
  }

  // MARK: Frequency (Hz)

  @Test(
    arguments: [
      ("1 Hz", 1), ("1 kHz", 1e3), ("1 MHz", 1e6), ("1 GHz", 1e9), ("60 fps", 60),
      ("2.4 GHz", 2.4e9), ("120fps", 120), ("0.5 Hz", 0.5), ("1800 MHz", 1.8e9),
    ] as [(String, Double)])
  func frequencyUnits(text: String, hertz: Double) throws {
    #expect(try QuantityParser.frequency(.text(text)) == Frequency(hertz: hertz))
  }

  @Test func bareNumbersAreHertz() throws {
    #expect(try QuantityParser.frequency(.number(literal: "60")).hertz == 60)
  }

  // MARK: Fraction

  /// Percentages read as the same `Double` as the decimal a user would write: every whole
  /// percentage from 0% to 100% equals the literal `0.xx` (35 × 0.01 would not).
  @Test func everyWholePercentageIsTheDecimalItNames() throws {
    for percent in 0...100 {
      let expected = Double("\(percent)e-2")!
      #expect(try QuantityParser.fraction(.text("\(percent)%")).value == expected, "\(percent)%")
    }
  }

  @Test(
    arguments: [
      ("40%", 0.4), ("40 %", 0.4), ("100%", 1), ("0%", 0), ("12.5%", 0.125), ("0.4", 0.4),
    ] as [(String, Double)])
  func fractions(text: String, value: Double) throws {
    #expect(try QuantityParser.fraction(.text(text)).value == value)
  }

  @Test(arguments: [("0", 0.0), ("1", 1.0), ("0.25", 0.25)])
  func bareFractions(literal: String, value: Double) throws {
    #expect(try QuantityParser.fraction(.number(literal: literal)).value == value)
  }

  // MARK: Errors

  @Test func wrongDimensionNamesWhatWasFound() {
    #expect(
      parseError(QuantityParser.time, .text("5 MB"))
        == "expected a time such as \"5 s\" or \"20 ms\", found \"5 MB\" (a data size)")
    #expect(
      parseError(QuantityParser.power, .text("3 J"))
        == "expected a power such as \"300 mW\" or \"1.2 W\", found \"3 J\" (an energy)")
    #expect(
      parseError(QuantityParser.dataSize, .text("1 s"))
        == "expected a data size such as \"2 MB\" or \"4 KiB\", found \"1 s\" (a time)")
    #expect(
      parseError(QuantityParser.frequency, .text("5 MB/s"))
        == "expected a frequency such as \"60 fps\" or \"2.4 GHz\", found \"5 MB/s\" (a data rate)"
    )
    #expect(
      parseError(QuantityParser.energy, .text("2 W"))
        == "expected an energy such as \"12.7 Wh\" or \"5 J\", found \"2 W\" (a power)")
    #expect(
      parseError(QuantityParser.dataRate, .text("5 MB"))
        == "expected a data rate such as \"13 Mbit/s\" or \"400 MB/s\", found \"5 MB\" (a data size)"
    )
    #expect(
      parseError(QuantityParser.fraction, .text("5 Hz"))
        == "expected a fraction such as \"40%\" or 0.4, found \"5 Hz\" (a frequency)")
  }

  @Test func unknownUnitListsTheAcceptedOnes() {
    #expect(
      parseError(QuantityParser.time, .text("5 sec"))
        == "expected a time with a unit of ns, us, µs, ms, s, min, h or d, found \"5 sec\" (unknown unit \"sec\"); did you mean \"s\"?"
    )
    #expect(
      parseError(QuantityParser.dataSize, .text("2 kB"))
        == "expected a data size with a unit of B, KB, MB, GB, KiB, MiB or GiB, found \"2 kB\" (unknown unit \"kB\"); did you mean \"KB\"?"
    )
    #expect(
      parseError(QuantityParser.power, .text("5 MW"))
        == "expected a power with a unit of uW, µW, mW or W, found \"5 MW\" (unknown unit \"MW\"); did you mean \"mW\"?"
    )
    // A spelt-out unit gets the longest accepted unit it starts with.
    for (text, unit) in [("3 minutes", "min"), ("2 hrs", "h"), ("20 msec", "ms")] {
      let message = parseError(QuantityParser.time, .text(text)) ?? ""
      #expect(message.hasSuffix("; did you mean \"\(unit)\"?"), "\(text)")
    }
    let watts = parseError(QuantityParser.power, .text("2 watts")) ?? ""
    #expect(watts.hasSuffix("; did you mean \"W\"?"))
  }

  @Test func textThatIsNotANumberWithAUnit() {
    #expect(
      parseError(QuantityParser.time, .text("fast"))
        == "expected a time such as \"5 s\" or \"20 ms\", found \"fast\"")
    #expect(
      parseError(QuantityParser.time, .text(""))
        == "expected a time such as \"5 s\" or \"20 ms\", found \"\"")
    #expect(
      parseError(QuantityParser.time, .text("5 5 s"))
        == "expected a time such as \"5 s\" or \"20 ms\", found \"5 5 s\"")
    #expect(
      parseError(QuantityParser.time, .text("1e s"))
        == "expected a time such as \"5 s\" or \"20 ms\", found \"1e s\"")
  }

  @Test func negativeValuesAreErrors() {
    #expect(
      parseError(QuantityParser.time, .text("-5 s"))
        == "expected a time that is not negative, found \"-5 s\"")
    #expect(
      parseError(QuantityParser.time, .number(literal: "-1"))
        == "expected a time that is not negative, found -1")
    #expect(
      parseError(QuantityParser.power, .text("-1 mW"))
        == "expected a power that is not negative, found \"-1 mW\"")
    #expect(
      parseError(QuantityParser.dataSize, .text("-4 KiB"))
        == "expected a data size that is not negative, found \"-4 KiB\"")
    #expect(
      parseError(QuantityParser.dataRate, .text("-1 Mbit/s"))
        == "expected a data rate that is not negative, found \"-1 Mbit/s\"")
    #expect(
      parseError(QuantityParser.fraction, .number(literal: "-0.5"))
        == "expected a fraction that is not negative, found -0.5")
  }

  /// Negative zero is zero, not a negative value.
  @Test func negativeZeroIsZero() throws {
    #expect(try QuantityParser.time(.text("-0 s")) == .zero)
    #expect(try QuantityParser.dataRate(.text("-0 B/s")).bytesPerSecond == 0)
  }

  @Test(arguments: ["NaN", "nan s", "inf", "-inf ms", "Infinity", "+inf"])
  func nonFiniteValuesAreErrors(text: String) {
    #expect(
      parseError(QuantityParser.time, .text(text))
        == "expected a time, found \"\(text)\" (not a finite number)")
  }

  @Test func nonFiniteFrequency() {
    #expect(
      parseError(QuantityParser.frequency, .text("inf Hz"))
        == "expected a frequency, found \"inf Hz\" (not a finite number)")
  }

  /// Int64 nanoseconds reach 9 223 372 036 854 775 807 ns, about 292 years: the largest time is
  /// exactly that many nanoseconds, one more is too large.
  @Test func nanosecondOverflowIsAnError() throws {
    #expect(
      try QuantityParser.time(.text("9223372036854775807 ns")) == .nanoseconds(.max))
    #expect(
      parseError(QuantityParser.time, .text("9223372036854775808 ns"))
        == "expected a time of at most 292 years, found \"9223372036854775808 ns\" (too large)")
    // 10⁶ days = 8.64 × 10²⁵ ns.
    #expect(
      parseError(QuantityParser.time, .text("1e6 d"))
        == "expected a time of at most 292 years, found \"1e6 d\" (too large)")
    #expect(
      parseError(QuantityParser.time, .number(literal: "1e300"))
        == "expected a time of at most 292 years, found 1e300 (too large)")
    // A huge exponent does not make the reader loop or trap.
    #expect(
      parseError(QuantityParser.time, .number(literal: "1e999999999999"))
        == "expected a time of at most 292 years, found 1e999999999999 (too large)")
    #expect(try QuantityParser.time(.number(literal: "1e-999999999999")) == .zero)
  }

  @Test func otherOverflows() {
    #expect(
      parseError(QuantityParser.power, .text("1e10 W"))
        == "expected a power of at most 9.2 GW, found \"1e10 W\" (too large)")
    #expect(
      parseError(QuantityParser.dataSize, .text("1e19 B"))
        == "expected a data size of at most 9.2 EB, found \"1e19 B\" (too large)")
    #expect(
      parseError(QuantityParser.energy, .text("1e30 J"))
        == "expected an energy of at most 1.7e20 J, found \"1e30 J\" (too large)")
    #expect(
      parseError(QuantityParser.frequency, .text("1e400 Hz"))
        == "expected a frequency of a finite value, found \"1e400 Hz\" (too large)")
  }

  @Test(arguments: [
    (QuantityInput.number(literal: "1.5"), "1.5"), (.text("101%"), "\"101%\""),
    (.text("1.01"), "\"1.01\""),
  ])
  func fractionsOutsideZeroToOne(input: QuantityInput, found: String) {
    #expect(
      parseError(QuantityParser.fraction, input)
        == "expected a fraction between 0 and 1 (or \"0%\" to \"100%\"), found \(found)")
  }

  // MARK: Units by dimension

  @Test func dimensionOfAUnit() {
    #expect(QuantityParser.dimension(ofUnitIn: "5 MB") == .dataSize)
    #expect(QuantityParser.dimension(ofUnitIn: "5 MB/s") == .dataRate)
    #expect(QuantityParser.dimension(ofUnitIn: "60 fps") == .frequency)
    #expect(QuantityParser.dimension(ofUnitIn: "2 mWh") == .energy)
    #expect(QuantityParser.dimension(ofUnitIn: "5") == nil)
    #expect(QuantityParser.dimension(ofUnitIn: "5 parsecs") == nil)
  }

  /// The accepted units of each dimension, as *Quantities and units* lists them.
  @Test func acceptedUnitsFollowTheSpecification() {
    #expect(Dimension.time.acceptedUnits == ["ns", "us", "µs", "ms", "s", "min", "h", "d"])
    #expect(Dimension.power.acceptedUnits == ["uW", "µW", "mW", "W"])
    #expect(Dimension.energy.acceptedUnits == ["pJ", "nJ", "uJ", "mJ", "J", "kJ", "mWh", "Wh"])
    #expect(Dimension.dataSize.acceptedUnits == ["B", "KB", "MB", "GB", "KiB", "MiB", "GiB"])
    #expect(
      Dimension.dataRate.acceptedUnits == [
        "B/s", "KB/s", "MB/s", "GB/s", "bit/s", "kbit/s", "Mbit/s", "Gbit/s", "kbps", "Mbps",
        "Gbps",
      ])
    #expect(Dimension.frequency.acceptedUnits == ["Hz", "kHz", "MHz", "GHz", "fps"])
    #expect(Dimension.fraction.acceptedUnits == ["%"])
  }
}
