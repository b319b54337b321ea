import Quantities
import SimulationEngine

/// A CPU cluster at run time: its host node, its cores, and its current operating point.
struct ClusterRuntime {
  var node: Int32
  var cores: [Int32]
  var ipc: Double
  var frequencies: [Double]
  var powers: [Int64]
  /// Speed at each operating point relative to the reference core at its highest frequency:
  /// `frequency × ipc ÷ (reference frequency × reference ipc)`; exactly 1 for the reference.
  var speeds: [Double]
  /// The operating point the cluster runs at: the highest any running part asks for.
  var currentOPP: Int32

  init(spec: ClusterSpec, node: Int32, cores: [Int32], reference: Double) {
    self.node = node
    self.cores = cores
    ipc = spec.ipc
    frequencies = spec.operatingPoints.map(\.frequency.hertz)
    powers = spec.operatingPoints.map(\.power.nanowatts)
    speeds = spec.operatingPoints.map { $0.frequency.hertz * spec.ipc / reference }
    currentOPP = 0
  }
}

/// Where one QoS class runs: cluster preference, and the operating point it asks on each.
struct QoSRuntime {
  var clusters: [Int32]
  /// Indexed by cluster.
  var operatingPoint: [Int32]
}

/// The CPU's run-time state: clusters, the queue of parts waiting for a core, the QoS rules and
/// the package wake-up count.
struct CPURuntime {
  var clusters: [ClusterRuntime]
  /// The cluster of each core, indexed by node (-1 for nodes that are not cores): looked up
  /// several times per CPU item, so an array rather than a dictionary.
  var clusterOfNode: [Int32]
  var rules: [QoSRuntime]
  var dispatchCost: Int64
  /// The longest wake latency the idle governor may choose while the display is on (ns;
  /// `Int64.max`: no limit).
  var displayLatencyLimit: Int64
  var component: Int32
  /// Waiting parts, one FIFO per QoS priority.
  var queues: [RingBuffer<Int32>]
  /// The priorities whose queue holds parts, one bit each (bit 0: the highest priority).
  var queuedPriorities: UInt8 = 0
  /// Cores waking or active.
  var busyCores = 0
  /// When every core last became idle (-1: idle since for ever).
  var allIdleSince: Int64 = -1
  /// Times the whole CPU went from every core idle to one core running.
  var packageWakeups = 0

  /// Frequency × ipc of the reference core: the first cluster at its highest frequency.
  static func referenceRate(_ spec: CPUSpec) -> Double {
    let reference = spec.clusters[0]
    return reference.operatingPoints[reference.operatingPoints.count - 1].frequency.hertz
      * reference.ipc
  }

  init(spec: CPUSpec, clusters: [ClusterRuntime], coreCluster: [Int32: Int32], component: Int32) {
    self.clusters = clusters
    var clusterOfNode = Array(repeating: Int32(-1), count: Int(coreCluster.keys.max() ?? -1) + 1)
    for (core, cluster) in coreCluster { clusterOfNode[Int(core)] = cluster }
    self.clusterOfNode = clusterOfNode
    self.component = component
    dispatchCost = spec.dispatchCost.nanoseconds
    displayLatencyLimit = spec.displayLatencyLimit?.nanoseconds ?? .max
    queues = Array(repeating: RingBuffer(minimumCapacity: 16), count: 5)
    rules = []
    chooseOperatingPoints(spec, hostPowers: Array(repeating: 0, count: spec.clusters.count))
  }

  /// Sets each QoS class's cluster preference and the operating point it asks on each cluster,
  /// given the active power (nW) of the hosts a busy core of each cluster keeps awake (see
  /// ``DeviceBuilder/clusterHostPowers()``). Done once, when the device is built.
  mutating func chooseOperatingPoints(_ spec: CPUSpec, hostPowers: [Int64]) {
    var rules: [QoSRuntime] = []
    for qos in QoSClass.allCases.sorted() {
      let rule =
        spec.qosPolicy[qos] ?? QoSRule(clusters: spec.clusters.map(\.name), frequency: .max)
      let preference = rule.clusters.compactMap { name in
        spec.clusters.firstIndex { $0.name == name }.map(Int32.init)
      }
      let points = spec.clusters.indices.map { index -> Int32 in
        Int32(
          Self.operatingPointIndex(
            spec.clusters[index], choice: rule.frequency, hostPower: hostPowers[index]))
      }
      rules.append(QoSRuntime(clusters: preference, operatingPoint: points))
    }
    self.rules = rules
  }

  /// The operating point of `cluster` that `choice` selects. `efficient` minimises the energy per
  /// cycle of the core and the hosts it keeps awake (see *The CPU*):
  /// (core power + `hostPower`) ÷ (frequency × ipc), so that where the hosts' power is large,
  /// finishing fast costs less. The first of equal costs (the lowest frequency) wins.
  static func operatingPointIndex(
    _ cluster: ClusterSpec, choice: FrequencyChoice, hostPower: Int64 = 0
  ) -> Int {
    let points = cluster.operatingPoints
    switch choice {
    case .max: return points.count - 1
    case .min: return 0
    case .efficient:
      func cost(_ index: Int) -> Double {
        (Double(points[index].power.nanowatts) + Double(hostPower))
          / (points[index].frequency.hertz * cluster.ipc)
      }
      var best = 0
      for index in points.indices where cost(index) < cost(best) { best = index }
      return best
    case .governor:
      preconditionFailure("the governor frequency choice is the GPU's, not a CPU's")
    }
  }
}

extension DeviceBuilder {
  /// Per CPU cluster, the active power (nW) of the hosts one of its busy cores keeps awake, for
  /// the `efficient` choice (see *The CPU*): the cluster's active power (`states[0]`), and each
  /// further host up the parent chain (the platform, by default) above its floor (deepest
  /// state) — its floor is drawn whether the work runs or not. Needs the parents resolved.
  func clusterHostPowers() -> [Int64] {
    guard let cpu else { return [] }
    return cpu.clusters.map { cluster in
      let clusterNode = Int(cluster.node)
      var total = ladders[Int(nodes[clusterNode].ladder)].power[0]
      var host = Int(nodes[clusterNode].parent)
      // The chain ends at a node without a parent; the node count bounds it all the same.
      var hops = 0
      while host >= 0 && hops < nodes.count {
        if nodes[host].ladder >= 0 {
          let table = ladders[Int(nodes[host].ladder)]
          total = Saturating.sum(total, table.power[0] - table.power[Int(table.deepest)])
        }
        host = Int(nodes[host].parent)
        hops += 1
      }
      return total
    }
  }
}
