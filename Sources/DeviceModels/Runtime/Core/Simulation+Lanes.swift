import Quantities

/// Lanes: one job at a time per node, FIFO within a QoS priority, higher priorities first; a job is
/// cut into segments of constant power (*Flash storage* and *The GPU* for storage and GPUs). Radios
/// carry several transfers at once instead (see ``SharedLinkRuntime``); their queues hold transfers
/// only while the radio wakes or has no network.
extension DeviceSimulation {
  /// Queues `job` on lane `node`, starting it if the lane is free.
  @inline(__always)
  func submit(_ job: Int32, to node: Int) {
    let isStorage = nodes[node].laneKind == .storage
    if nodes[node].job < 0 && nodes[node].queuedPriorities == 0 && !(isStorage && isThrottled(job))
    {
      assign(job, to: node)
    } else {
      let priority = Int(jobs[job].priority)
      laneQueues[node * 5 + priority].append(job)
      nodes[node].queuedPriorities |= 1 << priority
      // The free flash may hold a throttled background job: this one may go first, or wait too.
      if isStorage && nodes[node].job < 0, let next = nextStorageJob(node) {
        assign(next, to: node)
      }
    }
  }

  /// The highest-priority waiting job of `node`, removed from its queue.
  @inline(__always)
  func dequeueJob(_ node: Int) -> Int32? {
    let waiting = nodes[node].queuedPriorities
    guard waiting != 0 else { return nil }
    let priority = waiting.trailingZeroBitCount
    let queue = node * 5 + priority
    let job = laneQueues[queue].popFirst()
    if laneQueues[queue].isEmpty { nodes[node].queuedPriorities &= ~(1 << priority) }
    return job
  }

  /// Gives the free lane `node` its next job: starts it, or wakes the node for it.
  @inline(__always)
  func assign(_ job: Int32, to node: Int) {
    nodes[node].job = job
    if nodes[node].phase == .active {
      disarmIdleTimers(node)
      startJob(on: node)
    } else {
      wake(node, cause: occurrences[jobs[job].occurrence].workload)
    }
  }

  /// Starts the lane's job now that the node is active.
  @inline(__always)
  func startJob(on node: Int) {
    let job = nodes[node].job
    if nodes[node].laneKind == .core {
      startCoreJob(node)
    } else {
      // A storage job that gave way between requests resumes at its next segment.
      if jobs[job].segment == 0 { jobs[job].segmentCount = segmentCount(of: job, on: node) }
      startSegment(on: node)
    }
    activity?.workStarted(node: node, occurrence: jobs[job].occurrence, at: now)
  }

  /// Runs the current segment of the lane's job.
  func startSegment(on node: Int) {
    let job = nodes[node].job
    let (duration, power) = segment(jobs[job].segment, of: job, on: node)
    nodes[node].isServing = true
    ownerStateChanged(node)
    nodes[node].servingPower = power
    recordChange(node)
    nodes[node].jobGeneration &+= 1
    schedule(
      .segmentDone(node: Int32(node), generation: nodes[node].jobGeneration),
      at: Saturating.sum(now, duration),
      rank: EventRank.completion)
  }

  /// A segment ended: run the next or finish the job.
  @inline(__always)
  func segmentDone(_ node: Int) {
    if nodes[node].laneKind == .core {
      finishJob(on: node)
      return
    }
    let job = nodes[node].job
    jobs[job].segment += 1
    if jobs[job].segment < jobs[job].segmentCount {
      if nodes[node].laneKind == .storage && higherClassWaits(than: job, on: node)
        && jobs[job].segment % segmentsPerRequest == 0
      {
        yieldStorageLane(node)
        return
      }
      startSegment(on: node)
    } else {
      finishJob(on: node)
    }
  }

  /// The lane's job is done: the lane takes its next waiting job; the occurrence hands on its
  /// next step, and a lane left with nothing enters idle, once every completion of the instant
  /// is in (see ``endCompletionPhase()``).
  func finishJob(on node: Int) {
    let job = nodes[node].job
    let occurrence = jobs[job].occurrence
    activity?.workFinished(node: node, at: now)
    let isCore = nodes[node].laneKind == .core
    if isCore { cpuTimeByClass[Int(jobs[job].priority)] += Int128(now - jobs[job].coreStart) }
    if nodes[node].laneKind == .storage { storageRequestServed(job) }
    nodes[node].lastServed = occurrences[occurrence].workload
    nodes[node].job = -1
    nodes[node].isServing = false
    nodes[node].servingOPP = 0
    ownerStateChanged(node)
    jobs.remove(job)
    if isCore { coreStoppedServing(node) }
    let next: Int32?
    switch nodes[node].laneKind {
    case .core: next = dequeueCPUJob(for: node)
    case .storage: next = nextStorageJob(node)
    default: next = dequeueJob(node)
    }
    if let next {
      if isCore { assignCore(next, to: node) } else { assign(next, to: node) }
    }
    handOn(occurrence, leaving: nodes[node].job < 0 ? node : -1)
  }

  /// How many constant-power segments a job has on its lane.
  @inline(__always)
  func segmentCount(of job: Int32, on node: Int) -> Int32 {
    let step = steps[Int(jobs[job].step)]
    switch nodes[node].laneKind {
    case .storage:
      return segmentsPerRequest * Int32(requestCount(step))
    default:
      return 1
    }
  }

  /// Segments of one storage request: its command latency, if any, then its transfer.
  var segmentsPerRequest: Int32 { (storageSpec?.commandLatency.nanoseconds ?? 0) > 0 ? 2 : 1 }

  /// The number of storage requests a step makes.
  func requestCount(_ step: CompiledStep) -> Int64 {
    guard step.kind == .write, step.requestSize > 0, step.amount > step.requestSize else {
      return 1
    }
    // ⌈amount / size⌉, without `amount + size`, which overflows for sizes of exabytes.
    return step.amount / step.requestSize + (step.amount % step.requestSize == 0 ? 0 : 1)
  }

  /// Duration (ns) and power (nW) of segment `index` of a job.
  @inline(__always)
  func segment(_ index: Int32, of job: Int32, on node: Int) -> (Int64, Int64) {
    let step = steps[Int(jobs[job].step)]
    let table = ladders[Int(nodes[node].ladder)]
    switch nodes[node].laneKind {
    case .generic:
      let (power, overflow) = table.power[0].addingReportingOverflow(step.extraPower)
      return (step.amount, overflow ? Saturating.largestPower : power)
    case .gpu:
      return gpuSegment(step, job: job)
    case .storage:
      return storageSegment(index, step: step, activePower: table.power[0])
    case .core, .radio, .none:
      preconditionFailure("no segments on this node")
    }
  }

  /// A GPU step's duration and power: its time at the highest frequency, scaled by the highest
  /// frequency over the chosen one (see *The GPU*). The governor runs a frame's GPU step at the
  /// lowest operating point that finishes it by the frame's deadline, counted from now (when the
  /// step starts), else at the highest; any other GPU work at the highest. In Low Power Mode (see
  /// *Apps and push delivery*) the highest allowed is the GPU's cap, and while the thermal
  /// governor throttles (see ``ThermalRuntime``) its cap: the governor picks among the points up
  /// to the lower, and a fixed choice above it runs at it.
  private func gpuSegment(_ step: CompiledStep, job: Int32) -> (Int64, Int64) {
    guard let gpu = gpuSpec else { preconditionFailure("GPU work without a GPU") }
    let points = gpu.operatingPoints
    let top = points[points.count - 1].frequency.hertz
    var highest = lowPower.isOn ? Int(lowPower.gpuCap) : points.count - 1
    if thermal.level > 0 { highest = min(highest, Int(thermal.gpuCap)) }
    var chosen = highest
    if gpu.frequency != .governor {
      chosen = min(highest, operatingPointIndex(points, choice: gpu.frequency, ipc: 1))
    } else if occurrences[jobs[job].occurrence].isFrame {
      let deadline = occurrences[jobs[job].occurrence].deadline
      for index in 0..<highest {
        let time = Saturating.nanoseconds(
          (Double(step.amount) * top / points[index].frequency.hertz).rounded(.up))
        if time <= deadline - now {
          chosen = index
          break
        }
      }
    }
    let scaled = (Double(step.amount) * top / points[chosen].frequency.hertz).rounded(.up)
    return (Saturating.nanoseconds(scaled), points[chosen].power.nanowatts)
  }

  private func storageSegment(_ index: Int32, step: CompiledStep, activePower: Int64) -> (
    Int64, Int64
  ) {
    guard let storage = storageSpec else { preconditionFailure("storage work without storage") }
    let command = storage.commandLatency.nanoseconds
    let perRequest = segmentsPerRequest
    if perRequest == 2 && index % 2 == 0 { return (command, activePower) }
    let request = Int64(index / perRequest)
    var bytes = step.amount
    if step.kind == .write && step.requestSize > 0 {
      bytes = min(step.requestSize, step.amount - request * step.requestSize)
    }
    let size = DataSize(bytes: bytes)
    if step.kind == .write {
      let occupied = size.roundedUp(toMultipleOf: storage.pageSize)
      return (
        storage.writeBandwidth.timeToTransfer(occupied).nanoseconds, storage.writePower.nanowatts
      )
    }
    return (storage.readBandwidth.timeToTransfer(size).nanoseconds, storage.readPower.nanowatts)
  }

  /// The operating point a frequency choice selects for the GPU (`governor`, chosen per frame
  /// when a frame's GPU step starts, is the highest here).
  func operatingPointIndex(_ points: [OperatingPoint], choice: FrequencyChoice, ipc: Double) -> Int
  {
    switch choice {
    case .max, .governor:
      return points.count - 1
    case .min:
      return 0
    case .efficient:
      var best = 0
      var bestCost = Double.infinity
      for (index, point) in points.enumerated() {
        let cost = Double(point.power.nanowatts) / (point.frequency.hertz * ipc)
        if cost < bestCost {
          best = index
          bestCost = cost
        }
      }
      return best
    }
  }
}
