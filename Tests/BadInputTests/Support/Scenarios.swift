/// Scenario files the process tests write into their temporary directories.
enum Scenarios {
  /// A scenario that uses every kind of workload, the display, visibility, the charger, changing
  /// networks and a variant: its outputs hold every kind of number the product prints.
  static let everything = #"""
    {
      "device": "phone", "duration": "20 s", "seed": 7,
      "environment": {
        "network": [ { "from": 0, "to": "10 s", "network": "wifi" },
                     { "from": "10 s", "to": "20 s", "network": "cellular" } ],
        "charging": [ ["15 s", "20 s"] ], "battery_start": "50%"
      },
      "display": [ { "from": 0, "to": "10 s", "brightness": "80%", "appearance": "dark" },
                   { "from": "10 s", "to": "20 s", "brightness": 0.3, "apl": 0.5 } ],
      "visibility": [ ["0 s", "12 s"] ],
      "workloads": {
        "once": { "at": "100 ms", "work": [ { "cpu": "30 ms", "threads": 4 }, { "read": "10 MB" } ] },
        "timer": { "every": "1 s", "tolerance": "200 ms",
                   "work": { "cpu": "10 ms", "qos": "utility", "write": "640 KiB", "write_size": "4 KiB" } },
        "poisson": { "rate": "0.5 Hz", "until": "15 s", "debounce": "500 ms", "work": { "upload": "200 KB" } },
        "taps": { "times": ["1 s", "4 s", "4.1 s"], "when": "visible", "work": { "gpu": "20 ms" } },
        "ui": { "frames": "60 fps", "from": "5 s", "for": "5 s", "work": { "cpu": "2 ms", "gpu": "9 ms" } },
        "later": { "window": ["2 s", "18 s"], "requires": "radio-active", "work": { "download": "20 MB", "via": "cellular" } }
      },
      "variants": { "coalesced": { "workloads": { "timer": { "tolerance": "900 ms" } } } }
    }
    """#

  /// A month of a phone with a timer every second: long enough (minutes in a debug build) to be
  /// interrupted while it runs, well inside the run limits.
  static let month = #"""
    {
      "device": "phone", "duration": "30 d",
      "workloads": { "tick": { "every": "1 s", "work": { "cpu": "1 ms", "write": "4 KiB" } } }
    }
    """#
}
