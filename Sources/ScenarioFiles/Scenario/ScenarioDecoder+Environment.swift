import DeviceModels
import JSONSupport
import Quantities

extension ScenarioDecoder {
  /// Reads `environment`: `network` (a radio's name, or intervals of a radio or `"offline"`, each
  /// with optional `downlink`, `uplink`, `rtt` and `signal`: *Radios*), `charging`,
  /// `battery_start`, `low_power`, `ambient` (°C).
  func decodeEnvironment(_ value: JSONValue?, context: ScenarioContext) throws(InputError)
    -> EnvironmentSpec
  {
    let path = JSONPath([.key("environment")])
    var network = defaultNetwork(context)
    var charging: [TimeRange] = []
    var batteryStart = Fraction.one
    var lowPower: LowPowerSchedule?
    var ambient = Temperature.standardAmbient
    if let value {
      var object = try ObjectReader(
        value, at: path, in: file, as: ScenarioLanguage.environment)
      if let networkValue = object.optional("network") {
        network = try decodeNetwork(networkValue, at: object.path("network"), context: context)
      }
      if let chargingValue = object.optional("charging") {
        charging = try decodeRanges(
          chargingValue, at: object.path("charging"), what: "charging intervals",
          context: context)
      }
      if let start = object.optional("battery_start") {
        batteryStart = try reader.fraction(start, object.path("battery_start"))
      }
      if let lowPowerValue = object.optional("low_power") {
        lowPower = try decodeLowPower(
          lowPowerValue, at: object.path("low_power"), context: context)
      }
      if let ambientValue = object.optional("ambient") {
        ambient = try reader.temperature(ambientValue, object.path("ambient"))
      }
      try object.rejectUnusedKeys()
    }
    var environment = EnvironmentSpec(
      network: network, charging: charging, batteryStart: batteryStart)
    environment.lowPower = lowPower
    environment.ambient = ambient
    return environment
  }

  /// Reads `environment.low_power` (see *Apps and push delivery*): intervals, validated as
  /// `charging`'s, or `{ "below": FRACTION }`.
  private func decodeLowPower(_ value: JSONValue, at path: JSONPath, context: ScenarioContext)
    throws(InputError) -> LowPowerSchedule
  {
    if case .object = value {
      var object = try ObjectReader(
        value, at: path, in: file, as: ScenarioLanguage.lowPowerTrigger)
      let level = try reader.fraction(try object.required("below"), object.path("below"))
      try object.rejectUnusedKeys()
      return .below(level)
    }
    guard case .array = value else {
      throw reader.error(
        path,
        "expected Low Power Mode intervals [[from, to], …] or { \"below\": \"20%\" }, found \(value.kindPhrase)"
      )
    }
    return .intervals(
      try decodeRanges(value, at: path, what: "Low Power Mode intervals", context: context))
  }

  /// Wi-Fi if the device has it, else its first radio, for the whole run; none without radios.
  private func defaultNetwork(_ context: ScenarioContext) -> [NetworkInterval] {
    guard let radio = context.radio(named: "wifi") ?? context.radios.first?.name else { return [] }
    return [NetworkInterval(range: wholeRun(context), radio: radio)]
  }

  private func wholeRun(_ context: ScenarioContext) -> TimeRange {
    TimeRange(start: .start, end: Instant(nanosecondsSinceStart: context.duration.nanoseconds))
  }

  private func networkRadio(
    _ value: JSONValue, at path: JSONPath, context: ScenarioContext, inInterval: Bool = false
  ) throws(InputError) -> String {
    let name = try reader.name(value, path)
    guard let radio = context.radio(named: name) else {
      let names = context.radios.map(\.name)
      guard !names.isEmpty else {
        throw reader.error(
          path, "the device has no radio to carry the network \(ValueExcerpt.quoted(name))")
      }
      // Only what this device can carry: its radios' names, then the technologies they have
      // (a laptop without a modem is not offered "cellular").
      var accepted = names
      for (_, spec) in context.radios where spec.technology != .other {
        let technology = spec.technology.rawValue
        if !accepted.contains(technology) { accepted.append(technology) }
      }
      let suggestions = inInterval ? accepted + [Self.offlineName] : accepted
      var message: String
      if let technology = RadioTechnology(rawValue: name), technology != .other {
        message =
          "the device has no \(technology.rawValue) radio to carry the network (its radios: \(listing(names, conjunction: "and")))"
      } else {
        message =
          "expected a network the device has a radio for (\(listing(accepted, conjunction: "or"))"
          + (inInterval ? ", or \"\(Self.offlineName)\"" : "")
          + "), found \(ValueExcerpt.quoted(name))"
        if let nearest = closestMatch(to: name, among: suggestions) {
          message += " (did you mean \"\(nearest)\"?)"
        }
      }
      throw reader.error(path, message)
    }
    return radio
  }

  /// The network name of an interval without a network.
  static let offlineName = "offline"

  /// A network name for the whole run, or a list of `{from, to, network}` covering the run.
  private func decodeNetwork(_ value: JSONValue, at path: JSONPath, context: ScenarioContext)
    throws(InputError) -> [NetworkInterval]
  {
    if case .string = value {
      return [
        NetworkInterval(
          range: wholeRun(context), radio: try networkRadio(value, at: path, context: context))
      ]
    }
    let items = try reader.array(value, path, of: "a network name or network intervals")
    var intervals: [NetworkInterval] = []
    for (index, item) in items.enumerated() {
      let itemPath = path.appending(index: index)
      var object = try ObjectReader(
        item, at: itemPath, in: file, as: ScenarioLanguage.networkInterval)
      let start = try reader.instant(try object.required("from"), object.path("from"))
      let end = try reader.instant(try object.required("to"), object.path("to"))
      guard start < end else {
        throw object.error(
          "to", "expected an interval that ends after it starts, found [\(start), \(end)]")
      }
      let networkValue = try object.required("network")
      var radio: String?
      if case .string("offline") = networkValue, context.radio(named: "offline") == nil {
        radio = nil
        for key in ["downlink", "uplink", "rtt", "signal"] where object.optional(key) != nil {
          throw object.error(
            key, "an offline interval has no network quality; remove \"\(key)\" or name a radio")
        }
      } else {
        radio = try networkRadio(
          networkValue, at: object.path("network"), context: context, inInterval: true)
      }
      let downlink = try object.optional("downlink").map { v throws(InputError) in
        try reader.networkDataRate(v, object.path("downlink"))
      }
      let uplink = try object.optional("uplink").map { v throws(InputError) in
        try reader.networkDataRate(v, object.path("uplink"))
      }
      let rtt = try object.optional("rtt").map { v throws(InputError) in
        try reader.time(v, object.path("rtt"))
      }
      let signal = try object.optional("signal").map { v throws(InputError) in
        try reader.choice(v, object.path("signal"), SignalLevel.self)
      }
      try object.rejectUnusedKeys()
      let expectedStart = intervals.last?.range.end ?? .start
      guard start == expectedStart else {
        throw object.error(
          "from",
          "network intervals must cover the run without gaps or overlaps; expected this one to start at \(expectedStart), found \(start)"
        )
      }
      intervals.append(
        NetworkInterval(
          range: TimeRange(start: start, end: end), radio: radio, downlink: downlink,
          uplink: uplink, roundTripTime: rtt, signal: signal))
    }
    let end = Instant(nanosecondsSinceStart: context.duration.nanoseconds)
    guard let last = intervals.last, last.range.end >= end else {
      throw reader.error(
        path, "network intervals must cover the whole run, up to \(context.duration)")
    }
    return intervals
  }

  /// A list of `[from, to]` intervals in time order without overlaps.
  func decodeRanges(
    _ value: JSONValue, at path: JSONPath, what: String, context: ScenarioContext
  ) throws(InputError) -> [TimeRange] {
    let items = try reader.array(value, path, of: what)
    var ranges: [TimeRange] = []
    for (index, item) in items.enumerated() {
      let range = try reader.range(item, path.appending(index: index))
      try context.checkWithinRun(range, path.appending(index: index), what: "an interval")
      ranges.append(range)
    }
    try checkDisjoint(ranges, reader: reader, path: path, what: what)
    return ranges
  }

  /// Reads a display session's `brightness` (see *The display*): a setting (`"50%"`, 0.5), or a
  /// luminance in nits (`"200 nits"`) up to the display's `max_luminance`.
  private func decodeBrightness(_ value: JSONValue, _ path: JSONPath, context: ScenarioContext)
    throws(InputError) -> DisplayBrightness
  {
    guard case .string(let text) = value, QuantityParser.dimension(ofUnitIn: text) == .luminance
    else { return .setting(try reader.fraction(value, path)) }
    let nits = try reader.positiveLuminance(value, path)
    guard let maxLuminance = context.display?.spec.maxLuminance else {
      throw reader.error(
        path,
        "expected a brightness setting (\"50%\"): the device's display gives no max_luminance, so it takes no brightness in nits, found \(ValueExcerpt.quoted(text))"
      )
    }
    guard nits <= maxLuminance else {
      throw reader.error(
        path,
        "expected a luminance of at most the display's max_luminance, \(maxLuminance), found \(ValueExcerpt.quoted(text))"
      )
    }
    return .nits(nits)
  }

  /// Reads `display`: sessions with the display on.
  func decodeDisplay(_ value: JSONValue?, context: ScenarioContext) throws(InputError)
    -> [DisplaySession]
  {
    guard let value else { return [] }
    let path = JSONPath([.key("display")])
    let items = try reader.array(value, path, of: "display sessions")
    guard items.isEmpty || context.has("display") else {
      throw reader.error(path, "the device has no display component to turn on")
    }
    var sessions: [DisplaySession] = []
    for (index, item) in items.enumerated() {
      let itemPath = path.appending(index: index)
      var object = try ObjectReader(
        item, at: itemPath, in: file, as: ScenarioLanguage.displaySession)
      let start = try reader.instant(try object.required("from"), object.path("from"))
      let end = try reader.instant(try object.required("to"), object.path("to"))
      guard start < end else {
        throw object.error(
          "to", "expected a session that ends after it starts, found [\(start), \(end)]")
      }
      let brightness = try decodeBrightness(
        try object.required("brightness"), object.path("brightness"), context: context)
      let content: DisplayContent
      switch (object.optional("appearance"), object.optional("apl")) {
      case (let appearance?, nil):
        content = .appearance(
          try reader.choice(appearance, object.path("appearance"), Appearance.self))
      case (nil, let apl?):
        content = .averagePixelLevel(try reader.fraction(apl, object.path("apl")))
      case (.some, .some):
        throw object.error("apl", "expected either \"appearance\" or \"apl\", found both")
      case (nil, nil):
        throw object.error(
          "a display session needs \"appearance\" (\"light\" or \"dark\") or an explicit \"apl\"")
      }
      try object.rejectUnusedKeys()
      try context.checkWithinRun(
        TimeRange(start: start, end: end), itemPath, what: "a display session")
      sessions.append(
        DisplaySession(
          range: TimeRange(start: start, end: end), level: brightness, content: content))
    }
    try checkDisjoint(
      sessions.map(\.range), reader: reader, path: path, what: "display sessions")
    return sessions
  }
}
