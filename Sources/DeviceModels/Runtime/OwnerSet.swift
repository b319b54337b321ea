/// The distinct workloads a host works for, in ascending order (-1 stands for nobody), in a
/// buffer that is filled anew for each host and never shrinks, so finding a host's owners on
/// every change allocates nothing.
struct OwnerSet {
  private var storage: [Int32]
  /// The number of owners.
  private(set) var count = 0

  /// An empty set that can hold `capacity` owners.
  init(capacity: Int) {
    storage = Array(repeating: 0, count: max(1, capacity))
  }

  /// The owners, in ascending order.
  var elements: ArraySlice<Int32> { storage[0..<count] }

  /// Empties the set, keeping its buffer.
  mutating func removeAll() {
    count = 0
  }

  /// Adds `owner` in its place, unless it is already there.
  ///
  /// - Complexity: O(*n*) for *n* owners; hosts have few busy children at a time.
  mutating func insert(_ owner: Int32) {
    if count == storage.count { storage.append(0) }
    count = storage.withUnsafeMutableBufferPointer { buffer in
      var index = count
      while index > 0 && buffer[index - 1] > owner { index -= 1 }
      if index > 0 && buffer[index - 1] == owner { return count }
      var slot = count
      while slot > index {
        buffer[slot] = buffer[slot - 1]
        slot -= 1
      }
      buffer[index] = owner
      return count + 1
    }
  }
}
