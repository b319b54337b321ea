/// What the work completions of one instant leave to do once they are all in (see *The power-state
/// ladder*): the occurrences whose step ended hand on their next steps, in the order they were due,
/// and only then do the lanes left with nothing to serve enter idle.
///
/// So the outcome does not depend on which of two completions at one instant the queue hands
/// over first: a step handed on to a component that finished at the same instant finds it still
/// active and starts at once, with no idle entry and no wake-up, even where the component's
/// ladder has `after: 0` states; and steps reaching one component at one instant queue by
/// their occurrences' due times, then workload name, then occurrence number.
struct SameInstantCompletions {
  /// Occurrences one of whose step parts ended at this instant (an occurrence appears once per
  /// part).
  var handOns: [Int32] = []
  /// Lanes that finished an item at this instant with nothing queued.
  var idleLanes: [Int32] = []

  /// Whether nothing is left to do.
  var isEmpty: Bool { handOns.isEmpty && idleLanes.isEmpty }

  init() {
    handOns.reserveCapacity(16)
    idleLanes.reserveCapacity(16)
  }
}

extension Array where Element == Int32 {
  /// Empties the array and keeps its memory: a removal from the end per element, which for the
  /// one or two of an instant costs less than `removeAll(keepingCapacity: true)` (a general
  /// replacement of the whole range, with a call to move the empty tail).
  @inline(__always)
  mutating func removeAllKeepingCapacity() {
    while popLast() != nil {}
  }
}

extension DeviceSimulation {
  /// A part of `occurrence`'s step completed, leaving lane `lane` (or -1) with nothing to serve.
  /// When no other completion is due at this instant and none is collected, its hand-on and idle
  /// entry happen at once — what collecting them would come to, without the collecting, which
  /// is the common case; otherwise they wait for ``endCompletionPhase()``.
  @inline(__always)
  func handOn(_ occurrence: Int32, leaving lane: Int) {
    if completionsThisInstant.isEmpty
      && !scheduler.hasPendingEvent(dueNowWithRankAtMost: EventRank.completion)
    {
      stepPartDone(occurrence)
      if lane >= 0 && nodes[lane].job < 0 && nodes[lane].phase == .active { idleEntry(lane) }
      return
    }
    completionsThisInstant.handOns.append(occurrence)
    if lane >= 0 { completionsThisInstant.idleLanes.append(Int32(lane)) }
  }

  /// Every completion of the instant is in: hand on the occurrences' next steps in due order,
  /// then let the lanes still without work enter idle (the demotion phase of the instant).
  func endCompletionPhase() {
    sortHandOnsByDueOrder()
    // By index: handing on may not add completions of this instant (every piece of work takes
    // time), but the arrays are read in place rather than copied.
    for index in 0..<completionsThisInstant.handOns.count {
      stepPartDone(completionsThisInstant.handOns[index])
    }
    completionsThisInstant.handOns.removeAllKeepingCapacity()
    for index in 0..<completionsThisInstant.idleLanes.count {
      let node = Int(completionsThisInstant.idleLanes[index])
      if nodes[node].job < 0 && nodes[node].phase == .active { idleEntry(node) }
    }
    completionsThisInstant.idleLanes.removeAllKeepingCapacity()
  }

  /// Orders the hand-ons by due time, then workload (name order), then occurrence number: an
  /// insertion sort, as there are rarely more than two and it needs no memory.
  private func sortHandOnsByDueOrder() {
    let count = completionsThisInstant.handOns.count
    guard count > 1 else { return }
    for index in 1..<count {
      let moving = completionsThisInstant.handOns[index]
      var hole = index
      while hole > 0 && dueBefore(moving, completionsThisInstant.handOns[hole - 1]) {
        completionsThisInstant.handOns[hole] = completionsThisInstant.handOns[hole - 1]
        hole -= 1
      }
      completionsThisInstant.handOns[hole] = moving
    }
  }

  /// Whether occurrence `first` comes before `second` in due order.
  private func dueBefore(_ first: Int32, _ second: Int32) -> Bool {
    let a = occurrences[first]
    let b = occurrences[second]
    if a.due != b.due { return a.due < b.due }
    if a.workload != b.workload { return a.workload < b.workload }
    return a.number < b.number
  }
}
