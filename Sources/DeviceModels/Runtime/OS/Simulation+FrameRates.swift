/// Frame-rate ranges (see *OS policies*): an animation with a range runs at the rate its
/// ``FrameRateRange`` picks from the display's refresh rates under the frame-rate cap in force,
/// and moves within the range when the cap changes, where a fixed rate drops frames instead.
///
/// The cap is 60 Hz while Low Power Mode is on or the thermal state is serious or above (see
/// ``DeviceSimulation/thermalStateChanged(from:)``). Whatever changes the cap calls
/// ``frameRateCapChanged()``: Low Power Mode switching on or off, the thermal state crossing
/// serious. A new
/// rate takes effect at the animation's next frame (one due at the instant of the change
/// included: environment changes come before workload events at one instant): that frame is due
/// when the old clock said, and the frames after it follow at the new rate.
extension DeviceSimulation {
  /// The highest frame rate the OS allows animations now, Hz; `nil` for none.
  var frameRateCap: Double? {
    lowPower.isOn || thermal.state >= .serious ? LowPowerSpec.refreshCap.hertz : nil
  }

  /// Re-chooses the rate of every animation with a range under the cap in force now (see
  /// ``frameRateCap``); each takes its rate at its next frame.
  func frameRateCapChanged() {
    let supported = display?.spec.refreshRates.map(\.hertz) ?? []
    let cap = frameRateCap
    for index in workloads.indices where workloads[index].animationSlot >= 0 {
      let slot = Int(workloads[index].animationSlot)
      guard animations[slot].hasRange, let range = setup.workloads[index].frameRateRange
      else { continue }
      animations[slot].rateTarget = range.runningRate(supported: supported, cap: cap)
    }
  }

  /// A frame of an animation is due now (frame `nextIndex − 1`): a range animation's clock takes
  /// the rate chosen for it, from this frame on, and the display's refresh follows while it
  /// animates.
  func takeFrameRateTarget(_ workload: Int32) {
    let index = Int(workload)
    let slot = Int(workloads[index].animationSlot)
    guard animations[slot].hasRange else { return }
    let target = animations[slot].rateTarget
    guard animations[slot].clock.rate != target else { return }
    animations[slot].clock.retime(
      rate: target, at: now, frame: workloads[index].nextIndex - 1)
    guard let shown = display?.animations.firstIndex(where: { $0.workload == workload })
    else { return }
    display?.animations[shown].rate = target
    if !shutdown.isOff { recordDisplay() }
  }
}
