import DeviceModels
import JSONSupport
import Quantities

/// What a device's components say about the cost of moving data, gathered while they decode: the
/// platform's `memory` and each generic component's load.
struct DataMovement {
  /// The platform's memory model, if it gives one.
  var memory: MemorySpec?
  /// Generic components' loads, by name.
  var genericLoads: [String: GenericLoadSpec] = [:]
}

extension DeviceDecoder {
  /// The most memory traffic a component or step may declare, 1 TB/s: above any memory system a
  /// phone or laptop has, and far from overflowing the integer arithmetic of its power.
  static let maximumMemoryBandwidth = 1e12

  /// Decodes a device's `network_stack` (see *Peripherals and recipes*): `cpu_per_mb`, the
  /// reference-core time per megabyte received or sent, at most one second.
  func decodeNetworkStack(_ value: JSONValue, at path: JSONPath) throws(InputError)
    -> NetworkStackSpec
  {
    var object = try ObjectReader(
      value, at: path, in: reader.file, as: ScenarioLanguage.networkStack)
    let cpuValue = try object.required("cpu_per_mb")
    let cpu = try reader.time(cpuValue, object.path("cpu_per_mb"))
    guard cpu <= .seconds(1) else {
      throw object.error(
        "cpu_per_mb",
        "expected at most 1 s of CPU work per megabyte, found \(ValueReader.found(cpuValue))")
    }
    _ = object.optional("description")
    try object.rejectUnusedKeys()
    return NetworkStackSpec(cpuPerMegabyte: cpu)
  }

  /// Decodes a platform's `memory`, if it has one: `power_per_gbps`, at most 100 W per GB/s.
  func decodeMemory(_ component: inout ObjectReader) throws(InputError) -> MemorySpec? {
    guard let value = component.optional("memory") else { return nil }
    var object = try ObjectReader(
      value, at: component.path("memory"), in: reader.file, as: ScenarioLanguage.memory)
    let powerValue = try object.required("power_per_gbps")
    let power = try reader.power(powerValue, object.path("power_per_gbps"))
    guard power <= Power(nanowatts: 100_000_000_000) else {
      throw object.error(
        "power_per_gbps",
        "expected at most 100 W per GB/s, found \(ValueReader.found(powerValue))")
    }
    _ = object.optional("description")
    try object.rejectUnusedKeys()
    return MemorySpec(powerPerGigabytePerSecond: power)
  }

  /// Decodes a generic component's `memory_bandwidth`, `pixel_energy` and `pixel_memory`, if it
  /// gives any.
  func decodeGenericLoad(_ object: inout ObjectReader) throws(InputError) -> GenericLoadSpec? {
    var load = GenericLoadSpec()
    if let value = object.optional("memory_bandwidth") {
      let rate = try reader.positiveDataRate(value, object.path("memory_bandwidth"))
      guard rate.bytesPerSecond <= Self.maximumMemoryBandwidth else {
        throw object.error(
          "memory_bandwidth",
          "expected a memory bandwidth of at most 1 TB/s, found \(ValueReader.found(value))")
      }
      load.memoryBandwidth = rate
    }
    if let value = object.optional("pixel_energy") {
      let energy = try reader.energy(value, object.path("pixel_energy"))
      guard energy.attojoules > 0, energy.attojoules <= 1_000_000_000_000 else {
        throw object.error(
          "pixel_energy",
          "expected an energy per pixel above 0 and at most 1 µJ, found \(ValueReader.found(value))"
        )
      }
      load.pixelEnergy = energy
    }
    if let value = object.optional("pixel_memory") {
      let size = try reader.positiveDataSize(value, object.path("pixel_memory"))
      guard size.bytes <= 1024 else {
        throw object.error(
          "pixel_memory",
          "expected at most 1024 B of memory traffic per pixel, found \(ValueReader.found(value))")
      }
      load.pixelMemory = size
    }
    return load == GenericLoadSpec() ? nil : load
  }
}
