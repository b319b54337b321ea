import Quantities
import Testing

@testable import DeviceModels

/// Workloads whose work is one array run one compiled program (see `SharedProgramKey`): the
/// decoder gives a hundred thousand timers with the same work one array, and their steps are
/// compiled once rather than once each.
@Suite struct SharedProgramTests {
  /// Thirty timers of 2 ms of work on a generic unit, every 100 ms from a different start, for
  /// 2 s; with `sharesWork`, all thirty hold one array of their work, otherwise each its own.
  static func setup(sharesWork: Bool) -> SimulationSetup {
    let ladder = Fixture.twoStateLadder(
      "active", .milliwatts(100), then: "idle", .milliwatts(1), after: .milliseconds(5))
    let components = [Fixture.platform(ladder), Fixture.generic("a", ladder)]
    let work = Fixture.uses("a", for: .milliseconds(2))
    let workloads = (0..<30).map { index in
      WorkloadSpec(
        name: "w\(index)",
        timing: .periodic(
          every: .milliseconds(100),
          start: Instant(nanosecondsSinceStart: Int64(index) * 3_000_000),
          end: nil, count: nil, tolerance: .zero),
        // `map` copies the steps into a new array.
        work: sharesWork ? work : work.map { $0 })
    }
    return Fixture.setup(Fixture.device(components), workloads, duration: .seconds(2))
  }

  @Test func oneArrayOfWorkIsCompiledOnce() {
    let shared = DeviceSimulation(setup: Self.setup(sharesWork: true))
    let separate = DeviceSimulation(setup: Self.setup(sharesWork: false))
    let length = separate.workloads[0].programEnd - separate.workloads[0].programStart
    #expect(length > 0)
    #expect(shared.steps.count == Int(length))
    #expect(separate.steps.count == 30 * Int(length))
    #expect(shared.workloads.allSatisfy { $0.programStart == 0 && $0.programEnd == length })
    #expect(Set(separate.workloads.map(\.programStart)).count == 30)
  }

  @Test func sharingChangesNoAccount() {
    let shared = DeviceSimulation(setup: Self.setup(sharesWork: true)).run()
    let separate = DeviceSimulation(setup: Self.setup(sharesWork: false)).run()
    #expect(shared.energy == separate.energy)
    #expect(shared.workloads.map(\.energy) == separate.workloads.map(\.energy))
    #expect(shared.workloads.map(\.latency) == separate.workloads.map(\.latency))
    #expect(shared.workloads.map(\.occurrences) == separate.workloads.map(\.occurrences))
    // Every timer ran its 20 occurrences.
    #expect(shared.workloads.allSatisfy { $0.occurrences == 20 })
  }
}
