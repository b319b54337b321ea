import DeviceModels
import Foundation
import Quantities

/// How often a workload's occurrences are followed by an idle gap longer than some time: what
/// decides how far down its ladders a component steps between two occurrences.
///
/// The gap after an occurrence is taken from its due time to the next one's (the work itself is
/// not subtracted, so the estimate counts a little high); the last occurrence is followed by the
/// rest of the run.
enum OccurrenceGaps: Hashable {
  /// `count` occurrences `interval` ns apart (a timer, an animation), in `stretches` stretches
  /// of the run (it pauses between them: `when: "visible"`, a suspended app), each followed by a
  /// long gap.
  case regular(interval: Double, count: Double, stretches: Double)
  /// `count` Poisson arrivals `mean` ns apart on average: a gap exceeds `t` with probability
  /// `exp(−t / mean)`.
  case poisson(mean: Double, count: Double)
  /// The gaps themselves, sorted (a list of times, a trace, a single occurrence).
  case sorted([Double])

  /// The expected number of occurrences followed by a gap longer than `time` ns, in a run of
  /// `runEnd` ns.
  func count(longerThan time: Double, runEnd: Double) -> Double {
    switch self {
    case .regular(let interval, let count, let stretches):
      guard count >= 1 else { return 0 }
      let ends = min(max(stretches, 1), count)
      return (interval > time ? count - ends : 0) + (runEnd > time ? ends : 0)
    case .poisson(let mean, let count):
      return count * exp(-time / max(mean, 1))
    case .sorted(let gaps):
      // The first gap longer than `time`, by binary search: all from it on are longer.
      var low = 0
      var high = gaps.count
      while low < high {
        let middle = (low + high) / 2
        if gaps[middle] > time { high = middle } else { low = middle + 1 }
      }
      return Double(gaps.count - low)
    }
  }

  /// The expected time, summed over the gaps, that each gap spends between `start` and `end` ns
  /// after its occurrence (`max(0, min(gap, end) − start)` each), in a run of `runEnd` ns.
  func time(between start: Double, and end: Double, runEnd: Double) -> Double {
    func within(_ gap: Double) -> Double { max(0, min(gap, end) - start) }
    switch self {
    case .regular(let interval, let count, let stretches):
      guard count >= 1 else { return 0 }
      let ends = min(max(stretches, 1), count)
      return (count - ends) * within(interval) + ends * within(runEnd)
    case .poisson(let mean, let count):
      // The integral of exp(−t / mean) from start to end.
      let scale = max(mean, 1)
      return count * scale * max(0, exp(-start / scale) - exp(-end / scale))
    case .sorted(let gaps):
      return gaps.reduce(0) { $0 + within($1) }
    }
  }

  /// Every occurrence (a gap longer than nothing).
  var total: Double {
    switch self {
    case .regular(_, let count, _), .poisson(_, let count): count
    case .sorted(let gaps): Double(gaps.count)
    }
  }
}

/// The ladders of one device, found by component name, with the component each hangs from.
struct DeviceLadders {
  /// Each ladder component's ladder (platform, generic, storage, radio, GPU).
  var ladders: [String: Ladder] = [:]
  /// Each component's parent, by name (`nil`: none).
  var parents: [String: String] = [:]
  /// The CPU component's name, if the device has one.
  var cpuName: String?
  /// The storage component's name, the GPU's and the radios', if the device has them.
  var storageName: String?
  var gpuName: String?
  var radioNames: [String] = []
  /// The radios' connected-mode DRX, by name, for those that have one.
  var drx: [String: ConnectedDRX] = [:]

  init(_ device: DeviceSpec) {
    let platform = device.components.first { component in
      if case .platform = component.model { return true }
      return false
    }?.name
    for component in device.components {
      switch component.parent {
      case .platform: if component.name != platform { parents[component.name] = platform }
      case .none: break
      case .named(let name): parents[component.name] = name
      }
      switch component.model {
      case .platform(let ladder), .island(let ladder), .generic(let ladder):
        ladders[component.name] = ladder
      case .storage(let spec):
        ladders[component.name] = spec.ladder
        storageName = component.name
      case .radio(let spec):
        ladders[component.name] = spec.ladder
        radioNames.append(component.name)
        drx[component.name] = spec.drx
      case .gpu(let spec):
        ladders[component.name] = spec.ladder
        gpuName = component.name
      case .cpu: cpuName = component.name
      case .display: break
      }
    }
  }
}

extension WorkloadCost {
  /// The idle gaps that follow `workload`'s occurrences.
  func gaps(of workload: WorkloadSpec, occurrences: Double, stretches: Double = 1)
    -> OccurrenceGaps
  {
    func sortedGaps(_ times: [Instant]) -> OccurrenceGaps {
      let due = times.map { Double($0.nanosecondsSinceStart) }.filter { $0 < runEnd }
      let gaps = zip(due, due.dropFirst().map { $0 } + [runEnd]).map { $1 - $0 }
      return .sorted(gaps.sorted())
    }
    switch workload.timing {
    case .once(let at): return sortedGaps([at])
    case .window(let earliest, _, _): return sortedGaps([earliest])
    case .times(let list): return sortedGaps(list)
    case .trace(let rows): return sortedGaps(rows.map(\.time))
    case .periodic(let every, _, _, _, _), .repeatingWindow(let every, _, _, _, _, _):
      return .regular(
        interval: Double(every.nanoseconds), count: occurrences, stretches: stretches)
    case .frames(let rate, _, _):
      return .regular(interval: 1e9 / rate.hertz, count: occurrences, stretches: stretches)
    case .poisson(let mean, _, _):
      return .poisson(mean: mean, count: occurrences)
    case .reaction:
      return sortedGaps(reactionDueTimes(of: workload))
    }
  }

  /// The steps down its ladders every component that `workload`'s work keeps busy is expected
  /// to take over the whole run, the components they hang from included: after each occurrence,
  /// a component with the timeout policy steps into every deeper state whose `after` the gap to
  /// the next occurrence exceeds; one with the predictive policy moves once.
  ///
  /// CPU work keeps one core busy per thread (at most every core) and its cluster; the ladders
  /// of the cluster that takes the most steps stand for all.
  func demotions(of workload: WorkloadSpec, occurrences: Double, stretches: Double = 1)
    -> Double
  {
    guard occurrences > 0 else { return 0 }
    let gaps = gaps(of: workload, occurrences: occurrences, stretches: stretches)
    var components: Set<String> = []
    var busyCores = 0
    var demotionsOfCPU = 0.0
    for step in RunLimits.steps(of: workload) {
      busyCores = max(busyCores, step.cpu == nil ? 0 : min(step.threads, cpuCoreCount))
      if step.read != nil || step.write != nil, let name = ladders.storageName {
        components.insert(name)
      }
      if step.download != nil || step.upload != nil || step.call != nil {
        // The radio that steps furthest (DRX boundaries included) among those the network names
        // over the run, when the network decides which one serves.
        let named = Set(setup.environment.network.compactMap(\.radio))
        let candidates =
          step.via.map { [$0] }
          ?? (named.isEmpty ? ladders.radioNames : ladders.radioNames.filter(named.contains))
        func cost(_ name: String) -> Double {
          steps(of: ladders.ladders[name], gaps) + drxBoundaries(of: name, gaps)
        }
        if let name = candidates.max(by: { cost($0) < cost($1) }) {
          components.insert(name)
        }
      }
      if step.gpu != nil, let name = ladders.gpuName { components.insert(name) }
      for generic in step.generic { components.insert(generic.component) }
      if let call = step.call {
        for name in CallSpec.components(video: call.isVideo) where ladders.ladders[name] != nil {
          components.insert(name)
        }
      }
    }
    if let cpu, let name = ladders.cpuName {
      // Every occurrence is dispatched on a core, whatever its work.
      busyCores = max(busyCores, 1)
      components.insert(name)
      let coreSteps = cpu.clusters.map { steps(of: $0.coreLadder, gaps) }.max() ?? 0
      let clusterSteps = cpu.clusters.map { steps(of: $0.clusterLadder, gaps) }.max() ?? 0
      let busyClusters = Double(min(busyCores, cpu.clusters.count))
      demotionsOfCPU = Double(busyCores) * coreSteps + busyClusters * clusterSteps
    }
    // The components they hang from, each once.
    var pending = Array(components)
    while let name = pending.popLast() {
      if let parent = ladders.parents[name], !components.contains(parent) {
        components.insert(parent)
        pending.append(parent)
      }
    }
    return components.reduce(demotionsOfCPU) {
      $0 + steps(of: ladders.ladders[$1], gaps) + drxBoundaries(of: $1, gaps)
    }
  }

  /// The DRX boundaries of radio `name` over the run after occurrences followed by `gaps`: two a
  /// cycle while it sleeps, from the end of its inactivity to its first deeper state.
  func drxBoundaries(of name: String, _ gaps: OccurrenceGaps) -> Double {
    guard let drx = ladders.drx[name], let ladder = ladders.ladders[name] else { return 0 }
    let firstDeeper = ladder.states.dropFirst().first?.after.nanoseconds ?? Int64(runEnd)
    let asleep = gaps.time(
      between: Double(drx.inactivity.nanoseconds), and: Double(firstDeeper), runEnd: runEnd)
    return 2 * asleep / Double(drx.cycle.nanoseconds)
  }

  /// The steps `ladder` takes over the run after occurrences followed by `gaps`.
  func steps(of ladder: Ladder?, _ gaps: OccurrenceGaps) -> Double {
    guard let ladder else { return 0 }
    switch ladder.idlePolicy {
    case .predictive: return gaps.total
    case .timeout:
      return ladder.states.dropFirst().reduce(0) {
        $0 + gaps.count(longerThan: Double($1.after.nanoseconds), runEnd: runEnd)
      }
    }
  }
}
