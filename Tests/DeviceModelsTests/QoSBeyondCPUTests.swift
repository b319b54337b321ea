import DeviceModels
import Quantities
import Testing

/// QoS beyond the CPU and the main thread (see *OS policies*), on small devices whose accounts are
/// computed by hand.
@Suite struct QoSBeyondCPUTests {
  // MARK: Storage served by QoS between requests

  /// Flash with no command latency, reading and writing 104 857 600 B/s, so that a 1 MiB request
  /// (256 whole 4 KiB pages) takes exactly 10 ms; active 100 mW, idle at once at 0 W, no wake
  /// latency. Without a CPU the device has the published throttling window, 500 ms.
  static let flash: ComponentSpec = {
    let spec = StorageSpec(
      ladder: Fixture.twoStateLadder("active", .milliwatts(100), then: "idle", .zero),
      readBandwidth: DataRate(bytesPerSecond: 104_857_600),
      writeBandwidth: DataRate(bytesPerSecond: 104_857_600), readPower: .milliwatts(200),
      writePower: .milliwatts(300), commandLatency: .zero, pageSize: .kibibytes(4))
    return ComponentSpec(name: "flash", model: .storage(spec), parent: .none)
  }()

  static let mebibyte = DataSize(bytes: 1_048_576)

  /// An export of `requests` MiB in 1 MiB requests at `qos`, due at `at`.
  static func export(at: TimeSpan = .zero, requests: Int64 = 4, qos: QoSClass) -> WorkloadSpec {
    WorkloadSpec(
      name: "export", timing: .once(at: Fixture.at(at)),
      work: [
        WorkStepSpec(
          qos: qos, write: DataSize(bytes: requests * mebibyte.bytes), writeSize: mebibyte)
      ])
  }

  /// The user's read of 1 MiB (10 ms) at `at`, user-initiated.
  static func userRead(at: TimeSpan) -> WorkloadSpec {
    WorkloadSpec(
      name: "read", timing: .once(at: Fixture.at(at)),
      work: [WorkStepSpec(qos: .userInitiated, read: mebibyte)])
  }

  static func runFlash(_ workloads: [WorkloadSpec], duration: TimeSpan = .seconds(2)) -> RunResult {
    Fixture.run(Fixture.setup(Fixture.device([flash]), workloads, duration: duration))
  }

  /// A background export of four requests from 0 and a read due at 5 ms: the read waits for the
  /// export's first request only (0–10 ms) and runs 10–20 ms, latency 15 ms. The export then
  /// waits for the throttling window after the read, 500 ms, and runs its three other requests
  /// 520–550 ms: latency 550 ms.
  @Test func aReadWaitsForOneRequestOfABackgroundExport() {
    let result = Self.runFlash([Self.export(qos: .background), Self.userRead(at: .milliseconds(5))])
    #expect(result.workload("read").latency?.max == .milliseconds(15))
    #expect(result.workload("export").latency?.max == .milliseconds(550))
  }

  /// A utility export gives way between requests too, but is not throttled: the read runs
  /// 10–20 ms, the export's other requests 20–50 ms.
  @Test func aUtilityExportGivesWayButIsNotThrottled() {
    let result = Self.runFlash([Self.export(qos: .utility), Self.userRead(at: .milliseconds(5))])
    #expect(result.workload("read").latency?.max == .milliseconds(15))
    #expect(result.workload("export").latency?.max == .milliseconds(50))
  }

  /// A user-initiated export is of the read's class: first come, first served, the read waits for
  /// the whole export (0–40 ms) and runs 40–50 ms, latency 45 ms.
  @Test func aReadOfTheSameClassWaitsForTheWholeExport() {
    let result = Self.runFlash([
      Self.export(qos: .userInitiated), Self.userRead(at: .milliseconds(5)),
    ])
    #expect(result.workload("read").latency?.max == .milliseconds(45))
    #expect(result.workload("export").latency?.max == .milliseconds(40))
  }

  /// The window's boundary: a read at 0 ends at 10 ms, so the window ends at 510 ms. A one-request
  /// background write due exactly then starts at once (latency 10 ms); due 1 ns earlier it waits
  /// that 1 ns (latency 10 ms + 1 ns).
  @Test func aBackgroundRequestStartsExactlyWhenTheWindowEnds() {
    let atEnd = Self.runFlash([
      Self.export(at: .milliseconds(510), requests: 1, qos: .background), Self.userRead(at: .zero),
    ])
    #expect(atEnd.workload("export").latency?.max == .milliseconds(10))
    let before = Self.runFlash([
      Self.export(at: .nanoseconds(509_999_999), requests: 1, qos: .background),
      Self.userRead(at: .zero),
    ])
    #expect(before.workload("export").latency?.max == .nanoseconds(10_000_001))
  }

  /// The window is the CPU's `qos_policy` value: at 100 ms the export of the first test resumes
  /// at 120 ms (after the read's end at 20 ms) and ends at 150 ms. The CPU costs no time here: no
  /// dispatch, no wake latency, so each occurrence's leading CPU step takes none.
  @Test func theThrottlingWindowIsTheDevicesChoice() {
    var cpu = Self.instantCPU(cores: 1)
    guard case .cpu(var spec) = cpu.model else { preconditionFailure("a CPU") }
    spec.qosBeyondCPU = QoSBeyondCPU(ioThrottleWindow: .milliseconds(100))
    cpu.model = .cpu(spec)
    let result = Fixture.run(
      Fixture.setup(
        Fixture.device([cpu, Self.flash]),
        [Self.export(qos: .background), Self.userRead(at: .milliseconds(5))],
        duration: .seconds(1)))
    #expect(result.workload("read").latency?.max == .milliseconds(15))
    #expect(result.workload("export").latency?.max == .milliseconds(150))
  }

  // MARK: CPU time per QoS class

  /// `cores` cores at 2 GHz only (so every class runs at the reference speed), idle at once with
  /// no wake latency, no dispatch cost.
  static func instantCPU(cores: Int) -> ComponentSpec {
    let hold = Power.milliwatts(10)
    let ladder = Ladder(
      states: [
        LadderState(name: "active", power: hold, wakePower: hold),
        Fixture.state("idle", .zero, active: hold),
      ], idlePolicy: .predictive)
    let cluster = ClusterSpec(
      name: "big", cores: cores, ipc: 1,
      operatingPoints: [OperatingPoint(frequency: .gigahertz(2), power: .milliwatts(400))],
      coreLadder: ladder, clusterLadder: CPUTests.freeCluster)
    return CPUTests.cpu([cluster])
  }

  /// 10 ms of utility work on two threads at a parallel efficiency of 50% is two parts of 10 ms:
  /// 20 ms of core time; a default step of 5 ms then a
  /// background step of 3 ms count by their own classes (the background class has a row though no
  /// workload's first class is background); work still running at the end counts up to it (a
  /// 20 ms user-interactive job due 10 ms before the end: 10 ms).
  @Test func cpuTimeIsCountedByTheStepsClass() {
    let parallel = CPUTests.job(
      "parallel", at: .zero, cpu: .milliseconds(10), qos: .utility, threads: 2,
      efficiency: 0.5)
    let mixed = WorkloadSpec(
      name: "mixed", timing: .once(at: Fixture.at(.milliseconds(100))),
      work: [
        WorkStepSpec(cpu: .milliseconds(5), qos: .default),
        WorkStepSpec(cpu: .milliseconds(3), qos: .background),
      ])
    let late = CPUTests.job(
      "late", at: .milliseconds(990), cpu: .milliseconds(20), qos: .userInteractive)
    let result = CPUTests.run(
      Self.instantCPU(cores: 2), [parallel, mixed, late], duration: .seconds(1))
    let times = Dictionary(uniqueKeysWithValues: result.qosClasses.map { ($0.qos, $0.cpuTime) })
    #expect(times[.utility] == .milliseconds(20))
    #expect(times[.default] == .milliseconds(5))
    #expect(times[.background] == .milliseconds(3))
    #expect(times[.userInteractive] == .milliseconds(10))
    #expect(result.qosClasses.first { $0.qos == .background }?.workloads == 0)
  }

  // MARK: The main thread

  /// A generic part of no cost and no latency, to hold the main thread for exact times.
  static let part = Fixture.generic(
    "part", Fixture.twoStateLadder("on", .milliwatts(10), then: "off", .zero))

  /// Work on the main thread at 0 that keeps `part` busy for `duration`.
  static func blocking(for duration: TimeSpan, at: TimeSpan = .zero) -> WorkloadSpec {
    var spec = WorkloadSpec(
      name: "block", timing: .once(at: Fixture.at(at)), work: Fixture.uses("part", for: duration))
    spec.onMainThread = true
    return spec
  }

  /// A hang is a busy stretch over 250 ms: exactly 250 ms is none, 250 ms + 1 ns is one.
  @Test func aHangIsABusyStretchOverTheThreshold() {
    func hangs(_ duration: TimeSpan) -> Int {
      let result = Fixture.run(
        Fixture.setup(
          Fixture.device([Self.part]), [Self.blocking(for: duration)], duration: .seconds(1)))
      return result.apps[0].hangs
    }
    #expect(hangs(.milliseconds(250)) == 0)
    #expect(hangs(.nanoseconds(250_000_001)) == 1)
  }

  /// Two 150 ms blocks due together hold the thread one after the other without a break: one
  /// stretch of 300 ms, one hang; the second waits 150 ms (latency 300 ms).
  @Test func handingTheThreadOnIsNoBreak() {
    var second = Self.blocking(for: .milliseconds(150))
    second.name = "block 2"
    let result = Fixture.run(
      Fixture.setup(
        Fixture.device([Self.part]), [Self.blocking(for: .milliseconds(150)), second],
        duration: .seconds(1)))
    #expect(result.apps[0].hangs == 1)
    #expect(result.workload("block 2").latency?.max == .milliseconds(300))
  }

  /// Frames at 60 fps for 1 s (4 ms of CPU, then 4 ms of GPU, on the pipeline device of
  /// ``FramePipelineTests``) beside a 300 ms block on the main thread due at 20 ms. Frame 1 holds
  /// the thread 16 666 666–20 666 666 ns; the block waits for it and holds the thread until
  /// 320 666 666 ns; frame 2, due at 33 333 333 ns, waits, and frames 3 to 19 are dropped (their
  /// previous frame still in its CPU stage). Frame 2 runs its CPU step until 324 666 666 ns and
  /// its GPU step until 328 666 666 ns: one hitch, late by 278 666 666 ns past its deadline (frame
  /// 3's due time, 50 000 000 ns). The thread was held without a break from 16 666 666 to
  /// 324 666 666 ns, 308 ms: one hang. The animation's frames cover [0, 1 s]: 1 s of animation,
  /// a hitch-time ratio of 278.666666 ms per s.
  @Test func aBlockOnTheMainThreadMakesAHitchAndAHang() {
    let animation = WorkloadSpec(
      name: "anim",
      timing: .frames(rate: Frequency(hertz: 60), start: .start, duration: .seconds(1)),
      work: [WorkStepSpec(cpu: .milliseconds(4), gpu: .milliseconds(4))])
    let setup = Fixture.setup(
      Fixture.device([FramePipelineTests.cpu, FramePipelineTests.gpu(.max), Self.part]),
      [animation, Self.blocking(for: .milliseconds(300), at: .milliseconds(20))],
      duration: .seconds(1))
    let result = Fixture.run(setup)
    let app = result.apps[0]
    #expect(app.hitches == 1)
    #expect(app.hitchTime == .nanoseconds(278_666_666))
    #expect(app.hangs == 1)
    #expect(app.animationTime == .seconds(1))
    #expect(app.hitchTimeRatio == 278.666666)
    #expect(result.workload("anim").droppedFrames == 17)
    #expect(result.workload("block").latency?.max == .nanoseconds(300_666_666))
    #expect(app.usesMainThread)
  }

  /// The same block off the main thread: no frame waits, no hitch, no hang, none dropped.
  @Test func offTheMainThreadNoFrameWaits() {
    let animation = WorkloadSpec(
      name: "anim",
      timing: .frames(rate: Frequency(hertz: 60), start: .start, duration: .seconds(1)),
      work: [WorkStepSpec(cpu: .milliseconds(4), gpu: .milliseconds(4))])
    var block = Self.blocking(for: .milliseconds(300), at: .milliseconds(20))
    block.onMainThread = false
    let result = Fixture.run(
      Fixture.setup(
        Fixture.device([FramePipelineTests.cpu, FramePipelineTests.gpu(.max), Self.part]),
        [animation, block], duration: .seconds(1)))
    #expect(result.apps[0].hitches == 0)
    #expect(result.apps[0].hangs == 0)
    #expect(result.workload("anim").droppedFrames == 0)
    #expect(!result.apps[0].usesMainThread)
  }
}
