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
/// - when the scenario declares apps, one thread per app (`app <name>`) after the nodes, with a
///   slice per phase of its lifecycle (`foreground`, `background`, `suspended`), and an instant
///   event `push <workload>` when the push service delivers held low-priority pushes;
/// - an async track `Low Power Mode` with a slice while it is on (see *Apps and push delivery*);
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
  /// The pieces of each event line that never change, per thread: each node, then each app.
  private var threadPrefix: [String] = []
  /// Per thread: the names of its slices (a node's states, an app's phases).
  private var stateNames: [[String]] = []
  /// Per thread: whether a slice is open (begun, not yet ended).
  private var isStateOpen: [Bool] = []
  /// The thread of app 0 (the apps' threads follow the nodes').
  private var firstAppThread = 0
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
    for node in layout.nodes {
      declareThread(node.path, pid: pid, slices: node.states)
    }
    firstAppThread = layout.nodes.count
    for app in layout.apps {
      declareThread("app " + app, pid: pid, slices: layout.appPhases)
    }
    workloadNames = layout.workloads.map(JSONText.quoted)
  }

  /// Names the next thread and orders it after the previous ones; its slices are named
  /// `slices`.
  private func declareThread(_ name: String, pid: String, slices: [String]) {
    let index = threadPrefix.count
    let thread = "\(pid),\"tid\":\(index + 1)"
    trace.append(
      "{\"ph\":\"M\",\(thread),\"name\":\"thread_name\",\"args\":{\"name\":"
        + JSONText.quoted(name) + "}}")
    trace.append(
      "{\"ph\":\"M\",\(thread),\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":\(index)}}"
    )
    threadPrefix.append(thread)
    stateNames.append(slices.map(JSONText.quoted))
    isStateOpen.append(false)
  }

  /// Ends thread `thread`'s open slice, if any, and begins one named `stateNames[thread][name]`.
  private func beginSlice(on thread: Int, category: String, name: Int32, _ ts: String) {
    let prefix = threadPrefix[thread]
    if isStateOpen[thread] { trace.append("{\"ph\":\"E\",\(prefix),\(ts)}") }
    isStateOpen[thread] = true
    trace.append(
      "{\"ph\":\"B\",\(prefix),\(ts),\"cat\":\"\(category)\",\"name\":"
        + stateNames[thread][Int(name)] + "}")
  }

  /// Ends thread `thread`'s open slice, if any.
  private func endSlice(on thread: Int, _ ts: String) {
    if isStateOpen[thread] { trace.append("{\"ph\":\"E\",\(threadPrefix[thread]),\(ts)}") }
    isStateOpen[thread] = false
  }

  /// Writes a batch of slices.
  public func receive(_ events: [ActivityEvent]) {
    for event in events {
      let ts = "\"ts\":" + TraceFile.microseconds(event.time)
      switch event.kind {
      case .state:
        beginSlice(on: Int(event.subject), category: "state", name: event.detail, ts)
      case .stateEnd:
        endSlice(on: Int(event.subject), ts)
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
      case .appPhase:
        beginSlice(
          on: firstAppThread + Int(event.subject), category: "app", name: event.detail, ts)
      case .appPhaseEnd:
        endSlice(on: firstAppThread + Int(event.subject), ts)
      case .pushDelivered:
        trace.append(
          "{\"ph\":\"i\",\"pid\":\(processID),\(ts),\"s\":\"p\",\"cat\":\"push\",\"name\":"
            + JSONText.quoted("push " + (layout?.workloads[Int(event.subject)] ?? ""))
            + ",\"args\":{\"sent_s\":" + Units.seconds(TimeSpan(nanoseconds: event.due)) + "}}")
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
