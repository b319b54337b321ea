import JSONSupport
import Reports
import Testing

/// Parsing `--set` and `--shard`, and numbering the points of a sweep.
@Suite struct SweepPlanTests {
  static func texts(_ argument: String) throws -> [String] {
    try SweepParameter(parsing: argument).values.map(\.text)
  }

  @Test func valuesSplitOnlyAtTopLevelCommas() throws {
    #expect(try Self.texts("workloads.sync.every=1 s,5 s") == ["1 s", "5 s"])
    #expect(try Self.texts("seed=1, 2 ,3") == ["1", "2", "3"])
    #expect(try Self.texts("display=[1,2],[3]") == ["[1,2]", "[3]"])
    #expect(
      try Self.texts(#"display=[{"from":0,"to":"1 s"},{"from":"2 s","to":"3 s"}],[]"#) == [
        #"[{"from":0,"to":"1 s"},{"from":"2 s","to":"3 s"}]"#, "[]",
      ])
    #expect(try Self.texts(#"name="a,b",c"#) == [#""a,b""#, "c"])
    #expect(try Self.texts(#"name="a\",b",c"#) == [#""a\",b""#, "c"])
    #expect(try Self.texts("x=single") == ["single"])
  }

  @Test func valuesAreJSONWhenTheyParseOtherwiseStrings() throws {
    let values = try SweepParameter(parsing: #"x=1,1 s,true,null,"quoted",[1, 2],{"a": 1},abc"#)
      .values.map(\.json)
    #expect(values[0] == .number(JSONNumber(literal: "1")))
    #expect(values[1] == .string("1 s"))
    #expect(values[2] == .bool(true))
    #expect(values[3] == .null)
    #expect(values[4] == .string("quoted"))
    #expect(values[5] == .array([.number(JSONNumber(1)), .number(JSONNumber(2))]))
    #expect(values[6] == .object(JSONObject([("a", .number(JSONNumber(1)))])))
    #expect(values[7] == .string("abc"))
  }

  @Test func pathsAreDotted() throws {
    let parameter = try SweepParameter(parsing: "display.0.brightness=0.5")
    #expect(parameter.name == "display.0.brightness")
    #expect(parameter.path == JSONPath([.key("display"), .key("0"), .key("brightness")]))
    let bracketed = try SweepParameter(parsing: "display[0].brightness=0.5")
    #expect(bracketed.path == JSONPath([.key("display"), .index(0), .key("brightness")]))
  }

  @Test func malformedSettingsAreUsageErrors() {
    for argument in [
      "seed", "=1,2", "seed=", "seed=1,,2", "seed=1,", "a..b=1", "x=[1,2", "x=1]",
      #"x="open"#, "x={]", "variants.batched.seed=1",
    ] {
      #expect(throws: SweepArgumentError.self, "\(argument)") {
        try SweepParameter(parsing: argument)
      }
    }
  }

  @Test func shards() throws {
    #expect(try SweepShard(parsing: "0/1") == .whole)
    #expect(try SweepShard(parsing: "3/4") == SweepShard(index: 3, count: 4))
    for text in ["3/2", "2/2", "-1/2", "0/0", "1", "a/b", "1/2/3", "", "/2", "1/"] {
      #expect(throws: SweepArgumentError.self, "\(text)") { try SweepShard(parsing: text) }
    }
  }

  /// Points number the cartesian product as nested loops, the first parameter outermost.
  @Test func pointsFollowNestedLoops() throws {
    let plan = try SweepPlan(
      parameters: [
        try SweepParameter(parsing: "a=1,2"), try SweepParameter(parsing: "b=x,y,z"),
        try SweepParameter(parsing: "c=true,false"),
      ], variant: "baseline")
    var expected: [[String]] = []
    for a in ["1", "2"] {
      for b in ["x", "y", "z"] {
        for c in ["true", "false"] { expected.append([a, b, c]) }
      }
    }
    #expect(plan.pointCount == 12)
    #expect((0..<12).map { plan.values(at: $0).map(\.text) } == expected)
    #expect(plan.shardIndices == Array(0..<12))
  }

  /// Every point belongs to exactly one shard, the one its index is congruent to.
  @Test func shardsPartitionThePoints() throws {
    let parameters = [try SweepParameter(parsing: "a=1,2,3,4,5,6,7")]
    for count in 1...9 {
      var seen: [Int] = []
      for index in 0..<count {
        let plan = try SweepPlan(
          parameters: parameters, variant: "baseline",
          shard: SweepShard(index: index, count: count))
        #expect(plan.shardIndices.allSatisfy { $0 % count == index })
        seen += plan.shardIndices
      }
      #expect(seen.sorted() == Array(0..<7))
    }
  }

  /// A parameter with `count` values `0…count−1`.
  static func parameter(_ name: String, values count: Int) throws -> SweepParameter {
    try SweepParameter(parsing: name + "=" + (0..<count).map(String.init).joined(separator: ","))
  }

  /// A sweep has at most a million points (see *Bad Input, Run Limits and Safe Output*), refused
  /// from the product of the numbers of values, before anything is allocated for the points — also
  /// when the product overflows.
  @Test func moreThanAMillionPointsAreAUsageError() throws {
    let hundredThousand = try Self.parameter("a", values: 100_000)
    let tenThousand = try Self.parameter("b", values: 10_000)
    let error = try #require(throws: SweepArgumentError.self) {
      try SweepPlan(parameters: [hundredThousand, tenThousand], variant: "baseline")
    }
    #expect(
      error.message
        == "--set: the sweep has 100000 × 10000 points, more than a sweep may have (1,000,000); give fewer values"
    )
    // 10⁵ × 10⁴ × 10⁴ × 10⁵ × 10⁴ = 10²² points: more than an Int can count.
    #expect(throws: SweepArgumentError.self) {
      try SweepPlan(
        parameters: [
          hundredThousand, tenThousand, try Self.parameter("c", values: 10_000),
          try Self.parameter("d", values: 100_000), try Self.parameter("e", values: 10_000),
        ], variant: "baseline")
    }
    let largest = try SweepPlan(
      parameters: [try Self.parameter("a", values: 1_000), try Self.parameter("b", values: 1_000)],
      variant: "baseline")
    #expect(largest.pointCount == SweepPlan.maximumPoints)
  }

  /// A shard's points are counted and numbered without visiting the others.
  @Test func shardPointsAreCountedWithoutVisitingEveryPoint() throws {
    let parameters = [
      try Self.parameter("a", values: 1_000), try Self.parameter("b", values: 1_000),
    ]
    let plan = try SweepPlan(
      parameters: parameters, variant: "baseline", shard: SweepShard(index: 3, count: 7))
    #expect(plan.shardPointCount == 142_857)
    #expect(plan.shardIndex(at: 0) == 3)
    #expect(plan.shardIndex(at: 142_856) == 999_995)
    #expect(plan.shardIndices == Array(stride(from: 3, to: 1_000_000, by: 7)))
    let beyond = try SweepPlan(
      parameters: [try Self.parameter("a", values: 2)], variant: "baseline",
      shard: SweepShard(index: 5, count: 9))
    #expect(beyond.shardPointCount == 0 && beyond.shardIndices.isEmpty)
  }

  @Test func aPathGivenTwiceIsAUsageError() throws {
    let parameters = [try SweepParameter(parsing: "seed=1"), try SweepParameter(parsing: "seed=2")]
    #expect(throws: SweepArgumentError.self) {
      try SweepPlan(parameters: parameters, variant: "baseline")
    }
  }
}
