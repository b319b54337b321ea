import Quantities

/// Lays a ``DeviceSpec`` out as a tree of nodes: one per single-lane component, a host per CPU
/// cluster with a lane per core, a host per platform, and a display node.
struct DeviceBuilder {
  let setup: SimulationSetup
  var nodes: [Node] = []
  var ladders: [LadderTable] = []
  /// Holds the ladders' tables (and, once a simulation is built, its other tables).
  let memory = TableMemory()
  var children: [[Int32]] = []
  var nodePaths: [String] = []
  var slotNames: [String] = []
  var components: [ComponentLayout] = []
  var nodeForComponent: [String: Int32] = [:]
  var cpu: CPURuntime?
  var storageNode: Int32 = -1
  var gpuNode: Int32 = -1
  var radioSpecs: [Int32: RadioSpec] = [:]
  var storageSpec: StorageSpec?
  var gpuSpec: GPUSpec?
  /// The CPU's spec, to choose its operating points once the parents are resolved.
  var cpuSpec: CPUSpec?
  var display: DisplayRuntime?
  /// The platform's node (the device's sleep floor), or -1 when the device has none.
  var platformNode: Int32 = -1
  /// Parent references to resolve once every node exists: (node, component index).
  private var pendingParents: [(node: Int32, component: Int)] = []

  init(setup: SimulationSetup) {
    self.setup = setup
  }

  mutating func build() {
    for (index, component) in setup.device.components.enumerated() {
      add(component, index: Int32(index))
    }
    resolveParents()
    if let spec = cpuSpec {
      let hostPowers = clusterHostPowers()
      cpu?.chooseOperatingPoints(spec, hostPowers: hostPowers)
    }
  }

  private mutating func add(_ component: ComponentSpec, index: Int32) {
    let first = Int32(nodes.count)
    switch component.model {
    case .platform(let ladder), .island(let ladder):
      addLadderNode(
        path: component.name, role: .host, lane: .none, ladder: ladder, component: index)
    case .generic(let ladder):
      addLadderNode(
        path: component.name, role: .lane, lane: .generic, ladder: ladder, component: index)
    case .storage(let spec):
      storageNode = addLadderNode(
        path: component.name, role: .lane, lane: .storage, ladder: spec.ladder, component: index)
      storageSpec = spec
    case .radio(let spec):
      let node = addLadderNode(
        path: component.name, role: .lane, lane: .radio, ladder: spec.ladder, component: index)
      radioSpecs[node] = spec
    case .gpu(let spec):
      gpuNode = addLadderNode(
        path: component.name, role: .lane, lane: .gpu, ladder: spec.ladder, component: index)
      gpuSpec = spec
    case .cpu(let spec):
      addCPU(spec, name: component.name, component: index)
      cpuSpec = spec
    case .display(let spec):
      addDisplay(spec, name: component.name, component: index)
    }
    let added = Array(first..<Int32(nodes.count))
    components.append(
      ComponentLayout(name: component.name, typeName: component.model.typeName, nodes: added))
    nodeForComponent[component.name] = first
    for node in added where nodes[Int(node)].parent == -2 {
      pendingParents.append((node, Int(index)))
    }
  }

  /// Adds a ladder node whose parent is resolved later (marked -2).
  @discardableResult
  private mutating func addLadderNode(
    path: String, role: NodeRole, lane: LaneKind, ladder: Ladder, component: Int32,
    parent: Int32 = -2
  ) -> Int32 {
    let table = LadderTable(ladder, memory: memory)
    ladders.append(table)
    let node = Node(
      role: role, laneKind: lane, ladder: Int32(ladders.count - 1), parent: parent,
      component: component, firstSlot: Int32(slotNames.count), phase: .idle,
      state: table.deepest)
    nodes.append(node)
    children.append([])
    nodePaths.append(path)
    slotNames.append(contentsOf: ladder.states.map(\.name))
    slotNames.append("waking")
    return Int32(nodes.count - 1)
  }

  private mutating func addCPU(_ spec: CPUSpec, name: String, component: Int32) {
    var clusters: [ClusterRuntime] = []
    var coreCluster: [Int32: Int32] = [:]
    for (clusterIndex, cluster) in spec.clusters.enumerated() {
      let clusterNode = addLadderNode(
        path: "\(name)/\(cluster.name)", role: .host, lane: .none, ladder: cluster.clusterLadder,
        component: component)
      var cores: [Int32] = []
      for core in 0..<cluster.cores {
        let coreNode = addLadderNode(
          path: "\(name)/\(cluster.name)/core\(core)", role: .lane, lane: .core,
          ladder: cluster.coreLadder, component: component, parent: clusterNode)
        children[Int(clusterNode)].append(coreNode)
        cores.append(coreNode)
        coreCluster[coreNode] = Int32(clusterIndex)
      }
      clusters.append(
        ClusterRuntime(
          spec: cluster, node: clusterNode, cores: cores, reference: CPURuntime.referenceRate(spec))
      )
    }
    cpu = CPURuntime(spec: spec, clusters: clusters, coreCluster: coreCluster, component: component)
  }

  private mutating func addDisplay(_ spec: DisplaySpec, name: String, component: Int32) {
    let node = Node(
      role: .display, laneKind: .none, ladder: -1, parent: -2, component: component,
      firstSlot: Int32(slotNames.count), phase: .idle, state: 0)
    nodes.append(node)
    children.append([])
    nodePaths.append(name)
    slotNames.append("off")
    for rate in spec.refreshRates { slotNames.append("on \(rate)") }
    display = DisplayRuntime(spec: spec, node: Int32(nodes.count - 1))
  }

  /// Resolves every `.platform` / `.named` parent to a node.
  private mutating func resolveParents() {
    let platformIndex = setup.device.components.firstIndex {
      if case .platform = $0.model { return true }
      return false
    }
    if let platformIndex {
      platformNode = nodeForComponent[setup.device.components[platformIndex].name] ?? -1
    }
    for (node, componentIndex) in pendingParents {
      let component = setup.device.components[componentIndex]
      var parent: Int32 = -1
      switch component.parent {
      case .none:
        parent = -1
      case .named(let name):
        parent = nodeForComponent[name] ?? -1
      case .platform:
        // The display too (see *The platform*): a lit screen keeps the platform up.
        if let platformIndex, platformIndex != componentIndex {
          parent = nodeForComponent[setup.device.components[platformIndex].name] ?? -1
        }
      }
      nodes[Int(node)].parent = parent
      if parent >= 0 { children[Int(parent)].append(node) }
    }
  }

  /// The ledger's view of the tree: components, floors, slots and owner capacities.
  func ledgerLayout(workloadCount: Int) -> LedgerLayout {
    var layout = LedgerLayout(componentCount: components.count)
    layout.slotCount = slotNames.count
    var capacities = Array(repeating: Int32(1), count: nodes.count)
    // A radio shares its energy among the workloads of the transfers it carries (see *Results and
    // accounting*): at most every workload, and nobody.
    for node in radioSpecs.keys { capacities[Int(node)] = Int32(workloadCount + 1) }
    // Children come after their parents except for named parents; iterate to a fixed point.
    var changed = true
    while changed {
      changed = false
      for node in nodes.indices where !children[node].isEmpty {
        var capacity = 1 + children[node].reduce(Int32(0)) { $0 + capacities[Int($1)] }
        if radioSpecs[Int32(node)] != nil { capacity = max(capacity, Int32(workloadCount + 1)) }
        if capacity != capacities[node] {
          capacities[node] = capacity
          changed = true
        }
      }
    }
    // The platform is also busy for the workloads holding the device awake (see *OS policies*):
    // at most every workload.
    if platformNode >= 0 {
      capacities[Int(platformNode)] = max(
        capacities[Int(platformNode)], Int32(workloadCount + 1))
    }
    for (index, node) in nodes.enumerated() {
      layout.hasSharedSet.append(
        !children[index].isEmpty || radioSpecs[Int32(index)] != nil
          || index == Int(platformNode))
      layout.nodeComponent.append(node.component)
      layout.firstSlot.append(node.firstSlot)
      if node.role == .display, let display {
        layout.floorPower.append(display.spec.offPower.nanowatts)
        layout.initialSlot.append(node.firstSlot)
        layout.ownerCapacity.append(Int32(workloadCount + 1))
        layout.fixedGoesToOwners.append(false)
      } else {
        let table = ladders[Int(node.ladder)]
        layout.floorPower.append(table.floorPower)
        layout.initialSlot.append(node.firstSlot + table.deepest)
        layout.ownerCapacity.append(capacities[index])
        layout.fixedGoesToOwners.append(true)
      }
    }
    return layout
  }
}
