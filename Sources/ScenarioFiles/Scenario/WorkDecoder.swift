import DeviceModels
import JSONSupport
import Quantities

/// Reads `work` (SPEC 6.2): an object or a list of objects, each with optional steps `cpu`
/// (+ `threads`, `qos`, `parallel_efficiency`), `read`, `write` (+ `write_size`), `download`,
/// `upload` (+ `via`), `gpu`, and generic components by name. Each step must have a component
/// of the device to run on.
struct WorkDecoder {
  let file: String
  let context: ScenarioContext
  /// Whether the environment provides a network for transfers without `via`.
  let hasNetwork: Bool

  static let stepKeys = [
    "cpu", "threads", "qos", "parallel_efficiency", "read", "write", "write_size", "download",
    "upload", "via", "gpu",
  ]

  /// The most requests one write step may be split into (the engine counts them in 32 bits).
  static let maximumWriteRequests: Int64 = 1_000_000_000

  var reader: ValueReader { ValueReader(file: file) }

  /// Names of the device's generic components.
  var genericNames: [String] {
    context.device.components.compactMap { component in
      if case .generic = component.model { return component.name }
      return nil
    }
  }

  func decode(_ value: JSONValue, at path: JSONPath, defaultQoS: QoSClass) throws(InputError)
    -> WorkSpec
  {
    if case .array(let items) = value {
      guard !items.isEmpty else {
        throw reader.error(path, "expected at least one work object in the list, found none")
      }
      var objects: WorkSpec = []
      for (index, item) in items.enumerated() {
        objects.append(
          try decodeObject(item, at: path.appending(index: index), defaultQoS: defaultQoS))
      }
      return objects
    }
    return [try decodeObject(value, at: path, defaultQoS: defaultQoS)]
  }

  func decodeObject(_ value: JSONValue, at path: JSONPath, defaultQoS: QoSClass)
    throws(InputError) -> WorkStepSpec
  {
    let generics = genericNames
    var object = try ObjectReader(
      value, at: path, in: file, what: "a work item", known: Self.stepKeys + generics)
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
    for name in generics {
      guard let duration = object.optional(name) else { continue }
      step.generic.append(
        GenericStep(component: name, duration: try reader.positiveTime(duration, object.path(name)))
      )
    }
    try object.rejectUnusedKeys()
    return step
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
