import DeviceModels
import Quantities

/// The steady cycle a scenario's structure promises the fast-forward: its periodic workloads
/// (timers no slower than the longest period the fast-forward watches, animations whose frames
/// repeat in whole nanoseconds) repeat together every `period` between the things outside the
/// cycle (the environment's changes, every other workload's occurrences), and after each such
/// break the fast-forward simulates at most `allowance` before it skips again (see *Bad Input,
/// Run Limits and Safe Output*, where the rule is written out).
struct SteadyCycle {
  /// The cycle's period, ns: the least common multiple of the sources' periods (and of the
  /// thermal model's poll).
  var period: Double
  /// Simulated time a break costs in full, ns: the device settling (twice, for the
  /// fast-forward's back-off), the boundaries needed to see a repetition, the horizon kept
  /// before the next break and the first back-off.
  var allowance: Double
  /// The names of the workloads that are the cycle's sources.
  var sources: Set<String>
  /// Every instant the environment or a source's start or end breaks the cycle, ns, sorted.
  var breaks: [Double]
}

extension WorkloadCost {
  /// The battery levels at which the fast-forward stops (empty, full, Low Power Mode's `below`,
  /// `battery-ok` and the level just under it).
  static let batteryBreaks = 5.0
  /// The most a cycle's sources may ask of any component, as a share of what it can do: busier
  /// than that, queues may not empty within a period, and nothing is promised.
  static let steadyLoad = 0.5

  /// The steady cycle of the setup's periodic workloads, or `nil` when its structure promises
  /// none: no periodic source; a frame rate the engine times in floating point (neither whole
  /// nor a decimal of at most six places) or that a frame-rate range may change; periods whose
  /// least common multiple exceeds the longest period the fast-forward watches in a run of this
  /// length (`FastForwardReach.longestPeriod(run:)`); or sources that keep a component more than
  /// ``steadyLoad`` busy.
  func steadyCycle() -> SteadyCycle? {
    let longestPeriod = FastForwardReach.longestPeriod(run: setup.duration).nanoseconds
    var period: Int64 = 1
    var sources: Set<String> = []
    var demand: [String: Double] = [:]
    var breaks: [Double] = []
    for workload in setup.workloads {
      let source: Int64
      let start: Instant
      var end: Double?
      switch workload.timing {
      case .periodic(let every, let from, let until, let count, _):
        guard every.nanoseconds <= longestPeriod else { continue }
        source = every.nanoseconds
        start = from
        end = until.map { Double($0.nanosecondsSinceStart) }
        if let count {
          let last = Double(from.nanosecondsSinceStart) + Double(count) * Double(every.nanoseconds)
          end = min(end ?? last, last)
        }
      case .frames(let rate, let from, let length):
        guard workload.frameRateRange == nil,
          let repeating = FastForwardReach.framePeriod(rate: rate)
        else { return nil }
        source = repeating.nanoseconds
        start = from
        end = length.map { Double(from.nanosecondsSinceStart) + Double($0.nanoseconds) }
      default:
        continue
      }
      guard source > 0, let lcm = Self.leastCommonMultiple(period, source, atMost: longestPeriod)
      else { return nil }
      period = lcm
      sources.insert(workload.name)
      breaks.append(Double(start.nanosecondsSinceStart))
      if let end { breaks.append(end) }
      let interval = Double(source) / max(1, Double(occurrencesPerPeriod(workload, source)))
      var times = serviceTimes(of: workload)
      // The service time of a CPU step is one thread's; every thread keeps a core busy.
      let threads = RunLimits.steps(of: workload).reduce(0.0) {
        $0 + Double($1.cpu?.nanoseconds ?? 0) * Double(max(0, $1.threads - 1))
      }
      if threads > 0 { times["CPU", default: 0] += threads }
      for (component, time) in times {
        demand[component, default: 0] += time / interval
      }
    }
    guard !sources.isEmpty else { return nil }
    if let thermal = setup.device.thermal {
      guard
        let lcm = Self.leastCommonMultiple(
          period, thermal.poll.nanoseconds, atMost: longestPeriod)
      else { return nil }
      period = lcm
    }
    guard demand.allSatisfy({ $0.value <= Self.steadyLoad * lanes(of: $0.key) }) else {
      return nil
    }
    let cycle = Double(period)
    let multiples = Double(FastForwardReach.multiples(of: .nanoseconds(period)))
    let watch = Self.periodsWatched(multiples: multiples) * cycle
    let allowance =
      watch + 2 * settlingTime() + Double(FastForwardReach.initialBackoff.nanoseconds)
      + modelHorizon()
    breaks += environmentChanges()
    return SteadyCycle(
      period: cycle, allowance: allowance, sources: sources, breaks: breaks.sorted())
  }

  /// The periods of the cycle a break costs when the fast-forward tries `multiples` multiples
  /// of it: before the break, the horizon it keeps (`2M` periods) and the cycle it cannot skip
  /// whole; after it, a period before it looks again, the boundaries needed to see the `M`-th
  /// multiple repeat twice (`2M`, and `M` more: the first boundary, whose fingerprint matches
  /// none before it, keeps no snapshot), and a period of slack.
  static func periodsWatched(multiples: Double) -> Double {
    5 * multiples + 3
  }

  /// The share of the events of a source of `cycle` running in `runs` that the engine is
  /// expected to process with the fast-forward: the simulated time around each break in the
  /// stretches over their length, at most 1. A break is each start of a stretch, each change of
  /// the environment and each start or end of a source in them (those at one instant once), each
  /// battery level the fast-forward stops at, the run's end, and each occurrence of every
  /// workload outside the cycle due in them (two for a deferrable one: its opening and its
  /// deadline), which adds its own service time and tolerance. `passing` holds those workloads'
  /// costs per occurrence (see ``SourceShares``).
  func simulatedShare(
    in runs: RunSpans, cycle: SteadyCycle, passing: [SourceShares.Passing]
  ) -> Double {
    let length = runs.length
    guard length > 0 else { return 1 }
    // Breaks at one instant (a charger and a display both from the start) cost one allowance.
    var instants = Set(runs.spans.map(\.start))
    for time in cycle.breaks where runs.contains(time) { instants.insert(time) }
    var breaks = Double(instants.count) + Self.batteryBreaks + 1
    // A progress line's slices cost nothing: a skip crosses their ends.
    var extra = 0.0
    for other in passing {
      let due = occurrences(of: setup.workloads[other.workload], in: runs)
      guard due > 0 else { continue }
      breaks += due * other.breaksPerOccurrence
      extra += due * other.costPerOccurrence
    }
    return min(1, (breaks * cycle.allowance + extra) / length)
  }

  /// How many occurrences `workload`, a source, has in `span` ns (a timer one, an animation its
  /// frames).
  private func occurrencesPerPeriod(_ workload: WorkloadSpec, _ span: Int64) -> Int64 {
    guard case .frames(let rate, _, _) = workload.timing else { return 1 }
    return max(1, Int64((rate.hertz * Double(span) / 1e9).rounded()))
  }

  /// How long the device may take to settle after a break, ns: the deepest step down any ladder
  /// (a state's `after`, with its wake latency), the longest background time of an app, the
  /// longest delay a push may be held.
  private func settlingTime() -> Double {
    var longest: Int64 = 0
    for ladder in ladders.ladders.values {
      for state in ladder.states {
        longest = max(longest, state.after.nanoseconds + state.wakeLatency.nanoseconds)
      }
    }
    for app in setup.runApps {
      longest = max(longest, app.backgroundTime?.nanoseconds ?? 0)
    }
    for workload in setup.workloads {
      longest = max(longest, workload.push?.maxDelay.nanoseconds ?? 0)
    }
    return Double(longest)
  }

  /// The longest lookahead of any model constant (the predictive policy's residencies and wake
  /// latencies), plus a millisecond, ns: the fast-forward keeps that much more before a break.
  private func modelHorizon() -> Double {
    var longest: Int64 = 0
    for ladder in ladders.ladders.values {
      for state in ladder.states {
        longest = max(longest, state.minimumResidency.nanoseconds, state.wakeLatency.nanoseconds)
      }
    }
    return Double(longest) + 1e6
  }

  /// Every instant the environment changes, ns: the charger, the network, the display, the
  /// apps' foreground and Low Power Mode's intervals, each start and end.
  private func environmentChanges() -> [Double] {
    let environment = setup.environment
    var ranges = environment.charging + environment.network.map(\.range)
    ranges += setup.display.map(\.range)
    ranges += setup.visibility ?? []
    ranges += setup.runApps.flatMap { $0.foreground ?? [] }
    if case .intervals(let intervals)? = environment.lowPower { ranges += intervals }
    return ranges.flatMap {
      [Double($0.start.nanosecondsSinceStart), Double($0.end.nanosecondsSinceStart)]
    }
  }

  /// The least common multiple of two periods, or `nil` when it exceeds `bound`.
  private static func leastCommonMultiple(_ a: Int64, _ b: Int64, atMost bound: Int64) -> Int64? {
    var x = a
    var y = b
    while y != 0 { (x, y) = (y, x % y) }
    let (lcm, overflow) = (a / x).multipliedReportingOverflow(by: b)
    guard !overflow, lcm <= bound else { return nil }
    return lcm
  }
}

/// The share of its events the fast-forward is expected to leave a cycle's sources to simulate
/// (``WorkloadCost/simulatedShare(in:cycle:passing:)``), worked out once per distinct stretches
/// the sources run in, with what each workload outside the cycle costs per occurrence worked out
/// once. The share depends on a source's stretches alone, and sources nearly always share them
/// (the whole run, an app's time in the foreground): worked out for each source, beside each
/// workload outside the cycle, the estimate was quadratic — 2,000 timers beside 1,000 random
/// sources (the benchmark's storm) took 19 billion instructions to estimate, four fifths of the
/// whole run.
struct SourceShares {
  /// A workload outside the cycle: its index among the setup's workloads, the breaks each of its
  /// occurrences adds, and the simulated time each adds, ns (its service time and tolerance).
  struct Passing {
    var workload: Int
    var breaksPerOccurrence: Double
    var costPerOccurrence: Double
  }

  let cycle: SteadyCycle
  private let passing: [Passing]
  private var shares: [RunSpans: Double] = [:]

  /// The shares of `cycle`'s sources in `cost`'s setup.
  init(cycle: SteadyCycle, cost: WorkloadCost) {
    self.cycle = cycle
    var passing: [Passing] = []
    for (index, other) in cost.setup.workloads.enumerated()
    where !cycle.sources.contains(other.name) {
      var tolerance = 0.0
      var perOccurrence = 1.0
      switch other.timing {
      case .periodic(_, _, _, _, let slack): tolerance = Double(slack.nanoseconds)
      case .window, .repeatingWindow: perOccurrence = 2
      default: break
      }
      // Summed in the components' order, so that the figure does not depend on a dictionary's.
      let busy = cost.serviceTimes(of: other).sorted { $0.key < $1.key }.reduce(0) { $0 + $1.value }
      passing.append(
        Passing(
          workload: index, breaksPerOccurrence: perOccurrence,
          costPerOccurrence: busy + tolerance))
    }
    self.passing = passing
  }

  /// The share of `workload`'s events left to simulate when it runs in `runs`: 1 unless it is a
  /// source of the cycle.
  mutating func share(of workload: WorkloadSpec, runs: RunSpans, cost: WorkloadCost) -> Double {
    guard cycle.sources.contains(workload.name) else { return 1 }
    if let known = shares[runs] { return known }
    let share = cost.simulatedShare(in: runs, cycle: cycle, passing: passing)
    shares[runs] = share
    return share
  }
}
