import DeviceModels
import JSONSupport

extension ScenarioSchema {
  /// The device (SPEC section 4) and its component types (SPEC section 5).
  static var deviceDefinitions: [(String, JSONValue)] {
    [
      (
        "device",
        oneOf(
          [
            string("A built-in device name, or a path to a device file ending in .json."),
            ref("device_object"),
          ],
          "A built-in device name, a path to a device file (relative to the file that names it), or an inline device object."
        )
      ),
      (
        "device_object",
        object(
          "A device: its battery and its components, keyed by name. With \"extends\", it is that device merge-patched with this object's other keys.",
          properties: [
            ("name", string("The device's name.")),
            ("description", string("What the device is.")),
            (
              "extends",
              string("A built-in device name or a device file path this device is a patch over.")
            ),
            ("battery", ref("battery")),
            ("app_policy", ref("app_policy")),
            (
              "components",
              object(
                "The components, keyed by name; the CPU, storage, GPU and display at most one each.",
                properties: [], additional: ref("component"), extensionKeys: false)
            ),
            (
              "recipes",
              object(
                "Named work recipes (SPEC 5.8), such as \"location-best\": { \"gnss\": \"6 s\", \"cpu\": \"20 ms\" }: the steps of a work item, without qos, which a work item runs by naming the recipe.",
                properties: [], additional: ref("work_item"))
            ),
            ("low_power", ref("low_power_limits")),
          ], anyOf: [["components"], ["extends"]])
      ),
      (
        "low_power_limits",
        object(
          "What Low Power Mode limits on this device (SPEC 6.6): CPU clusters and the GPU use only operating points up to max_frequency of their highest, and timers get at least timer_leeway of tolerance.",
          properties: [
            (
              "max_frequency",
              ref("fraction", "The highest clock allowed, as a fraction (above 0) of the highest.")
            ),
            ("timer_leeway", ref("time", "The tolerance every timer gets at least.")),
            ("description", string("Notes.")),
          ], required: ["max_frequency", "timer_leeway"])
      ),
      (
        "battery",
        object(
          "The battery: a capacity as energy, or in mAh with a voltage.",
          properties: [
            ("capacity", ref("energy", "The capacity when full.")),
            ("capacity_mah", number("The capacity in mAh; needs \"voltage\".", minimum: 0)),
            ("voltage", ref("voltage", "The nominal voltage, to convert mAh to energy.")),
            (
              "charge_power",
              ref("power", "How fast a plugged-in device refills the battery.")
            ),
            ("description", string("Notes.")),
          ], anyOf: [["capacity"], ["capacity_mah"]])
      ),
      (
        "component",
        oneOf(
          DeviceDecoder.componentTypes.map { ref($0) },
          "A component; its \"type\" says which model it follows.")
      ),
      (
        "platform",
        ladderComponent(
          "platform",
          "The SoC fabric, memory and always-on rail: busy while any component hanging from it is active or waking; its deepest state is the sleep floor."
        )
      ),
      (
        "generic",
        ladderComponent(
          "generic",
          "A ladder plus work measured in time (GPS, audio, sensors): a work item's \"<name>\": \"2 s\" keeps it active for 2 s."
        )
      ),
      ("cpu", cpu),
      ("cluster", cluster),
      ("operating_point", operatingPoint),
      (
        "qos_rule",
        object(
          "Where a QoS class runs: a cluster preference and a frequency choice.",
          properties: [
            ("clusters", array(string("A cluster name."), "Clusters in order of preference.")),
            ("frequency", frequencyChoice),
          ])
      ),
      ("storage", storage),
      ("radio", radio),
      ("gpu", gpu),
      ("display", display),
      ("ladder_state", ladderState),
      (
        "idle_policy",
        choice(
          IdlePolicy.allCases.map(\.rawValue),
          "timeout: step down as the after timers expire; predictive: go at once to the deepest state whose min_residency fits the predicted idle time."
        )
      ),
    ]
  }

  /// `type`, `description` and `parent`, which every component takes.
  static func common(_ type: String) -> [(String, JSONValue)] {
    [
      ("type", choice([type], "The component's model.")),
      ("description", string("Notes.")),
      (
        "parent",
        string(
          "The platform component it hangs from (default: the platform, if any, for the display too), or \"none\"."
        )
      ),
    ]
  }

  /// `states` and `idle_policy`.
  static var ladder: [(String, JSONValue)] {
    [
      (
        "states",
        array(
          ref("ladder_state"),
          "The power-state ladder: the active state first, then deeper idle states (at least one).")
      ),
      ("idle_policy", ref("idle_policy", "How the component steps down when idle.")),
    ]
  }

  static func ladderComponent(_ type: String, _ description: String) -> JSONValue {
    object(description, properties: common(type) + ladder, required: ["type", "states"])
  }

  static var ladderState: JSONValue {
    object(
      "A power state. The first (active) state takes only name and power.",
      properties: [
        ("name", string("The state's name, unique in the ladder; \"waking\" is reserved.")),
        ("power", ref("power", "The draw while in the state.")),
        (
          "after",
          ref(
            "time",
            "Idle time after finishing work at which the component enters this state (timeout policy)."
          )
        ),
        ("wake_latency", ref("time", "Time to return to the active state from here.")),
        ("wake_power", ref("power", "The draw while waking (default: the active power).")),
        (
          "min_residency",
          ref("time", "The shortest idle time worth entering this state for (predictive policy).")
        ),
        (
          "suspended_power",
          ref(
            "power",
            "The draw while the platform is in its deepest state, the device suspended (default: power): 0 for a part whose idle draw the platform's floor already counts."
          )
        ),
        ("description", string("Notes.")),
      ], required: ["name", "power"])
  }

  static var frequencyChoice: JSONValue {
    choice(
      FrequencyChoice.allCases.filter { $0 != .governor }.map(\.rawValue),
      "max, min, or efficient (the operating point with the lowest energy per cycle, counting the core's power and that of the hosts it keeps awake: its cluster and the platform)."
    )
  }

  static var gpuFrequencyChoice: JSONValue {
    choice(
      FrequencyChoice.allCases.map(\.rawValue),
      "max (the default), min, efficient (the lowest power per cycle), or governor: a frame's GPU step at the lowest operating point that finishes it by the frame's deadline (its due time plus one frame interval), else the highest; other GPU work at the highest."
    )
  }

  static var operatingPoint: JSONValue {
    object(
      "An operating point: a frequency and the active power per busy core (or GPU) at it.",
      properties: [
        ("freq", ref("frequency")), ("power", ref("power")), ("description", string("Notes.")),
      ], required: ["freq", "power"])
  }

  static var cpu: JSONValue {
    let rules = QoSClass.allCases.map { ($0.rawValue, ref("qos_rule")) }
    return object(
      "A CPU: clusters of cores (the first cluster at its highest frequency is the reference core).",
      properties: common("cpu") + [
        (
          "dispatch_cost",
          ref("time", "Reference-core time every occurrence costs before its work (default 50 µs).")
        ),
        (
          "display_latency_limit",
          ref(
            "time",
            "While the display is on, the idle governor chooses no core or cluster state slower to leave than this (the display driver's CPU latency request)."
          )
        ),
        ("clusters", array(ref("cluster"), "The clusters; the first holds the reference core.")),
        (
          "qos_policy",
          object("Where each QoS class runs and at which frequency.", properties: rules)
        ),
      ], required: ["type", "clusters"])
  }

  static var cluster: JSONValue {
    object(
      "A cluster of identical cores with its operating points, a per-core ladder and a cluster ladder.",
      properties: [
        ("name", string("The cluster's name, unique in the CPU.")),
        ("cores", integer("How many cores.", minimum: 1, maximum: 256)),
        (
          "ipc",
          number("Instructions per cycle relative to the reference core (default 1).", minimum: 0)
        ),
        ("opps", array(ref("operating_point"), "Operating points by increasing frequency.")),
        ("core_states", array(ref("ladder_state"), "Each core's ladder, the active state first.")),
        ("core_idle_policy", ref("idle_policy", "The cores' idle policy (default predictive).")),
        (
          "states",
          array(ref("ladder_state"), "The cluster's ladder, busy while any core is active.")
        ),
        ("idle_policy", ref("idle_policy", "The cluster's idle policy (default predictive).")),
        ("description", string("Notes.")),
      ], required: ["name", "cores", "opps", "core_states", "states"])
  }

  static var storage: JSONValue {
    object(
      "Flash storage: bandwidths, powers, a per-request latency and a page size, and a ladder.",
      properties: common("storage") + ladder + [
        ("read_bandwidth", ref("data_rate")), ("write_bandwidth", ref("data_rate")),
        ("read_power", ref("power")), ("write_power", ref("power")),
        ("command_latency", ref("time", "Fixed time per request at active power (default 0).")),
        ("page_size", ref("data_size", "Writes occupy whole pages (default 4 KiB).")),
      ],
      required: [
        "type", "states", "read_bandwidth", "write_bandwidth", "read_power", "write_power",
      ])
  }

  static var radio: JSONValue {
    let throughput = object(
      "Throughput-dependent power: base + per_mbit_down × Mbit/s down + per_mbit_up × Mbit/s up.",
      properties: [
        ("base", ref("power")),
        ("per_mbit_down", ref("power", "Watts per Mbit/s downloaded.")),
        ("per_mbit_up", ref("power", "Watts per Mbit/s uploaded.")),
      ], required: ["base", "per_mbit_down", "per_mbit_up"])
    return object(
      "A radio: a ladder (with its tails) and a transfer model.",
      properties: common("radio") + ladder + [
        (
          "technology",
          choice(
            RadioTechnology.allCases.map(\.rawValue),
            "What network the radio is (default: from its name, wifi or cellular, else other).")
        ),
        ("downlink", ref("data_rate")), ("uplink", ref("data_rate")),
        ("rtt", ref("time", "Round-trip time added to every transfer (default 0).")),
        (
          "transfer_power",
          oneOf([ref("power"), throughput], "The active power while transferring.")
        ),
        ("signal_power", signalPower),
      ], required: ["type", "states", "downlink", "uplink", "transfer_power"])
  }

  static var signalPower: JSONValue {
    object(
      "Factors (at least 1) on the transfer power at each signal level of the network (default 1 each).",
      properties: SignalLevel.allCases.map { level in
        (level.rawValue, number("The factor at a \(level.rawValue) signal.", minimum: 1))
      })
  }

  static var gpu: JSONValue {
    object(
      "A GPU: operating points and a ladder (clock-gated, then power-gated).",
      properties: common("gpu") + ladder + [
        ("opps", array(ref("operating_point"), "Operating points by increasing frequency.")),
        ("frequency", gpuFrequencyChoice),
      ], required: ["type", "states", "opps"])
  }

  /// `brightness_curve`: `"android"` or `{ "gamma": N }`.
  static var brightnessCurve: JSONValue {
    oneOf(
      [
        choice(
          ["android"],
          "The brightness slider of Android 9 and later (AOSP SettingsLib BrightnessUtils): half the slider asks for 1/12 of full luminance."
        ),
        object(
          "luminance = brightness ^ gamma.",
          properties: [("gamma", number("The exponent, greater than 0.", minimum: 0))],
          required: ["gamma"]),
      ], "From the brightness setting to luminance (default { \"gamma\": 2.2 }).")
  }

  static var display: JSONValue {
    object(
      "A display: panel_power + per_hz × refresh + emission while on, off_power while off.",
      properties: common("display") + [
        ("technology", choice(DisplayTechnology.allCases.map(\.rawValue), "OLED or LCD.")),
        ("refresh_rates", array(ref("frequency"), "The supported refresh rates, increasing.")),
        ("idle_refresh", ref("frequency", "The refresh rate with nothing animating.")),
        ("panel_power", ref("power")),
        ("per_hz", ref("power", "Watts per Hz of refresh rate.")),
        ("full_white_power", ref("power", "OLED: emission power at full white, full luminance.")),
        ("backlight_power", ref("power", "LCD: backlight power at full luminance.")),
        ("brightness_curve", brightnessCurve),
        (
          "brightness_gamma",
          number(
            "The older spelling of brightness_curve { \"gamma\": N }: luminance = brightness ^ N, N > 0.",
            minimum: 0)
        ),
        (
          "appearance_apl",
          object(
            "The average pixel level of each appearance (required for OLED).",
            properties: Appearance.allCases.map { ($0.rawValue, ref("fraction")) },
            required: Appearance.allCases.map(\.rawValue))
        ),
        ("off_power", ref("power", "The draw while off (default 0).")),
      ], required: ["type", "technology", "refresh_rates", "idle_refresh", "panel_power", "per_hz"])
  }
}
