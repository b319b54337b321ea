extension BadInputCorpus {
  /// Environment, display and visibility: overlapping, reversed or gapped intervals, unknown keys.
  static let environment: [BadInput] = [
    BadInput(
      "environment/network-laptop-cellular.json",
      #"environment/network-laptop-cellular.json: environment.network: the device has no cellular radio to carry the network (its radios: "wifi")"#
    ),
    BadInput(
      "environment/network-offline-upper-case.json",
      #"environment/network-offline-upper-case.json: environment.network[0].network: expected a network the device has a radio for ("cellular" or "wifi", or "offline"), found "OFFLINE" (did you mean "offline"?)"#
    ),
    BadInput(
      "environment/charge-power-zero.json",
      #"environment/charge-power-zero.json: environment.charging: the device's battery charges at 0 W (its "charge_power" is 0 W or not given), so plugging in cannot refill it; give the battery a charge_power above 0 W"#
    ),
    BadInput(
      "environment/display-past-end.json",
      #"environment/display-past-end.json: display[0]: expected a display session within the run, which ends at 1 h, found [50 min, 2 h], past its end; end it by 1 h or lengthen "duration""#
    ),
    BadInput(
      "environment/charging-past-end.json",
      #"environment/charging-past-end.json: environment.charging[0]: expected an interval within the run, which ends at 1 h, found [30 min, 2 h], past its end; end it by 1 h or lengthen "duration""#
    ),
    BadInput(
      "environment/battery-start-over-one.json",
      #"environment/battery-start-over-one.json: environment.battery_start: expected a fraction between 0 and 1 (or "0%" to "100%"), found 2"#
    ),
    BadInput(
      "environment/charging-not-a-pair.json",
      "environment/charging-not-a-pair.json: environment.charging[0]: expected a pair [from, to], found an array of 1"
    ),
    BadInput(
      "environment/display-appearance-and-apl.json",
      #"environment/display-appearance-and-apl.json: display[0].apl: expected either "appearance" or "apl", found both"#
    ),
    BadInput(
      "environment/display-overlapping.json",
      "environment/display-overlapping.json: display[1]: expected display sessions in time order without overlaps, found one starting at 20 s before the previous ends at 30 s"
    ),
    BadInput(
      "environment/display-reversed.json",
      "environment/display-reversed.json: display[0].to: expected a session that ends after it starts, found [40 s, 10 s]"
    ),
    BadInput(
      "environment/network-gap.json",
      "environment/network-gap.json: environment.network[1].from: network intervals must cover the run without gaps or overlaps; expected this one to start at 20 s, found 30 s"
    ),
    BadInput(
      "environment/network-unknown.json",
      #"environment/network-unknown.json: environment.network: expected a network the device has a radio for ("cellular" or "wifi"), found "5g""#
    ),
    BadInput(
      "environment/unknown-environment-key.json",
      #"environment/unknown-environment-key.json: environment.netwrok: unknown key "netwrok" in an environment (did you mean "network"?)"#
    ),
    BadInput(
      "environment/unknown-top-level-key.json",
      #"environment/unknown-top-level-key.json: durration: unknown key "durration" in a scenario (did you mean "duration"?)"#
    ),
    BadInput(
      "environment/visibility-reversed.json",
      "environment/visibility-reversed.json: visibility[0]: expected an interval that ends after it starts, found [5 s, 1 s]"
    ),
    BadInput(
      "environment/key-with-line-break.json",
      #"environment/key-with-line-break.json: ["dura\ntion"]: unknown key "dura\ntion" in a scenario (did you mean "duration"?)"#
    ),
    BadInput(
      "environment/network-signal-unknown.json",
      #"environment/network-signal-unknown.json: environment.network[0].signal: expected one of "good", "fair" or "poor", found "terrible""#
    ),
    BadInput(
      "environment/network-rate-rounds-to-zero.json",
      #"environment/network-rate-rounds-to-zero.json: environment.network[0].downlink: expected a data rate of at least 1 bit/s, found "0.4 bit/s" (it rounds to 0 bit/s)"#
    ),
    BadInput(
      "environment/network-offline-with-quality.json",
      #"environment/network-offline-with-quality.json: environment.network[0].downlink: an offline interval has no network quality; remove "downlink" or name a radio"#
    ),
    BadInput(
      "environment/low-power-below-over-100.json",
      #"environment/low-power-below-over-100.json: environment.low_power.below: expected a fraction between 0 and 1 (or "0%" to "100%"), found "120%""#
    ),
    BadInput(
      "environment/ambient-not-a-number.json",
      #"environment/ambient-not-a-number.json: environment.ambient: expected a temperature as a number of °C, such as 25, found "25 C""#
    ),
    BadInput(
      "environment/low-power-overlapping.json",
      #"environment/low-power-overlapping.json: environment.low_power[1]: expected Low Power Mode intervals in time order without overlaps, found one starting at 20 min before the previous ends at 30 min"#
    ),
    BadInput(
      "environment/low-power-unsorted.json",
      #"environment/low-power-unsorted.json: environment.low_power[1]: expected Low Power Mode intervals in time order without overlaps, found one starting at 0 s before the previous ends at 40 min"#
    ),
    BadInput(
      "environment/low-power-not-a-list.json",
      #"environment/low-power-not-a-list.json: environment.low_power: expected Low Power Mode intervals [[from, to], …] or { "below": "20%" }, found true"#
    ),
  ]
}
