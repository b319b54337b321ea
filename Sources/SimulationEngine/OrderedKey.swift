/// One unsigned 128-bit key that orders by a signed 64-bit value, then by an unsigned tie-break:
/// the value with its sign bit flipped (which maps signed order onto unsigned order) in the high
/// half, the tie-break in the low half.
///
/// The engine's heaps compare such keys instead of comparing the two parts in turn: one 128-bit
/// comparison compiles to a flag (`cmp`, `sbb`) rather than a branch, so a sift's choice between
/// two children — a coin toss — costs no mispredicted jump.
@usableFromInline
enum OrderedKey {
  @usableFromInline static var signBit: UInt64 { 1 << 63 }

  /// The key of `value`, ties broken by `tieBreak`.
  @inlinable
  static func make(_ value: Int64, tieBreak: UInt64) -> UInt128 {
    UInt128(UInt64(bitPattern: value) ^ signBit) << 64 | UInt128(tieBreak)
  }

  /// The signed value `key` was made from.
  @inlinable
  static func value(of key: UInt128) -> Int64 {
    Int64(bitPattern: UInt64(truncatingIfNeeded: key >> 64) ^ signBit)
  }
}
