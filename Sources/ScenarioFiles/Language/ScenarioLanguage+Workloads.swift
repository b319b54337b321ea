import DeviceModels

extension ScenarioLanguage {
  /// The forms of a workload that arrive from outside (and may be pushed, or debounced).
  static let arrivalForms = ["at", "every", "rate", "mean_interval", "times", "trace"]

  /// A workload: one form per timing kind, each with the keys that kind takes.
  static let workload = ObjectDescription(
    "workload", title: "Workload", phrase: "a workload",
    summary:
      "Something the device does, again and again or once: its timing keys say when it runs, \"work\" what it does.",
    keys: [
      KeyDescription(
        "at", .quantity(.time), required: true, forms: ["at"], "When the workload runs."),
      KeyDescription(
        "every", .quantity(.time), required: true, forms: ["every"], "The timer's period."),
      KeyDescription(
        "every", .quantity(.time), required: true, forms: ["repeating_task"],
        "The task's period: instance k becomes eligible at from + k·every."),
      KeyDescription(
        "rate", .quantity(.frequency), required: true, forms: ["rate"], "The mean arrival rate."),
      KeyDescription(
        "mean_interval", .quantity(.time), required: true, forms: ["mean_interval"],
        "The mean time between arrivals."),
      KeyDescription(
        "times", .array(.quantity(.time)), required: true, forms: ["times"],
        "The times of the occurrences, in increasing order."),
      KeyDescription(
        "trace", .string, required: true, forms: ["trace"],
        "A CSV file (relative to the scenario): a time column and any work-step columns, one row per occurrence."
      ),
      KeyDescription(
        "frames", .oneOf([.quantity(.frequency), .object("frame_rate_range")]), required: true,
        forms: ["frames"],
        "The frame rate, such as \"60 fps\", or a range the OS may move it in, such as { \"min\": \"60 fps\", \"max\": \"120 fps\" }."
      ),
      KeyDescription(
        "window", .array(.quantity(.time), minimum: 2, maximum: 2), required: true,
        forms: ["window"], "[earliest, deadline]: the window the work must run in."),
      KeyDescription(
        "window", .quantity(.time), required: true, forms: ["repeating_task"],
        "How long each instance may wait for its conditions (at most \"every\")."),
      KeyDescription(
        "on", .named("system_event"), required: true, forms: ["on"],
        "The event the workload runs on: one occurrence each time it happens."),
      KeyDescription(
        "from", .quantity(.time), default: "0",
        forms: ["every", "rate", "mean_interval", "frames", "repeating_task"],
        "When the workload starts."),
      KeyDescription(
        "until", .quantity(.time), default: "the end of the run",
        forms: ["every", "rate", "mean_interval", "repeating_task"], "When the workload stops."),
      KeyDescription(
        "count", .integer(minimum: 1, maximum: nil), default: "no limit",
        forms: ["every", "repeating_task"], "How many occurrences at most."),
      KeyDescription(
        "tolerance", .quantity(.time),
        default:
          "0; for utility and background work, the device's qos_policy timer_tolerance of the period",
        forms: ["every"],
        "How late the timer may fire so the OS can coalesce it with other wake-ups."),
      KeyDescription(
        "for", .quantity(.time), default: "to the end of the run", forms: ["frames"],
        "How long the animation lasts."),
      KeyDescription(
        "requires",
        .oneOf([.named("deferral_condition"), .array(.named("deferral_condition"), minimum: 1)]),
        default: "none", forms: ["window", "repeating_task"],
        "What the deferrable work waits for: one condition, or a list that must all hold."),
      KeyDescription(
        "interruptible", .boolean, default: "false", forms: ["window", "repeating_task"],
        "Whether the work, when its conditions stop holding while it runs, finishes its current step and waits until they hold again or its deadline comes."
      ),
      KeyDescription(
        "thread", .choice(["main"]), default: "a thread of its own",
        forms: arrivalForms + ["window", "repeating_task"],
        "\"main\": the workload runs on its app's main thread; each occurrence holds the thread from its start to its end (a blocking read included), and the app's frames wait for the thread before their CPU step."
      ),
      KeyDescription(
        "task", .choice(BackgroundTaskKind.allCases.map(\.rawValue)), default: "\"refresh\"",
        forms: ["window", "repeating_task"],
        "What the task is for, which sets how long it runs its app in the background: \"refresh\" (an app refresh, the app's refresh_time) or \"processing\" (maintenance work, processing_time)."
      ),
      KeyDescription(
        "delay", .quantity(.time), default: "0", forms: ["on"],
        "How long after the event the occurrence is due."),
      KeyDescription(
        "when", .oneOf([.named("run_state"), .array(.named("run_state"), minimum: 1)]),
        default: "always",
        "One state, or a list that must all hold: while they do not, the workload does nothing (its due occurrences and frames pass; deferrable work waits, and its window passes without it if they do not hold at its deadline). \"visible\": its app is in the foreground (inside the scenario's visibility intervals, without apps)."
      ),
      KeyDescription(
        "debounce", .quantity(.time), forms: arrivalForms,
        "Turns arrivals into triggers: each restarts a timer of this length, and the work runs once when it expires with no new trigger (for a trace, the last row's work; earlier rows' work does not run)."
      ),
      KeyDescription(
        "work", .named("work"), required: true,
        forms: [
          "at", "every", "rate", "mean_interval", "times", "frames", "window", "repeating_task",
          "on",
        ],
        "What each occurrence does."),
      KeyDescription(
        "app", .string, default: "\"app\"",
        "The app the workload belongs to: one declared in \"apps\"."),
      KeyDescription(
        "push", .choice(PushPriority.allCases.map(\.rawValue)), forms: arrivalForms,
        "Each occurrence is sent by a server and reaches the device as a push before its work runs: \"high\" at once, waking the radio; \"low\" held until the device is awake anyway or max_delay has passed."
      ),
      KeyDescription(
        "push_size", .quantity(.dataSize), default: "4 KB", forms: arrivalForms,
        "The size of each push's downlink."),
      KeyDescription(
        "max_delay", .quantity(.time), default: "15 min", forms: arrivalForms,
        "How long the push service may hold a low-priority push."),
      KeyDescription(
        "collapse", .boolean, default: "false", forms: arrivalForms,
        "Deliver only the latest held low-priority push; the others count as held."),
    ],
    forms: [
      ObjectForm(name: "at", selectedBy: ["at"], summary: "A workload that runs once, at a time."),
      ObjectForm(
        name: "every", selectedBy: ["every"],
        summary: "A repeating timer, due at from + k·every while before until and k < count."),
      ObjectForm(
        name: "rate", selectedBy: ["rate"],
        summary: "Sporadic arrivals (Poisson) at a mean rate, drawn from the scenario's seed."),
      ObjectForm(
        name: "mean_interval", selectedBy: ["mean_interval"],
        summary:
          "Sporadic arrivals (Poisson) with a mean interval, drawn from the scenario's seed."),
      ObjectForm(
        name: "times", selectedBy: ["times"], summary: "Occurrences at an explicit list of times."),
      ObjectForm(
        name: "trace", selectedBy: ["trace"],
        summary: "A trace replay: each row of a CSV file is an occurrence with its own work."),
      ObjectForm(
        name: "frames", selectedBy: ["frames"],
        summary:
          "An animation: each frame's CPU step, then its GPU step, the next frame's CPU step overlapping this frame's GPU step; a frame due while the previous frame's CPU step is still running, or while two earlier frames are in flight, is dropped; one completing after its due time plus one frame interval is a deadline miss."
      ),
      ObjectForm(
        name: "window", selectedBy: ["window"],
        summary:
          "Deferrable work: runs once inside its window, as soon as its requirements hold, or at the deadline; without requirements, the next time the device is awake anyway, or at the deadline."
      ),
      ObjectForm(
        name: "repeating_task", selectedBy: ["every", "window"],
        summary:
          "A repeating deferrable task (a background refresh or processing task): instance k becomes eligible at from + k·every and runs inside [eligible, eligible + window] as soon as its requirements hold, or at its deadline; tasks whose conditions come true at one instant run together; an instance waits for the previous one to finish, and replaces one still waiting; it waits while Low Power Mode is on."
      ),
      ObjectForm(
        name: "on", selectedBy: ["on"],
        summary:
          "A reaction: one occurrence each time an event happens (the app leaves the screen, Low Power Mode switches on, the charger is plugged in...), delay after it; several waiting run in order."
      ),
    ],
    rules: [
      .note(
        "A pushed workload takes no debounce, and max_delay and collapse only with \"push\": \"low\"."
      ),
      .note("\"radio-active\" in requires needs work with a download or upload."),
    ],
    example: """
      {
        "every": "15 min", "from": "1 min", "tolerance": "30 s",
        "work": [{ "cpu": "40 ms" }, { "download": "200 KB" }]
      }
      """)

  /// The steps of a work item, which a device's recipe shares.
  static var workSteps: [KeyDescription] {
    [
      KeyDescription("cpu", .quantity(.time), "CPU work, as time on the reference core."),
      KeyDescription(
        "threads", .integer(minimum: 1, maximum: 1024), default: "1",
        "Splits the CPU step into this many parallel parts."),
      KeyDescription(
        "qos", .choice(QoSClass.allCases.map(\.rawValue)),
        default: "user-interactive for frames, default otherwise", "The quality-of-service class."
      ),
      KeyDescription(
        "parallel_efficiency", .quantity(.fraction), default: "1",
        "Inflates the total CPU work when threads > 1."),
      KeyDescription("read", .quantity(.dataSize), "Bytes read from storage."),
      KeyDescription("write", .quantity(.dataSize), "Bytes written to storage."),
      KeyDescription(
        "write_size", .quantity(.dataSize), default: "all at once",
        "The size of each write request."),
      KeyDescription("download", .quantity(.dataSize), "Bytes downloaded."),
      KeyDescription("upload", .quantity(.dataSize), "Bytes uploaded."),
      KeyDescription(
        "via", .string, default: "the environment's network",
        "The radio that carries the download or upload."),
      KeyDescription("gpu", .quantity(.time), "GPU work, as time at the highest frequency."),
      KeyDescription(
        "resolution", .string,
        "The frame size, WIDTHxHEIGHT in pixels (\"3840x2160\"), that this item's camera or encoder steps handle: with fps, their power grows with the pixels per second (the component's pixel_energy and pixel_memory)."
      ),
      KeyDescription(
        "fps", .quantity(.frequency),
        "The frames per second this item's camera or encoder steps handle (with resolution)."),
      KeyDescription(
        "call", .quantity(.time),
        "A voice or video call of this length over the network at the time: a packet each way every 20 ms, the audio component active for its length (and camera, encoder and video for a video call, those the device has); after every other step."
      ),
      KeyDescription(
        "video", .oneOf([.boolean, .quantity(.time)]), default: "false",
        "With call: whether it is a video call. Otherwise the time on a component named video, like any component's."
      ),
      KeyDescription(
        "bitrate", .quantity(.dataRate),
        default:
          "40 kbit/s for a voice call (AMR-WB with RTP/UDP/IP headers), 1 Mbit/s for a video call",
        "With call: the data rate each way."),
    ]
  }

  /// The work-item keys that ask the OS for something rather than run on a component: a
  /// background task's grant and a hold on the device (see *Apps and push delivery*, *OS
  /// policies*).
  static let controlSteps = [
    KeyDescription(
      "extend", .choice(["background"]),
      "\"background\": asks, as beginBackgroundTask does, for the app's extended_time in the background in all, while the occurrence runs; takes no time."
    ),
    KeyDescription(
      "hold", .choice(["awake"]),
      "\"awake\": holds the device awake for \"for\" (a wake lock, a power assertion): the platform is busy for the workload, and the occurrence's later steps follow it."
    ),
    KeyDescription(
      "for", .quantity(.time), "How long the hold lasts (with \"hold\")."),
  ]

  /// What a work item's keys that name a component mean.
  static let timedComponentKey = (
    type: ValueType.quantity(.time),
    meaning:
      "Time active on the generic component or radio of this name, such as \"gps\": \"2 s\" or a Wi-Fi scan, \"wifi\": \"1.5 s\"."
  )

  /// An animation's frame-rate range, as `preferredFrameRateRange` gives one.
  static let frameRateRange = ObjectDescription(
    "frame_rate_range", title: "Frame-rate range", phrase: "a frame-rate range",
    summary:
      "The rates an animation accepts: it runs at the lowest refresh rate of the display at or above preferred within the range, else the highest below it; Low Power Mode's 60 Hz cap moves it down within the range instead of dropping frames.",
    keys: [
      KeyDescription(
        "min", .quantity(.frequency), required: true, "The lowest rate the animation accepts."),
      KeyDescription(
        "max", .quantity(.frequency), required: true,
        "The highest rate the animation accepts (at least min)."),
      KeyDescription(
        "preferred", .quantity(.frequency), default: "max",
        "The rate the animation asks for, from min to max."),
    ],
    example: """
      { "min": "60 fps", "max": "120 fps", "preferred": "120 fps" }
      """)

  static let workItem = ObjectDescription(
    "work_item", title: "Work item", phrase: "a work item",
    summary:
      "The steps of one piece of work, run in the order cpu, read, write, download, upload, gpu, then generic components and radios by name; \"recipe\" adds a device recipe's steps.",
    keys: workSteps + [
      KeyDescription(
        "recipe", .string,
        "The name of one of the device's recipes (such as \"location-best\"): its steps run with any others this item gives, which may not repeat the recipe's."
      )
    ] + controlSteps,
    otherKeys: timedComponentKey,
    rules: [
      .note(
        "threads and parallel_efficiency need cpu, write_size needs write, via needs download or upload, resolution and fps go together and need a step of a component with pixel_energy or pixel_memory; each step needs a component of the device to run on."
      ),
      .note(
        "extend, and hold with its for, stand alone in their work item: write them as their own item of a work list, where they run in their place."
      ),
    ],
    example: """
      { "cpu": "20 ms", "threads": 2, "qos": "utility", "write": "1 MB", "gps": "2 s" }
      """)
}
