import DeviceModels
import Foundation
import JSONSupport
import Quantities
import ScenarioFiles
import Testing

/// The built-in `phone` against figures of the cost of moving data and of the camera, each from
/// its scenario in `scenarios/` (sources in the scenario's description and in
/// `BuiltInDeviceProfiles.md`).
@Suite struct DataAndCameraFigureTests {
  /// Apple's video ratings of the iPhone 11, 11 Pro and 11 Pro Max (2019): 17/18/20 h from
  /// storage, 10/11/12 h streamed on 11.91/11.67/15.04 Wh, so streaming costs 0.41-0.50 W more;
  /// the range is 0.3-0.6 W. Streamed as servers pace it (64 KiB blocks every 84 ms), the Wi-Fi
  /// radio never reaches standby, and the network stack works on every block; fetched in 2.5 MB
  /// segments (a bulk protocol) the same bytes cost far less.
  @Test func streamingCostsMoreThanPlayingFromStorage() throws {
    let document = try ReferenceScenario.document("film-streaming.json")
    let local = try ReferenceScenario.run(document)
    let streamed = try ReferenceScenario.run(document, "streamed")
    let segments = try ReferenceScenario.run(document, "streamed-in-segments")
    let extra = streamed.averagePower.watts - local.averagePower.watts
    #expect(extra >= 0.3 && extra <= 0.6, "streaming costs \(extra) W more")
    let bulk = segments.averagePower.watts - local.averagePower.watts
    #expect(bulk > 0 && bulk < extra / 4, "streamed in segments: \(bulk) W more")
    // The network stack's CPU work: 7143 blocks of 65 536 B (the last at 599.928 s) at 4.48 ms
    // per MB, 293 601 ns each, run on the CPU: it costs more CPU energy than reading from storage.
    #expect(streamed.component("cpu").energy > local.component("cpu").energy)
    #expect(streamed.workload("fetch").occurrences == 7_143)
    // Every frame decoded, none dropped: 24 fps for ten minutes.
    #expect(streamed.workload("film").occurrences == 14_400)
    #expect(streamed.workload("film").droppedFrames == 0)
  }

  /// A video call over Wi-Fi at 720p and 30 fps, and 4K recording at 30 fps: each within the
  /// range the published measurements give (see `BuiltInDeviceProfiles.md`: 2.0-3.5 W for the
  /// call, 2.0-4.5 W for 4K recording); 4K costs more than 1080p, but less than its four times
  /// the pixels would say (image sensors are not energy-proportional: LiKamWa et al., MobiSys
  /// 2013).
  @Test func videoCallAndFourKRecording() throws {
    let document = try ReferenceScenario.document("camera-video.json")
    let call = try ReferenceScenario.run(document).averagePower.watts
    let fourK = try ReferenceScenario.run(document, "record-4k")
    let fullHD = try ReferenceScenario.run(document, "record-1080p")
    #expect(call >= 2.0 && call <= 3.5, "video call: \(call) W")
    let recording = fourK.averagePower.watts
    #expect(recording >= 2.0 && recording <= 4.5, "4K recording: \(recording) W")
    let camera4K = fourK.component("camera").energy.joules / 600
    let camera1080 = fullHD.component("camera").energy.joules / 600
    #expect(camera4K > camera1080 && camera4K < 4 * camera1080)
    // The camera's pixel power, by hand: 4K at 30 fps is 248 832 000 pixels a second, 2 nJ and
    // 6 B (at 40 mW per GB/s) each, 557.38368 mW above 1080p's 62 208 000 (139.34592 mW).
    let pixelPower = (camera4K - camera1080)
    #expect(abs(pixelPower - (0.55738368 - 0.13934592)) < 0.005, "\(pixelPower) W")
    // Recording writes the file: 50 Mbit/s for ten minutes.
    #expect(fourK.component("storage").dynamic > fullHD.component("storage").dynamic)
  }
}
