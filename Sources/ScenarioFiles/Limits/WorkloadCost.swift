import DeviceModels
import Quantities

/// Estimates of what workloads cost a run: how often each fires, how many events an occurrence
/// takes, and how long it keeps each component busy.
///
/// The event counts follow the engine: an occurrence's arrival, its dispatch on the CPU, and for
/// each step a start, a completion and the hand-on to the next step; a CPU step adds one event per
/// thread, a storage write one or two per request (two with a command latency), a transfer a
/// second segment after its round trip; then every step down the ladders of the components the
/// occurrence kept busy, and of the components they hang from, that the gap to the next
/// occurrence leaves time for (see ``demotions(of:occurrences:stretches:)``). Measured against the engine
/// on the built-in phone and on ladders of thousands of states, the estimate is within a factor
/// of three (it counts a little high).
struct WorkloadCost {
  let setup: SimulationSetup
  let storage: StorageSpec?
  let radios: [String: RadioSpec]
  let gpu: GPUSpec?
  let cpu: CPUSpec?
  /// The device's ladders by component, with their parents.
  let ladders: DeviceLadders
  /// The CPU's cores, all clusters together (0 without a CPU).
  let cpuCoreCount: Int

  init(setup: SimulationSetup) {
    self.setup = setup
    var storage: StorageSpec?
    var radios: [String: RadioSpec] = [:]
    var gpu: GPUSpec?
    var cpu: CPUSpec?
    for component in setup.device.components {
      switch component.model {
      case .cpu(let spec): cpu = spec
      case .storage(let spec): storage = spec
      case .radio(let spec): radios[component.name] = spec
      case .gpu(let spec): gpu = spec
      case .platform, .island, .generic, .display: break
      }
    }
    self.storage = storage
    self.radios = radios
    self.gpu = gpu
    self.cpu = cpu
    ladders = DeviceLadders(setup.device)
    cpuCoreCount = cpu?.clusters.reduce(0) { $0 + $1.cores } ?? 0
  }

  var runEnd: Double { Double(setup.duration.nanoseconds) }

  /// How many times `workload` runs in the run (the mean, for Poisson arrivals): only while it
  /// can (see ``runSpans(of:due:)``).
  func occurrences(of workload: WorkloadSpec) -> Double {
    occurrences(
      of: workload, in: runSpans(of: workload, due: dueSpans(of: workload, within: wholeRun)))
  }

  /// Events one occurrence of `workload` costs, on average over its `occurrences`: its work's,
  /// and the steps down the ladders it leaves busy.
  func eventsPerOccurrence(of workload: WorkloadSpec, occurrences: Double, stretches: Double = 1)
    -> Double
  {
    guard occurrences > 0 else { return 0 }
    let ladderSteps =
      demotions(of: workload, occurrences: occurrences, stretches: stretches) / occurrences
    // A push's downlink is one more transfer before the work (see *Apps and push delivery*),
    // with its network stack's CPU step.
    let push = workload.push == nil ? 0 : 2 + radioSegments(nil) + stackEvents
    guard case .trace(let rows) = workload.timing else {
      return events(of: workload.work) + ladderSteps + push
    }
    guard !rows.isEmpty else { return 0 }
    return rows.reduce(0) { $0 + events(of: $1.work) } / Double(rows.count) + ladderSteps + push
  }

  /// Events of one occurrence of `work` but its ladders' steps down: arrival and dispatch, its
  /// steps.
  func events(of work: WorkSpec) -> Double {
    var events = 4.0
    for step in work {
      if step.cpu != nil { events += 2 + Double(step.threads) }
      if step.read != nil { events += 2 + storageSegments }
      if let write = step.write {
        events += 2 + requests(write, size: step.writeSize) * storageSegments
      }
      let transfers = (step.download != nil ? 1.0 : 0) + (step.upload != nil ? 1 : 0)
      events += transfers * (2 + radioSegments(step.via) + stackEvents)
      if step.gpu != nil { events += 3 }
      events += 3 * Double(step.generic.count)
      if let call = step.call {
        // Per packet interval: its event, two packets, and the radio's DRX boundaries (at most
        // one per packet and one per on-duration end); the components it keeps active.
        events +=
          Double(call.packets) * 7 + 3 * Double(CallSpec.components(video: call.isVideo).count)
      }
    }
    return events
  }

  /// Events of the network stack's CPU step after a download or before an upload (see *Peripherals
  /// and recipes*), as a one-thread CPU step's: none without a stack cost or a CPU.
  var stackEvents: Double { setup.device.networkStack != nil && cpu != nil ? 3 : 0 }

  /// Segments of one storage request: a command, then the transfer.
  var storageSegments: Double { (storage?.commandLatency ?? .zero) > .zero ? 2 : 1 }

  /// Segments of one transfer on `via` (any radio when `nil`): a round trip, then the data.
  func radioSegments(_ via: String?) -> Double {
    let specs = via.flatMap { radios[$0] }.map { [$0] } ?? Array(radios.values)
    return specs.contains { $0.roundTripTime > .zero } ? 2 : 1
  }

  /// Write requests of `bytes` in requests of `size` (all at once when `nil`).
  func requests(_ bytes: DataSize, size: DataSize?) -> Double {
    guard let size, size.bytes > 0 else { return 1 }
    return max(1, (Double(bytes.bytes) / Double(size.bytes)).rounded(.up))
  }
}
