/// Memory for a heap's array, placed so that each family of siblings shares one 64-byte cache
/// line: the array starts `leading` elements past a line boundary. A binary heap of 32-byte
/// entries, whose children sit at `2i + 1` and `2i + 2`, leads by one; a 4-ary heap of 16-byte
/// slots, whose children sit at `4i + 1 … 4i + 4`, by three. A sift then loads one line per level.
@usableFromInline
enum SiblingAlignedMemory {
  /// Uninitialized room for `count` elements, `leading` elements past a 64-byte boundary.
  @usableFromInline
  static func allocate<Element>(_: Element.Type, count: Int, leading: Int)
    -> UnsafeMutablePointer<Element>
  {
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: (count + leading) * MemoryLayout<Element>.stride, alignment: 64)
    return raw.bindMemory(to: Element.self, capacity: count + leading) + leading
  }

  /// Frees memory from ``allocate(_:count:leading:)`` with the same `leading`; whatever it holds
  /// must have been deinitialized.
  @usableFromInline
  static func deallocate<Element>(_ memory: UnsafeMutablePointer<Element>, leading: Int) {
    UnsafeMutableRawPointer(memory - leading).deallocate()
  }
}
