extension BuiltInDevices {
  /// A 2019-class Android phone: variable-refresh OLED, three CPU clusters, flash, LTE, Wi-Fi
  /// and a GPU. Every number's source is in its `x-source` note and in the documentation
  /// (`ScenarioFiles.docc/BuiltInDeviceProfiles.md`).
  static let phoneProfile = #"""
    {
      "name": "phone",
      "description": "A 2019-class Android phone: 120 Hz OLED, little/big/prime CPU clusters, flash storage, LTE, Wi-Fi and a GPU.",
      "x-voltage": "Android power_profile.xml currents are converted to watts at an assumed 3.85 V nominal battery voltage.",
      "battery": {
        "capacity_mah": 4000, "voltage": "3.85 V",
        "x-source": "OnePlus 7 Pro battery 4000 mAh (power_profile.xml); 3.85 V nominal assumed",
        "charge_power": "15 W",
        "x-source-charge_power": "calibration target: a 15 W USB-PD charger"
      },
      "components": {
        "platform": {
          "type": "platform",
          "description": "SoC fabric, DRAM and always-on rail: busy while any component is, the lit display included.",
          "states": [
            { "name": "awake", "power": "30.8 mW",
              "x-source": "OnePlus 7 Pro cpu.awake 8 mA x 3.85 V" },
            { "name": "idle", "power": "19.25 mW", "after": "20 ms", "wake_latency": "100 us",
              "x-source": "OnePlus 7 Pro cpu.idle 5 mA x 3.85 V; after and wake_latency are calibration targets (no published figure): the fabric idles 20 ms after the last work and resumes in 0.1 ms" },
            { "name": "suspend", "power": "12.3 mW", "after": "1 s", "wake_latency": "5 ms",
              "x-source": "Nexus 5 cpu.suspend 3.2 mA x 3.85 V; after and wake_latency are calibration targets (no published figure): the phone suspends 1 s after the last work and resumes in 5 ms" }
          ]
        },
        "cpu": {
          "type": "cpu",
          "dispatch_cost": "50 us",
          "x-source-dispatch_cost": "SPEC 5.2 default",
          "clusters": [
            {
              "name": "little", "cores": 4, "ipc": 1,
              "x-source": "Snapdragon 855 (OnePlus 7 Pro): 4 little, 3 big and 1 prime core; the little core at its top frequency is the reference core (ipc 1)",
              "opps": [
                { "freq": "576 MHz", "power": "109.3 mW", "x-source": "OnePlus 7 Pro 28.4 mA at 576 MHz" },
                { "freq": "1785.6 MHz", "power": "211 mW", "x-source": "OnePlus 7 Pro 54.8 mA at 1785.6 MHz" }
              ],
              "core_states": [
                { "name": "active", "power": "4 mW", "x-source": "holding power (unused by the predictive policy), as wfi" },
                { "name": "wfi", "power": "4 mW", "min_residency": "0 s",
                  "x-source": "calibration target: CPU at 1%/10%/100% of one reference core = 1.1x/2x/10x the idle CPU" },
                { "name": "off", "power": "1 mW", "wake_latency": "160 us", "wake_power": "50 mW", "min_residency": "2 ms",
                  "x-source": "exit latency 160 us and min residency 2000 us: gs101 A55 (Linux gs101.dtsi); powers are calibration targets" }
              ],
              "states": [
                { "name": "on", "power": "30 mW", "x-source": "calibration target: CPU at 1%/10%/100% of one reference core = 1.1x/2x/10x the idle CPU (platform energy guidance, SPEC 11)" },
                { "name": "clock-gated", "power": "10 mW", "min_residency": "0 s", "x-source": "calibration target (as on); no latency, so chosen for any idle time" },
                { "name": "off", "power": "6 mW", "wake_latency": "6562 us", "wake_power": "30 mW", "min_residency": "9987 us",
                  "x-source": "cluster sleep exit 6562 us, min residency 9987 us: Snapdragon 865 (Linux sm8250.dtsi); power a calibration target" }
              ]
            },
            {
              "name": "big", "cores": 3, "ipc": 2.29,
              "x-source": "3 big cores (Snapdragon 855); ipc: capacity-dmips-mhz 1024 / 448 (Snapdragon 865 big / little, Linux sm8250.dtsi)",
              "opps": [
                { "freq": "710.4 MHz", "power": "222.1 mW", "x-source": "OnePlus 7 Pro 57.7 mA at 710.4 MHz" },
                { "freq": "2419.2 MHz", "power": "1352.9 mW", "x-source": "OnePlus 7 Pro 351.4 mA at 2419.2 MHz" }
              ],
              "core_states": [
                { "name": "active", "power": "8 mW", "x-source": "as wfi" },
                { "name": "wfi", "power": "8 mW", "x-source": "calibration target" },
                { "name": "off", "power": "1 mW", "wake_latency": "190 us", "wake_power": "150 mW", "min_residency": "2500 us",
                  "x-source": "gs101 A76 exit 190 us, min residency 2500 us; powers calibration targets" }
              ],
              "states": [
                { "name": "on", "power": "60 mW", "x-source": "calibration target" },
                { "name": "clock-gated", "power": "15 mW", "x-source": "calibration target" },
                { "name": "off", "power": "6 mW", "wake_latency": "6562 us", "wake_power": "60 mW", "min_residency": "9987 us",
                  "x-source": "Snapdragon 865 cluster sleep (sm8250.dtsi); power a calibration target" }
              ]
            },
            {
              "name": "prime", "cores": 1, "ipc": 2.29,
              "x-source": "1 prime core (Snapdragon 855); ipc as big (the same microarchitecture)",
              "opps": [
                { "freq": "825.6 MHz", "power": "639.1 mW", "x-source": "OnePlus 7 Pro 166.0 mA at 825.6 MHz" },
                { "freq": "2841.6 MHz", "power": "1943.1 mW", "x-source": "OnePlus 7 Pro 504.7 mA at 2841.6 MHz" }
              ],
              "core_states": [
                { "name": "active", "power": "10 mW", "x-source": "as wfi" },
                { "name": "wfi", "power": "10 mW", "x-source": "calibration target" },
                { "name": "off", "power": "1 mW", "wake_latency": "220 us", "wake_power": "200 mW", "min_residency": "3500 us",
                  "x-source": "gs101 X1 exit 220 us, min residency 3500 us; powers calibration targets" }
              ],
              "states": [
                { "name": "on", "power": "80 mW", "x-source": "calibration target" },
                { "name": "clock-gated", "power": "20 mW", "x-source": "calibration target" },
                { "name": "off", "power": "6 mW", "wake_latency": "6562 us", "wake_power": "80 mW", "min_residency": "9987 us",
                  "x-source": "Snapdragon 865 cluster sleep (sm8250.dtsi); power a calibration target" }
              ]
            }
          ],
          "qos_policy": {
            "user-interactive": { "clusters": ["prime", "big", "little"], "frequency": "max" },
            "user-initiated": { "clusters": ["big", "prime", "little"], "frequency": "max" },
            "default": { "clusters": ["little", "big", "prime"], "frequency": "max" },
            "utility": { "clusters": ["little", "big"], "frequency": "efficient" },
            "background": { "clusters": ["little"], "frequency": "efficient" }
          },
          "x-source-qos_policy": "design choice after Android's energy-aware scheduler: light default work on the most efficient cluster, interactive work boosted to the fastest"
        },
        "storage": {
          "type": "storage",
          "description": "Flash storage: eMMC 4.5 bandwidths and request rates, UFS power-management timers.",
          "read_bandwidth": "70 MB/s", "write_bandwidth": "40 MB/s",
          "x-source-bandwidth": "eMMC 4.5 sequential read ~70 MB/s, write ~40 MB/s (Li et al., FAST 2014)",
          "command_latency": "397.6 us",
          "x-source-command_latency": "2000 random 4K write IOPS (Li et al., FAST 2014): 1/2000 s less 4 KiB at 40 MB/s (102.4 us); the model has one command latency, taken from writes",
          "write_power": "69.34 mW",
          "x-source-write_power": "derived from random writes costing 15x the energy of sequential writes (Mohan et al., HotStorage 2017): a 4 KiB random write is a command at the 250 mW peak plus 102.4 us of data, so 250 mW x 397.6 us = 14 x 102.4 us x write_power",
          "read_power": "69.34 mW",
          "x-source-read_power": "no published figure: taken equal to write_power, so a byte read costs 40/70 of a byte written (the bandwidth ratio)",
          "page_size": "4 KiB",
          "x-source-page_size": "the 4K random I/O unit of the FAST 2014 measurements",
          "states": [
            { "name": "active", "power": "250 mW",
              "x-source": "the < 250 mW peak of eMMC 4.5 (Li et al., FAST 2014), drawn while a command is processed" },
            { "name": "idle", "power": "15 mW", "after": "0 s",
              "x-source": "calibration target: controller idle with clocks on (no published figure); entered at once, so the command power is not held" },
            { "name": "hibernate", "power": "0.5 mW", "after": "150 ms", "wake_latency": "1 ms",
              "x-source": "UFS clock gating and auto-hibernate after 150 ms idle (Linux ufshcd.c); power and wake latency are calibration targets (no published figure)" }
          ]
        },
        "cellular": {
          "type": "radio", "technology": "cellular",
          "downlink": "13 Mbit/s", "uplink": "6 Mbit/s",
          "x-source-bandwidth": "median LTE throughput (Huang et al., MobiSys 2012)",
          "rtt": "70 ms", "x-source-rtt": "calibration target: a typical LTE round trip",
          "transfer_power": { "base": "1.2 W", "per_mbit_down": "51.97 mW", "per_mbit_up": "438.39 mW",
            "x-source": "Huang et al., MobiSys 2012 (beta, alpha_d, alpha_u)" },
          "states": [
            { "name": "connected", "power": "1.2 W",
              "x-source": "continuous reception at the active base power beta (Huang et al.)" },
            { "name": "drx", "power": "1.091 W", "after": "100 ms",
              "x-source": "ARO lte.conf: 0.1 s continuous reception, then DRX pings of 2 ms at 1.68 W every 40 ms over a 1.06 W tail baseline (1.06 + 0.62 x 2/40); the short-DRX phase is merged into it" },
            { "name": "idle", "power": "19.95 mW", "after": "10.1 s", "wake_latency": "260 ms", "wake_power": "1.21 W",
              "x-source": "ARO lte.conf: 10 s of DRX tail; idle paging 43 ms at 0.594 W every 1.28 s (0.594 x 43/1280); promotion 0.26 s at 1.21 W" }
          ]
        },
        "wifi": {
          "type": "radio", "technology": "wifi",
          "downlink": "50 Mbit/s", "uplink": "20 Mbit/s", "rtt": "20 ms",
          "x-source-bandwidth": "calibration target: a typical home network",
          "transfer_power": "403 mW", "x-source-transfer_power": "ARO Wi-Fi active 0.403 W",
          "states": [
            { "name": "active", "power": "403 mW", "x-source": "ARO Wi-Fi active 0.403 W" },
            { "name": "standby", "power": "20 mW", "after": "250 ms", "wake_latency": "2 ms",
              "x-source": "ARO Wi-Fi tail 0.25 s, standby 0.02 W; wake latency a calibration target" }
          ]
        },
        "gpu": {
          "type": "gpu",
          "frequency": "efficient",
          "x-source-frequency": "design choice: the GPU governor picks the most efficient point for light loads",
          "opps": [
            { "freq": "257 MHz", "power": "325 mW",
              "x-source": "derived: the top point scaled by (257/585)^3, dynamic power cubic in frequency" },
            { "freq": "585 MHz", "power": "3.83 W",
              "x-source": "Apple A13 GFXBench Aztec High sustained 3.83 W (AnandTech 2019), SoC power under GPU load, used as the top point; frequencies are calibration targets" }
          ],
          "states": [
            { "name": "active", "power": "80 mW", "x-source": "calibration target: clocks on, idle" },
            { "name": "clock-gated", "power": "20 mW", "after": "800 us",
              "x-source": "Mali kbase powers shader cores off after 2 ticks of 400 us (mali_kbase_config_defaults.h); power a calibration target" },
            { "name": "power-gated", "power": "1 mW", "after": "66 ms", "wake_latency": "1 ms",
              "x-source": "drm/msm suspends the GPU after 66 ms idle (msm_gpu.h); no published wake latency: 1 ms chosen" }
          ]
        },
        "display": {
          "type": "display", "technology": "oled",
          "refresh_rates": ["10 Hz", "24 Hz", "30 Hz", "60 Hz", "90 Hz", "120 Hz"], "idle_refresh": "10 Hz",
          "x-source-refresh": "calibration target: a variable-refresh (LTPO-class) panel",
          "panel_power": "245 mW", "per_hz": "2 mW",
          "x-source-panel": "PowerTutor Nexus One OLED base 365 mW at 60 Hz (PassionConstants.java), split as 245 mW + 2 mW/Hz; per_hz is a calibration target (60 to 30 fps saves 10-25% of the device's drain)",
          "full_white_power": "1.195 W",
          "x-source-full_white_power": "PowerTutor Nexus One: full white about 1.56 W less the 365 mW base",
          "brightness_curve": { "gamma": 2.2 },
          "x-source-brightness_curve": "calibration target: power super-linear in the brightness setting",
          "appearance_apl": { "light": "65%", "dark": "8%",
            "x-source": "light: 65% white pixels in pages users saw (Chameleon, MobiSys 2011); dark: calibration target, dark saves 60-67% of display power at 100% brightness (Dash and Hu, MobiSys 2021): 65% on a static screen at 10 Hz, 60% at 60 Hz" },
          "off_power": "0 W"
        }
      }
    }
    """#
}
