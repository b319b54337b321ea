import Testing

@testable import SimulationEngine

/// The heaps' 128-bit keys order exactly as the pair `(value, tieBreak)` does, negative values
/// included, and give their value back.
@Suite struct OrderedKeyTests {
  @Test func ordersLikeThePairAndRoundTrips() {
    let values: [Int64] = [.min, .min + 1, -1_000, -1, 0, 1, 42, 1 << 40, .max - 1, .max]
    let tieBreaks: [UInt64] = [0, 1, 7, 1 << 63, .max]
    var pairs: [(Int64, UInt64)] = []
    for value in values { for tieBreak in tieBreaks { pairs.append((value, tieBreak)) } }
    var disagreements = 0
    for a in pairs {
      let key = OrderedKey.make(a.0, tieBreak: a.1)
      if OrderedKey.value(of: key) != a.0 { disagreements += 1 }
      for b in pairs where (key < OrderedKey.make(b.0, tieBreak: b.1)) != (a < b) {
        disagreements += 1
      }
    }
    #expect(disagreements == 0)
  }
}
