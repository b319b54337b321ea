import DeviceModels
import JSONSupport

extension ScenarioSchema {
  /// The workload (one branch per timing kind, with the modifiers that kind allows) and its
  /// work (SPEC section 6).
  static var workloadDefinitions: [(String, JSONValue)] {
    let kinds = timingKinds
    return [
      (
        "workload",
        oneOf(
          kinds.map { ref("workload_\($0.key)") } + [ref("workload_repeating_task")],
          "A workload: exactly one of \(ScenarioDecoder.timingKeys.joined(separator: ", ")) says when it runs; \"work\" says what it does."
        )
      )
    ]
      + kinds.map { kind in
        var properties = [(kind.key, kind.schema)]
        for modifier in ScenarioDecoder.modifiers[kind.key] ?? [] {
          properties.append((modifier, modifierSchemas[modifier]!))
        }
        properties.append(
          (
            "when",
            choice(
              ["visible"],
              "\"visible\": the workload does nothing while its app is not in the foreground (outside the scenario's visibility intervals, without apps)."
            )
          ))
        if !ScenarioDecoder.kindsWithoutDebounce.contains(kind.key) {
          let description =
            kind.key == "trace"
            ? "Turns rows into triggers: each restarts a timer of this length, and when it expires with no new trigger the last row's work runs once (earlier rows' work does not run)."
            : "Turns arrivals into triggers: each restarts a timer of this length, and the work runs once when it expires with no new trigger."
          properties.append(("debounce", ref("time", description)))
        }
        var required = [kind.key]
        if kind.key != "trace" {
          properties.append(("work", ref("work")))
          required.append("work")
        }
        if ScenarioDecoder.kindsWithoutPush.contains(kind.key) {
          properties.append(pushProperties[0])
        } else {
          properties.append(contentsOf: pushProperties)
        }
        return (
          "workload_\(kind.key)",
          object(kind.description, properties: properties, required: required)
        )
      }
      + [repeatingTaskDefinition, deferralConditionDefinition]
      + [
        (
          "work",
          oneOf(
            [ref("work_item"), array(ref("work_item"), "Work items run one after another.")],
            "What an occurrence does: a work item, or a list of work items run one after another."
          )
        ),
        ("work_item", workItem),
      ]
  }

  /// A repeating deferrable task: `every` and a `window` duration (SPEC 6.1 [v2]).
  static var repeatingTaskDefinition: (String, JSONValue) {
    var properties: [(String, JSONValue)] = [
      ("every", ref("time", "The task's period: instance k becomes eligible at from + k·every.")),
      (
        "window",
        ref("time", "How long each instance may wait for its conditions (at most \"every\").")
      ),
    ]
    for modifier in ScenarioDecoder.modifiers[ScenarioDecoder.repeatingTaskKind] ?? [] {
      properties.append((modifier, modifierSchemas[modifier]!))
    }
    properties.append(("work", ref("work")))
    return (
      "workload_repeating_task",
      object(
        "A repeating deferrable task (a background refresh or processing task): instance k becomes eligible at from + k·every and runs inside [eligible, eligible + window] as soon as its requirements hold, or at its deadline; tasks whose conditions come true at one instant run together; an instance waits for the previous one to finish, and replaces one still waiting; it waits while Low Power Mode is on.",
        properties: properties, required: ["every", "window", "work"])
    )
  }

  /// Each timing key, its value's schema, and what a workload of that kind is.
  static var timingKinds: [(key: String, schema: JSONValue, description: String)] {
    [
      ("at", ref("time", "When the workload runs."), "A workload that runs once, at a time."),
      (
        "every", ref("time", "The timer's period."),
        "A repeating timer, due at from + k·every while before until and k < count."
      ),
      (
        "rate", ref("frequency", "The mean arrival rate."),
        "Sporadic arrivals (Poisson) at a mean rate, drawn from the scenario's seed."
      ),
      (
        "mean_interval", ref("time", "The mean time between arrivals."),
        "Sporadic arrivals (Poisson) with a mean interval, drawn from the scenario's seed."
      ),
      (
        "times", array(ref("time"), "The times of the occurrences, in increasing order."),
        "Occurrences at an explicit list of times."
      ),
      (
        "trace",
        string(
          "A CSV file (relative to the scenario): a time column and any work-step columns, one row per occurrence."
        ), "A trace replay: each row of a CSV file is an occurrence with its own work."
      ),
      (
        "frames", ref("frequency", "The frame rate, such as \"60 fps\"."),
        "An animation: each frame's CPU step, then its GPU step, the next frame's CPU step overlapping this frame's GPU step; a frame due while the previous frame's CPU step is still running, or while two earlier frames are in flight, is dropped; one completing after its due time plus one frame interval is a deadline miss."
      ),
      (
        "window",
        array(ref("time"), "[earliest, deadline]: the window the work must run in."),
        "Deferrable work: runs once inside its window, as soon as its requirements hold, or at the deadline."
      ),
    ]
  }

  /// The schema of each timing modifier.
  static var modifierSchemas: [String: JSONValue] {
    [
      "from": ref("time", "When the workload starts (default 0)."),
      "until": ref("time", "When the workload stops (default: the end of the run)."),
      "count": integer("How many occurrences at most.", minimum: 1),
      "tolerance": ref(
        "time",
        "How late the timer may fire so the OS can coalesce it with other wake-ups (default 0)."),
      "for": ref("time", "How long the animation lasts (default: to the end of the run)."),
      "requires": oneOf(
        [
          ref("deferral_condition"),
          array(ref("deferral_condition"), "Conditions that must all hold (at least one)."),
        ],
        "What the deferrable work waits for: one condition, or a list that must all hold."
      ),
      "interruptible": .object(
        JSONObject([
          (
            "description",
            .string(
              "Whether the work, when its conditions stop holding while it runs, finishes its current step and waits until they hold again or its deadline comes (default false)."
            )
          ),
          ("type", .string("boolean")),
        ])),
    ]
  }

  /// The conditions deferrable work may wait for (SPEC 6.1 [v2]).
  static var deferralConditionDefinition: (String, JSONValue) {
    (
      "deferral_condition",
      choice(
        DeferralCondition.allCases.map(\.rawValue),
        "charging: plugged in; wifi: the network is Wi-Fi; radio-active: the radio is already out of its deepest state; idle: the display has been off for 10 min; battery-ok: the battery holds at least 20%."
      )
    )
  }

  static var workItem: JSONValue {
    let properties: [(String, JSONValue)] = [
      ("cpu", ref("time", "CPU work, as time on the reference core.")),
      (
        "threads",
        integer("Splits the CPU step into this many parallel parts.", minimum: 1, maximum: 1024)
      ),
      (
        "qos",
        choice(
          QoSClass.allCases.map(\.rawValue),
          "The quality-of-service class (default: user-interactive for frames, default otherwise)."
        )
      ),
      (
        "parallel_efficiency",
        ref("fraction", "Inflates the total CPU work when threads > 1 (default 1).")
      ),
      ("read", ref("data_size", "Bytes read from storage.")),
      ("write", ref("data_size", "Bytes written to storage.")),
      ("write_size", ref("data_size", "The size of each write request (default: all at once).")),
      ("download", ref("data_size", "Bytes downloaded.")),
      ("upload", ref("data_size", "Bytes uploaded.")),
      (
        "via",
        string(
          "The radio that carries the download or upload (default: the environment's network).")
      ),
      ("gpu", ref("time", "GPU work, as time at the highest frequency.")),
      (
        "recipe",
        string(
          "The name of one of the device's recipes (such as \"location-best\"): its steps run with any others this item gives, which may not repeat the recipe's."
        )
      ),
    ]
    return object(
      "A work item: steps run in the order cpu, read, write, download, upload, gpu, then generic components and radios by name (time active: a radio's is radio time, such as a scan); \"recipe\" adds a device recipe's steps.",
      properties: properties,
      additional: ref(
        "time",
        "Time active on the generic component or radio of this name, such as \"gps\": \"2 s\" or a Wi-Fi scan, \"wifi\": \"1.5 s\"."
      ))
  }
}
