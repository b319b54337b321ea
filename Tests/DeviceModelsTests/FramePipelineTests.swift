import DeviceModels
import Quantities
import Testing

/// Frames as a CPU → GPU pipeline (see *OS policies*) and the GPU's `governor` frequency (see *The
/// GPU*), on a device of one CPU core and a GPU, neither with a wake latency, so that every figure
/// follows from the frame clock and the work. At 60 fps frame `k` is due at ⌊k · 10⁹ / 60⌋ ns: 0,
/// 16 666 666, 33 333 333, 50 000 000, 66 666 666, 83 333 333 ns; its deadline is the next frame's
/// due time.
@Suite struct FramePipelineTests {
  /// One core at 1 GHz, 100 mW, holding at 10 mW, idle at 0 W with no wake latency; no dispatch
  /// cost, so a frame's steps are exactly its CPU and GPU work.
  static var cpu: ComponentSpec {
    let hold = Power.milliwatts(10)
    let core = Ladder(
      states: [
        LadderState(name: "active", power: hold, wakePower: hold),
        Fixture.state("idle", .zero, active: hold),
      ], idlePolicy: .predictive)
    let cluster = ClusterSpec(
      name: "only", cores: 1, ipc: 1,
      operatingPoints: [OperatingPoint(frequency: .gigahertz(1), power: .milliwatts(100))],
      coreLadder: core, clusterLadder: CPUTests.freeCluster)
    return CPUTests.cpu([cluster])
  }

  /// OPPs 300 MHz at 200 mW and 600 MHz at 800 mW (GPU work is time at 600 MHz); holding at
  /// 100 mW, idle at 0 W at once, with no wake latency.
  static func gpu(_ choice: FrequencyChoice) -> ComponentSpec {
    let hold = Power.milliwatts(100)
    let spec = GPUSpec(
      ladder: Ladder(
        states: [
          LadderState(name: "active", power: hold, wakePower: hold),
          Fixture.state("idle", .zero, active: hold),
        ], idlePolicy: .timeout),
      operatingPoints: [
        OperatingPoint(frequency: .megahertz(300), power: .milliwatts(200)),
        OperatingPoint(frequency: .megahertz(600), power: .milliwatts(800)),
      ], frequency: choice)
    return ComponentSpec(name: "gpu", model: .gpu(spec), parent: .none)
  }

  static func ns(_ value: Int64) -> TimeSpan { .nanoseconds(value) }

  /// An animation at 60 fps from 0 (for `length`, if given) whose frames do `cpu` then `gpu`.
  static func run(
    cpu: TimeSpan, gpu: TimeSpan, duration: TimeSpan, length: TimeSpan? = nil,
    choice: FrequencyChoice = .max
  ) -> RunResult {
    let animation = WorkloadSpec(
      name: "anim", timing: .frames(rate: Frequency(hertz: 60), start: .start, duration: length),
      work: [WorkStepSpec(cpu: cpu, gpu: gpu)])
    let setup = Fixture.setup(
      Fixture.device([Self.cpu, Self.gpu(choice)]), [animation], duration: duration)
    let result = Fixture.run(setup)
    Self.checkInvariants(result, duration: duration)
    return result
  }

  /// *Results and accounting*'s invariants.
  static func checkInvariants(_ result: RunResult, duration: TimeSpan) {
    #expect(result.components.reduce(Energy.zero) { $0 + $1.energy } == result.energy)
    for (index, component) in result.components.enumerated() {
      #expect(component.floor + component.fixed + component.dynamic == component.energy)
      for node in component.nodes {
        #expect(node.states.reduce(TimeSpan.zero) { $0 + $1.residency } == duration)
      }
      let attributed = result.workloads.reduce(Energy.zero) { $0 + $1.energyByComponent[index] }
      #expect(attributed + result.unattributedByComponent[index] == component.energy)
    }
  }

  // MARK: The pipeline

  /// 5 ms of CPU and 8 ms of GPU: each frame is done 13 ms after it is due, before the next;
  /// the 60 frames of a second all run, in time.
  @Test func lightFramesAllRun() {
    let result = Self.run(cpu: .milliseconds(5), gpu: .milliseconds(8), duration: .seconds(1))
    let anim = result.workload("anim")
    #expect(anim.occurrences == 60)
    #expect(anim.droppedFrames == 0)
    #expect(anim.deadlineMisses == 0)
    #expect(anim.unfinished == 0)
    #expect(anim.latency?.max == .milliseconds(13))
    // 60 × 5 ms at 100 mW on the core, 60 × 8 ms at 800 mW on the GPU.
    #expect(result.component("cpu").state("active", node: "cpu/only/core0").energy == joules(0.03))
    #expect(result.component("gpu").state("active").energy == joules(0.384))
  }

  /// 12 ms of CPU and 12 ms of GPU: frame k's CPU step ends 12 ms after it is due, before frame
  /// k + 1 is due (16.67 ms), while frame k's GPU step runs until 24 ms: with the pipeline no
  /// frame is dropped, and none waits for the GPU, but each completes 24 ms after it is due,
  /// after its deadline. In 100 ms frames 0–5 start; frames 0–4 complete (frame 4 at
  /// 66.67 + 24 = 90.67 ms), five misses; frame 5 (due 83.33 ms) is unfinished at 100 ms.
  @Test func pipelinedFramesOverlapAndMissTheirDeadlines() {
    let result = Self.run(
      cpu: .milliseconds(12), gpu: .milliseconds(12), duration: .milliseconds(100))
    let anim = result.workload("anim")
    #expect(anim.occurrences == 6)
    #expect(anim.droppedFrames == 0)
    #expect(anim.unfinished == 1)
    #expect(anim.deadlineMisses == 5)
    #expect(anim.latency?.max == .milliseconds(24))
    #expect(anim.latency?.p50 == .milliseconds(24))
  }

  /// 20 ms of CPU and 12 ms of GPU: frame 1 (due 16.67 ms) finds frame 0 still in its CPU step
  /// (until 20 ms) and is dropped; frame 2 (33.33 ms) finds frame 0 done (32 ms) and runs; frame
  /// 3 (50 ms) finds frame 2 on the CPU (until 53.33 ms), dropped; frame 4 (66.67 ms) runs and
  /// completes at 98.67 ms; frame 5 (83.33 ms) is dropped. So in 100 ms: three frames, each
  /// 32 ms from due to done (all late), and three dropped.
  @Test func framesDueDuringThePreviousCPUStepAreDropped() {
    let result = Self.run(
      cpu: .milliseconds(20), gpu: .milliseconds(12), duration: .milliseconds(100))
    let anim = result.workload("anim")
    #expect(anim.occurrences == 3)
    #expect(anim.droppedFrames == 3)
    #expect(anim.unfinished == 0)
    #expect(anim.deadlineMisses == 3)
    #expect(anim.latency?.max == .milliseconds(32))
    // Three frames' work only: 3 × 20 ms on the core, 3 × 12 ms on the GPU.
    #expect(
      result.component("cpu").state("active", node: "cpu/only/core0").residency == .milliseconds(60)
    )
    #expect(result.component("gpu").state("active").residency == .milliseconds(36))
  }

  /// 5 ms of CPU and 30 ms of GPU: the GPU is the bottleneck. Frame 0: GPU 5–35 ms. Frame 1
  /// (16.67 ms): its GPU step waits until 35 ms, runs to 65 ms. Frame 2 (33.33 ms): frames 0
  /// and 1 in flight, dropped. Frame 3 (50 ms): frame 0 is done, runs, GPU 65–95 ms. Frame 4
  /// (66.67 ms): frame 1 done at 65 ms, runs, its GPU step from 95 ms to 125 ms: unfinished at
  /// 100 ms. Frame 5 (83.33 ms): frames 3 and 4 in flight, dropped. Latencies 35, 48.33 and
  /// 45 ms, all late.
  @Test func framesDueWithTwoInFlightAreDropped() {
    let result = Self.run(
      cpu: .milliseconds(5), gpu: .milliseconds(30), duration: .milliseconds(100))
    let anim = result.workload("anim")
    #expect(anim.occurrences == 4)
    #expect(anim.droppedFrames == 2)
    #expect(anim.unfinished == 1)
    #expect(anim.deadlineMisses == 3)
    #expect(anim.latency?.max == Self.ns(48_333_334))
    #expect(anim.latency?.p50 == .milliseconds(45))
  }

  /// Boundary: frame 1 is due at 16 666 666 ns. A CPU step ending exactly then has handed the
  /// frame on to the GPU before the arrival (completions come first at one instant): frame 1
  /// runs. One nanosecond more and frame 0 is still in its CPU step: frame 1 is dropped.
  @Test(arguments: [(Int64(16_666_666), 0), (16_666_667, 1)])
  func aCPUStepEndingAsTheNextFrameIsDue(cpu: Int64, dropped: Int) {
    let result = Self.run(cpu: Self.ns(cpu), gpu: .milliseconds(1), duration: .milliseconds(30))
    #expect(result.workload("anim").droppedFrames == dropped)
    #expect(result.workload("anim").occurrences == 2 - dropped)
  }

  /// Boundary: with 5 ms of CPU and G of GPU, frame 0 completes at 5 ms + G; frame 1 is in
  /// flight when frame 2 is due at 33 333 333 ns. G = 28 333 333 ns: frame 0 completes exactly
  /// then, before the arrival, so only one frame is in flight and frame 2 runs; 1 ns more and
  /// two are, and frame 2 is dropped.
  @Test(arguments: [(Int64(28_333_333), 0), (28_333_334, 1)])
  func aFrameCompletingAsTheNextIsDue(gpu: Int64, dropped: Int) {
    let result = Self.run(cpu: .milliseconds(5), gpu: Self.ns(gpu), duration: .milliseconds(40))
    #expect(result.workload("anim").droppedFrames == dropped)
    #expect(result.workload("anim").occurrences == 3 - dropped)
  }

  /// Boundary: a single frame (the animation lasts 10 ms) due at 0 has its deadline at
  /// 16 666 666 ns, frame 1's due time (after the animation's end too). Completing exactly then
  /// (6 666 666 ns of CPU + 10 ms of GPU) is in time; 1 ns later is a miss.
  @Test(arguments: [(Int64(6_666_666), 0), (6_666_667, 1)])
  func aFrameCompletingAtItsDeadline(cpu: Int64, misses: Int) {
    let result = Self.run(
      cpu: Self.ns(cpu), gpu: .milliseconds(10), duration: .milliseconds(100),
      length: .milliseconds(10))
    #expect(result.workload("anim").occurrences == 1)
    #expect(result.workload("anim").latency?.max == Self.ns(cpu + 10_000_000))
    #expect(result.workload("anim").deadlineMisses == misses)
  }

  // MARK: The GPU governor

  /// One frame, 5 ms of CPU, then its GPU step from 5 ms with its deadline at 16 666 666 ns:
  /// 5 ms of GPU work takes 10 ms at 300 MHz, done at 15 ms: the governor picks 300 MHz (10 ms
  /// at 200 mW = 2 mJ). 6 ms takes 12 ms there, too late (17 ms): 600 MHz (6 ms at 800 mW =
  /// 4.8 mJ), done at 11 ms. `max` runs 5 ms at 600 MHz (4 mJ).
  @Test(arguments: [
    (FrequencyChoice.governor, Int64(5), Int64(15), 0.002),
    (.governor, 6, 11, 0.0048), (.max, 5, 10, 0.004),
  ])
  func theGovernorPicksTheLowestPointThatMeetsTheDeadline(
    choice: FrequencyChoice, gpuMilliseconds: Int64, latency: Int64, joulesServed: Double
  ) {
    let result = Self.run(
      cpu: .milliseconds(5), gpu: .milliseconds(gpuMilliseconds), duration: .milliseconds(100),
      length: .milliseconds(10), choice: choice)
    #expect(result.workload("anim").latency?.max == .milliseconds(latency))
    #expect(result.workload("anim").deadlineMisses == 0)
    #expect(result.component("gpu").state("active").energy == joules(joulesServed))
  }

  /// Boundary: the GPU step starts at 5 ms; at 300 MHz it takes twice its time. 5 833 333 ns of
  /// work ends at 5 ms + 11 666 666 ns = 16 666 666 ns, the deadline exactly: 300 MHz. One more
  /// nanosecond of work ends 2 ns late: 600 MHz, done at 10 833 334 ns.
  @Test(arguments: [(Int64(5_833_333), Int64(16_666_666)), (5_833_334, 10_833_334)])
  func theGovernorAtTheDeadline(gpu: Int64, completion: Int64) {
    let result = Self.run(
      cpu: .milliseconds(5), gpu: Self.ns(gpu), duration: .milliseconds(100),
      length: .milliseconds(10), choice: .governor)
    #expect(result.workload("anim").latency?.max == Self.ns(completion))
    #expect(result.workload("anim").deadlineMisses == 0)
  }

  /// The deadline counts from when the GPU step starts: with 10 ms of CPU, 5 ms of GPU work at
  /// 300 MHz would end at 20 ms, after the deadline (16.67 ms), so it runs at 600 MHz (15 ms).
  @Test func theGovernorCountsFromTheStepStart() {
    let result = Self.run(
      cpu: .milliseconds(10), gpu: .milliseconds(5), duration: .milliseconds(100),
      length: .milliseconds(10), choice: .governor)
    #expect(result.workload("anim").latency?.max == .milliseconds(15))
    #expect(result.component("gpu").state("active").energy == joules(0.004))
  }

  /// Other GPU work runs at the highest point under the governor: 4 ms of work, not a frame,
  /// takes 4 ms at 800 mW, though 300 MHz would have no deadline to miss.
  @Test func otherGPUWorkRunsAtTheHighestPoint() {
    let draw = WorkloadSpec(
      name: "draw", timing: .once(at: .start), work: [WorkStepSpec(gpu: .milliseconds(4))])
    let result = Fixture.run(
      Fixture.setup(Fixture.device([Self.gpu(.governor)]), [draw], duration: .seconds(1)))
    #expect(result.workload("draw").latency?.max == .milliseconds(4))
    #expect(result.component("gpu").state("active").energy == joules(0.0032))
  }

  /// A frame whose GPU step cannot make its deadline at any point runs at the highest: 20 ms of
  /// CPU leaves the GPU step starting after the deadline; 5 ms at 600 MHz, done at 25 ms, late.
  @Test func aLateFrameRunsAtTheHighestPoint() {
    let result = Self.run(
      cpu: .milliseconds(20), gpu: .milliseconds(5), duration: .milliseconds(100),
      length: .milliseconds(10), choice: .governor)
    #expect(result.workload("anim").latency?.max == .milliseconds(25))
    #expect(result.workload("anim").deadlineMisses == 1)
    #expect(result.component("gpu").state("active").energy == joules(0.004))
  }
}
