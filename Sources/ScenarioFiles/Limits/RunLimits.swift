public import DeviceModels
import JSONSupport
import Quantities

/// How much work one run may take, checked before it starts, so that a scenario that would run
/// for hours, days or for ever — or fill memory with work that can never be served — is refused
/// with a message saying what to change (see *Bad Input, Run Limits and Safe Output*).
///
/// The check estimates, from the workloads alone, how many events the engine would take off its
/// queue (an occurrence costs a few events, plus one per CPU thread, per storage request and per
/// ladder state it walks through) and how many occurrences would still be
/// waiting at the end when work arrives faster than a component can serve it. The estimates are
/// within a small factor of the real counts, not bounds: the limits are set far above what any
/// realistic scenario needs, and far below what a typo (`"every": "1 ns"`) asks for.
///
/// The defaults let a simulated day of a phone animating at 120 fps (about 1.4e8 events) run,
/// and refuse a 1 ns timer over 366 days (3e17).
public struct RunLimits: Sendable, Hashable {
  /// The most events a run may be estimated to take.
  public var maximumEvents: Double

  /// The most occurrences that may be estimated to be waiting for a component at the end of the
  /// run (each holds a few hundred bytes until it is served): a thousandth of ``maximumEvents``,
  /// and never more than 1e7 (a few gigabytes).
  public var maximumWaitingOccurrences: Double { min(maximumEvents / 1_000, 1e7) }

  /// Whether the runs checked skip the periods of a steady state (see *The fast-forward*): the
  /// estimate then counts only what the fast-forward is expected to leave to simulate, where the
  /// scenario's structure promises a steady cycle; `false` (`--no-fast-forward`) counts every
  /// event.
  public var fastForward: Bool

  /// The most events a run may take off the event queue while it runs: ``maximumEvents``, as a
  /// whole number (`Int.max` when unlimited). It stops a run the estimate let through whose
  /// steady state did not repeat as its structure promised (see
  /// `Simulation.run(maximumEvents:progress:)`).
  public var processedEventLimit: Int {
    maximumEvents < 9.2e18 ? Int(maximumEvents.rounded(.down)) : .max
  }

  /// Limits allowing at most `maximumEvents` events, for runs with the fast-forward or without.
  public init(maximumEvents: Double, fastForward: Bool = true) {
    self.maximumEvents = maximumEvents
    self.fastForward = fastForward
  }

  /// The default limits: at most 1e9 events (about a minute and a half of simulation at the
  /// engine's 10 million events per second), and so at most 1e6 waiting occurrences.
  public static let standard = RunLimits(maximumEvents: 1e9)

  /// No event limit, for callers that have checked the setup themselves; the backlog limit stays
  /// at its ceiling of 1e7 waiting occurrences.
  public static let unlimited = RunLimits(maximumEvents: .infinity)

  /// The estimated cost of running `setup`, or of its part inside `window`, counting every
  /// event (as without the fast-forward).
  public static func estimate(_ setup: SimulationSetup, window: TimeRange? = nil) -> RunEstimate {
    RunEstimate(setup, window: window)
  }

  /// The estimated cost of running `setup` as these limits count it: with ``fastForward``, only
  /// what the fast-forward is expected to leave to simulate.
  public func estimate(_ setup: SimulationSetup) -> RunEstimate {
    RunEstimate(setup, fastForward: fastForward)
  }

  /// Checks `setup`, decoded from `file`, against these limits; the error names the workload
  /// responsible and what to change.
  func check(_ setup: SimulationSetup, file: String) throws(InputError) {
    let estimate = estimate(setup)
    if estimate.events > maximumEvents {
      throw eventError(estimate, setup: setup, file: file)
    }
    let waiting = estimate.totalWaiting
    guard waiting > maximumWaitingOccurrences else { return }
    // The largest single share names the workload and what to change.
    if let backlog = estimate.largestBacklog,
      estimate.waiting.allSatisfy({ $0.count <= backlog.waiting })
    {
      throw backlogError(backlog, total: waiting, setup: setup, file: file)
    }
    let largest = estimate.waiting.max { $0.count < $1.count }!
    throw waitingError(largest, total: waiting, setup: setup, file: file)
  }

  private func eventError(_ estimate: RunEstimate, setup: SimulationSetup, file: String)
    -> InputError
  {
    let limit = "more than a run may take (\(Approximate.wholeNumber(maximumEvents)))"
    let raise = "or raise the limit with --max-events"
    guard let worst = estimate.workloads.max(by: { $0.events < $1.events }),
      worst.events > maximumEvents / 2
    else {
      let names = estimate.workloads.sorted { $0.events > $1.events }.prefix(3).map {
        "\"\($0.name)\" (\(Approximate.text($0.events)))"
      }
      return InputError(
        file: file, jsonPath: ["workloads"],
        message:
          "the workloads together need about \(Approximate.text(estimate.events)) events to simulate, \(limit); the largest are \(names.joined(separator: ", ")); lighten them, shorten \"duration\", \(raise)"
      )
    }
    let workload = Self.spec(of: worst, in: setup)!
    let (key, advice) = Self.advice(for: workload.timing)
    var changes = [advice]
    let steps = Self.steps(of: workload)
    if steps.contains(where: { $0.threads >= 64 }) { changes.append("use fewer \"threads\"") }
    if steps.contains(where: { step in
      guard let write = step.write, let size = step.writeSize else { return false }
      return write.bytes / max(size.bytes, 1) >= 64
    }) {
      changes.append("use a larger \"write_size\"")
    }
    changes.append("shorten \"duration\"")
    let path = JSONPath([.key("workloads"), .key(worst.name)] + (key.map { [.key($0)] } ?? []))
    let skipped =
      worst.simulatedShare < 1
      ? ", of which the fast-forward is expected to skip all but \(Approximate.percent(worst.simulatedShare))"
      : ""
    return InputError(
      file: file, jsonPath: path,
      message:
        "this workload needs about \(Approximate.text(worst.events)) events to simulate (\(Approximate.text(worst.occurrences)) occurrences of about \(Approximate.text(worst.eventsPerOccurrence)) events each\(skipped)), \(limit); \(changes.joined(separator: ", ")), \(raise)"
    )
  }

  /// `, and about 3e6 things in all (held pushes, transfers waiting for a network,
  /// occurrences waiting for a component)` when `total` is more than `part`.
  private func totalClause(_ total: Double, beyond part: Double) -> String {
    guard total > part * 1.01 else { return "" }
    return
      ", and about \(Approximate.text(total)) things would wait at once in all (held pushes, transfers waiting for a network, occurrences waiting for a component)"
  }

  /// `, or raise the limit with --max-events` while the limit is below its ceiling.
  private var raiseWaitingClause: String {
    maximumEvents / 1_000 < 1e7 ? ", or raise the limit with --max-events" : ""
  }

  private func waitingError(
    _ waiting: WaitingWork, total: Double, setup: SimulationSetup, file: String
  ) -> InputError {
    let workload = setup.workloads.first { $0.name == waiting.workload }!
    let (key, advice) = Self.advice(for: workload.timing)
    let count = Approximate.text(waiting.count)
    let limit = "more than a run may hold (\(Approximate.text(maximumWaitingOccurrences)))"
    let all = totalClause(total, beyond: waiting.count)
    switch waiting.kind {
    case .heldPushes:
      let delay = workload.push.map { "\($0.maxDelay)" } ?? ""
      return InputError(
        file: file,
        jsonPath: JSONPath([.key("workloads"), .key(waiting.workload), .key("max_delay")]),
        message:
          "the push service may hold about \(count) low-priority pushes of this workload at once (those of one \"max_delay\", \(delay), while the device sleeps)\(all), \(limit); shorten \"max_delay\", set \"collapse\": true, or \(advice)\(raiseWaitingClause)"
      )
    case .transfersWaitingForNetwork:
      return InputError(
        file: file,
        jsonPath: JSONPath(
          [.key("workloads"), .key(waiting.workload)] + (key.map { [.key($0)] } ?? [])),
        message:
          "about \(count) transfers of this workload may wait for a network at once (those due in the longest offline spell)\(all), \(limit); \(advice), shorten the offline spell, or make the work smaller\(raiseWaitingClause)"
      )
    }
  }

  private func backlogError(
    _ backlog: Backlog, total: Double, setup: SimulationSetup, file: String
  ) -> InputError {
    let workload = setup.workloads.first { $0.name == backlog.workload }!
    let (key, advice) = Self.advice(for: workload.timing)
    let path = JSONPath(
      [.key("workloads"), .key(backlog.workload)] + (key.map { [.key($0)] } ?? []))
    let load = Approximate.text(backlog.load)
    return InputError(
      file: file, jsonPath: path,
      message:
        "work arrives faster than the \(backlog.component) can serve it (\(load)× what it can do), so about \(Approximate.text(backlog.waiting)) occurrences would be left waiting\(totalClause(total, beyond: backlog.waiting)), more than a run may hold (\(Approximate.text(maximumWaitingOccurrences))); \(advice), or make the work smaller\(raiseWaitingClause)"
    )
  }

  /// Every work object of `workload`, a trace's rows' included.
  static func steps(of workload: WorkloadSpec) -> [WorkStepSpec] {
    guard case .trace(let rows) = workload.timing else { return workload.work }
    return rows.flatMap(\.work)
  }

  /// The key that sets how often a workload runs, and how to make it run less.
  static func advice(for timing: WorkloadTiming) -> (key: String?, advice: String) {
    switch timing {
    case .periodic, .repeatingWindow:
      ("every", "make \"every\" longer or end it sooner with \"until\" or \"count\"")
    case .poisson:
      (nil, "lower \"rate\" (or lengthen \"mean_interval\") or end it sooner with \"until\"")
    case .frames: ("frames", "lower the frame rate or end it sooner with \"for\"")
    case .times: ("times", "give fewer times")
    case .trace: ("trace", "replay fewer rows")
    case .once: ("at", "make the work smaller")
    case .window: ("window", "make the work smaller")
    case .reaction: ("on", "make the work smaller")
    }
  }
}

/// The runs of one `compare` or `sweep` (or of one `--shard` of a sweep), each within the limits,
/// that together are estimated to take more events than ``RunLimits/maximumEvents`` (*Bad Input,
/// Run Limits and Safe Output*: `compare` and `sweep` are limited in total over all their runs).
public struct TotalRunLimitError: Error, Sendable, CustomStringConvertible {
  /// The scenario file the runs come from, when they all come from one.
  public var file: String?
  /// The command: `compare` or `sweep`.
  public var command: String
  /// How many runs the command would simulate.
  public var runs: Int
  /// Their estimated events, summed.
  public var events: Double
  /// The limit.
  public var maximumEvents: Double
  /// The workload that needs the most events in any one run, and what would lighten it.
  public var largest: RunLimits.LargestWorkload?

  /// What to change: the largest workload, fewer runs, or a higher `--max-events`.
  public var description: String {
    let fewer =
      command == "sweep"
      ? "sweep fewer points or split the sweep with --shard"
      : "compare fewer alternatives"
    let largestClause =
      largest.map { part in
        "; the largest part is the workload \"\(part.workload)\" in \(part.run) (about \(Approximate.text(part.events)) events): \(part.advice)"
      } ?? ""
    return (file.map { "\($0): " } ?? "")
      + "the \(runs) runs of this \(command) together need about \(Approximate.text(events)) events to simulate, more than a \(command) may take in total (\(Approximate.wholeNumber(maximumEvents)))\(largestClause); \(fewer), or raise the limit with --max-events"
  }
}

extension RunLimits {
  /// Checks that `runs` runs estimated at `events` events in total stay within
  /// ``maximumEvents`` (`command` and, when they come from one, `file` name them in the error).
  /// `largest` is the workload needing the most events in any one run, named in the error.
  public func checkTotal(
    events: Double, runs: Int, of command: String, file: String?, largest: LargestWorkload?
  ) throws(TotalRunLimitError) {
    guard events > maximumEvents else { return }
    throw TotalRunLimitError(
      file: file, command: command, runs: runs, events: events, maximumEvents: maximumEvents,
      largest: largest)
  }

  /// The workload of one run that needs the most events, for a refusal of several runs together
  /// to name what to lighten.
  public struct LargestWorkload: Sendable, Hashable {
    /// The run, as the message names it (`the alternative "fast"`, `sweep point 3 (seed=3)`).
    public var run: String
    /// The workload's name.
    public var workload: String
    /// Its estimated events in that run.
    public var events: Double
    /// What would make it run less (the key that moves it).
    public var advice: String

    /// The workload of `setup` (run `run`) with the most events in `estimate`, if any.
    public init?(run: String, setup: SimulationSetup, estimate: RunEstimate) {
      guard let worst = estimate.workloads.max(by: { $0.events < $1.events }),
        let workload = RunLimits.spec(of: worst, in: setup)
      else { return nil }
      self.run = run
      self.workload = worst.name
      self.events = worst.events
      self.advice = RunLimits.advice(for: workload.timing).advice
    }

    /// The one of `parts` with the most events (the first of equals).
    public static func largest(_ parts: [LargestWorkload?]) -> LargestWorkload? {
      parts.compactMap { $0 }.max { $0.events < $1.events }
    }
  }

  /// The workload of `setup` that `workload` of its estimate counts.
  static func spec(of workload: RunEstimate.Workload, in setup: SimulationSetup) -> WorkloadSpec? {
    setup.workloads.first { $0.name == workload.name }
  }
}

/// Counts for messages: exact below a million, else two significant digits and a power of ten
/// (`3.2e16`), the same in every locale.
enum Approximate {
  static func text(_ value: Double) -> String {
    guard value.isFinite else { return "infinitely many" }
    if value < 1e6 { return DecimalFormat.significant(value.rounded(.up), digits: 7) }
    var exponent = 0
    var mantissa = value
    while mantissa >= 10 {
      mantissa /= 10
      exponent += 1
    }
    var digits = DecimalFormat.significant(mantissa, digits: 2)
    if digits == "10" {
      digits = "1"
      exponent += 1
    }
    return "\(digits)e\(exponent)"
  }

  /// A share as a percentage to two significant digits (`4.2%`), the same in every locale.
  static func percent(_ share: Double) -> String {
    DecimalFormat.significant(share * 100, digits: 2) + "%"
  }

  /// A limit as the digits `--max-events` takes (`1000000000`, not `1e9`), so that a message's
  /// figure can be raised and passed back as it is written.
  static func wholeNumber(_ value: Double) -> String {
    guard value.isFinite, value < 9.2e18 else { return text(value) }
    return String(Int64(value.rounded(.up)))
  }
}
