import Reports
import ScenarioFiles
import Testing

/// Running sweeps of ``ScenarioFixtures/gpsScenario``, whose points are computed by hand.
@Suite struct SweepTests {
  static func plan(_ settings: [String], variant: String = "baseline", shard: SweepShard = .whole)
    throws -> SweepPlan
  {
    try SweepPlan(
      parameters: try settings.map { try SweepParameter(parsing: $0) }, variant: variant,
      shard: shard)
  }

  static let settings = [
    "workloads.fix.work.gps=500 ms,1 s", #"workloads.fix.times=["2 s","4 s"],["2 s","12 s"]"#,
  ]

  /// 500 ms at 2 s and 4 s: 1.27 J (see *The power-state ladder*). 500 ms at 2 s and 12 s: two
  /// whole cycles of 0.16 + 0.15 + 0.30 + 0.30 = 1.82 J. 1 s at 2 s and 4 s: waking 0.16, active
  /// 2.8–3.8 0.30, holding 3.8–4.0 0.06, active 4–5 0.30, holding 5–6 0.30, hot 6–11 0.30 = 1.42 J.
  /// 1 s at 2 s and 12 s: two cycles of 0.16 + 0.30 + 0.30 + 0.30 = 2.12 J. Average power is energy
  /// ÷ 20 s. Then (see *The command line*) the peak, 0.3 W active; no battery; the gps's energy;
  /// one wake-up when the second fix finds it holding, two when it finds it off; the worst p99
  /// latency, the first fix's 0.8 s wake plus its work (the second, at 4 s, needs no wake); and the
  /// swept work in seconds.
  @Test func sweepCSVHasAColumnPerPathThenTheSummary() throws {
    let document = try ScenarioFixtures.document(ScenarioFixtures.gpsScenario)
    let plan = try Self.plan(Self.settings)
    let rows = try Sweep.run(document, plan: plan, jobs: 2)
    let expected = [
      "index,variant,workloads.fix.work.gps,workloads.fix.times,duration_s,energy_j,average_power_w,battery_energy_j,battery_life_h,peak_power_w,ran_out_h,off_h,min_charge,gps_j,wakeups,latency_p99_s,workloads.fix.work.gps_s,battery_energy_mah",
      #"0,baseline,500 ms,"[""2 s"",""4 s""]",20,1.27,0.0635,,,0.3,,,,1.27,1,1.3,0.5,"#,
      #"1,baseline,500 ms,"[""2 s"",""12 s""]",20,1.82,0.091,,,0.3,,,,1.82,2,1.3,0.5,"#,
      #"2,baseline,1 s,"[""2 s"",""4 s""]",20,1.42,0.071,,,0.3,,,,1.42,1,1.8,1,"#,
      #"3,baseline,1 s,"[""2 s"",""12 s""]",20,2.12,0.106,,,0.3,,,,2.12,2,1.8,1,"#,
    ]
    #expect(Sweep.csv(rows, plan: plan) == expected.joined(separator: "\r\n") + "\r\n")
  }

  /// `--set` patches the scenario before the variant: `late` keeps the swept work and moves the
  /// second fix to 12 s; `one` replaces the work, so the swept value has no effect.
  @Test func setAppliesBeforeTheVariant() throws {
    let document = try ScenarioFixtures.document(ScenarioFixtures.gpsScenario)
    let late = try Sweep.run(
      document, plan: try Self.plan(["workloads.fix.work.gps=500 ms,1 s"], variant: "late"))
    #expect(
      late.map(\.energy) == [ScenarioFixtures.joules("1.82"), ScenarioFixtures.joules("2.12")])
    #expect(late.map(\.variant) == ["late", "late"])
    let one = try Sweep.run(
      document, plan: try Self.plan(["workloads.fix.work.gps=500 ms,2 s"], variant: "one"))
    #expect(
      one.map(\.energy) == [ScenarioFixtures.joules("1.06"), ScenarioFixtures.joules("1.06")])
  }

  @Test func parallelSweepsGiveTheSameBytesAsSerialOnes() throws {
    let document = try ScenarioFixtures.document(ScenarioFixtures.gpsScenario)
    let plan = try Self.plan(Self.settings + ["seed=1,2,3"])
    let serial = Sweep.csv(try Sweep.run(document, plan: plan, jobs: 1), plan: plan)
    for jobs in [2, 3, 5, 16] {
      #expect(Sweep.csv(try Sweep.run(document, plan: plan, jobs: jobs), plan: plan) == serial)
    }
  }

  /// The first shard's file followed by the other shards' rows holds every row of the whole
  /// sweep once; sorted by index, it is the whole sweep byte for byte.
  @Test func shardsConcatenateToTheWholeSweep() throws {
    let document = try ScenarioFixtures.document(ScenarioFixtures.gpsScenario)
    let whole = Sweep.csv(
      try Sweep.run(document, plan: try Self.plan(Self.settings + ["seed=1,2,3"])),
      plan: try Self.plan(Self.settings + ["seed=1,2,3"]))
    let wholeLines = whole.split(separator: "\r\n")
    for count in [1, 2, 5, 12, 13] {
      var header: Substring?
      var rows: [Substring] = []
      for index in 0..<count {
        let plan = try Self.plan(
          Self.settings + ["seed=1,2,3"], shard: SweepShard(index: index, count: count))
        // Every shard names the components of point 0's device, whichever points it runs.
        let components = Sweep.componentNames(document, plan: plan)
        let lines = Sweep.csv(
          try Sweep.run(document, plan: plan), plan: plan, components: components
        )
        .split(separator: "\r\n")
        #expect(lines[0] == wholeLines[0])
        header = header ?? lines[0]
        rows += lines.dropFirst()
      }
      let sorted = rows.sorted { Int($0.prefix { $0 != "," })! < Int($1.prefix { $0 != "," })! }
      #expect([header!] + sorted == wholeLines)
    }
  }

  @Test func anInvalidPointIsNamedWithItsValuesAndPath() throws {
    let document = try ScenarioFixtures.document(ScenarioFixtures.gpsScenario)
    let plan = try Self.plan(["seed=1,2", "workloads.fix.work.gps=1 s,-1 s,x"])
    for jobs in [1, 4] {
      let error = try #require(throws: SweepPointError.self) {
        try Sweep.run(document, plan: plan, jobs: jobs)
      }
      #expect(error.index == 1)
      #expect(
        error.description
          == #"fixture.json: sweep point 1 (seed=1, workloads.fix.work.gps=-1 s): workloads.fix.work.gps: expected a time that is not negative, found "-1 s""#
      )
    }
  }
}
