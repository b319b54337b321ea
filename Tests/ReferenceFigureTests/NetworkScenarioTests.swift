import DeviceModels
import Quantities
import ScenarioFiles
import Testing

/// The network scenarios shipped in `scenarios/` (*Radios*: shared links and network
/// quality), loaded from disk and run. As in ``PolicyScenarioTests``, they assert counts fixed by
/// the timing and the direction of the guidance, not joules of a profile that may be
/// recalibrated.
@Suite struct NetworkScenarioTests {
  static func run(_ name: String, _ variant: String) throws -> RunResult {
    try ReferenceScenario.run(try ReferenceScenario.document(name), variant)
  }

  /// A user's 10 KB fetch at 70 s, during a 50 MB background upload from 60 s over LTE
  /// (6 Mbit/s up: about 67 s). The link carries both: the fetch finishes in well under a
  /// second (two round trips of 70 ms and a few ms of data), not after the upload; deferring the
  /// upload to 5 min makes the fetch pay its own promotion (slower) and the upload a second
  /// promotion and tail (more energy).
  @Test func aUserFetchDoesNotWaitBehindABackgroundUpload() throws {
    let shared = try Self.run("user-fetch-during-upload.json", "baseline")
    let deferred = try Self.run("user-fetch-during-upload.json", "backup-deferred")
    let alone = try Self.run("user-fetch-during-upload.json", "no-backup")
    let fetch = try #require(shared.workload("fetch").latency?.max)
    #expect(fetch < .seconds(1))
    #expect(fetch >= .milliseconds(140))
    let fetchDeferred = try #require(deferred.workload("fetch").latency?.max)
    #expect(fetchDeferred > fetch)
    #expect(alone.workload("fetch").latency?.max == fetchDeferred)
    // 400 Mbit at 6 Mbit/s is 66.7 s: the upload's latency is at least that.
    #expect(try #require(shared.workload("backup").latency?.max) > .seconds(66))
    #expect(shared.component("cellular").wakeups == 1)
    #expect(deferred.component("cellular").wakeups == 2)
    #expect(shared.energy < deferred.energy)
    for result in [shared, deferred] {
      #expect(result.workload("backup").occurrences == 1)
      #expect(result.workload("fetch").occurrences == 1)
    }
  }

  /// A 20 MB download from 60 s on a link that turns poor at 65 s (2 Mbit/s), drops out from
  /// 80 s to 110 s and comes back good: it moves 65 Mbit in 5 s, 30 Mbit in 15 s, stalls 30 s and
  /// moves its last 65 Mbit in 5 s, finishing about 55 s after it was due. Waiting for the good
  /// link (at 2 min) takes the 12.3 s of a good link and costs less.
  @Test func waitingForAGoodLinkIsFasterAndCheaper() throws {
    let eager = try Self.run("degrading-link.json", "baseline")
    let waiting = try Self.run("degrading-link.json", "wait-for-good-link")
    let good = try Self.run("degrading-link.json", "good-link-all-along")
    let eagerLatency = try #require(eager.workload("download").latency?.max)
    #expect(eagerLatency > .seconds(55))
    #expect(eagerLatency < .seconds(56))
    let waitingLatency = try #require(waiting.workload("download").latency?.max)
    #expect(waitingLatency > .milliseconds(12_300))
    #expect(waitingLatency < .seconds(13))
    #expect(good.workload("download").latency?.max == waitingLatency)
    #expect(waiting.component("cellular").energy < eager.component("cellular").energy)
    #expect(waiting.energy < eager.energy)
    for result in [eager, waiting, good] {
      #expect(result.workload("download").occurrences == 1)
      #expect(result.workload("download").unfinished == 0)
    }
  }

  /// Ten minutes of video: 150 segments (one every 4 s) and 18 000 frames at 30 fps in every
  /// alternative. SD costs less than HD on either network; LTE at a poor signal costs more than
  /// Wi-Fi at either quality, and SD saves the most there.
  @Test func streamingQualityAndNetwork() throws {
    let hdWiFi = try Self.run("video-streaming.json", "baseline")
    let sdWiFi = try Self.run("video-streaming.json", "sd-wifi")
    let hdLTE = try Self.run("video-streaming.json", "hd-lte-poor")
    let sdLTE = try Self.run("video-streaming.json", "sd-lte-poor")
    for result in [hdWiFi, sdWiFi, hdLTE, sdLTE] {
      #expect(result.workload("segments").occurrences == 150)
      #expect(result.workload("playback").occurrences == 18_000)
      #expect(result.workload("playback").droppedFrames == 0)
    }
    #expect(sdWiFi.energy < hdWiFi.energy)
    #expect(sdLTE.energy < hdLTE.energy)
    #expect(hdWiFi.energy < hdLTE.energy)
    #expect(sdWiFi.energy < sdLTE.energy)
    #expect(hdLTE.energy - sdLTE.energy > hdWiFi.energy - sdWiFi.energy)
    // 2.5 MB at 8 Mbit/s is 2.5 s of data per segment, at 50 Mbit/s 0.4 s.
    #expect(try #require(hdLTE.workload("segments").latency?.max) > .milliseconds(2_500))
    #expect(try #require(hdWiFi.workload("segments").latency?.max) < .seconds(1))
  }
}
