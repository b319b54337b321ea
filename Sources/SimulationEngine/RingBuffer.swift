/// A first-in, first-out queue in a growable circular buffer.
///
/// Work waiting for a component's lane sits in one of these: appending and removing at the ends
/// is O(1) and, once the buffer has grown to its working size, allocates nothing.
public struct RingBuffer<Element> {
  @usableFromInline var storage: [Element?]
  @usableFromInline var head = 0
  @usableFromInline var storedCount = 0

  /// An empty queue with room for `minimumCapacity` elements.
  public init(minimumCapacity: Int = 16) {
    storage = Array(repeating: nil, count: Swift.max(1, minimumCapacity))
  }

  /// The number of queued elements.
  @inlinable public var count: Int { storedCount }

  /// Whether nothing is queued.
  @inlinable public var isEmpty: Bool { storedCount == 0 }

  /// The oldest element, or `nil`.
  @inlinable public var first: Element? { storedCount == 0 ? nil : storage[head] }

  /// Adds `element` at the back.
  ///
  /// - Complexity: amortized O(1).
  @inlinable
  public mutating func append(_ element: Element) {
    if storedCount == storage.count { grow() }
    var tail = head + storedCount
    if tail >= storage.count { tail -= storage.count }
    storage[tail] = element
    storedCount += 1
  }

  /// Adds `element` at the front: it comes out next (work that gave way, resuming first).
  ///
  /// - Complexity: amortized O(1).
  @inlinable
  public mutating func prepend(_ element: Element) {
    if storedCount == storage.count { grow() }
    head = head == 0 ? storage.count - 1 : head - 1
    storage[head] = element
    storedCount += 1
  }

  /// Removes and returns the oldest element, or `nil` when empty.
  ///
  /// - Complexity: O(1).
  @inlinable
  public mutating func popFirst() -> Element? {
    guard storedCount > 0 else { return nil }
    let element = storage[head]
    storage[head] = nil
    head += 1
    if head == storage.count { head = 0 }
    storedCount -= 1
    return element
  }

  @usableFromInline
  mutating func grow() {
    var larger = [Element?](repeating: nil, count: storage.count * 2)
    for offset in 0..<storedCount {
      larger[offset] = storage[(head + offset) % storage.count]
    }
    storage = larger
    head = 0
  }
}

extension RingBuffer: Sendable where Element: Sendable {}
