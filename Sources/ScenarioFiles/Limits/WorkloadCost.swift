import DeviceModels
import Quantities

/// Estimates of what workloads cost a run: how often each fires, how many events an occurrence
/// takes, and how long it keeps each component busy.
///
/// The event counts follow the engine: an occurrence's arrival, its dispatch on the CPU, and for
/// each step a start, a completion and the hand-on to the next step; a CPU step adds one event per
/// thread, a storage write one or two per request (two with a command latency), a transfer a
/// second segment after its round trip; then the demotions down the deepest ladder once the
/// component is idle again. Measured against the engine on the built-in phone, the estimate is
/// within a factor of three (it counts a little high).
struct WorkloadCost {
  let setup: SimulationSetup
  let storage: StorageSpec?
  let radios: [String: RadioSpec]
  let gpu: GPUSpec?
  let cpu: CPUSpec?
  /// The most states of any ladder of the device: demotions after each occurrence.
  let deepestLadder: Double

  init(setup: SimulationSetup) {
    self.setup = setup
    var storage: StorageSpec?
    var radios: [String: RadioSpec] = [:]
    var gpu: GPUSpec?
    var cpu: CPUSpec?
    var deepest = 0
    for component in setup.device.components {
      switch component.model {
      case .platform(let ladder), .generic(let ladder):
        deepest = max(deepest, ladder.states.count)
      case .cpu(let spec):
        cpu = spec
        for cluster in spec.clusters {
          deepest = max(
            deepest, cluster.coreLadder.states.count, cluster.clusterLadder.states.count)
        }
      case .storage(let spec):
        storage = spec
        deepest = max(deepest, spec.ladder.states.count)
      case .radio(let spec):
        radios[component.name] = spec
        deepest = max(deepest, spec.ladder.states.count)
      case .gpu(let spec):
        gpu = spec
        deepest = max(deepest, spec.ladder.states.count)
      case .display:
        break
      }
    }
    self.storage = storage
    self.radios = radios
    self.gpu = gpu
    self.cpu = cpu
    deepestLadder = Double(deepest)
  }

  var runEnd: Double { Double(setup.duration.nanoseconds) }

  /// The length of `[start, end)` cut to the run, in nanoseconds.
  func span(from start: Instant, to end: Instant?) -> Double {
    span(from: start, to: end.map { Double($0.nanosecondsSinceStart) })
  }

  /// The length of `[start, end)` cut to the run, in nanoseconds, `end` in nanoseconds.
  func span(from start: Instant, to end: Double?) -> Double {
    max(0, min(end ?? runEnd, runEnd) - Double(start.nanosecondsSinceStart))
  }

  /// How many times `workload` fires in the run (the mean, for Poisson arrivals).
  func occurrences(of workload: WorkloadSpec) -> Double {
    switch workload.timing {
    case .once, .window:
      return 1
    case .periodic(let every, let start, let end, let count, _):
      let fired = (span(from: start, to: end) / Double(every.nanoseconds)).rounded(.up)
      return min(fired, count.map(Double.init) ?? .infinity)
    case .poisson(let mean, let start, let end):
      return span(from: start, to: end) / mean
    case .times(let list):
      return Double(list.count)
    case .trace(let rows):
      return Double(rows.count)
    case .frames(let rate, let start, let length):
      let end = length.map { Double(start.nanosecondsSinceStart) + Double($0.nanoseconds) }
      return (span(from: start, to: end) * rate.hertz / 1e9).rounded(.up)
    }
  }

  /// Events one occurrence of `workload` costs.
  func eventsPerOccurrence(of workload: WorkloadSpec) -> Double {
    guard case .trace(let rows) = workload.timing else { return events(of: workload.work) }
    guard !rows.isEmpty else { return 0 }
    return rows.reduce(0) { $0 + events(of: $1.work) } / Double(rows.count)
  }

  /// Events of one occurrence of `work`: arrival and dispatch, its steps, the demotions after.
  func events(of work: WorkSpec) -> Double {
    var events = 4 + deepestLadder
    for step in work {
      if step.cpu != nil { events += 2 + Double(step.threads) }
      if step.read != nil { events += 2 + storageSegments }
      if let write = step.write {
        events += 2 + requests(write, size: step.writeSize) * storageSegments
      }
      let transfers = (step.download != nil ? 1.0 : 0) + (step.upload != nil ? 1 : 0)
      events += transfers * (2 + radioSegments(step.via))
      if step.gpu != nil { events += 3 }
      events += 3 * Double(step.generic.count)
    }
    return events
  }

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
