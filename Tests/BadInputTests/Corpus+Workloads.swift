extension BadInputCorpus {
  /// Workloads: no timing key or two, misplaced modifiers, unsorted or contradictory times, bad work,
  /// misspelt keys.
  static let workloads: [BadInput] = [
    BadInput(
      "workloads/empty-work.json",
      #"workloads/empty-work.json: workloads.sync.work: expected work with at least one step (cpu, a component's time, download, upload or a recipe), found an empty object (zero-length work)"#
    ),
    BadInput(
      "workloads/named-unattributed.json",
      #"workloads/named-unattributed.json: workloads["(unattributed)"]: "(unattributed)" is the name the reports give energy no workload caused (floors, idle time); give the workload another name"#
    ),
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
      "workloads/frames-range-above-panel.json",
      #"workloads/frames-range-above-panel.json: workloads.game.frames: expected a frame-rate range holding a refresh rate of the display "display", or a preferred rate of at most its highest, 120 Hz; found a range whose preferred rate is 240 Hz"#
    ),
    BadInput(
      "workloads/frames-range-min-above-max.json",
      #"workloads/frames-range-min-above-max.json: workloads.game.frames.max: expected a rate of at least min (120 Hz), found 60 Hz"#
    ),
    BadInput(
      "workloads/frames-range-missing-min.json",
      #"workloads/frames-range-missing-min.json: workloads.game.frames: a frame-rate range needs the key "min", which is missing"#
    ),
    BadInput(
      "workloads/frames-range-not-fps.json",
      #"workloads/frames-range-not-fps.json: workloads.game.frames.min: expected a frequency such as "60 fps" or "2.4 GHz", found "16 ms" (a time)"#
    ),
    BadInput(
      "workloads/frames-range-preferred-outside.json",
      #"workloads/frames-range-preferred-outside.json: workloads.game.frames.preferred: expected a rate from min to max (60 Hz to 90 Hz), found 120 Hz"#
    ),
    BadInput(
      "workloads/frames-range-unknown-key.json",
      #"workloads/frames-range-unknown-key.json: workloads.game.frames.prefered: unknown key "prefered" in a frame-rate range (did you mean "preferred"?)"#
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
      #"workloads/no-timing-key.json: workloads.sync: a workload needs exactly one of "at", "every", "rate", "mean_interval", "times", "trace", "frames", "window" or "on" to say when it runs; found none"#
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
      #"workloads/two-timing-keys.json: workloads.sync.rate: a workload needs exactly one of "at", "every", "rate", "mean_interval", "times", "trace", "frames", "window" or "on"; found both "every" and "rate""#
    ),
    BadInput(
      "workloads/until-before-from.json",
      #"workloads/until-before-from.json: workloads.sync.until: expected "until" after "from" (30 s), found 10 s"#
    ),
    BadInput(
      "workloads/call-zero-length.json",
      #"workloads/call-zero-length.json: workloads.talk.work.call: expected a time greater than zero, found "0 s""#
    ),
    BadInput(
      "workloads/call-video-not-boolean.json",
      #"workloads/call-video-not-boolean.json: workloads.talk.work.video: expected true or false, found a string"#
    ),
    BadInput(
      "workloads/call-bitrate-too-low.json",
      #"workloads/call-bitrate-too-low.json: workloads.talk.work.bitrate: expected a bitrate of at least 400 bit/s (a byte per 20 ms packet), found "100 bit/s""#
    ),
    BadInput(
      "workloads/bitrate-without-call.json",
      #"workloads/bitrate-without-call.json: workloads.talk.work.bitrate: "bitrate" modifies "call", which this work item does not have"#
    ),
    BadInput(
      "workloads/via-unknown-radio.json",
      #"workloads/via-unknown-radio.json: workloads.fetch.work.via: expected a radio of the device ("cellular" or "wifi"), found "5g""#
    ),
    BadInput(
      "workloads/when-not-visible.json",
      #"workloads/when-not-visible.json: workloads.sync.when: expected one of "visible", "not-low-power", "thermal-nominal", "charging", "wifi" or "display-on", found "hidden""#
    ),
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
      #"workloads/recipe-unknown.json: workloads.where.work.recipe: expected a recipe of the device ("location-100m", "location-3km", "location-best", "record-4k" or "video-call"), found "location-10m" (did you mean "location-100m"?)"#
    ),
    BadInput(
      "workloads/requires-unknown-condition.json",
      #"workloads/requires-unknown-condition.json: workloads.backup.requires[1]: expected one of "charging", "wifi", "radio-active", "idle", "battery-ok", "network" or "good-network", found "idel" (did you mean "idle"?)"#
    ),
    BadInput(
      "workloads/on-unknown-event.json",
      #"workloads/on-unknown-event.json: workloads.save.on: expected one of "background", "foreground", "low-power-on", "low-power-off", "thermal-serious", "thermal-nominal", "charging-start", "charging-end", "network-change", "display-on" or "display-off", found "backgrund" (did you mean "background"?)"#
    ),
    BadInput(
      "workloads/on-number.json",
      #"workloads/on-number.json: workloads.save.on: expected one of "background", "foreground", "low-power-on", "low-power-off", "thermal-serious", "thermal-nominal", "charging-start", "charging-end", "network-change", "display-on" or "display-off", found a number"#
    ),
    BadInput(
      "workloads/on-and-every.json",
      #"workloads/on-and-every.json: workloads.save.on: a workload needs exactly one of "at", "every", "rate", "mean_interval", "times", "trace", "frames", "window" or "on"; found both "every" and "on""#
    ),
    BadInput(
      "workloads/delay-negative.json",
      #"workloads/delay-negative.json: workloads.save.delay: expected a time that is not negative, found "-2 s""#
    ),
    BadInput(
      "workloads/delay-without-on.json",
      #"workloads/delay-without-on.json: workloads.save.delay: "delay" applies only to "on" workloads, not to "every""#
    ),
    BadInput(
      "workloads/when-unknown-state.json",
      #"workloads/when-unknown-state.json: workloads.ui.when[1]: expected one of "visible", "not-low-power", "thermal-nominal", "charging", "wifi" or "display-on", found "low-power""#
    ),
    BadInput(
      "workloads/when-empty-list.json",
      #"workloads/when-empty-list.json: workloads.ui.when: expected one or more of the states "visible", "not-low-power", "thermal-nominal", "charging", "wifi" and "display-on", found an empty list; leave "when" out for none"#
    ),
    BadInput(
      "workloads/requires-good-network-typo.json",
      #"workloads/requires-good-network-typo.json: workloads.sync.requires: expected one of "charging", "wifi", "radio-active", "idle", "battery-ok", "network" or "good-network", found "good_network" (did you mean "good-network"?)"#
    ),
    BadInput(
      "workloads/requires-empty-list.json",
      #"workloads/requires-empty-list.json: workloads.backup.requires: expected one or more of the conditions "charging", "wifi", "radio-active", "idle", "battery-ok", "network" and "good-network", found an empty list; leave "requires" out for none"#
    ),
    BadInput(
      "workloads/task-window-longer-than-period.json",
      #"workloads/task-window-longer-than-period.json: workloads.refresh.window: expected a window no longer than the period "every" (1 h), found 2 h"#
    ),
    BadInput(
      "workloads/interruptible-without-window.json",
      #"workloads/interruptible-without-window.json: workloads.sync.interruptible: "interruptible" applies only to "every" with "window" or "window" workloads, not to "every""#
    ),
    BadInput(
      "workloads/window-duration-without-every.json",
      #"workloads/window-duration-without-every.json: workloads.backup.window: a window given as a duration needs "every" (a repeating task); a one-off window is a pair [earliest, deadline], found "30 min""#
    ),
    BadInput(
      "workloads/task-window-with-tolerance.json",
      #"workloads/task-window-with-tolerance.json: workloads.refresh.tolerance: "tolerance" applies only to "every" workloads, not to "every" with "window""#
    ),
    BadInput(
      "workloads/task-window-as-pair.json",
      #"workloads/task-window-as-pair.json: workloads.refresh.window: with "every", "window" is how long each instance may wait (a duration such as "1 h"), found an array; a one-off window [earliest, deadline] goes without "every""#
    ),
    BadInput(
      "workloads/interruptible-not-boolean.json",
      #"workloads/interruptible-not-boolean.json: workloads.refresh.interruptible: expected true or false, found a string"#
    ),
    // A camera or encoder step's resolution and fps.
    BadInput(
      "workloads/resolution-without-fps.json",
      #"workloads/resolution-without-fps.json: workloads.rec.work.resolution: "resolution" goes with "fps", which this work item does not have"#
    ),
    BadInput(
      "workloads/resolution-malformed.json",
      #"workloads/resolution-malformed.json: workloads.rec.work.resolution: expected a resolution WIDTHxHEIGHT in pixels, each from 1 to 100000 ("3840x2160"), found "4K""#
    ),
    BadInput(
      "workloads/resolution-without-camera.json",
      #"workloads/resolution-without-camera.json: workloads.rec.work.resolution: "resolution" and "fps" size the pixels of a camera or encoder step; this item has none ("camera" or "encoder")"#
    ),
    BadInput(
      "workloads/fps-too-high.json",
      #"workloads/fps-too-high.json: workloads.rec.work.fps: expected at most 10000 fps, found "20000 fps""#
    ),
    BadInput(
      "workloads/recipe-resolution-again.json",
      #"workloads/recipe-resolution-again.json: workloads.rec.work.resolution: recipe "record-4k" gives "resolution" already; a work object may add steps to its recipe but not give the same one again (write a list of work objects to run it twice)"#
    ),
    BadInput(
      "workloads/thread-not-main.json",
      #"workloads/thread-not-main.json: workloads.load.thread: expected "main", found "ui""#
    ),
    BadInput(
      "workloads/thread-on-frames.json",
      #"workloads/thread-on-frames.json: workloads.scroll.thread: "thread" applies only to "at", "every", "mean_interval", "rate", "times", "trace" or "window" workloads, not to "frames""#
    ),
  ]
}
