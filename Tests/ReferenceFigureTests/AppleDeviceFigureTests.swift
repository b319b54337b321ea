import DeviceModels
import Foundation
import JSONSupport
import Quantities
import ScenarioFiles
import Testing

/// The built-in `iphone` (an iPhone 13 Pro class, Apple A15) reproduces the published
/// whole-device figures of its class, each from its scenario in `scenarios/` (sources in the
/// scenario's description and in `BuiltInDeviceProfiles.md`).
@Suite struct IPhoneFigureTests {
  /// The iPhone 13 Pro's battery, 11.97 Wh, in joules.
  static let capacity = 11.97 * 3600.0

  /// AnandTech's web-browsing test on the iPhone 13 Pro (2021): over 16 h at 60 Hz and 14.2 h at
  /// 120 Hz on 11.97 Wh, so the whole phone draws 0.60-0.80 W at 60 Hz and 0.75-0.95 W at
  /// 120 Hz, ProMotion's 120 Hz costing 0.05-0.20 W more; scrolling keeps its frame rate.
  @Test func webBrowsingAtSixtyAndOneHundredTwentyHertz() throws {
    let document = try ReferenceScenario.document("iphone-web-browsing.json")
    let sixty = try ReferenceScenario.run(document)
    let oneTwenty = try ReferenceScenario.run(document, "120Hz")
    let low = sixty.averagePower.watts
    let high = oneTwenty.averagePower.watts
    #expect(low >= 0.60 && low <= 0.80, "60 Hz browsing: \(low) W")
    #expect(high >= 0.75 && high <= 0.95, "120 Hz browsing: \(high) W")
    #expect(high - low >= 0.05 && high - low <= 0.20, "the 120 Hz premium: \(high - low) W")
    // Battery life is capacity over the average drain: hours of the reviews' kind.
    let life = try #require(sixty.battery?.life).nanoseconds
    #expect(abs(Double(life) / 3.6e12 - Self.capacity / low / 3600) < 0.01)
    // Ten minutes of frames: 36,000 at 60 fps, none lost; 72,000 at 120 fps, of which at most
    // one is dropped (an 8.3 ms frame interval leaves little room for a cluster's wake).
    let scroll = (sixty.workload("scroll"), oneTwenty.workload("scroll"))
    #expect(scroll.0.occurrences == 36_000 && scroll.0.droppedFrames == 0)
    #expect(scroll.1.occurrences + scroll.1.droppedFrames == 72_000)
    #expect(scroll.1.droppedFrames <= 1, "\(scroll.1.droppedFrames) frames dropped at 120 fps")
  }

  /// Apple's iPhone 13 Pro ratings: 22 h of video playback and 20 h streamed on 11.97 Wh, so a
  /// film from storage draws 0.45-0.65 W (0.54 W) and streaming it over Wi-Fi 0.02-0.12 W more
  /// (0.054 W); ProMotion refreshes at the film's 24 Hz.
  @Test func filmFromStorageAndStreamed() throws {
    let document = try ReferenceScenario.document("iphone-video-playback.json")
    let local = try ReferenceScenario.run(document)
    let streamed = try ReferenceScenario.run(document, "streamed")
    let power = local.averagePower.watts
    #expect(power >= 0.45 && power <= 0.65, "film from storage: \(power) W")
    let extra = streamed.averagePower.watts - power
    #expect(extra >= 0.02 && extra <= 0.12, "streaming costs \(extra) W more")
    // Every frame decoded, none dropped: 24 fps for ten minutes.
    #expect(local.workload("film").occurrences == 14_400)
    #expect(local.workload("film").droppedFrames == 0)
    // From storage the Wi-Fi radio stays associated (its deepest state); streamed, it carries
    // the film.
    #expect(local.component("wifi").dynamic == .zero)
    #expect(streamed.component("wifi").dynamic > .zero)
  }
}

/// The built-in `macbook` (an M1 MacBook Air) reproduces the published whole-device figures of
/// its class, each from its scenario in `scenarios/`.
@Suite struct MacBookFigureTests {
  /// Notebookcheck's Wi-Fi browsing test of the M1 MacBook Air (2020): 16 h at 150 nits and
  /// about 8.5 h at full brightness on 49.9 Wh, so 2.8-3.45 W (3.12 W; Apple's 15 h is 3.33 W)
  /// and 5.3-6.5 W (5.87 W).
  @Test func webBrowsingAtOneFiftyNitsAndFullBrightness() throws {
    let document = try ReferenceScenario.document("macbook-web-browsing.json")
    let dim = try ReferenceScenario.run(document).averagePower.watts
    let bright = try ReferenceScenario.run(document, "full-brightness").averagePower.watts
    #expect(dim >= 2.8 && dim <= 3.45, "browsing at 150 nits: \(dim) W")
    #expect(bright >= 5.3 && bright <= 6.5, "browsing at full brightness: \(bright) W")
    // The backlight is linear in luminance: 250 nits more is 62.5% of its 4.4 W.
    #expect(abs(bright - dim - 0.625 * 4.4) < 1e-9)
  }

  /// Apple's rating of the M1 MacBook Air (2020): up to 18 h of movie playback on 49.9 Wh, so a
  /// film from storage draws 2.5-3.05 W (2.77 W).
  @Test func filmFromStorage() throws {
    let result = try ReferenceScenario.run(
      try ReferenceScenario.document("macbook-video-playback.json"))
    let power = result.averagePower.watts
    #expect(power >= 2.5 && power <= 3.05, "film from storage: \(power) W")
    #expect(result.workload("film").droppedFrames == 0)
  }
}

/// The shipped scenarios run on the Apple devices too: each phone scenario with its `device`
/// set to `iphone`, each laptop one with `macbook`, every variant validating and running with
/// the accounting invariants holding.
///
/// Here, in the debug suite, the scenarios of at most ten minutes (most of them); `.ci/run`
/// runs the baseline of every shipped scenario, the day-long ones included, on its Apple
/// counterpart with the release build.
@Suite struct ShippedScenariosOnAppleDevicesTests {
  /// The shipped scenarios of at most ten minutes, by file name.
  static let shipped: [String] = {
    let directory = URL(fileURLWithPath: ReferenceScenario.root + "/scenarios")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted().filter {
      guard let document = try? ReferenceScenario.document($0),
        let setup = try? document.scenario(variant: "baseline").setup
      else { return true }  // a scenario that does not load fails in the test itself
      return setup.duration <= .minutes(10)
    }
  }()

  /// The Apple device standing in for a scenario's built-in `device`.
  static let counterpart = ["phone": "iphone", "laptop": "macbook"]

  @Test(arguments: shipped)
  func runsOnTheAppleCounterpart(file: String) throws {
    let shipped = try ReferenceScenario.document(file)
    guard case .object(let base) = shipped.base, case .string(let device)? = base["device"] else {
      Issue.record("\(file) names no built-in device")
      return
    }
    let apple = Self.counterpart[device] ?? device
    let document = try ReferenceScenario.document(file, setting: ["device": .string(apple)])
    for variant in ["baseline"] + document.variants.map(\.name) {
      let setup = try document.scenario(variant: variant).setup
      let result = Simulation(setup: setup).run()
      Self.expectInvariants(result, duration: setup.duration, "\(file) \(variant) on \(apple)")
    }
  }

  /// The accounting invariants: components add up to the total, floor + fixed + dynamic to
  /// each component, every node's residencies to the duration, attribution plus unattributed to
  /// each component.
  static func expectInvariants(_ result: RunResult, duration: TimeSpan, _ label: String) {
    #expect(result.components.reduce(Energy.zero) { $0 + $1.energy } == result.energy, "\(label)")
    for (index, component) in result.components.enumerated() {
      #expect(
        component.floor + component.fixed + component.dynamic == component.energy,
        "\(label): \(component.name)")
      for node in component.nodes {
        let residency = node.states.reduce(TimeSpan.zero) { $0 + $1.residency }
        #expect(residency == duration, "\(label): \(node.path)")
      }
      let attributed = result.workloads.reduce(Energy.zero) { $0 + $1.energyByComponent[index] }
      #expect(
        attributed + result.unattributedByComponent[index] == component.energy,
        "\(label): attribution of \(component.name)")
    }
  }
}

/// `four-devices.json`: one news-reader design on the phone, the laptop, the iPhone and the
/// MacBook, each device a variant, so `compare` puts them side by side.
@Suite struct FourDevicesTests {
  @Test func oneDesignOnFourDevices() throws {
    let document = try ReferenceScenario.document("four-devices.json")
    #expect(document.variants.map(\.name) == ["laptop", "iphone", "macbook"])
    var results: [String: RunResult] = [:]
    for (variant, device) in [
      ("baseline", "phone"), ("laptop", "laptop"), ("iphone", "iphone"), ("macbook", "macbook"),
    ] {
      results[device] = try ReferenceScenario.run(document, variant)
    }
    for (device, result) in results {
      // The same design everywhere: a refresh a minute, an update a second, an article every
      // 30 s from 10 s, in ten minutes.
      #expect(result.workload("feed-refresh").occurrences == 10, "\(device)")
      #expect(result.workload("story-update").occurrences == 600, "\(device)")
      #expect(result.workload("article").occurrences == 20, "\(device)")
      #expect(result.workload("article").unfinished == 0, "\(device)")
    }
    // A laptop's lit 13-inch panel costs more than a whole phone, on either side.
    for laptop in ["laptop", "macbook"] {
      for phone in ["phone", "iphone"] {
        #expect(results[laptop]!.energy > results[phone]!.energy, "\(laptop) and \(phone)")
      }
    }
    // The devices differ: each run is its own device's.
    #expect(Set(results.values.map(\.energy)).count == 4)
  }
}
