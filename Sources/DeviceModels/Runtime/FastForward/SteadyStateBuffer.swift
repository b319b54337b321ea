/// Memory a snapshot's capture appends to (see ``SteadyStateAppender``), then the snapshot's own
/// (see ``SteadyStateValues``): a snapshot appends thousands of words, and an array's append
/// checked its buffer's uniqueness and capacity at each of them, a third of the snapshot's cost;
/// copying them into an array at the end cost as much as appending them.
final class SteadyStateBuffer<Element: BitwiseCopyable> {
  /// The memory, room for `capacity` elements.
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var capacity: Int

  /// Room for `capacity` elements to start with.
  init(capacity: Int) {
    self.capacity = max(16, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Twice the room, the first `count` elements kept.
  func grow(keeping count: Int) {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: 2 * capacity)
    larger.update(from: base, count: count)
    base.deallocate()
    base = larger
    capacity *= 2
  }
}

/// Appends elements to a buffer of its own with a store and a count per element: the buffer's
/// address and room are held here, in the capture, and read back from the buffer only when it
/// grows.
struct SteadyStateAppender<Element: BitwiseCopyable> {
  private let buffer: SteadyStateBuffer<Element>
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// The elements appended so far.
  private(set) var count = 0

  /// An appender with room for `capacity` elements before it grows.
  init(capacity: Int) {
    buffer = SteadyStateBuffer(capacity: capacity)
    base = buffer.base
    self.capacity = buffer.capacity
  }

  /// Appends `element`.
  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow() }
    base[count] = element
    count += 1
  }

  /// Makes room for `extra` more elements, so that as many ``appendReserved(_:)`` follow
  /// without a check.
  mutating func reserve(_ extra: Int) {
    while count + extra > capacity { grow() }
  }

  /// Appends `element` where ``reserve(_:)`` made room.
  @inline(__always)
  mutating func appendReserved(_ element: Element) {
    assert(count < capacity, "appended beyond the room reserved")
    base[count] = element
    count += 1
  }

  /// Appends `elements` in one copy.
  mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let start = elements.baseAddress else { return }
    reserve(elements.count)
    (base + count).update(from: start, count: elements.count)
    count += elements.count
  }

  @inline(never)
  private mutating func grow() {
    buffer.grow(keeping: count)
    base = buffer.base
    capacity = buffer.capacity
  }

  /// The elements appended, in order, without a copy: appending more after taking them leaves
  /// them as they were only while the buffer does not grow, so they are taken at the end.
  var values: SteadyStateValues<Element> {
    SteadyStateValues(owner: buffer, base: base, count: count)
  }
}

/// Elements a snapshot holds, in the order appended: read-only, in the buffer they were appended
/// to (none when there are none).
struct SteadyStateValues<Element: BitwiseCopyable> {
  /// Keeps the memory alive.
  private let owner: SteadyStateBuffer<Element>?
  private let base: UnsafeMutablePointer<Element>?
  let count: Int

  init(owner: SteadyStateBuffer<Element>, base: UnsafeMutablePointer<Element>, count: Int) {
    self.owner = owner
    self.base = base
    self.count = count
  }

  /// None (a snapshot not taken).
  init() {
    owner = nil
    base = nil
    count = 0
  }

  var indices: Range<Int> { 0..<count }

  subscript(index: Int) -> Element {
    precondition(index >= 0 && index < count, "an index out of range")
    return base.unsafelyUnwrapped[index]
  }

  /// The elements as a buffer, valid while this value lives.
  func withUnsafeBufferPointer<Result>(
    _ body: (UnsafeBufferPointer<Element>) throws -> Result
  ) rethrows -> Result {
    try withExtendedLifetime(owner) {
      try body(UnsafeBufferPointer(start: base, count: count))
    }
  }
}
