import DeviceModels
import JSONSupport
import Quantities

extension DeviceDecoder {
  /// Keys of a ladder's first state, the active one.
  static let activeStateKeys = ScenarioLanguage.ladderState.keys(inForm: "active").map(\.name)

  /// Keys of a ladder's deeper states.
  static let idleStateKeys = ScenarioLanguage.ladderState.keys(inForm: "idle").map(\.name)

  /// Reads `states` and `idle_policy` (or the keys given) into a ladder.
  ///
  /// The first state is the active state and takes only `name` and `power`; deeper states take
  /// `after` (required by the timeout policy, non-decreasing), `wake_latency`, `wake_power`
  /// (default: the active power), `min_residency` and `suspended_power` (the draw while the
  /// platform is suspended, at most `power`; not on the platform's own ladder). No state may draw
  /// less than the deepest state's least draw, the component's floor.
  func decodeLadder(
    _ object: inout ObjectReader, statesKey: String = "states",
    policyKey: String = "idle_policy", defaultPolicy: IdlePolicy, isPlatform: Bool = false
  ) throws(InputError) -> Ladder {
    var policy = defaultPolicy
    if let value = object.optional(policyKey) {
      policy = try reader.choice(value, object.path(policyKey), IdlePolicy.self)
    }
    let statesPath = object.path(statesKey)
    let items = try reader.array(try object.required(statesKey), statesPath, of: "ladder states")
    guard items.count >= 2 else {
      throw reader.error(
        statesPath,
        "expected at least two states (the active state, then an idle state), found \(items.count)")
    }
    var states: [LadderState] = []
    var activePower = Power.zero
    for (index, item) in items.enumerated() {
      let statePath = statesPath.appending(index: index)
      var state = try ObjectReader(
        item, at: statePath, in: reader.file, what: ScenarioLanguage.ladderState.phrase,
        known: index == 0 ? Self.activeStateKeys : Self.idleStateKeys)
      let name = try reader.name(try state.required("name"), state.path("name"))
      if name == "waking" {
        throw state.error(
          "name", "\"waking\" is reserved for the time spent waking; choose another state name")
      }
      if states.contains(where: { $0.name == name }) {
        throw state.error(
          "name",
          "expected a state name unique in the ladder, found \(ValueExcerpt.quoted(name)) twice")
      }
      let power = try reader.power(try state.required("power"), state.path("power"))
      _ = state.optional("description")
      if index == 0 {
        activePower = power
        try state.rejectUnusedKeys()
        states.append(LadderState(name: name, power: power, wakePower: power))
        continue
      }
      var after = TimeSpan.zero
      if let value = state.optional("after") {
        after = try reader.time(value, state.path("after"))
      } else if policy == .timeout {
        throw state.error(
          "the timeout policy needs \"after\" (idle time before entering the state) on every idle state"
        )
      }
      if policy == .timeout, let previous = states.last, index > 1, after < previous.after {
        throw state.error(
          "after",
          "expected \"after\" of at least the previous state's (\(previous.after)), found \(after)")
      }
      let latency = try state.optional("wake_latency").map { v throws(InputError) in
        try reader.time(v, state.path("wake_latency"))
      }
      let wakePower = try state.optional("wake_power").map { v throws(InputError) in
        try reader.power(v, state.path("wake_power"))
      }
      let residency = try state.optional("min_residency").map { v throws(InputError) in
        try reader.time(v, state.path("min_residency"))
      }
      let suspendedPower = try decodeSuspendedPower(&state, power: power, isPlatform: isPlatform)
      try state.rejectUnusedKeys()
      states.append(
        LadderState(
          name: name, power: power, after: after, wakeLatency: latency ?? .zero,
          wakePower: wakePower ?? activePower, minimumResidency: residency ?? .zero,
          suspendedPower: suspendedPower))
    }
    try checkFloor(states, at: statesPath)
    return Ladder(states: states, idlePolicy: policy)
  }

  /// An idle state's `suspended_power`: at most its `power`, and only below the platform.
  private func decodeSuspendedPower(
    _ state: inout ObjectReader, power: Power, isPlatform: Bool
  ) throws(InputError) -> Power? {
    guard let value = state.optional("suspended_power") else { return nil }
    if isPlatform {
      throw state.error(
        "suspended_power",
        "the platform's own states take no \"suspended_power\" (its deepest state is the suspended device)"
      )
    }
    let suspended = try reader.power(value, state.path("suspended_power"))
    guard suspended <= power else {
      throw state.error(
        "suspended_power",
        "expected a power of at most the state's \"power\" (\(power)), found \(suspended)")
    }
    return suspended
  }

  /// No state or wake may draw less than the deepest state's least draw (the floor).
  private func checkFloor(_ states: [LadderState], at path: JSONPath) throws(InputError) {
    let deepest = states[states.count - 1]
    let floor = min(deepest.power, deepest.suspendedPower)
    for (index, state) in states.enumerated() {
      if state.power < floor {
        throw reader.error(
          path.appending(index: index).appending(key: "power"),
          "expected a power of at least the deepest state's (\(floor)), found \(state.power)")
      }
      if index > 0 && state.wakePower < floor {
        throw reader.error(
          path.appending(index: index).appending(key: "wake_power"),
          "expected a power of at least the deepest state's (\(floor)), found \(state.wakePower)")
      }
      if state.suspendedPower < floor {
        throw reader.error(
          path.appending(index: index).appending(key: "suspended_power"),
          "expected a power of at least the deepest state's (\(floor)), found \(state.suspendedPower)"
        )
      }
    }
  }

  /// Reads `opps`: operating points by strictly increasing frequency, none drawing less than
  /// `floor`.
  func decodeOperatingPoints(_ object: inout ObjectReader, floor: Power) throws(InputError)
    -> [OperatingPoint]
  {
    let path = object.path("opps")
    let items = try reader.array(try object.required("opps"), path, of: "operating points")
    guard !items.isEmpty else {
      throw reader.error(path, "expected at least one operating point, found none")
    }
    var points: [OperatingPoint] = []
    for (index, item) in items.enumerated() {
      let pointPath = path.appending(index: index)
      var point = try ObjectReader(
        item, at: pointPath, in: reader.file, as: ScenarioLanguage.operatingPoint)
      let frequency = try reader.positiveFrequency(try point.required("freq"), point.path("freq"))
      let power = try reader.power(try point.required("power"), point.path("power"))
      _ = point.optional("description")
      try point.rejectUnusedKeys()
      if let previous = points.last, frequency <= previous.frequency {
        throw point.error(
          "freq",
          "expected operating points by increasing frequency, found \(frequency) after \(previous.frequency)"
        )
      }
      if power < floor {
        throw point.error(
          "power",
          "expected a power of at least the deepest idle state's (\(floor)), found \(power)")
      }
      points.append(OperatingPoint(frequency: frequency, power: power))
    }
    return points
  }
}
