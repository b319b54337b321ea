extension BuiltInDevices {
  /// A MacBook Air with Apple M1 (2020): a 60 Hz LCD, efficiency and performance cores, an SSD,
  /// Wi-Fi, audio, Bluetooth, a video decoder and the platform. Every number's source, calibration
  /// target or the device it is borrowed from is in its `x-source` note and in the documentation
  /// (`ScenarioFiles.docc/BuiltInDeviceProfiles.md`).
  static let macbookProfile = #"""
    {
      "name": "macbook",
      "description": "A MacBook Air with Apple M1 (2020): a 13.3-inch 60 Hz LCD of 400 nits, four efficiency and four performance cores, an SSD, Wi-Fi, audio, Bluetooth, a video decoder and the platform (no GPU component).",
      "x-source": "The CPU's operating points are the M1's energy model in Asahi Linux's t8103.dtsi; battery and battery ratings are Apple's; the backlight is derived from Notebookcheck's Wi-Fi runtimes at 150 nits and at full brightness; the platform and panel are tuned to those runtimes and to Apple's film-playback rating; parts with no published Apple figure are borrowed from the built-in laptop or phone, each saying so.",
      "battery": {
        "capacity": "49.9 Wh",
        "x-source": "Apple, MacBook Air (M1, 2020) technical specifications: 49.9 Wh lithium-polymer battery",
        "charge_power": "30 W",
        "x-source-charge_power": "Apple ships a 30 W USB-C power adapter with it (technical specifications); Notebookcheck measured about 31 W drawn at the start of a charge (Notebookcheck, 'Apple MacBook Air M1 with 50% more battery life, but the weak power adapter limits charging', November 2020)"
      },
      "app_policy": {
        "background_time": "unlimited",
        "x-source-background_time": "macOS does not suspend a hidden app (Apple, Energy Efficiency Guide for Mac Apps, Extend App Nap: App Nap throttles it instead)",
        "timer_leeway": "10 s",
        "x-source-timer_leeway": "borrowed from the laptop: App Nap's timer throttling (Apple, Energy Efficiency Guide for Mac Apps, Extend App Nap); 10 s a calibration choice, no published figure"
      },
      "low_power": {
        "max_frequency": "70%", "timer_leeway": "1 s",
        "x-source": "borrowed from the laptop: macOS Low Power Mode decreases the CPU clock (Apple's Battery settings); no published cap, so 70% of the top clock, which leaves the efficiency cores 1332 MHz and the performance cores 1956 MHz",
        "x-source-timer_leeway": "borrowed from the laptop: a calibration choice (no published figure), 1 s"
      },
      "components": {
        "platform": {
          "type": "platform",
          "description": "Fabric, unified memory, the display controller and the always-on rail: busy while any component is, the lit display included.",
          "states": [
            { "name": "awake", "power": "200 mW",
              "x-source": "calibration choice (Apple publishes no SoC idle figure): with the panel, backlight and decoder, a film at 150 nits draws Apple's 49.9 Wh / 18 h (MacBookFigureTests.filmFromStorage)" },
            { "name": "idle", "power": "100 mW", "after": "20 ms", "wake_latency": "100 us",
              "x-source": "borrowed from the phone's ladder (no published figure): the fabric idles 20 ms after the last work and resumes in 0.1 ms; power a calibration choice, a third of awake" },
            { "name": "sleep", "power": "40 mW", "after": "1 s", "wake_latency": "5 ms",
              "x-source": "borrowed from the phone's ladder: asleep 1 s after the last work, resuming in 5 ms; power a calibration choice (no published figure for the M1's sleep)" }
          ]
        },
        "cpu": {
          "type": "cpu",
          "dispatch_cost": "50 us",
          "x-source-dispatch_cost": "the default dispatch cost (the article The CPU)",
          "clusters": [
            {
              "name": "efficiency", "cores": 4, "ipc": 1,
              "x-source": "M1: 4 efficiency (Icestorm) and 4 performance (Firestorm) cores (AnandTech, The 2020 Mac Mini Unleashed: Putting Apple Silicon M1 To The Test, 2020); the efficiency core at its top frequency is the reference core",
              "opps": [
                { "freq": "600 MHz", "power": "47.296 mW", "x-source": "Icestorm energy model: opp-microwatt 47296 at 600 MHz (Asahi Linux, arch/arm64/boot/dts/apple/t8103.dtsi, Apple M1)" },
                { "freq": "972 MHz", "power": "99.715 mW", "x-source": "Icestorm: opp-microwatt 99715 at 972 MHz (t8103.dtsi)" },
                { "freq": "1332 MHz", "power": "188.86 mW", "x-source": "Icestorm: opp-microwatt 188860 at 1332 MHz (t8103.dtsi)" },
                { "freq": "1704 MHz", "power": "288.891 mW", "x-source": "Icestorm: opp-microwatt 288891 at 1704 MHz (t8103.dtsi)" },
                { "freq": "2064 MHz", "power": "412.979 mW", "x-source": "Icestorm: opp-microwatt 412979 at 2064 MHz (t8103.dtsi), the M1's efficiency-core clock (AnandTech 2020)" }
              ],
              "core_states": [
                { "name": "active", "power": "6 mW", "x-source": "as wfi (unused by the predictive policy)" },
                { "name": "wfi", "power": "6 mW", "min_residency": "0 s",
                  "x-source": "calibration choice (Apple publishes no idle power): CPU at 1%/10%/100% of one reference core = 1.1x/2x/10x the idle CPU (the platform energy guidance), pinned by ReferenceFigureTests.cpuPowerAgainstUtilization" },
                { "name": "off", "power": "5.5 mW", "suspended_power": "0 W", "wake_latency": "160 us", "wake_power": "40 mW", "min_residency": "2 ms",
                  "x-source": "borrowed from the phone (Apple publishes no idle states): exit 160 us, min residency 2000 us of Google Tensor's little cores (Linux gs101.dtsi); powers calibration choices pinned by the CPU ratios; 0 W while the platform sleeps" }
              ],
              "states": [
                { "name": "on", "power": "30 mW", "x-source": "calibration choice: CPU at 1%/10%/100% of one reference core = 1.1x/2x/10x the idle CPU, pinned by ReferenceFigureTests.cpuPowerAgainstUtilization" },
                { "name": "clock-gated", "power": "8 mW", "min_residency": "0 s", "x-source": "calibration choice (as on); no latency, so chosen for any idle time" },
                { "name": "off", "power": "2 mW", "suspended_power": "0 W", "wake_latency": "6562 us", "wake_power": "30 mW", "min_residency": "9987 us",
                  "x-source": "borrowed from the phone: cluster sleep exit 6562 us, min residency 9987 us of the Snapdragon 865 (Linux sm8250.dtsi); power a calibration choice" }
              ]
            },
            {
              "name": "performance", "cores": 4, "ipc": 1.434,
              "x-source": "4 performance (Firestorm) cores; ipc: capacity-dmips-mhz 1024 / 714 (Firestorm / Icestorm, Asahi Linux t8103.dtsi)",
              "opps": [
                { "freq": "600 MHz", "power": "290.23 mW", "x-source": "Firestorm energy model: opp-microwatt 290230 at 600 MHz (Asahi Linux t8103.dtsi)" },
                { "freq": "1056 MHz", "power": "647.097 mW", "x-source": "Firestorm: opp-microwatt 647097 at 1056 MHz (t8103.dtsi)" },
                { "freq": "1500 MHz", "power": "1112.838 mW", "x-source": "Firestorm: opp-microwatt 1112838 at 1500 MHz (t8103.dtsi)" },
                { "freq": "1956 MHz", "power": "1776.667 mW", "x-source": "Firestorm: opp-microwatt 1776667 at 1956 MHz (t8103.dtsi)" },
                { "freq": "2388 MHz", "power": "2892.193 mW", "x-source": "Firestorm: opp-microwatt 2892193 at 2388 MHz (t8103.dtsi)" },
                { "freq": "2772 MHz", "power": "3959.41 mW", "x-source": "Firestorm: opp-microwatt 3959410 at 2772 MHz (t8103.dtsi)" },
                { "freq": "3204 MHz", "power": "4951.324 mW", "x-source": "Firestorm: opp-microwatt 4951324 at 3204 MHz (t8103.dtsi), the M1's 3.2 GHz single-thread clock (AnandTech 2020)" }
              ],
              "core_states": [
                { "name": "active", "power": "10 mW", "x-source": "as wfi" },
                { "name": "wfi", "power": "10 mW", "x-source": "calibration choice, as the efficiency cores'" },
                { "name": "off", "power": "5.5 mW", "suspended_power": "0 W", "wake_latency": "190 us", "wake_power": "300 mW", "min_residency": "2500 us",
                  "x-source": "borrowed from the phone: exit 190 us, min residency 2500 us of Google Tensor's Cortex-A76 cores (Linux gs101.dtsi); powers calibration choices; 0 W while the platform sleeps" }
              ],
              "states": [
                { "name": "on", "power": "60 mW", "x-source": "calibration choice, as the efficiency cluster's" },
                { "name": "clock-gated", "power": "8 mW", "x-source": "calibration choice, as the efficiency cluster's" },
                { "name": "off", "power": "2 mW", "suspended_power": "0 W", "wake_latency": "6562 us", "wake_power": "60 mW", "min_residency": "9987 us",
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
          "x-source-qos_policy": "after Apple, Tuning your code's performance for Apple silicon: the system runs background work on the efficiency cores and work the user waits on on the performance cores; utility and background work at the efficiency cores' most efficient point, counting the cluster and platform it keeps awake"
        },
        "ssd": {
          "type": "storage",
          "description": "An NVMe SSD, borrowed from the laptop (Apple publishes no SSD powers).",
          "read_bandwidth": "2.5 GB/s", "write_bandwidth": "1.5 GB/s",
          "x-source-bandwidth": "borrowed from the laptop: a calibration target, a PCIe 3.0 x4 SSD of the Samsung 950 class",
          "read_power": "5 W",
          "x-source-read_power": "borrowed from the laptop: below the 6.5 W ps0 maximum (nvme-cli pull request 52)",
          "write_power": "6.5 W",
          "x-source-write_power": "borrowed from the laptop: Samsung 950-class ps0 maximum 6.5 W (nvme-cli pull request 52)",
          "command_latency": "20 us",
          "x-source-command_latency": "borrowed from the laptop: a calibration target, a few tens of microseconds per NVMe command",
          "page_size": "4 KiB",
          "x-source-page_size": "borrowed from the laptop: a 4 KiB logical block",
          "states": [
            { "name": "ps0", "power": "1 W",
              "x-source": "borrowed from the laptop: a calibration target, operational idle in ps0" },
            { "name": "ps3", "power": "70 mW", "after": "100 ms", "wake_latency": "5 ms",
              "x-source": "borrowed from the laptop: ps3 70 mW, exit 5 ms (nvme-cli pull request 52), entered after 100 ms (Linux nvme core.c)" },
            { "name": "ps4", "power": "5 mW", "after": "2 s", "wake_latency": "22 ms",
              "x-source": "borrowed from the laptop: ps4 5 mW, exit 22 ms (nvme-cli pull request 52), entered after 2000 ms (Linux nvme core.c)" }
          ]
        },
        "wifi": {
          "type": "radio", "technology": "wifi",
          "downlink": "200 Mbit/s", "uplink": "100 Mbit/s", "rtt": "10 ms",
          "x-source-bandwidth": "borrowed from the laptop: a calibration target, a good home network",
          "transfer_power": "403 mW", "x-source-transfer_power": "borrowed from the laptop: ARO Wi-Fi active 0.403 W",
          "signal_power": { "good": 1, "fair": 1.15, "poor": 1.4,
            "x-source": "borrowed from the laptop: a calibration choice in the direction Ding et al., SIGMETRICS 2013 measure for Wi-Fi" },
          "states": [
            { "name": "active", "power": "403 mW", "x-source": "borrowed from the laptop: ARO Wi-Fi active 0.403 W" },
            { "name": "standby", "power": "20 mW", "after": "100 ms", "wake_latency": "2 ms",
              "x-source": "borrowed from the laptop: ARO Wi-Fi standby 0.02 W; Linux mac80211 dynamic power-save timeout 100 ms; wake latency a calibration choice" }
          ]
        },
        "display": {
          "type": "display", "technology": "lcd",
          "refresh_rates": ["60 Hz"], "idle_refresh": "60 Hz",
          "x-source-refresh": "a fixed 60 Hz panel (Apple, MacBook Air (M1, 2020) technical specifications: 13.3-inch LED-backlit IPS display, 2560 by 1600, 400 nits)",
          "panel_power": "300 mW", "per_hz": "5 mW",
          "x-source-panel": "per_hz borrowed from the laptop (a calibration target); panel_power a calibration choice (Apple publishes no panel power): with the platform awake, the panel and backlight at 150 nits leave the CPU and Wi-Fi the rest of Notebookcheck's 49.9 Wh / 16 h of browsing (MacBookFigureTests.webBrowsingAtOneFiftyNitsAndFullBrightness)",
          "backlight_power": "4.4 W",
          "x-source-backlight_power": "derived from Notebookcheck's Wi-Fi browsing runtimes (November 2020): 16 h at 150 nits and about 8.5 h at full brightness (about 400 nits) on 49.9 Wh, so 5.87 W - 3.12 W = 2.75 W more for 250 nits more; the backlight is linear in luminance, so full brightness costs 2.75 W / (1 - 150/400) = 4.4 W",
          "brightness_curve": { "gamma": 1 },
          "x-source-brightness_curve": "backlight power linear in luminance (as the laptop: PowerTutor DreamConstants.java, 2.40 mW per brightness level); a brightness of 37.5% is 150 of 400 nits",
          "off_power": "0 W"
        },
        "audio": {
          "type": "generic",
          "description": "Audio path, borrowed from the laptop: codec and speaker amplifier, active while an audio engine runs, suspended 5 s after it stops.",
          "states": [
            { "name": "active", "power": "92.4 mW",
              "x-source": "borrowed from the laptop and phone (Apple publishes no audio-path power): the median audio current of Snapdragon 855/865 phones' power_profile.xml, OnePlus 8 24 mA x 3.85 V" },
            { "name": "suspended", "power": "0 W", "after": "5 s", "wake_latency": "50 ms",
              "x-source": "borrowed from the laptop: an idle sink suspended after 5 s (PulseAudio module-suspend-on-idle); wake latency a calibration choice; 0 W, as the platform's floor counts it" }
          ]
        },
        "bluetooth": {
          "type": "generic",
          "description": "Bluetooth controller, borrowed from the laptop: active while it carries data, idle 7 s after.",
          "states": [
            { "name": "active", "power": "55.7 mW",
              "x-source": "borrowed from the laptop and phone (Apple publishes no Bluetooth power): the median bluetooth.active of Snapdragon 855/865 phones, 14.5 mA x 3.85 V" },
            { "name": "idle", "power": "0 W", "after": "7 s", "wake_latency": "50 ms",
              "x-source": "borrowed from the laptop: sniff 7 s after the last traffic (Android bta_dm_cfg.cc), idle power taken as 0; wake latency a calibration choice" }
          ]
        },
        "video": {
          "type": "generic",
          "description": "The media engine's video decoder, borrowed from the laptop: active while it decodes, off 2 s after.",
          "states": [
            { "name": "active", "power": "80 mW",
              "x-source": "as the iPhone's decoder (Apple publishes no media-engine power): a calibration choice pinned by the iPhone's film figure; with it the MacBook's film draws Apple's 49.9 Wh / 18 h (MacBookFigureTests.filmFromStorage)" },
            { "name": "off", "power": "0 W", "after": "2 s", "wake_latency": "10 ms",
              "x-source": "borrowed from the laptop: a 2000 ms autosuspend (Linux venus driver); wake latency a calibration choice; 0 W, as the platform's floor counts it" }
          ]
        }
      }
    }
    """#
}
