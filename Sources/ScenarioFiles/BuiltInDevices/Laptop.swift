extension BuiltInDevices {
  /// A 13-inch laptop: a 60 Hz LCD, efficiency and performance cores, an NVMe SSD, Wi-Fi, audio,
  /// Bluetooth, a video decoder and the platform. Every number's source or calibration target is in
  /// its `x-source` note and in the documentation (`ScenarioFiles.docc/BuiltInDeviceProfiles.md`).
  static let laptopProfile = #"""
    {
      "name": "laptop",
      "description": "A 13-inch laptop: 60 Hz LCD, efficiency and performance cores, an NVMe SSD, Wi-Fi, audio, Bluetooth, a video decoder and the platform (no discrete GPU).",
      "x-source": "calibration.md has no published figure for most laptop parts: those numbers are calibration targets, each stated beside it. Idle states are Intel's (Linux intel_idle.c), SSD power states Samsung 950-class (nvme-cli pull request 52) with Linux APST timeouts.",
      "battery": {
        "capacity": "50 Wh",
        "x-source": "calibration target: a 13-inch laptop battery (no figure in calibration.md)",
        "charge_power": "30 W",
        "x-source-charge_power": "calibration target: a 45 W USB-C charger, of which 30 W refills the battery"
      },
      "app_policy": {
        "background_time": "unlimited",
        "x-source-background_time": "macOS does not suspend a hidden app (Apple, Energy Efficiency Guide for Mac Apps, Extend App Nap: App Nap throttles it instead)",
        "extended_time": "30 s", "refresh_time": "30 s", "processing_time": "10 min",
        "x-source-extended_time": "unused while background_time is unlimited (nothing is suspended); the phone's figures, for a scenario that limits an app's background_time: Apple, Extending your app's background execution time (about 30 s)",
        "x-source-refresh_time": "the phone's figure, as extended_time: Apple, BGAppRefreshTask (WWDC 2019 session 707: up to 30 s)",
        "x-source-processing_time": "the phone's figure, as extended_time: Android JobScheduler's 10 min execution limit (NSBackgroundActivityScheduler publishes none)",
        "timer_leeway": "10 s",
        "x-source-timer_leeway": "App Nap's timer throttling (Apple, Energy Efficiency Guide for Mac Apps, Extend App Nap: it reduces the frequency with which a napping app's timers fire); 10 s is *Apps and push delivery*'s calibration choice, no published figure"
      },
      "low_power": {
        "max_frequency": "70%", "timer_leeway": "1 s",
        "x-source": "calibration choice: macOS Low Power Mode (macOS 12 and later) decreases the CPU clock and display brightness (Apple's Battery settings); no published clock cap was found: 70% of the top clock, which leaves the efficiency cores 2 GHz and the performance cores 2.8 GHz",
        "x-source-timer_leeway": "calibration choice (no published figure), as the phone's: 1 s"
      },
      "thermal": {
        "description": "The chassis as one thermal mass, and the processor's package power limits.",
        "resistance": 1.1,
        "x-source-resistance": "calibration choice from published surface temperatures: Notebookcheck measures a 13-inch ultrabook's (Dell XPS 13 9300) surfaces at about 40-45 °C under a sustained stress test at about 20 °C of ambient, with the whole laptop near 18 W: about 1.1 °C per W with its fan running",
        "capacitance": 1000,
        "x-source-capacitance": "the chassis's heat capacity: 1.2-1.3 kg (Dell XPS 13 9300, Dell's specifications) of aluminium, magnesium, glass and battery at about 0.8 J per g and °C (aluminium 0.9, glass 0.84): 1000 J per °C; with the resistance a time constant of 18 min",
        "states": { "fair": 40, "serious": 48, "critical": 60,
          "x-source": "IEC 62368-1 touch-temperature limits (TS1) for metal surfaces: 48 °C for contact held for long (over 8 h, a laptop's palm rest), 60 °C for short contact; fair from 40 °C, where reviews call a palm rest warm (Notebookcheck's surface-temperature scale)" },
        "limits": {
          "sustained": "15 W", "window": "28 s", "short_term": "50 W",
          "components": ["cpu", "platform"],
          "x-source": "Intel Core i7-1065G7 (Intel ARK): TDP 15 W (PL1), configurable 12-25 W; PL2 about 50 W for seconds (reviews' sustained-load traces, calibration.md); tau 28 s, Intel's default turbo time window for U-series processors (the Ice Lake firmware default that reviews' package-power traces show: about half a minute of turbo before settling at PL1); the package counts the cores and the platform component (uncore and memory controller, whose figure here also carries DRAM and the PCH: a little more than RAPL's package domain)"
        }
      },
      "components": {
        "platform": {
          "type": "platform",
          "description": "Uncore, memory controller, DRAM and the platform controller hub: busy while any component is, the lit display included.",
          "states": [
            { "name": "awake", "power": "1.5 W",
              "x-source": "calibration target: package C0 with DRAM active; with the CPU busy the platform and CPU together draw a few watts" },
            { "name": "package-c6", "power": "400 mW", "after": "200 us", "wake_latency": "85 us",
              "x-source": "Skylake C6 exit 85 us, target residency 200 us (Linux intel_idle.c), used as the timeout; power a calibration target" },
            { "name": "package-c8", "power": "150 mW", "after": "800 us", "wake_latency": "200 us",
              "x-source": "Skylake C8 exit 200 us, target residency 800 us (Linux intel_idle.c); power a calibration target: the laptop idles at about 2.7 W with the screen on at 50%" }
          ]
        },
        "cpu": {
          "type": "cpu",
          "dispatch_cost": "50 us",
          "x-source-dispatch_cost": "*The platform* default",
          "clusters": [
            {
              "name": "efficiency", "cores": 4, "ipc": 1,
              "x-source": "the reference core; core count a calibration target (a 4+4 hybrid laptop chip)",
              "opps": [
                { "freq": "1 GHz", "power": "148 mW",
                  "x-source": "calibration target: P proportional to f x V^2 (the kernel Energy Model's form) with V = 0.7 V, scaled to the 3 GHz point" },
                { "freq": "2 GHz", "power": "437 mW",
                  "x-source": "calibration target: as the 1 GHz point, V = 0.85 V" },
                { "freq": "3 GHz", "power": "1 W",
                  "x-source": "calibration target: 1 W per efficiency core at 3 GHz, 1.05 V; with the idle powers below, one core busy 100% draws 10x the idle CPU" }
              ],
              "core_states": [
                { "name": "active", "power": "20 mW", "x-source": "as c1 (unused by the predictive policy)" },
                { "name": "c1", "power": "20 mW", "wake_latency": "2 us", "min_residency": "2 us",
                  "x-source": "Skylake C1 exit 2 us, target residency 2 us (Linux intel_idle.c); power a calibration target" },
                { "name": "c6", "power": "2 mW", "wake_latency": "85 us", "wake_power": "200 mW", "min_residency": "200 us",
                  "x-source": "Skylake C6 exit 85 us, target residency 200 us (Linux intel_idle.c); powers calibration targets" }
              ],
              "states": [
                { "name": "on", "power": "120 mW",
                  "x-source": "calibration target: CPU at 1%/10%/100% of one reference core = 1.1x/2x/10x the idle CPU (platform energy guidance, *Built-in devices*)" },
                { "name": "clock-gated", "power": "60 mW", "min_residency": "0 s", "x-source": "calibration target (as on)" },
                { "name": "off", "power": "40 mW", "wake_latency": "200 us", "min_residency": "800 us",
                  "x-source": "Skylake C8 exit 200 us, target residency 800 us (Linux intel_idle.c); power a calibration target (as on)" }
              ]
            },
            {
              "name": "performance", "cores": 4, "ipc": 1.5,
              "x-source": "ipc: calibration target, a big core retires about 1.5x the instructions per cycle of an efficiency core",
              "opps": [
                { "freq": "1.2 GHz", "power": "650 mW",
                  "x-source": "calibration target: P proportional to f x V^2 with V = 0.7 V, scaled to the 4.4 GHz point" },
                { "freq": "2.8 GHz", "power": "2.5 W",
                  "x-source": "calibration target: as the 1.2 GHz point, V = 0.9 V" },
                { "freq": "4.4 GHz", "power": "7 W",
                  "x-source": "calibration target: 7 W per performance core at its 4.4 GHz turbo, 1.2 V" }
              ],
              "core_states": [
                { "name": "active", "power": "40 mW", "x-source": "as c1 (unused by the predictive policy)" },
                { "name": "c1", "power": "40 mW", "wake_latency": "2 us", "min_residency": "2 us",
                  "x-source": "Skylake C1 (Linux intel_idle.c); power a calibration target" },
                { "name": "c6", "power": "3 mW", "wake_latency": "85 us", "wake_power": "500 mW", "min_residency": "200 us",
                  "x-source": "Skylake C6 (Linux intel_idle.c); powers calibration targets" }
              ],
              "states": [
                { "name": "on", "power": "200 mW", "x-source": "calibration target (as the efficiency cluster)" },
                { "name": "clock-gated", "power": "100 mW", "min_residency": "0 s", "x-source": "calibration target" },
                { "name": "off", "power": "60 mW", "wake_latency": "200 us", "min_residency": "800 us",
                  "x-source": "Skylake C8 (Linux intel_idle.c); power a calibration target" }
              ]
            }
          ],
          "qos_policy": {
            "user-interactive": { "clusters": ["performance", "efficiency"], "frequency": "max" },
            "user-initiated": { "clusters": ["performance", "efficiency"], "frequency": "max" },
            "default": { "clusters": ["efficiency", "performance"], "frequency": "max" },
            "utility": { "clusters": ["efficiency", "performance"], "frequency": "efficient" },
            "background": { "clusters": ["efficiency"], "frequency": "efficient" }
          },
          "x-source-qos_policy": "design choice after hybrid schedulers: work the user waits on goes to performance cores at full speed, the rest to efficiency cores; utility and background work at the efficiency cores' most efficient point, counting the cluster and platform it keeps awake (an energy-aware scheduler's choice), so that background work costs no more energy than user-interactive work (ReferenceFigureTests.lowerQoSCostsNoMoreEnergy)"
        },
        "ssd": {
          "type": "storage",
          "description": "An NVMe SSD with autonomous power-state transitions.",
          "read_bandwidth": "2.5 GB/s", "write_bandwidth": "1.5 GB/s",
          "x-source-bandwidth": "calibration target: a PCIe 3.0 x4 SSD of the Samsung 950 class (no bandwidth in calibration.md)",
          "read_power": "5 W",
          "x-source-read_power": "calibration target: below the 6.5 W ps0 maximum (nvme-cli pull request 52)",
          "write_power": "6.5 W",
          "x-source-write_power": "Samsung 950-class ps0 maximum 6.5 W (nvme-cli pull request 52)",
          "command_latency": "20 us",
          "x-source-command_latency": "calibration target: a few tens of microseconds per NVMe command",
          "page_size": "4 KiB",
          "x-source-page_size": "calibration target: a 4 KiB logical block",
          "states": [
            { "name": "ps0", "power": "1 W",
              "x-source": "calibration target: operational idle in ps0, between ps3 (70 mW) and the 6.5 W maximum" },
            { "name": "ps3", "power": "70 mW", "after": "100 ms", "wake_latency": "5 ms",
              "x-source": "ps3 70 mW, exit 5 ms (nvme-cli pull request 52); APST enters it after 100 ms, the timeout for states with at most 15 ms latency (Linux nvme core.c)" },
            { "name": "ps4", "power": "5 mW", "after": "2 s", "wake_latency": "22 ms",
              "x-source": "ps4 5 mW, exit 22 ms (nvme-cli pull request 52); APST timeout 2000 ms for states with at most 100 ms latency (Linux nvme core.c)" }
          ]
        },
        "wifi": {
          "type": "radio", "technology": "wifi",
          "downlink": "200 Mbit/s", "uplink": "100 Mbit/s", "rtt": "10 ms",
          "x-source-bandwidth": "calibration target: a good home network",
          "transfer_power": "403 mW", "x-source-transfer_power": "ARO Wi-Fi active 0.403 W (a phone figure, for want of a laptop one)",
          "signal_power": { "good": 1, "fair": 1.15, "poor": 1.4,
            "x-source": "calibration choice in the direction Ding et al., SIGMETRICS 2013 measure for Wi-Fi (transfer power rising as the signal weakens, through retransmissions and lower rates); no published per-level factor for a laptop's Wi-Fi, so smaller than the cellular factors, whose transmitter dominates; most of a weak link's cost is its lower throughput, which the environment's downlink and uplink give" },
          "states": [
            { "name": "active", "power": "403 mW", "x-source": "ARO Wi-Fi active 0.403 W" },
            { "name": "standby", "power": "20 mW", "after": "100 ms", "wake_latency": "2 ms",
              "x-source": "ARO Wi-Fi standby 0.02 W; Linux mac80211 dynamic power-save timeout 100 ms; wake latency a calibration target" }
          ]
        },
        "display": {
          "type": "display", "technology": "lcd",
          "parent": "none",
          "x-source-parent": "Intel Panel Self Refresh: with a static image the panel refreshes itself from its own buffer, and the package reaches its deep C-states (PC8 and below) with the screen on, so the lit display does not hold the platform awake as a phone's does",
          "refresh_rates": ["60 Hz"], "idle_refresh": "60 Hz",
          "x-source-refresh": "a fixed 60 Hz panel (see *The display*)",
          "panel_power": "600 mW", "per_hz": "5 mW",
          "x-source-panel": "calibration target: 0.9 W of panel electronics at 60 Hz for a 13-inch LCD",
          "backlight_power": "3 W",
          "x-source-backlight_power": "calibration target: 3 W of backlight at full brightness for a 13-inch LCD",
          "brightness_curve": { "gamma": 1 },
          "x-source-brightness_curve": "backlight power linear in the brightness level (PowerTutor DreamConstants.java: 2.40 mW per level)",
          "off_power": "0 W",
          "max_luminance": "500 nits",
          "x-source-max_luminance": "Dell, XPS 13 9300 specifications: 13.4-inch FHD+ display, 500 nits"
        },
        "audio": {
          "type": "generic",
          "description": "Audio path: the HD Audio codec and speaker amplifier, active while an audio engine runs, suspended 5 s after it stops.",
          "states": [
            { "name": "active", "power": "92.4 mW",
              "x-source": "borrowed from the phone (no laptop figure in calibration.md): the median audio current of Snapdragon 855/865 phones' power_profile.xml, OnePlus 8 24 mA x 3.85 V" },
            { "name": "suspended", "power": "0 W", "after": "5 s", "wake_latency": "50 ms",
              "x-source": "after: PulseAudio suspends an idle sink after 5 s (module-suspend-on-idle's default timeout); wake latency a calibration choice as the phone's (no published figure); 0 W, as the platform's floor counts the codec off" }
          ]
        },
        "bluetooth": {
          "type": "generic",
          "description": "Bluetooth controller: active while it carries data, idle 7 s after.",
          "states": [
            { "name": "active", "power": "55.7 mW",
              "x-source": "borrowed from the phone (no laptop figure in calibration.md): the median bluetooth.active of Snapdragon 855/865 phones, 14.5 mA x 3.85 V" },
            { "name": "idle", "power": "0 W", "after": "7 s", "wake_latency": "50 ms",
              "x-source": "borrowed from the phone: sniff 7 s after the last traffic (Android bta_dm_cfg.cc A2DP), controller idle 0.04 mW taken as 0; wake latency a calibration choice" }
          ]
        },
        "media": {
          "type": "island",
          "description": "The media engine's domain: while the fixed-function decoder works, the uncore and memory controller stay up for its DMA, but the cores and the rest of the package may sleep between frames.",
          "states": [
            { "name": "awake", "power": "400 mW",
              "x-source": "calibration choice (no published media-domain figure found): the package's C6 power (this profile's package-c6 state), the uncore and memory up for the decoder's DMA while the cores and the rest of the package sleep between frames" },
            { "name": "collapsed", "power": "0 W", "after": "800 us", "wake_latency": "85 us",
              "x-source": "after and wake_latency as the package's C6 (Linux intel_idle.c: exit 85 us, target residency 800 us of C8 as the timeout); 0 W, as the platform's floor counts the package asleep" }
          ]
        },
        "video": {
          "type": "generic",
          "parent": "media",
          "x-source-parent": "the decoder hangs from the media island, so a film keeps the media domain, not the whole platform, at busy power",
          "description": "The integrated GPU's fixed-function video decoder: active while it decodes, off 2 s after.",
          "states": [
            { "name": "active", "power": "231.8 mW",
              "x-source": "borrowed from the phone (no published laptop decoder figure found): the median video current of Snapdragon 855/865 phones' power_profile.xml, Mi 10 60.2 mA x 3.85 V" },
            { "name": "off", "power": "0 W", "after": "2 s", "wake_latency": "10 ms",
              "x-source": "borrowed from the phone: a 2000 ms autosuspend (Linux venus driver); wake latency a calibration choice; 0 W, as the platform's floor counts the decoder off" }
          ]
        }
      }
    }
    """#
}
