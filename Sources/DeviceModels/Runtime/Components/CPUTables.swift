/// The parts of the CPU's run-time description that never change during a run — which cores
/// each cluster has, its operating points' powers and speeds, each QoS class's cluster
/// preference and requested operating points, each node's cluster — flattened into tables of
/// plain values for the hot loop.
///
/// Every CPU part reads them several times (a free core, its cluster, the operating point, the
/// speed, the power), and read from ``CPURuntime``'s nested arrays behind an optional each read
/// paid an unwrap and a bounds check per level. What changes — the operating point each cluster
/// runs at, the queues, the counts — stays in ``CPURuntime``, where the fast-forward and a
/// shutdown see it; these tables are built from it once and are constant.
struct CPUTables {
  /// Per node: its CPU cluster if it is a core, else -1.
  let clusterOfNode: UnsafeMutableBufferPointer<Int32>
  /// Cluster `c`'s cores are `cores[coreStart[c] ..< coreStart[c + 1]]`, in the cluster's order.
  let coreStart: UnsafeMutableBufferPointer<Int32>
  let cores: UnsafeMutableBufferPointer<Int32>
  /// Cluster `c`'s operating point `p` is at `pointStart[c] + p` in `powers` (nW) and `speeds`
  /// (see ``ClusterRuntime/speeds``).
  let pointStart: UnsafeMutableBufferPointer<Int32>
  let powers: UnsafeMutableBufferPointer<Int64>
  let speeds: UnsafeMutableBufferPointer<Double>
  /// QoS priority `q`'s clusters, in preference order, are
  /// `preferences[preferenceStart[q] ..< preferenceStart[q + 1]]`.
  let preferenceStart: UnsafeMutableBufferPointer<Int32>
  let preferences: UnsafeMutableBufferPointer<Int32>
  /// The operating point priority `q` asks on cluster `c`, at `q × clusters + c`.
  let requestedPoint: UnsafeMutableBufferPointer<Int32>
  /// The number of clusters.
  let clusterCount: Int

  /// The tables of `cpu` (empty for a device without one), for a device of `nodeCount` nodes,
  /// in `memory`.
  init(_ cpu: CPURuntime?, nodeCount: Int, memory: TableMemory) {
    var clusterOfNode = [Int32](repeating: -1, count: nodeCount)
    for (node, cluster) in (cpu?.clusterOfNode ?? []).enumerated() {
      clusterOfNode[node] = cluster
    }
    self.clusterOfNode = memory.table(clusterOfNode)
    let clusters = cpu?.clusters ?? []
    let rules = cpu?.rules ?? []
    clusterCount = clusters.count
    coreStart = memory.table(Self.starts(clusters.map(\.cores.count)))
    cores = memory.table(clusters.flatMap(\.cores))
    pointStart = memory.table(Self.starts(clusters.map(\.powers.count)))
    powers = memory.table(clusters.flatMap(\.powers))
    speeds = memory.table(clusters.flatMap(\.speeds))
    preferenceStart = memory.table(Self.starts(rules.map(\.clusters.count)))
    preferences = memory.table(rules.flatMap(\.clusters))
    requestedPoint = memory.table(rules.flatMap(\.operatingPoint))
  }

  /// The running sums of `counts`, from 0: where each run of a flattened table starts, and
  /// where the last ends.
  private static func starts(_ counts: [Int]) -> [Int32] {
    var starts: [Int32] = [0]
    for count in counts { starts.append(starts[starts.count - 1] + Int32(count)) }
    return starts
  }

  /// The cores of `cluster`, as a range of indices into ``cores``.
  @inline(__always)
  func coreRange(of cluster: Int) -> Range<Int> {
    Int(coreStart[cluster])..<Int(coreStart[cluster &+ 1])
  }

  /// The clusters priority `priority` may run on, in preference order, as a range of indices
  /// into ``preferences``.
  @inline(__always)
  func preferenceRange(of priority: Int) -> Range<Int> {
    Int(preferenceStart[priority])..<Int(preferenceStart[priority + 1])
  }

  /// The power (nW) of `cluster`'s cores at operating point `point`.
  @inline(__always)
  func power(of cluster: Int, at point: Int32) -> Int64 {
    powers[Int(pointStart[cluster]) + Int(point)]
  }

  /// The speed of `cluster`'s cores at operating point `point`.
  @inline(__always)
  func speed(of cluster: Int, at point: Int32) -> Double {
    speeds[Int(pointStart[cluster]) + Int(point)]
  }
}
