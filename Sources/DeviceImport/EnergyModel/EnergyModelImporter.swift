import Foundation
public import JSONSupport
import Quantities
public import ScenarioFiles

/// Reads a Linux Energy Model: a device-tree fragment (cpu nodes with
/// `dynamic-power-coefficient`, and the `operating-points-v2` tables they point to, with
/// `opp-hz` and `opp-microvolt`, or `opp-microwatt`) or a copy of
/// `/sys/kernel/debug/energy_model/` (`cpuN/ps:FREQ/{frequency,power,cost}`), and gives the CPU
/// clusters' operating points: the power of one busy core at each frequency.
///
/// From a coefficient, power is the kernel's own estimate (Linux `drivers/opp/of.c`,
/// `_get_dt_power`): P(mW) = C × V(mV)² × f(MHz) / 10⁹, C in µW/MHz/V².
public struct EnergyModelImporter: Sendable {
  /// One performance domain: CPUs that share a clock.
  public struct Cluster: Sendable, Equatable {
    /// The name the fragment gives it (`cluster0`, …).
    public var name: String
    /// The CPUs in it.
    public var cpus: [Int]
    /// Its operating points, by increasing frequency: kHz and µW per busy core.
    public var points: [(kilohertz: Int64, microwatts: Int64)]
    /// Where the points came from, for `x-source`.
    public var source: String

    /// Whether two clusters are the same.
    public static func == (lhs: Cluster, rhs: Cluster) -> Bool {
      lhs.name == rhs.name && lhs.cpus == rhs.cpus && lhs.source == rhs.source
        && lhs.points.map(\.kilohertz) == rhs.points.map(\.kilohertz)
        && lhs.points.map(\.microwatts) == rhs.points.map(\.microwatts)
    }
  }

  /// The clusters, in order of their first CPU.
  public var clusters: [Cluster]
  /// What was odd about the input, one sentence each.
  public var warnings: [String] = []

  /// Reads the device-tree file or debugfs directory at `path`.
  public static func read(_ path: String) throws(InputError) -> EnergyModelImporter {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError(
        file: path, path: nil, message: "cannot read the file: no such file or directory")
    }
    if isDirectory.boolValue { return try readDebugfs(path) }
    let bytes = try DeviceFileAccess.read(path)
    return try DeviceTreeEnergyModel.read(bytes, file: path)
  }

  /// The clusters' operating points as a device fragment: `components.cpu.clusters` with `name`,
  /// `cores` and `opps`, to merge into a device (ladders, ipc and QoS policy are the device's).
  public func fragment(name: String?) -> JSONValue {
    var clusters: [JSONValue] = []
    for cluster in self.clusters {
      var object = JSONObject()
      object["name"] = .string(cluster.name)
      object["cores"] = .number(JSONNumber(cluster.cpus.count))
      object["x-source"] = .string(
        "\(cluster.source); CPUs \(cluster.cpus.map(String.init).joined(separator: ", "))")
      object["opps"] = .array(
        cluster.points.map { point in
          var opp = JSONObject()
          opp["freq"] = .string(
            DecimalFormat.scaledTrimmed(Int128(point.kilohertz), scale: 3) + " MHz")
          opp["power"] = .string(
            DecimalFormat.scaledTrimmed(Int128(point.microwatts), scale: 3) + " mW")
          return .object(opp)
        })
      clusters.append(.object(object))
    }
    var cpu = JSONObject()
    cpu["clusters"] = .array(clusters)
    var components = JSONObject()
    components["cpu"] = .object(cpu)
    var device = JSONObject()
    if let name { device["name"] = .string(name) }
    device["x-note"] = .string(
      "CPU operating points from a Linux Energy Model: merge each cluster's opps into a device's cluster (its ladders, ipc and QoS policy stay the device's)"
    )
    device["components"] = .object(components)
    return .object(device)
  }

  // MARK: debugfs

  /// `DIR/cpuN/ps:FREQ/{frequency,power}` (and `DIR/cpuN/cpus`, the domain's CPU list).
  static func readDebugfs(_ path: String) throws(InputError) -> EnergyModelImporter {
    let manager = FileManager.default
    let domains: [String]
    do {
      domains = try manager.contentsOfDirectory(atPath: path).filter {
        $0.hasPrefix("cpu") || $0.hasPrefix("pd")
      }.sorted {
        firstNumber($0) < firstNumber($1)
      }
    } catch {
      throw InputError(file: path, path: nil, message: "cannot read the directory")
    }
    guard !domains.isEmpty, domains.count <= 256 else {
      throw InputError(
        file: path, path: nil,
        message:
          "expected a copy of /sys/kernel/debug/energy_model with cpuN directories, found \(domains.count == 0 ? "none" : "\(domains.count)")"
      )
    }
    var result = EnergyModelImporter(clusters: [])
    for (index, domain) in domains.enumerated() {
      let directory = path + "/" + domain
      var cpus = [firstNumber(domain)]
      if let text = try? readSmall(directory + "/cpus") {
        cpus = try parseCPUList(text, file: directory + "/cpus")
      }
      let states: [String]
      do {
        states = try manager.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("ps:") }
      } catch {
        throw InputError(file: directory, path: nil, message: "cannot read the directory")
      }
      guard states.count <= 1_000 else {
        throw InputError(
          file: directory, path: nil,
          message: "expected at most 1,000 performance states, found \(states.count)")
      }
      var points: [(kilohertz: Int64, microwatts: Int64)] = []
      for state in states {
        let frequencyFile = directory + "/" + state + "/frequency"
        let powerFile = directory + "/" + state + "/power"
        let frequency = try integer(try readSmall(frequencyFile), file: frequencyFile)
        let power = try integer(try readSmall(powerFile), file: powerFile)
        points.append((frequency, power))
      }
      points.sort { $0.kilohertz < $1.kilohertz }
      guard !points.isEmpty else {
        throw InputError(
          file: directory, path: nil, message: "expected ps:FREQ directories, found none")
      }
      // Kernels since 5.19 report µW; older ones mW (a little core's lowest point is tens of
      // mW, so a top point under 20,000 can only be mW).
      var source = "\(directory): ps:*/frequency (kHz) and power (µW)"
      if let top = points.map(\.microwatts).max(), top <= 20_000 {
        points = points.map { ($0.kilohertz, $0.microwatts * 1000) }
        source = "\(directory): ps:*/frequency (kHz) and power (mW: a kernel before 5.19)"
        result.warnings.append(
          "\(directory): the highest power is \(top), too small for µW: read as mW (kernels before 5.19)"
        )
      }
      result.clusters.append(
        Cluster(name: "cluster\(index)", cpus: cpus, points: points, source: source))
    }
    try result.checkRising()
    return result
  }

  mutating func checkRising() throws(InputError) {
    for cluster in clusters {
      for (previous, point) in zip(cluster.points, cluster.points.dropFirst())
      where point.microwatts < previous.microwatts {
        warnings.append(
          "\(cluster.name): power falls from \(previous.microwatts) µW to \(point.microwatts) µW as frequency rises to \(point.kilohertz) kHz"
        )
      }
    }
  }

  static func readSmall(_ path: String) throws(InputError) -> String {
    let bytes = try DeviceFileAccess.read(path)
    guard bytes.count <= 4096 else {
      throw InputError(
        file: path, path: nil, message: "expected a short sysfs value, found \(bytes.count) bytes")
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func integer(_ text: String, file: String) throws(InputError) -> Int64 {
    let trimmed = text.trimmingSpaces()
    guard let value = Int64(trimmed), value > 0, value < 1 << 40 else {
      throw InputError(
        file: file, path: nil,
        message: "expected a positive whole number, found \"\(String(trimmed.prefix(40)))\"")
    }
    return value
  }

  /// `0-3`, `4,5`, `0-3,6`.
  static func parseCPUList(_ text: String, file: String) throws(InputError) -> [Int] {
    var cpus: [Int] = []
    for part in text.trimmingSpaces().split(separator: ",") {
      let bounds = part.split(separator: "-").map { Int($0) }
      guard !bounds.isEmpty, bounds.count <= 2, let low = bounds[0], let high = bounds.last!,
        low <= high, high < 4096
      else {
        throw InputError(
          file: file, path: nil,
          message: "expected a CPU list such as 0-3, found \"\(String(text.prefix(40)))\"")
      }
      cpus += Array(low...high)
    }
    return cpus
  }

  static func firstNumber(_ text: String) -> Int {
    Int(text.drop { !$0.isNumber }.prefix { $0.isNumber }) ?? 0
  }
}
