extension Double {
  /// The `Double` nearest to `value` (ties to even): the same value as `Double(value)`, computed
  /// with two machine conversions instead of the standard library's generic one, which is slow
  /// for 128-bit integers (thousands of instructions; reports convert one per CSV cell).
  ///
  /// Above 2⁶⁴ the integer is cut to its top 64 bits with a sticky bit for the rest, which keeps
  /// the rounding to 53 bits exact, then scaled by a power of two.
  @inlinable
  public init(nearest value: Int128) {
    if let small = Int64(exactly: value) {
      self = Double(small)
      return
    }
    let magnitude = value.magnitude
    let bits = UInt128.bitWidth - magnitude.leadingZeroBitCount
    var top: UInt64
    var shift = 0
    if bits <= 64 {
      top = UInt64(truncatingIfNeeded: magnitude)
    } else {
      shift = bits - 64
      top = UInt64(truncatingIfNeeded: magnitude >> shift)
      if magnitude & ((1 << UInt128(shift)) - 1) != 0 { top |= 1 }
    }
    let scaled = Double(sign: .plus, exponent: shift, significand: Double(top))
    self = value < 0 ? -scaled : scaled
  }
}
