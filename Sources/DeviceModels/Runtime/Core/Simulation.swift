public import Quantities
import SimulationEngine

/// What to record beyond the summary: binned or exact power series, and where they go.
public struct RecordingOptions {
  /// Width of the bins of the power series; `nil` records no bins.
  public var binWidth: TimeSpan?
  /// Records every change of power within this window; `nil` records none.
  public var exactWindow: TimeRange?
  /// Receives the series in batches as the run goes.
  public var sink: (any PowerSeriesSink)?
  /// Receives states, work and occurrences as the run goes (for traces); `nil` records none, and
  /// then recording costs nothing.
  public var activitySink: (any ActivitySink)?
  /// Limits what ``activitySink`` receives to this slice of the run; `nil`: the whole run.
  public var activityWindow: TimeRange?
  /// Whether the run skips whole periods of a steady state (see *The fast-forward*); `false`
  /// simulates every event (`--no-fast-forward`). The results are byte-identical either way.
  public var fastForward: Bool
  /// Exact latency samples kept in total over all workloads (*Results and accounting*; smaller in
  /// tests).
  var exactLatencySamples = LatencyRecorder.exactLimit

  /// Options; the default records nothing but the summary.
  public init(
    binWidth: TimeSpan? = nil, exactWindow: TimeRange? = nil, sink: (any PowerSeriesSink)? = nil,
    activitySink: (any ActivitySink)? = nil, activityWindow: TimeRange? = nil,
    fastForward: Bool = true
  ) {
    self.binWidth = binWidth
    self.exactWindow = exactWindow
    self.sink = sink
    self.activitySink = activitySink
    self.activityWindow = activityWindow
    self.fastForward = fastForward
  }
}

/// One simulation run of a device and its workloads: the entry point of the models layer.
///
/// Build it from a validated ``SimulationSetup`` and call ``run(progress:)`` once.
public final class Simulation {
  private let simulation: DeviceSimulation

  /// Prepares a run of `setup`, recording what `recording` asks for.
  public init(setup: SimulationSetup, recording: RecordingOptions = RecordingOptions()) {
    simulation = DeviceSimulation(setup: setup, recording: recording)
  }

  /// Runs the simulation to its end and returns the account. A simulation runs once.
  ///
  /// - Parameter progress: Called from time to time (a hundred times over the run) with the
  ///   simulated time reached so far, for a progress line; the result does not depend on it.
  /// - Complexity: O(*e* log *q*) for *e* events and *q* pending events, plus the recording.
  public func run(progress: ((_ simulated: TimeSpan) -> Void)? = nil) -> RunResult {
    simulation.run(progress: progress)
  }

  /// Runs the simulation like ``run(progress:)``, taking at most `maximumEvents` events off the
  /// event queue (the events the fast-forward skips are not taken, so not counted): a run that
  /// finishes within them returns its account; one with an event still due after them stops
  /// there and throws, returning nothing (see *Bad Input, Run Limits and Safe Output*).
  ///
  /// The limit costs one comparison per event; ``run(progress:)`` has none.
  public func run(
    maximumEvents: Int, progress: ((_ simulated: TimeSpan) -> Void)? = nil
  ) throws(EventLimitReached) -> RunResult {
    precondition(maximumEvents >= 0, "an event limit cannot be negative")
    simulation.scheduler.processedEventLimit = maximumEvents
    guard let result = simulation.runWithinEventLimit(progress: progress) else {
      throw EventLimitReached(
        maximumEvents: maximumEvents,
        simulated: .nanoseconds(simulation.scheduler.now.nanosecondsSinceStart),
        duration: simulation.setup.duration)
    }
    return result
  }
}

/// A run stopped after taking its limit of events off the event queue with events still due (see
/// ``Simulation/run(maximumEvents:progress:)``): nothing of it is returned.
public struct EventLimitReached: Error, Sendable, Hashable {
  /// The events the run was allowed, all of them taken.
  public var maximumEvents: Int
  /// How far the run had simulated when it stopped.
  public var simulated: TimeSpan
  /// How long the run was to simulate.
  public var duration: TimeSpan
}

/// The device simulation behind ``Simulation``. The simulation is a
/// tree of nodes — the platform, CPU clusters and cores, storage, radios, the GPU, generic
/// components and the display — each a power-state machine (see *Device files*). Workloads fire
/// occurrences whose steps queue on the nodes' lanes; nodes wake, serve, hold and step down their
/// ladders; every change of power goes to an ``EnergyLedger`` that integrates it exactly.
///
/// The setup is trusted: the scenario layer validates input and reports errors; here a
/// violated assumption is a programmer error and stops with a precondition.
final class DeviceSimulation: SimulationModel {
  typealias Event = DeviceEvent

  // Every mutable stored property is `@exclusivity(unchecked)`: a simulation is confined to the
  // thread that runs it, and the runtime's dynamic exclusivity check on each access to a class
  // property (`swift_beginAccess`) cost about a third of the instructions of a run. The tests
  // pass with the checks on (before this attribute) and the access patterns are unchanged.

  let setup: SimulationSetup
  let scheduler: Scheduler<DeviceEvent>
  /// From how many workloads the event queue and the heaps of due times keep a sorted run of the
  /// times set after every other (a whole period ahead): at 100,000 workloads a heap sank each
  /// through 17 levels, a cache miss each; below this the heaps are small enough that the run's
  /// test on every event would cost more than it saves (the event storm's 3,000 workloads).
  static let sortedRunWorkloads = 8192
  let endTime: Int64

  // The power tree. The node, ladder and owner tables live in `memory` (see ``TableMemory``):
  // the hot loop reads and writes them several times per event.
  let memory: TableMemory
  let nodes: UnsafeMutableBufferPointer<Node>
  let ladders: UnsafeMutableBufferPointer<LadderTable>
  let children: [[Int32]]
  @exclusivity(unchecked) var nodePaths: [String] = []
  @exclusivity(unchecked) var slotNames: [String] = []
  @exclusivity(unchecked) var components: [ComponentLayout] = []
  let ledger: EnergyLedger
  /// Records states, work and occurrences for a trace; `nil` (the usual case) records nothing.
  let activity: ActivityRecorder?

  // Work in progress.
  @exclusivity(unchecked) var steps: [CompiledStep] = []
  let jobs = Pool<Job>()
  let occurrences = Pool<Occurrence>()
  /// Per lane node (not CPU cores): one FIFO per QoS priority, at `node × 5 + priority`.
  @exclusivity(unchecked) var laneQueues: [RingBuffer<Int32>] = []
  @exclusivity(unchecked) var cpu: CPURuntime?
  /// Core time, ns, spent running each QoS class's parts (by priority), up to their last end.
  @exclusivity(unchecked) var cpuTimeByClass = [Int128](repeating: 0, count: 5)
  /// The CPU's constant tables, flattened for the hot loop (empty without a CPU).
  let cpuTables: CPUTables
  /// The platform's node, or -1: while it is in its deepest state the device is suspended.
  let platformNode: Int32
  /// Nodes some of whose idle states draw less while the device is suspended.
  let suspensionDependentNodes: [Int32]
  @exclusivity(unchecked) var storageNode: Int32 = -1
  @exclusivity(unchecked) var gpuNode: Int32 = -1
  @exclusivity(unchecked) var radioSpecs: [Int32: RadioSpec] = [:]
  @exclusivity(unchecked) var storageSpec: StorageSpec?
  /// Storage served by QoS between requests, background requests throttled (see *OS policies*).
  @exclusivity(unchecked) var storageQoS: StorageQoSRuntime
  @exclusivity(unchecked) var gpuSpec: GPUSpec?
  /// Each radio's shared link (see *Radios*), and each node's link index (-1: not a radio; a
  /// table in `memory`: the hot loop reads it at most changes of a node).
  @exclusivity(unchecked) var links: [SharedLinkRuntime] = []
  let nodeLink: UnsafeMutableBufferPointer<Int32>
  /// The packet streams of calls, by slot (a slot is reused once its call ends).
  @exclusivity(unchecked) var calls: [CallStream] = []
  /// What each radio's network offers now, and the spells of `environment.network`.
  @exclusivity(unchecked) var network = NetworkQualityRuntime()

  // Workloads and OS policies.
  @exclusivity(unchecked) var workloads: [WorkloadRuntime] = []
  /// Each workload's range-timer generation, which guards its deadlines: a timer that fired early
  /// leaves a stale deadline behind. Apart from the workloads, so that a stale deadline, read a
  /// whole period after its workload last ran, is told stale without a cache miss on that
  /// workload (a third of 100,000 workloads' events).
  @exclusivity(unchecked) var rangeTimerGenerations: [UInt32] = []
  /// The animations' timings, by ``WorkloadRuntime/animationSlot``.
  @exclusivity(unchecked) var animations: [AnimationTiming] = []
  /// The debounced workloads' debouncing, by ``WorkloadRuntime/debounceSlot``.
  @exclusivity(unchecked) var debounces: [DebounceState] = []
  /// Completion latencies on their way to `workloads[_].stats.latency`.
  let latencyLog: LatencyLog
  /// Exact latency samples kept in total (see ``enforceLatencyBudget(adding:)``).
  let exactLatencyLimit: Int
  /// The nodes marked by ``ownerStateChanged(_:)`` since the owner sets last settled, each once.
  let unsettledOwnerNodes: UnsafeMutableBufferPointer<Int32>
  @exclusivity(unchecked) var unsettledOwnerCount = 0
  /// Next known wake-up of every workload whose due times the OS knows (see *The power-state
  /// ladder*).
  let knownWakes: IndexedMinHeap
  /// Open times of range timers waiting to fire (see *OS policies*).
  let pendingRangeTimers: IndexedMinHeap
  /// The CPU started an item, or a range timer reached its deadline: open range timers fire.
  @exclusivity(unchecked) var rangeTimerCheckPending = false
  @exclusivity(unchecked) var deferralCheckPending = false
  @exclusivity(unchecked) var pendingDeferrals: [Int32] = []
  /// What the completions of the current instant left to do once they are all in (see *The
  /// power-state ladder*).
  @exclusivity(unchecked) var completionsThisInstant = SameInstantCompletions()

  // The environment and the display.
  @exclusivity(unchecked) var environment: EnvironmentRuntime
  @exclusivity(unchecked) var display: DisplayRuntime?
  /// The device shut down by a flat battery, and how it restarts (see *Results and accounting*).
  @exclusivity(unchecked) var shutdown: DeviceShutdown
  /// The apps and their lifecycles (see *Apps and push delivery*).
  @exclusivity(unchecked) var apps = AppLifecycleRuntime()
  /// Each app's main thread, its hitches and hangs (see *OS policies*).
  @exclusivity(unchecked) var mainThreads = MainThreadRuntime()
  /// The push service's held low-priority pushes (see *Apps and push delivery*).
  @exclusivity(unchecked) var push = PushDeliveryRuntime()
  /// Low Power Mode: on or off, its limits, the time spent in it (see *Apps and push delivery*).
  @exclusivity(unchecked) var lowPower: LowPowerModeRuntime
  /// Deferrable work: the conditions it waits for, waiting instances, paused occurrences (see
  /// *OS policies*).
  @exclusivity(unchecked) var tasks: BackgroundTaskRuntime
  /// Reactions to state: the workloads that run on events, their waiting occurrences, the thermal
  /// state `when` reads (see *OS policies*).
  @exclusivity(unchecked) var reactions: ReactionRuntime
  /// Heat: the temperature, the thermal state and the throttling levels (see *Peripherals and
  /// recipes*).
  @exclusivity(unchecked) var thermal: ThermalRuntime
  /// Holds on the device: wake locks, power assertions (see *OS policies*).
  @exclusivity(unchecked) var assertions: AssertionRuntime

  /// The fast-forward's bookkeeping (*The fast-forward*; no simulation state).
  @exclusivity(unchecked) var fastForward = FastForward()

  /// Prepares a run of `setup`.
  init(setup: SimulationSetup, recording: RecordingOptions = RecordingOptions()) {
    self.setup = setup
    endTime = setup.duration.nanoseconds
    let keepsSortedRun = setup.workloads.count >= Self.sortedRunWorkloads
    scheduler = Scheduler(
      expectedPendingEvents: 4096, secondHeapRanks: EventRank.workloads,
      thirdHeapRanks: EventRank.timeouts, keepsSortedRun: keepsSortedRun)
    knownWakes = IndexedMinHeap(capacity: setup.workloads.count, keepsSortedRun: keepsSortedRun)
    pendingRangeTimers = IndexedMinHeap(
      capacity: setup.workloads.count, keepsSortedRun: keepsSortedRun)
    latencyLog = LatencyLog(workloadCount: setup.workloads.count)
    exactLatencyLimit = recording.exactLatencySamples
    environment = EnvironmentRuntime()
    shutdown = DeviceShutdown(initialNodes: [], initialCPU: nil)
    lowPower = LowPowerModeRuntime(setup: setup)
    tasks = BackgroundTaskRuntime(workloads: setup.workloads)
    storageQoS = StorageQoSRuntime(
      throttleWindow: setup.device.qosBeyondCPU.ioThrottleWindow.nanoseconds)
    reactions = ReactionRuntime(workloads: setup.workloads)
    thermal = ThermalRuntime(setup: setup)
    assertions = AssertionRuntime()
    var builder = DeviceBuilder(setup: setup)
    builder.build()
    memory = builder.memory
    nodes = memory.table(builder.nodes)
    unsettledOwnerNodes = memory.table(repeating: -1, count: builder.nodes.count)
    ladders = memory.table(builder.ladders)
    nodeLink = memory.table(repeating: -1, count: builder.nodes.count)
    children = builder.children
    nodePaths = builder.nodePaths
    slotNames = builder.slotNames
    components = builder.components
    cpu = builder.cpu
    cpuTables = CPUTables(builder.cpu, nodeCount: builder.nodes.count, memory: builder.memory)
    storageNode = builder.storageNode
    platformNode = builder.platformNode
    suspensionDependentNodes = builder.nodes.indices.compactMap { node in
      let ladder = builder.nodes[node].ladder
      guard builder.nodes[node].role != .display, node != Int(builder.platformNode) else {
        return nil
      }
      return builder.ladders[Int(ladder)].dependsOnSuspension ? Int32(node) : nil
    }
    gpuNode = builder.gpuNode
    radioSpecs = builder.radioSpecs
    storageSpec = builder.storageSpec
    gpuSpec = builder.gpuSpec
    display = builder.display
    laneQueues = Array(repeating: RingBuffer(minimumCapacity: 4), count: nodes.count * 5)
    let battery = setup.device.battery.map {
      BatteryTracker(
        capacity: $0.capacity.attojoules, chargePower: $0.chargePower.nanowatts,
        startFraction: setup.environment.batteryStart.value)
    }
    let ledgerLayout = builder.ledgerLayout(workloadCount: setup.workloads.count)
    activity = recording.activitySink.map {
      ActivityRecorder(
        sink: $0, layout: builder.activityLayout(window: recording.activityWindow),
        firstSlot: builder.nodes.map(\.firstSlot), initialSlot: ledgerLayout.initialSlot)
    }
    let recorder = PowerRecorder(
      componentCount: components.count, binWidth: recording.binWidth?.nanoseconds ?? 0,
      exactWindow: recording.exactWindow, sink: recording.sink, battery: battery)
    ledger = EnergyLedger(
      layout: ledgerLayout, workloadCount: setup.workloads.count, recorder: recorder,
      activity: activity)
    var compiler = WorkCompiler(
      nodeForComponent: builder.nodeForComponent, radioNodes: Set(radioSpecs.keys),
      storageNode: storageNode, gpuNode: gpuNode,
      hasCPU: cpu != nil, dispatchCost: cpu?.dispatchCost ?? 0)
    compiler.networkStack = setup.device.networkStack
    compiler.memory = setup.device.memory
    for (name, load) in setup.device.genericLoads {
      if let node = builder.nodeForComponent[name] { compiler.genericLoads[node] = load }
    }
    let appSpecs = setup.runApps
    let appOfWorkload = setup.workloads.map { workload in
      guard let app = appSpecs.firstIndex(where: { $0.name == workload.app }) else {
        preconditionFailure("workload \(workload.name) names an undeclared app \(workload.app)")
      }
      return Int32(app)
    }
    // One allocation of the exact size for each table: an array grown by doubling holds up to
    // twice its elements, and both buffers at once while it grows.
    workloads.reserveCapacity(setup.workloads.count)
    var animationCount = 0
    var debounceCount = 0
    for index in setup.workloads.indices {
      if case .frames = setup.workloads[index].timing { animationCount += 1 }
      if (setup.workloads[index].debounce?.nanoseconds ?? 0) > 0 { debounceCount += 1 }
    }
    animations.reserveCapacity(animationCount)
    debounces.reserveCapacity(debounceCount)
    var programs: [SharedProgramKey: Range<Int32>] = [:]
    for (index, spec) in setup.workloads.enumerated() {
      workloads.append(
        makeWorkload(
          spec, index: index, compiler: compiler, app: appOfWorkload[index],
          appSpec: appSpecs[Int(appOfWorkload[index])], programs: &programs))
    }
    rangeTimerGenerations = [UInt32](repeating: 0, count: workloads.count)
    // Each workload's time holding the device is kept only where some work holds it.
    if steps.contains(where: { $0.kind == .holdAwake }) {
      assertions = AssertionRuntime(workloadCount: workloads.count)
    }
    apps = AppLifecycleRuntime(specs: appSpecs, workloadCount: workloads.count)
    mainThreads = MainThreadRuntime(
      appCount: appSpecs.count,
      mainThreadApps: Set(
        setup.workloads.indices.filter { setup.workloads[$0].onMainThread }.map {
          appOfWorkload[$0]
        }))
    for node in radioSpecs.keys.sorted() {
      nodeLink[Int(node)] = Int32(links.count)
      links.append(
        SharedLinkRuntime(
          node: node, drx: radioSpecs[node]?.drx.map { DRXTiming($0) },
          scanningPower: radioSpecs[node]?.scanningPower?.nanowatts ?? -1))
    }
    network = NetworkQualityRuntime(
      setup: setup, radioNode: builder.nodeForComponent, links: links, specs: radioSpecs)
    environment = EnvironmentRuntime(setup: setup, apps: appSpecs, appOfWorkload: appOfWorkload)
    shutdown = DeviceShutdown(initialNodes: builder.nodes, initialCPU: builder.cpu)
    setUpFastForward(enabled: recording.fastForward)
  }

  private var hasRun = false

  /// Runs the simulation to its end and returns the account.
  ///
  /// - Complexity: O(*e* log *q*) for *e* events and *q* pending events, plus the recording.
  func run(progress: ((_ simulated: TimeSpan) -> Void)? = nil) -> RunResult {
    guard let result = runWithinEventLimit(progress: progress) else {
      preconditionFailure("a run without an event limit stopped at one")
    }
    return result
  }

  /// Runs the simulation to its end and returns the account, or returns `nil`, having stopped,
  /// when the scheduler reached its event limit (see `Scheduler.processedEventLimit`).
  func runWithinEventLimit(progress: ((_ simulated: TimeSpan) -> Void)? = nil) -> RunResult? {
    precondition(!hasRun, "a Simulation runs once")
    hasRun = true
    for node in nodes.indices { recordChange(node) }
    startBatteryWatches()
    applyEnvironmentChanges()
    startAppLifecycles()
    whenStatesChanged()
    startThermalGovernor()
    for index in workloads.indices { startWorkload(Int32(index)) }
    settleOwners()
    checkBattery(upTo: 0, inclusive: endTime > 0)
    if let progress {
      // In slices of a hundredth of the run: the events due before each slice's end are the
      // same events, in the same order, as in one pass (the scheduler only moves its clock to
      // the slice's end, and nothing is scheduled between slices).
      for slice in 1...100 {
        let end = Int64((Int128(endTime) * Int128(slice)) / 100)
        runEvents(until: end)
        if scheduler.stoppedAtLimit { return nil }
        progress(.nanoseconds(end))
      }
    } else {
      runEvents(until: endTime)
    }
    if scheduler.stoppedAtLimit { return nil }
    if !shutdown.isOff { checkBattery(upTo: endTime, inclusive: false) }
    ledger.finish(at: endTime)
    activity?.finish(at: endTime)
    // What is pending past the end is never handled: its memory goes to the account made next,
    // where a run's memory peaks (100,000 pending arrivals, about 5 MB).
    scheduler.discardPendingEvents()
    return makeResult()
  }

  /// The current simulated time in ns.
  @inline(__always) var now: Int64 { scheduler.now.nanosecondsSinceStart }

  /// Handles one event (the engine calls this).
  @inline(__always)
  func handle(_ event: DeviceEvent) {
    checkBattery(upTo: now)
    switch event {
    case .wakeDone(let node, let boot):
      guard boot == shutdown.boot else { return }
      becomeActive(Int(node))
    case .segmentDone(let node, let generation):
      guard nodes[Int(node)].jobGeneration == generation else { return }
      segmentDone(Int(node))
    case .linkEvent(let node, let generation):
      linkEventDue(Int(node), generation: generation)
    case .idleTimer(let node):
      idleTimerChecked(Int(node))
    case .demote(let node, let generation):
      guard nodes[Int(node)].timerGeneration == generation else { return }
      timeoutExpired(Int(node))
    case .callPacket(let call, let generation):
      guard calls[Int(call)].generation == generation else { return }
      sendCallPackets(Int(call))
    case .drx(let node, let generation):
      guard links[Int(nodeLink[Int(node)])].drxGeneration == generation else { return }
      drxBoundary(Int(node))
    case .environment:
      applyEnvironmentChanges()
    case .arrival(let workload):
      arrival(workload)
    case .rangeDeadline(let workload, let generation):
      guard rangeTimerGenerations[Int(workload)] == generation else { return }
      fireRangeTimer(workload)
      // The OS's timer interrupt: every other range timer whose window has opened fires with it,
      // whether or not the firing starts CPU work (see *OS policies*).
      rangeTimerCheckPending = true
    case .debounceExpiry(let workload, let generation):
      guard debounces[Int(workloads[Int(workload)].debounceSlot)].generation == generation else {
        return
      }
      debounceExpired(workload)
    case .windowOpen(let workload):
      windowOpened(workload)
    case .windowDeadline(let workload):
      windowDeadlineReached(workload)
    case .appGrantExpired(let app, let generation):
      appGrantExpired(Int(app), generation: generation)
    case .pushDeadline(let generation):
      pushDeadlineReached(generation: generation)
    case .batteryLevel(let generation):
      batteryRoseToOKLevel(generation: generation)
    case .ioThrottleEnd(let node, let generation):
      ioThrottleEnded(Int(node), generation: generation)
    case .thermalPoll:
      thermalPollDue()
    case .holdEnded(let id):
      holdEnded(id: id)
    }
    if !completionsThisInstant.isEmpty
      && !scheduler.hasPendingEvent(dueNowWithRankAtMost: EventRank.completion)
    {
      endCompletionPhase()
    }
    if rangeTimerCheckPending || deferralCheckPending { applyPendingPolicies() }
    if unsettledOwnerCount > 0 { settleOwners() }
    if thermal.isResting { thermalPowerChanged() }
  }

  /// Runs what the event made due under the OS policies: range timers whose window is open fire
  /// with the CPU's item (or with another range timer's deadline), and deferrals whose condition
  /// now holds run.
  func applyPendingPolicies() {
    while rangeTimerCheckPending || deferralCheckPending {
      if deferralCheckPending {
        deferralCheckPending = false
        runSatisfiedDeferrals()
        if push.isHolding && (now >= push.deadline || mayDeliverHeldPushes) {
          deliverHeldPushes()
        }
      }
      if rangeTimerCheckPending { fireOpenRangeTimers() }
    }
  }

  /// Schedules `event` `delay` ns from now.
  @inline(__always)
  func schedule(_ event: DeviceEvent, at time: Int64, rank: UInt32) {
    scheduler.schedule(event, at: Instant(nanosecondsSinceStart: time), rank: rank)
  }
}

/// How one reported component maps onto nodes.
struct ComponentLayout {
  var name: String
  var typeName: String
  var nodes: [Int32]
}
