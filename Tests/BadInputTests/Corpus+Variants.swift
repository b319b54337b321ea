extension BadInputCorpus {
  /// Variants: patches that are not objects or that patch the scenario into nonsense.
  static let variants: [BadInput] = [
    BadInput(
      "variants/misspelt-workload.json", variant: "rarer",
      #"variants/misspelt-workload.json: variants.rarer.workloads.sycn: no workload sycn in the baseline; did you mean sync? (to add a workload, give it a name of its own)"#
    ),
    BadInput(
      "variants/incomplete-new-workload.json", variant: "backup",
      #"variants/incomplete-new-workload.json: variants.backup.workloads.upload: a workload needs the key "work", which is missing (the baseline has no workload "upload", so the variant adds a new one)"#
    ),
    BadInput(
      "variants/shorter-than-display.json", variant: "short",
      #"variants/shorter-than-display.json: display[0]: expected a display session within the run, which ends at 30 min, found [10 min, 50 min], past its end; end it by 30 min or lengthen "duration" (in variant "short")"#
    ),
    BadInput(
      "variants/empty-name.json",
      #"variants/empty-name.json: variants[""]: expected a variant name, found """#),
    BadInput(
      "variants/named-baseline.json",
      #"variants/named-baseline.json: variants.baseline: "baseline" is the scenario itself; give the variant another name"#
    ),
    BadInput(
      "variants/patch-deletes-duration.json", variant: "forever",
      #"variants/patch-deletes-duration.json: variants.forever: a scenario needs the key "duration", which is missing"#
    ),
    BadInput(
      "variants/patch-nonsense-unit.json", variant: "slow",
      #"variants/patch-nonsense-unit.json: variants.slow.workloads.sync.every: expected a time such as "5 s" or "20 ms", found "5 MB" (a data size)"#
    ),
    BadInput(
      "variants/patch-not-object.json",
      "variants/patch-not-object.json: variants.slow: expected a merge patch object, found a string"
    ),
    BadInput(
      "variants/patch-two-timings.json", variant: "sporadic",
      #"variants/patch-two-timings.json: variants.sporadic.workloads.sync.rate: a workload needs exactly one of "at", "every", "rate", "mean_interval", "times", "trace", "frames", "window" or "on"; found both "every" and "rate""#
    ),
    BadInput(
      "variants/variants-array.json",
      "variants/variants-array.json: variants: expected an object of variants keyed by name, found an array"
    ),
  ]
}
