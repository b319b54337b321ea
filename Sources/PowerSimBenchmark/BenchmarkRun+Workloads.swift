import Foundation

extension BenchmarkRun {
  /// Many workloads (``ManyWorkloads``): 100, 1,000, 10,000 and 100,000 of them for an hour
  /// (`--small`: 20 minutes, the least that lets the 100,000's timers all start), each whole run
  /// in its own process as `powersim run --json` does it. Targets (see *The fast-forward*): the
  /// cost of an event within 1.5× from 100 workloads to 100,000 (the simulation's CPU time per
  /// event);
  /// 100,000 workloads for an hour under 10 s and 1 GB; at most 1 KiB of peak memory per
  /// workload (the peak of 100,000 less that of 100, over the 99,900 more); and at least 100× the
  /// CPU time of the SimPy model of 1,000 workloads (CPU time, as the two run one after the other
  /// on a machine that may be shared).
  mutating func runWorkloads() throws {
    let duration = options.isSmall ? "20 min" : "1 h"
    let seconds = options.isSmall ? 1200 : 3600
    var runs: [Int: ManyWorkloads.Figures] = [:]
    for count in [100, 1_000, 10_000, 100_000] {
      let figures = try ManyWorkloads.runInChild(count: count, duration: duration)
      runs[count] = figures
      addThroughput(
        "\(Format.count(count)) workloads, \(duration) (run --json)", figures.throughput,
        peak: figures.peakResidentBytes)
      let perEvent = figures.simulationSeconds / Double(max(1, figures.throughput.events)) * 1e9
      addThroughput(
        "  simulation alone (CPU): \(Format.nanoseconds(perEvent)) per event",
        Throughput(events: figures.throughput.events, seconds: figures.simulationSeconds))
    }
    guard let few = runs[100], let many = runs[100_000], let thousand = runs[1_000] else { return }
    func perEvent(_ figures: ManyWorkloads.Figures) -> Double {
      figures.simulationSeconds / Double(max(1, figures.throughput.events))
    }
    let growth = perEvent(many) / perEvent(few)
    addTarget(
      "cost per event, 100,000 ÷ 100 workloads", Format.ratio(growth), goal: "≤ 1.50×",
      met: growth <= 1.5)
    addTarget(
      "100,000 workloads, \(duration): wall time", Format.seconds(many.throughput.seconds),
      goal: "< 10 s", met: many.throughput.seconds < 10)
    addTarget(
      "100,000 workloads, \(duration): peak RSS", Format.bytes(many.peakResidentBytes),
      goal: "< 1 GB", met: many.peakResidentBytes < 1_000_000_000)
    let perWorkload = Double(many.peakResidentBytes - few.peakResidentBytes) / 99_900
    addTarget(
      "peak RSS per workload, 100 → 100,000", "\(Int(perWorkload.rounded())) B",
      goal: "≤ 1,024 B", met: perWorkload <= 1024)
    // The ceiling of any per-event engine on this scenario: the bare heap with the 1,000
    // workloads' events and one pending arrival per workload, nothing done per event.
    let bare = ManyWorkloads.bareHeapCPUSeconds(events: thousand.throughput.events, pending: 1_000)
    addThroughput(
      "bare heap, 1,000 pending (CPU): the ceiling",
      Throughput(events: thousand.throughput.events, seconds: bare))
    if let simPy = ManyWorkloads.simPyCPUSeconds(count: 1_000, seconds: seconds) {
      let ratio = simPy / thousand.cpuSeconds
      measurements.rows.append([
        "SimPy model, 1,000 workloads, \(duration) (CPU time)", "—", Format.seconds(simPy), "—",
        "—",
      ])
      addTarget(
        "1,000 workloads: SimPy CPU time ÷ powersim's", Format.ratio(ratio), goal: "≥ 100.00×",
        met: ratio >= 100)
      // Beside the target, what it would take: SimPy over a loop that does nothing per event.
      addTarget(
        "  SimPy ÷ the bare heap's loop (its ceiling)", Format.ratio(simPy / bare),
        goal: "≥ 100.00×", met: simPy / bare >= 100)
    } else {
      addTarget(
        "1,000 workloads: SimPy CPU time ÷ powersim's", "no python3 with simpy",
        goal: "≥ 100.00×", met: false)
    }
  }
}

extension Format {
  /// Nanoseconds with one decimal, `123.4 ns`.
  static func nanoseconds(_ value: Double) -> String {
    String(format: "%.1f ns", value)
  }
}
