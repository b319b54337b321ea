import DeviceModels
import JSONSupport
import Quantities

/// Reads `work` (see *OS policies*): an object or a list of objects, each with optional steps `cpu`
/// (+ `threads`, `qos`, `parallel_efficiency`), `read`, `write` (+ `write_size`), `download`,
/// `upload` (+ `via`), `gpu`, and generic components by name, or `recipe`, the name of one of the
/// device's recipes (see *Peripherals and recipes*), whose steps it runs with any others it gives.
/// Each step must have a component of the device to run on.
struct WorkDecoder {
  let file: String
  let context: ScenarioContext
  /// Whether the environment provides a network for transfers without `via`.
  let hasNetwork: Bool

  /// The keys of a work item's steps, in the order messages list them.
  static let stepKeys = ScenarioLanguage.workSteps.map(\.name)

  /// The most requests one write step may be split into (the engine counts them in 32 bits).
  static let maximumWriteRequests: Int64 = 1_000_000_000

  /// Names of the components a work object keeps active for a time by naming them (`"gnss": "2 s"`,
  /// `"wifi": "1.5 s"`): the device's generic components and its radios (*Peripherals and recipes*:
  /// radio time, such as a Wi-Fi scan), in device order.
  let timedComponentNames: [String]
  /// The keys a work object may have: its steps', the timed components', `recipe` and the
  /// control steps' (found once, not for each of a hundred thousand workloads).
  let workItemKeys: [String]

  /// A decoder of work in `file`, on the device of `context`; `hasNetwork` when the environment
  /// provides a network for transfers without `via`.
  init(file: String, context: ScenarioContext, hasNetwork: Bool) {
    self.file = file
    self.context = context
    self.hasNetwork = hasNetwork
    timedComponentNames = context.device.components.compactMap { component in
      switch component.model {
      case .generic, .radio: return component.name
      default: return nil
      }
    }
    workItemKeys = Self.stepKeys + timedComponentNames + ["recipe"] + Self.controlKeys
  }

  var reader: ValueReader { ValueReader(file: file) }

  func decode(_ value: JSONValue, at path: JSONPath, defaultQoS: QoSClass) throws(InputError)
    -> WorkSpec
  {
    if case .array(let items) = value {
      guard !items.isEmpty else {
        throw reader.error(path, "expected at least one work object in the list, found none")
      }
      var objects: WorkSpec = []
      for (index, item) in items.enumerated() {
        try refuseEmptyWork(item, at: path.appending(index: index))
        objects.append(
          try decodeObject(item, at: path.appending(index: index), defaultQoS: defaultQoS))
      }
      return objects
    }
    try refuseEmptyWork(value, at: path)
    return [try decodeObject(value, at: path, defaultQoS: defaultQoS)]
  }

  /// Refuses a work object with no step: it takes no time, and a zero-length occurrence that
  /// costs nothing is a mistake. (A trace row's empty cells are not: the row is an occurrence
  /// with its dispatch only, so trace rows do not pass here.)
  func refuseEmptyWork(_ value: JSONValue, at path: JSONPath) throws(InputError) {
    if case .object(let members) = value, members.isEmpty {
      throw reader.error(
        path,
        "expected work with at least one step (cpu, a component's time, download, upload or a recipe), found an empty object (zero-length work)"
      )
    }
  }

  func decodeObject(_ value: JSONValue, at path: JSONPath, defaultQoS: QoSClass)
    throws(InputError) -> WorkStepSpec
  {
    var object = try ObjectReader(
      value, at: path, in: file, what: ScenarioLanguage.workItem.phrase,
      known: workItemKeys)
    if let control = try decodeControlStep(&object) { return control }
    guard let recipeValue = object.optional("recipe") else {
      return try decodeSteps(&object, defaultQoS: defaultQoS)
    }
    let name = try reader.string(recipeValue, object.path("recipe"))
    if let reason = context.device.unusableRecipes[name] {
      throw object.error(
        "recipe",
        "recipe \(ValueExcerpt.quoted(name)) cannot run on this device: \(reason)")
    }
    guard let recipe = context.device.recipes[name] else {
      let names = context.device.recipes.keys.sorted()
      var message: String
      if names.isEmpty {
        message = "the device \(ValueExcerpt.quoted(context.device.name)) has no recipes"
      } else {
        message =
          "expected a recipe of the device (\(listing(names, conjunction: "or"))), found \(ValueExcerpt.quoted(name))"
        if let suggestion = closestMatch(to: name, among: names) {
          message += " (did you mean \"\(suggestion)\"?)"
        }
      }
      throw object.error("recipe", message)
    }
    for key in recipe.keys where object.contains(key) {
      throw object.error(
        key,
        "recipe \(ValueExcerpt.quoted(name)) gives \"\(key)\" already; a work object may add steps to its recipe but not give the same one again (write a list of work objects to run it twice)"
      )
    }
    if !hasNetwork && recipe.steps.via == nil
      && (recipe.steps.download != nil || recipe.steps.upload != nil)
    {
      throw object.error(
        "recipe",
        "recipe \(ValueExcerpt.quoted(name)) transfers data, and the device has no radio to do it with (the environment names no network)"
      )
    }
    var step = try decodeSteps(&object, defaultQoS: defaultQoS)
    step.merge(recipe.steps, genericOrder: timedComponentNames)
    return step
  }

  /// Decodes a device's recipe (see *Peripherals and recipes*): the steps of a work object, without
  /// `qos` (the work object naming the recipe gives it) or another recipe. Every key must be a work
  /// step or a generic component of the device.
  func decodeRecipe(_ value: JSONValue, named name: String, at path: JSONPath) throws(InputError)
    -> WorkRecipe
  {
    guard case .object(let members) = value else {
      throw reader.error(
        path,
        "expected a recipe: an object of work steps (\"gnss\": \"6 s\"), found \(value.kindPhrase)")
    }
    let generics = timedComponentNames
    let allowed = ScenarioLanguage.recipe.keyNames + generics
    var keys: [String] = []
    for key in members.keys where !key.hasPrefix("$") && !key.hasPrefix("x-") {
      if allowed.contains(key) {
        keys.append(key)
        continue
      }
      let keyPath = path.appending(key: key)
      if key == "qos" || key == "recipe" {
        throw reader.error(
          keyPath,
          "a recipe cannot give \"\(key)\"; the work object that names the recipe gives it")
      }
      var message =
        "recipe \(ValueExcerpt.quoted(name)) names \(ValueExcerpt.quoted(key)), which is neither a work step nor a generic component of this device"
      if let suggestion = closestMatch(to: key, among: allowed) {
        message += " (did you mean \"\(suggestion)\"?)"
      } else {
        message += " (remove the recipe with \"\(name)\": null if the device has no such part)"
      }
      throw reader.error(keyPath, message)
    }
    var object = try ObjectReader(
      value, at: path, in: file, what: ScenarioLanguage.recipe.phrase, known: allowed)
    guard !keys.isEmpty else {
      throw reader.error(
        path, "expected at least one work step in recipe \(ValueExcerpt.quoted(name))")
    }
    let steps = try decodeSteps(&object, defaultQoS: .default)
    return WorkRecipe(steps: steps, keys: keys)
  }

  /// Why recipe `name` cannot run on this device — a component it names is missing — or `nil`. Keys
  /// that are no work step nor component name at all are left to ``decodeRecipe(_:named:at:)``.
  func missingComponent(inRecipe value: JSONValue, named name: String) -> String? {
    guard case .object(let members) = value else { return nil }
    let componentNames = Set(context.device.components.map(\.name))
    for (key, member) in members where !key.hasPrefix("$") && !key.hasPrefix("x-") {
      if let type = ["cpu": "cpu", "gpu": "gpu", "read": "storage", "write": "storage"][key],
        !context.has(type)
      {
        return "it has \"\(key)\" work, and the device has no \(type) component"
      }
      if key == "via", case .string(let radio) = member,
        !context.radios.contains(where: { $0.name == radio })
      {
        return "it transfers via \(ValueExcerpt.quoted(radio)), which is not a radio of the device"
      }
      if !Self.stepKeys.contains(key) && !componentNames.contains(key) && key != "recipe"
        && closestMatch(to: key, among: Self.stepKeys + timedComponentNames) == nil
      {
        return "it names \(ValueExcerpt.quoted(key)), which is not a component of the device"
      }
    }
    return nil
  }

  /// The steps of a work object (or a recipe) whose keys are checked.
  private func decodeSteps(_ object: inout ObjectReader, defaultQoS: QoSClass) throws(InputError)
    -> WorkStepSpec
  {
    let generics = timedComponentNames
    var step = WorkStepSpec(qos: defaultQoS)
    if let cpu = object.optional("cpu") {
      try require("cpu", object, "a CPU")
      step.cpu = try reader.positiveTime(cpu, object.path("cpu"))
    }
    if let threads = object.optional("threads") {
      try needs("threads", "cpu", object)
      step.threads = try reader.integer(threads, object.path("threads"), in: 1...1024)
    }
    if let efficiency = object.optional("parallel_efficiency") {
      try needs("parallel_efficiency", "cpu", object)
      let fraction = try reader.fraction(efficiency, object.path("parallel_efficiency"))
      guard fraction.value > 0 else {
        throw object.error("parallel_efficiency", "expected a fraction greater than zero, found 0")
      }
      step.parallelEfficiency = fraction.value
    }
    if let qos = object.optional("qos") {
      step.qos = try reader.choice(qos, object.path("qos"), QoSClass.self)
    }
    if let read = object.optional("read") {
      try require("read", object, "a storage")
      step.read = try reader.positiveDataSize(read, object.path("read"))
    }
    if let write = object.optional("write") {
      try require("write", object, "a storage")
      step.write = try reader.positiveDataSize(write, object.path("write"))
    }
    if let size = object.optional("write_size") {
      try needs("write_size", "write", object)
      let requestSize = try reader.positiveDataSize(size, object.path("write_size"))
      let requests = (step.write?.bytes ?? 0) / requestSize.bytes
      guard requests <= Self.maximumWriteRequests else {
        throw object.error(
          "write_size",
          "expected a write_size that splits the write into at most 1e9 requests, found \(ValueReader.found(size)) (\(Approximate.text(Double(requests))) requests)"
        )
      }
      step.writeSize = requestSize
    }
    if let via = object.optional("via") {
      let name = try reader.name(via, object.path("via"))
      guard context.radios.contains(where: { $0.name == name }) else {
        let radios = context.radios.map(\.name)
        throw object.error(
          "via",
          radios.isEmpty
            ? "the device has no radio for \"via\" to name"
            : "expected a radio of the device (\(listing(radios, conjunction: "or"))), found \(ValueExcerpt.quoted(name))"
        )
      }
      step.via = name
    }
    for key in ["download", "upload"] {
      guard let amount = object.optional(key) else { continue }
      if step.via == nil && !hasNetwork {
        throw object.error(key, "the device has no radio to \(key) with")
      }
      let size = try reader.positiveDataSize(amount, object.path(key))
      if key == "download" { step.download = size } else { step.upload = size }
    }
    if step.via != nil && step.download == nil && step.upload == nil {
      throw object.error(
        "via", "\"via\" names the radio of a download or upload; this item has neither")
    }
    if let gpu = object.optional("gpu") {
      try require("gpu", object, "a GPU")
      step.gpu = try reader.positiveTime(gpu, object.path("gpu"))
    }
    try decodeCall(&object, into: &step)
    // With a call, "video" says whether it is a video call, not a component's time.
    for name in generics where !(name == "video" && step.call != nil) {
      guard let duration = object.optional(name) else { continue }
      step.generic.append(
        GenericStep(component: name, duration: try reader.positiveTime(duration, object.path(name)))
      )
    }
    try decodePixels(&object, into: &step)
    try object.rejectUnusedKeys()
    return step
  }

  /// The largest width or height a `resolution` may give, and the highest `fps`.
  static let maximumFrameSide: Int64 = 100_000
  static let maximumFrameRate = 10_000.0

  /// Decodes `resolution` and `fps` (see *Peripherals and recipes*): both or neither, and only
  /// with a step of a component whose power grows with pixels.
  private func decodePixels(_ object: inout ObjectReader, into step: inout WorkStepSpec)
    throws(InputError)
  {
    let resolutionValue = object.optional("resolution")
    let fpsValue = object.optional("fps")
    guard resolutionValue != nil || fpsValue != nil else { return }
    for (key, other) in [("resolution", "fps"), ("fps", "resolution")] where !object.contains(other)
    {
      throw object.error(
        key, "\"\(key)\" goes with \"\(other)\", which this work item does not have")
    }
    let loads = context.device.genericLoads
    guard step.generic.contains(where: { loads[$0.component]?.dependsOnPixels == true }) else {
      let names = loads.filter(\.value.dependsOnPixels).keys.sorted()
      throw object.error(
        "resolution",
        names.isEmpty
          ? "\"resolution\" and \"fps\" size the pixels of a camera or encoder step, and the device has no component with pixel_energy or pixel_memory"
          : "\"resolution\" and \"fps\" size the pixels of a camera or encoder step; this item has none (\(listing(names, conjunction: "or")))"
      )
    }
    if let resolutionValue {
      step.resolution = try resolution(resolutionValue, at: object.path("resolution"))
    }
    if let fpsValue {
      let path = object.path("fps")
      let rate = try reader.positiveFrequency(fpsValue, path)
      guard rate.hertz <= Self.maximumFrameRate else {
        throw reader.error(
          path, "expected at most 10000 fps, found \(ValueReader.found(fpsValue))")
      }
      step.frameRate = rate
    }
  }

  /// A `"WIDTHxHEIGHT"` resolution, each side a whole number of pixels from 1 to 100000.
  private func resolution(_ value: JSONValue, at path: JSONPath) throws(InputError) -> Resolution {
    let text = try reader.string(value, path)
    let sides = text.split(separator: "x", omittingEmptySubsequences: false)
    if sides.count == 2, sides.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
      let width = Int64(sides[0]), let height = Int64(sides[1]),
      (1...Self.maximumFrameSide).contains(width), (1...Self.maximumFrameSide).contains(height)
    {
      return Resolution(width: width, height: height)
    }
    throw reader.error(
      path,
      "expected a resolution WIDTHxHEIGHT in pixels, each from 1 to 100000 (\"3840x2160\"), found \(ValueExcerpt.quoted(text))"
    )
  }

  /// The keys of the steps that ask the OS for something (see ``ScenarioLanguage/controlSteps``).
  static let controlKeys = ScenarioLanguage.controlSteps.map(\.name)

  /// A work item that asks the OS for something: `{ "extend": "background" }` or `{ "hold":
  /// "awake", "for": DURATION }`, each alone in its item (so that where it runs among the
  /// occurrence's steps is the list's order); `nil` for any other item.
  private func decodeControlStep(_ object: inout ObjectReader) throws(InputError)
    -> WorkStepSpec?
  {
    let given = Self.controlKeys.filter { object.contains($0) }
    guard let first = given.first else { return nil }
    if first == "for" {
      throw object.error("for", "\"for\" is the length of a hold; add \"hold\": \"awake\"")
    }
    let others = object.object.keys.filter {
      !ScenarioLanguage.isFree($0) && $0 != first && !(first == "hold" && $0 == "for")
    }.sorted()
    if let other = others.first {
      throw object.error(
        other,
        "\"\(first)\" stands alone in its work item; write \"\(other)\" in an item of its own (a work list runs items in order)"
      )
    }
    var step = WorkStepSpec()
    if first == "extend" {
      let value = try object.required("extend")
      guard case .string("background") = value else {
        throw object.error("extend", "expected \"background\", found \(ValueReader.found(value))")
      }
      step.extendsBackground = true
    } else {
      let value = try object.required("hold")
      guard case .string("awake") = value else {
        throw object.error("hold", "expected \"awake\", found \(ValueReader.found(value))")
      }
      guard let length = object.optional("for") else {
        throw object.error("a hold needs the key \"for\" (how long it lasts), which is missing")
      }
      step.holdAwake = try reader.positiveTime(length, object.path("for"))
    }
    try object.rejectUnusedKeys()
    return step
  }

  /// Reads `call` (its length), with `video` (true or false) and `bitrate` (each way, at least
  /// a byte per 20 ms packet), which modify it (see *Radios*).
  private func decodeCall(_ object: inout ObjectReader, into step: inout WorkStepSpec)
    throws(InputError)
  {
    guard let value = object.optional("call") else {
      if object.contains("bitrate") { try needs("bitrate", "call", object) }
      if object.contains("video") && !timedComponentNames.contains("video") {
        try needs("video", "call", object)
      }
      return
    }
    guard hasNetwork else { throw object.error("call", "the device has no radio to call over") }
    let duration = try reader.positiveTime(value, object.path("call"))
    var isVideo = false
    if let video = object.optional("video") {
      guard case .bool(let flag) = video else {
        throw object.error("video", "expected true or false, found \(video.kindPhrase)")
      }
      isVideo = flag
    }
    let bitrateValue = object.optional("bitrate")
    let bitrate = try bitrateValue.map { v throws(InputError) in
      try reader.networkDataRate(v, object.path("bitrate"))
    }
    let call = CallSpec(duration: duration, isVideo: isVideo, bitrate: bitrate)
    if let bitrateValue, call.packetBytes < 1 {
      throw object.error(
        "bitrate",
        "expected a bitrate of at least 400 bit/s (a byte per 20 ms packet), found \(ValueReader.found(bitrateValue))"
      )
    }
    step.call = call
  }

  /// A step needs a component of the type its key names.
  private func require(_ key: String, _ object: ObjectReader, _ what: String) throws(InputError) {
    let type = key == "read" || key == "write" ? "storage" : key
    guard context.has(type) else {
      throw object.error(key, "the device has no \(type) component to run \"\(key)\" on")
    }
  }

  /// A modifier needs the step it modifies in the same object.
  private func needs(_ key: String, _ base: String, _ object: ObjectReader) throws(InputError) {
    guard object.contains(base) else {
      throw object.error(key, "\"\(key)\" modifies \"\(base)\", which this work item does not have")
    }
  }
}

extension WorkStepSpec {
  /// Adds the steps of `recipe`, which gives none of the steps this object gives; generic steps
  /// run in `genericOrder`, the device's order (see *OS policies*).
  mutating func merge(_ recipe: WorkStepSpec, genericOrder: [String]) {
    if let cpu = recipe.cpu {
      self.cpu = cpu
      threads = recipe.threads
      parallelEfficiency = recipe.parallelEfficiency
    }
    read = read ?? recipe.read
    if let write = recipe.write {
      self.write = write
      writeSize = recipe.writeSize
    }
    download = download ?? recipe.download
    upload = upload ?? recipe.upload
    via = via ?? recipe.via
    gpu = gpu ?? recipe.gpu
    resolution = resolution ?? recipe.resolution
    frameRate = frameRate ?? recipe.frameRate
    call = call ?? recipe.call
    generic = (generic + recipe.generic).sorted { a, b in
      (genericOrder.firstIndex(of: a.component) ?? 0)
        < (genericOrder.firstIndex(of: b.component) ?? 0)
    }
  }
}
