// The libFuzzer target for scenario decoding and validation (see run-fuzzer.sh).
//
// Each input is read as a scenario file: parsed, decoded with every variant, checked against
// run limits; a scenario that passes and is small is then simulated, so that values the decoder
// accepts but the model cannot handle (overflows, traps) are found too. Any trap, any sanitizer
// report and any input taking longer than the fuzzer's timeout is a defect: it becomes a test
// in Tests/BadInputTests and gets fixed.

import DeviceModels
import JSONSupport
import ScenarioFiles

/// The entry point libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzScenario.check(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}

/// What one input must survive.
enum FuzzScenario {
  /// A file name in a directory that does not exist: relative device and trace references fail
  /// as missing instead of reading whatever lies around.
  static let file = "/nonexistent-powersim-fuzz/scenario.json"

  /// Small enough that every accepted scenario simulates in well under a second.
  static let limits = RunLimits(maximumEvents: 200_000)

  /// A scenario using every feature briefly, which object inputs are also merged into (as a
  /// patch of the scenario and as its device patch), so that small inputs reach deep into
  /// decoding and simulation instead of failing on a missing key.
  ///
  /// Parsed for each input rather than kept in a static: LeakSanitizer cannot follow Swift's
  /// tagged enum pointers, and would report a long-lived JSON value as leaked at exit.
  static var base: JSONValue {
    try! JSONReader.parse(
      #"""
      {
        "device": "phone", "duration": "2 s", "seed": 7,
        "environment": {
          "network": [ { "from": 0, "to": "1 s", "network": "wifi" },
                       { "from": "1 s", "to": "2 s", "network": "cellular" } ],
          "charging": [ ["1.5 s", "2 s"] ], "battery_start": "50%"
        },
        "display": [ { "from": 0, "to": "1 s", "brightness": "80%", "appearance": "dark" },
                     { "from": "1 s", "to": "2 s", "brightness": 0.3, "apl": 0.5 } ],
        "visibility": [ ["0 s", "1.2 s"] ],
        "workloads": {
          "once": { "at": "10 ms", "work": [ { "cpu": "3 ms", "threads": 4 }, { "read": "1 MB" } ] },
          "timer": { "every": "100 ms", "tolerance": "20 ms", "count": 12,
                     "work": { "cpu": "1 ms", "qos": "utility", "write": "64 KiB", "write_size": "4 KiB" } },
          "poisson": { "rate": "5 Hz", "until": "1.5 s", "debounce": "50 ms", "work": { "upload": "20 KB" } },
          "taps": { "times": ["0.1 s", "0.4 s", "0.41 s"], "when": "visible", "work": { "gpu": "2 ms" } },
          "blink": { "every": "300 ms", "when": "visible", "work": { "cpu": "1 ms" } },
          "glance": { "window": ["1.3 s", "1.6 s"], "when": "visible", "work": { "cpu": "1 ms" } },
          "ui": { "frames": "60 fps", "from": "0.5 s", "for": "0.5 s", "work": { "cpu": "2 ms", "gpu": "9 ms" } },
          "later": { "window": ["0.2 s", "1.8 s"], "requires": "radio-active", "work": { "download": "2 MB", "via": "cellular" } }
        },
        "variants": { "coalesced": { "workloads": { "timer": { "tolerance": "90 ms" } } } }
      }
      """#)
  }

  static func check(_ bytes: [UInt8]) {
    let json: JSONValue
    do {
      json = try JSONReader.parse(bytes)
    } catch {
      precondition(error.line >= 1 && error.column >= 1 && !error.message.isEmpty)
      return
    }
    checkScenario(json)
    guard case .object = json else { return }
    checkScenario(base.mergePatched(with: json))
    checkScenario(base.mergePatched(with: .object(JSONObject([("device_patch", json)]))))
  }

  static func checkScenario(_ json: JSONValue) {
    let document: ScenarioDocument
    do {
      document = try ScenarioDocument(json: json, file: file)
    } catch {
      precondition(!error.description.isEmpty)
      return
    }
    for variant in document.variantNames {
      do {
        let scenario = try document.scenario(variant: variant, limits: limits)
        let result = Simulation(setup: scenario.setup).run()
        precondition(result.duration == scenario.setup.duration)
      } catch {
        precondition(!error.message.isEmpty)
      }
    }
  }
}
