public import Quantities

extension EventQueue {
  /// Calls `body` with every pending event's time, order (its rank in the high bits, then its
  /// insertion sequence) and payload, in no particular order; sorting by `(time, order)` gives
  /// the order in which they will come out.
  ///
  /// - Complexity: O(*n*) for *n* pending events.
  @inlinable
  public func forEachPending(_ body: (_ time: Int64, _ order: UInt64, _ event: Event) -> Void) {
    for heap in 0..<3 {
      let entries: UnsafeMutablePointer<EventHeap<Event>.Entry>
      let count: Int
      switch heap {
      case 0: (entries, count) = (firstHeap.entries, firstHeap.count)
      case 1: (entries, count) = (secondHeap.entries, secondHeap.count)
      default: (entries, count) = (thirdHeap.entries, thirdHeap.count)
      }
      for index in 0..<count {
        let key = entries[index].key
        body(OrderedKey.value(of: key), UInt64(truncatingIfNeeded: key), entries[index].event)
      }
    }
    func list(_ run: EventRun<Event>) {
      run.forEachIndex { index in
        let key = run.entries[index].key
        body(OrderedKey.value(of: key), UInt64(truncatingIfNeeded: key), run.entries[index].event)
      }
    }
    list(sortedRun.run)
    list(otherSortedRun.run)
  }

  /// Moves every pending event due in `range` later by `delta` ns, keeping its rank and
  /// sequence. The order of the queue stays valid when every event outside `range` is due
  /// before it, or at or after `range.upperBound + delta` (as for a steady state's events, all
  /// due before the events that are not part of it, moved by whole periods). The sorted runs stay
  /// sorted then too: each one's events in `range` are consecutive, and move to where none is
  /// due.
  ///
  /// - Complexity: O(*n*) for *n* pending events.
  public mutating func shiftPending(dueIn range: Range<Int64>, by delta: Int64) {
    func shifted(_ key: UInt128) -> UInt128 {
      let time = OrderedKey.value(of: key)
      guard range.contains(time) else { return key }
      return OrderedKey.make(time + delta, tieBreak: UInt64(truncatingIfNeeded: key))
    }
    func shift(_ entries: UnsafeMutablePointer<EventHeap<Event>.Entry>, _ count: Int) {
      for index in 0..<count { entries[index].key = shifted(entries[index].key) }
    }
    shift(firstHeap.entries, firstHeap.count)
    shift(secondHeap.entries, secondHeap.count)
    shift(thirdHeap.entries, thirdHeap.count)
    func shift(_ chain: inout SortedChain<Event>) {
      let run = chain.run
      run.forEachIndex { run.entries[$0].key = shifted(run.entries[$0].key) }
      if chain.hasPromoted {
        chain.promotedKey = shifted(chain.promotedKey)
        chain.lastKey = shifted(chain.lastKey)
      }
    }
    shift(&sortedRun)
    shift(&otherSortedRun)
  }
}

extension Scheduler {
  /// Calls `body` with every pending event (see ``EventQueue/forEachPending(_:)``).
  ///
  /// - Complexity: O(*n*) for *n* pending events.
  @inlinable
  public func forEachPendingEvent(
    _ body: (_ time: Int64, _ order: UInt64, _ event: Event) -> Void
  ) {
    queue.forEachPending(body)
  }

  /// Moves every pending event due in `range` later by `delta` ns, and the clock to `time`: a
  /// model that has proved its state repeats skips whole periods this way (see
  /// ``EventQueue/shiftPending(dueIn:by:)`` for when the queue's order stays valid).
  ///
  /// - Complexity: O(*n*) for *n* pending events.
  public func skip(movingEventsDueIn range: Range<Int64>, by delta: Int64, clockTo time: Instant) {
    precondition(time >= currentTime, "the clock only moves forward")
    queue.shiftPending(dueIn: range, by: delta)
    currentTime = time
  }
}
