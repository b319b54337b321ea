import Quantities

/// Low Power Mode at run time (see *Apps and push delivery*): whether it is on, the limits it sets,
/// and the time spent in it.
///
/// ```
///          interval starts, or an unplugged battery falls to `below`
///   off ───────────────────────────────────────────────────────────▶ on
///    ▲                                                                │
///    └──────────── interval ends, or (for `below`) charging starts ◀──┘
/// ```
///
/// While on: a CPU part or GPU step that starts asks at most for ``cpuCap`` / ``gpuCap`` (the
/// highest operating point at or below the device's `max_frequency` fraction of the highest;
/// the lowest when none is); work already running keeps the point it started with, as the CPU
/// model keeps a part's requested point until it ends. The display refreshes at most at
/// ``LowPowerSpec/refreshCap`` (and an animation faster than that draws only the frames that
/// fall on a new refresh: the others count as dropped); timers scheduled while on get at least
/// ``timerLeeway`` of tolerance; repeating deferrable tasks wait (see ``BackgroundTaskRuntime``).
///
/// `below` is watched like the battery running out (see ``DeviceShutdown``): the ledger's charge
/// left is counted down to the level rather than to 0, so the every-event check finds the exact
/// nanosecond of the fall. Unplugging at or below the level switches it on at once.
struct LowPowerModeRuntime: Equatable {
  /// Whether the scenario has Low Power Mode at all.
  let isUsed: Bool
  /// The battery level that switches it on, as a fraction (`nil`: intervals or none).
  let belowLevel: Double?
  /// Per CPU cluster: the highest operating point allowed while on.
  let cpuCap: [Int32]
  /// The GPU's highest operating point allowed while on (-1: no GPU).
  let gpuCap: Int32
  /// The least tolerance of a timer while on, ns.
  let timerLeeway: Int64

  /// Whether it is on now.
  var isOn = false
  /// When it last switched on, ns.
  var onSince: Int64 = 0
  /// Time spent on before ``onSince``, ns.
  var timeOn: Int64 = 0
  /// Whether the device is shut down (see *Results and accounting*): the time off is not time in
  /// Low Power Mode.
  var isDeviceOff = false

  /// Low Power Mode of `setup`'s device and environment.
  init(setup: SimulationSetup) {
    let limits = setup.device.lowPower ?? .unlimited
    isUsed = setup.environment.lowPower != nil
    if case .below(let level) = setup.environment.lowPower {
      belowLevel = level.value
    } else {
      belowLevel = nil
    }
    var cpuCap: [Int32] = []
    var gpuCap: Int32 = -1
    for component in setup.device.components {
      switch component.model {
      case .cpu(let cpu):
        cpuCap = cpu.clusters.map {
          Int32(limits.highestAllowedIndex(of: $0.operatingPoints.map(\.frequency.hertz)))
        }
      case .gpu(let gpu):
        gpuCap = Int32(limits.highestAllowedIndex(of: gpu.operatingPoints.map(\.frequency.hertz)))
      default:
        break
      }
    }
    self.cpuCap = cpuCap
    self.gpuCap = gpuCap
    timerLeeway = limits.timerLeeway.nanoseconds
  }

  /// The time spent on up to `time`, ns.
  func timeOn(upTo time: Int64) -> Int64 {
    isOn && !isDeviceOff ? timeOn + (time - onSince) : timeOn
  }

  /// The device shut down at `time`, or started again (`isOff` false): time in Low Power Mode
  /// stops or resumes counting.
  mutating func deviceTurned(off isOff: Bool, at time: Int64) {
    guard isOff != isDeviceOff else { return }
    if isOn {
      if isOff { timeOn += time - onSince } else { onSince = time }
    }
    isDeviceOff = isOff
  }

  /// The frames an animation at `rate` draws while the refresh is capped at `cap` (both in Hz,
  /// `rate > cap`): frame `k` only when it is the first of a new refresh, ⌊k·cap/rate⌋ >
  /// ⌊(k − 1)·cap/rate⌋.
  static func drawsFrame(_ k: Int, rate: Double, cap: Double) -> Bool {
    guard k > 0 else { return true }
    let slot = (Double(k) * cap / rate).rounded(.down)
    let previous = (Double(k - 1) * cap / rate).rounded(.down)
    return slot > previous
  }
}
