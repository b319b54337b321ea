import DeviceModels
import Quantities
import Testing

/// Storage, radio and GPU models (see *Flash storage*, *Radios* and *The GPU*) against accounts
/// computed by hand.
@Suite struct PeripheralTests {
  static func ladder(_ states: [LadderState]) -> Ladder {
    Ladder(states: states, idlePolicy: .timeout)
  }

  // MARK: Storage

  /// Active 100 mW; idle 10 mW at once; hibernate 1 mW after 150 ms, waking in 2 ms.
  /// Read 100 MB/s at 200 mW, write 50 MB/s at 300 mW, 1 ms per command, 4 KiB pages.
  static let storage: ComponentSpec = {
    let active = Power.milliwatts(100)
    let spec = StorageSpec(
      ladder: ladder([
        LadderState(name: "active", power: active, wakePower: active),
        Fixture.state("idle", .milliwatts(10), active: active),
        Fixture.state(
          "hibernate", .milliwatts(1), after: .milliseconds(150), wake: .milliseconds(2),
          active: active),
      ]),
      readBandwidth: DataRate(bytesPerSecond: 100_000_000),
      writeBandwidth: DataRate(bytesPerSecond: 50_000_000), readPower: .milliwatts(200),
      writePower: .milliwatts(300), commandLatency: .milliseconds(1), pageSize: .kibibytes(4))
    return ComponentSpec(name: "flash", model: .storage(spec), parent: .none)
  }()

  static func runStorage(_ step: WorkStepSpec) -> RunResult {
    let workload = WorkloadSpec(name: "io", timing: .once(at: .start), work: [step])
    return Fixture.run(
      Fixture.setup(Fixture.device([storage]), [workload], duration: .seconds(1)))
  }

  /// 10 000 B occupy three 4 KiB pages (12 288 B): 245.76 µs at 50 MB/s after the 1 ms command,
  /// after a 2 ms wake from hibernation.
  @Test func writesOccupyWholePages() {
    let result = Self.runStorage(WorkStepSpec(write: DataSize(bytes: 10_000)))
    #expect(result.workload("io").latency?.max == .nanoseconds(3_245_760))
    let flash = result.component("flash")
    // Dynamic above the 1 mW floor: command 1 ms × 99 mW + transfer 245.76 µs × 299 mW.
    #expect(flash.dynamic == Energy(attojoules: 99_000_000 * 1_000_000 + 299_000_000 * 245_760))
  }

  /// With `write_size` 1000 B the same 10 000 B are 10 requests, each a command and a whole page:
  /// 10 × (1 ms + 81.92 µs), many small writes costing more than one large one.
  @Test func smallWritesCostMoreThanOneLargeWrite() {
    let split = Self.runStorage(
      WorkStepSpec(write: DataSize(bytes: 10_000), writeSize: DataSize(bytes: 1_000)))
    #expect(split.workload("io").latency?.max == .nanoseconds(2_000_000 + 10_819_200))
    // 10 × (1 ms × 100 mW + 81.92 µs × 300 mW) = 1.24576 mJ serving; no hold (idle at once).
    #expect(split.component("flash").state("active").energy == joules(0.00124576))
    let whole = Self.runStorage(WorkStepSpec(write: DataSize(bytes: 10_000)))
    #expect(split.component("flash").energy > whole.component("flash").energy)
  }

  /// Reads: 1 MB at 100 MB/s is 10 ms at 200 mW, after the command; a write of the same bytes
  /// costs more energy per byte.
  @Test func readsAndWritesCostTheirPower() {
    let read = Self.runStorage(WorkStepSpec(read: .megabytes(1)))
    #expect(read.workload("io").latency?.max == .milliseconds(13))
    let write = Self.runStorage(WorkStepSpec(write: .megabytes(1)))
    // 1 MB is 245 pages rounded up (1 003 520 B): 20.0704 ms at 50 MB/s.
    #expect(write.workload("io").latency?.max == .nanoseconds(23_070_400))
    #expect(write.component("flash").dynamic > read.component("flash").dynamic)
  }

  /// After work the flash idles at 10 mW, then hibernates 150 ms after finishing.
  @Test func flashHibernatesAfterItsTimer() {
    let result = Self.runStorage(WorkStepSpec(read: DataSize(bytes: 100_000)))
    // Wake 0–2 ms, command 2–3 ms, read 3–4 ms, idle 4–154 ms, hibernate from 154 ms.
    let flash = result.component("flash")
    #expect(flash.state("idle").residency == .milliseconds(150))
    #expect(flash.state("hibernate").residency == .milliseconds(846))
  }

  // MARK: Radio

  /// Active (connected) 1 W; tail 500 mW after 100 ms; idle 10 mW after 5 s, promotion 200 ms
  /// at 1.2 W. 10/5 Mbit/s, 50 ms round trip, power 1 W + 50 mW per Mbit/s down, 400 up.
  static func radio(downlink: Double = 10) -> ComponentSpec {
    let active = Power.watts(1)
    let spec = RadioSpec(
      ladder: ladder([
        LadderState(name: "connected", power: active, wakePower: active),
        Fixture.state("tail", .milliwatts(500), after: .milliseconds(100), active: active),
        Fixture.state(
          "idle", .milliwatts(10), after: .seconds(5), wake: .milliseconds(200),
          wakePower: .watts(1.2), active: active),
      ]),
      technology: .cellular, downlink: .megabitsPerSecond(downlink),
      uplink: .megabitsPerSecond(5), roundTripTime: .milliseconds(50),
      transferPower: .throughput(
        base: .watts(1), perMbitDown: .milliwatts(50), perMbitUp: .milliwatts(400)))
    return ComponentSpec(name: "lte", model: .radio(spec), parent: .none)
  }

  static func runRadio(_ workloads: [WorkloadSpec], radio: ComponentSpec = radio())
    -> RunResult
  {
    let environment = Fixture.online(for: .seconds(10))
    return Fixture.run(
      Fixture.setup(
        Fixture.device([radio]), workloads, duration: .seconds(10), environment: environment))
  }

  /// A 1.25 MB download: promotion 0–0.2 s, round trip to 0.25 s at 1 W, 1 s of data at
  /// 1 W + 10 × 50 mW, a 100 ms hold, the tail to 6.25 s, then idle.
  @Test func transferPromotionAndTail() {
    let result = Self.runRadio([
      WorkloadSpec(
        name: "get", timing: .once(at: .start),
        work: [WorkStepSpec(download: DataSize(bytes: 1_250_000))])
    ])
    #expect(result.workload("get").latency?.max == .milliseconds(1_250))
    let lte = result.component("lte")
    // 0.24 + 0.05 + 1.5 + 0.1 + 2.45 + 0.0375 J.
    #expect(lte.energy == joules(4.3775))
    #expect(lte.floor == joules(0.1))
    #expect(lte.dynamic == joules(1.5395))
    #expect(lte.fixed == joules(2.738))
    #expect(lte.wakeups == 1)
    #expect(lte.state("tail").residency == .milliseconds(4_900))
  }

  /// An upload pays the uplink's higher per-Mbit power: 625 000 B at 5 Mbit/s is 1 s at
  /// 1 W + 5 × 400 mW.
  @Test func uploadsUseTheUplinkTerms() {
    let result = Self.runRadio([
      WorkloadSpec(
        name: "put", timing: .once(at: .start),
        work: [WorkStepSpec(upload: DataSize(bytes: 625_000))])
    ])
    #expect(result.workload("put").latency?.max == .milliseconds(1_250))
    #expect(result.component("lte").state("connected").energy == joules(0.05 + 3 + 0.1))
  }

  /// The same download over a slower link stays active longer and costs more.
  @Test func slowLinksCostMore() {
    let work: WorkSpec = [WorkStepSpec(download: .megabytes(1))]
    let fast = Self.runRadio([WorkloadSpec(name: "get", timing: .once(at: .start), work: work)])
    let slow = Self.runRadio(
      [WorkloadSpec(name: "get", timing: .once(at: .start), work: work)],
      radio: Self.radio(downlink: 2))
    #expect(slow.component("lte").energy > fast.component("lte").energy)
  }

  /// Two transfers 2 s apart share one promotion: the second finds the radio in its tail.
  @Test func transfersShareATail() {
    let result = Self.runRadio([
      WorkloadSpec(
        name: "get", timing: .times([.start, Fixture.at(.seconds(2))]),
        work: [WorkStepSpec(download: DataSize(bytes: 125_000))])
    ])
    #expect(result.component("lte").wakeups == 1)
    // 50 ms + 100 ms from the tail (no promotion) for the second.
    #expect(result.workload("get").latency?.p50 == .milliseconds(150))
  }

  // MARK: GPU

  /// OPPs 300 MHz at 200 mW and 600 MHz at 800 mW; work is time at 600 MHz.
  static func gpu(_ choice: FrequencyChoice) -> ComponentSpec {
    let hold = Power.milliwatts(100)
    let spec = GPUSpec(
      ladder: ladder([
        LadderState(name: "active", power: hold, wakePower: hold),
        Fixture.state("clock-gated", .milliwatts(20), after: .milliseconds(1), active: hold),
        Fixture.state(
          "power-gated", .zero, after: .milliseconds(50), wake: .milliseconds(1), active: hold),
      ]),
      operatingPoints: [
        OperatingPoint(frequency: .megahertz(300), power: .milliwatts(200)),
        OperatingPoint(frequency: .megahertz(600), power: .milliwatts(800)),
      ], frequency: choice)
    return ComponentSpec(name: "gpu", model: .gpu(spec), parent: .none)
  }

  @Test(arguments: [
    (FrequencyChoice.max, Int64(4), 0.0032), (.min, 8, 0.0016), (.efficient, 8, 0.0016),
  ])
  func gpuRunsAtItsOperatingPoint(
    choice: FrequencyChoice, milliseconds: Int64, joulesServed: Double
  ) {
    let workload = WorkloadSpec(
      name: "draw", timing: .once(at: .start), work: [WorkStepSpec(gpu: .milliseconds(4))])
    let result = Fixture.run(
      Fixture.setup(Fixture.device([Self.gpu(choice)]), [workload], duration: .seconds(1)))
    // Power-gated wake 1 ms, then the work.
    #expect(result.workload("draw").latency?.max == .milliseconds(1 + milliseconds))
    let gpu = result.component("gpu")
    // Serving energy + the 1 ms wake and 1 ms hold at 100 mW.
    #expect(gpu.state("active").energy == joules(joulesServed + 0.0001))
    #expect(gpu.state("clock-gated").residency == .milliseconds(49))
    #expect(gpu.state("clock-gated").energy == joules(0.00098))
  }
}
