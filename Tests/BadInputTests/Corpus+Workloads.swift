extension BadInputCorpus {
  /// Workloads: no timing key or two, misplaced modifiers, unsorted or contradictory times, bad work,
  /// misspelt keys.
  static let workloads: [BadInput] = [
    BadInput(
      "workloads/at-after-end.json",
      #"workloads/at-after-end.json: workloads.once.at: expected a time within the run (before 1 min), found "2 min""#
    ),
    BadInput(
      "workloads/debounce-on-frames.json",
      #"workloads/debounce-on-frames.json: workloads.ui.debounce: "debounce" does not apply to "frames" workloads"#
    ),
    BadInput(
      "workloads/frames-faster-than-panel.json",
      #"workloads/frames-faster-than-panel.json: workloads.game.frames: expected a frame rate of at most 120 Hz, the highest refresh rate of the display "display", found "240 fps""#
    ),
    BadInput(
      "workloads/gpu-on-devboard.json",
      #"workloads/gpu-on-devboard.json: workloads.ui.work.gpu: the device has no gpu component to run "gpu" on"#
    ),
    BadInput(
      "workloads/modifier-of-other-kind.json",
      #"workloads/modifier-of-other-kind.json: workloads.sync.count: "count" applies only to "every" workloads, not to "rate""#
    ),
    BadInput(
      "workloads/name-with-comma.json",
      #"workloads/name-with-comma.json: workloads["a,b"]: expected a workload name without ",", found "a,b""#
    ),
    BadInput(
      "workloads/no-timing-key.json",
      #"workloads/no-timing-key.json: workloads.sync: a workload needs exactly one of "at", "every", "rate", "mean_interval", "times", "trace", "frames" or "window" to say when it runs; found none"#
    ),
    BadInput(
      "workloads/qos-typo.json",
      #"workloads/qos-typo.json: workloads.sync.work.qos: expected one of "user-interactive", "user-initiated", "default", "utility" or "background", found "utlity" (did you mean "utility"?)"#
    ),
    BadInput(
      "workloads/radio-active-without-transfer.json",
      #"workloads/radio-active-without-transfer.json: workloads.later.requires: "radio-active" waits for a radio, but the work has no download or upload"#
    ),
    BadInput(
      "workloads/threads-without-cpu.json",
      #"workloads/threads-without-cpu.json: workloads.job.work.threads: "threads" modifies "cpu", which this work item does not have"#
    ),
    BadInput(
      "workloads/times-unsorted.json",
      "workloads/times-unsorted.json: workloads.taps.times[2]: expected times in increasing order, found 3 s after 5 s"
    ),
    BadInput(
      "workloads/two-timing-keys.json",
      #"workloads/two-timing-keys.json: workloads.sync.rate: a workload needs exactly one of "at", "every", "rate", "mean_interval", "times", "trace", "frames" or "window"; found both "every" and "rate""#
    ),
    BadInput(
      "workloads/until-before-from.json",
      #"workloads/until-before-from.json: workloads.sync.until: expected "until" after "from" (30 s), found 10 s"#
    ),
    BadInput(
      "workloads/via-unknown-radio.json",
      #"workloads/via-unknown-radio.json: workloads.fetch.work.via: expected a radio of the device ("cellular" or "wifi"), found "5g""#
    ),
    BadInput(
      "workloads/when-not-visible.json",
      #"workloads/when-not-visible.json: workloads.sync.when: expected "visible", found "hidden""#),
    BadInput(
      "workloads/window-reversed.json",
      "workloads/window-reversed.json: workloads.backup.window: expected a deadline no earlier than the window's start, found [50 s, 10 s]"
    ),
    BadInput(
      "workloads/work-empty-list.json",
      "workloads/work-empty-list.json: workloads.sync.work: expected at least one work object in the list, found none"
    ),
    BadInput(
      "workloads/work-missing.json",
      #"workloads/work-missing.json: workloads.sync: a workload needs the key "work", which is missing"#
    ),
    BadInput(
      "workloads/work-key-typo.json",
      #"workloads/work-key-typo.json: workloads.sync.wrok: unknown key "wrok" in a workload (did you mean "work"?)"#
    ),
    BadInput(
      "workloads/work-unknown-step.json",
      #"workloads/work-unknown-step.json: workloads.sync.work.cpuu: unknown key "cpuu" in a work item (did you mean "cpu"?)"#
    ),
    BadInput(
      "workloads/workloads-array.json",
      "workloads/workloads-array.json: workloads: expected an object of workloads keyed by name, found an array"
    ),
    BadInput(
      "workloads/qos-escape-sequence.json",
      #"workloads/qos-escape-sequence.json: workloads.sync.work.qos: expected one of "user-interactive", "user-initiated", "default", "utility" or "background", found "\u001B[2J\u001B[31mutility\n""#
    ),
    BadInput(
      "workloads/recipe-unknown.json",
      #"workloads/recipe-unknown.json: workloads.where.work.recipe: expected a recipe of the device ("location-100m", "location-3km" or "location-best"), found "location-10m" (did you mean "location-100m"?)"#
    ),
  ]
}
