import JSONSupport
import ScenarioFiles

/// A count of events and the wall time they took.
struct Throughput {
  /// Events taken off the queue.
  var events: Int
  /// Wall-clock seconds.
  var seconds: Double

  /// Events per wall-clock second.
  var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }
}

/// Measures wall-clock time from its creation, with the monotonic clock.
struct Stopwatch {
  private let start = ContinuousClock.now

  /// Seconds since the stopwatch was created.
  var elapsedSeconds: Double {
    let elapsed = start.duration(to: ContinuousClock.now).components
    return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
  }
}

/// Decodes scenarios the benchmark writes itself, as `powersim` decodes files.
enum ScenarioText {
  /// The baseline of the scenario in `text`, checked against `limits`; `file` names it in error
  /// messages.
  static func decode(_ text: String, file: String, limits: RunLimits = .standard) throws
    -> Scenario
  {
    var copy = text
    return try decode(taking: &copy, file: file, limits: limits)
  }

  /// The baseline of the scenario in `text` as ``decode(_:file:limits:)`` decodes it, holding
  /// what `powersim run` holds: `text` is emptied once parsed (the command lets go of the file's
  /// bytes once parsed), and the document is released once decoded.
  static func decode(taking text: inout String, file: String, limits: RunLimits = .standard)
    throws -> Scenario
  {
    let document = try ScenarioDocument(json: try JSONReader.parse(text), file: file)
    text = ""
    return try document.scenario(limits: limits)
  }
}
