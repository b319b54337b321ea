import DeviceModels
import JSONSupport
import Quantities
import ScenarioFiles
import Testing

/// *Built-in devices*: independent whole-device measurements the built-in profiles
/// reproduce, each from its scenario in `scenarios/`, within the range the table gives (sources
/// in each scenario's description and in `BuiltInDeviceProfiles.md`).
@Suite struct WholeDeviceFigureTests {
  /// The phone in airplane mode with the screen on showing black at a fixed 60 Hz and 120 Hz:
  /// 472 mW and 656 mW within 20% each (AnandTech, Galaxy S20 Ultra), the 120 Hz premium
  /// between 140 and 230 mW.
  @Test func blackScreenAtSixtyAndOneHundredTwentyHertz() throws {
    let document = try ReferenceScenario.document("airplane-mode.json")
    let sixty = try ReferenceScenario.run(document, "black-screen-60Hz").averagePower.watts
    let oneTwenty = try ReferenceScenario.run(document, "black-screen-120Hz").averagePower.watts
    #expect(abs(sixty - 0.472) <= 0.20 * 0.472, "60 Hz: \(sixty) W")
    #expect(abs(oneTwenty - 0.656) <= 0.20 * 0.656, "120 Hz: \(oneTwenty) W")
    let premium = oneTwenty - sixty
    #expect(premium >= 0.140 && premium <= 0.230, "the 120 Hz premium: \(premium) W")
  }

  /// The phone suspended in airplane mode with the display off: 10-25 mW (Android `cpu.idle`,
  /// the whole system suspended: OnePlus 7 Pro 5 mA, Nexus 5 3.2 mA at 3.85 V).
  @Test func suspendedPhoneInAirplaneMode() throws {
    let document = try ReferenceScenario.document("airplane-mode.json")
    let result = try ReferenceScenario.run(document)
    let power = result.averagePower.watts
    #expect(power >= 0.010 && power <= 0.025, "suspended: \(power) W")
    // Nothing under the platform counts its idle power again.
    #expect(result.component("platform").energy == result.energy)
  }

  /// Web browsing over Wi-Fi at about 200 nits: the whole phone draws 1.2-1.7 W (AnandTech,
  /// Galaxy S20 Ultra: 13.04 h on 19.3 Wh; PhoneArena, OnePlus 8: 12.25 h on 16.6 Wh); no
  /// scrolling frame is dropped.
  @Test func webBrowsingOnThePhone() throws {
    let result = try ReferenceScenario.run(try ReferenceScenario.document("web-browsing.json"))
    let power = result.averagePower.watts
    #expect(power >= 1.2 && power <= 1.7, "browsing: \(power) W")
    #expect(result.workload("scroll").droppedFrames == 0)
    #expect(result.workload("page-load").occurrences == 40)
  }

  /// A 3D game at 60 fps: the whole phone draws 2.0-3.0 W, with under 5% of its frames dropped
  /// or late; heavier frames at the same rate never cost less.
  @Test func gamingAtSixtyFramesPerSecond() throws {
    let document = try ReferenceScenario.document("gaming.json")
    let result = try ReferenceScenario.run(document)
    let power = result.averagePower.watts
    #expect(power >= 2.0 && power <= 3.0, "gaming: \(power) W")
    let game = result.workload("game")
    // Ten minutes at 60 fps.
    #expect(game.occurrences + game.droppedFrames == 36_000)
    let spoiled = Double(game.droppedFrames + game.deadlineMisses) / 36_000
    #expect(spoiled < 0.05, "\(game.droppedFrames) dropped, \(game.deadlineMisses) late")
    let heavier = try ReferenceScenario.run(document, "heavier-frames")
    #expect(heavier.energy >= result.energy, "\(result.energy) and \(heavier.energy)")
  }

  /// A frame of 5 ms of CPU work and 8 ms of GPU work at 60 fps on the phone drops no frame
  /// (the frames are a CPU→GPU pipeline, the GPU clocks up for the deadline, and clusters stay
  /// out of power collapse under a lit screen).
  @Test func sixtyFramesOfFiveAndEightMillisecondsDropNothing() throws {
    let document = try ScenarioDocument(
      json: try JSONReader.parse(
        """
        { "name": "frames", "device": "phone", "duration": "10 s",
          "display": [{ "from": "0 s", "to": "10 s", "brightness": "50%", "appearance": "light" }],
          "workloads": { "ui": { "frames": "60 fps", "work": { "cpu": "5 ms", "gpu": "8 ms" } } } }
        """), file: ReferenceScenario.root + "/scenarios/inline.json")
    let ui = try ReferenceScenario.run(document).workload("ui")
    #expect(ui.occurrences == 600)
    #expect(ui.droppedFrames == 0)
  }

  /// LTE connected and transferring: 0.2-0.75 W (`power_profile` `radio.active`: Pixel 2 50 mA,
  /// OnePlus 7 Pro 103 mA, Nexus 5 185 mA), averaged over the time the modem is out of idle
  /// (promoting, transferring, and connected, its tail in connected-mode DRX included).
  @Test func lteConnectedAndTransferring() throws {
    let result = try ReferenceScenario.run(try ReferenceScenario.document("lte-transfer.json"))
    let cellular = try #require(result.component("cellular").nodes.first)
    let states = cellular.states.filter { ["waking", "connected"].contains($0.name) }
    #expect(states.count == 2)
    let energy = states.map(\.energy.joules).reduce(0, +)
    let time = states.map { Double($0.residency.nanoseconds) / 1e9 }.reduce(0, +)
    #expect(time > 20, "two transfers and their tails: \(time) s")
    let power = energy / time
    #expect(power >= 0.2 && power <= 0.75, "LTE active: \(power) W")
  }

  /// Whole phone, a VoLTE voice call with the screen off: 0.35-0.6 W (Apple's talk-time ratings
  /// of the iPhone XS, XS Max and XR, 20-25 h on 10.13-12.08 Wh), with connected-mode DRX; the
  /// modem sleeping between its on-durations makes the call cheaper than without.
  @Test func voiceCallOverLTE() throws {
    let document = try ReferenceScenario.document("volte-call.json")
    let result = try ReferenceScenario.run(document)
    let power = result.averagePower.watts
    #expect(power >= 0.35 && power <= 0.6, "VoLTE call: \(power) W")
    let withoutDRX = try ReferenceScenario.run(document, "without-drx")
    #expect(withoutDRX.energy > result.energy, "\(withoutDRX.energy) and \(result.energy)")
  }

  /// The laptop browsing over Wi-Fi at about 200 nits: 3.0-4.2 W (Dell XPS 13 9300: over
  /// 13.5 h on 52 Wh, AnandTech; about 13 h, Notebookcheck).
  @Test func webBrowsingOnTheLaptop() throws {
    let result = try ReferenceScenario.run(
      try ReferenceScenario.document("laptop-web-browsing.json"))
    let power = result.averagePower.watts
    #expect(power >= 3.0 && power <= 4.2, "laptop browsing: \(power) W")
  }

  /// The same batch job at `background` QoS costs the whole device no more energy than at
  /// `user-interactive`, on the phone and on the laptop (lower QoS trades speed for
  /// efficiency); it takes longer.
  @Test(arguments: ["phone", "laptop"])
  func lowerQoSCostsNoMoreEnergy(device: String) throws {
    let document = try ReferenceScenario.document(
      "qos-batch.json", setting: ["device": .string(device)])
    let interactive = try ReferenceScenario.run(document)
    let background = try ReferenceScenario.run(document, "background")
    #expect(
      background.energy <= interactive.energy,
      "\(device): \(interactive.energy) and \(background.energy)")
    #expect(
      background.workload("batch").latency!.max > interactive.workload("batch").latency!.max)
  }
}
