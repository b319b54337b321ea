import DeviceModels
import Quantities
import ScenarioFiles
import Testing

private func mW(_ value: Int64) -> Power { Power(nanowatts: value * 1_000_000) }
private func ms(_ value: Int64) -> TimeSpan { .milliseconds(value) }
private func us(_ value: Int64) -> TimeSpan { .microseconds(value) }

/// Components of every type, decoded from an inline device and compared with specs written out
/// by hand from the JSON.
@Suite struct DeviceDecoderTests {
  static let everyType = """
    {
      "name": "every-type",
      "description": "One component of each type.",
      "battery": { "capacity": "10 Wh", "charge_power": "10 W" },
      "components": {
        "platform": { "type": "platform", "states": [
          { "name": "on", "power": "50 mW" },
          { "name": "sleep", "power": "5 mW", "after": "10 ms", "wake_latency": "1 ms" } ] },
        "cpu": { "type": "cpu", "clusters": [
          { "name": "little", "cores": 2,
            "opps": [ { "freq": "500 MHz", "power": "50 mW" }, { "freq": "1.5 GHz", "power": "200 mW" } ],
            "core_states": [ { "name": "active", "power": "5 mW" },
              { "name": "off", "power": "1 mW", "wake_latency": "100 us", "min_residency": "1 ms" } ],
            "states": [ { "name": "on", "power": "20 mW" },
              { "name": "off", "power": "2 mW", "wake_latency": "1 ms", "min_residency": "5 ms" } ] },
          { "name": "big", "cores": 1, "ipc": 2, "opps": [ { "freq": "2 GHz", "power": "1 W" } ],
            "core_states": [ { "name": "active", "power": "5 mW" }, { "name": "off", "power": "1 mW" } ],
            "states": [ { "name": "on", "power": "20 mW" }, { "name": "off", "power": "2 mW" } ] } ],
          "dispatch_cost": "20 us",
          "qos_policy": { "background": { "clusters": ["little"], "frequency": "min" } } },
        "storage": { "type": "storage",
          "states": [ { "name": "active", "power": "100 mW" },
            { "name": "idle", "power": "1 mW", "after": "5 ms", "wake_latency": "1 ms" } ],
          "read_bandwidth": "400 MB/s", "write_bandwidth": "200 MB/s", "read_power": "150 mW",
          "write_power": "300 mW", "command_latency": "100 us" },
        "wifi": { "type": "radio",
          "states": [ { "name": "active", "power": "200 mW" }, { "name": "idle", "power": "5 mW", "after": "200 ms" } ],
          "downlink": "50 Mbit/s", "uplink": "20 Mbps", "rtt": "30 ms", "transfer_power": "300 mW" },
        "lte": { "type": "radio", "technology": "cellular",
          "states": [ { "name": "connected", "power": "1 W" },
            { "name": "idle", "power": "10 mW", "after": "10 s", "wake_latency": "260 ms" } ],
          "downlink": "10 Mbit/s", "uplink": "5 Mbit/s",
          "transfer_power": { "base": "1 W", "per_mbit_down": "50 mW", "per_mbit_up": "400 mW" } },
        "gpu": { "type": "gpu",
          "states": [ { "name": "active", "power": "100 mW" }, { "name": "gated", "power": "10 mW", "after": "5 ms" },
            { "name": "off", "power": "0 W", "after": "50 ms", "wake_latency": "1 ms" } ],
          "opps": [ { "freq": "300 MHz", "power": "200 mW" }, { "freq": "600 MHz", "power": "500 mW" } ] },
        "display": { "type": "display", "technology": "oled", "refresh_rates": ["10 Hz", "60 Hz", "120 Hz"],
          "idle_refresh": "10 Hz", "panel_power": "100 mW", "per_hz": "1 mW", "full_white_power": "1.5 W",
          "appearance_apl": { "light": "80%", "dark": "20%" }, "off_power": "1 mW" },
        "lcd": { "type": "generic", "parent": "none", "x-note": "a generic component named like a display",
          "states": [ { "name": "on", "power": "1 mW" }, { "name": "off", "power": "0 W", "after": "1 s" } ] }
      }
    }
    """

  static func device() throws -> DeviceSpec {
    try decodeScenario(#"{ "device": \#(everyType), "duration": "1 s" }"#).setup.device
  }

  static func component(_ name: String) throws -> ComponentSpec {
    try #require(try device().components.first { $0.name == name })
  }

  @Test func deviceAndBattery() throws {
    let device = try Self.device()
    #expect(device.name == "every-type")
    #expect(
      device.components.map(\.name) == [
        "platform", "cpu", "storage", "wifi", "lte", "gpu", "display", "lcd",
      ])
    // 10 Wh = 36 000 J.
    #expect(device.battery == BatterySpec(capacity: .joules(36_000), chargePower: .watts(10)))
  }

  @Test func platformAndGeneric() throws {
    let platform = try Self.component("platform")
    #expect(
      platform.model
        == .platform(
          Ladder(
            states: [
              LadderState(name: "on", power: mW(50), wakePower: mW(50)),
              LadderState(
                name: "sleep", power: mW(5), after: ms(10), wakeLatency: ms(1), wakePower: mW(50)),
            ], idlePolicy: .timeout)))
    let generic = try Self.component("lcd")
    #expect(generic.parent == .none)
    #expect(
      generic.model
        == .generic(
          Ladder(
            states: [
              LadderState(name: "on", power: mW(1), wakePower: mW(1)),
              LadderState(name: "off", power: .zero, after: .seconds(1), wakePower: mW(1)),
            ], idlePolicy: .timeout)))
  }

  /// Clusters, their ladders (predictive by default), operating points, the dispatch cost, and
  /// the QoS policy: defaults for every class but the one overridden.
  @Test func cpu() throws {
    let cpu = try Self.component("cpu")
    #expect(cpu.parent == .platform)
    guard case .cpu(let spec) = cpu.model else {
      Issue.record("not a CPU: \(cpu.model)")
      return
    }
    let little = ClusterSpec(
      name: "little", cores: 2, ipc: 1,
      operatingPoints: [
        OperatingPoint(frequency: .megahertz(500), power: mW(50)),
        OperatingPoint(frequency: .gigahertz(1.5), power: mW(200)),
      ],
      coreLadder: Ladder(
        states: [
          LadderState(name: "active", power: mW(5), wakePower: mW(5)),
          LadderState(
            name: "off", power: mW(1), wakeLatency: us(100), wakePower: mW(5),
            minimumResidency: ms(1)),
        ], idlePolicy: .predictive),
      clusterLadder: Ladder(
        states: [
          LadderState(name: "on", power: mW(20), wakePower: mW(20)),
          LadderState(
            name: "off", power: mW(2), wakeLatency: ms(1), wakePower: mW(20),
            minimumResidency: ms(5)),
        ], idlePolicy: .predictive))
    #expect(spec.clusters.first == little)
    #expect(spec.clusters.map(\.name) == ["little", "big"])
    #expect(spec.clusters.last?.ipc == 2)
    #expect(spec.clusters.last?.cores == 1)
    #expect(spec.dispatchCost == us(20))
    #expect(spec.qosPolicy[.background] == QoSRule(clusters: ["little"], frequency: .min))
    #expect(
      spec.qosPolicy[.userInteractive] == QoSRule(clusters: ["little", "big"], frequency: .max))
    #expect(spec.qosPolicy[.default] == QoSRule(clusters: ["little", "big"], frequency: .max))
    #expect(
      spec.qosPolicy[.utility] == QoSRule(clusters: ["big", "little"], frequency: .efficient))
  }

  @Test func storage() throws {
    #expect(
      try Self.component("storage").model
        == .storage(
          StorageSpec(
            ladder: Ladder(
              states: [
                LadderState(name: "active", power: mW(100), wakePower: mW(100)),
                LadderState(
                  name: "idle", power: mW(1), after: ms(5), wakeLatency: ms(1), wakePower: mW(100)),
              ], idlePolicy: .timeout),
            readBandwidth: DataRate(bytesPerSecond: 4e8),
            writeBandwidth: DataRate(bytesPerSecond: 2e8), readPower: mW(150),
            writePower: mW(300), commandLatency: us(100), pageSize: .kibibytes(4))))
  }

  /// The technology comes from the name (`wifi`) or is given; transfer power is constant or
  /// throughput-dependent. 50 Mbit/s = 6.25 MB/s; 20 Mbps = 2.5 MB/s.
  @Test func radios() throws {
    let wifiLadder = Ladder(
      states: [
        LadderState(name: "active", power: mW(200), wakePower: mW(200)),
        LadderState(name: "idle", power: mW(5), after: ms(200), wakePower: mW(200)),
      ], idlePolicy: .timeout)
    #expect(
      try Self.component("wifi").model
        == .radio(
          RadioSpec(
            ladder: wifiLadder, technology: .wifi,
            downlink: DataRate(bytesPerSecond: 6_250_000),
            uplink: DataRate(bytesPerSecond: 2_500_000), roundTripTime: ms(30),
            transferPower: .constant(mW(300)))))
    guard case .radio(let lte) = try Self.component("lte").model else {
      Issue.record("lte is not a radio")
      return
    }
    #expect(lte.technology == .cellular)
    #expect(lte.roundTripTime == .zero)
    #expect(lte.downlink == DataRate(bytesPerSecond: 1_250_000))
    #expect(
      lte.transferPower == .throughput(base: .watts(1), perMbitDown: mW(50), perMbitUp: mW(400)))
    #expect(lte.ladder.states[1].wakeLatency == ms(260))
  }

  @Test func gpu() throws {
    #expect(
      try Self.component("gpu").model
        == .gpu(
          GPUSpec(
            ladder: Ladder(
              states: [
                LadderState(name: "active", power: mW(100), wakePower: mW(100)),
                LadderState(name: "gated", power: mW(10), after: ms(5), wakePower: mW(100)),
                LadderState(
                  name: "off", power: .zero, after: ms(50), wakeLatency: ms(1), wakePower: mW(100)),
              ], idlePolicy: .timeout),
            operatingPoints: [
              OperatingPoint(frequency: .megahertz(300), power: mW(200)),
              OperatingPoint(frequency: .megahertz(600), power: mW(500)),
            ], frequency: .max)))
  }

  /// The display hangs from the platform by default (see *The platform*); its brightness curve
  /// defaults to gamma 2.2.
  @Test func display() throws {
    let display = try Self.component("display")
    #expect(display.parent == .platform)
    #expect(
      display.model
        == .display(
          DisplaySpec(
            technology: .oled,
            refreshRates: [Frequency(hertz: 10), Frequency(hertz: 60), Frequency(hertz: 120)],
            idleRefresh: Frequency(hertz: 10), panelPower: mW(100), powerPerHertz: mW(1),
            fullWhitePower: .watts(1.5), backlightPower: .zero, brightnessGamma: 2.2,
            appearanceAPL: [.light: Fraction(0.8), .dark: Fraction(0.2)], offPower: mW(1))))
  }

  /// Built-in devices decode, and every one has a platform.
  @Test(arguments: BuiltInDevices.names)
  func builtInDevicesDecode(name: String) throws {
    let device = try decodeScenario(#"{ "device": "\#(name)", "duration": "1 s" }"#).setup.device
    #expect(device.name == name)
    #expect(device.components.contains { $0.model.typeName == "platform" })
  }

  /// devboard's battery: 2300 mAh × 3.8 V = 8740 mWh = 31 464 J; the voltage is kept as the
  /// nominal voltage reports give mAh at.
  @Test func capacityFromMilliampHours() throws {
    let device = try decodeScenario(#"{ "device": "devboard", "duration": "1 s" }"#).setup.device
    #expect(
      device.battery
        == BatterySpec(
          capacity: .joules(31_464), chargePower: .watts(5), nominalVoltage: Voltage(volts: 3.8)))
  }
}
