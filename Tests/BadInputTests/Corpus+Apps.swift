extension BadInputCorpus {
  /// Apps and push delivery (see *Apps and push delivery*): undeclared apps, push keys where they
  /// do not apply, bad values and overlapping foreground intervals; task kinds, grants, background
  /// tasks and holds (see *OS policies*).
  static let apps: [BadInput] = [
    BadInput(
      "apps/app-key-typo.json",
      #"apps/app-key-typo.json: apps.mail.backgroud_time: unknown key "backgroud_time" in an app (did you mean "background_time"?)"#
    ),
    BadInput(
      "apps/app-without-apps.json",
      #"apps/app-without-apps.json: workloads.sync.app: expected the name of an app declared in "apps", found "mail" (the scenario declares no apps: declare it in a top-level "apps" object, or remove "app")"#
    ),
    BadInput(
      "apps/background-time-word.json",
      #"apps/background-time-word.json: apps.mail.background_time: expected a duration or "unlimited", found "forever""#
    ),
    BadInput(
      "apps/bad-push-value.json",
      #"apps/bad-push-value.json: workloads.chat.push: expected one of "high" or "low", found "urgent""#
    ),
    BadInput(
      "apps/push-on-repeating-task.json",
      #"apps/push-on-repeating-task.json: workloads.t.push: "push" applies only to arrival workloads (at, every, rate, mean_interval, times or trace), not to "every" with "window""#
    ),
    BadInput(
      "apps/collapse-with-high-push.json",
      #"apps/collapse-with-high-push.json: workloads.chat.collapse: "collapse" applies only to low-priority pushes ("push": "low"), not to "high""#
    ),
    BadInput(
      "apps/default-app-undeclared.json",
      #"apps/default-app-undeclared.json: workloads.sync: a workload without "app" belongs to the app "app", which "apps" does not declare (it declares "mail"); add "app" naming one of them, or declare "app""#
    ),
    BadInput(
      "apps/device-policy-word.json",
      #"apps/device-policy-word.json: device_patch.app_policy.background_time: expected a duration or "unlimited", found "never""#
    ),
    BadInput(
      "apps/foreground-overlapping.json",
      #"apps/foreground-overlapping.json: apps.mail.foreground[1]: expected foreground intervals in time order without overlaps, found one starting at 10 s before the previous ends at 20 s"#
    ),
    BadInput(
      "apps/max-delay-without-push.json",
      #"apps/max-delay-without-push.json: workloads.chat.max_delay: "max_delay" applies only to pushed workloads; add "push""#
    ),
    BadInput(
      "apps/negative-background-time.json",
      #"apps/negative-background-time.json: apps.mail.background_time: expected a time that is not negative, found "-5 s""#
    ),
    BadInput(
      "apps/push-on-frames.json",
      #"apps/push-on-frames.json: workloads.ui.push: "push" applies only to arrival workloads (at, every, rate, mean_interval, times or trace), not to "frames""#
    ),
    BadInput(
      "apps/push-on-window.json",
      #"apps/push-on-window.json: workloads.later.push: "push" applies only to arrival workloads (at, every, rate, mean_interval, times or trace), not to "window""#
    ),
    BadInput(
      "apps/push-without-network.json",
      #"apps/push-without-network.json: workloads.chat.push: a push reaches the device over its network, and the environment names no network"#
    ),
    BadInput(
      "apps/undeclared-app.json",
      #"apps/undeclared-app.json: workloads.sync.app: expected the name of an app declared in "apps" ("mail" or "chat"), found "mial" (did you mean "mail"?)"#
    ),
    BadInput(
      "apps/zero-max-delay.json",
      #"apps/zero-max-delay.json: workloads.chat.max_delay: expected a time greater than zero, found "0 s""#
    ),
    BadInput(
      "apps/zero-push-size.json",
      #"apps/zero-push-size.json: workloads.chat.push_size: expected a data size greater than zero, found "0 B""#
    ),
    BadInput(
      "apps/zero-processing-time.json",
      #"apps/zero-processing-time.json: apps.photos.processing_time: expected a time greater than zero, found "0 s""#
    ),
    BadInput(
      "apps/device-policy-extended-time-word.json",
      #"apps/device-policy-extended-time-word.json: device_patch.app_policy.extended_time: expected a time such as "5 s" or "20 ms", found "forever""#
    ),
    BadInput(
      "apps/task-on-timer.json",
      #"apps/task-on-timer.json: workloads.sync.task: "task" applies only to "every" with "window" or "window" workloads, not to "every""#
    ),
    BadInput(
      "apps/task-unknown.json",
      #"apps/task-unknown.json: workloads.cleanup.task: expected one of "refresh" or "processing", found "maintenance""#
    ),
    BadInput(
      "apps/extend-foreground.json",
      #"apps/extend-foreground.json: workloads.save.work[0].extend: expected "background", found "foreground""#
    ),
    BadInput(
      "apps/hold-without-for.json",
      #"apps/hold-without-for.json: workloads.lock.work: a hold needs the key "for" (how long it lasts), which is missing"#
    ),
    BadInput(
      "apps/for-without-hold.json",
      #"apps/for-without-hold.json: workloads.lock.work.for: "for" is the length of a hold; add "hold": "awake""#
    ),
    BadInput(
      "apps/hold-with-cpu.json",
      #"apps/hold-with-cpu.json: workloads.lock.work.cpu: "hold" stands alone in its work item; write "cpu" in an item of its own (a work list runs items in order)"#
    ),
    BadInput(
      "apps/hold-asleep.json",
      #"apps/hold-asleep.json: workloads.lock.work.hold: expected "awake", found "asleep""#
    ),
    BadInput(
      "apps/hold-zero-for.json",
      #"apps/hold-zero-for.json: workloads.lock.work.for: expected a time greater than zero, found "0 s""#
    ),
  ]
}
