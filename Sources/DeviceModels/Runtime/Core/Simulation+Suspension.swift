/// The device suspended (see *The platform*): while the platform is in its deepest state, its power
/// is the whole suspended device's, so parts whose idle draw that floor already counts (CPU cores
/// and clusters power-collapsed, a power-gated GPU, hibernating flash) draw only their
/// `suspended_power` (usually zero) on top of it. While the platform is awake — the screen on, work
/// running — the same idle states draw their `power`: the leakage of an awake SoC, which is what an
/// idle CPU costs on an awake device (the CPU ratios of *Built-in devices* are measured so).
extension DeviceSimulation {
  /// Whether the device is suspended: its platform is idle in its deepest state.
  @inline(__always)
  var isPlatformSuspended: Bool {
    guard platformNode >= 0 else { return false }
    let platform = nodes[Int(platformNode)]
    return platform.phase == .idle && platform.state == ladders[Int(platform.ladder)].deepest
  }

  /// The platform entered or left its deepest state: every idle part whose draw depends on it
  /// draws anew.
  func platformSuspensionChanged() {
    deviceWokeForDeferrals()
    for index in 0..<suspensionDependentNodes.count {
      let node = Int(suspensionDependentNodes[index])
      if nodes[node].phase == .idle { recordChange(node) }
    }
  }
}
