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

  /// The index of the supported refresh rate the panel runs at: the lowest at or above the
  /// fastest animation, the highest if none is fast enough, or the idle rate with no animation.
  func refreshIndex() -> Int {
    let rates = spec.refreshRates.map(\.hertz)
    guard let fastest = animations.map(\.rate).max() else {
      return rates.firstIndex(of: spec.idleRefresh.hertz) ?? 0
    }
    return rates.firstIndex { $0 >= fastest } ?? rates.count - 1
  }

  /// Power while showing `session` at refresh index `refresh`, and its dynamic part (the
  /// refresh above the idle rate): SPEC 5.7.
  func power(session: DisplaySession, refresh: Int) -> (total: Int64, dynamic: Int64) {
    let hertz = spec.refreshRates[refresh].hertz
    let luminance = spec.brightnessCurve.luminance(session.brightness.value)
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
    let total =
      Double(spec.panelPower.nanowatts) + perHertz * hertz + emission
    let dynamic = max(0, perHertz * (hertz - spec.idleRefresh.hertz))
    return (Saturating.nanowatts(total.rounded()), Saturating.nanowatts(dynamic.rounded()))
  }
}

extension DeviceSimulation {
  /// Tells the ledger what the display draws now.
  func recordDisplay() {
    guard let display else { return }
    let node = Int(display.node)
    let first = nodes[node].firstSlot
    guard display.session >= 0 else {
      ledger.update(
        node: node, at: now, power: display.spec.offPower.nanowatts, dynamicPower: 0, slot: first,
        owner: -1)
      return
    }
    let refresh = display.refreshIndex()
    let (power, dynamic) = display.power(
      session: setup.display[Int(display.session)], refresh: refresh)
    var owners: [Int32] = []
    if dynamic > 0, let fastest = display.animations.map(\.rate).max() {
      owners = display.animations.filter { $0.rate == fastest }.map(\.workload).sorted()
    }
    owners.withUnsafeBufferPointer {
      ledger.update(
        node: node, at: now, power: power, dynamicPower: dynamic, slot: first + 1 + Int32(refresh),
        owners: $0)
    }
  }

  /// The display turned on or off: record it, and keep a parent (if it has one) busy for it.
  func displayTurned(on isOn: Bool) {
    guard let display else { return }
    let node = Int(display.node)
    let wasOn = nodes[node].phase == .active
    setPhase(node, to: isOn ? .active : .idle)
    recordDisplay()
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
