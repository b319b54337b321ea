import DeviceModels
import JSONSupport
import Quantities

extension DeviceDecoder {
  /// Decodes `thermal` (see *Peripherals and recipes*): `resistance` (°C per W) with
  /// `capacitance` (J per °C) or `time_constant`, `states` (°C, ascending), `poll` and `limits`.
  func decodeThermal(_ value: JSONValue, at path: JSONPath, components: [ComponentSpec])
    throws(InputError) -> ThermalSpec
  {
    var object = try ObjectReader(value, at: path, in: reader.file, as: ScenarioLanguage.thermal)
    _ = object.optional("description")
    let resistanceValue = try object.required("resistance")
    let resistance = try reader.positiveNumber(resistanceValue, object.path("resistance"))
    guard resistance <= 1e6 else {
      throw object.error(
        "resistance",
        "expected a thermal resistance of at most 1000000 °C per W, found \(ValueReader.found(resistanceValue))"
      )
    }
    let microdegreesPerWatt = Int64((resistance * 1e6).rounded())
    let poll = try object.optional("poll").map { v throws(InputError) in
      try reader.positiveTime(v, object.path("poll"))
    }
    let pollSpan = poll ?? ThermalSpec.defaultPoll
    let timeConstant: TimeSpan
    let timeKey: String
    switch (object.optional("capacitance"), object.optional("time_constant")) {
    case (let capacitance?, nil):
      timeKey = "capacitance"
      let joulesPerDegree = try reader.positiveNumber(capacitance, object.path("capacitance"))
      let seconds = resistance * joulesPerDegree
      guard seconds < 9.2e9 else {
        throw object.error(
          "capacitance",
          "expected a capacitance whose time constant (resistance × capacitance) is at most 292 years, found \(ValueReader.found(capacitance))"
        )
      }
      timeConstant = .nanoseconds(Int64((seconds * 1e9).rounded()))
    case (nil, let constant?):
      timeKey = "time_constant"
      timeConstant = try reader.positiveTime(constant, object.path("time_constant"))
    case (.some, .some):
      throw object.error(
        "capacitance",
        "expected either \"capacitance\" or \"time_constant\", found both (a device that extends one which gives the other can set it to null)"
      )
    case (nil, nil):
      throw object.error("a thermal model needs \"capacitance\" or \"time_constant\"")
    }
    guard timeConstant >= pollSpan else {
      throw object.error(
        timeKey,
        "expected a time constant of at least the poll (\(pollSpan)), found \(timeConstant): the governor's step would overshoot"
      )
    }
    let states = try decodeThermalStates(
      try object.required("states"), at: object.path("states"))
    let limits = try object.optional("limits").map { v throws(InputError) in
      try decodePowerLimits(v, at: object.path("limits"), poll: pollSpan, components: components)
    }
    try object.rejectUnusedKeys()
    return ThermalSpec(
      resistance: microdegreesPerWatt, timeConstant: timeConstant, fair: states[0],
      serious: states[1], critical: states[2], poll: pollSpan, limits: limits)
  }

  /// Decodes `thermal.states`: `fair`, `serious` and `critical` in °C, strictly ascending.
  private func decodeThermalStates(_ value: JSONValue, at path: JSONPath) throws(InputError)
    -> [Temperature]
  {
    var object = try ObjectReader(
      value, at: path, in: reader.file, as: ScenarioLanguage.thermalStates)
    var temperatures: [Temperature] = []
    for key in ["fair", "serious", "critical"] {
      let temperature = try reader.temperature(try object.required(key), object.path(key))
      if let previous = temperatures.last, temperature <= previous {
        throw object.error(
          key,
          "expected \"\(key)\" above the state before it (\(previous.celsius) °C), found \(temperature.celsius) °C"
        )
      }
      temperatures.append(temperature)
    }
    try object.rejectUnusedKeys()
    return temperatures
  }

  /// Decodes `thermal.limits`: `sustained` (PL1) over `window` (tau, at least the poll),
  /// `short_term` (PL2, at least the sustained limit) and the `components` they count (the CPU
  /// and the GPU by default).
  private func decodePowerLimits(
    _ value: JSONValue, at path: JSONPath, poll: TimeSpan, components: [ComponentSpec]
  ) throws(InputError) -> PowerLimitSpec {
    var object = try ObjectReader(
      value, at: path, in: reader.file, as: ScenarioLanguage.powerLimits)
    _ = object.optional("description")
    let sustainedValue = try object.required("sustained")
    let sustained = try reader.power(sustainedValue, object.path("sustained"))
    guard sustained > .zero else {
      throw object.error(
        "sustained",
        "expected a sustained limit greater than zero, found \(ValueReader.found(sustainedValue))")
    }
    let window = try reader.positiveTime(try object.required("window"), object.path("window"))
    guard window >= poll else {
      throw object.error(
        "window", "expected an averaging window of at least the poll (\(poll)), found \(window)")
    }
    let shortTerm = try object.optional("short_term").map { v throws(InputError) in
      let limit = try reader.power(v, object.path("short_term"))
      guard limit >= sustained else {
        throw object.error(
          "short_term",
          "expected a short-term limit of at least the sustained one (\(sustained)), found \(ValueReader.found(v))"
        )
      }
      return limit
    }
    var names: [String]
    if let listValue = object.optional("components") {
      let listPath = object.path("components")
      let items = try reader.array(listValue, listPath, of: "component names")
      names = []
      for (index, item) in items.enumerated() {
        let itemPath = listPath.appending(index: index)
        let name = try reader.string(item, itemPath)
        guard components.contains(where: { $0.name == name }) else {
          let known = components.map(\.name)
          let hint = closestMatch(to: name, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
          throw reader.error(
            itemPath,
            "expected the name of a component of the device, found \(ValueExcerpt.quoted(name))\(hint)"
          )
        }
        guard !names.contains(name) else {
          throw reader.error(
            itemPath, "expected each component once, found \(ValueExcerpt.quoted(name)) twice")
        }
        names.append(name)
      }
      guard !names.isEmpty else {
        throw object.error("components", "expected at least one component name, found none")
      }
    } else {
      names = components.compactMap { component in
        switch component.model {
        case .cpu, .gpu: component.name
        default: nil
        }
      }
      guard !names.isEmpty else {
        throw object.error(
          "power limits need \"components\" on a device without a CPU or a GPU (they count the CPU and the GPU by default)"
        )
      }
    }
    try object.rejectUnusedKeys()
    return PowerLimitSpec(
      sustained: sustained, window: window, shortTerm: shortTerm, components: names)
  }
}
