import DeviceModels
import Quantities
import Testing

/// The figures the README and *OS policies* quote from the short scenarios of the OS's round two,
/// each reasoned from the scenario and the phone's parameters.
@Suite struct OSScenarioFigureTests {
  /// `main-thread-read.json`: a 20 MB read at the phone's 70 MB/s read bandwidth holds the main
  /// thread 286 ms, over the 250 ms of a hang, and the 60 fps scroll's next frame waits for it
  /// and completes late (a hitch). One read every 5 s from 1 s is 12 in the minute: 12 hangs and
  /// 12 hitches. Off the main thread, none.
  @Test func aBlockingReadOnTheMainThreadHitchesAndHangs() throws {
    let document = try ReferenceScenario.document("main-thread-read.json")
    let onMain = try #require(try ReferenceScenario.run(document).apps.first)
    #expect(onMain.hangs == 12)
    #expect(onMain.hitches == 12)
    let offMain = try ReferenceScenario.run(document, "off the main thread")
    #expect(offMain.apps.allSatisfy { $0.hangs == 0 && $0.hitches == 0 })
  }

  /// `frame-rate-range.json`: in the second of its two minutes Low Power Mode caps the display at
  /// 60 Hz. A fixed 120 fps animation then has every other frame undrawn, 60 s × 60 = 3,600
  /// dropped frames more than a 60–120 fps range, which moves to 60 fps instead; the frames drawn
  /// are the same, and so is the energy.
  @Test func aFrameRateRangeMovesWhereAFixedRateDrops() throws {
    let document = try ReferenceScenario.document("frame-rate-range.json")
    let fixed = try ReferenceScenario.run(document)
    let range = try ReferenceScenario.run(document, "range-60-120")
    #expect(
      fixed.workload("animation").droppedFrames - range.workload("animation").droppedFrames
        == 3_600)
    #expect(fixed.energy == range.energy)
  }

  /// `background-export.json`: a 200 MB export in 1 MB requests beside a 4 MB user read every
  /// second. At `background` a read waits at most one request of the export (1 MB at the phone's
  /// 40 MB/s write bandwidth, 25 ms) and the throttled export yields to the reads: every read
  /// within 100 ms. At `user-initiated` the reads queue behind the whole export (200 MB at 40 MB/s
  /// is 5 s): the worst read waits over 5 s.
  @Test func aBackgroundExportLetsUserReadsThrough() throws {
    let document = try ReferenceScenario.document("background-export.json")
    let background = try ReferenceScenario.run(document)
    let userInitiated = try ReferenceScenario.run(document, "user-initiated export")
    let quick = try #require(background.workload("user reads").latency?.max)
    #expect(quick < .milliseconds(100), "\(quick)")
    let slow = try #require(userInitiated.workload("user reads").latency?.max)
    #expect(slow > .seconds(5), "\(slow)")
    let exportBackground = try #require(background.workload("export").latency?.max)
    let exportUser = try #require(userInitiated.workload("export").latency?.max)
    #expect(exportBackground > exportUser)
  }
}
