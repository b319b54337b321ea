#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Memory for a run's fixed-size tables — nodes, ladders, owner sets, the ledger's totals —
/// allocated when the run is prepared and freed with whatever holds this object.
///
/// The hot loop reads and writes these tables several times per event. As arrays held by a class,
/// every write paid a uniqueness check and many reads a retain and a release; as buffers, a read
/// is a load and a write a store. Their elements are plain values (`BitwiseCopyable`), so nothing
/// needs deinitializing. Bounds are checked in debug builds, where the tests run; the indices come
/// from the layout of the device, built once and trusted inside (STYLE: validate at the boundary).
final class TableMemory {
  private var allocations: [UnsafeMutableRawPointer] = []
  /// Tables from `calloc`, freed with `free`.
  private var zeroedAllocations: [UnsafeMutableRawPointer] = []

  /// An empty owner.
  init() {}

  deinit {
    for allocation in allocations { allocation.deallocate() }
    for allocation in zeroedAllocations { free(allocation) }
  }

  /// A table holding `values`, valid as long as this object lives, whose first element starts at
  /// a multiple of `alignment` bytes (a power of two; at least the element's own alignment): with
  /// elements of a cache line's size and an alignment of their size, each element in a line of
  /// its own.
  func table<Element: BitwiseCopyable>(_ values: [Element], alignment: Int = 1)
    -> UnsafeMutableBufferPointer<Element>
  {
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: max(1, values.count) * MemoryLayout<Element>.stride,
      alignment: max(alignment, MemoryLayout<Element>.alignment))
    allocations.append(raw)
    let table = UnsafeMutableBufferPointer(
      start: raw.bindMemory(to: Element.self, capacity: values.count), count: values.count)
    _ = table.initialize(from: values)
    return table
  }

  /// A table of `count` copies of `value`, valid as long as this object lives.
  ///
  /// A large table of zeros (64 KiB or more) comes from `calloc`, whose fresh pages the system
  /// maps only when first written: the tables laid out by workload (the ledger's attribution, by
  /// component then workload) cost an idle workload nothing for the components it never uses.
  func table<Element: BitwiseCopyable>(repeating value: Element, count: Int)
    -> UnsafeMutableBufferPointer<Element>
  {
    let byteCount = count * MemoryLayout<Element>.stride
    let isZero = withUnsafeBytes(of: value) { $0.allSatisfy { $0 == 0 } }
    if isZero && byteCount >= 65_536 && MemoryLayout<Element>.alignment <= 16,
      let raw = calloc(count, MemoryLayout<Element>.stride)
    {
      zeroedAllocations.append(raw)
      return UnsafeMutableBufferPointer(
        start: raw.bindMemory(to: Element.self, capacity: count), count: count)
    }
    let table = UnsafeMutableBufferPointer<Element>.allocate(capacity: count)
    table.initialize(repeating: value)
    if let base = table.baseAddress { allocations.append(UnsafeMutableRawPointer(base)) }
    return table
  }
}
