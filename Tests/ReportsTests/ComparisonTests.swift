import DeviceModels
import Quantities
import Reports
import ScenarioFiles
import Testing

/// `compare`'s figures, checked against the hand-computed accounts of ``ScenarioFixtures``.
@Suite struct ComparisonTests {
  static func comparison(jobs: Int = 4) throws -> Comparison {
    let document = try ScenarioFixtures.document(ScenarioFixtures.gpsScenario)
    let alternatives = try document.variantNames.map { name in
      Alternative(label: name, scenario: try document.scenario(variant: name))
    }
    return Comparison.run(alternatives, jobs: jobs)
  }

  @Test func figuresOfEachAlternative() throws {
    let comparison = try Self.comparison()
    #expect(comparison.entries.map(\.label) == ["baseline", "one", "late"])
    let joules = ScenarioFixtures.joules
    #expect(comparison.entries.map(\.energy) == [joules("1.27"), joules("1.06"), joules("1.82")])
    #expect(comparison.entries.map(\.fixed) == [joules("0.97"), joules("0.76"), joules("1.52")])
    #expect(comparison.entries.map(\.dynamic) == [joules("0.3"), joules("0.3"), joules("0.3")])
    #expect(comparison.entries.map(\.floor) == [.zero, .zero, .zero])
    #expect(
      comparison.entries.map(\.worstLatencyP99) == [
        .milliseconds(1_300), .milliseconds(1_800), .milliseconds(1_300),
      ])
    #expect(comparison.entries.map(\.wakeups) == [1, 1, 2])
    #expect(comparison.entries.allSatisfy { $0.batteryLife == nil })
  }

  /// `one` saves 0.21 J of 1.27 (16.535…%), all of it gps fixed cost; its one fix waits 1.8 s
  /// against the baseline's 1.3 s, which the headline says it costs.
  @Test func largestSavingNamesTheAlternativeAndWhereItComesFrom() throws {
    let comparison = try Self.comparison()
    let saving = try #require(comparison.largestSaving)
    #expect(saving.label == "one")
    #expect(saving.change == .zero - ScenarioFixtures.joules("0.21"))
    #expect(abs(saving.relativeChange - (-0.21 / 1.27)) < 1e-12)
    #expect(saving.component == "gps")
    #expect(saving.part == .fixed)
    #expect(saving.partChange == .zero - ScenarioFixtures.joules("0.21"))
    #expect(
      ComparisonText.headline(comparison)
        == "Largest saving: one, \u{2212}210 mJ (\u{2212}16.5%) vs baseline, mostly gps fixed cost; at a cost: worst p99 latency 1.8 s in fix (+500 ms)"
    )
  }

  @Test func noSavingWhenEveryAlternativeCostsMore() throws {
    let document = try ScenarioFixtures.document(ScenarioFixtures.gpsScenario)
    let comparison = Comparison.run([
      Alternative(label: "baseline", scenario: try document.scenario()),
      Alternative(label: "late", scenario: try document.scenario(variant: "late")),
    ])
    #expect(comparison.largestSaving == nil)
    let alone = Comparison.run([Alternative(label: "baseline", scenario: try document.scenario())])
    #expect(alone.largestSaving == nil)
    #expect(
      ComparisonText.headline(alone)
        == "Nothing to compare: only baseline (give the scenario variants, or compare several files)."
    )
    #expect(
      ComparisonText.headline(comparison)
        == "No saving: no alternative uses less energy than baseline (the closest, late, +550 mJ (+43.3%))."
    )
  }

  @Test func tableShowsEachFigureAndItsChange() throws {
    // Without a battery, no battery rows; the latency rows name the workload (see *The command
    // line*).
    let expected = """
                                   baseline          one       vs baseline         late       vs baseline
      ───────────────────────────────────────────────────────────────────────────────────────────────────
      gps                            1.27 J       1.06 J  −210 mJ (−16.5%)       1.82 J  +550 mJ (+43.3%)
      ───────────────────────────────────────────────────────────────────────────────────────────────────
      total                          1.27 J       1.06 J  −210 mJ (−16.5%)       1.82 J  +550 mJ (+43.3%)
        floor                           0 J          0 J               0 J          0 J               0 J
        fixed                        970 mJ       760 mJ  −210 mJ (−21.6%)       1.52 J  +550 mJ (+56.7%)
        dynamic                      300 mJ       300 mJ        0 J (0.0%)       300 mJ        0 J (0.0%)
      ───────────────────────────────────────────────────────────────────────────────────────────────────
      peak power                     300 mW       300 mW        0 W (0.0%)       300 mW        0 W (0.0%)
      worst p99 latency         1.3 s (fix)  1.8 s (fix)           +500 ms  1.3 s (fix)               0 s
      worst max latency         1.3 s (fix)  1.8 s (fix)           +500 ms  1.3 s (fix)               0 s
      dropped frames                      0            0                 0            0                 0
      deadline misses                     0            0                 0            0                 0
      unfinished                          0            0                 0            0                 0
      held                                0            0                 0            0                 0
      wake-ups, all components            1            1                 0            2                +1

      """
    #expect(ComparisonText.table(try Self.comparison()) == expected)
  }

  /// 0.21 / 1.27 = 16.535433…%, 0.55 / 1.27 = 43.307086…%.
  @Test func csvHasOneRowPerAlternative() throws {
    let lines = ComparisonCSV.render(try Self.comparison()).split(separator: "\r\n")
    #expect(
      lines[0]
        == "alternative,scenario,variant,energy_j,energy_change_j,energy_change_percent,floor_j,fixed_j,dynamic_j,battery_life_h,battery_life_change_h,worst_latency_p99_s,worst_latency_p99_change_s,worst_latency_max_s,worst_latency_max_change_s,dropped_frames,deadline_misses,unfinished,wakeups,gps_j,gps_change_j,gps_fixed_j,gps_dynamic_j,battery_energy_j,battery_energy_change_j,ran_out_h,off_h,min_charge,peak_power_w,worst_latency_p99_workload,worst_latency_max_workload,held,battery_energy_mah"
    )
    #expect(
      lines[1]
        == "baseline,GPS fixture,baseline,1.27,0,0,0,0.97,0.3,,,1.3,0,1.3,0,0,0,0,1,1.27,0,0.97,0.3,,,,,,0.3,fix,fix,0,"
    )
    #expect(
      lines[2]
        == "one,GPS fixture,one,1.06,-0.21,-16.535433,0,0.76,0.3,,,1.8,0.5,1.8,0.5,0,0,0,1,1.06,-0.21,0.76,0.3,,,,,,0.3,fix,fix,0,"
    )
    #expect(
      lines[3]
        == "late,GPS fixture,late,1.82,0.55,43.307087,0,1.52,0.3,,,1.3,0,1.3,0,0,0,0,2,1.82,0.55,1.52,0.3,,,,,,0.3,fix,fix,0,"
    )
    #expect(lines.count == 4)
  }

  @Test func parallelRunsGiveTheSameBytesAsSerialOnes() throws {
    let serial = try Self.comparison(jobs: 1)
    for jobs in [2, 3, 8] {
      let parallel = try Self.comparison(jobs: jobs)
      #expect(ComparisonCSV.render(parallel) == ComparisonCSV.render(serial))
      #expect(ComparisonText.render(parallel) == ComparisonText.render(serial))
    }
  }

  /// The seam for `compare --plot`: with a bin width, each entry keeps its power series, whose
  /// bins add up exactly to the entry's energy.
  @Test func powerSeriesForAnOverlaidChart() throws {
    let document = try ScenarioFixtures.document(ScenarioFixtures.gpsScenario)
    let alternatives = try document.variantNames.map { name in
      Alternative(label: name, scenario: try document.scenario(variant: name))
    }
    let comparison = Comparison.run(alternatives, jobs: 2, powerBinWidth: .seconds(1))
    for entry in comparison.entries {
      let bins = try #require(entry.powerBins)
      #expect(bins.count == 20)
      #expect(bins.energies.reduce(0, +) == entry.energy.attojoules)
    }
    #expect(Comparison.run(alternatives).entries.allSatisfy { $0.powerBins == nil })
  }

  /// Files compared may have different devices: a component only one has shows `–` for the
  /// other, and its change is measured from zero.
  @Test func componentsMissingFromAnAlternative() throws {
    let led = """
      { "device_patch": { "components": { "led": { "type": "generic", "parent": "none",
        "states": [ { "name": "on", "power": "1 W" }, { "name": "off", "power": "5 mW", "after": "1 s" } ] } } } }
      """
    let document = try ScenarioFixtures.document(ScenarioFixtures.gpsScenario)
    let patched = try ScenarioFixtures.document(
      try ScenarioFixtures.documentText(document, mergedWith: led))
    let comparison = Comparison.run([
      Alternative(label: "plain", scenario: try document.scenario()),
      Alternative(label: "with-led", scenario: try patched.scenario()),
    ])
    #expect(comparison.componentNames == ["gps", "led"])
    let table = ComparisonText.table(comparison)
    // 5 mW × 20 s = 100 mJ of floor, from nothing in the baseline.
    #expect(
      table.split(separator: "\n").contains {
        $0.split(separator: " ") == ["led", "–", "100", "mJ", "+100", "mJ"]
      })
    let csv = ComparisonCSV.render(comparison).split(separator: "\r\n")
    #expect(csv[1].hasSuffix(",1.27,0,0.97,0.3,,,,,,,,,,0.3,fix,fix,0,"))
    #expect(csv[2].hasSuffix(",1.27,0,0.97,0.3,0.1,0.1,0,0,,,,,,0.305,fix,fix,0,"))
  }
}
