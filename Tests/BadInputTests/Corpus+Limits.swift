extension BadInputCorpus {
  /// Runs that would run away: refused before they start, saying what to change.
  static let limits: [BadInput] = [
    BadInput(
      "limits/backlog.json",
      #"limits/backlog.json: workloads.flood.every: work arrives faster than the storage can serve it (2501× what it can do), so about 8.6e7 occurrences would be left waiting, more than a run may hold (1e6); make "every" longer or end it sooner with "until" or "count", or make the work smaller, or raise the limit with --max-events"#
    ),
    BadInput(
      "limits/mean-interval-nanosecond.json",
      #"limits/mean-interval-nanosecond.json: workloads.storm: this workload needs about 3.2e13 events to simulate (3.6e12 occurrences of about 9 events each), more than a run may take (1000000000); lower "rate" (or lengthen "mean_interval") or end it sooner with "until", shorten "duration", or raise the limit with --max-events"#
    ),
    BadInput(
      "limits/nanosecond-timer-for-a-year.json",
      #"limits/nanosecond-timer-for-a-year.json: workloads.spin.every: this workload needs about 2.8e17 events to simulate (3.2e16 occurrences of about 9 events each), more than a run may take (1000000000); make "every" longer or end it sooner with "until" or "count", shorten "duration", or raise the limit with --max-events"#
    ),
    BadInput(
      "limits/poisson-terahertz.json",
      #"limits/poisson-terahertz.json: workloads.storm: this workload needs about 9e12 events to simulate (1e12 occurrences of about 9 events each), more than a run may take (1000000000); lower "rate" (or lengthen "mean_interval") or end it sooner with "until", shorten "duration", or raise the limit with --max-events"#
    ),
    BadInput(
      "limits/ten-gigahertz-frames.json",
      #"limits/ten-gigahertz-frames.json: workloads.ui.frames: this workload needs about 4.2e12 events to simulate (6e11 occurrences of about 8 events each), more than a run may take (1000000000); lower the frame rate or end it sooner with "for", shorten "duration", or raise the limit with --max-events"#
    ),
    BadInput(
      "limits/threads-times-timer.json",
      #"limits/threads-times-timer.json: workloads.fanout.every: this workload needs about 9e10 events to simulate (8.6e7 occurrences of about 1042 events each), more than a run may take (1000000000); make "every" longer or end it sooner with "until" or "count", use fewer "threads", shorten "duration", or raise the limit with --max-events"#
    ),
    BadInput(
      "limits/tiny-write-requests.json",
      #"limits/tiny-write-requests.json: workloads.save.every: this workload needs about 7.2e12 events to simulate (3600 occurrences of about 2e9 events each), more than a run may take (1000000000); make "every" longer or end it sooner with "until" or "count", use a larger "write_size", shorten "duration", or raise the limit with --max-events"#
    ),
  ]
}
