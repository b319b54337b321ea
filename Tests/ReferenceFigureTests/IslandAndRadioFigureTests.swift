import DeviceModels
import Foundation
import Quantities
import ScenarioFiles
import Testing

/// The built-in phone against figures it was not calibrated to, which need low-power islands and
/// radios that sleep (see the articles *The platform* and *Radios*); each from its scenario in
/// `scenarios/`.
@Suite struct IslandAndRadioFigureTests {
  /// Apple's audio-playback ratings of the iPhone XS to 11 Pro Max (60-80 h on 10.1-15.0 Wh):
  /// music to Bluetooth headphones with the screen off and Wi-Fi associated draws 0.12-0.25 W.
  /// Audio offload is what brings it there: with the audio path and Bluetooth on the platform, the
  /// SoC and DRAM stay awake for the whole song.
  @Test func musicToBluetoothHeadphones() throws {
    let document = try ReferenceScenario.document("music-bluetooth.json")
    let offloaded = try ReferenceScenario.run(document)
    let onPlatform = try ReferenceScenario.run(document, "without-offload")
    let power = offloaded.averagePower.watts
    #expect(power >= 0.12 && power <= 0.25, "music, offloaded: \(power) W")
    // Without offload the platform is awake (busy) for the whole 10 min song: at least its awake
    // power above its floor, 137.45 - 19.25 mW, more over the run.
    let extra = onPlatform.averagePower.watts - power
    #expect(extra >= 0.118, "without offload: \(extra) W more")
    // Offloaded, the island is busy for the song (7.7 mW above its 0 W floor) and the platform
    // only around the player's 60 writes: under a fifth of its fixed cost without offload.
    let island = offloaded.component("lpass")
    #expect(abs(island.fixed.joules - 0.0077 * 600) < 0.0077 * 0.2, "island: \(island.fixed)")
    let platform = offloaded.component("platform").fixed.joules
    #expect(platform < onPlatform.component("platform").fixed.joules / 5, "platform: \(platform) J")
  }

  /// Apple's standby ratings and the Android suspended floor: the phone with the screen off, LTE
  /// camped in idle and Wi-Fi associated in power save draws 15-45 mW. Nothing runs, so it is
  /// exactly the sum of the three floors: suspended 19.25 mW, LTE idle paging 9.63 mW, Wi-Fi in
  /// power save 13.475 mW (the built-in phone's sources).
  @Test func standby() throws {
    let result = try ReferenceScenario.run(try ReferenceScenario.document("standby.json"))
    #expect(result.averagePower.nanowatts == 19_250_000 + 9_630_000 + 13_475_000)
    let power = result.averagePower.watts
    #expect(power >= 0.015 && power <= 0.045, "standby: \(power) W")
  }
}
