import DeviceModels
import JSONSupport
import Quantities

extension DeviceDecoder {
  /// The default dispatch cost of an occurrence on the CPU (see *The platform*).
  static let defaultDispatchCost = TimeSpan.microseconds(50)

  /// Reads a CPU: `clusters` (the first is the reference core), `dispatch_cost`, `qos_policy`,
  /// `display_latency_limit`.
  func decodeCPU(_ object: inout ObjectReader) throws(InputError) -> CPUSpec {
    let dispatchCost =
      try object.optional("dispatch_cost").map { v throws(InputError) in
        try reader.time(v, object.path("dispatch_cost"))
      } ?? Self.defaultDispatchCost
    let displayLatencyLimit = try object.optional("display_latency_limit").map {
      v throws(InputError) in try reader.time(v, object.path("display_latency_limit"))
    }
    let clustersPath = object.path("clusters")
    let items = try reader.array(try object.required("clusters"), clustersPath, of: "clusters")
    guard !items.isEmpty else {
      throw reader.error(clustersPath, "expected at least one cluster, found none")
    }
    var clusters: [ClusterSpec] = []
    for (index, item) in items.enumerated() {
      let cluster = try decodeCluster(item, at: clustersPath.appending(index: index))
      if clusters.contains(where: { $0.name == cluster.name }) {
        throw reader.error(
          clustersPath.appending(index: index).appending(key: "name"),
          "expected a cluster name unique in the CPU, found \(ValueExcerpt.quoted(cluster.name)) twice"
        )
      }
      clusters.append(cluster)
    }
    var policy = Self.defaultQoSPolicy(clusters: clusters.map(\.name))
    var beyondCPU = QoSBeyondCPU()
    if let value = object.optional("qos_policy") {
      try decodeQoSPolicy(
        value, at: object.path("qos_policy"), clusters: clusters.map(\.name), into: &policy,
        beyondCPU: &beyondCPU)
    }
    var spec = CPUSpec(
      clusters: clusters, dispatchCost: dispatchCost, qosPolicy: policy,
      displayLatencyLimit: displayLatencyLimit)
    spec.qosBeyondCPU = beyondCPU
    return spec
  }

  /// Where each QoS class runs when the device does not say: the interactive classes and
  /// `default` on the clusters in listed order at the highest frequency; `utility` on them in
  /// reverse order at the most efficient point; `background` on the last cluster only, at the
  /// most efficient point (Apple's and Android's schedulers keep background work on efficiency
  /// cores).
  static func defaultQoSPolicy(clusters: [String]) -> [QoSClass: QoSRule] {
    [
      .userInteractive: QoSRule(clusters: clusters, frequency: .max),
      .userInitiated: QoSRule(clusters: clusters, frequency: .max),
      .default: QoSRule(clusters: clusters, frequency: .max),
      .utility: QoSRule(clusters: clusters.reversed(), frequency: .efficient),
      .background: QoSRule(clusters: [clusters[clusters.count - 1]], frequency: .efficient),
    ]
  }

  private func decodeCluster(_ value: JSONValue, at path: JSONPath) throws(InputError)
    -> ClusterSpec
  {
    var object = try ObjectReader(
      value, at: path, in: reader.file, as: ScenarioLanguage.cluster)
    let name = try reader.name(try object.required("name"), object.path("name"))
    let cores = try reader.integer(try object.required("cores"), object.path("cores"), in: 1...256)
    let ipc =
      try object.optional("ipc").map { v throws(InputError) in
        try reader.positiveNumber(v, object.path("ipc"))
      } ?? 1
    let coreLadder = try decodeLadder(
      &object, statesKey: "core_states", policyKey: "core_idle_policy", defaultPolicy: .predictive)
    let clusterLadder = try decodeLadder(&object, defaultPolicy: .predictive)
    let floor = coreLadder.states[coreLadder.deepestIndex].power
    let points = try decodeOperatingPoints(&object, floor: floor)
    _ = object.optional("description")
    try object.rejectUnusedKeys()
    return ClusterSpec(
      name: name, cores: cores, ipc: ipc, operatingPoints: points, coreLadder: coreLadder,
      clusterLadder: clusterLadder)
  }

  private func decodeQoSPolicy(
    _ value: JSONValue, at path: JSONPath, clusters: [String],
    into policy: inout [QoSClass: QoSRule], beyondCPU: inout QoSBeyondCPU
  ) throws(InputError) {
    var object = try ObjectReader(
      value, at: path, in: reader.file, as: ScenarioLanguage.qosPolicy)
    if let window = object.optional("io_throttle_window") {
      beyondCPU.ioThrottleWindow = try reader.time(window, object.path("io_throttle_window"))
    }
    if let tolerance = object.optional("timer_tolerance") {
      beyondCPU.timerTolerance = try reader.fraction(tolerance, object.path("timer_tolerance"))
    }
    for qos in QoSClass.allCases {
      guard let ruleValue = object.optional(qos.rawValue) else { continue }
      let rulePath = object.path(qos.rawValue)
      var rule = try ObjectReader(
        ruleValue, at: rulePath, in: reader.file, as: ScenarioLanguage.qosRule)
      var preference = policy[qos]!.clusters
      if let list = rule.optional("clusters") {
        let names = try reader.array(list, rule.path("clusters"), of: "cluster names")
        guard !names.isEmpty else {
          throw rule.error("clusters", "expected at least one cluster name, found none")
        }
        preference = []
        for (index, item) in names.enumerated() {
          let itemPath = rule.path("clusters").appending(index: index)
          let name = try reader.name(item, itemPath)
          guard clusters.contains(name) else {
            throw reader.error(
              itemPath,
              "expected the name of a cluster (\(listing(clusters, conjunction: "or"))), found \(ValueExcerpt.quoted(name))"
            )
          }
          preference.append(name)
        }
      }
      var frequency = policy[qos]!.frequency
      if let choice = rule.optional("frequency") {
        frequency = try reader.choice(choice, rule.path("frequency"), CPUFrequency.self).choice
      }
      try rule.rejectUnusedKeys()
      policy[qos] = QoSRule(clusters: preference, frequency: frequency)
    }
    try object.rejectUnusedKeys()
  }
}

/// The frequency choices of a CPU's QoS rule: every ``FrequencyChoice`` but the GPU's governor.
private enum CPUFrequency: String, CaseIterable {
  case max, min, efficient

  var choice: FrequencyChoice {
    switch self {
    case .max: .max
    case .min: .min
    case .efficient: .efficient
    }
  }
}
