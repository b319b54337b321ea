import DeviceModels
import Foundation
import Reports

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Many workloads on the built-in phone (see *The fast-forward*): `count` timers, each 200 µs of
/// CPU work at one of three QoS classes, workload `i` due every `count × 10 ms + (i × 7919 mod
/// 1000) µs` from `i × 10 ms + (i × 31 mod 1000) µs`. The whole device sees one arrival about
/// every 10 ms whatever the count, so the events of a run are about the same in number and kind
/// from 100 workloads to 100,000, and only the workloads' number changes: their cost per event
/// must not grow with it. The periods differ by microseconds, so the state never repeats within
/// the run and the fast-forward cannot engage: every event is simulated.
///
/// `Sources/PowerSimBenchmark/SimPy/workloads.py` is the same scenario as a SimPy model.
enum ManyWorkloads {
  /// The scenario, `count` workloads lasting `duration` (such as `"1 h"`).
  static func scenarioJSON(count: Int, duration: String) -> String {
    let classes = ["default", "utility", "background"]
    var text = """
      { "name": "\(count) workloads", "device": "phone", "duration": "\(duration)", "seed": 3,
        "workloads": {

      """
    text.reserveCapacity(count * 120)
    for index in 0..<count {
      let period = count * 10_000 + (index * 7919) % 1000
      let start = index * 10_000 + (index * 31) % 1000
      text += index == 0 ? "" : ",\n"
      text += "\"\(name(index))\": { \"every\": \"\(period) us\", \"from\": \"\(start) us\", "
      text += "\"work\": { \"cpu\": \"200 us\", \"qos\": \"\(classes[index % 3])\" } }"
    }
    return text + "\n} }\n"
  }

  /// The workload's name, `w` and six digits.
  static func name(_ index: Int) -> String {
    let digits = String(index)
    return "w" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
  }

  /// What a child measured: a whole run as `powersim run --json` does it.
  struct Figures {
    /// Events and wall time of the whole run: decoding, simulation and the JSON summary.
    var throughput: Throughput
    /// CPU time of the simulation alone (the thread's, so that other processes on a shared
    /// machine slow it only through the caches they share).
    var simulationSeconds: Double
    /// Peak resident set size of the child, bytes.
    var peakResidentBytes: Int
    /// CPU time (user and system) of the child, seconds.
    var cpuSeconds: Double
  }

  /// Decodes, simulates and writes the JSON summary as `powersim run FILE --json` does (to a
  /// temporary file, in pieces), holding what it holds and returning the memory decoding freed
  /// before the run: the wall time of all of it, and the CPU time of the simulation apart.
  static func runHere(count: Int, duration: String) throws -> (Throughput, Double) {
    var text = scenarioJSON(count: count, duration: duration)
    let stopwatch = Stopwatch()
    let scenario = try ScenarioText.decode(taking: &text, file: "workloads.json")
    FreedMemory.returnToSystem()
    let simulationStart = ThreadCPUTime.seconds()
    let result = try RunPipeline.run(RunRequest(scenario: scenario))
    let simulationSeconds = ThreadCPUTime.seconds() - simulationStart
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "powersim-benchmark-summary-\(ProcessInfo.processInfo.processIdentifier).json")
    defer { try? FileManager.default.removeItem(at: file) }
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
      throw BenchmarkError(message: "cannot create \(file.path)")
    }
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    var writeError: (any Error)?
    ResultJSON.writeSummary(result, variant: scenario.variant) { piece in
      guard writeError == nil else { return }
      do { try handle.write(contentsOf: Data(piece.utf8)) } catch { writeError = error }
    }
    if let writeError { throw writeError }
    try handle.write(contentsOf: Data("\n".utf8))
    return (
      Throughput(events: result.processedEvents, seconds: stopwatch.elapsedSeconds),
      simulationSeconds
    )
  }

  /// The child's side: runs, then prints `events seconds simulationSeconds peakBytes`.
  static func childMain(count: Int, duration: String) throws {
    let (throughput, simulationSeconds) = try runHere(count: count, duration: duration)
    print(
      "\(throughput.events) \(throughput.seconds) \(simulationSeconds) "
        + "\(PeakMemory.residentBytes())")
  }

  /// Runs `count` workloads for `duration` in a child process.
  static func runInChild(count: Int, duration: String) throws -> Figures {
    let before = ChildCPUTime.seconds()
    let output = try ChildProcess.run(arguments: ["--child", "workloads", String(count), duration])
    let cpu = ChildCPUTime.seconds() - before
    let fields = output.split(separator: " ")
    guard fields.count == 4, let events = Int(fields[0]), let seconds = Double(fields[1]),
      let simulation = Double(fields[2]), let peak = Int(fields[3])
    else {
      throw BenchmarkError(message: "unexpected output from the child process: \(output)")
    }
    return Figures(
      throughput: Throughput(events: events, seconds: seconds), simulationSeconds: simulation,
      peakResidentBytes: peak, cpuSeconds: cpu)
  }

  /// The CPU time of the bare heap's loop (``BareHeapLoop/run(events:pending:)``) taking
  /// `events` events off a heap of `pending`, the least of three tries: the least any per-event
  /// engine pays to take a run's events in order.
  static func bareHeapCPUSeconds(events: Int, pending: Int) -> Double {
    var least = Double.infinity
    for _ in 0..<3 {
      let start = ThreadCPUTime.seconds()
      _ = BareHeapLoop.run(events: events, pending: pending)
      least = min(least, ThreadCPUTime.seconds() - start)
    }
    return least
  }

  /// The SimPy model (`SimPy/workloads.py`) of `count` workloads for `seconds`: its CPU time,
  /// or `nil` when `python3` with `simpy` is not there to run it.
  static func simPyCPUSeconds(count: Int, seconds: Int) -> Double? {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("SimPy/workloads.py").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, String(count), String(seconds)]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let before = ChildCPUTime.seconds()
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return ChildCPUTime.seconds() - before
  }
}

/// The CPU time, user and system, of every child process this one has waited for.
enum ChildCPUTime {
  /// Seconds so far (`getrusage(RUSAGE_CHILDREN)`).
  static func seconds() -> Double {
    var usage = rusage()
    #if canImport(Darwin)
      guard getrusage(RUSAGE_CHILDREN, &usage) == 0 else { return 0 }
    #else
      guard getrusage(RUSAGE_CHILDREN.rawValue, &usage) == 0 else { return 0 }
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}

/// The CPU time of the calling thread.
enum ThreadCPUTime {
  /// Seconds so far (`CLOCK_THREAD_CPUTIME_ID`).
  static func seconds() -> Double {
    var time = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }
}
