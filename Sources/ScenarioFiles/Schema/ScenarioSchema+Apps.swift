import DeviceModels
import JSONSupport

extension ScenarioSchema {
  /// The top-level `apps` object (SPEC 6.4 [v2]).
  static var appsProperty: JSONValue {
    object(
      "The apps, keyed by name (SPEC 6.4): when each is in the foreground, how long it runs in the background before it is suspended, and its timers' leeway in the background. Without apps, every workload belongs to one app named \"app\", in the foreground during the visibility intervals and never suspended; with apps, every workload's app (\"app\" when it names none) must be declared here.",
      properties: [], additional: ref("app"), extensionKeys: true)
  }

  /// The definitions of apps, the device's app policy and push delivery.
  static var appDefinitions: [(String, JSONValue)] {
    [
      (
        "app",
        object(
          "An app as the OS runs it.",
          properties: [
            (
              "foreground",
              ref(
                "intervals",
                "Intervals in which the app is on screen (default: the visibility intervals, or always); \"when\": \"visible\" workloads of the app run only in them."
              )
            ),
            ("background_time", ref("background_time")),
            (
              "timer_leeway",
              ref(
                "time",
                "The least tolerance the app's timers get while it is not in the foreground (App Nap; default: the device's app_policy)."
              )
            ),
          ])
      ),
      (
        "background_time",
        oneOf(
          [ref("time"), choice(["unlimited"], "A background mode: never suspended.")],
          "How long the app keeps running after leaving the foreground (or after a push wakes it) before it is suspended; \"unlimited\" for a background mode (default: the device's app_policy)."
        )
      ),
      (
        "app_policy",
        object(
          "The defaults of the apps a scenario declares on this device (SPEC 6.4).",
          properties: [
            ("background_time", ref("background_time")),
            ("timer_leeway", ref("time", "The least tolerance of a hidden app's timers.")),
            ("description", string("Notes.")),
          ])
      ),
    ]
  }

  /// The push keys of an arrival workload (SPEC 6.5 [v2]).
  static var pushProperties: [(String, JSONValue)] {
    [
      (
        "app",
        string(
          "The app the workload belongs to: one declared in \"apps\" (default \"app\").")
      ),
      (
        "push",
        choice(
          PushPriority.allCases.map(\.rawValue),
          "Each occurrence is sent by a server and reaches the device as a push before its work runs: \"high\" at once, waking the radio; \"low\" held until the device is awake anyway or max_delay has passed."
        )
      ),
      ("push_size", ref("data_size", "The size of each push's downlink (default 4 KB).")),
      (
        "max_delay",
        ref("time", "How long the push service may hold a low-priority push (default 15 min).")
      ),
      (
        "collapse",
        .object(
          JSONObject([
            (
              "description",
              .string(
                "Deliver only the latest held low-priority push; the others count as held.")
            ), ("type", .string("boolean")),
          ]))
      ),
    ]
  }
}
