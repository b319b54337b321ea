import Quantities

/// The device's heat at run time (see *Peripherals and recipes*): the lumped thermal model, the
/// thermal state, the power limits' running average, and the throttling levels the governor set.
/// Built from the device's ``ThermalSpec``; `isUsed` is false for a device without one.
///
/// Every quantity is an integer — temperatures in µ°C, powers in nW, times in ns — and every
/// step of the governor is integer arithmetic truncated toward zero, so a run is exact and a
/// temperature that stops moving stops exactly: with the power over each poll constant (or
/// repeating), the step `(target − T) · poll ÷ τ` truncates to 0 once T is within τ ÷ poll µ°C
/// of its target, and T then repeats from poll to poll (see *The fast-forward*).
///
/// ```
///            T ≥ fair            T ≥ serious          T ≥ critical
///   nominal ─────────▶ fair ──────────────▶ serious ──────────────▶ critical
///           ◀─────────      ◀──────────────         ◀──────────────
///            T < fair           T < serious           T < critical
/// ```
///
/// Throttling is a level: level `L` caps every CPU cluster and the GPU `L` operating points below
/// their highest (at their lowest at most), so each step down costs every domain one point. Two
/// levels are kept, and the higher applies: the thermal level rises one step per poll while the
/// state is `serious` or above and the temperature is not falling, and falls one step per poll
/// while the state is `nominal` and the temperature is not rising (the step-wise governor's rule,
/// with `fair` as its hysteresis band); the limit level rises one step per poll while the
/// package's power over the poll exceeds the short-term limit, or its running average and its
/// power over the poll both exceed the sustained limit, and falls one step per poll when even the
/// most the step up could add at full use keeps the power under the short-term limit and the
/// average, one poll on, under the sustained limit.
struct ThermalRuntime {
  /// Whether the device has a thermal model.
  let isUsed: Bool
  /// The poll interval, the time constant and the sustained limit's window, ns.
  let poll: Int64
  let timeConstant: Int64
  let window: Int64
  /// The thermal resistance, µ°C per W, and the ambient temperature, µ°C.
  let resistance: Int64
  let ambient: Int64
  /// The thresholds of `fair`, `serious` and `critical`, µ°C.
  let thresholds: [Int64]
  /// The sustained and short-term limits, nW (`Int64.max`: none).
  let sustainedLimit: Int64
  let shortTermLimit: Int64
  /// Whether the device has power limits at all.
  let hasLimits: Bool
  /// Per CPU cluster, its highest operating point's index; the GPU's (-1: no GPU).
  let cpuTop: [Int32]
  let gpuTop: Int32
  /// Per CPU cluster: its cores, and whether the limits count its power; the GPU's likewise.
  let cpuCores: [Int64]
  let cpuCountsForLimits: Bool
  let gpuCountsForLimits: Bool
  /// Per CPU cluster its operating points' powers per core, the GPU's, nW (for the limit level's
  /// most the step up could add).
  let cpuPowers: [[Int64]]
  let gpuPowers: [Int64]
  /// The deepest level: every domain at its lowest point.
  let deepestLevel: Int32

  /// The temperature at the last poll and at the one before, µ°C.
  var temperature: Int64
  var previousTemperature: Int64
  /// The highest temperature reached at a poll, µ°C.
  var peakTemperature: Int64
  /// The package's power averaged over the sustained limit's window, nW.
  var averagePower: Int64 = 0
  /// The state now.
  var state: ThermalState = .nominal
  /// The thermal and the limit throttling levels.
  var thermalLevel: Int32 = 0
  var limitLevel: Int32 = 0
  /// When the governor last polled, ns.
  var lastPoll: Int64 = 0
  /// The time spent in each state, and throttled, up to ``lastPoll``, ns.
  var timeInState: [Int128] = [0, 0, 0, 0]
  var throttledTime: Int128 = 0
  /// Whether the governor rests: at the last poll nothing would have moved at the powers drawn
  /// then (the temperature and the average at their fixed points, the levels still), so the
  /// polls that follow change nothing until the power changes (see
  /// ``DeviceSimulation/thermalPowerChanged()``); and the whole device's and the package's
  /// powers it rests at, nW.
  var isResting = false
  var restingPower: Int64 = 0
  var restingPackagePower: Int64 = 0
  /// The polls since the fast-forward's last boundary, while it watches a period: its own
  /// bookkeeping, which changes no result (see ``ThermalPoll``).
  var pollLog: [ThermalPoll] = []

  /// The thermal model of `setup`'s device in `setup`'s ambient temperature.
  init(setup: SimulationSetup) {
    var cpu: CPUSpec?
    var gpu: GPUSpec?
    var cpuName = ""
    var gpuName = ""
    for component in setup.device.components {
      switch component.model {
      case .cpu(let spec):
        cpu = spec
        cpuName = component.name
      case .gpu(let spec):
        gpu = spec
        gpuName = component.name
      default: break
      }
    }
    self.init(
      spec: setup.device.thermal, ambient: setup.environment.ambient, cpu: cpu, gpu: gpu,
      componentNames: [cpuName, gpuName])
  }

  private init(
    spec: ThermalSpec?, ambient: Temperature, cpu: CPUSpec?, gpu: GPUSpec?,
    componentNames: [String]
  ) {
    isUsed = spec != nil
    poll = spec?.poll.nanoseconds ?? ThermalSpec.defaultPoll.nanoseconds
    timeConstant = spec?.timeConstant.nanoseconds ?? 1
    resistance = spec?.resistance ?? 0
    self.ambient = ambient.microdegrees
    thresholds = [spec?.fair, spec?.serious, spec?.critical].map { $0?.microdegrees ?? .max }
    let limits = spec?.limits
    hasLimits = limits != nil
    window = limits?.window.nanoseconds ?? 1
    sustainedLimit = limits?.sustained.nanowatts ?? .max
    shortTermLimit = limits?.shortTerm?.nanowatts ?? .max
    let counted = Set(limits?.components ?? [])
    cpuCountsForLimits = !componentNames[0].isEmpty && counted.contains(componentNames[0])
    gpuCountsForLimits = !componentNames[1].isEmpty && counted.contains(componentNames[1])
    let clusters = cpu?.clusters ?? []
    cpuTop = clusters.map { Int32($0.operatingPoints.count - 1) }
    cpuCores = clusters.map { Int64($0.cores) }
    cpuPowers = clusters.map { $0.operatingPoints.map(\.power.nanowatts) }
    gpuPowers = gpu?.operatingPoints.map(\.power.nanowatts) ?? []
    gpuTop = Int32(gpuPowers.count - 1)
    deepestLevel = max(cpuTop.max() ?? 0, max(gpuTop, 0))
    temperature = ambient.microdegrees
    previousTemperature = ambient.microdegrees
    peakTemperature = ambient.microdegrees
  }

  /// The level that applies: the higher of the thermal and the limit level.
  var level: Int32 { max(thermalLevel, limitLevel) }

  /// Whether the governor caps any clock now.
  var isThrottled: Bool { level > 0 }

  /// The highest operating point cluster `cluster` may run at now.
  @inline(__always)
  func cpuCap(_ cluster: Int) -> Int32 { max(0, cpuTop[cluster] - level) }

  /// The highest operating point the GPU may run at now (-1: no GPU).
  var gpuCap: Int32 { gpuTop < 0 ? -1 : max(0, gpuTop - level) }

  /// Books `span` ns to the state and the throttling as they are.
  mutating func book(_ span: Int128) {
    timeInState[state.rawValue] += span
    if isThrottled { throttledTime += span }
  }

  /// The state at `temperature` µ°C.
  func state(at temperature: Int64) -> ThermalState {
    if temperature >= thresholds[2] { return .critical }
    if temperature >= thresholds[1] { return .serious }
    if temperature >= thresholds[0] { return .fair }
    return .nominal
  }

  /// The temperature one poll of `span` ns on, from `temperature` with the device drawing
  /// `power` nW: one forward-Euler step of C · dT/dt = P − (T − T_ambient) / R, truncated toward
  /// zero: T + (T_ambient + P · R − T) · span ÷ τ.
  func nextTemperature(from temperature: Int64, power: Int64, span: Int64) -> Int64 {
    let target = Int128(ambient) + Int128(power) * Int128(resistance) / 1_000_000_000
    let step = (target - Int128(temperature)) * Int128(span) / Int128(timeConstant)
    return Int64(clamping: Int128(temperature) + step)
  }

  /// The package's average one poll of `span` ns on, from `average`, with the package drawing
  /// `power` nW over the poll: an exponentially weighted average over the window, truncated
  /// toward zero.
  func nextAverage(from average: Int64, power: Int64, span: Int64) -> Int64 {
    let step = (Int128(power) - Int128(average)) * Int128(span) / Int128(window)
    return Int64(clamping: Int128(average) + step)
  }

  /// The most the package's power can rise when the limit level falls from `level` to
  /// `level − 1`, nW: every core of every cluster and the GPU busy at the raised caps, less at
  /// the present ones (only the domains the limits count).
  func mostAddedByRaising(from level: Int32) -> Int64 {
    var added: Int64 = 0
    if cpuCountsForLimits {
      for cluster in cpuTop.indices {
        let now = Int(max(0, cpuTop[cluster] - level))
        let raised = Int(max(0, cpuTop[cluster] - level + 1))
        added += cpuCores[cluster] * (cpuPowers[cluster][raised] - cpuPowers[cluster][now])
      }
    }
    if gpuCountsForLimits && gpuTop >= 0 {
      let now = Int(max(0, gpuTop - level))
      let raised = Int(max(0, gpuTop - level + 1))
      added += gpuPowers[raised] - gpuPowers[now]
    }
    return added
  }

  /// Whether a poll of `span` ns at constant powers `power` and `packagePower` nW would change
  /// nothing but the times: the temperature and the average at their fixed points (a truncated
  /// step of 0), the state and both levels as they are. Probed on what a poll moves alone: a
  /// probe of the whole runtime copied its tables, and booking the probe's times copied them
  /// again, at every poll of a settled device (a sixth of a month of the day-in-the-life).
  /// Mutating though it changes nothing: called on the simulation's runtime, it then works on
  /// it in place, where a call that only reads took a copy of it (and of its tables) first.
  mutating func isFixedPoint(span: Int64, power: Int64, packagePower: Int64) -> Bool {
    guard temperature == previousTemperature else { return false }
    let now = moving
    let next = moved(now, span: span, power: power, packagePower: packagePower)
    return next.continuous.temperature == now.continuous.temperature
      && next.continuous.averagePower == now.continuous.averagePower
      && next.outputs == now.outputs
  }

  /// One poll of the governor, `span` ns after the previous one, with the whole device drawing
  /// `power` nW and the package `packagePower` nW on average over the span: the time since the
  /// last poll is booked to the state and the throttling it had, then the temperature, the
  /// average, the state and the levels move (each level one step at most). Returns the state
  /// before the poll.
  mutating func poll(span: Int64, power: Int64, packagePower: Int64) -> ThermalState {
    book(Int128(span))
    let before = state
    moving = moved(moving, span: span, power: power, packagePower: packagePower)
    return before
  }

  /// What the rest of the device reads of the governor: the state (the OS's thermal events, the
  /// frame-rate cap, `when: thermal-nominal`) and the throttling levels (the caps).
  struct Outputs: Equatable {
    var state: ThermalState
    var thermalLevel: Int32
    var limitLevel: Int32
  }

  /// What the governor keeps that the rest of the device never reads: the temperatures, the peak
  /// and the power limits' average. They move on their own from poll to poll, and reach the rest
  /// of the device only through ``Outputs`` and the decision to rest.
  struct Continuous: Equatable {
    var temperature: Int64
    var previousTemperature: Int64
    var peakTemperature: Int64
    var averagePower: Int64
  }

  /// The outputs now.
  var outputs: Outputs {
    get { Outputs(state: state, thermalLevel: thermalLevel, limitLevel: limitLevel) }
    set {
      state = newValue.state
      thermalLevel = newValue.thermalLevel
      limitLevel = newValue.limitLevel
    }
  }

  /// The continuous quantities now.
  var continuous: Continuous {
    get {
      Continuous(
        temperature: temperature, previousTemperature: previousTemperature,
        peakTemperature: peakTemperature, averagePower: averagePower)
    }
    set {
      temperature = newValue.temperature
      previousTemperature = newValue.previousTemperature
      peakTemperature = newValue.peakTemperature
      averagePower = newValue.averagePower
    }
  }

  /// What a poll moves (none of the runtime's tables).
  struct Moving {
    var continuous: Continuous
    var outputs: Outputs
  }

  /// What a poll moves, now.
  var moving: Moving {
    get { Moving(continuous: continuous, outputs: outputs) }
    set {
      continuous = newValue.continuous
      outputs = newValue.outputs
    }
  }

  /// `current` one poll of `span` ns on, the device drawing `power` nW and the package
  /// `packagePower` nW on average over the span (see ``poll(span:power:packagePower:)``).
  func moved(_ current: Moving, span: Int64, power: Int64, packagePower: Int64) -> Moving {
    let was = current.continuous
    let level = current.outputs
    var next = current
    let temperature = nextTemperature(from: was.temperature, power: power, span: span)
    next.continuous.previousTemperature = was.temperature
    next.continuous.temperature = temperature
    next.continuous.peakTemperature = max(was.peakTemperature, temperature)
    next.outputs.state = state(at: temperature)
    if next.outputs.state >= .serious && temperature >= was.temperature {
      next.outputs.thermalLevel = min(level.thermalLevel + 1, deepestLevel)
    } else if next.outputs.state == .nominal && temperature <= was.temperature
      && level.thermalLevel > 0
    {
      next.outputs.thermalLevel = level.thermalLevel - 1
    }
    guard hasLimits else { return next }
    let average = nextAverage(from: was.averagePower, power: packagePower, span: span)
    next.continuous.averagePower = average
    let exceeded =
      packagePower > shortTermLimit || (average > sustainedLimit && packagePower > sustainedLimit)
    if exceeded {
      next.outputs.limitLevel = min(level.limitLevel + 1, deepestLevel)
    } else if level.limitLevel > 0 {
      let raised = packagePower + mostAddedByRaising(from: level.limitLevel)
      if raised <= shortTermLimit
        && nextAverage(from: average, power: raised, span: span) <= sustainedLimit
      {
        next.outputs.limitLevel = level.limitLevel - 1
      }
    }
    return next
  }
}
