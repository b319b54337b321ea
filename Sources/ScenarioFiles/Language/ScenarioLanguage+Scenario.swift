import DeviceModels

extension ScenarioLanguage {
  /// The objects of a scenario file.
  static var scenarioObjects: [ObjectDescription] {
    [
      scenario, environment, networkInterval, lowPowerTrigger, displaySession, app, workload,
      frameRateRange, workItem,
    ]
  }

  /// The named values of a scenario file.
  static var scenarioValues: [NamedValue] {
    [
      NamedValue(
        name: "interval", title: "[from, to]",
        type: .array(.quantity(.time), minimum: 2, maximum: 2),
        meaning:
          "A half-open interval [from, to) of the run: two times, the first before the second."),
      NamedValue(
        name: "intervals", title: "array of [from, to]", type: .array(.named("interval")),
        meaning: "Intervals [from, to) in time order, without overlaps."),
      NamedValue(
        name: "work", title: "work",
        type: .oneOf([.object("work_item"), .array(.object("work_item"), minimum: 1)]),
        meaning:
          "What an occurrence does: a work item, or a list of work items run one after another."),
      NamedValue(
        name: "background_time", title: "time or \"unlimited\"",
        type: .oneOf([.quantity(.time), .choice(["unlimited"])]),
        meaning:
          "How long an app keeps running after leaving the foreground (or after a push wakes it) before it is suspended; \"unlimited\" for a background mode, never suspended."
      ),
      NamedValue(
        name: "deferral_condition", title: "condition",
        type: .choice(DeferralCondition.allCases.map(\.rawValue)),
        meaning:
          "charging: plugged in; wifi: the network is Wi-Fi; radio-active: the radio is already out of its deepest state; idle: the display has been off for 10 min; battery-ok: the battery holds at least 20%; network: the device is not offline; good-network: not offline, and the signal is fair or good. Without any, the system chooses the time: the next time the device is awake anyway (display on, platform awake, or a radio out of its deepest state), else the deadline."
      ),
      NamedValue(
        name: "system_event", title: "event",
        type: .choice(SystemEvent.allCases.map(\.rawValue)),
        meaning:
          "background, foreground: the workload's app leaves or comes to the foreground (an app that starts in the foreground gets foreground at time 0); low-power-on, low-power-off: Low Power Mode switches; thermal-serious, thermal-nominal: the thermal state rises to serious or falls back below it (never without a thermal model); charging-start, charging-end: the charger is plugged in or out; network-change: the network's radio, offline, or its signal changes; display-on, display-off: the display turns on or off. Other events at time 0 are the state the run starts in and run nothing."
      ),
      NamedValue(
        name: "run_state", title: "state",
        type: .choice(RunState.allCases.map(\.rawValue)),
        meaning:
          "visible: the workload's app is in the foreground; not-low-power: Low Power Mode is off; thermal-nominal: the thermal state is nominal or fair (always, without a thermal model); charging: plugged in; wifi: the network is Wi-Fi; display-on: the display is on."
      ),
    ]
  }

  /// The top level of a scenario file.
  static let scenario = ObjectDescription(
    "scenario", title: "Scenario", phrase: "a scenario",
    summary:
      "A powersim scenario: a device, the workloads it runs, and design alternatives (variants) to compare.",
    keys: [
      KeyDescription(
        "name", .string, default: "the file's name", "The scenario's name, shown in reports."),
      KeyDescription("description", .string, "What the scenario shows."),
      KeyDescription(
        "device", .named("device"), required: true,
        "A built-in device name (see `powersim devices`), a path to a device file (relative to this file), or an inline device object."
      ),
      KeyDescription(
        "device_patch", .mergePatch,
        "A JSON Merge Patch (RFC 7396) applied to the device before use: \"the phone with a bigger battery\"."
      ),
      KeyDescription(
        "duration", .quantity(.time), required: true, "How long the run lasts; at most 366 days."),
      KeyDescription(
        "seed", .integer(minimum: 0, maximum: nil), default: "0",
        "The seed of every random stream; the same file and seed give byte-identical outputs."),
      KeyDescription(
        "environment", .object("environment"), default: "each key's default",
        "The network, the charger, the battery's charge and Low Power Mode over the run."),
      KeyDescription(
        "display", .array(.object("display_session")), default: "off for the whole run",
        "Intervals with the display on; outside them it is off."),
      KeyDescription(
        "visibility", .named("intervals"), default: "always visible",
        "Intervals in which the app is visible; workloads with \"when\": \"visible\" do nothing outside them. With apps, each app's foreground intervals default to these."
      ),
      KeyDescription(
        "apps", .map(.object("app"), freeKeys: true),
        default:
          "one app named \"app\", in the foreground during the visibility intervals, never suspended",
        "The apps, keyed by name: when each is in the foreground, how long it runs in the background before it is suspended, and its timers' leeway in the background. With apps, every workload's app must be declared here."
      ),
      KeyDescription(
        "workloads", .map(.object("workload"), freeKeys: false), default: "none",
        "The workloads, keyed by name; names order ties deterministically."),
      KeyDescription(
        "variants", .map(.mergePatch, freeKeys: false, reserved: ["baseline"]), default: "none",
        "Named design alternatives, each a JSON Merge Patch (RFC 7396) over the whole scenario without its variants: objects merge member by member, arrays are replaced whole, null deletes a key. The scenario itself is the variant named baseline."
      ),
    ],
    example: """
      {
        "$schema": "schema.json",
        "name": "Mail sync",
        "device": "phone",
        "duration": "1 h",
        "workloads": {
          "sync": { "every": "15 min", "work": { "cpu": "40 ms", "download": "200 KB" } }
        },
        "variants": { "hourly": { "workloads": { "sync": { "every": "1 h" } } } }
      }
      """)

  static let environment = ObjectDescription(
    "environment", title: "Environment", phrase: "an environment",
    summary:
      "The world around the device: the network, the charger, the battery, Low Power Mode and the ambient temperature.",
    keys: [
      KeyDescription(
        "network",
        .oneOf([.string, .array(.object("network_interval"), minimum: 1)]),
        default: "Wi-Fi if the device has it, else its first radio, for the whole run",
        "Which radio carries traffic: \"wifi\", \"cellular\" or the name of a radio of the device for the whole run, or network intervals that cover the run without gaps or overlaps."
      ),
      KeyDescription(
        "charging", .named("intervals"), default: "never",
        "Intervals during which the device is plugged in."),
      KeyDescription(
        "battery_start", .quantity(.fraction), default: "100%", "The state of charge at time 0."),
      KeyDescription(
        "low_power", .oneOf([.named("intervals"), .object("low_power_trigger")]), default: "off",
        "Low Power Mode: intervals with it on, or a trigger. While it is on, clocks are slower, the display runs at most 60 Hz, repeating background tasks wait and timers get leeway."
      ),
      KeyDescription(
        "ambient", .number(minimum: -273), default: "25",
        "The temperature around the device, °C: its thermal model starts at it and cools towards it."
      ),
    ],
    example: """
      {
        "network": "cellular",
        "charging": [["6 h", "7 h"]],
        "battery_start": "80%",
        "low_power": { "below": "20%" }
      }
      """)

  static let networkInterval = ObjectDescription(
    "network_interval", title: "Network interval", phrase: "a network interval",
    summary:
      "An interval during which one radio carries traffic, with the network's quality, or none does (offline).",
    keys: [
      KeyDescription("from", .quantity(.time), required: true, "When the interval starts."),
      KeyDescription("to", .quantity(.time), required: true, "When it ends."),
      KeyDescription(
        "network", .string, required: true,
        "\"wifi\", \"cellular\" or the name of a radio of the device; \"offline\": no network (transfers wait, those in flight stall)."
      ),
      KeyDescription(
        "downlink", .quantity(.dataRate), default: "the radio's",
        "The downlink bandwidth in this interval."),
      KeyDescription(
        "uplink", .quantity(.dataRate), default: "the radio's",
        "The uplink bandwidth in this interval."),
      KeyDescription(
        "rtt", .quantity(.time), default: "the radio's", "The round-trip time in this interval."),
      KeyDescription(
        "signal", .choice(SignalLevel.allCases.map(\.rawValue)), default: "good",
        "The signal level: the transfer power is multiplied by the radio's signal_power factor for it."
      ),
    ],
    rules: [.note("An offline interval takes no downlink, uplink, rtt or signal.")],
    example: """
      { "from": "10 min", "to": "20 min", "network": "cellular", "downlink": "2 Mbit/s", "signal": "poor" }
      """)

  static let lowPowerTrigger = ObjectDescription(
    "low_power_trigger", title: "Low Power Mode trigger", phrase: "a Low Power Mode trigger",
    summary:
      "Low Power Mode that turns on when an unplugged battery falls to a charge, and off when charging starts.",
    keys: [
      KeyDescription(
        "below", .quantity(.fraction), required: true, "The charge, such as \"20%\".")
    ],
    example: """
      { "below": "20%" }
      """)

  static let displaySession = ObjectDescription(
    "display_session", title: "Display session", phrase: "a display session",
    summary:
      "An interval with the display on, with its brightness and either an appearance or an explicit average pixel level.",
    keys: [
      KeyDescription("from", .quantity(.time), required: true, "When the display turns on."),
      KeyDescription("to", .quantity(.time), required: true, "When it turns off."),
      KeyDescription(
        "brightness", .oneOf([.quantity(.fraction), .quantity(.luminance)]), required: true,
        "The user's brightness setting, 0–100% (perceptual), or a luminance in nits (\"200 nits\": that over the display's max_luminance, whatever its curve)."
      ),
      KeyDescription(
        "appearance", .choice(Appearance.allCases.map(\.rawValue)),
        "Light or dark appearance, which the device maps to an average pixel level."),
      KeyDescription("apl", .quantity(.fraction), "An explicit average pixel level."),
    ],
    rules: [.exactlyOne(["appearance", "apl"])],
    example: """
      { "from": "0 s", "to": "5 min", "brightness": "50%", "appearance": "dark" }
      """)

  static let app = ObjectDescription(
    "app", title: "App", phrase: "an app",
    summary: "An app as the OS runs it: when it is on screen, and how it is treated off screen.",
    keys: [
      KeyDescription(
        "foreground", .named("intervals"), default: "the visibility intervals, or always",
        "Intervals in which the app is on screen; \"when\": \"visible\" workloads of the app run only in them."
      ),
      KeyDescription(
        "background_time", .named("background_time"), default: "the device's app_policy",
        "How long the app keeps running after leaving the foreground before it is suspended."),
      KeyDescription(
        "timer_leeway", .quantity(.time), default: "the device's app_policy",
        "The least tolerance the app's timers get while it is not in the foreground (App Nap)."),
    ] + grantKeys(default: { _ in "the device's app_policy" }),
    example: """
      { "foreground": [["0 s", "10 min"]], "background_time": "30 s", "timer_leeway": "10 s" }
      """)
}
