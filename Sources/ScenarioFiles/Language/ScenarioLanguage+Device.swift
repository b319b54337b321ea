import DeviceModels

extension ScenarioLanguage {
  /// The objects of a device, in a device file or inline in a scenario.
  static var deviceObjects: [ObjectDescription] {
    [
      device, battery, appPolicy, lowPowerLimits, networkStack, thermal, thermalStates, powerLimits,
      recipe,
    ]
      + components
      + [
        memory,
        ladderState, cluster, operatingPoint, qosPolicy, qosRule, throughputPower, signalPower, drx,
        gammaCurve, appearanceLevels,
      ]
  }

  /// The component types, in the order messages list them.
  static var components: [ObjectDescription] {
    [platform, island, cpu, storage, radio, gpu, display, generic]
  }

  /// What any component is in messages, before its type is known.
  static let componentPhrase = "a component"

  /// The named values of a device.
  static var deviceValues: [NamedValue] {
    [
      NamedValue(
        name: "device", title: "device", type: .oneOf([.string, .object("device_object")]),
        meaning:
          "A built-in device name, a path to a device file ending in .json (relative to the file that names it), or an inline device object."
      ),
      NamedValue(
        name: "component", title: "component",
        type: .oneOf(components.map { .object($0.name) }),
        meaning: "A component; its \"type\" says which model it follows."),
      NamedValue(
        name: "idle_policy", title: "idle policy",
        type: .choice(IdlePolicy.allCases.map(\.rawValue)),
        meaning:
          "timeout: step down as the after timers expire; predictive: go at once to the deepest state whose min_residency fits the predicted idle time."
      ),
    ]
  }

  static let device = ObjectDescription(
    "device_object", title: "Device", phrase: "a device",
    summary:
      "A device: its battery and its components, keyed by name. With \"extends\", it is that device merge-patched with this object's other keys.",
    keys: [
      KeyDescription("name", .string, default: "\"device\"", "The device's name."),
      KeyDescription("description", .string, "What the device is."),
      KeyDescription(
        "extends", .string, forms: ["patch"],
        "A built-in device name or a device file path this device is a patch over."),
      KeyDescription(
        "battery", .object("battery"), default: "none: no battery is modelled", "The battery."),
      KeyDescription(
        "app_policy", .object("app_policy"), default: "each key's default",
        "The defaults of the apps a scenario declares on this device."),
      KeyDescription(
        "components", .map(.named("component"), freeKeys: false),
        "The components, keyed by name; the CPU, storage, GPU and display at most one each."),
      KeyDescription(
        "recipes", .map(.object("recipe"), freeKeys: true), default: "none",
        "Named work recipes, such as \"location-best\", which a work item runs by naming them."),
      KeyDescription(
        "low_power", .object("low_power_limits"), default: "no limits",
        "What Low Power Mode limits on this device."),
      KeyDescription(
        "network_stack", .object("network_stack"), default: "no CPU work per byte",
        "The CPU work of the network stack for each megabyte received or sent."),
      KeyDescription(
        "thermal", .object("thermal"), default: "none: the device never heats up",
        "Heat: a lumped thermal model, its thermal states and the power limits its governor enforces."
      ),
    ],
    forms: [
      ObjectForm(
        name: "complete", selectedBy: ["components"],
        summary: "A device given whole: its components, and its battery if it has one."),
      ObjectForm(
        name: "patch", selectedBy: ["extends"],
        summary:
          "A device that extends another: the other device merge-patched (RFC 7396) with this object's keys, each of which gives only what differs (null deletes).",
        isPatch: true),
    ],
    rules: [.note("Once extends is followed, the device has components.")],
    example: """
      {
        "name": "Dev board",
        "battery": { "capacity": "5 Wh" },
        "components": {
          "soc": { "type": "platform", "states": [{ "name": "on", "power": "80 mW" },
            { "name": "sleep", "power": "2 mW", "after": "10 ms" }] }
        }
      }
      """)

  static let battery = ObjectDescription(
    "battery", title: "Battery", phrase: "a battery",
    summary: "The battery: a capacity as energy, or in mAh with a voltage.",
    keys: [
      KeyDescription("capacity", .quantity(.energy), "The capacity when full."),
      KeyDescription(
        "capacity_mah", .number(minimum: 0), "The capacity in mAh; needs \"voltage\"."),
      KeyDescription(
        "voltage", .quantity(.voltage), "The nominal voltage, to convert mAh to energy."),
      KeyDescription(
        "charge_power", .quantity(.power), default: "none: plugging in does not refill it",
        "How fast a plugged-in device refills the battery."),
      KeyDescription("description", .string, "Notes."),
    ],
    rules: [
      .exactlyOne(["capacity", "capacity_mah"]),
      .note("voltage goes with capacity_mah, not with capacity."),
    ],
    example: """
      { "capacity_mah": 3279, "voltage": "3.85 V", "charge_power": "20 W" }
      """)

  static let appPolicy = ObjectDescription(
    "app_policy", title: "App policy", phrase: "an app policy",
    summary: "The defaults of the apps a scenario declares on this device.",
    keys: [
      KeyDescription(
        "background_time", .named("background_time"),
        default: AppPolicySpec.standard.backgroundTime?.description ?? "unlimited",
        "How long an app keeps running after leaving the foreground before it is suspended."),
      KeyDescription(
        "timer_leeway", .quantity(.time), default: "0",
        "The least tolerance of a hidden app's timers."),
    ] + grantKeys(default: { $0 }) + [
      KeyDescription("description", .string, "Notes.")
    ],
    example: """
      { "background_time": "5 s", "extended_time": "30 s", "processing_time": "10 min" }
      """)

  /// The grants of background tasks and deferrable tasks, as the device's `app_policy` and a
  /// scenario's app give them; `default` turns the device's default into the key's.
  static func grantKeys(default: (String) -> String) -> [KeyDescription] {
    [
      KeyDescription(
        "extended_time", .quantity(.time),
        default: `default`(BackgroundGrants.standard.extendedTime.description),
        "What a background task ({ \"extend\": \"background\" }) asks for: the app's time in the background, in all, while the work that asked is running."
      ),
      KeyDescription(
        "refresh_time", .quantity(.time),
        default: `default`(BackgroundGrants.standard.refreshTime.description),
        "How long a refresh task (\"task\": \"refresh\") runs the app in the background."),
      KeyDescription(
        "processing_time", .quantity(.time),
        default: `default`(BackgroundGrants.standard.processingTime.description),
        "How long a processing task (\"task\": \"processing\") runs the app in the background."
      ),
    ]
  }

  static let lowPowerLimits = ObjectDescription(
    "low_power_limits", title: "Low Power Mode limits", phrase: "Low Power Mode limits",
    summary:
      "What Low Power Mode limits on this device: CPU clusters and the GPU use only operating points up to max_frequency of their highest, and timers get at least timer_leeway of tolerance.",
    keys: [
      KeyDescription(
        "max_frequency", .quantity(.fraction), required: true,
        "The highest clock allowed, as a fraction (above 0) of the highest."),
      KeyDescription(
        "timer_leeway", .quantity(.time), required: true,
        "The tolerance every timer gets at least."),
      KeyDescription("description", .string, "Notes."),
    ],
    example: """
      { "max_frequency": "60%", "timer_leeway": "1 s" }
      """)

  static let networkStack = ObjectDescription(
    "network_stack", title: "Network stack", phrase: "a network stack",
    summary:
      "The kernel's work for the bytes a radio carries: each download is followed, and each upload preceded, by CPU work of cpu_per_mb per megabyte (10^6 bytes), at the transfer's QoS.",
    keys: [
      KeyDescription(
        "cpu_per_mb", .quantity(.time), required: true,
        "Reference-core time per megabyte received or sent."),
      KeyDescription("description", .string, "Notes."),
    ],
    example: """
      { "cpu_per_mb": "4.5 ms" }
      """)

  static let memory = ObjectDescription(
    "memory", title: "Memory", phrase: "a memory model",
    summary:
      "DRAM power that rises with the bandwidth components move: a generic component's step draws power_per_gbps for each GB/s (10^9 bytes per second) of its memory_bandwidth, or of its pixel_memory at the step's resolution and fps, above its own power.",
    keys: [
      KeyDescription(
        "power_per_gbps", .quantity(.power), required: true, "Power per GB/s moved."),
      KeyDescription("description", .string, "Notes."),
    ],
    example: """
      { "power_per_gbps": "40 mW" }
      """)

  static let thermal = ObjectDescription(
    "thermal", title: "Thermal model", phrase: "a thermal model",
    summary:
      "One lumped thermal mass warmed by the whole device's power and cooled through a thermal resistance to the ambient temperature; its thermal states; and the governor that polls it and caps the CPU clusters' and the GPU's operating points.",
    keys: [
      KeyDescription(
        "resistance", .number(minimum: 0), required: true,
        "The thermal resistance to the ambient, in °C per W: the steady rise per watt drawn."),
      KeyDescription(
        "capacitance", .number(minimum: 0),
        "The heat capacity, in J per °C (the time constant is resistance × capacitance)."),
      KeyDescription(
        "time_constant", .quantity(.time), "The thermal time constant, instead of capacitance."),
      KeyDescription(
        "states", .object("thermal_states"), required: true,
        "The temperatures at which the thermal states begin."),
      KeyDescription(
        "poll", .quantity(.time), default: "1 s",
        "How often the governor samples the power and the temperature."),
      KeyDescription(
        "limits", .object("power_limits"), default: "none",
        "The package's sustained and short-term power limits."),
      KeyDescription("description", .string, "Notes."),
    ],
    rules: [
      .exactlyOne(["capacitance", "time_constant"]),
      .note("The time constant is at least the poll."),
    ],
    example: """
      { "resistance": 4.5, "capacitance": 165, "states": { "fair": 39, "serious": 43, "critical": 45 } }
      """)

  static let thermalStates = ObjectDescription(
    "thermal_states", title: "Thermal states", phrase: "thermal states",
    summary:
      "The temperatures, in °C, at which each thermal state begins (below fair: nominal); the governor throttles from serious up.",
    keys: [
      KeyDescription("fair", .number(minimum: -273), required: true, "Where fair begins, °C."),
      KeyDescription(
        "serious", .number(minimum: -273), required: true,
        "Where serious begins, °C: the governor throttles at and above it."),
      KeyDescription(
        "critical", .number(minimum: -273), required: true, "Where critical begins, °C."),
    ],
    rules: [.note("fair < serious < critical.")],
    example: """
      { "fair": 39, "serious": 43, "critical": 45 }
      """)

  static let powerLimits = ObjectDescription(
    "power_limits", title: "Power limits", phrase: "power limits",
    summary:
      "A processor's package power limits: the sustained one over its averaging window (PL1 and tau) and the short-term one over a poll (PL2).",
    keys: [
      KeyDescription(
        "sustained", .quantity(.power), required: true,
        "The sustained limit (PL1): the package's power averaged over the window stays under it."),
      KeyDescription(
        "window", .quantity(.time), required: true,
        "The averaging window of the sustained limit (tau), at least the poll."),
      KeyDescription(
        "short_term", .quantity(.power), default: "none",
        "The short-term limit (PL2): the package's power over a poll stays under it; at least the sustained limit."
      ),
      KeyDescription(
        "components", .array(.string, minimum: 1), default: "the CPU and the GPU",
        "The components whose power the limits count (the package)."),
      KeyDescription("description", .string, "Notes."),
    ],
    example: """
      { "sustained": "15 W", "window": "28 s", "short_term": "50 W" }
      """)

  static let recipe = ObjectDescription(
    "recipe", title: "Recipe", phrase: "a recipe",
    summary:
      "The steps of a work item that a work item runs by naming the recipe: without qos, which the naming work item gives, or another recipe.",
    keys: workSteps.filter { $0.name != "qos" }, otherKeys: timedComponentKey,
    rules: [
      .note(
        "A recipe that names a component the device lacks is set aside: an error only if work names it."
      )
    ],
    example: """
      { "gnss": "6 s", "cpu": "20 ms" }
      """)

  // MARK: Components

  /// `type`, `description` and `parent`, which every component takes.
  static func common(_ type: String) -> [KeyDescription] {
    [
      KeyDescription("type", .choice([type]), required: true, "The component's model."),
      KeyDescription("description", .string, "Notes."),
      KeyDescription(
        "parent", .string, default: type == "island" ? "none" : "the platform, if any",
        "The platform or island component it hangs from, or \"none\"."),
    ]
  }

  /// `states` and `idle_policy`, which every component with a ladder takes.
  static var ladder: [KeyDescription] {
    [
      KeyDescription(
        "states", .array(.object("ladder_state"), minimum: 2), required: true,
        "The power-state ladder: the active state first, then deeper idle states."),
      KeyDescription(
        "idle_policy", .named("idle_policy"), default: "timeout",
        "How the component steps down when idle."),
    ]
  }

  static let platform = ObjectDescription(
    "platform", title: "Platform component", phrase: componentPhrase,
    summary:
      "The SoC fabric, memory and always-on rail: busy while any component hanging from it is active or waking; its deepest state is the sleep floor.",
    keys: common("platform") + ladder + [
      KeyDescription(
        "memory", .object("memory"), default: "moving data costs nothing extra",
        "How DRAM power rises with the bandwidth the components move.")
    ],
    example: """
      {
        "type": "platform",
        "states": [{ "name": "on", "power": "120 mW" },
          { "name": "sleep", "power": "8 mW", "after": "20 ms", "wake_latency": "1 ms" }]
      }
      """)

  static let island = ObjectDescription(
    "island", title: "Island component", phrase: componentPhrase,
    summary:
      "A low-power island (an audio DSP domain, a sensor hub, a media engine): a small always-on domain with its own ladder, busy while any component hanging from it is active or waking; those components keep only the island awake, not the platform.",
    keys: common("island") + ladder,
    example: """
      {
        "type": "island",
        "states": [{ "name": "awake", "power": "8 mW" },
          { "name": "off", "power": "0 W", "after": "20 ms", "wake_latency": "1 ms" }]
      }
      """)

  static let generic = ObjectDescription(
    "generic", title: "Generic component", phrase: componentPhrase,
    summary:
      "A ladder plus work measured in time (GPS, audio, sensors): a work item's \"<name>\": \"2 s\" keeps it active for 2 s.",
    keys: common("generic") + ladder + [
      KeyDescription(
        "memory_bandwidth", .quantity(.dataRate), default: "none",
        "The memory traffic while active (a decoder's frames), priced by the platform's memory."),
      KeyDescription(
        "pixel_energy", .quantity(.energy), default: "none",
        "Energy per pixel handled: a step with resolution and fps draws this times the pixels per second above the active state's power (a camera's sensor and ISP, an encoder)."
      ),
      KeyDescription(
        "pixel_memory", .quantity(.dataSize), default: "none",
        "Bytes of memory traffic per pixel handled, at a step's resolution and fps; it replaces memory_bandwidth for such a step."
      ),
    ],
    example: """
      {
        "type": "generic",
        "states": [{ "name": "tracking", "power": "30 mW" },
          { "name": "off", "power": 0, "after": "1 s", "wake_latency": "500 ms" }]
      }
      """)

  static let cpu = ObjectDescription(
    "cpu", title: "CPU component", phrase: componentPhrase,
    summary:
      "A CPU: clusters of cores (the first cluster at its highest frequency is the reference core).",
    keys: common("cpu") + [
      KeyDescription(
        "dispatch_cost", .quantity(.time), default: "50 µs",
        "Reference-core time every occurrence costs before its work."),
      KeyDescription(
        "display_latency_limit", .quantity(.time), default: "none",
        "While the display is on, the idle governor chooses no core or cluster state slower to leave than this (the display driver's CPU latency request)."
      ),
      KeyDescription(
        "clusters", .array(.object("cluster"), minimum: 1), required: true,
        "The clusters; the first holds the reference core."),
      KeyDescription(
        "qos_policy", .object("qos_policy"), default: "each class's default",
        "Where each QoS class runs and at which frequency."),
    ],
    example: """
      {
        "type": "cpu",
        "clusters": [{
          "name": "big", "cores": 2,
          "opps": [{ "freq": "1 GHz", "power": "200 mW" }, { "freq": "2 GHz", "power": "900 mW" }],
          "core_states": [{ "name": "run", "power": "0 W" }, { "name": "off", "power": "0 W", "min_residency": "1 ms" }],
          "states": [{ "name": "on", "power": "20 mW" }, { "name": "off", "power": "0 W", "min_residency": "2 ms" }]
        }]
      }
      """)

  static let storage = ObjectDescription(
    "storage", title: "Storage component", phrase: componentPhrase,
    summary:
      "Flash storage: bandwidths, powers, a per-request latency and a page size, and a ladder.",
    keys: common("storage") + ladder + [
      KeyDescription(
        "read_bandwidth", .quantity(.dataRate), required: true, "How fast reads transfer."),
      KeyDescription(
        "write_bandwidth", .quantity(.dataRate), required: true, "How fast writes transfer."),
      KeyDescription("read_power", .quantity(.power), required: true, "The draw while reading."),
      KeyDescription("write_power", .quantity(.power), required: true, "The draw while writing."),
      KeyDescription(
        "command_latency", .quantity(.time), default: "0",
        "Fixed time per request at active power."),
      KeyDescription(
        "page_size", .quantity(.dataSize), default: "4 KiB", "Writes occupy whole pages."),
    ],
    example: """
      {
        "type": "storage",
        "states": [{ "name": "active", "power": "50 mW" }, { "name": "sleep", "power": "1 mW", "after": "5 ms" }],
        "read_bandwidth": "1.5 GB/s", "write_bandwidth": "1 GB/s",
        "read_power": "1.2 W", "write_power": "1.8 W", "command_latency": "80 µs"
      }
      """)

  static let radio = ObjectDescription(
    "radio", title: "Radio component", phrase: componentPhrase,
    summary: "A radio: a ladder (with its tails) and a transfer model.",
    keys: common("radio") + ladder + [
      KeyDescription(
        "technology", .choice(RadioTechnology.allCases.map(\.rawValue)),
        default: "from its name: wifi or cellular, else other", "What network the radio is."),
      KeyDescription("downlink", .quantity(.dataRate), required: true, "The downlink bandwidth."),
      KeyDescription("uplink", .quantity(.dataRate), required: true, "The uplink bandwidth."),
      KeyDescription(
        "rtt", .quantity(.time), default: "0", "Round-trip time added to every transfer."),
      KeyDescription(
        "transfer_power", .oneOf([.quantity(.power), .object("throughput_power")]),
        required: true, "The active power while transferring."),
      KeyDescription(
        "signal_power", .object("signal_power"), default: "1 at every level",
        "Factors on the transfer power at each signal level of the network."),
      KeyDescription(
        "drx", .object("drx"), default: "none: the radio listens continuously while connected",
        "Connected-mode discontinuous reception: sleeping between on-durations after a quiet spell."
      ),
      KeyDescription(
        "scanning", .quantity(.power), default: "none: the states' own powers",
        "The draw in every state below its active one while the network is offline: it searches for one."
      ),
    ],
    example: """
      {
        "type": "radio",
        "states": [{ "name": "connected", "power": "250 mW" },
          { "name": "idle", "power": "10 mW", "after": "200 ms", "wake_latency": "50 ms" }],
        "downlink": "50 Mbit/s", "uplink": "10 Mbit/s", "rtt": "40 ms",
        "transfer_power": "1.1 W", "signal_power": { "poor": 1.8 }
      }
      """)

  static let gpu = ObjectDescription(
    "gpu", title: "GPU component", phrase: componentPhrase,
    summary: "A GPU: operating points and a ladder (clock-gated, then power-gated).",
    keys: common("gpu") + ladder + [
      KeyDescription(
        "opps", .array(.object("operating_point"), minimum: 1), required: true,
        "Operating points by increasing frequency."),
      KeyDescription(
        "frequency", .choice(FrequencyChoice.allCases.map(\.rawValue)), default: "max",
        "The operating point GPU work runs at: max, min, efficient (the lowest power per cycle), or governor: a frame's GPU step at the lowest operating point that finishes it by the frame's deadline (its due time plus one frame interval), else the highest; other GPU work at the highest."
      ),
    ],
    example: """
      {
        "type": "gpu",
        "states": [{ "name": "active", "power": "0 W" }, { "name": "gated", "power": "5 mW", "after": "2 ms" }],
        "opps": [{ "freq": "300 MHz", "power": "400 mW" }, { "freq": "900 MHz", "power": "2 W" }],
        "frequency": "governor"
      }
      """)

  static let display = ObjectDescription(
    "display", title: "Display component", phrase: componentPhrase,
    summary: "A display: panel_power + per_hz × refresh + emission while on, off_power while off.",
    keys: common("display") + [
      KeyDescription(
        "technology", .choice(DisplayTechnology.allCases.map(\.rawValue)), required: true,
        "OLED or LCD."),
      KeyDescription(
        "refresh_rates", .array(.quantity(.frequency), minimum: 1), required: true,
        "The supported refresh rates, increasing."),
      KeyDescription(
        "idle_refresh", .quantity(.frequency), required: true,
        "The refresh rate with nothing animating; one of refresh_rates."),
      KeyDescription(
        "panel_power", .quantity(.power), required: true, "The panel's draw while on."),
      KeyDescription(
        "per_hz", .quantity(.power), required: true, "Watts per Hz of refresh rate."),
      KeyDescription(
        "full_white_power", .quantity(.power), default: "0 (required for OLED)",
        "OLED: emission power at full white, full luminance."),
      KeyDescription(
        "backlight_power", .quantity(.power), default: "0 (required for LCD)",
        "LCD: backlight power at full luminance."),
      KeyDescription(
        "brightness_curve", .oneOf([.choice(["android"]), .object("gamma_curve")]),
        default: "{ \"gamma\": 2.2 }",
        "From the brightness setting to luminance: \"android\", the slider of Android 9 and later (half the slider asks for 1/12 of full luminance), or a gamma curve."
      ),
      KeyDescription(
        "brightness_gamma", .number(minimum: 0),
        "The older spelling of brightness_curve { \"gamma\": N }: luminance = brightness ^ N, N > 0."
      ),
      KeyDescription(
        "appearance_apl", .object("appearance_apl"), default: "none (required for OLED)",
        "The average pixel level of each appearance."),
      KeyDescription("off_power", .quantity(.power), default: "0", "The draw while off."),
      KeyDescription(
        "max_luminance", .quantity(.luminance), default: "none: no brightness in nits",
        "The luminance at full brightness; a session's brightness in nits is a fraction of it."),
    ],
    rules: [
      .note("brightness_curve and brightness_gamma: at most one.")
    ],
    example: """
      {
        "type": "display", "technology": "oled",
        "refresh_rates": ["60 Hz", "120 Hz"], "idle_refresh": "60 Hz",
        "panel_power": "150 mW", "per_hz": "1 mW", "full_white_power": "1.2 W",
        "brightness_curve": "android", "appearance_apl": { "light": "80%", "dark": "15%" }
      }
      """)

  // MARK: Parts of components

  static let ladderState = ObjectDescription(
    "ladder_state", title: "Ladder state", phrase: "a ladder state",
    summary:
      "A power state of a ladder. The first (active) state takes only name, power and description.",
    keys: [
      KeyDescription(
        "name", .string, required: true,
        "The state's name, unique in the ladder; \"waking\" is reserved."),
      KeyDescription("power", .quantity(.power), required: true, "The draw while in the state."),
      KeyDescription(
        "after", .quantity(.time), default: "0 (predictive policy only)", forms: ["idle"],
        "Idle time after finishing work at which the component enters this state (timeout policy)."
      ),
      KeyDescription(
        "wake_latency", .quantity(.time), default: "0", forms: ["idle"],
        "Time to return to the active state from here."),
      KeyDescription(
        "wake_power", .quantity(.power), default: "the active power", forms: ["idle"],
        "The draw while waking."),
      KeyDescription(
        "min_residency", .quantity(.time), default: "0", forms: ["idle"],
        "The shortest idle time worth entering this state for (predictive policy)."),
      KeyDescription(
        "suspended_power", .quantity(.power), default: "its power", forms: ["idle"],
        "The draw while the platform is in its deepest state, the device suspended: 0 for a part whose idle draw the platform's floor already counts."
      ),
      KeyDescription("description", .string, "Notes."),
    ],
    forms: [
      ObjectForm(
        name: "active", selectedBy: [], summary: "The first state: the component at work."),
      ObjectForm(name: "idle", selectedBy: [], summary: "The deeper states, in order."),
    ],
    rules: [
      .note(
        "Under the timeout policy every idle state needs after, and after does not decrease down the ladder."
      ),
      .note(
        "suspended_power is at most the state's power; the platform's own states take none."),
      .note("No state, wake or suspended draw is below the deepest state's least draw."),
    ],
    example: """
      { "name": "sleep", "power": "2 mW", "after": "50 ms", "wake_latency": "1 ms", "wake_power": "90 mW" }
      """)

  static let cluster = ObjectDescription(
    "cluster", title: "CPU cluster", phrase: "a CPU cluster",
    summary:
      "A cluster of identical cores with its operating points, a per-core ladder and a cluster ladder.",
    keys: [
      KeyDescription("name", .string, required: true, "The cluster's name, unique in the CPU."),
      KeyDescription(
        "cores", .integer(minimum: 1, maximum: 256), required: true, "How many cores."),
      KeyDescription(
        "ipc", .number(minimum: 0), default: "1",
        "Instructions per cycle relative to the reference core."),
      KeyDescription(
        "opps", .array(.object("operating_point"), minimum: 1), required: true,
        "Operating points by increasing frequency."),
      KeyDescription(
        "core_states", .array(.object("ladder_state"), minimum: 2), required: true,
        "Each core's ladder, the active state first."),
      KeyDescription(
        "core_idle_policy", .named("idle_policy"), default: "predictive", "The cores' idle policy."),
      KeyDescription(
        "states", .array(.object("ladder_state"), minimum: 2), required: true,
        "The cluster's ladder, busy while any core is active."),
      KeyDescription(
        "idle_policy", .named("idle_policy"), default: "predictive", "The cluster's idle policy."),
      KeyDescription("description", .string, "Notes."),
    ],
    example: """
      {
        "name": "little", "cores": 4, "ipc": 0.6,
        "opps": [{ "freq": "600 MHz", "power": "30 mW" }, { "freq": "1.8 GHz", "power": "150 mW" }],
        "core_states": [{ "name": "run", "power": "0 W" }, { "name": "off", "power": "0 W" }],
        "states": [{ "name": "on", "power": "10 mW" }, { "name": "off", "power": "0 W" }]
      }
      """)

  static let operatingPoint = ObjectDescription(
    "operating_point", title: "Operating point", phrase: "an operating point",
    summary: "A frequency and the active power per busy core (or GPU) at it.",
    keys: [
      KeyDescription("freq", .quantity(.frequency), required: true, "The clock frequency."),
      KeyDescription(
        "power", .quantity(.power), required: true, "The active power per busy core at it."),
      KeyDescription("description", .string, "Notes."),
    ],
    example: """
      { "freq": "2.4 GHz", "power": "1.1 W" }
      """)

  static let qosPolicy = ObjectDescription(
    "qos_policy", title: "QoS policy", phrase: "a QoS policy",
    summary:
      "Where each QoS class runs and at which frequency. By default the interactive classes and default run on the clusters in listed order at max, utility on them in reverse order at efficient, background on the last cluster at efficient.",
    keys: QoSClass.allCases.map { qos in
      KeyDescription(
        qos.rawValue, .object("qos_rule"), default: "the class's default",
        "Where \(qos.rawValue) work runs.")
    } + [
      KeyDescription(
        "io_throttle_window", .quantity(.time),
        default: QoSBeyondCPU.darwinThrottleWindow.description,
        "Background storage requests start only after no request of a higher class has been served for this long (Darwin's I/O throttling; XNU's tier-3 window is 500 ms)."
      ),
      KeyDescription(
        "timer_tolerance", .quantity(.fraction),
        default: QoSBeyondCPU.guidanceTimerTolerance.description,
        "The tolerance of utility and background repeating timers that give none, as a fraction of their period (the energy guidance asks for at least 10%)."
      ),
    ],
    example: """
      { "utility": { "clusters": ["little"], "frequency": "min" } }
      """)

  static let qosRule = ObjectDescription(
    "qos_rule", title: "QoS rule", phrase: "a QoS rule",
    summary: "Where a QoS class runs: a cluster preference and a frequency choice.",
    keys: [
      KeyDescription(
        "clusters", .array(.string, minimum: 1), default: "the class's default",
        "Cluster names, in order of preference."),
      KeyDescription(
        "frequency",
        .choice(FrequencyChoice.allCases.filter { $0 != .governor }.map(\.rawValue)),
        default: "the class's default",
        "max, min, or efficient (the operating point with the lowest energy per cycle, counting the core's power and that of the hosts it keeps awake: its cluster and the platform)."
      ),
    ],
    example: """
      { "clusters": ["little", "big"], "frequency": "efficient" }
      """)

  static let throughputPower = ObjectDescription(
    "throughput_power", title: "Throughput-dependent power",
    phrase: "a throughput-dependent power",
    summary:
      "A transfer power that grows with throughput: base + per_mbit_down × Mbit/s down + per_mbit_up × Mbit/s up.",
    keys: [
      KeyDescription("base", .quantity(.power), required: true, "The power at no throughput."),
      KeyDescription(
        "per_mbit_down", .quantity(.power), required: true, "Watts per Mbit/s downloaded."),
      KeyDescription(
        "per_mbit_up", .quantity(.power), required: true, "Watts per Mbit/s uploaded."),
    ],
    example: """
      { "base": "800 mW", "per_mbit_down": "5 mW", "per_mbit_up": "20 mW" }
      """)

  static let signalPower = ObjectDescription(
    "signal_power", title: "Signal power factors", phrase: "signal power factors",
    summary:
      "Factors (at least 1) on a radio's transfer power at each signal level of the network.",
    keys: SignalLevel.allCases.map { level in
      KeyDescription(
        level.rawValue, .number(minimum: 1), default: "1",
        "The factor at a \(level.rawValue) signal.")
    },
    example: """
      { "fair": 1.3, "poor": 2 }
      """)

  static let drx = ObjectDescription(
    "drx", title: "Connected-mode DRX", phrase: "a connected-mode DRX",
    summary:
      "After inactivity with no data, the radio sleeps at power except during the first on_duration of each cycle (counted from the start of the run); data arriving during a sleep waits for the next on-duration.",
    keys: [
      KeyDescription(
        "cycle", .quantity(.time), required: true,
        "The DRX cycle: an on-duration starts at every multiple of it."),
      KeyDescription(
        "on_duration", .quantity(.time), required: true,
        "How long the radio listens at the start of each cycle, at its active state's power; shorter than the cycle."
      ),
      KeyDescription(
        "inactivity", .quantity(.time), required: true,
        "The time with no data, in the active state, before the radio starts to sleep."),
      KeyDescription(
        "power", .quantity(.power), required: true,
        "The draw asleep between on-durations, at least the deepest state's."),
    ],
    example: """
      { "cycle": "40 ms", "on_duration": "10 ms", "inactivity": "8 ms", "power": "19 mW" }
      """)

  static let gammaCurve = ObjectDescription(
    "gamma_curve", title: "Gamma brightness curve", phrase: "a brightness curve",
    summary: "luminance = brightness ^ gamma.",
    keys: [
      KeyDescription("gamma", .number(minimum: 0), required: true, "The exponent, greater than 0.")
    ],
    example: """
      { "gamma": 2.2 }
      """)

  static let appearanceLevels = ObjectDescription(
    "appearance_apl", title: "Appearance levels", phrase: "appearance levels",
    summary: "The average pixel level of each appearance.",
    keys: Appearance.allCases.map { appearance in
      KeyDescription(
        appearance.rawValue, .quantity(.fraction), required: true,
        "The average pixel level in \(appearance.rawValue) appearance.")
    },
    example: """
      { "light": "80%", "dark": "15%" }
      """)
}
