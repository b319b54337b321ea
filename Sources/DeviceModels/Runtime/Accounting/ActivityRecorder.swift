import Quantities

/// Turns the simulation's state changes, work and occurrences into ``ActivityEvent``s for an
/// ``ActivitySink``, inside a window, in batches.
///
/// The simulation holds one only when a sink was asked for; every hook is then a call on this
/// final class, and with no recorder a hook is a single test of an optional, so recording costs
/// nothing when it is off. The recorder keeps what is needed to open the window part way through
/// the run (each node's state and work, the occurrences in flight) — memory proportional to the
/// tree and the work in flight, not to the run.
///
/// Window edges: changes at or before the window's start only update that picture; the first
/// change after the start opens the window by replaying the picture at the start; the first
/// change at or after the end closes every open interval at the end.
final class ActivityRecorder {
  private let sink: any ActivitySink
  let windowStart: Int64
  let windowEnd: Int64
  /// Per node: its first state slot in the ledger, its state now, and the occurrence (pool
  /// index) its lane serves, or -1.
  private let firstSlot: [Int32]
  var nodeState: [Int32]
  var nodeWork: [Int32]
  /// Per occurrence pool index: workload, number, when it fired and was due, whether in flight.
  var occurrenceWorkload: [Int32] = []
  var occurrenceNumber: [Int64] = []
  var occurrenceFired: [Int64] = []
  var occurrenceDue: [Int64] = []
  var occurrenceLive: [Bool] = []
  /// Per workload: occurrences fired so far.
  var fired: [Int64]
  /// Per app: its phase now (-1 before the run starts).
  var appPhase: [Int32]
  /// Whether Low Power Mode is on.
  var lowPowerIsOn = false
  enum Phase: Int64 { case before, inside, after }
  private(set) var phase = Phase.before
  private var pending: [ActivityEvent] = []
  private static let batchSize = 4096

  /// A recorder for `layout`, whose nodes start in the states `initialSlot` (ledger slots) and
  /// whose first slots are `firstSlot`.
  init(sink: any ActivitySink, layout: ActivityLayout, firstSlot: [Int32], initialSlot: [Int32]) {
    self.sink = sink
    windowStart = layout.window.start.nanosecondsSinceStart
    windowEnd = layout.window.end.nanosecondsSinceStart
    self.firstSlot = firstSlot
    nodeState = zip(initialSlot, firstSlot).map { $0 - $1 }
    nodeWork = Array(repeating: -1, count: firstSlot.count)
    fired = Array(repeating: 0, count: layout.workloads.count)
    appPhase = Array(repeating: -1, count: layout.apps.count)
    if windowStart >= windowEnd { phase = .after }
    pending.reserveCapacity(Self.batchSize)
    sink.begin(layout)
  }

  /// Node `node` is in ledger slot `slot` from `time` on.
  func stateChanged(node: Int, slot: Int32, at time: Int64) {
    let emit = admit(time)
    let state = slot - firstSlot[node]
    nodeState[node] = state
    if emit { append(.state, time, subject: Int32(node), detail: state) }
  }

  /// Lane `node` starts serving a part of occurrence `occurrence` (pool index).
  func workStarted(node: Int, occurrence: Int32, at time: Int64) {
    let emit = admit(time)
    nodeWork[node] = occurrence
    if emit { appendWork(.workStart, time, node: node, detail: nil) }
  }

  /// Lane `node` finished the part it served.
  func workFinished(node: Int, at time: Int64) {
    let emit = admit(time)
    if emit { appendWork(.workEnd, time, node: node, detail: 1) }
    nodeWork[node] = -1
  }

  /// Occurrence `occurrence` (pool index) of `workload`, due at `due`, fired.
  func occurrenceStarted(_ occurrence: Int32, workload: Int32, due: Int64, at time: Int64) {
    let emit = admit(time)
    let index = Int(occurrence)
    while occurrenceWorkload.count <= index {
      occurrenceWorkload.append(-1)
      occurrenceNumber.append(0)
      occurrenceFired.append(0)
      occurrenceDue.append(0)
      occurrenceLive.append(false)
    }
    occurrenceWorkload[index] = workload
    occurrenceNumber[index] = fired[Int(workload)]
    fired[Int(workload)] += 1
    occurrenceFired[index] = time
    occurrenceDue[index] = due
    occurrenceLive[index] = true
    if emit { appendOccurrence(.occurrenceStart, time, index: index, detail: 0) }
  }

  /// Occurrence `occurrence` (pool index) completed.
  func occurrenceFinished(_ occurrence: Int32, at time: Int64) {
    let emit = admit(time)
    let index = Int(occurrence)
    if emit { appendOccurrence(.occurrenceEnd, time, index: index, detail: 1) }
    occurrenceLive[index] = false
  }

  /// App `app` entered `phase` at `time`.
  func appPhaseChanged(app: Int, phase: AppPhase, at time: Int64) {
    guard app < appPhase.count else { return }
    let emit = admit(time)
    appPhase[app] = Int32(phase.rawValue)
    if emit { append(.appPhase, time, subject: Int32(app), detail: appPhase[app]) }
  }

  /// A push of `workload` sent at `sent` was delivered at `time`.
  func pushDelivered(workload: Int32, sent: Int64, at time: Int64) {
    if admit(time) { append(.pushDelivered, time, subject: workload, detail: 0, due: sent) }
  }

  /// Low Power Mode switched on or off at `time`.
  func lowPowerChanged(isOn: Bool, at time: Int64) {
    let emit = admit(time)
    lowPowerIsOn = isOn
    if emit { append(.lowPower, time, subject: 0, detail: isOn ? 1 : 0) }
  }

  /// The run ended at `end`: closes the window and sends what is left.
  func finish(at end: Int64) {
    if phase == .before { open() }
    if phase == .inside { close(at: min(windowEnd, end)) }
    flush()
  }

  // MARK: The window

  /// Whether a change at `time` is inside the window, opening or closing it as time passes.
  @inline(__always)
  private func admit(_ time: Int64) -> Bool {
    switch phase {
    case .inside:
      if time < windowEnd { return true }
      close(at: windowEnd)
      return false
    case .before:
      guard time > windowStart else { return false }
      open()
      if time < windowEnd { return true }
      close(at: windowEnd)
      return false
    case .after:
      return false
    }
  }

  /// Replays, at the window's start, every state, work and occurrence in progress.
  private func open() {
    phase = .inside
    let time = windowStart
    if lowPowerIsOn { append(.lowPower, time, subject: 0, detail: 1) }
    for index in occurrenceLive.indices where occurrenceLive[index] {
      appendOccurrence(.occurrenceStart, time, index: index, detail: 0)
    }
    for node in nodeState.indices {
      append(.state, time, subject: Int32(node), detail: nodeState[node])
      if nodeWork[node] >= 0 { appendWork(.workStart, time, node: node, detail: nil) }
    }
    for app in appPhase.indices where appPhase[app] >= 0 {
      append(.appPhase, time, subject: Int32(app), detail: appPhase[app])
    }
  }

  /// Ends, at `time`, every interval still open.
  private func close(at time: Int64) {
    phase = .after
    if lowPowerIsOn { append(.lowPower, time, subject: 0, detail: 0) }
    for index in occurrenceLive.indices where occurrenceLive[index] {
      appendOccurrence(.occurrenceEnd, time, index: index, detail: 0)
    }
    for node in nodeState.indices {
      if nodeWork[node] >= 0 { appendWork(.workEnd, time, node: node, detail: 0) }
      append(.stateEnd, time, subject: Int32(node), detail: nodeState[node])
    }
    for app in appPhase.indices where appPhase[app] >= 0 {
      append(.appPhaseEnd, time, subject: Int32(app), detail: appPhase[app])
    }
  }

  // MARK: Batches

  private func appendWork(_ kind: ActivityEvent.Kind, _ time: Int64, node: Int, detail: Int32?) {
    let occurrence = Int(nodeWork[node])
    append(
      kind, time, subject: Int32(node), detail: detail ?? occurrenceWorkload[occurrence],
      occurrence: occurrenceNumber[occurrence])
  }

  private func appendOccurrence(
    _ kind: ActivityEvent.Kind, _ time: Int64, index: Int, detail: Int32
  ) {
    append(
      kind, time, subject: occurrenceWorkload[index], detail: detail,
      occurrence: occurrenceNumber[index], due: kind == .occurrenceStart ? occurrenceDue[index] : 0)
  }

  private func append(
    _ kind: ActivityEvent.Kind, _ time: Int64, subject: Int32, detail: Int32,
    occurrence: Int64 = 0, due: Int64 = 0
  ) {
    pending.append(
      ActivityEvent(
        kind: kind, time: time, subject: subject, detail: detail, occurrence: occurrence, due: due))
    if pending.count >= Self.batchSize { flush() }
  }

  private func flush() {
    guard !pending.isEmpty else { return }
    sink.receive(pending)
    pending.removeAll(keepingCapacity: true)
  }
}

extension DeviceBuilder {
  /// The layout an ``ActivitySink`` is given: node paths and state names, components, workloads,
  /// and `window` clipped to the run.
  func activityLayout(window: TimeRange?) -> ActivityLayout {
    var activityNodes: [ActivityNode] = []
    for (index, node) in nodes.enumerated() {
      let first = Int(node.firstSlot)
      let next = index + 1 < nodes.count ? Int(nodes[index + 1].firstSlot) : slotNames.count
      activityNodes.append(
        ActivityNode(
          path: nodePaths[index], component: Int(node.component),
          states: Array(slotNames[first..<next]), isLane: node.role == .lane))
    }
    let end = setup.duration.nanoseconds
    let start = min(max(0, window?.start.nanosecondsSinceStart ?? 0), end)
    let stop = max(start, min(end, window?.end.nanosecondsSinceStart ?? end))
    return ActivityLayout(
      nodes: activityNodes, components: components.map(\.name),
      workloads: setup.workloads.map(\.name),
      window: TimeRange(
        start: Instant(nanosecondsSinceStart: start), end: Instant(nanosecondsSinceStart: stop)),
      apps: setup.apps.map(\.name))
  }
}
