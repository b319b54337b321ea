import SimulationEngine
import Testing

/// The ring buffer against an array used as a naive FIFO.
@Suite struct RingBufferTests {
  @Test func firstInFirstOut() {
    var buffer = RingBuffer<String>(minimumCapacity: 2)
    #expect(buffer.isEmpty)
    #expect(buffer.first == nil)
    #expect(buffer.popFirst() == nil)
    buffer.append("a")
    buffer.append("b")
    buffer.append("c")  // Grows past its initial capacity.
    #expect(buffer.count == 3)
    #expect(buffer.first == "a")
    #expect(buffer.popFirst() == "a")
    buffer.append("d")
    #expect(buffer.popFirst() == "b")
    #expect(buffer.popFirst() == "c")
    #expect(buffer.popFirst() == "d")
    #expect(buffer.isEmpty)
  }

  /// A zero capacity is raised to one, so the buffer still grows.
  @Test func zeroCapacity() {
    var buffer = RingBuffer<Int>(minimumCapacity: 0)
    for value in 0..<10 { buffer.append(value) }
    #expect((0..<10).map { _ in buffer.popFirst() } == (0..<10).map { Optional($0) })
  }

  /// 2000 seeds of appends and pops in random proportions, so that the head wraps around and
  /// the buffer grows while wrapped.
  @Test(arguments: [1, 3, 16])
  func matchesANaiveOracleOverThousandsOfSeeds(capacity: Int) {
    for seed in 0..<2_000 {
      var random = SplitMix64(seed: UInt64(seed))
      var buffer = RingBuffer<Int>(minimumCapacity: capacity)
      var oracle: [Int] = []
      var next = 0
      for _ in 0..<100 {
        if random.next() % 5 < 3 {
          buffer.append(next)
          oracle.append(next)
          next += 1
        } else {
          let expected = oracle.isEmpty ? nil : oracle.removeFirst()
          #expect(buffer.popFirst() == expected, "seed \(seed)")
        }
        #expect(buffer.count == oracle.count)
        #expect(buffer.first == oracle.first)
        #expect(buffer.isEmpty == oracle.isEmpty)
      }
    }
  }
}
