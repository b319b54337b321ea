public import DeviceModels
import JSONSupport
import Quantities

/// Writes one simulated variant into a ``TraceFile`` as one process of the trace, from the
/// simulation's activity and exact power changes (set it as both the `RecordingOptions`
/// `activitySink` and, through the power series, the receiver of exact changes).
///
/// What Perfetto (ui.perfetto.dev) or `chrome://tracing` then shows, in the process named after
/// the scenario and variant:
/// - one thread per node of the power tree, in device order (`platform`, `cpu`, `cpu/big`,
///   `cpu/big/core0`, …, `display`), carrying a slice per state interval named after the state
///   (`off`, `waking`, `active`, …); on lanes, a nested slice per piece of work served, named
///   after its workload (so an `active` slice with nothing under it is a hold: fixed cost);
/// - one async track per workload with a slice per occurrence, from when it fired to when it
///   completed (occurrences of one workload may overlap; Perfetto stacks them), with its
///   number, due time and latency in the slice's arguments;
/// - an async track `Low Power Mode` with a slice while it is on (SPEC 6.6 [v2]);
/// - counter tracks `<component> power (W)` per component, sampled when it changes, and
///   `total power (W)`.
///
/// Slices are begin/end (`B`/`E`) pairs written in the order things happened, which the format
/// requires to nest properly on a thread even when several changes share a timestamp.
/// Timestamps are exact microseconds (up to three decimals).
///
/// Several variants in one trace (one process each):
///
/// ```swift
/// let trace = TraceFile(file: try transaction.file(at: path))
/// for (index, scenario) in variants.enumerated() {
///   let recorder = TraceRecorder(
///     trace: trace, processID: index + 1, processName: scenario.variant)
///   var recording = RecordingOptions(exactWindow: window, sink: recorder)
///   recording.activitySink = recorder
///   recording.activityWindow = window
///   _ = Simulation(setup: scenario.setup, recording: recording).run()
/// }
/// try trace.finish(otherData: JSONObject())
/// ```
public final class TraceRecorder: ActivitySink, PowerSeriesSink {
  private let trace: TraceFile
  private let processID: Int
  private let processName: String
  private var layout: ActivityLayout?
  /// The pieces of each event line that never change, per node and workload.
  private var threadPrefix: [String] = []
  private var stateNames: [[String]] = []
  /// Per node: whether a state slice is open (begun, not yet ended).
  private var isStateOpen: [Bool] = []
  private var workloadNames: [String] = []
  /// Counter names (the components, quoted) and the powers last written.
  private var counterNames: [String] = []
  private var lastPowers: [Int64] = []
  /// When each occurrence in flight was due, by async id.
  private var dueTimes: [Int64: Int64] = [:]
  /// Whether a Low Power Mode slice is open.
  private var isLowPowerOpen = false

  /// A recorder writing process `processID` (1 for a single run; one per variant when a trace
  /// holds several) named `processName` into `trace`.
  public init(trace: TraceFile, processID: Int = 1, processName: String) {
    self.trace = trace
    self.processID = processID
    self.processName = processName
  }

  /// Writes the process's and threads' names and orders.
  public func begin(_ layout: ActivityLayout) {
    self.layout = layout
    let pid = "\"pid\":\(processID)"
    trace.append(
      "{\"ph\":\"M\",\(pid),\"name\":\"process_name\",\"args\":{\"name\":"
        + JSONText.quoted(processName) + "}}")
    trace.append(
      "{\"ph\":\"M\",\(pid),\"name\":\"process_sort_index\",\"args\":{\"sort_index\":\(processID)}}"
    )
    for (index, node) in layout.nodes.enumerated() {
      let thread = "\(pid),\"tid\":\(index + 1)"
      trace.append(
        "{\"ph\":\"M\",\(thread),\"name\":\"thread_name\",\"args\":{\"name\":"
          + JSONText.quoted(node.path) + "}}")
      trace.append(
        "{\"ph\":\"M\",\(thread),\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":\(index)}}"
      )
      threadPrefix.append(thread)
      stateNames.append(node.states.map(JSONText.quoted))
    }
    workloadNames = layout.workloads.map(JSONText.quoted)
    isStateOpen = Array(repeating: false, count: layout.nodes.count)
  }

  /// Writes a batch of slices.
  public func receive(_ events: [ActivityEvent]) {
    for event in events {
      let ts = "\"ts\":" + TraceFile.microseconds(event.time)
      switch event.kind {
      case .state:
        let node = Int(event.subject)
        let thread = threadPrefix[node]
        if isStateOpen[node] { trace.append("{\"ph\":\"E\",\(thread),\(ts)}") }
        isStateOpen[node] = true
        trace.append(
          "{\"ph\":\"B\",\(thread),\(ts),\"cat\":\"state\",\"name\":"
            + stateNames[node][Int(event.detail)] + "}")
      case .stateEnd:
        let node = Int(event.subject)
        if isStateOpen[node] { trace.append("{\"ph\":\"E\",\(threadPrefix[node]),\(ts)}") }
        isStateOpen[node] = false
      case .workStart:
        trace.append(
          "{\"ph\":\"B\",\(threadPrefix[Int(event.subject)]),\(ts),\"cat\":\"work\",\"name\":"
            + workloadNames[Int(event.detail)] + ",\"args\":{\"occurrence\":\(event.occurrence)}}")
      case .workEnd:
        let args = event.detail == 1 ? "" : ",\"args\":{\"completed\":false}"
        trace.append("{\"ph\":\"E\",\(threadPrefix[Int(event.subject)]),\(ts)\(args)}")
      case .occurrenceStart:
        let id = asyncID(event)
        dueTimes[id] = event.due
        trace.append(
          "{\"ph\":\"b\",\"pid\":\(processID),\(ts),\"cat\":\"occurrence\",\"name\":"
            + workloadNames[Int(event.subject)] + ",\"id\":\(id),\"args\":{\"occurrence\":"
            + "\(event.occurrence),\"due_s\":" + Units.seconds(TimeSpan(nanoseconds: event.due))
            + "}}")
      case .occurrenceEnd:
        let id = asyncID(event)
        var args = "\"completed\":false"
        if event.detail == 1, let due = dueTimes[id] {
          args = "\"latency_s\":" + Units.seconds(TimeSpan(nanoseconds: event.time - due))
        }
        dueTimes[id] = nil
        trace.append(
          "{\"ph\":\"e\",\"pid\":\(processID),\(ts),\"cat\":\"occurrence\",\"name\":"
            + workloadNames[Int(event.subject)] + ",\"id\":\(id),\"args\":{\(args)}}")
      case .lowPower:
        let isOn = event.detail == 1
        guard isOn != isLowPowerOpen else { continue }
        isLowPowerOpen = isOn
        trace.append(
          "{\"ph\":\"\(isOn ? "b" : "e")\",\"pid\":\(processID),\(ts),\"cat\":\"low_power\","
            + "\"name\":\"Low Power Mode\",\"id\":\"low-power\"}")
      }
    }
  }

  /// Ignores bins: the trace's counters come from exact changes.
  public func receive(_ bins: PowerBins) {}

  /// Writes counter samples for a batch of changes: each component whose power changed (all of
  /// them on the first row), and the total.
  public func receive(_ changes: PowerChanges) {
    guard let layout else { return }
    let count = changes.componentCount
    if counterNames.isEmpty { counterNames = layout.components.map(JSONText.quoted) }
    for (row, time) in changes.times.enumerated() {
      let prefix = "{\"ph\":\"C\",\"pid\":\(processID),\"ts\":" + TraceFile.microseconds(time)
      var total: Int64 = 0
      for component in 0..<count {
        let power = changes.powers[row * count + component]
        total += power
        if lastPowers.count == count && lastPowers[component] == power { continue }
        trace.append(
          prefix + ",\"name\":" + counterNames[component] + ",\"args\":{\"power (W)\":"
            + Units.watts(Power(nanowatts: power)) + "}}")
      }
      trace.append(
        prefix + ",\"name\":\"total\",\"args\":{\"power (W)\":"
          + Units.watts(Power(nanowatts: total)) + "}}")
      lastPowers = Array(changes.powers[row * count..<(row + 1) * count])
    }
  }

  /// A process-wide unique id for an occurrence's async slice.
  private func asyncID(_ event: ActivityEvent) -> Int64 {
    event.occurrence * Int64(max(1, workloadNames.count)) + Int64(event.subject)
  }
}
