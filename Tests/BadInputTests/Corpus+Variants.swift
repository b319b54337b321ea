extension BadInputCorpus {
  /// Variants: patches that are not objects or that patch the scenario into nonsense.
  static let variants: [BadInput] = [
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
      #"variants/patch-two-timings.json: variants.sporadic.workloads.sync.rate: a workload needs exactly one of "at", "every", "rate", "mean_interval", "times", "trace", "frames" or "window"; found both "every" and "rate""#
    ),
    BadInput(
      "variants/variants-array.json",
      "variants/variants-array.json: variants: expected an object of variants keyed by name, found an array"
    ),
  ]
}
