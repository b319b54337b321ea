import DeviceModels

/// The event storm: thousands of timers and sporadic sources over a ladder-rich device, run
/// without recording anything but the summary, to measure the engine's throughput in events per
/// second (an event is one entry taken off the event queue, *The fast-forward*).
///
/// The device is the built-in phone (its CPU with three clusters and eight cores, platform,
/// storage, radios, GPU) extended with `parts` generic components, each a four-state timeout
/// ladder whose timers differ from part to part. Half the periodic timers have a tolerance of a
/// tenth of their period, so range timers coalesce; the sporadic sources draw Poisson arrivals
/// from the seed. Every occurrence runs a little CPU work at one of three QoS classes, then holds
/// one part active, so each keeps the CPU's idle governor, the cluster and platform ladders and a
/// part's ladder busy: wakes, completions and demotions, not just arrivals.
enum EventStorm {
  /// How big a storm to raise.
  struct Size {
    /// Generic components added to the phone.
    var parts: Int
    /// Periodic timers.
    var timers: Int
    /// Sporadic (Poisson) sources.
    var sporadicSources: Int
    /// Simulated duration, in seconds.
    var seconds: Int

    /// The storm of the full benchmark.
    static let full = Size(parts: 48, timers: 2000, sporadicSources: 1000, seconds: 200)
    /// The storm of `--small`: same device and sources, a tenth of the simulated time.
    static let small = Size(parts: 48, timers: 2000, sporadicSources: 1000, seconds: 20)
  }

  /// The storm's scenario file, as JSON text.
  static func scenarioJSON(_ size: Size) -> String {
    var parts: [String] = []
    for part in 0..<size.parts {
      let light = 1 + part % 3
      let deep = 8 + part % 5
      let off = 80 + 10 * (part % 7)
      parts.append(
        """
        "\(partName(part))": { "type": "generic", "states": [
          { "name": "active", "power": "50 mW" },
          { "name": "light", "power": "20 mW", "after": "\(light) ms", "wake_latency": "10 us" },
          { "name": "deep", "power": "5 mW", "after": "\(deep) ms", "wake_latency": "100 us" },
          { "name": "off", "power": "0.1 mW", "after": "\(off) ms", "wake_latency": "1 ms",
            "wake_power": "30 mW" } ] }
        """)
    }
    let periods = [50, 100, 200, 500, 1000, 2000]
    let classes = ["default", "utility", "background"]
    var workloads: [String] = []
    for timer in 0..<size.timers {
      let period = periods[timer % periods.count]
      let tolerance = timer % 2 == 0 ? "0 s" : "\(period * 100) us"
      let part = partName(timer % size.parts)
      workloads.append(
        """
        "timer\(number(timer))": { "every": "\(period) ms", "from": "\(timer % 97) ms",
          "tolerance": "\(tolerance)",
          "work": { "cpu": "10 us", "qos": "\(classes[timer % classes.count])", "\(part)": "100 us" } }
        """)
    }
    for source in 0..<size.sporadicSources {
      let mean = 50 * (1 + source % 8)
      let part = partName((source * 7) % size.parts)
      workloads.append(
        """
        "sporadic\(number(source))": { "mean_interval": "\(mean) ms",
          "work": { "cpu": "20 us", "qos": "utility", "\(part)": "300 us" } }
        """)
    }
    return """
      {
        "name": "Event storm",
        "device": { "extends": "phone", "components": { \(parts.joined(separator: ",\n")) } },
        "duration": "\(size.seconds) s",
        "seed": 6,
        "workloads": { \(workloads.joined(separator: ",\n")) }
      }
      """
  }

  /// Simulates the storm (the setup is decoded before the clock starts) and reports the events
  /// the engine took off its queue and the wall time of the simulation alone.
  static func run(_ size: Size) throws -> Throughput {
    let scenario = try ScenarioText.decode(scenarioJSON(size), file: "event-storm.json")
    let simulation = Simulation(setup: scenario.setup)
    let stopwatch = Stopwatch()
    let result = simulation.run()
    return Throughput(events: result.processedEvents, seconds: stopwatch.elapsedSeconds)
  }

  private static func partName(_ index: Int) -> String {
    "part" + (index < 10 ? "0" : "") + String(index)
  }

  private static func number(_ index: Int) -> String {
    let digits = String(index)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
