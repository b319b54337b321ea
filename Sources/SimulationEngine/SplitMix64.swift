/// A small, fast, seedable pseudo-random generator (Steele, Lea and Flood, "Fast Splittable
/// Pseudorandom Number Generators", OOPSLA 2014).
///
/// Every random number in a simulation comes from a `SplitMix64` derived from the scenario's seed,
/// so the same scenario and seed give the same results on every machine. Streams for different
/// purposes (one per random workload) are derived from the seed and a name with
/// ``init(seed:stream:)``, so changing one workload does not move the arrivals of another.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
  /// The generator's whole state.
  @inlinable public var state: UInt64 { rawState }
  @usableFromInline var rawState: UInt64

  /// A generator that starts from `seed`.
  public init(seed: UInt64) {
    rawState = seed
  }

  /// A generator for the stream named `stream` under `seed`: the seed mixed with the 64-bit
  /// FNV-1a hash of the name's UTF-8 bytes.
  public init(seed: UInt64, stream: String) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    // Over the contiguous bytes (a copy of the string, not of its bytes): iterating `utf8` asked
    // the string for its representation at every byte, 300 instructions for a seven-byte name,
    // once for each of a run's workloads.
    var name = stream
    name.withUTF8 { bytes in
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    }
    var mixer = SplitMix64(seed: seed ^ hash)
    rawState = mixer.next()
  }

  /// The next 64 random bits.
  @inlinable
  public mutating func next() -> UInt64 {
    rawState &+= 0x9e37_79b9_7f4a_7c15
    var z = rawState
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// A uniformly distributed `Double` in `[0, 1)`, from the top 53 bits of ``next()``.
  @inlinable
  public mutating func nextUnitInterval() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// An exponentially distributed value with mean 1 (inverse-transform sampling), for Poisson
  /// arrivals: multiply by the mean interval.
  @inlinable
  public mutating func nextStandardExponential() -> Double {
    -(1.0 - nextUnitInterval()).portableNaturalLogarithm()
  }
}

extension Double {
  /// The natural logarithm, computed with basic IEEE 754 operations only.
  ///
  /// The platform's `log` may differ in the last bit between C libraries; this one gives the same
  /// bits on every machine, which keeps random arrivals, and so every output, byte-identical
  /// across platforms. Accurate to about one unit in the last place.
  @usableFromInline
  func portableNaturalLogarithm() -> Double {
    // Reduce to m · 2^e with m in [1, 2), then ln(m) by the atanh series of (m - 1) / (m + 1).
    precondition(self > 0, "logarithm of a non-positive number")
    var exponent = Double(self.exponent)
    var mantissa = self.significand
    // Keep the mantissa within [√½, √2) so the series argument stays small near 1.
    if mantissa > 1.414_213_562_373_095 {
      mantissa /= 2
      exponent += 1
    }
    let s = (mantissa - 1) / (mantissa + 1)
    let s2 = s * s
    var term = s
    var sum = 0.0
    var k = 1.0
    while true {
      let next = sum + term / k
      if next == sum { break }
      sum = next
      term *= s2
      k += 2
    }
    return 2 * sum + exponent * 0.693_147_180_559_945_309_417_232_121_458
  }
}
