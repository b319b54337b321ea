import DeviceModels
import Quantities

/// Backlogs: when work arrives faster than a component can serve it, occurrences queue up and
/// each holds memory until it is served. This estimates, per component, the busy time the
/// workloads ask for against the time the run has (times the component's lanes), and how many
/// occurrences would be left waiting at the end.
///
/// Frames are dropped rather than queued (see *OS policies*), a debounced workload has at most one
/// occurrence pending, and a single occurrence cannot pile up, so none of those count.
extension WorkloadCost {
  /// The component with the most occurrences left waiting, if any component is overloaded.
  func largestBacklog(occurrences: [String: Double]) -> Backlog? {
    var demand: [String: (total: Double, arrivals: Double, top: (String, Double))] = [:]
    for workload in setup.workloads where workload.debounce == nil {
      switch workload.timing {
      case .frames, .once, .window: continue
      default: break
      }
      let count = occurrences[workload.name] ?? 0
      for (component, time) in serviceTimes(of: workload) where time > 0 {
        var entry = demand[component] ?? (0, 0, (workload.name, 0))
        entry.total += count * time
        entry.arrivals += count
        if count * time > entry.top.1 { entry.top = (workload.name, count * time) }
        demand[component] = entry
      }
    }
    var largest: Backlog?
    for (component, entry) in demand.sorted(by: { $0.key < $1.key }) {
      let capacity = runEnd * lanes(of: component)
      guard entry.total > capacity else { continue }
      let waiting = entry.arrivals * (1 - capacity / entry.total)
      if waiting > (largest?.waiting ?? 0) {
        largest = Backlog(
          workload: entry.top.0, component: component, load: entry.total / capacity,
          waiting: waiting)
      }
    }
    return largest
  }

  /// How long one occurrence keeps each component busy, in nanoseconds (CPU time on the
  /// reference core); a trace's rows are averaged.
  func serviceTimes(of workload: WorkloadSpec) -> [String: Double] {
    guard case .trace(let rows) = workload.timing else { return serviceTimes(of: workload.work) }
    var total: [String: Double] = [:]
    for row in rows {
      total.merge(serviceTimes(of: row.work), uniquingKeysWith: +)
    }
    return total.mapValues { $0 / Double(max(rows.count, 1)) }
  }

  func serviceTimes(of work: WorkSpec) -> [String: Double] {
    var times: [String: Double] = [:]
    if let cpu { times["CPU"] = Double(cpu.dispatchCost.nanoseconds) }
    let defaultRadio = setup.environment.network.lazy.compactMap(\.radio).first
    for step in work {
      if let time = step.cpu {
        let inflation = step.threads > 1 ? step.parallelEfficiency : 1
        times["CPU", default: 0] += Double(time.nanoseconds) / inflation
      }
      if let storage {
        let command = Double(storage.commandLatency.nanoseconds)
        if let read = step.read {
          times["storage", default: 0] += command + transferTime(read, storage.readBandwidth)
        }
        if let write = step.write {
          let count = requests(write, size: step.writeSize)
          times["storage", default: 0] +=
            count * command + transferTime(write, storage.writeBandwidth)
        }
      }
      for (size, isDownload) in [(step.download, true), (step.upload, false)] {
        guard let size, let name = step.via ?? defaultRadio, let radio = radios[name] else {
          continue
        }
        let bandwidth = isDownload ? radio.downlink : radio.uplink
        times["radio \"\(name)\"", default: 0] +=
          Double(radio.roundTripTime.nanoseconds) + transferTime(size, bandwidth)
      }
      if let time = step.gpu, let gpu {
        times["GPU", default: 0] += Double(time.nanoseconds) * gpuSlowdown(gpu)
      }
      for generic in step.generic {
        // Radio time (a scan) shares its radio's link with the radio's transfers.
        let lane =
          radios[generic.component] == nil
          ? "\"\(generic.component)\"" : "radio \"\(generic.component)\""
        times[lane, default: 0] += Double(generic.duration.nanoseconds)
      }
    }
    return times
  }

  /// Nanoseconds to move `size` at `rate`.
  func transferTime(_ size: DataSize, _ rate: DataRate) -> Double {
    Double(size.bytes) * 1e9 / rate.bytesPerSecond
  }

  /// How much longer GPU work takes at the GPU's chosen frequency than at its highest.
  func gpuSlowdown(_ gpu: GPUSpec) -> Double {
    let points = gpu.operatingPoints
    let top = points[points.count - 1].frequency.hertz
    switch gpu.frequency {
    // The governor runs all but frames (which never queue) at the highest frequency.
    case .max, .governor: return 1
    case .min: return top / points[0].frequency.hertz
    case .efficient:
      let best = points.min {
        Double($0.power.nanowatts) / $0.frequency.hertz
          < Double($1.power.nanowatts) / $1.frequency.hertz
      }
      return top / (best?.frequency.hertz ?? top)
    }
  }

  /// Work the component does per nanosecond of the run: its lanes; for the CPU, every core at its
  /// cluster's highest speed relative to the reference core.
  func lanes(of component: String) -> Double {
    guard component == "CPU", let cpu else { return 1 }
    let reference = cpu.clusters[0]
    let referenceRate =
      reference.operatingPoints[reference.operatingPoints.count - 1]
      .frequency.hertz * reference.ipc
    return cpu.clusters.reduce(0) { total, cluster in
      let top = cluster.operatingPoints[cluster.operatingPoints.count - 1].frequency.hertz
      return total + Double(cluster.cores) * top * cluster.ipc / referenceRate
    }
  }
}
