import DeviceModels
import Quantities
import Testing

/// The cost of moving data (see *Peripherals and recipes*): DRAM power per GB/s, a generic
/// component's memory traffic and pixels, and the network stack's CPU work per megabyte, against
/// figures computed by hand.
@Suite struct DataMovementTests {
  /// 40 mW per GB/s, the phone's figure.
  static let memory = MemorySpec(powerPerGigabytePerSecond: .milliwatts(40))

  // MARK: Memory power

  /// 1.5 GB/s at 40 mW per GB/s is 60 mW; 1 GB/s is the per-GB/s figure itself.
  @Test func memoryPowerIsLinearInBandwidth() {
    #expect(Self.memory.nanowatts(movingBytesPerSecond: 1_500_000_000) == 60_000_000)
    #expect(Self.memory.nanowatts(movingBytesPerSecond: 1_000_000_000) == 40_000_000)
    #expect(Self.memory.nanowatts(movingBytesPerSecond: 0) == 0)
  }

  /// The boundary of rounding down: 40 mW per GB/s is 0.04 nW per B/s, so 24 B/s is 0.96 nW (0)
  /// and 25 B/s exactly 1 nW.
  @Test func memoryPowerRoundsDownToWholeNanowatts() {
    #expect(Self.memory.nanowatts(movingBytesPerSecond: 24) == 0)
    #expect(Self.memory.nanowatts(movingBytesPerSecond: 25) == 1)
    #expect(Self.memory.nanowatts(movingBytesPerSecond: 49) == 1)
    #expect(Self.memory.nanowatts(movingBytesPerSecond: 50) == 2)
  }

  // MARK: Network stack

  /// 4.48 ms per MB: 1 MB is 4.48 ms; 64 KiB (65 536 B) is 293 601.28 ns, so 293 601 ns.
  @Test func stackWorkIsProportionalToBytes() {
    let stack = NetworkStackSpec(cpuPerMegabyte: .microseconds(4_480))
    #expect(stack.nanoseconds(forBytes: 1_000_000) == 4_480_000)
    #expect(stack.nanoseconds(forBytes: 65_536) == 293_601)
    #expect(stack.nanoseconds(forBytes: 1) == 4)
  }

  /// The boundary: at 999 999 ns per MB one byte is 0.999999 ns (0), two bytes 1.999998 ns (1).
  @Test func stackWorkRoundsDownToWholeNanoseconds() {
    let stack = NetworkStackSpec(cpuPerMegabyte: .nanoseconds(999_999))
    #expect(stack.nanoseconds(forBytes: 1) == 0)
    #expect(stack.nanoseconds(forBytes: 2) == 1)
    #expect(stack.nanoseconds(forBytes: 1_000_000) == 999_999)
  }

  // MARK: Generic components

  /// A camera: active 450 mW, off (0 W) at once; 2 nJ and 6 B of memory traffic per pixel.
  static func cameraDevice(memory: MemorySpec?) -> DeviceSpec {
    let camera = Fixture.generic(
      "camera", Fixture.twoStateLadder("active", .milliwatts(450), then: "off", .zero),
      parent: .none)
    let decoder = Fixture.generic(
      "video", Fixture.twoStateLadder("active", .milliwatts(100), then: "off", .zero),
      parent: .none)
    var device = Fixture.device([camera, decoder])
    device.memory = memory
    device.genericLoads = [
      "camera": GenericLoadSpec(
        pixelEnergy: Energy(attojoules: 2_000_000_000), pixelMemory: DataSize(bytes: 6)),
      "video": GenericLoadSpec(memoryBandwidth: DataRate(bytesPerSecond: 1_500_000_000)),
    ]
    return device
  }

  static func runOnce(_ device: DeviceSpec, _ step: WorkStepSpec) -> RunResult {
    let workload = WorkloadSpec(name: "work", timing: .once(at: .start), work: [step])
    return Fixture.run(Fixture.setup(device, [workload], duration: .seconds(2)))
  }

  /// One second of 3840x2160 at 30 fps is 248 832 000 pixels a second: 2 nJ each is
  /// 497.664 mW, and 6 B each is 1 492 992 000 B/s, 59.71968 mW at 40 mW per GB/s; with the
  /// active 450 mW, 1.00738368 J.
  @Test func cameraPowerGrowsWithPixelsAndTheirMemoryTraffic() {
    var step = WorkStepSpec(generic: [GenericStep(component: "camera", duration: .seconds(1))])
    step.resolution = Resolution(width: 3840, height: 2160)
    step.frameRate = Frequency(hertz: 30)
    let result = Self.runOnce(Self.cameraDevice(memory: Self.memory), step)
    #expect(result.component("camera").energy == Energy(attojoules: 1_007_383_680 * 1_000_000_000))
    // Without a memory model the pixels' energy stays, their traffic is free.
    let free = Self.runOnce(Self.cameraDevice(memory: nil), step)
    #expect(free.component("camera").energy == Energy(attojoules: 947_664_000 * 1_000_000_000))
  }

  /// Without a resolution and frame rate, a camera step draws its active power alone (it has no
  /// memory_bandwidth).
  @Test func aCameraStepWithoutPixelsDrawsItsActivePower() {
    let step = WorkStepSpec(generic: [GenericStep(component: "camera", duration: .seconds(1))])
    let result = Self.runOnce(Self.cameraDevice(memory: Self.memory), step)
    #expect(result.component("camera").energy == joules(0.45))
  }

  /// A decoder's memory_bandwidth, 1.5 GB/s, adds 60 mW while it is active: 10 ms at 160 mW.
  @Test func aDecodersMemoryTrafficAddsToItsActivePower() {
    let step = WorkStepSpec(
      generic: [GenericStep(component: "video", duration: .milliseconds(10))])
    let result = Self.runOnce(Self.cameraDevice(memory: Self.memory), step)
    #expect(result.component("video").energy == joules(0.0016))
    let free = Self.runOnce(Self.cameraDevice(memory: nil), step)
    #expect(free.component("video").energy == joules(0.001))
  }

  // MARK: The network stack in a run

  /// A one-core CPU at 2 GHz (the reference core) whose idle states cost no latency, and a
  /// 10 Mbit/s radio (PeripheralTests.radio): the stack's work follows a download and precedes
  /// an upload, at reference speed, so it adds exactly its time to the item's latency.
  static func networkDevice(stack: NetworkStackSpec?) -> DeviceSpec {
    let hold = Power.milliwatts(10)
    let core = Ladder(
      states: [
        LadderState(name: "active", power: hold, wakePower: hold),
        Fixture.state("wfi", .milliwatts(5), active: hold),
      ], idlePolicy: .predictive)
    let cluster = ClusterSpec(
      name: "big", cores: 1, ipc: 1, operatingPoints: CPUTests.points, coreLadder: core,
      clusterLadder: CPUTests.freeCluster)
    var device = Fixture.device([CPUTests.cpu([cluster]), PeripheralTests.radio()])
    device.networkStack = stack
    return device
  }

  static func transferLatency(_ step: WorkStepSpec, stack: NetworkStackSpec?) -> TimeSpan? {
    let workload = WorkloadSpec(name: "get", timing: .once(at: .start), work: [step])
    let result = Fixture.run(
      Fixture.setup(
        networkDevice(stack: stack), [workload], duration: .seconds(10),
        environment: Fixture.online(for: .seconds(10))))
    return result.workload("get").latency?.max
  }

  /// 1.25 MB at 4.48 ms per MB is 5.6 ms of CPU after the download, 625 000 B 2.8 ms before the
  /// upload.
  @Test func stackWorkAddsToTransfers() throws {
    let stack = NetworkStackSpec(cpuPerMegabyte: .microseconds(4_480))
    let download = WorkStepSpec(download: DataSize(bytes: 1_250_000))
    let plain = try #require(Self.transferLatency(download, stack: nil))
    #expect(Self.transferLatency(download, stack: stack) == plain + .microseconds(5_600))
    let upload = WorkStepSpec(upload: DataSize(bytes: 625_000))
    let plainUp = try #require(Self.transferLatency(upload, stack: nil))
    #expect(Self.transferLatency(upload, stack: stack) == plainUp + .microseconds(2_800))
  }

  /// Work that rounds to 0 ns adds no CPU step: one byte at 999 999 ns per MB changes nothing,
  /// two bytes add 1 ns.
  @Test func stackWorkOfZeroNanosecondsAddsNoStep() {
    let stack = NetworkStackSpec(cpuPerMegabyte: .nanoseconds(999_999))
    let one = WorkStepSpec(download: DataSize(bytes: 1))
    #expect(Self.transferLatency(one, stack: stack) == Self.transferLatency(one, stack: nil))
    let two = WorkStepSpec(download: DataSize(bytes: 2))
    let plain = Self.transferLatency(two, stack: nil)
    #expect(Self.transferLatency(two, stack: stack) == plain.map { $0 + .nanoseconds(1) })
  }
}
