import Foundation
import Quantities

/// The display at run time: the session on screen (or none) and the animations running.
struct DisplayRuntime {
  let spec: DisplaySpec
  let node: Int32
  /// Index of the display session on screen, -1 when off.
  var session: Int32 = -1
  /// Frames workloads running now, with their frame rates.
  var animations: [(workload: Int32, rate: Double)] = []
  /// Animations paused by their `when` states (Low Power Mode, say; see *OS policies*), in
  /// workload order: the panel does not refresh for them.
  var pausedAnimations: [Int32] = []

  /// The animations running and not paused.
  var shownAnimations: [(workload: Int32, rate: Double)] {
    pausedAnimations.isEmpty
      ? animations : animations.filter { !pausedAnimations.contains($0.workload) }
  }

  /// The index of the supported refresh rate the panel runs at: the lowest at or above the
  /// fastest animation, the highest if none is fast enough, or the idle rate with no animation.
  ///
  /// In Low Power Mode (`isCapped`, *Apps and push delivery*) the panel runs at most at
  /// ``LowPowerSpec/refreshCap``: the lowest supported rate at or above the rate asked for, or
  /// the cap if that is lower; when that rate is above the cap, the highest supported rate at or
  /// below the cap (the lowest rate when none is).
  func refreshIndex(isCapped: Bool = false) -> Int {
    let rates = spec.refreshRates.map(\.hertz)
    let asked: Double
    if let fastest = shownAnimations.map(\.rate).max() {
      asked = fastest
    } else {
      asked = spec.idleRefresh.hertz
      if !isCapped { return rates.firstIndex(of: asked) ?? 0 }
    }
    guard isCapped else { return rates.firstIndex { $0 >= asked } ?? rates.count - 1 }
    let cap = LowPowerSpec.refreshCap.hertz
    if let index = rates.firstIndex(where: { $0 >= min(asked, cap) }), rates[index] <= cap {
      return index
    }
    return rates.lastIndex { $0 <= cap } ?? 0
  }

  /// Power while showing `session` at refresh index `refresh` (see *The display*), and two parts of
  /// it: the emission, which is dynamic cost (*Results and accounting*: panel and refresh are
  /// fixed), and the refresh above the idle rate, which the animations that ask for it own.
  func power(session: DisplaySession, refresh: Int) -> (
    total: Int64, emission: Int64, extraRefresh: Int64
  ) {
    let hertz = spec.refreshRates[refresh].hertz
    let luminance = spec.luminance(session.level)
    let emission: Double
    switch spec.technology {
    case .oled:
      let apl: Double
      switch session.content {
      case .averagePixelLevel(let level): apl = level.value
      case .appearance(let appearance): apl = spec.appearanceAPL[appearance]?.value ?? 0
      }
      emission = Double(spec.fullWhitePower.nanowatts) * luminance * apl
    case .lcd:
      emission = Double(spec.backlightPower.nanowatts) * luminance
    }
    let perHertz = Double(spec.powerPerHertz.nanowatts)
    let fixed = Double(spec.panelPower.nanowatts) + perHertz * hertz
    let total = Saturating.nanowatts((fixed + emission).rounded())
    // Both parts rounded on their own, each kept within the total: the ledger's split must add up.
    let dynamic = min(total, Saturating.nanowatts(emission.rounded()))
    let extra = Saturating.nanowatts(max(0, perHertz * (hertz - spec.idleRefresh.hertz)).rounded())
    return (total, dynamic, min(extra, total - dynamic))
  }
}

extension DeviceSimulation {
  /// Tells the ledger what the display draws now: its emission is dynamic, its panel and refresh
  /// fixed (see *Results and accounting*); the refresh above the idle rate belongs to the fastest
  /// animations, the rest of its energy to nobody.
  func recordDisplay(at time: Int64? = nil) {
    guard let display else { return }
    let now = time ?? self.now
    let node = Int(display.node)
    let first = nodes[node].firstSlot
    guard display.session >= 0 else {
      ledger.update(
        node: node, at: now, power: display.spec.offPower.nanowatts, dynamicPower: 0, slot: first,
        owners: UnsafeBufferPointer(start: nil, count: 0))
      return
    }
    let refresh = display.refreshIndex(isCapped: lowPower.isOn)
    let (power, emission, extraRefresh) = display.power(
      session: setup.display[Int(display.session)], refresh: refresh)
    var owners: [Int32] = []
    if extraRefresh > 0, let fastest = display.shownAnimations.map(\.rate).max() {
      owners = display.shownAnimations.filter { $0.rate == fastest }.map(\.workload).sorted()
    }
    owners.withUnsafeBufferPointer {
      ledger.update(
        node: node, at: now, power: power, dynamicPower: emission,
        slot: first + 1 + Int32(refresh), owners: $0, ownedPower: $0.isEmpty ? 0 : extraRefresh)
    }
  }

  /// The display turned on or off: record it, and keep a parent (if it has one) busy for it.
  func displayTurned(on isOn: Bool) {
    guard let display else { return }
    let node = Int(display.node)
    let wasOn = nodes[node].phase == .active
    setPhase(node, to: isOn ? .active : .idle)
    recordDisplay()
    if !isOn && wasOn { displayLatencyLimitLifted() }
    if isOn && !wasOn { displayLatencyLimitApplied() }
    let parent = Int(nodes[node].parent)
    guard parent >= 0, wasOn != isOn else { return }
    if isOn {
      markBusy(node)
      if nodes[parent].phase == .idle { wake(parent, cause: -1) }
    } else {
      unmarkBusy(node)
    }
  }
}
