import DeviceModels
import JSONSupport
import Quantities

extension DeviceDecoder {
  /// Reads flash storage (see *Flash storage*).
  func decodeStorage(_ object: inout ObjectReader) throws(InputError) -> StorageSpec {
    let ladder = try decodeLadder(&object, defaultPolicy: .timeout)
    let floor = ladder.states[ladder.deepestIndex].power
    let spec = StorageSpec(
      ladder: ladder,
      readBandwidth: try reader.positiveDataRate(
        try object.required("read_bandwidth"), object.path("read_bandwidth")),
      writeBandwidth: try reader.positiveDataRate(
        try object.required("write_bandwidth"), object.path("write_bandwidth")),
      readPower: try atLeast(floor, try object.required("read_power"), object.path("read_power")),
      writePower: try atLeast(
        floor, try object.required("write_power"), object.path("write_power")),
      commandLatency: try object.optional("command_latency").map { v throws(InputError) in
        try reader.time(v, object.path("command_latency"))
      } ?? .zero,
      pageSize: try object.optional("page_size").map { v throws(InputError) in
        try reader.positiveDataSize(v, object.path("page_size"))
      } ?? .kibibytes(4))
    return spec
  }

  /// Reads a radio (see *Radios*): `transfer_power` is a power, or
  /// `{ "base", "per_mbit_down", "per_mbit_up" }` with the per-Mbit terms in watts per Mbit/s;
  /// `signal_power` (optional) is `{ "good", "fair", "poor" }`, factors of at least 1 on
  /// the transfer power at each signal level (a level left out: 1).
  func decodeRadio(_ object: inout ObjectReader, named name: String) throws(InputError)
    -> RadioSpec
  {
    let ladder = try decodeLadder(&object, defaultPolicy: .timeout)
    let floor = ladder.states[ladder.deepestIndex].power
    var technology: RadioTechnology =
      name == "wifi" ? .wifi : name == "cellular" ? .cellular : .other
    if let value = object.optional("technology") {
      technology = try reader.choice(value, object.path("technology"), RadioTechnology.self)
    }
    let downlink = try reader.networkDataRate(
      try object.required("downlink"), object.path("downlink"))
    let uplink = try reader.networkDataRate(try object.required("uplink"), object.path("uplink"))
    let rtt =
      try object.optional("rtt").map { v throws(InputError) in
        try reader.time(v, object.path("rtt"))
      } ?? .zero
    let powerPath = object.path("transfer_power")
    let powerValue = try object.required("transfer_power")
    let transferPower: TransferPower
    if case .object = powerValue {
      var terms = try ObjectReader(
        powerValue, at: powerPath, in: reader.file, as: ScenarioLanguage.throughputPower)
      let base = try atLeast(floor, try terms.required("base"), terms.path("base"))
      let down = try reader.power(try terms.required("per_mbit_down"), terms.path("per_mbit_down"))
      let up = try reader.power(try terms.required("per_mbit_up"), terms.path("per_mbit_up"))
      try terms.rejectUnusedKeys()
      transferPower = .throughput(base: base, perMbitDown: down, perMbitUp: up)
    } else {
      transferPower = .constant(try atLeast(floor, powerValue, powerPath))
    }
    var signalPower = SignalPower.flat
    if let value = object.optional("signal_power") {
      signalPower = try decodeSignalPower(value, at: object.path("signal_power"))
    }
    var drx: ConnectedDRX?
    if let value = object.optional("drx") {
      drx = try decodeConnectedDRX(value, at: object.path("drx"), floor: floor)
    }
    let scanning = try object.optional("scanning").map { v throws(InputError) in
      try atLeast(floor, v, object.path("scanning"))
    }
    return RadioSpec(
      ladder: ladder, technology: technology, downlink: downlink, uplink: uplink,
      roundTripTime: rtt, transferPower: transferPower, signalPower: signalPower, drx: drx,
      scanningPower: scanning)
  }

  /// Reads `drx`: `cycle` and `on_duration` greater than zero, the on-duration shorter than the
  /// cycle, `inactivity` (0 or more) and a sleep `power` of at least the radio's floor.
  private func decodeConnectedDRX(_ value: JSONValue, at path: JSONPath, floor: Power)
    throws(InputError) -> ConnectedDRX
  {
    var fields = try ObjectReader(value, at: path, in: reader.file, as: ScenarioLanguage.drx)
    let cycle = try reader.positiveTime(try fields.required("cycle"), fields.path("cycle"))
    let onDuration = try reader.positiveTime(
      try fields.required("on_duration"), fields.path("on_duration"))
    guard onDuration < cycle else {
      throw fields.error(
        "on_duration",
        "expected an on-duration shorter than the cycle (\(cycle)), found \(onDuration)")
    }
    let inactivity = try reader.time(try fields.required("inactivity"), fields.path("inactivity"))
    let power = try atLeast(floor, try fields.required("power"), fields.path("power"))
    try fields.rejectUnusedKeys()
    return ConnectedDRX(cycle: cycle, onDuration: onDuration, inactivity: inactivity, power: power)
  }

  /// Reads `signal_power`: a factor of at least 1 per signal level (default 1), so the transfer
  /// power never falls below the radio's floor.
  private func decodeSignalPower(_ value: JSONValue, at path: JSONPath) throws(InputError)
    -> SignalPower
  {
    var factors = try ObjectReader(
      value, at: path, in: reader.file, as: ScenarioLanguage.signalPower)
    func factor(_ level: SignalLevel) throws(InputError) -> Double {
      guard let value = factors.optional(level.rawValue) else { return 1 }
      let factor = try reader.positiveNumber(value, factors.path(level.rawValue))
      guard factor >= 1 else {
        throw factors.error(
          level.rawValue,
          "expected a factor of at least 1 on the transfer power, found \(ValueExcerpt.bare(String(factor)))"
        )
      }
      return factor
    }
    let power = SignalPower(
      good: try factor(.good), fair: try factor(.fair), poor: try factor(.poor))
    try factors.rejectUnusedKeys()
    return power
  }

  /// Reads a GPU (see *The GPU*).
  func decodeGPU(_ object: inout ObjectReader) throws(InputError) -> GPUSpec {
    let ladder = try decodeLadder(&object, defaultPolicy: .timeout)
    let points = try decodeOperatingPoints(
      &object, floor: ladder.states[ladder.deepestIndex].power)
    var frequency = FrequencyChoice.max
    if let value = object.optional("frequency") {
      frequency = try reader.choice(value, object.path("frequency"), FrequencyChoice.self)
    }
    return GPUSpec(ladder: ladder, operatingPoints: points, frequency: frequency)
  }

  /// Reads a display (see *The display*).
  func decodeDisplay(_ object: inout ObjectReader) throws(InputError) -> DisplaySpec {
    let technology = try reader.choice(
      try object.required("technology"), object.path("technology"), DisplayTechnology.self)
    let ratesPath = object.path("refresh_rates")
    let rateItems = try reader.array(
      try object.required("refresh_rates"), ratesPath, of: "refresh rates")
    guard !rateItems.isEmpty else {
      throw reader.error(ratesPath, "expected at least one refresh rate, found none")
    }
    var rates: [Frequency] = []
    for (index, item) in rateItems.enumerated() {
      let rate = try reader.positiveFrequency(item, ratesPath.appending(index: index))
      if let previous = rates.last, rate <= previous {
        throw reader.error(
          ratesPath.appending(index: index),
          "expected refresh rates in increasing order, found \(rate) after \(previous)")
      }
      rates.append(rate)
    }
    let idleRefresh = try reader.positiveFrequency(
      try object.required("idle_refresh"), object.path("idle_refresh"))
    guard rates.contains(idleRefresh) else {
      throw object.error(
        "idle_refresh", "expected one of the refresh rates, found \(idleRefresh)")
    }
    func power(_ key: String, required: Bool) throws(InputError) -> Power {
      if required { return try reader.power(try object.required(key), object.path(key)) }
      return try object.optional(key).map { v throws(InputError) in
        try reader.power(v, object.path(key))
      } ?? .zero
    }
    let isOLED = technology == .oled
    let spec = DisplaySpec(
      technology: technology, refreshRates: rates, idleRefresh: idleRefresh,
      panelPower: try power("panel_power", required: true),
      powerPerHertz: try power("per_hz", required: true),
      fullWhitePower: try power("full_white_power", required: isOLED),
      backlightPower: try power("backlight_power", required: !isOLED),
      brightnessCurve: try decodeBrightnessCurve(&object),
      appearanceAPL: try decodeAppearanceAPL(&object, required: isOLED),
      offPower: try power("off_power", required: false),
      maxLuminance: try object.optional("max_luminance").map { v throws(InputError) in
        try reader.positiveLuminance(v, object.path("max_luminance"))
      })
    return spec
  }

  /// Reads `brightness_curve` (see *The display*): `"android"` or `{ "gamma": N }` with N > 0; or
  /// `brightness_gamma: N`, its older spelling, which device files written before it still use.
  /// Gamma 2.2 when neither is given.
  private func decodeBrightnessCurve(_ object: inout ObjectReader) throws(InputError)
    -> BrightnessCurve
  {
    let curveValue = object.optional("brightness_curve")
    if let gammaValue = object.optional("brightness_gamma") {
      guard curveValue == nil else {
        throw object.error(
          "brightness_gamma",
          "expected either brightness_curve or brightness_gamma (its older spelling), found both")
      }
      return .gamma(try reader.positiveNumber(gammaValue, object.path("brightness_gamma")))
    }
    guard let curveValue else { return .gamma(2.2) }
    let path = object.path("brightness_curve")
    let expected = "expected \"android\" or { \"gamma\": a number greater than zero }"
    switch curveValue {
    case .string(let name):
      guard name == "android" else {
        var message = "\(expected), found \"\(name)\""
        if let suggestion = closestMatch(to: name, among: ["android", "gamma"]) {
          message += " (did you mean \"\(suggestion)\"?)"
        }
        throw reader.error(path, message)
      }
      return .android
    case .object:
      var curve = try ObjectReader(
        curveValue, at: path, in: reader.file, as: ScenarioLanguage.gammaCurve)
      let gamma = try reader.positiveNumber(try curve.required("gamma"), curve.path("gamma"))
      try curve.rejectUnusedKeys()
      return .gamma(gamma)
    default:
      throw reader.error(path, "\(expected), found \(curveValue.kindPhrase)")
    }
  }

  private func decodeAppearanceAPL(_ object: inout ObjectReader, required: Bool)
    throws(InputError) -> [Appearance: Fraction]
  {
    guard
      let value = required
        ? try object.required("appearance_apl") : object.optional("appearance_apl")
    else { return [:] }
    var levels = try ObjectReader(
      value, at: object.path("appearance_apl"), in: reader.file,
      as: ScenarioLanguage.appearanceLevels)
    var result: [Appearance: Fraction] = [:]
    for appearance in Appearance.allCases {
      result[appearance] = try reader.fraction(
        try levels.required(appearance.rawValue), levels.path(appearance.rawValue))
    }
    try levels.rejectUnusedKeys()
    return result
  }

  /// A power of at least `floor` (a component's deepest state).
  func atLeast(_ floor: Power, _ value: JSONValue, _ path: JSONPath) throws(InputError) -> Power {
    let power = try reader.power(value, path)
    guard power >= floor else {
      throw reader.error(
        path, "expected a power of at least the deepest idle state's (\(floor)), found \(power)")
    }
    return power
  }
}
