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

  /// One work array (100 ms on the radio's unit) under no push, a high push of 12.5 kB twice and
  /// a push of 25 kB, and an empty array twice: four programs, the pushes' led by their
  /// downlink (the push's size, at the work's QoS) and the two empty arrays sharing one.
  @Test func aPushIsPartOfTheProgram() {
    let work = Fixture.uses("unit", for: .milliseconds(100))
    let larger = DataSize(bytes: 25_000)
    let workloads = [
      WorkloadSpec(name: "plain", timing: PushDeliveryTests.at(1_000), work: work),
      PushDeliveryTests.pushed(PushDeliveryTests.at(2_000), .high, name: "push", work: work),
      PushDeliveryTests.pushed(PushDeliveryTests.at(3_000), .high, name: "again", work: work),
      WorkloadSpec(
        name: "larger", timing: PushDeliveryTests.at(4_000), work: work,
        push: PushSpec(priority: .high, size: larger, maxDelay: .seconds(900), collapses: false)),
      PushDeliveryTests.pushed(PushDeliveryTests.at(5_000), .high, name: "empty"),
      PushDeliveryTests.pushed(PushDeliveryTests.at(6_000), .high, name: "empty again"),
    ]
    let ladder = Fixture.twoStateLadder(
      "active", .milliwatts(100), then: "idle", .milliwatts(1), after: .milliseconds(5))
    let setup = SimulationSetup(
      device: Fixture.device([PeripheralTests.radio(), Fixture.generic("unit", ladder)]),
      workloads: workloads, environment: Fixture.online(for: .seconds(10)), display: [],
      visibility: nil, duration: .seconds(10), seed: 0)
    let simulation = DeviceSimulation(setup: setup)
    // By name: the setup orders the workloads by name.
    var programs: [String: Range<Int32>] = [:]
    for (index, spec) in simulation.setup.workloads.enumerated() {
      let runtime = simulation.workloads[index]
      programs[spec.name] = runtime.programStart..<runtime.programEnd
    }
    #expect(programs["push"] == programs["again"])
    #expect(programs["empty"] == programs["empty again"])
    #expect(Set(["plain", "push", "larger", "empty"].compactMap { programs[$0] }).count == 4)
    // A push's program starts with its downlink; the plain workload's does not.
    let first = { (name: String) in simulation.steps[Int(programs[name]!.lowerBound)] }
    #expect(first("plain").kind != .download)
    #expect(first("push").kind == .download && first("push").amount == 12_500)
    #expect(first("larger").kind == .download && first("larger").amount == 25_000)
    #expect(first("empty").kind == .download && first("empty").amount == 12_500)
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
