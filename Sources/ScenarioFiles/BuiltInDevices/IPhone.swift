extension BuiltInDevices {
  /// An iPhone 13 Pro-class phone (Apple A15, 2021): a ProMotion OLED, efficiency and performance
  /// cores, flash, LTE, Wi-Fi, a GPU, satellite location, audio, Bluetooth and a video decoder. Every
  /// number's source, calibration target or the device it is borrowed from is in its `x-source` note
  /// and in the documentation (`ScenarioFiles.docc/BuiltInDeviceProfiles.md`).
  static let iphoneProfile = #"""
    {
      "name": "iphone",
      "description": "An iPhone 13 Pro-class phone (Apple A15, 2021): a 10-120 Hz ProMotion OLED, efficiency and performance CPU clusters, flash storage, LTE, Wi-Fi, a GPU, satellite location (GNSS), audio, Bluetooth and a video decoder.",
      "x-source": "Apple publishes few component powers. The CPU's operating points are the energy model of the A15's cores (Blizzard and Avalanche, as in Apple's M2) in Asahi Linux's t8112.dtsi; battery and charging are Apple's figures; the display and platform are tuned to AnandTech's iPhone 13 Pro battery measurements and Apple's video ratings; parts with no published iPhone figure are borrowed from the built-in phone, each saying so.",
      "battery": {
        "capacity": "11.97 Wh",
        "x-source": "iPhone 13 Pro battery 11.97 Wh (3095 mAh), from its regulatory filing (iMore, 'Filing reveals iPhone 13 battery increases', September 2021)",
        "charge_power": "11.97 W",
        "x-source-charge_power": "Apple, iPhone 13 Pro technical specifications: up to 50% in 30 minutes with a 20 W adapter, so 5.99 Wh in 0.5 h"
      },
      "app_policy": {
        "background_time": "30 s",
        "x-source-background_time": "Apple, Extending your app's background execution time (UIApplication beginBackgroundTask): an app leaving the screen runs briefly, then is suspended; a background task's grant is about 30 s (backgroundTimeRemaining)",
        "timer_leeway": "0 s",
        "x-source-timer_leeway": "none: iOS suspends a hidden app instead of throttling its timers"
      },
      "low_power": {
        "max_frequency": "42%", "timer_leeway": "1 s",
        "x-source": "Geekbench 5 on an iPhone 13 Pro in Low Power Mode: single-core 727 against 1732 normally (Wccftech, 'Apple's A15 Bionic Chip Thrashes the Competition Even in Low Power Mode', October 2021): 42% of the top clock, which leaves the performance cores 1188 MHz and the efficiency cores 600 MHz",
        "x-source-timer_leeway": "borrowed from the phone: a calibration choice (no published figure), timers get 1 s of leeway so they coalesce"
      },
      "components": {
        "platform": {
          "type": "platform",
          "description": "SoC fabric, DRAM, the display pipeline and the always-on rail: busy while any component is, the lit display included. Its deepest state is the whole phone suspended in airplane mode.",
          "states": [
            { "name": "awake", "power": "137.45 mW",
              "x-source": "borrowed from the phone (Apple publishes no SoC idle figure): the suspended floor plus an Android phone's cpu.awake and DRAM at its lowest bandwidth; the web-browsing and video figures it gives are pinned by IPhoneFigureTests" },
            { "name": "idle", "power": "50.05 mW", "after": "20 ms", "wake_latency": "100 us",
              "x-source": "borrowed from the phone: awake with DRAM in self-refresh; after and wake_latency are calibration choices (no published figure)" },
            { "name": "suspend", "power": "19.25 mW", "after": "1 s", "wake_latency": "5 ms",
              "x-source": "borrowed from the phone (Apple publishes no standby figure for the iPhone 13): an Android phone suspended in airplane mode, OnePlus 7 Pro cpu.idle 5 mA x 3.85 V; after and wake_latency calibration choices" }
          ]
        },
        "cpu": {
          "type": "cpu",
          "dispatch_cost": "50 us",
          "x-source-dispatch_cost": "the default dispatch cost (the article The CPU)",
          "display_latency_limit": "300 us",
          "x-source-display_latency_limit": "borrowed from the phone (no published iPhone figure): Qualcomm's display driver requests a 300 us CPU latency while the screen is on, which keeps clusters out of power collapse under a lit screen",
          "clusters": [
            {
              "name": "efficiency", "cores": 4, "ipc": 1,
              "x-source": "A15: 4 efficiency (Blizzard) and 2 performance (Avalanche) cores (AnandTech, The Apple A15 SoC Performance Review, 2021); the efficiency core at its top frequency is the reference core (ipc 1)",
              "opps": [
                { "freq": "600 MHz", "power": "26 mW", "x-source": "Blizzard energy model: opp-microwatt 26000 at 600 MHz (Asahi Linux, arch/arm64/boot/dts/apple/t8112.dtsi, Apple M2, whose efficiency cores are the A15's)" },
                { "freq": "912 MHz", "power": "56 mW", "x-source": "Blizzard: opp-microwatt 56000 at 912 MHz (t8112.dtsi)" },
                { "freq": "1284 MHz", "power": "88 mW", "x-source": "Blizzard: opp-microwatt 88000 at 1284 MHz (t8112.dtsi)" },
                { "freq": "1752 MHz", "power": "155 mW", "x-source": "Blizzard: opp-microwatt 155000 at 1752 MHz (t8112.dtsi)" },
                { "freq": "2004 MHz", "power": "231 mW", "x-source": "Blizzard: opp-microwatt 231000 at 2004 MHz (t8112.dtsi), the point nearest the A15's 2016 MHz efficiency-core clock (AnandTech 2021); the M2's higher points are above the A15's clock" }
              ],
              "core_states": [
                { "name": "active", "power": "4 mW", "x-source": "holding power (unused by the predictive policy), as wfi" },
                { "name": "wfi", "power": "4 mW", "min_residency": "0 s",
                  "x-source": "calibration choice (Apple publishes no idle power): CPU at 1%/10%/100% of one reference core = 1.1x/2x/10x the idle CPU (the platform energy guidance), pinned by ReferenceFigureTests.cpuPowerAgainstUtilization" },
                { "name": "off", "power": "1 mW", "suspended_power": "0 W", "wake_latency": "160 us", "wake_power": "20 mW", "min_residency": "2 ms",
                  "x-source": "borrowed from the phone (Apple publishes no idle states): exit latency 160 us and min residency 2000 us of Google Tensor's little cores (Linux gs101.dtsi); powers calibration choices pinned by the CPU ratios (ReferenceFigureTests.cpuPowerAgainstUtilization); 0 W while suspended, as the platform's floor counts it" }
              ],
              "states": [
                { "name": "on", "power": "18 mW", "x-source": "calibration choice: CPU at 1%/10%/100% of one reference core = 1.1x/2x/10x the idle CPU, pinned by ReferenceFigureTests.cpuPowerAgainstUtilization" },
                { "name": "clock-gated", "power": "10.5 mW", "min_residency": "0 s", "x-source": "calibration choice (as on); no latency, so chosen for any idle time, and the cluster's idle state under a lit screen" },
                { "name": "off", "power": "2 mW", "suspended_power": "0 W", "wake_latency": "6562 us", "wake_power": "18 mW", "min_residency": "9987 us",
                  "x-source": "borrowed from the phone: cluster sleep exit 6562 us, min residency 9987 us of the Snapdragon 865 (Linux sm8250.dtsi); power a calibration choice" }
              ]
            },
            {
              "name": "performance", "cores": 2, "ipc": 1.354,
              "x-source": "2 performance (Avalanche) cores; ipc: capacity-dmips-mhz 1024 / 756 (Avalanche / Blizzard, Asahi Linux t8112.dtsi)",
              "opps": [
                { "freq": "660 MHz", "power": "133 mW", "x-source": "Avalanche energy model: opp-microwatt 133000 at 660 MHz (Asahi Linux t8112.dtsi, Apple M2, whose performance cores are the A15's)" },
                { "freq": "1188 MHz", "power": "261 mW", "x-source": "Avalanche: opp-microwatt 261000 at 1188 MHz (t8112.dtsi)" },
                { "freq": "1704 MHz", "power": "441 mW", "x-source": "Avalanche: opp-microwatt 441000 at 1704 MHz (t8112.dtsi)" },
                { "freq": "2208 MHz", "power": "740 mW", "x-source": "Avalanche: opp-microwatt 740000 at 2208 MHz (t8112.dtsi)" },
                { "freq": "2724 MHz", "power": "1217 mW", "x-source": "Avalanche: opp-microwatt 1217000 at 2724 MHz (t8112.dtsi)" },
                { "freq": "3204 MHz", "power": "2159 mW", "x-source": "Avalanche: opp-microwatt 2159000 at 3204 MHz (t8112.dtsi), the point nearest the A15's 3240 MHz performance-core clock (AnandTech 2021)" }
              ],
              "core_states": [
                { "name": "active", "power": "8 mW", "x-source": "as wfi" },
                { "name": "wfi", "power": "8 mW", "x-source": "calibration choice, as the efficiency cores'" },
                { "name": "off", "power": "1 mW", "suspended_power": "0 W", "wake_latency": "190 us", "wake_power": "100 mW", "min_residency": "2500 us",
                  "x-source": "borrowed from the phone: exit 190 us, min residency 2500 us of Google Tensor's Cortex-A76 cores (Linux gs101.dtsi); powers calibration choices as the efficiency cores'; 0 W while suspended" }
              ],
              "states": [
                { "name": "on", "power": "40 mW", "x-source": "calibration choice, as the efficiency cluster's" },
                { "name": "clock-gated", "power": "10.5 mW", "x-source": "calibration choice, as the efficiency cluster's" },
                { "name": "off", "power": "2 mW", "suspended_power": "0 W", "wake_latency": "6562 us", "wake_power": "40 mW", "min_residency": "9987 us",
                  "x-source": "borrowed from the phone: Snapdragon 865 cluster sleep (Linux sm8250.dtsi); power a calibration choice" }
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
          "x-source-qos_policy": "after Apple, Tuning your code's performance for Apple silicon: the system runs background work on the efficiency cores and work the user waits on on the performance cores; default work on the efficiency cores first, as the phone's light default work; utility and background work at the efficiency cores' most efficient point"
        },
        "storage": {
          "type": "storage",
          "description": "Flash storage, borrowed from the phone: eMMC 4.5 bandwidths and request rates, UFS power-management timers.",
          "read_bandwidth": "70 MB/s", "write_bandwidth": "40 MB/s",
          "x-source-bandwidth": "borrowed from the phone (Apple publishes no flash power figures): eMMC 4.5 sequential read ~70 MB/s, write ~40 MB/s (Li et al., FAST 2014)",
          "command_latency": "397.6 us",
          "x-source-command_latency": "borrowed from the phone: 2000 random 4K write IOPS (Li et al., FAST 2014) less 4 KiB at 40 MB/s",
          "write_power": "69.34 mW",
          "x-source-write_power": "borrowed from the phone: derived from random writes costing 15x sequential ones (Mohan et al., HotStorage 2017)",
          "read_power": "69.34 mW",
          "x-source-read_power": "borrowed from the phone: taken equal to write_power (no published figure)",
          "page_size": "4 KiB",
          "x-source-page_size": "borrowed from the phone: the 4K random I/O unit of the FAST 2014 measurements",
          "states": [
            { "name": "active", "power": "250 mW",
              "x-source": "borrowed from the phone: the < 250 mW peak of eMMC 4.5 (Li et al., FAST 2014)" },
            { "name": "idle", "power": "15 mW", "after": "0 s",
              "x-source": "borrowed from the phone: a calibration choice, controller idle with clocks on" },
            { "name": "hibernate", "power": "0.5 mW", "suspended_power": "0 W", "after": "150 ms", "wake_latency": "1 ms",
              "x-source": "borrowed from the phone: hibernate after 150 ms idle (Linux ufshcd.c); power and wake latency calibration choices; 0 W while suspended" }
          ]
        },
        "cellular": {
          "type": "radio", "technology": "cellular",
          "downlink": "13 Mbit/s", "uplink": "6 Mbit/s",
          "x-source-bandwidth": "borrowed from the phone: median LTE throughput (Huang et al., MobiSys 2012)",
          "rtt": "70 ms", "x-source-rtt": "borrowed from the phone: median LTE round trip of about 70 ms (Huang et al., MobiSys 2012)",
          "transfer_power": { "base": "350.35 mW", "per_mbit_down": "15.16 mW", "per_mbit_up": "59.2 mW",
            "x-source": "borrowed from the phone (Apple publishes no modem powers; the iPhone 13 Pro's modem is a Qualcomm Snapdragon X60): the Pixel 4's Snapdragon X24 modem.controller.rx and tx currents at 3.85 V, with Huang et al.'s throughput terms scaled to it" },
          "signal_power": { "good": 1, "fair": 1.33, "poor": 1.71,
            "x-source": "borrowed from the phone: the Pixel 4's modem.controller.tx currents by transmit level (power_profile.xml)" },
          "states": [
            { "name": "connected", "power": "385 mW",
              "x-source": "borrowed from the phone: Pixel 4 modem.controller.idle 100 mA x 3.85 V" },
            { "name": "drx", "power": "350 mW", "after": "100 ms",
              "x-source": "borrowed from the phone: ARO lte.conf 0.1 s of continuous reception, then DRX at Huang et al.'s DRX-to-reception ratio" },
            { "name": "idle", "power": "9.63 mW", "after": "10.1 s", "wake_latency": "260 ms", "wake_power": "388.2 mW",
              "x-source": "borrowed from the phone: ARO lte.conf 10 s DRX tail and 0.26 s promotion (Huang et al., MobiSys 2012); idle paging OnePlus 7 Pro radio.on 2.5 mA x 3.85 V" }
          ]
        },
        "wifi": {
          "type": "radio", "technology": "wifi",
          "downlink": "50 Mbit/s", "uplink": "20 Mbit/s", "rtt": "20 ms",
          "x-source-bandwidth": "borrowed from the phone: a calibration target, a typical home network",
          "transfer_power": "403 mW", "x-source-transfer_power": "borrowed from the phone: ARO Wi-Fi active 0.403 W",
          "signal_power": { "good": 1, "fair": 1.15, "poor": 1.4,
            "x-source": "borrowed from the phone: a calibration choice in the direction Ding et al., SIGMETRICS 2013 measure for Wi-Fi" },
          "states": [
            { "name": "active", "power": "403 mW", "x-source": "borrowed from the phone: ARO Wi-Fi active 0.403 W" },
            { "name": "standby", "power": "20 mW", "after": "250 ms", "wake_latency": "2 ms",
              "x-source": "borrowed from the phone: ARO Wi-Fi tail 0.25 s, standby 0.02 W; wake latency a calibration choice" }
          ]
        },
        "gpu": {
          "type": "gpu",
          "frequency": "governor",
          "x-source-frequency": "as the phone: a governor raises the clock for heavier frames",
          "opps": [
            { "freq": "257 MHz", "power": "325.3 mW", "x-source": "borrowed from the phone (Apple publishes no GPU clocks): the top power scaled by (257/585)^3" },
            { "freq": "345 MHz", "power": "785.5 mW", "x-source": "borrowed from the phone: (345/585)^3 x 3.83 W" },
            { "freq": "427 MHz", "power": "1489 mW", "x-source": "borrowed from the phone: (427/585)^3 x 3.83 W" },
            { "freq": "499.2 MHz", "power": "2380 mW", "x-source": "borrowed from the phone: (499.2/585)^3 x 3.83 W" },
            { "freq": "585 MHz", "power": "3.83 W",
              "x-source": "Apple A13 GFXBench Aztec High sustained 3.83 W (AnandTech 2019), the phone's top point; the clocks are the phone's Adreno 640 points, for want of published Apple GPU clocks" }
          ],
          "states": [
            { "name": "active", "power": "80 mW", "x-source": "borrowed from the phone: a calibration choice, clocks on and idle" },
            { "name": "clock-gated", "power": "20 mW", "after": "800 us",
              "x-source": "borrowed from the phone: Mali kbase shader power-off after 2 ticks of 400 us; power a calibration choice" },
            { "name": "power-gated", "power": "1 mW", "suspended_power": "0 W", "after": "66 ms", "wake_latency": "1 ms",
              "x-source": "borrowed from the phone: drm/msm suspends the GPU after 66 ms idle (msm_gpu.h); 1 ms and 1 mW calibration choices; 0 W while suspended" }
          ]
        },
        "display": {
          "type": "display", "technology": "oled",
          "refresh_rates": ["10 Hz", "24 Hz", "30 Hz", "60 Hz", "120 Hz"], "idle_refresh": "10 Hz",
          "x-source-refresh": "ProMotion: adaptive refresh from 10 Hz to 120 Hz in discrete steps (Apple, iPhone 13 Pro technical specifications; AnandTech, Apple's iPhone 13 Series Screen Power & Battery Life Report, 2021); the steps between are a calibration choice (divisors of 120 Hz, and 24 Hz for film)",
          "panel_power": "60 mW", "per_hz": "1 mW",
          "x-source-panel": "calibration choices (Apple publishes no panel power): per_hz so that web browsing at 120 Hz draws the iPhone 13 Pro's 11.97 Wh / 14.2 h and at 60 Hz about its 11.97 Wh / 16 h (AnandTech 2021); panel_power so that a film from storage draws Apple's 11.97 Wh / 22 h; pinned by IPhoneFigureTests",
          "full_white_power": "1.8 W",
          "x-source-full_white_power": "calibration choice (Apple publishes no emission power): full white at the panel's 1000 nits (Apple, iPhone 13 Pro technical specifications), set so that light pages at 200 nits give AnandTech's web-browsing battery life (IPhoneFigureTests.webBrowsingAtSixtyAndOneHundredTwentyHertz)",
          "brightness_curve": { "gamma": 2.2 },
          "x-source-brightness_curve": "a gamma-2.2 slider (the default curve; Apple publishes no slider curve): 48% of the slider asks for 20% of full luminance, 200 of 1000 nits",
          "appearance_apl": { "light": "65%", "dark": "17%",
            "x-source": "borrowed from the phone: light 65% white pixels in pages users saw (Chameleon, MobiSys 2011); dark tuned to Dash and Hu's 60-67% saving at full brightness (MobiSys 2021)" },
          "off_power": "0 W"
        },
        "gnss": {
          "type": "generic",
          "description": "Satellite location (GNSS) receiver, borrowed from the phone: tracking while an app asks for fixes, hot standby for a few seconds after, then off.",
          "states": [
            { "name": "tracking", "power": "163 mW",
              "x-source": "borrowed from the phone (Apple publishes no GNSS power): the median gps.on of Snapdragon 855/865 phones' power_profile.xml, Mi 9 42.39 mA x 3.85 V" },
            { "name": "standby", "power": "10.6 mW", "after": "6 s", "wake_latency": "20 ms",
              "x-source": "borrowed from the phone: PowerTutor's 6 s sleep timer and sleep-to-on ratio (Nexus One); wake latency a calibration choice" },
            { "name": "off", "power": "0 W", "after": "60 s", "wake_latency": "1 s",
              "x-source": "borrowed from the phone: a 1 s hot start, the low end of 1-5 s; after a calibration choice; 0 W, as the suspended floor counts it" }
          ]
        },
        "audio": {
          "type": "generic",
          "description": "Audio path, borrowed from the phone: codec, DSP and amplifier, active while an audio engine runs, in standby 3 s after it stops.",
          "states": [
            { "name": "active", "power": "92.4 mW",
              "x-source": "borrowed from the phone (Apple publishes no audio-path power): the median audio current of Snapdragon 855/865 phones' power_profile.xml, OnePlus 8 24 mA x 3.85 V" },
            { "name": "standby", "power": "0 W", "after": "3 s", "wake_latency": "50 ms",
              "x-source": "borrowed from the phone: AudioFlinger's 3 s standby delay (AOSP Threads.cpp); wake latency a calibration choice; 0 W, as the suspended floor counts it" }
          ]
        },
        "bluetooth": {
          "type": "generic",
          "description": "Bluetooth controller, borrowed from the phone: active while it carries data, idle 7 s after.",
          "states": [
            { "name": "active", "power": "55.7 mW",
              "x-source": "borrowed from the phone (Apple publishes no Bluetooth power): the median bluetooth.active of Snapdragon 855/865 phones, 14.5 mA x 3.85 V" },
            { "name": "idle", "power": "0 W", "after": "7 s", "wake_latency": "50 ms",
              "x-source": "borrowed from the phone: sniff 7 s after the last traffic (Android bta_dm_cfg.cc), idle power taken as 0; wake latency a calibration choice" }
          ]
        },
        "video": {
          "type": "generic",
          "description": "Hardware video decoder, borrowed from the phone: active while it decodes, power-collapsed 2 s after.",
          "states": [
            { "name": "active", "power": "80 mW",
              "x-source": "calibration choice (Apple publishes no decoder power): with the display, platform and audio path, a film from storage draws Apple's 11.97 Wh / 22 h (IPhoneFigureTests.filmFromStorageAndStreamed); below the 96-316 mW of Snapdragon 855/865 phones' video currents (power_profile.xml), as a later media engine's" },
            { "name": "off", "power": "0 W", "after": "2 s", "wake_latency": "10 ms",
              "x-source": "borrowed from the phone: a 2000 ms autosuspend (Linux venus driver); wake latency a calibration choice; 0 W, as the suspended floor counts it" }
          ]
        }
      },
      "recipes": {
        "location-best": { "gnss": "6 s", "cpu": "20 ms",
          "x-source": "borrowed from the phone: a satellite fix, 6 s of tracking (a 1-5 s hot start plus a 1 s fix epoch) and 20 ms of CPU (a calibration choice)" },
        "location-100m": { "cpu": "20 ms", "wifi": "1.5 s", "upload": "1 KB", "download": "2 KB", "via": "wifi",
          "x-source": "borrowed from the phone: a Wi-Fi location, an active scan of 1.5 s (about 40 ms per channel over some 37 channels), the access points seen uploaded (1 KB) and the position returned (2 KB); cpu 20 ms as location-best" },
        "location-3km": { "cpu": "20 ms", "download": "2 KB", "via": "cellular",
          "x-source": "borrowed from the phone: a cell-tower lookup of 2 KB over LTE (a calibration choice); cpu 20 ms as location-best" }
      }
    }
    """#
}
