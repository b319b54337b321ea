extension BadInputCorpus {
  /// Values: wrong types and dimensions, unknown units, NaN and infinity, negative, zero, too large;
  /// a required value missing or its key misspelt.
  static let quantities: [BadInput] = [
    BadInput(
      "quantities/duration-spelt-unit.json",
      #"quantities/duration-spelt-unit.json: duration: expected a time with a unit of ns, us, µs, ms, s, min, h or d, found "5 sec" (unknown unit "sec"); did you mean "s"?"#
    ),
    BadInput(
      "quantities/brightness-negative.json",
      "quantities/brightness-negative.json: display[0].brightness: expected a fraction that is not negative, found -0.5"
    ),
    BadInput(
      "quantities/brightness-over-100-percent.json",
      #"quantities/brightness-over-100-percent.json: display[0].brightness: expected a fraction between 0 and 1 (or "0%" to "100%"), found "150%""#
    ),
    BadInput(
      "quantities/brightness-nits-over-max-luminance.json",
      #"quantities/brightness-nits-over-max-luminance.json: display[0].brightness: expected a luminance of at most the display's max_luminance, 450 nits, found "600 nits""#
    ),
    BadInput(
      "quantities/brightness-nits-without-max-luminance.json",
      #"quantities/brightness-nits-without-max-luminance.json: display[0].brightness: expected a brightness setting ("50%"): the device's display gives no max_luminance, so it takes no brightness in nits, found "200 nits""#
    ),
    BadInput(
      "quantities/cpu-negative.json",
      "quantities/cpu-negative.json: workloads.sync.work.cpu: expected a time that is not negative, found -0.002"
    ),
    BadInput(
      "quantities/cpu-too-large-for-nanoseconds.json",
      #"quantities/cpu-too-large-for-nanoseconds.json: workloads.sync.work.cpu: expected a time of at most 292 years, found "1e12 d" (too large)"#
    ),
    BadInput(
      "quantities/download-negative-rate-unit.json",
      #"quantities/download-negative-rate-unit.json: workloads.fetch.work.download: expected a data size that is not negative, found "-3 MB""#
    ),
    BadInput(
      "quantities/duration-1e999.json",
      #"quantities/duration-1e999.json: duration: expected a duration of at most 366 days, found "1e999 s""#
    ),
    BadInput(
      "quantities/duration-367-days.json",
      #"quantities/duration-367-days.json: duration: expected a duration of at most 366 days, found "367 d""#
    ),
    BadInput(
      "quantities/duration-bare-1e999.json",
      "quantities/duration-bare-1e999.json: duration: expected a duration of at most 366 days, found 1e999"
    ),
    BadInput(
      "quantities/duration-bool.json",
      "quantities/duration-bool.json: duration: expected a time (a number or a string with a unit), found true"
    ),
    BadInput(
      "quantities/duration-empty-string.json",
      #"quantities/duration-empty-string.json: duration: expected a time such as "5 s" or "20 ms", found """#
    ),
    BadInput(
      "quantities/duration-inf.json",
      #"quantities/duration-inf.json: duration: expected a time, found "inf s" (not a finite number)"#
    ),
    BadInput(
      "quantities/duration-missing.json",
      #"quantities/duration-missing.json: a scenario needs the key "duration", which is missing"#
    ),
    BadInput(
      "quantities/duration-typo.json",
      #"quantities/duration-typo.json: duraton: unknown key "duraton" in a scenario (did you mean "duration"?)"#
    ),
    BadInput(
      "quantities/duration-nan.json",
      #"quantities/duration-nan.json: duration: expected a time, found "NaN" (not a finite number)"#
    ),
    BadInput(
      "quantities/duration-negative.json",
      #"quantities/duration-negative.json: duration: expected a time that is not negative, found "-5 min""#
    ),
    BadInput(
      "quantities/duration-no-number.json",
      #"quantities/duration-no-number.json: duration: expected a time such as "5 s" or "20 ms", found "min""#
    ),
    BadInput(
      "quantities/duration-zero.json",
      "quantities/duration-zero.json: duration: expected a time greater than zero, found 0"),
    BadInput(
      "quantities/every-array.json",
      "quantities/every-array.json: workloads.sync.every: expected a time (a number or a string with a unit), found an array"
    ),
    BadInput(
      "quantities/every-rounds-to-zero.json",
      #"quantities/every-rounds-to-zero.json: workloads.sync.every: expected a time greater than zero, found "0.4 ns" (it rounds to 0 ns)"#
    ),
    BadInput(
      "quantities/every-unit-case.json",
      #"quantities/every-unit-case.json: workloads.sync.every: expected a time with a unit of ns, us, µs, ms, s, min, h or d, found "5 MS" (unknown unit "MS"); did you mean "ms"?"#
    ),
    BadInput(
      "quantities/every-unknown-unit.json",
      #"quantities/every-unknown-unit.json: workloads.sync.every: expected a time with a unit of ns, us, µs, ms, s, min, h or d, found "5 parsecs" (unknown unit "parsecs")"#
    ),
    BadInput(
      "quantities/every-wrong-dimension.json",
      #"quantities/every-wrong-dimension.json: workloads.sync.every: expected a time such as "5 s" or "20 ms", found "5 MB" (a data size)"#
    ),
    BadInput(
      "quantities/frames-zero-fps.json",
      #"quantities/frames-zero-fps.json: workloads.ui.frames: expected a frequency greater than zero, found "0 fps""#
    ),
    BadInput(
      "quantities/seed-fraction.json",
      "quantities/seed-fraction.json: seed: expected a whole number, found 1.5"),
    BadInput(
      "quantities/seed-string.json",
      #"quantities/seed-string.json: seed: expected a whole number, found "42""#),
    BadInput(
      "quantities/seed-too-large.json",
      "quantities/seed-too-large.json: seed: expected a whole number from 0 to 9223372036854775807, found 18446744073709551616 (too large)"
    ),
    BadInput(
      "quantities/threads-absurd.json",
      "quantities/threads-absurd.json: workloads.job.work.threads: expected a whole number from 1 to 1024, found 100000"
    ),
    BadInput(
      "quantities/threads-zero.json",
      "quantities/threads-zero.json: workloads.job.work.threads: expected a whole number from 1 to 1024, found 0"
    ),
    BadInput(
      "quantities/write-size-zero.json",
      #"quantities/write-size-zero.json: workloads.save.work.write_size: expected a data size greater than zero, found "0 B""#
    ),
    BadInput(
      "quantities/write-size-too-many-requests.json",
      #"quantities/write-size-too-many-requests.json: workloads.save.work.write_size: expected a write_size that splits the write into at most 1e9 requests, found "1 B" (2e9 requests)"#
    ),
    BadInput(
      "quantities/capacity-bare-huge.json",
      "quantities/capacity-bare-huge.json: device_patch.battery.capacity: expected an energy of at most 1.7e20 J, found 1e30 (too large)"
    ),
  ]
}
