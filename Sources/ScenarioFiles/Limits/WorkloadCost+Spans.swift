import DeviceModels
import Quantities

/// Sorted, disjoint half-open stretches of the run, `[start, end)` in nanoseconds (as `Double`s,
/// like every figure of the estimate): when a workload can be due, or can run.
struct RunSpans: Hashable {
  /// The stretches, sorted and disjoint.
  var spans: [(start: Double, end: Double)]

  static func == (a: Self, b: Self) -> Bool {
    a.spans.elementsEqual(b.spans) { $0.start == $1.start && $0.end == $1.end }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(spans.count)
    for span in spans {
      hasher.combine(span.start)
      hasher.combine(span.end)
    }
  }

  /// `[start, end)`, or nothing when it is empty.
  init(from start: Double, to end: Double) {
    spans = start < end ? [(start, end)] : []
  }

  init(_ spans: [(start: Double, end: Double)]) {
    self.spans = spans.filter { $0.start < $0.end }
  }

  /// The time ranges `ranges` (sorted, disjoint).
  init(_ ranges: [TimeRange]) {
    self.init(
      ranges.map {
        (Double($0.start.nanosecondsSinceStart), Double($0.end.nanosecondsSinceStart))
      })
  }

  /// Their total length, ns.
  var length: Double { spans.reduce(0) { $0 + ($1.end - $1.start) } }

  /// The stretches in both.
  func intersection(_ other: RunSpans) -> RunSpans {
    var result: [(start: Double, end: Double)] = []
    var i = 0
    var j = 0
    while i < spans.count && j < other.spans.count {
      let start = max(spans[i].start, other.spans[j].start)
      let end = min(spans[i].end, other.spans[j].end)
      if start < end { result.append((start, end)) }
      if spans[i].end < other.spans[j].end { i += 1 } else { j += 1 }
    }
    return RunSpans(result)
  }

  /// The stretches in either (`other` sorted like these, overlaps merged).
  func union(_ other: RunSpans) -> RunSpans {
    var merged: [(start: Double, end: Double)] = []
    for span in (spans + other.spans).sorted(by: { $0.start < $1.start }) {
      if let last = merged.last, span.start <= last.end {
        merged[merged.count - 1].end = max(last.end, span.end)
      } else {
        merged.append(span)
      }
    }
    return RunSpans(merged)
  }

  /// Whether `time` lies in a stretch.
  func contains(_ time: Double) -> Bool {
    spans.contains { $0.start <= time && time < $0.end }
  }

  /// How many of the instants `origin + k·step` (`k` from 0, below `end`) lie in the stretches:
  /// for each stretch `[a, b)`, `⌈(b − origin) / step⌉ − ⌈(a − origin) / step⌉`, the `k` with
  /// `a ≤ origin + k·step < b`.
  func countGrid(origin: Double, step: Double, end: Double) -> Double {
    guard step > 0 else { return 0 }
    return intersection(RunSpans(from: origin, to: end)).spans.reduce(0) {
      $0 + ((($1.end - origin) / step).rounded(.up) - (($1.start - origin) / step).rounded(.up))
    }
  }
}

extension WorkloadCost {
  /// The whole run.
  var wholeRun: RunSpans { RunSpans(from: 0, to: runEnd) }

  /// When `workload`'s occurrences can be due within `within`: for `when: "visible"`, only
  /// while its app is in the foreground (an invisible timer or animation is not even scheduled).
  func dueSpans(of workload: WorkloadSpec, within: RunSpans) -> RunSpans {
    guard workload.onlyWhenVisible, let foreground = app(of: workload)?.foreground else {
      return within
    }
    return within.intersection(RunSpans(foreground))
  }

  /// When `workload`'s occurrences can run within `due`: while its app is not suspended (in the
  /// foreground, and for its background time after each stretch there and after the start).
  /// An occurrence due while the app is suspended is held, one per workload (see the article
  /// *Apps and push delivery*); a push delivery or a deferrable task runs the app anyway.
  func runSpans(of workload: WorkloadSpec, due: RunSpans) -> RunSpans {
    guard let app = app(of: workload), let grant = app.backgroundTime, !wakesSuspendedApp(workload)
    else { return due }
    let foreground = app.foreground.map { RunSpans($0) } ?? wholeRun
    let length = Double(grant.nanoseconds)
    var awake = foreground
    // In the background after each stretch in the foreground, and from the start when the run
    // starts with the app in the background.
    var grants = foreground.spans.map { (start: $0.end, end: $0.end + length) }
    if !foreground.contains(0) { grants.append((0, length)) }
    awake = awake.union(RunSpans(grants))
    return due.intersection(awake)
  }

  /// Whether `workload` runs its app when the app is suspended: push deliveries and deferrable
  /// tasks.
  func wakesSuspendedApp(_ workload: WorkloadSpec) -> Bool {
    if workload.push != nil { return true }
    switch workload.timing {
    case .window, .repeatingWindow: return true
    default: return false
    }
  }

  /// The app `workload` belongs to.
  func app(of workload: WorkloadSpec) -> AppSpec? {
    setup.runApps.first { $0.name == workload.app }
  }

  /// How many of `workload`'s occurrences are due in `spans` (the mean, for Poisson arrivals).
  func occurrences(of workload: WorkloadSpec, in spans: RunSpans) -> Double {
    switch workload.timing {
    case .once(let at):
      return spans.contains(Double(at.nanosecondsSinceStart)) ? 1 : 0
    case .window(let earliest, let deadline, _):
      // Once, somewhere between its earliest time and its deadline.
      let range = RunSpans(
        from: Double(earliest.nanosecondsSinceStart), to: Double(deadline.nanosecondsSinceStart))
      return spans.intersection(range).length > 0 || spans.contains(range.spans.first?.start ?? -1)
        ? 1 : 0
    case .periodic(let every, let start, let end, let count, _),
      .repeatingWindow(let every, let start, let end, let count, _, _):
      let step = Double(every.nanoseconds)
      let origin = Double(start.nanosecondsSinceStart)
      var stop = end.map { Double($0.nanosecondsSinceStart) } ?? runEnd
      if let count { stop = min(stop, origin + Double(count) * step) }
      return spans.countGrid(origin: origin, step: step, end: stop)
    case .poisson(let mean, let start, let end):
      let active = RunSpans(
        from: Double(start.nanosecondsSinceStart),
        to: end.map { Double($0.nanosecondsSinceStart) } ?? runEnd)
      return spans.intersection(active).length / mean
    case .times(let list):
      return Double(list.count { spans.contains(Double($0.nanosecondsSinceStart)) })
    case .trace(let rows):
      return Double(rows.count { spans.contains(Double($0.time.nanosecondsSinceStart)) })
    case .frames(let rate, let start, let length):
      let origin = Double(start.nanosecondsSinceStart)
      let end = length.map { origin + Double($0.nanoseconds) } ?? runEnd
      let frame = 1e9 / rate.hertz
      return spans.countGrid(origin: origin, step: frame, end: end)
    case .reaction:
      return Double(
        reactionDueTimes(of: workload).count { spans.contains(Double($0.nanosecondsSinceStart)) })
    }
  }

  /// When a reaction's occurrences are due: `delay` after each instant its event can happen.
  func reactionDueTimes(of workload: WorkloadSpec) -> [Instant] {
    guard case .reaction(let event, let delay) = workload.timing else { return [] }
    return eventInstants(of: event, app: workload.app).map {
      let (due, overflow) = $0.nanosecondsSinceStart.addingReportingOverflow(delay.nanoseconds)
      return Instant(nanosecondsSinceStart: overflow ? .max : due)
    }
  }
}

extension WorkloadCost {
  /// The instants a reaction's event can happen in the run, as far as the scenario tells them
  /// (see *OS policies*): each start or end of the app's foreground stretches, of the charger's
  /// intervals, of the display's sessions and of Low Power Mode's intervals (a `below` level:
  /// once, and again after each time the charger is unplugged), and each change of the network.
  /// Thermal events follow a thermal model's temperature and are not foretold: none.
  func eventInstants(of event: SystemEvent, app: String) -> [Instant] {
    let environment = setup.environment
    let foreground = setup.runApps.first { $0.name == app }?.foreground ?? []
    let instants: [Instant]
    switch event {
    case .foreground:
      instants = [.start] + foreground.map(\.start)
    case .background: instants = foreground.map(\.end)
    case .chargingStart: instants = environment.charging.map(\.start)
    case .chargingEnd: instants = environment.charging.map(\.end)
    case .displayOn: instants = setup.display.map(\.range.start)
    case .displayOff: instants = setup.display.map(\.range.end)
    case .networkChange: instants = environment.network.map(\.range.start)
    case .lowPowerOn, .lowPowerOff:
      switch environment.lowPower {
      case .intervals(let ranges)?:
        instants = ranges.map { event == .lowPowerOn ? $0.start : $0.end }
      case .below?: instants = [.start] + environment.charging.map(\.end)
      case nil: instants = []
      }
    case .thermalSerious, .thermalNominal: instants = []
    }
    return instants.filter { $0.nanosecondsSinceStart < setup.duration.nanoseconds }.sorted()
  }
}
