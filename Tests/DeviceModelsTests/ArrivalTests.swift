import DeviceModels
import Quantities
import SimulationEngine
import Testing

/// Random arrivals come from the seed, one stream per workload name.
@Suite struct ArrivalTests {
  static let ladder: Ladder = {
    let active = Power.milliwatts(100)
    return Ladder(
      states: [
        LadderState(name: "on", power: active, wakePower: active),
        Fixture.state("off", .zero, after: .zero, active: active),
      ], idlePolicy: .timeout)
  }()

  static func poisson(_ name: String, mean: TimeSpan) -> WorkloadSpec {
    WorkloadSpec(
      name: name,
      timing: .poisson(meanIntervalNanoseconds: Double(mean.nanoseconds), start: .start, end: nil),
      work: Fixture.uses("unit", for: .nanoseconds(1)))
  }

  static func run(_ workloads: [WorkloadSpec], seed: UInt64) -> RunResult {
    let device = Fixture.device([Fixture.generic("unit", ladder, parent: .none)])
    return Fixture.run(Fixture.setup(device, workloads, duration: .seconds(1_000), seed: seed))
  }

  /// The arrival times an oracle draws from the same stream: gaps of ⌈E·mean⌉ ns.
  static func oracleCount(seed: UInt64, name: String, mean: Double, duration: Int64) -> Int {
    var rng = SplitMix64(seed: seed, stream: name)
    var time: Int64 = 0
    var count = 0
    while true {
      time += Int64((rng.nextStandardExponential() * mean).rounded(.up))
      if time >= duration { return count }
      count += 1
    }
  }

  @Test(arguments: [0, 1, 42] as [UInt64])
  func arrivalsFollowTheSeededStream(seed: UInt64) {
    let result = Self.run([Self.poisson("pings", mean: .seconds(2))], seed: seed)
    let expected = Self.oracleCount(
      seed: seed, name: "pings", mean: 2e9, duration: 1_000_000_000_000)
    #expect(result.workload("pings").occurrences == expected)
  }

  /// Over 20 seeds, a Poisson stream with mean 2 s gives 500 arrivals per 1000 s on average
  /// (the mean of 20 counts has a standard deviation of 5; the bounds are 4 of them).
  @Test func arrivalsHaveTheRequestedRate() {
    let counts = (0..<20).map {
      Self.oracleCount(seed: $0, name: "pings", mean: 2e9, duration: 1_000_000_000_000)
    }
    let mean = Double(counts.reduce(0, +)) / 20
    #expect(mean > 480 && mean < 520)
  }

  @Test func sameSeedSameArrivalsAndOtherSeedsDiffer() {
    let a = Self.run([Self.poisson("pings", mean: .seconds(2))], seed: 1)
    let b = Self.run([Self.poisson("pings", mean: .seconds(2))], seed: 1)
    let c = Self.run([Self.poisson("pings", mean: .seconds(2))], seed: 2)
    #expect(a.workload("pings").occurrences == b.workload("pings").occurrences)
    #expect(a.energy == b.energy)
    #expect(a.energy != c.energy)
  }

  /// Changing one workload does not move another's arrivals: each has its own stream.
  @Test func streamsAreIndependentPerWorkload() {
    let alone = Self.run([Self.poisson("pings", mean: .seconds(2))], seed: 5)
    let withOther = Self.run(
      [Self.poisson("pings", mean: .seconds(2)), Self.poisson("other", mean: .milliseconds(300))],
      seed: 5)
    #expect(alone.workload("pings").occurrences == withOther.workload("pings").occurrences)
  }
}
