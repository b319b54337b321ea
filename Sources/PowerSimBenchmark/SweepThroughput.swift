import JSONSupport
import Reports
import ScenarioFiles

/// Sweep throughput: the same sweep as `powersim sweep SCENARIO --set seed=1,2,… --jobs N`
/// (through the sweep's library entry point, ``Sweep/run(_:plan:jobs:progress:)``), on one job
/// and on two, in scenarios per second.
///
/// Each point is ten simulated minutes of the phone with its display on, a 60 fps animation, a
/// coalescing sync timer and sporadic reads; the points differ by seed, so by their random
/// arrivals. A sweep decodes every point, then simulates them in parallel in index order.
enum SweepThroughput {
  /// What one sweep measured.
  struct Figures {
    /// Points simulated.
    var points: Int
    /// Wall-clock seconds for the whole sweep.
    var seconds: Double

    /// Scenarios (points) per second.
    var scenariosPerSecond: Double { seconds > 0 ? Double(points) / seconds : 0 }
  }

  /// The swept scenario.
  static let scenarioJSON = """
    {
      "name": "Sweep point",
      "device": "phone",
      "duration": "10 min",
      "display": [ { "from": "0 s", "to": "10 min", "brightness": "50%", "appearance": "dark" } ],
      "workloads": {
        "animation": { "frames": "60 fps", "work": { "cpu": "2 ms", "gpu": "3 ms" } },
        "sync": { "every": "1 s", "tolerance": "200 ms", "work": { "cpu": "1 ms", "qos": "utility" } },
        "reads": { "mean_interval": "2 s", "work": [ { "cpu": "500 us" }, { "read": "256 KiB" } ] }
      }
    }
    """

  /// Runs a sweep of `points` seeds on `jobs` threads.
  static func run(points: Int, jobs: Int) throws -> Figures {
    let document = try ScenarioDocument(
      json: try JSONReader.parse(scenarioJSON), file: "sweep-point.json")
    let seeds = (1...points).map(String.init).joined(separator: ",")
    let plan = try SweepPlan(
      parameters: [try SweepParameter(parsing: "seed=\(seeds)")], variant: "baseline")
    let stopwatch = Stopwatch()
    let rows = try Sweep.run(document, plan: plan, jobs: jobs)
    let seconds = stopwatch.elapsedSeconds
    precondition(rows.count == points, "a sweep lost points")
    return Figures(points: points, seconds: seconds)
  }
}
