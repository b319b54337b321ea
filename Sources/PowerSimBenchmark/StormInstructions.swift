import DeviceModels
import Foundation

/// The event storm against the bare heap counted in instructions (see *The fast-forward*: the
/// storm within 3.5× of the bare heap, counted in instructions, with wall time beside it).
///
/// Wall time on a shared machine drifts by more than the target's margin; the instructions a
/// loop executes do not. Each of the three loops — the storm, the storm under `--max-events`'
/// check (``Simulation/run(maximumEvents:progress:)``) and the bare heap taking off as many
/// events — runs in a child process of this executable under Valgrind's callgrind, which counts
/// the instructions executed inside ``callgrindMeasuredSection(_:)`` alone (decoding the storm's
/// 3,000 workloads and building the heap are outside it). Always the short storm of `--small`
/// (20 simulated seconds): under callgrind a loop runs about fifty times slower.
enum StormInstructions {
  /// The flag that makes this executable a child counting one loop.
  static let childFlag = "--count-instructions-child"
  /// The loops a child can run.
  enum Loop: String, CaseIterable {
    case storm
    case stormWithEventLimit = "storm-with-event-limit"
    case bareHeap = "bare-heap"
  }

  /// Instructions of one loop and the events it took.
  struct Count {
    var instructions: Int
    var events: Int
    var perEvent: Double { events > 0 ? Double(instructions) / Double(events) : 0 }
  }

  /// Valgrind's path, if it is installed.
  static var valgrind: String? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":")
    return directories.map { "\($0)/valgrind" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Counts `loop` in a child under callgrind; `events` is the bare heap's number of events (the
  /// storm's own count for the storms).
  static func count(_ loop: Loop, events: Int, valgrind: String) throws -> Count {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "powersim-benchmark-\(ProcessInfo.processInfo.processIdentifier)-\(loop.rawValue).callgrind")
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    process.arguments = [
      "--tool=callgrind", "--callgrind-out-file=\(output.path)", "--collect-atstart=no",
      "--toggle-collect=*callgrindMeasuredSection*", ChildProcess.executablePath(), childFlag,
      loop.rawValue, String(events),
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let taken = Int(
        String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      throw BenchmarkError(
        message:
          "callgrind on the \(loop.rawValue) loop exited with status \(process.terminationStatus)")
    }
    let text = try String(contentsOf: output, encoding: .utf8)
    // The profile's `summary:` (or `totals:`) line holds the instructions collected.
    guard
      let line = text.split(separator: "\n").first(where: {
        $0.hasPrefix("summary:") || $0.hasPrefix("totals:")
      }),
      let instructions = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else {
      throw BenchmarkError(
        message: "no instruction count in callgrind's profile of \(loop.rawValue)")
    }
    return Count(instructions: instructions, events: taken)
  }

  /// The child's side: runs `loop` (the bare heap taking `events` events), printing the events
  /// it took.
  static func childMain(_ arguments: [String]) throws {
    guard arguments.count == 2, let loop = Loop(rawValue: arguments[0]),
      let events = Int(arguments[1])
    else {
      throw UsageError(
        message:
          "\(childFlag): expected \(Loop.allCases.map(\.rawValue).joined(separator: ", ")) and a number of events"
      )
    }
    let size = EventStorm.Size.small
    switch loop {
    case .storm, .stormWithEventLimit:
      let scenario = try ScenarioText.decode(
        EventStorm.scenarioJSON(size), file: "event-storm.json")
      let simulation = Simulation(setup: scenario.setup)
      let limited = loop == .stormWithEventLimit
      let result = try callgrindMeasuredSection {
        // A limit the storm never reaches: what the check costs, not a stop.
        limited ? try simulation.run(maximumEvents: .max - 1) : simulation.run()
      }
      print(result.processedEvents)
    case .bareHeap:
      let pending = size.timers + size.sporadicSources + size.parts
      let throughput = callgrindMeasuredSection {
        BareHeapLoop.run(events: events, pending: pending)
      }
      print(throughput.events)
    }
  }

  /// Runs `body`: callgrind counts the instructions inside this function alone (its name is
  /// the pattern of `--toggle-collect`).
  @inline(never)
  static func callgrindMeasuredSection<Value>(_ body: () throws -> Value) rethrows -> Value {
    try body()
  }
}

extension BenchmarkRun {
  /// The storm and the bare heap counted in instructions under callgrind (``StormInstructions``),
  /// when Valgrind is installed: a row each, and the target's ratio.
  mutating func runInstructions() throws {
    guard let valgrind = StormInstructions.valgrind else {
      print("instructions: valgrind is not installed; the instruction rows are left out\n")
      return
    }
    let storm = try StormInstructions.count(.storm, events: 0, valgrind: valgrind)
    let limited = try StormInstructions.count(
      .stormWithEventLimit, events: 0, valgrind: valgrind)
    let bare = try StormInstructions.count(.bareHeap, events: storm.events, valgrind: valgrind)
    let size = EventStorm.Size.small
    for (name, count) in [
      ("event storm, \(size.seconds) s, instructions (callgrind)", storm),
      ("  the same under --max-events' check", limited),
      ("bare binary-heap loop, instructions (callgrind)", bare),
    ] {
      measurements.rows.append([
        name, Format.count(count.events), "—",
        "\(Format.count(Int(count.perEvent.rounded()))) instr./event", "—",
      ])
    }
    let ratio = storm.perEvent / bare.perEvent
    addTarget(
      "storm vs bare heap, instructions (times more)", Format.ratio(ratio), goal: "≤ 3.50×",
      met: ratio <= 3.5)
    let check = limited.perEvent / storm.perEvent
    addTarget(
      "--max-events' check, storm instructions", Format.ratio(check), goal: "≤ 1.01×",
      met: check <= 1.01)
  }
}
