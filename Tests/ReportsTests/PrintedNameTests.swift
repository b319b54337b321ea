import JSONSupport
import ScenarioFiles
import Testing

@testable import Reports

/// Names holding control characters in the tables `run`, `compare` and `sweep` print: shown as
/// escapes (`\n`, `\u001B`), with the columns as wide as the escaped text; letters of other
/// scripts as they are. Every expected table is written out by hand: each column as wide as its
/// widest cell counted in Unicode scalars, columns two spaces apart.
@Suite struct PrintedNameTests {
  /// Widths: `a\nb\u001B[31m` is 14 scalars escaped, `café 日本` 7, `tab\there` 9, so the
  /// first column is 14 wide; the second is as wide as `energy`, 6. The rule is 14 + 2 + 6 = 22.
  @Test func tableEscapesControlCharactersAndAlignsOnTheEscapedText() {
    var table = TextTable(columns: [("name", .left), ("energy", .right)])
    table.appendRow(["a\nb\u{1B}[31m", "1 J"])
    table.appendRow(["caf\u{E9} \u{65E5}\u{672C}", "20 J"])
    table.appendRule()
    table.appendRow(["tab\there", "3 J"])
    let expected = #"""
      name            energy
      ──────────────────────
      a\nb\u001B[31m     1 J
      café 日本           20 J
      ──────────────────────
      tab\there          3 J

      """#
    #expect(table.rendered() == expected)
  }

  /// Titles are escaped too (a swept path or an alternative's label heads a column):
  /// `a\u2028b` is 8 scalars escaped, `\u202Ex` 7; the rule is 8 + 2 + 7 = 17.
  @Test func titlesAreEscaped() {
    var table = TextTable(columns: [("a\u{2028}b", .left), ("\u{202E}x", .right)])
    table.appendRow(["1", "2"])
    let expected = #"""
      a\u2028b  \u202Ex
      ─────────────────
      1               2

      """#
    #expect(table.rendered() == expected)
  }

  /// The fixture's worked example (1.27 J over 20 s, *The power-state ladder*) with its scenario
  /// named with an OSC sequence that would retitle a terminal, its GPS named `日本` and its workload
  /// named `a\nb` then an ESC sequence that would turn the terminal red.
  ///
  /// Components: `日本` (2 scalars) pads to `component` (9); 1.27 J, 100.0%, 1.27 J / 20 s =
  /// 63.5 mW, floor 0 J, fixed 970 mJ, dynamic 300 mJ, one wake-up; the rule is 9 + 6 + 6 + 9 +
  /// 5 + 6 + 7 + 8 + 7 × 2 = 70. Workloads: `a\nb\u001B[31m` escaped is 14 scalars, as wide as
  /// `(unattributed)`; it takes all 1.27 J (the GPS's floor is 0 W), runs twice with latencies
  /// 500 ms and 1.3 s; the rule is 14 + 6 + 6 + 4 + 11 + 5 + 5 + 21 + 7 × 2 = 86.
  @Test func runSummaryShowsEscapedNames() throws {
    var text = ScenarioFixtures.gpsScenario
    text = text.replacingOccurrences(
      of: #""name": "GPS fixture""#, with: #""name": "GPS\u001b]0;pwned\u0007 fixture""#)
    text = text.replacingOccurrences(of: #""gps""#, with: #""日本""#)
    text = text.replacingOccurrences(of: #""fix""#, with: #""a\nb\u001b[31m""#)
    let document = try ScenarioFixtures.document(text)
    let scenario = try document.scenario()
    let result = try RunPipeline.run(RunRequest(scenario: scenario))
    let expected = #"""
      GPS\u001B]0;pwned\u0007 fixture
        device gps-board, 20 s, seed 0
        energy 1.27 J, average power 63.5 mW, peak 300 mW

      component  energy   share  avg power  floor   fixed  dynamic  wake-ups
      ──────────────────────────────────────────────────────────────────────
      日本         1.27 J  100.0%    63.5 mW    0 J  970 mJ   300 mJ         1
      ──────────────────────────────────────────────────────────────────────
      total      1.27 J  100.0%    63.5 mW    0 J  970 mJ   300 mJ

      workload        energy   share  runs  p50 latency    p99    max  notes
      ──────────────────────────────────────────────────────────────────────────────────────
      a\nb\u001B[31m  1.27 J  100.0%     2       500 ms  1.3 s  1.3 s
      (unattributed)     0 J    0.0%                                   floors, idle, display

      qos      workloads  runs  p50 latency    p99    max  dropped  missed  unfinished
      ────────────────────────────────────────────────────────────────────────────────
      default          1     2       500 ms  1.3 s  1.3 s        0       0           0

      """#
    #expect(SummaryText.render(result, scenario: scenario) == expected)
  }

  /// The fixture's baseline (1.27 J) against `one` (1.06 J, −210 mJ, −16.5%), labelled
  /// `base\tline` (10 scalars escaped) and `日本` with a right-to-left override (8 escaped); the
  /// change column's title `vs base\tline` is 13. The first column is as wide as
  /// `wake-ups, all components`, 24; the alternatives' columns as `1.3 s (fix)`, 11; the rule is
  /// 24 + 11 + 11 + 16 + 3 × 2 = 68, the widest change `−210 mJ (−16.5%)` being 16.
  @Test func comparisonShowsEscapedLabels() throws {
    let document = try ScenarioFixtures.document(ScenarioFixtures.gpsScenario)
    let comparison = Comparison.run([
      Alternative(label: "base\tline", scenario: try document.scenario()),
      Alternative(label: "日本\u{202E}", scenario: try document.scenario(variant: "one")),
    ])
    #expect(
      ComparisonText.headline(comparison)
        == #"Largest saving: 日本\u202E, −210 mJ (−16.5%) vs base\tline, mostly gps fixed cost"#
        + "; at a cost: worst p99 latency 1.8 s in fix (+500 ms)")
    let expected = #"""
                                 base\tline     日本\u202E     vs base\tline
      ────────────────────────────────────────────────────────────────────
      gps                            1.27 J       1.06 J  −210 mJ (−16.5%)
      ────────────────────────────────────────────────────────────────────
      total                          1.27 J       1.06 J  −210 mJ (−16.5%)
        floor                           0 J          0 J               0 J
        fixed                        970 mJ       760 mJ  −210 mJ (−21.6%)
        dynamic                      300 mJ       300 mJ        0 J (0.0%)
      ────────────────────────────────────────────────────────────────────
      peak power                     300 mW       300 mW        0 W (0.0%)
      worst p99 latency         1.3 s (fix)  1.8 s (fix)           +500 ms
      worst max latency         1.3 s (fix)  1.8 s (fix)           +500 ms
      dropped frames                      0            0                 0
      deadline misses                     0            0                 0
      unfinished                          0            0                 0
      held                                0            0                 0
      wake-ups, all components            1            1                 0

      """#
    #expect(ComparisonText.table(comparison) == expected)
  }

  /// A swept string holding ESC: `b\u001Bc` escaped is 8 scalars, as wide as `baseline`; the
  /// name does not change the energy (1.27 J, 63.5 mW). The rule is 5 + 8 + 8 + 6 + 9 + 12 +
  /// 5 × 2 = 58.
  @Test func sweepTableShowsEscapedValues() throws {
    let document = try ScenarioFixtures.document(ScenarioFixtures.gpsScenario)
    let plan = try SweepPlan(
      parameters: [try SweepParameter(parsing: "name=a,b\u{1B}c")], variant: "baseline",
      shard: .whole)
    let rows = try Sweep.run(document, plan: plan, jobs: 1)
    let expected = #"""
      index  variant   name      energy  avg power  battery life
      ──────────────────────────────────────────────────────────
          0  baseline  a         1.27 J    63.5 mW             –
          1  baseline  b\u001Bc  1.27 J    63.5 mW             –

      """#
    #expect(Sweep.table(rows, plan: plan) == expected)
    // The CSV holds the name exactly: ESC needs no quoting in RFC 4180.
    #expect(Sweep.csv(rows, plan: plan).contains("\r\n1,baseline,b\u{1B}c,20,1.27,"))
  }
}
