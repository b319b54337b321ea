import DeviceModels
import JSONSupport
import Quantities

/// Decodes a device object (see *Device files*) into a validated `DeviceSpec`.
///
/// `extends` must already have been resolved (see ``DeviceResolver``): this sees one merged
/// object. Every number is checked here, so the simulator can trust what it gets.
struct DeviceDecoder {
  let reader: ValueReader

  /// Component types in the order the messages list them.
  static let componentTypes = ScenarioLanguage.components.map(\.name)

  /// The keys a component of each type takes, in the order messages list them.
  static let componentKeys: [String: [String]] = Dictionary(
    uniqueKeysWithValues: ScenarioLanguage.components.map { ($0.name, $0.keyNames) })

  /// The keys a component of some type takes: what a component without `type` is checked
  /// against.
  static var anyComponentKeys: [String] {
    var keys: [String] = []
    for type in componentTypes {
      for key in componentKeys[type] ?? [] where !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  /// Keys of a work object that a generic component may not be named after.
  static let reservedNames: Set<String> = [
    "cpu", "threads", "qos", "parallel_efficiency", "read", "write", "write_size", "download",
    "upload", "via", "gpu", "platform", "recipe", "resolution", "fps",
  ]

  func decode(_ value: JSONValue, at path: JSONPath) throws(InputError) -> DeviceSpec {
    var object = try ObjectReader(
      value, at: path, in: reader.file, as: ScenarioLanguage.device)
    let name = try object.optional("name").map { v throws(InputError) in
      try reader.name(v, object.path("name"))
    }
    _ = object.optional("description")
    if object.contains("extends") {
      throw object.error("extends", "\"extends\" was not resolved before decoding")
    }
    let battery = try object.optional("battery").map { v throws(InputError) in
      try decodeBattery(v, at: object.path("battery"))
    }
    let appPolicy = try object.optional("app_policy").map { v throws(InputError) in
      try decodeAppPolicy(v, at: object.path("app_policy"))
    }
    let lowPower = try object.optional("low_power").map { v throws(InputError) in
      try decodeLowPower(v, at: object.path("low_power"))
    }
    let networkStack = try object.optional("network_stack").map { v throws(InputError) in
      try decodeNetworkStack(v, at: object.path("network_stack"))
    }
    let thermalValue = object.optional("thermal")
    let componentsValue = try object.required("components")
    let recipesValue = object.optional("recipes")
    try object.rejectUnusedKeys()
    let componentsPath = object.path("components")
    guard case .object(let members) = componentsValue else {
      throw reader.error(
        componentsPath,
        "expected an object of components keyed by name, found \(componentsValue.kindPhrase)")
    }
    var components: [ComponentSpec] = []
    var movement = DataMovement()
    for (componentName, componentValue) in members {
      let componentPath = componentsPath.appending(key: componentName)
      try checkComponentName(componentName, at: componentPath)
      components.append(
        try decodeComponent(
          componentValue, named: componentName, at: componentPath, movement: &movement))
    }
    var device = DeviceSpec(name: name ?? "device", components: components, battery: battery)
    device.memory = movement.memory
    device.genericLoads = movement.genericLoads
    device.networkStack = networkStack
    if let appPolicy { device.appPolicy = appPolicy }
    device.lowPower = lowPower
    try validateStructure(device, at: componentsPath)
    if let thermalValue {
      device.thermal = try decodeThermal(
        thermalValue, at: object.path("thermal"), components: components)
    }
    if let recipesValue {
      (device.recipes, device.unusableRecipes) = try decodeRecipes(
        recipesValue, at: object.path("recipes"), device: device)
    }
    return device
  }

  /// Decodes `recipes` (see *Peripherals and recipes*): named work objects whose steps run on this
  /// device's components. A recipe that names a component the device lacks (the phone without its
  /// radios) is set aside with the reason, an error only if work names it.
  private func decodeRecipes(_ value: JSONValue, at path: JSONPath, device: DeviceSpec)
    throws(InputError) -> (usable: [String: WorkRecipe], unusable: [String: String])
  {
    guard case .object(let members) = value else {
      throw reader.error(
        path, "expected an object of recipes keyed by name, found \(value.kindPhrase)")
    }
    let context = ScenarioContext(device: device, duration: .zero, reader: reader)
    let work = WorkDecoder(file: reader.file, context: context, hasNetwork: true)
    var recipes: [String: WorkRecipe] = [:]
    var unusable: [String: String] = [:]
    for (name, recipeValue) in members where !name.hasPrefix("$") && !name.hasPrefix("x-") {
      let recipePath = path.appending(key: name)
      if name.isEmpty {
        throw reader.error(recipePath, "expected a recipe name, found an empty one")
      }
      if let missing = work.missingComponent(inRecipe: recipeValue, named: name) {
        unusable[name] = missing
        continue
      }
      recipes[name] = try work.decodeRecipe(recipeValue, named: name, at: recipePath)
    }
    return (recipes, unusable)
  }

  private func checkComponentName(_ name: String, at path: JSONPath) throws(InputError) {
    if name.isEmpty || name.contains("/") || name.contains(",") {
      throw reader.error(
        path, "expected a component name without \"/\" or \",\", found \(ValueExcerpt.quoted(name))"
      )
    }
  }

  /// Decodes `low_power` (see *Apps and push delivery*): `max_frequency`, a fraction above 0 of
  /// each cluster's and the GPU's highest clock, and `timer_leeway`, the least tolerance of a
  /// timer.
  private func decodeLowPower(_ value: JSONValue, at path: JSONPath) throws(InputError)
    -> LowPowerSpec
  {
    var object = try ObjectReader(
      value, at: path, in: reader.file, as: ScenarioLanguage.lowPowerLimits)
    let maxValue = try object.required("max_frequency")
    let maxFrequency = try reader.fraction(maxValue, object.path("max_frequency"))
    guard maxFrequency.value > 0 else {
      throw object.error(
        "max_frequency",
        "expected a fraction above 0 of the highest clock (up to 100%), found \(ValueReader.found(maxValue))"
      )
    }
    let leeway = try reader.time(try object.required("timer_leeway"), object.path("timer_leeway"))
    try object.rejectUnusedKeys()
    return LowPowerSpec(maxFrequency: maxFrequency, timerLeeway: leeway)
  }

  private func decodeBattery(_ value: JSONValue, at path: JSONPath) throws(InputError)
    -> BatterySpec
  {
    var object = try ObjectReader(
      value, at: path, in: reader.file, as: ScenarioLanguage.battery)
    var capacity: Energy
    var nominalVoltage: Voltage?
    if let energy = object.optional("capacity") {
      capacity = try reader.energy(energy, object.path("capacity"))
      if object.contains("capacity_mah") {
        throw object.error(
          "capacity_mah",
          "expected either \"capacity\" or \"capacity_mah\", found both (a device that extends one which gives the other can set it to null)"
        )
      }
      if object.contains("voltage") {
        throw object.error(
          "voltage",
          "expected \"voltage\" only with \"capacity_mah\", found it with \"capacity\" (a device that extends one which gives it can set it to null)"
        )
      }
    } else if let mah = object.optional("capacity_mah") {
      guard case .number(let number) = mah, number.doubleValue.isFinite, number.doubleValue > 0
      else {
        throw object.error(
          "capacity_mah",
          "expected a number of mAh greater than zero, found \(ValueReader.found(mah))")
      }
      guard let voltageValue = object.optional("voltage") else {
        throw object.error("\"capacity_mah\" needs \"voltage\" to convert charge to energy")
      }
      let voltage = try reader.voltage(voltageValue, object.path("voltage"))
      nominalVoltage = voltage
      guard voltage.volts > 0 else {
        throw object.error(
          "voltage",
          "expected a voltage greater than zero, found \(ValueReader.found(voltageValue))")
      }
      // mAh × V = mWh; 1 mWh = 3.6 J.
      let joules = number.doubleValue * voltage.volts * 3.6
      guard joules <= 1.7e20 else {
        throw object.error(
          "capacity_mah",
          "expected a capacity of at most 1.7e20 J, found \(ValueExcerpt.bare(number.literal)) mAh at \(ValueReader.found(voltageValue)) (too large)"
        )
      }
      capacity = .joules(joules)
      // A charge of at least 1 mAh that holds no energy: the voltage is what is wrong.
      if capacity == .zero && number.doubleValue >= 1 {
        throw object.error(
          "voltage",
          "expected a voltage that gives \(ValueExcerpt.bare(number.literal)) mAh a capacity greater than zero, found \(ValueReader.found(voltageValue)) (it rounds the capacity to 0 J)"
        )
      }
    } else {
      throw object.error(
        "a battery needs \"capacity\" (an energy) or \"capacity_mah\" with \"voltage\"")
    }
    guard capacity > .zero else {
      let key = object.contains("capacity") ? "capacity" : "capacity_mah"
      throw object.error(key, "expected a capacity greater than zero")
    }
    let chargePower = try object.optional("charge_power").map { v throws(InputError) in
      try reader.power(v, object.path("charge_power"))
    }
    _ = object.optional("description")
    try object.rejectUnusedKeys()
    return BatterySpec(
      capacity: capacity, chargePower: chargePower ?? .zero, nominalVoltage: nominalVoltage)
  }

  private func decodeComponent(
    _ value: JSONValue, named name: String, at path: JSONPath, movement: inout DataMovement
  ) throws(InputError) -> ComponentSpec {
    var object = try ObjectReader(
      value, at: path, in: reader.file, what: ScenarioLanguage.componentPhrase)
    guard let typeValue = object.optional("type") else {
      // Without a type, any component's key may be meant; "tpye" is reported as a typo.
      try object.checkKeys(known: Self.anyComponentKeys)
      throw object.error("a component needs the key \"type\", which is missing")
    }
    let type = try reader.string(typeValue, object.path("type"))
    guard let keys = Self.componentKeys[type] else {
      var message =
        "expected a component type (\(listing(Self.componentTypes, conjunction: "or"))), found \(ValueExcerpt.quoted(type))"
      if let suggestion = closestMatch(to: type, among: Self.componentTypes) {
        message += " (did you mean \"\(suggestion)\"?)"
      }
      throw object.error("type", message)
    }
    try object.checkKeys(known: keys)
    _ = object.optional("description")
    // An island is an always-on domain of its own: it hangs from nothing unless told.
    var parent: ParentReference = type == "island" ? .none : .platform
    if let parentValue = object.optional("parent") {
      let parentName = try reader.name(parentValue, object.path("parent"))
      parent = parentName == "none" ? .none : .named(parentName)
    }
    let model: ComponentModel
    switch type {
    case "platform":
      model = .platform(try decodeLadder(&object, defaultPolicy: .timeout, isPlatform: true))
      if let memory = try decodeMemory(&object) { movement.memory = memory }
    case "island":
      model = .island(try decodeLadder(&object, defaultPolicy: .timeout))
    case "generic":
      model = .generic(try decodeLadder(&object, defaultPolicy: .timeout))
      if let load = try decodeGenericLoad(&object) { movement.genericLoads[name] = load }
    case "cpu":
      model = .cpu(try decodeCPU(&object))
    case "storage":
      model = .storage(try decodeStorage(&object))
    case "radio":
      model = .radio(try decodeRadio(&object, named: name))
    case "gpu":
      model = .gpu(try decodeGPU(&object))
    case "display":
      model = .display(try decodeDisplay(&object))
    default:
      preconditionFailure("componentKeys has a type the decoder does not know: \(type)")
    }
    try object.rejectUnusedKeys()
    return ComponentSpec(name: name, model: model, parent: parent)
  }

  /// Checks what concerns several components: parents, cycles, one of each kind the work steps
  /// address, names that clash with work keys.
  private func validateStructure(_ device: DeviceSpec, at path: JSONPath) throws(InputError) {
    var seen: [String: String] = [:]
    for component in device.components {
      let componentPath = path.appending(key: component.name)
      let type = component.model.typeName
      if ["cpu", "storage", "gpu", "display"].contains(type) {
        if let first = seen[type] {
          throw reader.error(
            componentPath,
            "a device has at most one \(type) component; \"\(first)\" is one already")
        }
        seen[type] = component.name
      }
      if type == "generic" && Self.reservedNames.contains(component.name) {
        throw reader.error(
          componentPath,
          "a generic component cannot be named \"\(component.name)\", which is a work step's key")
      }
      if case .named(let parentName) = component.parent {
        guard let parent = device.component(named: parentName) else {
          throw reader.error(
            componentPath.appending(key: "parent"),
            "expected the name of a platform or island component or \"none\", found \(ValueExcerpt.quoted(parentName)), which is not a component of this device"
          )
        }
        switch parent.model {
        case .platform, .island: break
        default:
          throw reader.error(
            componentPath.appending(key: "parent"),
            "expected a platform or island component as parent, found \(ValueExcerpt.quoted(parentName)), a \(parent.model.typeName) component"
          )
        }
        if parentName == component.name {
          throw reader.error(
            componentPath.appending(key: "parent"), "a component cannot be its own parent")
        }
      }
    }
    try checkParentCycles(device, at: path)
  }

  private func checkParentCycles(_ device: DeviceSpec, at path: JSONPath) throws(InputError) {
    for component in device.components {
      var chain = [component.name]
      var current = component
      while case .named(let parentName) = current.parent,
        let parent = device.component(named: parentName)
      {
        if chain.contains(parentName) {
          throw reader.error(
            path.appending(key: component.name).appending(key: "parent"),
            "parents form a cycle: \((chain + [parentName]).joined(separator: " → "))")
        }
        chain.append(parentName)
        current = parent
      }
    }
  }
}
