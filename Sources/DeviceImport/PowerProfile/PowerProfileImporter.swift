public import JSONSupport
import Quantities
public import ScenarioFiles

/// Turns an Android `power_profile.xml` into a powersim device file that `extends` another
/// device for everything the XML does not say (ladders' timers and latencies, tails, bandwidths).
///
/// Currents (mA) become powers at one voltage (3.85 V by default, the nominal voltage AOSP's
/// own battery statistics assume). Every imported value carries an `x-source` naming the file
/// and the key it came from. What each key becomes, and the checks made, are in the article
/// *Bring your own device*. The device returned always validates: a value that would make it
/// invalid is clamped to the nearest valid value, with a warning.
public struct PowerProfileImporter {
  /// The profile being imported.
  public let profile: PowerProfileDocument
  /// The battery voltage currents are multiplied by.
  public let voltage: Double
  /// The device extended, as the user named it (a built-in name or a path).
  public let baseReference: String
  /// The extended device, resolved.
  let base: JSONObject
  /// The name of the device written.
  public let name: String

  /// The default battery voltage, 3.85 V.
  public static let defaultVoltage = 3.85

  /// An import of `profile` extending `baseReference` (whose resolved JSON is `base`).
  public init(
    profile: PowerProfileDocument, voltage: Double = defaultVoltage, baseReference: String,
    base: JSONValue, name: String
  ) throws(InputError) {
    guard case .object(let object) = base else {
      throw InputError(file: baseReference, path: nil, message: "expected a device object")
    }
    self.profile = profile
    self.voltage = voltage
    self.baseReference = baseReference
    self.base = object
    self.name = name
  }

  /// What an import produced: the device file and the warnings, each naming its key.
  public struct Result: Sendable {
    /// The device file's JSON.
    public var device: JSONValue
    /// Warnings, one sentence each, in the order found.
    public var warnings: [String]
    /// The keys of the file that no part of the device took (reported, not an error).
    public var unusedKeys: [String]
  }

  /// Builds the device.
  public func run() -> Result {
    var work = Work(importer: self)
    return work.build()
  }
}

/// The state of one import: the device being written and what was said about it.
private struct Work {
  let importer: PowerProfileImporter
  var warnings: [String] = []
  var used: Set<String> = []
  var components = JSONObject()
  var profile: PowerProfileDocument { importer.profile }
  var file: String { importer.profile.file }

  init(importer: PowerProfileImporter) {
    self.importer = importer
  }

  mutating func build() -> PowerProfileImporter.Result {
    checkPlaceholders()
    for key in profile.repeatedKeys {
      warnings.append("\(key) is given more than once; the last value is imported, as Android does")
    }
    var device = JSONObject()
    device["name"] = .string(importer.name)
    device["description"] = .string(
      "Imported from \(file) (Android power_profile.xml) at \(volts(importer.voltage)); \(importer.baseReference) for everything the file does not give."
    )
    device["extends"] = .string(importer.baseReference)
    device["x-source"] = .string(
      "powersim import power-profile \(file): currents in mA x \(volts(importer.voltage)); each value's x-source names its key"
    )
    if let battery = importBattery() { device["battery"] = battery }
    importPlatform()
    importCPU()
    importDisplay()
    importCellular()
    importWiFi()
    importGeneric(
      "gnss", keys: ["gps.on", "gps.signalqualitybased"], what: "tracking")
    importBluetooth()
    importGeneric("audio", keys: ["audio", "dsp.audio"], what: "playing")
    importGeneric("video", keys: ["video", "dsp.video"], what: "decoding")
    // Android has one video key for the media hardware, decoding or encoding.
    importGeneric(
      "encoder", keys: ["video", "dsp.video"], what: "encoding (Android's one video key)")
    device["components"] = .object(components)
    let unused =
      profile.entries.keys.filter { !used.contains($0) }.sorted()
      + profile.modem.keys.filter { !used.contains($0) }.sorted()
    return .init(device: .object(device), warnings: warnings, unusedKeys: unused)
  }

  // MARK: Values

  /// The current of `key` in mA, checked: a negative current is clamped to 0, and a current
  /// above 10 A is read as µA.
  mutating func current(_ key: String) -> Double? {
    guard let value = profile.value(key) else { return nil }
    used.insert(key)
    return checkedCurrent(value, key: key)
  }

  mutating func checkedCurrent(_ value: Double, key: String) -> Double {
    if value < 0 {
      warnings.append("\(key) is \(number(value)) mA, a negative current; clamped to 0")
      return 0
    }
    if value > 10_000 {
      warnings.append(
        "\(key) is \(number(value)) mA, more than 10 A: read as µA (\(number(value / 1000)) mA); power_profile.xml currents are in mA"
      )
      return value / 1000
    }
    return value
  }

  /// Milliamperes at the import's voltage, as whole nanowatts.
  func nanowatts(milliamperes: Double) -> Int64 {
    Int64((milliamperes * importer.voltage * 1e6).rounded())
  }

  func power(_ nanowatts: Int64) -> JSONValue {
    .string(DecimalFormat.scaledTrimmed(Int128(nanowatts), scale: 6) + " mW")
  }

  func source(_ key: String, _ milliamperes: Double, _ extra: String = "") -> JSONValue {
    .string(
      "\(file): \(key) \(number(milliamperes)) mA x \(volts(importer.voltage))\(extra.isEmpty ? "" : "; " + extra)"
    )
  }

  func volts(_ value: Double) -> String { "\(number(value)) V" }

  func number(_ value: Double) -> String {
    DecimalFormat.trimmed(DecimalFormat.fixed(value, places: 4))
  }

  /// The extended device's component `name`, if it has one of that type.
  func baseComponent(_ name: String, type: String) -> JSONObject? {
    guard case .object(let components)? = importer.base["components"],
      case .object(let component)? = components[name],
      case .string(type)? = component["type"]
    else { return nil }
    return component
  }

  static func states(_ component: JSONObject, _ key: String = "states") -> [JSONObject] {
    guard case .array(let items)? = component[key] else { return [] }
    return items.compactMap { if case .object(let state) = $0 { state } else { nil } }
  }

  static func powerOf(_ state: JSONObject, _ key: String = "power") -> Int64? {
    guard let value = state[key] else { return nil }
    let input: QuantityInput
    switch value {
    case .number(let number): input = .number(literal: number.literal)
    case .string(let text): input = .text(text)
    default: return nil
    }
    return try? QuantityParser.power(input).nanowatts
  }

  /// A ladder with the powers of `replacements` (state index → power, source), each clamped to
  /// at least the deepest state's power; other states as they were.
  mutating func ladder(
    _ states: [JSONObject], replacing replacements: [Int: (Int64, JSONValue)], component: String
  ) -> JSONValue {
    var result = states
    let deepest = states.count - 1
    var floor = Self.powerOf(states[deepest]) ?? 0
    if let (value, source) = replacements[deepest] {
      floor = max(value, 0)
      result[deepest]["power"] = power(floor)
      result[deepest]["x-source"] = source
    }
    for (index, replacement) in replacements where index != deepest {
      var value = replacement.0
      if value < floor {
        warnings.append(
          "\(component)'s state \(stateName(states[index])) would draw \(power(value).stringText) below its deepest state (\(power(floor).stringText)), which makes the device invalid; clamped to \(power(floor).stringText)"
        )
        value = floor
      }
      result[index]["power"] = power(value)
      result[index]["x-source"] = replacement.1
    }
    // A wake power or power the import left below a new floor would be invalid too.
    for index in result.indices where index != deepest {
      for key in ["power", "wake_power"] {
        if let value = Self.powerOf(result[index], key), value < floor {
          result[index][key] = power(floor)
        }
      }
    }
    if let wake = Self.powerOf(result[deepest], "wake_power"), wake < floor {
      result[deepest]["wake_power"] = power(floor)
    }
    return .array(result.map { .object($0) })
  }

  func stateName(_ state: JSONObject) -> String {
    if case .string(let name)? = state["name"] { return name }
    return "?"
  }

  // MARK: Placeholders

  /// The placeholders of AOSP's sample `power_profile.xml` (frameworks/base,
  /// core/res/res/xml/power_profile.xml: "The default values are deliberately incorrect
  /// values"): an OEM file that still holds them was not measured.
  static let samplePlaceholders: [String: [Double]] = [
    "screen.on": [0.1], "screen.full": [0.1], "screen.on.display0": [0.1],
    "screen.full.display0": [0.1], "ambient.on.display0": [0.1], "bluetooth.active": [0.1],
    "bluetooth.on": [0.1], "wifi.on": [0.1], "wifi.active": [0.1], "wifi.scan": [0.1],
    "audio": [0.1], "video": [0.1], "dsp.audio": [0.1], "dsp.video": [0.1],
    "camera.flashlight": [0.1], "camera.avg": [0.1], "gps.on": [0.1], "radio.active": [0.1],
    "radio.scanning": [0.1], "radio.on": [0.2, 0.1], "cpu.idle": [0.1], "cpu.awake": [0.1],
    "cpu.active": [0.1], "cpu.active.cluster0": [0.1], "cpu.speeds.cluster0": [400000],
    "battery.capacity": [1000],
  ]

  mutating func checkPlaceholders() {
    var copied: [String] = []
    for key in profile.entries.keys.sorted() {
      if let sample = Self.samplePlaceholders[key], profile.values(key) == sample {
        copied.append(key)
      }
    }
    guard !copied.isEmpty else { return }
    warnings.append(
      "\(copied.joined(separator: ", ")) hold the placeholder values of AOSP's sample power_profile.xml (\"deliberately incorrect values\"): these were not measured; imported as given"
    )
  }

  // MARK: Battery and platform

  mutating func importBattery() -> JSONValue? {
    guard let capacity = profile.value("battery.capacity") else { return nil }
    used.insert("battery.capacity")
    guard capacity >= 1 else {
      warnings.append(
        "battery.capacity is \(number(capacity)) mAh, not a battery; the extended device's battery is kept"
      )
      return nil
    }
    var battery = JSONObject()
    var mah = capacity
    if capacity > 100_000 {
      mah = capacity / 1000
      warnings.append(
        "battery.capacity is \(number(capacity)) mAh, more than 100 Ah: read as µAh (\(number(mah)) mAh)"
      )
    }
    battery["capacity_mah"] = .number(JSONNumber(literal: number(mah)))
    battery["voltage"] = .string(volts(importer.voltage))
    battery["x-source"] = .string(
      "\(file): battery.capacity \(number(capacity)) mAh at \(volts(importer.voltage))")
    if case .object(let baseBattery)? = importer.base["battery"],
      let charge = baseBattery["charge_power"]
    {
      battery["charge_power"] = charge
    }
    return .object(battery)
  }

  /// The platform: its deepest state is the floor (`cpu.suspend`, else `cpu.idle`); its idle
  /// states the awake floor (`cpu.idle` beside `cpu.suspend`, else the floor plus `cpu.awake`);
  /// its active state adds the lowest `memory.bandwidths` bucket.
  mutating func importPlatform() {
    guard let platform = baseComponent("platform", type: "platform") else { return }
    let states = Self.states(platform)
    guard states.count >= 2 else { return }
    let suspend = current("cpu.suspend")
    let idle = current("cpu.idle")
    let awake = current("cpu.awake")
    let memory = profile.values("memory.bandwidths").map { values -> Double in
      used.insert("memory.bandwidths")
      return checkedCurrent(values.first ?? 0, key: "memory.bandwidths")
    }
    let deepest = states.count - 1
    let baseFloor = Self.powerOf(states[deepest]) ?? 0
    let baseIncrements = states.map { (Self.powerOf($0) ?? baseFloor) - baseFloor }
    var replacements: [Int: (Int64, JSONValue)] = [:]
    var floorValue = baseFloor
    if let suspend {
      floorValue = nanowatts(milliamperes: suspend)
      replacements[deepest] = (
        floorValue, source("cpu.suspend", suspend, "the device suspended")
      )
    } else if let idle {
      floorValue = nanowatts(milliamperes: idle)
      replacements[deepest] = (
        floorValue,
        source(
          "cpu.idle", idle,
          "taken as the floor: without cpu.suspend, cpu.idle is the suspended device (power collapse, as up to Android 7)"
        )
      )
    }
    // The awake, idle floor.
    var awakeValue: Int64?
    var awakeSource: String?
    if suspend != nil, let idle {
      awakeValue = nanowatts(milliamperes: idle)
      awakeSource = "cpu.idle \(number(idle)) mA (awake, the idle loop: Android 8 and later)"
    } else if let awake {
      awakeValue = floorValue + nanowatts(milliamperes: awake)
      awakeSource = "the floor plus cpu.awake \(number(awake)) mA"
    }
    let intermediate = deepest >= 2 ? Array(1..<deepest) : []
    let idleLevel = awakeValue ?? floorValue + (intermediate.first.map { baseIncrements[$0] } ?? 0)
    if let awakeSource {
      for index in intermediate {
        replacements[index] = (
          idleLevel, .string("\(file): \(awakeSource) x \(volts(importer.voltage))")
        )
      }
    }
    if awakeValue != nil || memory != nil || replacements[deepest] != nil {
      let memoryPower =
        memory.map { nanowatts(milliamperes: $0) }
        ?? max(0, baseIncrements[0] - (intermediate.first.map { baseIncrements[$0] } ?? 0))
      var parts: [String] = []
      parts.append(awakeSource ?? "the floor plus the extended device's awake increment")
      parts.append(
        memory.map { "memory.bandwidths[0] \(number($0)) mA (DRAM at its lowest bandwidth)" }
          ?? "the extended device's memory increment")
      replacements[0] = (
        idleLevel + memoryPower,
        .string("\(file): \(parts.joined(separator: " plus ")) x \(volts(importer.voltage))")
      )
    }
    guard !replacements.isEmpty else { return }
    var component = JSONObject()
    component["states"] = ladder(states, replacing: replacements, component: "platform")
    components["platform"] = .object(component)
  }

  // MARK: CPU

  struct ClusterKeys {
    var speeds: String
    var powers: String
    var cores: Int?
    var clusterPower: String?
  }

  mutating func importCPU() {
    guard let cpu = baseComponent("cpu", type: "cpu"),
      case .array(let baseClusterValues)? = cpu["clusters"]
    else { return }
    let baseClusters = baseClusterValues.compactMap { value -> JSONObject? in
      if case .object(let object) = value { object } else { nil }
    }
    guard !baseClusters.isEmpty else { return }
    let coreCounts = profile.values("cpu.clusters.cores")
    if coreCounts != nil { used.insert("cpu.clusters.cores") }
    var keys: [ClusterKeys] = []
    if profile.values("cpu.speeds") != nil {
      // Before Android 6: one cluster, cpu.speeds and cpu.active per speed.
      keys = [
        ClusterKeys(
          speeds: "cpu.speeds", powers: "cpu.active", cores: coreCounts.map { Int($0[0]) })
      ]
    } else {
      var index = 0
      while index < 64 {
        let modern = "cpu.core_speeds.cluster\(index)"
        let legacy = "cpu.speeds.cluster\(index)"
        if profile.values(modern) != nil {
          keys.append(
            ClusterKeys(
              speeds: modern, powers: "cpu.core_power.cluster\(index)",
              cores: coreCounts.flatMap { index < $0.count ? Int($0[index]) : nil },
              clusterPower: "cpu.cluster_power.cluster\(index)"))
        } else if profile.values(legacy) != nil {
          keys.append(
            ClusterKeys(
              speeds: legacy, powers: "cpu.active.cluster\(index)",
              cores: coreCounts.flatMap { index < $0.count ? Int($0[index]) : nil }))
        } else {
          break
        }
        index += 1
      }
      if let coreCounts, coreCounts.count != keys.count {
        warnings.append(
          "cpu.clusters.cores lists \(coreCounts.count) clusters, but the file has speeds for \(keys.count); \(keys.count == 0 ? "the extended device's CPU is kept" : "the clusters with speeds are imported")"
        )
      }
    }
    let activeExtra = profile.values("cpu.speeds") == nil ? current("cpu.active") : nil
    var clusters: [JSONValue] = []
    var names: [String] = []
    let templateNames = baseClusters.map { cluster -> String in
      if case .string(let name)? = cluster["name"] { name } else { "cluster" }
    }
    for (index, key) in keys.enumerated() {
      let template = baseClusters[min(index, baseClusters.count - 1)]
      let name =
        keys.count == baseClusters.count
        ? templateNames[index] : Self.clusterName(index, of: keys.count)
      guard
        let cluster = importCluster(key, template: template, name: name, activeExtra: activeExtra)
      else { continue }
      clusters.append(.object(cluster))
      names.append(name)
    }
    guard !clusters.isEmpty else { return }
    var component = JSONObject()
    component["clusters"] = .array(clusters)
    if names != templateNames {
      component["qos_policy"] = Self.qosPolicy(names, base: cpu["qos_policy"])
      component["x-source-qos_policy"] = .string(
        "the extended device's policy mapped onto \(names.count) clusters: interactive work on the fastest first, default and background work on the most efficient"
      )
    }
    components["cpu"] = .object(component)
  }

  static func clusterName(_ index: Int, of count: Int) -> String {
    switch count {
    case 1: return "cpu"
    case 2: return ["little", "big"][index]
    case 3: return ["little", "big", "prime"][index]
    case 4: return ["little", "mid", "big", "prime"][index]
    default: return "cluster\(index)"
    }
  }

  /// The extended device's QoS policy for clusters `names`, slowest first: each class's first
  /// choice keeps its relative place (the first cluster, the last, or the one before the last).
  static func qosPolicy(_ names: [String], base: JSONValue?) -> JSONValue {
    let fastestFirst = Array(names.reversed())
    var policy = JSONObject()
    let frequencies: [String: String] = {
      var result: [String: String] = [:]
      if case .object(let object)? = base {
        for (name, rule) in object {
          if case .object(let fields) = rule, case .string(let frequency)? = fields["frequency"] {
            result[name] = frequency
          }
        }
      }
      return result
    }()
    let order: [(String, [String])] = [
      ("user-interactive", fastestFirst),
      (
        "user-initiated",
        names.count >= 2
          ? [names[names.count - 2]] + fastestFirst.filter { $0 != names[names.count - 2] } : names
      ),
      ("default", names),
      ("utility", Array(names.prefix(2))),
      ("background", [names[0]]),
    ]
    for (qos, clusters) in order {
      var rule = JSONObject()
      rule["clusters"] = .array(clusters.map { .string($0) })
      rule["frequency"] = .string(frequencies[qos] ?? "max")
      policy[qos] = .object(rule)
    }
    return .object(policy)
  }

  mutating func importCluster(
    _ keys: ClusterKeys, template: JSONObject, name: String, activeExtra: Double?
  ) -> JSONObject? {
    guard var speeds = profile.values(keys.speeds) else { return nil }
    used.insert(keys.speeds)
    guard var currents = profile.values(keys.powers) else {
      warnings.append("\(keys.speeds) has no \(keys.powers) beside it; the cluster is not imported")
      return nil
    }
    used.insert(keys.powers)
    if speeds.count != currents.count {
      let common = min(speeds.count, currents.count)
      warnings.append(
        "\(keys.speeds) has \(speeds.count) speeds but \(keys.powers) \(currents.count) currents; the first \(common) are imported"
      )
      speeds = Array(speeds.prefix(common))
      currents = Array(currents.prefix(common))
    }
    if let low = speeds.first(where: { $0 > 0 && $0 < 10_000 }) {
      warnings.append(
        "\(keys.speeds) holds \(number(low)), below 10 MHz in kHz: read as MHz (power_profile.xml speeds are in kHz)"
      )
      speeds = speeds.map { $0 < 10_000 ? $0 * 1000 : $0 }
    }
    var cluster = template
    cluster["name"] = .string(name)
    if let cores = keys.cores {
      if cores >= 1 && cores <= 256 {
        cluster["cores"] = .number(JSONNumber(cores))
      } else {
        warnings.append(
          "cpu.clusters.cores gives cluster \(name) \(cores) cores; the extended device's count is kept"
        )
      }
    }
    let coreFloor = Self.states(template, "core_states").last.flatMap { Self.powerOf($0) } ?? 0
    var opps: [JSONValue] = []
    var previous: (speed: Double, power: Int64)?
    for (index, (speed, rawCurrent)) in zip(speeds, currents).enumerated() {
      guard speed > 0 else {
        warnings.append("\(keys.speeds)[\(index)] is \(number(speed)), not a frequency; skipped")
        continue
      }
      if let previous, speed <= previous.speed {
        warnings.append(
          "\(keys.speeds)[\(index)] \(number(speed)) kHz does not rise above the speed before it (\(number(previous.speed)) kHz); skipped"
        )
        continue
      }
      let current = checkedCurrent(rawCurrent, key: "\(keys.powers)[\(index)]")
      var value = nanowatts(milliamperes: current)
      if let previous, value < previous.power {
        warnings.append(
          "\(keys.powers)[\(index)] \(number(current)) mA at \(number(speed / 1000)) MHz is less than at the speed below it: CPU power should rise with frequency (imported as given)"
        )
      }
      var note = ""
      if value < max(coreFloor, 1) {
        note = "; clamped to the core's deepest state, the least an operating point may draw"
        warnings.append(
          "\(keys.powers)[\(index)] \(number(current)) mA is below the core's deepest state (\(power(coreFloor).stringText)), which makes the device invalid; clamped"
        )
        value = max(coreFloor, 1)
      }
      var opp = JSONObject()
      opp["freq"] = .string(
        DecimalFormat.trimmed(DecimalFormat.fixed(speed / 1000, places: 3)) + " MHz")
      opp["power"] = power(value)
      opp["x-source"] = .string(
        "\(file): \(keys.speeds)[\(index)] \(number(speed)) kHz, \(keys.powers)[\(index)] \(number(current)) mA x \(volts(importer.voltage))\(note)"
      )
      opps.append(.object(opp))
      previous = (speed, value)
    }
    guard !opps.isEmpty else {
      warnings.append("\(keys.speeds) gives no usable operating point; the cluster is not imported")
      return nil
    }
    cluster["opps"] = .array(opps)
    cluster["x-source"] = .string(
      "\(file): \(keys.speeds) and \(keys.powers)\(keys.cores == nil ? "; cores as the extended device's cluster (the file does not say)" : ", cpu.clusters.cores"); ipc and ladders as the extended device's cluster"
    )
    // The cluster's active state: cpu.cluster_power (Android 9+), plus cpu.active (the CPU's
    // own increment while any core runs, charged here with the cluster).
    let clusterCurrent = keys.clusterPower.flatMap { current($0) }
    if clusterCurrent != nil || activeExtra != nil {
      let states = Self.states(template)
      if !states.isEmpty {
        let total = (clusterCurrent ?? 0) + (activeExtra ?? 0)
        let named = [
          keys.clusterPower.flatMap {
            clusterCurrent != nil ? "\($0) \(number(clusterCurrent!)) mA" : nil
          },
          activeExtra.map { "cpu.active \(number($0)) mA" },
        ].compactMap { $0 }
        let existing = Self.powerOf(states[0]) ?? 0
        let value =
          clusterCurrent == nil
          ? existing + nanowatts(milliamperes: total) : nanowatts(milliamperes: total)
        cluster["states"] = ladder(
          states,
          replacing: [
            0: (
              value,
              .string(
                "\(file): \(named.joined(separator: " + ")) x \(volts(importer.voltage))\(clusterCurrent == nil ? " on top of the extended device's cluster power" : "")"
              )
            )
          ], component: "cpu cluster \(name)")
      }
    }
    return cluster
  }

  // MARK: Display

  mutating func importDisplay() {
    guard let display = baseComponent("display", type: "display") else { return }
    var component = JSONObject()
    let onKey = ["screen.on.display0", "screen.on"].first { profile.value($0) != nil }
    let fullKey = ["screen.full.display0", "screen.full"].first { profile.value($0) != nil }
    if let onKey, let on = current(onKey) {
      if on < 5 {
        warnings.append(
          "\(onKey) is \(number(on)) mA, under 5 mA: no lit screen draws so little (a placeholder, or a value in A); imported as given"
        )
      }
      let perHz = Self.powerOf(display, "per_hz") ?? 0
      let total = nanowatts(milliamperes: on)
      let refresh: Int64 = 60
      var panel = total - perHz * refresh
      var note =
        "less the extended device's per_hz x 60 Hz (the rate Android's figure is measured at)"
      if panel < 0 {
        panel = 0
        note +=
          "; clamped to 0 (the file's screen draws less than the extended device's refresh cost)"
      }
      component["panel_power"] = power(panel)
      component["x-source-panel_power"] = source(onKey, on, note)
    }
    if let fullKey, let full = current(fullKey) {
      let key =
        (Self.powerOf(display, "full_white_power") != nil || display["full_white_power"] != nil)
        ? "full_white_power" : "backlight_power"
      component[key] = power(nanowatts(milliamperes: full))
      component["x-source-\(key)"] = source(
        fullKey, full, "the screen at full brightness above screen.on")
    }
    // `ambient.on` is left unread: the display model has no ambient (always-on) mode, so the
    // key is listed with the other unused ones.
    guard !component.isEmpty else { return }
    components["display"] = .object(component)
  }

  // MARK: Radios

  mutating func importCellular() {
    guard let radio = baseComponent("cellular", type: "radio") else { return }
    let states = Self.states(radio)
    guard states.count >= 2 else { return }
    var replacements: [Int: (Int64, JSONValue)] = [:]
    var component = JSONObject()
    // Connected: the modem awake (modem.controller.idle, <modem><idle>), else radio.active.
    let connected: (String, Double)? =
      [
        ("modem.controller.idle", profile.value("modem.controller.idle")),
        ("<modem><idle>", profile.modem["modem.idle"]?.values.first),
        ("radio.active", profile.value("radio.active")),
      ]
      .first { $0.1.map { $0 > 0 } ?? false }.map { ($0.0, $0.1!) }
    for key in ["modem.controller.idle", "radio.active"] where profile.value(key) != nil {
      used.insert(key)
    }
    if profile.modem["modem.idle"] != nil { used.insert("modem.idle") }
    if let (key, value) = connected {
      let current = checkedCurrent(value, key: key)
      let value = nanowatts(milliamperes: current)
      replacements[0] = (value, source(key, current, "the modem connected, between transfers"))
      // Intermediate states (DRX) keep their ratio to the connected state.
      if let baseConnected = Self.powerOf(states[0]), baseConnected > 0 {
        for index in 1..<(states.count - 1) {
          if let basePower = Self.powerOf(states[index]) {
            let scaled = Int64(
              (Double(value) * Double(basePower) / Double(baseConnected)).rounded())
            replacements[index] = (
              scaled,
              .string(
                "\(file): \(key) \(number(current)) mA x \(volts(importer.voltage)) x \(number(Double(basePower) / Double(baseConnected))), the extended device's ratio of this state to connected"
              )
            )
          }
        }
      }
    }
    // Idle (paging): <modem><sleep>, modem.controller.sleep, else the mean of radio.on's bins.
    if let sleep = profile.modem["modem.sleep"]?.values.first
      ?? profile.value("modem.controller.sleep"), sleep > 0
    {
      let key = profile.modem["modem.sleep"] != nil ? "<modem><sleep>" : "modem.controller.sleep"
      used.insert(profile.modem["modem.sleep"] != nil ? "modem.sleep" : "modem.controller.sleep")
      let current = checkedCurrent(sleep, key: key)
      replacements[states.count - 1] = (
        nanowatts(milliamperes: current), source(key, current, "the modem asleep, paging")
      )
    } else if let bins = profile.values("radio.on"), !bins.isEmpty {
      used.insert("radio.on")
      let mean = checkedCurrent(bins.reduce(0, +) / Double(bins.count), key: "radio.on")
      replacements[states.count - 1] = (
        nanowatts(milliamperes: mean),
        source(
          "radio.on", mean,
          "the mean of its \(bins.count) signal-strength bins: the radio idle, paging")
      )
    }
    // The idle (paging) state may not draw more than the connected state or a transfer: an
    // OEM value that does (a tablet without a modem lists one anyway) is clamped.
    if let (idle, note) = replacements[states.count - 1] {
      var limit = replacements[0]?.0 ?? Self.powerOf(states[0]) ?? idle
      if case .object(let transfer)? = radio["transfer_power"],
        let base = Self.powerOf(transfer, "base")
      {
        limit = min(limit, base)
      } else if let flat = Self.powerOf(radio, "transfer_power") {
        limit = min(limit, flat)
      }
      if idle > limit {
        warnings.append(
          "cellular's idle (paging) power \(power(idle).stringText) would exceed its connected or transfer power (\(power(limit).stringText)), which makes the device invalid; clamped"
        )
        replacements[states.count - 1] = (
          limit, .string(note.stringText + "; clamped to the connected or transfer power")
        )
      }
    }
    if !replacements.isEmpty {
      component["states"] = ladder(states, replacing: replacements, component: "cellular")
    }
    // Connected-mode DRX (see *Radios*): between on-durations the modem sleeps as it does paging,
    // so the imported idle power (clamped above to the connected power) is its sleep power.
    if case .object(var drx)? = radio["drx"], let idle = replacements[states.count - 1]?.0 {
      drx["power"] = power(idle)
      drx["x-source-power"] = .string(
        "the imported idle (paging) power: the modem asleep between on-durations; the timers are the extended device's"
      )
      component["drx"] = .object(drx)
    }
    // Transfers: the receive current (modem.controller.rx, <modem><active><receive>).
    let receive: (String, Double)? =
      [
        ("modem.controller.rx", profile.value("modem.controller.rx")),
        (
          "<modem><active rat=\"default\"><receive>",
          profile.modem["modem.active.default.receive"]?.values.first
        ),
      ]
      .first { $0.1.map { $0 > 0 } ?? false }.map { ($0.0, $0.1!) }
    if profile.value("modem.controller.rx") != nil { used.insert("modem.controller.rx") }
    if profile.modem["modem.active.default.receive"] != nil {
      used.insert("modem.active.default.receive")
    }
    if let (key, value) = receive {
      let current = checkedCurrent(value, key: key)
      if case .object(var transfer)? = radio["transfer_power"] {
        transfer["base"] = power(nanowatts(milliamperes: current))
        transfer["x-source"] = source(
          key, current,
          "the receive current as the transfer's base; per-Mbit/s terms as the extended device's")
        component["transfer_power"] = .object(transfer)
      } else {
        component["transfer_power"] = power(nanowatts(milliamperes: current))
        component["x-source-transfer_power"] = source(key, current, "receiving")
      }
    }
    importScanning(
      radio, idle: replacements[states.count - 1]?.0 ?? Self.powerOf(states[states.count - 1]),
      into: &component)
    guard !component.isEmpty else { return }
    components["cellular"] = .object(component)
  }

  /// The cellular radio's draw while it searches for a network (see *Radios*): `radio.scanning`,
  /// at least the idle (paging) power `idle` — the device's floor for the radio. Without the key,
  /// an extended device's scanning power below an imported idle power is raised to it.
  private mutating func importScanning(
    _ radio: JSONObject, idle: Int64?, into component: inout JSONObject
  ) {
    if let scanning = profile.value("radio.scanning"), scanning > 0 {
      used.insert("radio.scanning")
      let current = checkedCurrent(scanning, key: "radio.scanning")
      var value = nanowatts(milliamperes: current)
      var note = source("radio.scanning", current, "the radio searching for a signal")
      if let idle, value < idle {
        warnings.append(
          "cellular's scanning power \(power(value).stringText) is below its idle (paging) power (\(power(idle).stringText)), which makes the device invalid; raised"
        )
        value = idle
        note = .string(note.stringText + "; raised to the idle (paging) power")
      }
      component["scanning"] = power(value)
      component["x-source-scanning"] = note
    } else if let inherited = Self.powerOf(radio, "scanning"), let idle, inherited < idle {
      component["scanning"] = power(idle)
      component["x-source-scanning"] = .string(
        "the imported idle (paging) power: the extended device's scanning power is below it")
    }
  }

  mutating func importWiFi() {
    guard let radio = baseComponent("wifi", type: "radio") else { return }
    let states = Self.states(radio)
    guard states.count >= 2 else { return }
    var component = JSONObject()
    var replacements: [Int: (Int64, JSONValue)] = [:]
    let activeKey = ["wifi.controller.rx", "wifi.active"].first { (profile.value($0) ?? 0) > 0 }
    for key in ["wifi.controller.rx", "wifi.active", "wifi.controller.idle", "wifi.on"]
    where profile.value(key) != nil {
      used.insert(key)
    }
    if let activeKey, let raw = profile.value(activeKey) {
      let current = checkedCurrent(raw, key: activeKey)
      let value = nanowatts(milliamperes: current)
      replacements[0] = (value, source(activeKey, current, "Wi-Fi transferring"))
      if case .object = radio["transfer_power"] {
        // A structured transfer power keeps the extended device's shape.
      } else {
        component["transfer_power"] = power(value)
        component["x-source-transfer_power"] = source(activeKey, current, "Wi-Fi transferring")
      }
    }
    // wifi.on (associated, in power save) is the standby state; wifi.controller.idle is the
    // radio awake and listening, not what it draws while the device sleeps, so it is not used.
    let idleKey = ["wifi.on"].first { (profile.value($0) ?? 0) > 0 }
    if let idleKey, let raw = profile.value(idleKey) {
      let current = checkedCurrent(raw, key: idleKey)
      replacements[states.count - 1] = (
        nanowatts(milliamperes: current), source(idleKey, current, "Wi-Fi associated, idle")
      )
    }
    if !replacements.isEmpty {
      component["states"] = ladder(states, replacing: replacements, component: "wifi")
    }
    guard !component.isEmpty else { return }
    components["wifi"] = .object(component)
  }

  mutating func importBluetooth() {
    guard let bluetooth = baseComponent("bluetooth", type: "generic") else { return }
    let states = Self.states(bluetooth)
    guard states.count >= 2 else { return }
    var replacements: [Int: (Int64, JSONValue)] = [:]
    let rx = profile.value("bluetooth.controller.rx") ?? 0
    let tx = profile.value("bluetooth.controller.tx") ?? 0
    for key in [
      "bluetooth.controller.rx", "bluetooth.controller.tx", "bluetooth.active", "bluetooth.on",
      "bluetooth.controller.idle",
    ] where profile.value(key) != nil {
      used.insert(key)
    }
    if let active = profile.value("bluetooth.active"), active > 0 {
      let current = checkedCurrent(active, key: "bluetooth.active")
      replacements[0] = (
        nanowatts(milliamperes: current), source("bluetooth.active", current, "carrying data")
      )
    } else if rx > 0 || tx > 0 {
      let current = checkedCurrent((rx + tx) / 2, key: "bluetooth.controller.rx")
      replacements[0] = (
        nanowatts(milliamperes: current),
        .string(
          "\(file): the mean of bluetooth.controller.rx \(number(rx)) mA and bluetooth.controller.tx \(number(tx)) mA x \(volts(importer.voltage))"
        )
      )
    }
    if let idle = profile.value("bluetooth.controller.idle") ?? profile.value("bluetooth.on") {
      let key =
        profile.value("bluetooth.controller.idle") != nil
        ? "bluetooth.controller.idle" : "bluetooth.on"
      let current = checkedCurrent(idle, key: key)
      replacements[states.count - 1] = (
        nanowatts(milliamperes: current), source(key, current, "on, not connected")
      )
    }
    guard !replacements.isEmpty else { return }
    var component = JSONObject()
    component["states"] = ladder(states, replacing: replacements, component: "bluetooth")
    components["bluetooth"] = .object(component)
  }

  /// A generic component's active state from the first of `keys` the file gives (an array is
  /// averaged: `gps.signalqualitybased` has one current per signal level).
  mutating func importGeneric(_ name: String, keys: [String], what: String) {
    guard let generic = baseComponent(name, type: "generic") else { return }
    let states = Self.states(generic)
    guard states.count >= 2 else { return }
    for key in keys where profile.values(key) != nil { used.insert(key) }
    guard let key = keys.first(where: { (profile.values($0)?.reduce(0, +) ?? 0) > 0 }),
      let values = profile.values(key)
    else { return }
    let mean = checkedCurrent(values.reduce(0, +) / Double(values.count), key: key)
    var component = JSONObject()
    component["states"] = ladder(
      states,
      replacing: [
        0: (
          nanowatts(milliamperes: mean),
          source(
            key, mean, values.count > 1 ? "the mean of its \(values.count) values; \(what)" : what)
        )
      ], component: name)
    components[name] = .object(component)
  }
}

extension JSONValue {
  /// The string, or the value's JSON text.
  var stringText: String {
    if case .string(let text) = self { return text }
    return serialized()
  }
}
