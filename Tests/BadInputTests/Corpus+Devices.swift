extension BadInputCorpus {
  /// Devices: unknown names, missing, special and directory files, `extends` cycles, nonsense
  /// patches, misspelt keys.
  static let devices: [BadInput] = [
    BadInput(
      "devices/display-max-luminance-zero.json",
      #"devices/display-max-luminance-zero.json: device.components.display.max_luminance: expected a luminance greater than zero, found "0 nits""#
    ),
    BadInput(
      "devices/display-max-luminance-bare.json",
      #"devices/display-max-luminance-bare.json: device.components.display.max_luminance: expected a luminance with its unit ("500 nits"), found 500"#
    ),
    BadInput(
      "devices/display-max-luminance-string-bare.json",
      #"devices/display-max-luminance-string-bare.json: device.components.display.max_luminance: expected a luminance with its unit ("500 nits"), found "500""#
    ),
    BadInput(
      "devices/display-max-luminance-unit.json",
      #"devices/display-max-luminance-unit.json: device.components.display.max_luminance: expected a luminance with a unit of nits or cd/m², found "500 lux" (unknown unit "lux")"#
    ),
    // A key missing at the top of a device file: the file, then the message, with no path.
    BadInput(
      "devices/device-file-no-components.json",
      #"devices/parts/no-components.json: a device needs the key "components", which is missing"#
    ),
    BadInput(
      "devices/device-file-syntax.json",
      "devices/parts/broken.json:5:1: expected ',' or '}' after an object member, found the end of the file"
    ),
    BadInput(
      "devices/device-is-directory.json",
      #"devices/device-is-directory.json: device: cannot read the device file "devices/parts": it is a directory"#
    ),
    BadInput(
      "devices/device-number.json",
      #"devices/device-number.json: device: expected a device: a built-in name ("devboard", "iphone", "laptop", "macbook" or "phone"), a path to a device file, or an object; found a number"#
    ),
    BadInput(
      "devices/device-special-file.json",
      #"devices/device-special-file.json: device: cannot read the device file "/dev/zero": it is not a regular file (a device, pipe or socket)"#
    ),
    BadInput(
      "devices/extends-cycle.json",
      "devices/parts/cycle-b.json: extends: device files extend each other in a cycle: devices/parts/cycle-a.json → devices/parts/cycle-b.json → devices/parts/cycle-a.json"
    ),
    BadInput(
      "devices/extends-missing.json",
      #"devices/parts/extends-missing.json: extends: cannot read the device file "devices/parts/gone.json": it does not exist"#
    ),
    BadInput(
      "devices/extends-chain-middle-error.json",
      #"devices/parts/negative-battery.json: battery.capacity: expected an energy that is not negative, found "-12 Wh""#
    ),
    BadInput(
      "devices/extends-negative-battery.json",
      #"devices/parts/negative-battery.json: battery.capacity: expected an energy that is not negative, found "-12 Wh""#
    ),
    BadInput(
      "devices/extends-self.json",
      "devices/parts/self.json: extends: device files extend each other in a cycle: devices/parts/self.json → devices/parts/self.json"
    ),
    BadInput(
      "devices/inline-one-state.json",
      "devices/inline-one-state.json: device.components.gps.states: expected at least two states (the active state, then an idle state), found 1"
    ),
    BadInput(
      "devices/inline-state-power-typo.json",
      #"devices/inline-state-power-typo.json: device.components.gps.states[1].pwer: unknown key "pwer" in a ladder state (did you mean "power"?)"#
    ),
    BadInput(
      "devices/inline-type-key-typo.json",
      #"devices/inline-type-key-typo.json: device.components.gps.tpye: unknown key "tpye" in a component (did you mean "type"?)"#
    ),
    BadInput(
      "devices/inline-unknown-type.json",
      #"devices/inline-unknown-type.json: device.components.modem.type: expected a component type ("platform", "island", "cpu", "storage", "radio", "gpu", "display" or "generic"), found "radoi" (did you mean "radio"?)"#
    ),
    BadInput(
      "devices/missing-file.json",
      #"devices/missing-file.json: device: cannot read the device file "devices/parts/no-such-device.json": it does not exist"#
    ),
    BadInput(
      "devices/patch-negative-power.json",
      #"devices/patch-negative-power.json: device_patch.components.platform.states[1].power: expected a power that is not negative, found "-1 mW""#
    ),
    BadInput(
      "devices/patch-nonsense.json",
      "devices/patch-nonsense.json: device_patch.components.cpu.clusters: expected an array (clusters), found a string"
    ),
    BadInput(
      "devices/patch-remove-components.json",
      #"devices/patch-remove-components.json: device_patch: a device needs the key "components", which is missing"#
    ),
    BadInput(
      "devices/patch-zero-cores.json",
      #"devices/patch-zero-cores.json: device_patch.components.gpu.opps[0].freq: expected a frequency greater than zero, found "0 Hz""#
    ),
    BadInput(
      "devices/unknown-built-in.json",
      #"devices/unknown-built-in.json: device: expected a built-in device ("devboard", "iphone", "laptop", "macbook" or "phone") or a path to a device file ending in .json, found "phon" (did you mean "phone"?)"#
    ),
    BadInput(
      "devices/patch-capacity-overflow.json",
      #"devices/patch-capacity-overflow.json: device_patch.battery.capacity_mah: expected a capacity of at most 1.7e20 J, found 1e300 mAh at "1e300 V" (too large)"#
    ),
    BadInput(
      "devices/patch-battery-both-capacities.json",
      #"built-in device "phone": battery.capacity_mah: expected either "capacity" or "capacity_mah", found both (a device that extends one which gives the other can set it to null) (after device_patch)"#
    ),
    BadInput(
      "devices/patch-tiny-voltage.json",
      #"devices/patch-tiny-voltage.json: device_patch.battery.voltage: expected a voltage that gives 4000 mAh a capacity greater than zero, found "1e-30 V" (it rounds the capacity to 0 J)"#
    ),
    BadInput(
      "devices/patch-uplink-rounds-to-zero.json",
      #"devices/patch-uplink-rounds-to-zero.json: device_patch.components.wifi.uplink: expected a data rate of at least 1 bit/s, found "0.3 bit/s" (it rounds to 0 bit/s)"#
    ),
    BadInput(
      "devices/patch-zero-voltage.json",
      #"devices/patch-zero-voltage.json: device_patch.battery.voltage: expected a voltage greater than zero, found "0 V""#
    ),
    BadInput(
      "devices/patch-replaces-clusters.json",
      #"built-in device "phone": components.cpu.qos_policy.user-interactive.clusters[0]: expected the name of a cluster ("only"), found "prime" (after device_patch)"#
    ),
    BadInput(
      "devices/signal-power-below-one.json",
      #"devices/signal-power-below-one.json: device_patch.components.cellular.signal_power.fair: expected a factor of at least 1 on the transfer power, found 0.8"#
    ),
    BadInput(
      "devices/drx-on-duration-not-shorter.json",
      #"devices/drx-on-duration-not-shorter.json: device_patch.components.cellular.drx.on_duration: expected an on-duration shorter than the cycle (40 ms), found 40 ms"#
    ),
    BadInput(
      "devices/drx-missing-power.json",
      #"devices/drx-missing-power.json: device_patch.components.cellular.drx: a connected-mode DRX needs the key "power", which is missing"#
    ),
    BadInput(
      "devices/drx-unknown-key.json",
      #"devices/drx-unknown-key.json: device_patch.components.cellular.drx.cycles: unknown key "cycles" in a connected-mode DRX (did you mean "cycle"?)"#
    ),
    BadInput(
      "devices/scanning-below-floor.json",
      #"devices/scanning-below-floor.json: device_patch.components.cellular.scanning: expected a power of at least the deepest idle state's (9.63 mW), found 1 mW"#
    ),
    BadInput(
      "devices/scanning-not-power.json",
      #"devices/scanning-not-power.json: device_patch.components.cellular.scanning: expected a power such as "300 mW" or "1.2 W", found "10 ms" (a time)"#
    ),
    BadInput(
      "devices/low-power-max-frequency-zero.json",
      #"devices/low-power-max-frequency-zero.json: device.low_power.max_frequency: expected a fraction above 0 of the highest clock (up to 100%), found 0"#
    ),
    // The cost of moving data and the camera: memory, network stack, pixel loads.
    BadInput(
      "devices/memory-power-missing.json",
      #"devices/memory-power-missing.json: device.components.platform.memory.power_per_gb: unknown key "power_per_gb" in a memory model (did you mean "power_per_gbps"?)"#
    ),
    BadInput(
      "devices/memory-power-too-large.json",
      #"devices/memory-power-too-large.json: device.components.platform.memory.power_per_gbps: expected at most 100 W per GB/s, found "200 W""#
    ),
    BadInput(
      "devices/memory-bandwidth-zero.json",
      #"devices/memory-bandwidth-zero.json: device.components.video.memory_bandwidth: expected a data rate greater than zero, found "0 GB/s""#
    ),
    BadInput(
      "devices/pixel-energy-zero.json",
      #"devices/pixel-energy-zero.json: device.components.camera.pixel_energy: expected an energy per pixel above 0 and at most 1 µJ, found "0 nJ""#
    ),
    BadInput(
      "devices/pixel-memory-huge.json",
      #"devices/pixel-memory-huge.json: device.components.encoder.pixel_memory: expected at most 1024 B of memory traffic per pixel, found "2 KB""#
    ),
    BadInput(
      "devices/network-stack-too-slow.json",
      #"devices/network-stack-too-slow.json: device.network_stack.cpu_per_mb: expected at most 1 s of CPU work per megabyte, found "2 s""#
    ),
    BadInput(
      "devices/network-stack-typo.json",
      #"devices/network-stack-typo.json: device.network_stack.cpu_per_megabyte: unknown key "cpu_per_megabyte" in a network stack (expected one of "cpu_per_mb" or "description")"#
    ),
    BadInput(
      "devices/generic-named-fps.json",
      #"devices/generic-named-fps.json: device.components.fps: a generic component cannot be named "fps", which is a work step's key"#
    ),
    BadInput(
      "devices/qos-throttle-window-not-time.json",
      #"devices/qos-throttle-window-not-time.json: device_patch.components.cpu.qos_policy.io_throttle_window: expected a time such as "5 s" or "20 ms", found "500 MB" (a data size)"#
    ),
    BadInput(
      "devices/qos-timer-tolerance-above-one.json",
      #"devices/qos-timer-tolerance-above-one.json: device_patch.components.cpu.qos_policy.timer_tolerance: expected a fraction between 0 and 1 (or "0%" to "100%"), found "150%""#
    ),
    BadInput(
      "devices/thermal-states-not-ascending.json",
      #"devices/thermal-states-not-ascending.json: device.thermal.states.serious: expected "serious" above the state before it (39.0 °C), found 38.0 °C"#
    ),
    BadInput(
      "devices/thermal-time-constant-below-poll.json",
      #"devices/thermal-time-constant-below-poll.json: device.thermal.time_constant: expected a time constant of at least the poll (1 s), found 500 ms: the governor's step would overshoot"#
    ),
    BadInput(
      "devices/thermal-both-capacitance-and-time-constant.json",
      #"devices/thermal-both-capacitance-and-time-constant.json: device.thermal.capacitance: expected either "capacitance" or "time_constant", found both (a device that extends one which gives the other can set it to null)"#
    ),
    BadInput(
      "devices/thermal-limits-unknown-component.json",
      #"devices/thermal-limits-unknown-component.json: device.thermal.limits.components[1]: expected the name of a component of the device, found "gpu" (did you mean "cpu"?)"#
    ),
    BadInput(
      "devices/thermal-short-term-below-sustained.json",
      #"devices/thermal-short-term-below-sustained.json: device.thermal.limits.short_term: expected a short-term limit of at least the sustained one (15 W), found "10 W""#
    ),
    BadInput(
      "devices/thermal-resistance-negative.json",
      #"devices/thermal-resistance-negative.json: device.thermal.resistance: expected a number greater than zero, found -1"#
    ),
  ]
}
