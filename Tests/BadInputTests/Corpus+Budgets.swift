extension BadInputCorpus {
  /// Budgets files (`powersim check`): unknown keys, metrics, components, workloads and variants
  /// named with the closest name, limits of the wrong kind, and scenarios that cannot be read.
  static let budgets: [BadInput] = [
    BadInput(
      "budgets/budgets-not-array.json",
      #"budgets/budgets-not-array.json: budgets: expected an array (budgets), found an object"#
    ),
    BadInput(
      "budgets/missing-scenario-file.json",
      #"budgets/missing-scenario-file.json: budgets[0].scenario: cannot read the scenario budgets/missing.json: it does not exist"#
    ),
    BadInput(
      "budgets/missing-scenario.json",
      #"budgets/missing-scenario.json: budgets[0]: a budget needs the key "scenario", which is missing"#
    ),
    BadInput(
      "budgets/negative-count.json",
      #"budgets/negative-count.json: budgets[0].max.wakeups: expected a whole number of at least 0, found -1"#
    ),
    BadInput(
      "budgets/syntax-error.json",
      #"budgets/syntax-error.json:3:1: expected ',' or '}' after an object member, found ']'"#
    ),
    BadInput(
      "budgets/unknown-component.json",
      #"budgets/unknown-component.json: budgets[0].components.celular: ../../../../scenarios/coalescing.json (baseline) has no component "celular" (did you mean "cellular"?)"#
    ),
    BadInput(
      "budgets/unknown-key.json",
      #"budgets/unknown-key.json: budgets[0].maxi: unknown key "maxi" in a budget (did you mean "max"?)"#
    ),
    BadInput(
      "budgets/unknown-metric.json",
      #"budgets/unknown-metric.json: budgets[0].max.enrgy: unknown key "enrgy" in a run's max limits (did you mean "energy"?)"#
    ),
    BadInput(
      "budgets/unknown-variant.json",
      #"budgets/unknown-variant.json: budgets[0].variant: ../../../../scenarios/coalescing.json has no variant "coalesed" (it has "baseline" and "coalesced"); did you mean "coalesced"?"#
    ),
    BadInput(
      "budgets/unknown-workload.json",
      #"budgets/unknown-workload.json: budgets[0].workloads.upload: ../../../../scenarios/coalescing.json (baseline) has no workload "upload" (it has "sync")"#
    ),
    BadInput(
      "budgets/unsupported-metric.json",
      #"budgets/unsupported-metric.json: budgets[0].workloads.sync.min.coalesced: unknown key "coalesced" in a workload's min limits (expected one of "energy", "latency_p50", "latency_p99", "latency_max", "occurrences", "dropped_frames", "unfinished" or "held_awake")"#
    ),
    BadInput(
      "budgets/wrong-unit.json",
      #"budgets/wrong-unit.json: budgets[0].max.energy: expected an energy such as "12.7 Wh" or "5 J", found "70 mW" (a power)"#
    ),
  ]
}
