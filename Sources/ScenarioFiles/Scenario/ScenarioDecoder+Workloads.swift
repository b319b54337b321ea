import DeviceModels
import JSONSupport
import Quantities

extension ScenarioDecoder {
  /// The keys that say when a workload runs; exactly one is required (`every` with `window` is
  /// a repeating deferrable task).
  static let timingKeys = ScenarioLanguage.workload.selectingKeys

  /// The internal kind of a workload with both `every` and a `window` duration.
  static let repeatingTaskKind = "every\" with \"window"

  /// The decoder's name of each workload form: its timing key, or ``repeatingTaskKind``.
  static let kindNames: [(form: String, kind: String)] = ScenarioLanguage.workload.forms.map {
    ($0.name, $0.selectedBy.count == 1 ? $0.selectedBy[0] : repeatingTaskKind)
  }

  /// The keys that only some timing kinds take and that are reported as modifiers of those
  /// kinds (`debounce`, `work` and the push keys have messages of their own).
  static let allModifiers = ScenarioLanguage.workload.keys.compactMap { key -> String? in
    guard key.forms != nil, !timingKeys.contains(key.name),
      !["debounce", "work"].contains(key.name), !pushKeys.contains(key.name)
    else { return nil }
    return key.name
  }

  /// The modifiers each timing kind allows.
  static let modifiers: [String: [String]] = Dictionary(
    uniqueKeysWithValues: kindNames.map { form, kind in
      (kind, ScenarioLanguage.workload.keys(inForm: form).map(\.name).filter(allModifiers.contains))
    })

  /// The timing kinds whose form does not take `key`.
  static func kinds(without key: String) -> [String] {
    kindNames.filter { form, _ in
      !ScenarioLanguage.workload.keys(inForm: form).contains { $0.name == key }
    }.map(\.kind)
  }

  /// The timing kinds `debounce` does not apply to: an animation drops late frames instead, and
  /// a deferrable workload runs once anyway. (A debounced trace runs the last trigger's row.)
  static let kindsWithoutDebounce = kinds(without: "debounce")

  /// The name of the reports' row for energy no workload caused, which no workload may take.
  static let unattributedName = "(unattributed)"

  /// Reads `workloads`, an object keyed by workload name.
  func decodeWorkloads(
    _ value: JSONValue, at path: JSONPath, context: ScenarioContext, environment: EnvironmentSpec
  ) throws(InputError) -> [WorkloadSpec] {
    guard case .object(let members) = value else {
      throw reader.error(
        path, "expected an object of workloads keyed by name, found \(value.kindPhrase)")
    }
    let work = WorkDecoder(file: file, context: context, hasNetwork: !environment.network.isEmpty)
    var workloads: [WorkloadSpec] = []
    workloads.reserveCapacity(members.count)
    // Workloads with the same work share one array of it: a file of many timers mostly repeats
    // a few work objects, and a step is about 240 bytes (see *The fast-forward*, on memory).
    var sharedWork: [WorkSpec: WorkSpec] = [:]
    for (name, item) in members {
      guard !name.isEmpty, !name.contains(",") else {
        throw reader.error(
          path.appending(key: name),
          "expected a workload name without \",\", found \(ValueExcerpt.quoted(name))")
      }
      // The reports' row for energy no workload caused has this name: a workload of the same
      // name would be a second row that looks like it.
      guard name != Self.unattributedName else {
        throw reader.error(
          path.appending(key: name),
          "\"\(name)\" is the name the reports give energy no workload caused (floors, idle time); give the workload another name"
        )
      }
      var workload = try decodeWorkload(
        item, named: name, at: path.appending(key: name), work: work)
      if let shared = sharedWork[workload.work] {
        workload.work = shared
      } else {
        sharedWork[workload.work] = workload.work
      }
      workloads.append(workload)
    }
    return workloads
  }

  func decodeWorkload(
    _ value: JSONValue, named name: String, at path: JSONPath, work: WorkDecoder
  ) throws(InputError) -> WorkloadSpec {
    var object = try ObjectReader(value, at: path, in: file, as: ScenarioLanguage.workload)
    let context = work.context
    var present = Self.timingKeys.filter { object.contains($0) }
    if present == ["every", "window"] {
      // A repeating deferrable task: `window` is the time each instance may wait.
      present = [Self.repeatingTaskKind]
    }
    guard present.count == 1, let kind = present.first else {
      if present.isEmpty {
        throw object.error(
          "a workload needs exactly one of \(listing(Self.timingKeys, conjunction: "or")) to say when it runs; found none"
        )
      }
      throw object.error(
        present[1],
        "a workload needs exactly one of \(listing(Self.timingKeys, conjunction: "or")); found both \"\(present[0])\" and \"\(present[1])\""
      )
    }
    let allowed = Self.modifiers[kind] ?? []
    for modifier in Self.allModifiers where object.contains(modifier) && !allowed.contains(modifier)
    {
      var owners = Self.modifiers.filter { $0.value.contains(modifier) }.map(\.key).sorted()
      if owners.contains("every") { owners.removeAll { $0 == Self.repeatingTaskKind } }
      throw object.error(
        modifier,
        "\"\(modifier)\" applies only to \(listing(owners, conjunction: "or")) workloads, not to \"\(kind)\""
      )
    }
    let when = RunStates(
      try decodeChoices(
        object.optional("when"), at: object.path("when"), of: RunState.self, noun: "states",
        key: "when"
      ).map(RunStates.init))
    let debounce = try object.optional("debounce").map { v throws(InputError) in
      try reader.positiveTime(v, object.path("debounce"))
    }
    if debounce != nil && Self.kindsWithoutDebounce.contains(kind) {
      throw object.error("debounce", "\"debounce\" does not apply to \"\(kind)\" workloads")
    }
    if kind == "trace" && object.contains("work") {
      throw object.error("work", "a trace's rows carry their own work; remove \"work\"")
    }
    let push = try decodePush(&object, kind: kind, hasNetwork: work.hasNetwork)
    let app =
      try object.optional("app").map { v throws(InputError) in
        try reader.name(v, object.path("app"))
      } ?? AppSpec.implicitName
    var frameRateRange: FrameRateRange?
    var timing = try decodeTiming(
      kind, &object, context: context, work: work, frameRateRange: &frameRateRange)
    var workSpec: WorkSpec = []
    if kind != "trace" {
      let defaultQoS: QoSClass = kind == "frames" ? .userInteractive : .default
      workSpec = try work.decode(
        try object.required("work"), at: object.path("work"), defaultQoS: defaultQoS)
    }
    if Self.deferralConditions(of: timing).contains(.radioActive),
      !workSpec.contains(where: { $0.download != nil || $0.upload != nil })
    {
      throw object.error(
        "requires", "\"radio-active\" waits for a radio, but the work has no download or upload")
    }
    let isInterruptible =
      try object.optional("interruptible").map { v throws(InputError) -> Bool in
        guard case .bool(let flag) = v else {
          throw object.error("interruptible", "expected true or false, found \(v.kindPhrase)")
        }
        return flag
      } ?? false
    let onMainThread =
      try object.optional("thread").map { v throws(InputError) -> Bool in
        let text = try reader.string(v, object.path("thread"))
        guard text == "main" else {
          throw object.error("thread", "expected \"main\", found \(ValueExcerpt.quoted(text))")
        }
        return true
      } ?? false
    if case .periodic(let every, let start, let end, let count, _) = timing,
      !object.contains("tolerance"),
      let qos = workSpec.first?.qos, qos >= .utility
    {
      // Utility and background timers get the device's default tolerance (see *OS policies*).
      timing = .periodic(
        every: every, start: start, end: end, count: count,
        tolerance: Self.defaultTolerance(every: every, device: context.device))
    }
    let task =
      try object.optional("task").map { v throws(InputError) in
        try reader.choice(v, object.path("task"), BackgroundTaskKind.self)
      } ?? .refresh
    try object.rejectUnusedKeys()
    var spec = WorkloadSpec(
      name: name, timing: timing, debounce: debounce, work: workSpec, app: app, push: push)
    spec.when = when
    spec.isInterruptible = isInterruptible
    spec.onMainThread = onMainThread
    spec.task = task
    spec.frameRateRange = frameRateRange
    return spec
  }

  /// The tolerance a `utility` or `background` timer of period `every` gets when it gives none:
  /// the device's `qos_policy` `timer_tolerance` of the period, rounded down to a whole ns.
  static func defaultTolerance(every: TimeSpan, device: DeviceSpec) -> TimeSpan {
    let fraction = device.qosBeyondCPU.timerTolerance.value
    let scaled = (Double(every.nanoseconds) * fraction).rounded(.down)
    return .nanoseconds(scaled < 9.2e18 ? Int64(scaled) : .max)
  }

  /// Reads `frames` given as a range (see *OS policies*): `min` and `max` rates, `min ≤ max`, and
  /// a `preferred` rate within them (`max` when left out: an animation that states no preference
  /// asks for the smoothest rate it accepts, and lets the OS move it down).
  func decodeFrameRateRange(_ value: JSONValue, at path: JSONPath) throws(InputError)
    -> FrameRateRange
  {
    var object = try ObjectReader(value, at: path, in: file, as: ScenarioLanguage.frameRateRange)
    let minimum = try reader.positiveFrequency(try object.required("min"), object.path("min"))
    let maximum = try reader.positiveFrequency(try object.required("max"), object.path("max"))
    guard minimum.hertz <= maximum.hertz else {
      throw object.error(
        "max", "expected a rate of at least min (\(minimum)), found \(maximum)")
    }
    let preferred =
      try object.optional("preferred").map { v throws(InputError) in
        try reader.positiveFrequency(v, object.path("preferred"))
      } ?? maximum
    guard preferred.hertz >= minimum.hertz && preferred.hertz <= maximum.hertz else {
      throw object.error(
        "preferred",
        "expected a rate from min to max (\(minimum) to \(maximum)), found \(preferred)")
    }
    try object.rejectUnusedKeys()
    return FrameRateRange(minimum: minimum, maximum: maximum, preferred: preferred)
  }

  /// The conditions a deferrable timing waits for (none for any other timing).
  static func deferralConditions(of timing: WorkloadTiming) -> DeferralConditions {
    switch timing {
    case .window(_, _, let requires), .repeatingWindow(_, _, _, _, _, let requires): requires
    default: []
    }
  }

  /// Reads `requires`: one condition, or a non-empty list of conditions that must all hold
  /// (see *OS policies*). An empty list is an error: leaving `requires` out says "none".
  func decodeRequirements(_ value: JSONValue?, at path: JSONPath) throws(InputError)
    -> DeferralConditions
  {
    DeferralConditions(
      try decodeChoices(
        value, at: path, of: DeferralCondition.self, noun: "conditions",
        key: "requires"
      ).map(
        DeferralConditions.init))
  }

  /// Reads one choice of `T`, or a non-empty list of them (`requires`, `when`); none when the
  /// key is absent. An empty list is an error: leaving the key out says "none".
  func decodeChoices<T: RawRepresentable & CaseIterable>(
    _ value: JSONValue?, at path: JSONPath, of type: T.Type, noun: String, key: String
  ) throws(InputError) -> [T] where T.RawValue == String {
    guard let value else { return [] }
    guard case .array(let items) = value else { return [try reader.choice(value, path, type)] }
    guard !items.isEmpty else {
      throw reader.error(
        path,
        "expected one or more of the \(noun) \(listing(T.allCases.map(\.rawValue), conjunction: "and")), found an empty list; leave \"\(key)\" out for none"
      )
    }
    var choices: [T] = []
    for (index, item) in items.enumerated() {
      choices.append(try reader.choice(item, path.appending(index: index), type))
    }
    return choices
  }

  /// Reads a workload's timing; for `frames` given as a range, `frameRateRange` too.
  private func decodeTiming(
    _ kind: String, _ object: inout ObjectReader, context: ScenarioContext, work: WorkDecoder,
    frameRateRange: inout FrameRateRange?
  ) throws(InputError) -> WorkloadTiming {
    func start() throws(InputError) -> Instant {
      try object.optional("from").map { v throws(InputError) in
        try context.instantInRun(v, object.path("from"))
      } ?? .start
    }
    func until(after start: Instant) throws(InputError) -> Instant? {
      guard let value = object.optional("until") else { return nil }
      let end = try reader.instant(value, object.path("until"))
      guard end > start else {
        throw object.error("until", "expected \"until\" after \"from\" (\(start)), found \(end)")
      }
      return end
    }
    switch kind {
    case "on":
      let event = try reader.choice(try object.required("on"), object.path("on"), SystemEvent.self)
      let delay =
        try object.optional("delay").map { v throws(InputError) in
          try reader.time(v, object.path("delay"))
        } ?? .zero
      return .reaction(on: event, delay: delay)
    case Self.repeatingTaskKind:
      let every = try reader.positiveTime(try object.required("every"), object.path("every"))
      let windowValue = try object.required("window")
      if case .array = windowValue {
        throw object.error(
          "window",
          "with \"every\", \"window\" is how long each instance may wait (a duration such as \"1 h\"), found an array; a one-off window [earliest, deadline] goes without \"every\""
        )
      }
      let window = try reader.time(windowValue, object.path("window"))
      guard window <= every else {
        throw object.error(
          "window",
          "expected a window no longer than the period \"every\" (\(every)), found \(window)")
      }
      let from = try start()
      let end = try until(after: from)
      let count = try object.optional("count").map { v throws(InputError) in
        try reader.integer(v, object.path("count"), in: 1...Int.max)
      }
      return .repeatingWindow(
        every: every, start: from, end: end, count: count, window: window,
        requires: try decodeRequirements(object.optional("requires"), at: object.path("requires")))
    case "at":
      return .once(at: try context.instantInRun(try object.required("at"), object.path("at")))
    case "every":
      let every = try reader.positiveTime(try object.required("every"), object.path("every"))
      let from = try start()
      let end = try until(after: from)
      let count = try object.optional("count").map { v throws(InputError) in
        try reader.integer(v, object.path("count"), in: 1...Int.max)
      }
      let tolerance =
        try object.optional("tolerance").map { v throws(InputError) in
          try reader.time(v, object.path("tolerance"))
        } ?? .zero
      return .periodic(every: every, start: from, end: end, count: count, tolerance: tolerance)
    case "rate":
      let rate = try reader.positiveFrequency(try object.required("rate"), object.path("rate"))
      let from = try start()
      return .poisson(
        meanIntervalNanoseconds: 1e9 / rate.hertz, start: from, end: try until(after: from))
    case "mean_interval":
      let mean = try reader.positiveTime(
        try object.required("mean_interval"), object.path("mean_interval"))
      let from = try start()
      return .poisson(
        meanIntervalNanoseconds: Double(mean.nanoseconds), start: from, end: try until(after: from))
    case "times":
      let path = object.path("times")
      let items = try reader.array(try object.required("times"), path, of: "times")
      var times: [Instant] = []
      for (index, item) in items.enumerated() {
        let time = try context.instantInRun(item, path.appending(index: index))
        if let previous = times.last, time < previous {
          throw reader.error(
            path.appending(index: index),
            "expected times in increasing order, found \(time) after \(previous)")
        }
        times.append(time)
      }
      return .times(times)
    case "trace":
      let tracePath = object.path("trace")
      let name = try reader.name(try object.required("trace"), tracePath)
      return .trace(
        try TraceFile.load(name, referencedAt: tracePath, from: file, work: work, files: files))
    case "frames":
      let rateValue = try object.required("frames")
      // A range's timing carries the rate it starts at, with no cap (run limits count its
      // frames at that rate).
      let rate: Frequency
      if case .object = rateValue {
        let range = try decodeFrameRateRange(rateValue, at: object.path("frames"))
        frameRateRange = range
        // Without a refresh rate of the display within it, a range runs at its preferred rate,
        // which the check below then bounds like a fixed rate.
        rate = Frequency(
          hertz: range.runningRate(
            supported: context.display?.1.refreshRates.map(\.hertz) ?? [], cap: nil))
      } else {
        rate = try reader.positiveFrequency(rateValue, object.path("frames"))
      }
      // A frame is shown at a refresh of the panel: an animation faster than the panel's
      // highest refresh rate would draw frames no one sees.
      if let (name, display) = context.display, let fastest = display.refreshRates.last,
        rate.hertz > fastest.hertz
      {
        throw object.error(
          "frames",
          frameRateRange == nil
            ? "expected a frame rate of at most \(fastest), the highest refresh rate of the display \"\(name)\", found \(ValueReader.found(rateValue))"
            : "expected a frame-rate range holding a refresh rate of the display \"\(name)\", or a preferred rate of at most its highest, \(fastest); found a range whose preferred rate is \(rate)"
        )
      }
      let from = try start()
      // An animation that would go on past the end of the run stops there: `for` is cut to what
      // is left of the run, so `from + for` never passes the run's end (nor overflows).
      let left = TimeSpan(nanoseconds: context.duration.nanoseconds - from.nanosecondsSinceStart)
      let duration = try object.optional("for").map { v throws(InputError) in
        min(try reader.positiveTime(v, object.path("for")), left)
      }
      return .frames(rate: rate, start: from, duration: duration)
    default:
      let path = object.path("window")
      let windowValue = try object.required("window")
      switch windowValue {
      case .string, .number:
        throw reader.error(
          path,
          "a window given as a duration needs \"every\" (a repeating task); a one-off window is a pair [earliest, deadline], found \(ValueReader.found(windowValue))"
        )
      default: break
      }
      let items = try reader.array(windowValue, path, of: "[earliest, deadline]")
      guard items.count == 2 else {
        throw reader.error(
          path, "expected a pair [earliest, deadline], found an array of \(items.count)")
      }
      let earliest = try context.instantInRun(items[0], path.appending(index: 0))
      let deadline = try reader.instant(items[1], path.appending(index: 1))
      guard deadline >= earliest else {
        throw reader.error(
          path,
          "expected a deadline no earlier than the window's start, found [\(earliest), \(deadline)]"
        )
      }
      return .window(
        earliest: earliest, deadline: deadline,
        requires: try decodeRequirements(object.optional("requires"), at: object.path("requires")))
    }
  }
}
