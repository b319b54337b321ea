extension BuiltInDevices {
  /// A MacBook Air with Apple M1 (2020): the built-in laptop (`extends`) with the M1's platform
  /// powers, CPU, 60 Hz LCD, video decoder and battery. What Apple publishes no figure for — the
  /// SSD, Wi-Fi, audio, Bluetooth, App Nap and Low Power Mode — is the laptop's, with the laptop's
  /// sources. Every number this file sets has its source or calibration target in its `x-source`
  /// note and in the documentation (`ScenarioFiles.docc/BuiltInDeviceProfiles.md`).
  static let macbookProfile = #"""
    {
      "name": "macbook",
      "description": "A MacBook Air with Apple M1 (2020): a 13.3-inch 60 Hz LCD of 400 nits, four efficiency and four performance cores, an SSD, Wi-Fi, audio, Bluetooth, a video decoder and the platform (no GPU component).",
      "extends": "laptop",
      "x-source": "The CPU's operating points are the M1's energy model in Asahi Linux's t8103.dtsi; battery and battery ratings are Apple's; the backlight is derived from Notebookcheck's Wi-Fi runtimes at 150 nits and at full brightness; the platform and panel are tuned to those runtimes and to Apple's film-playback rating; parts with no published Apple figure are borrowed from the built-in laptop or phone, each saying so.",
      "battery": { "capacity": "49.9 Wh",
        "x-source": "Apple, MacBook Air (M1, 2020) technical specifications: 49.9 Wh lithium-polymer battery" },
      "thermal": {
        "resistance": 1.7,
        "x-source-resistance": "calibration choice for a fanless chassis (the MacBook Air has no fan): about 1.5 times the fan-cooled laptop's 1.1 °C per W, so that the 48 °C serious threshold is reached at about 13.5 W sustained, near the M1's package power under an all-core load (about 15 W, AnandTech's M1 Mac mini measurements), which reviews find the Air sustains for several minutes before it lowers its clocks",
        "limits": null,
        "x-source-limits": "Apple publishes no package power limits for the M1; without a fan the Air is held by heat alone (the laptop's Intel PL1/PL2 do not apply)"
      },
      "components": {
        "platform": {
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
          "clusters": [
            {
              "name": "efficiency",
              "cores": 4,
              "ipc": 1,
              "x-source": "M1: 4 efficiency (Icestorm) and 4 performance (Firestorm) cores (AnandTech, The 2020 Mac Mini Unleashed: Putting Apple Silicon M1 To The Test, 2020); the efficiency core at its top frequency is the reference core",
              "opps": [
                { "freq": "600 MHz", "power": "47.296 mW",
                  "x-source": "Icestorm energy model: opp-microwatt 47296 at 600 MHz (Asahi Linux, arch/arm64/boot/dts/apple/t8103.dtsi, Apple M1)" },
                { "freq": "972 MHz", "power": "99.715 mW",
                  "x-source": "Icestorm: opp-microwatt 99715 at 972 MHz (t8103.dtsi)" },
                { "freq": "1332 MHz", "power": "188.86 mW",
                  "x-source": "Icestorm: opp-microwatt 188860 at 1332 MHz (t8103.dtsi)" },
                { "freq": "1704 MHz", "power": "288.891 mW",
                  "x-source": "Icestorm: opp-microwatt 288891 at 1704 MHz (t8103.dtsi)" },
                { "freq": "2064 MHz", "power": "412.979 mW",
                  "x-source": "Icestorm: opp-microwatt 412979 at 2064 MHz (t8103.dtsi), the M1's efficiency-core clock (AnandTech 2020)" }
              ],
              "core_states": [
                { "name": "active", "power": "6 mW",
                  "x-source": "as wfi (unused by the predictive policy)" },
                { "name": "wfi", "power": "6 mW", "min_residency": "0 s",
                  "x-source": "calibration choice (Apple publishes no idle power): CPU at 1%/10%/100% of one reference core = 1.1x/2x/10x the idle CPU (the platform energy guidance), pinned by ReferenceFigureTests.cpuPowerAgainstUtilization" },
                { "name": "off", "power": "5.5 mW", "suspended_power": "0 W", "wake_latency": "160 us", "wake_power": "40 mW", "min_residency": "2 ms",
                  "x-source": "borrowed from the phone (Apple publishes no idle states): exit 160 us, min residency 2000 us of Google Tensor's little cores (Linux gs101.dtsi); powers calibration choices pinned by the CPU ratios; 0 W while the platform sleeps" }
              ],
              "states": [
                { "name": "on", "power": "30 mW",
                  "x-source": "calibration choice: CPU at 1%/10%/100% of one reference core = 1.1x/2x/10x the idle CPU, pinned by ReferenceFigureTests.cpuPowerAgainstUtilization" },
                { "name": "clock-gated", "power": "8 mW", "min_residency": "0 s",
                  "x-source": "calibration choice (as on); no latency, so chosen for any idle time" },
                { "name": "off", "power": "2 mW", "suspended_power": "0 W", "wake_latency": "6562 us", "wake_power": "30 mW", "min_residency": "9987 us",
                  "x-source": "borrowed from the phone: cluster sleep exit 6562 us, min residency 9987 us of the Snapdragon 865 (Linux sm8250.dtsi); power a calibration choice" }
              ]
            },
            {
              "name": "performance",
              "cores": 4,
              "ipc": 1.434,
              "x-source": "4 performance (Firestorm) cores; ipc: capacity-dmips-mhz 1024 / 714 (Firestorm / Icestorm, Asahi Linux t8103.dtsi)",
              "opps": [
                { "freq": "600 MHz", "power": "290.23 mW",
                  "x-source": "Firestorm energy model: opp-microwatt 290230 at 600 MHz (Asahi Linux t8103.dtsi)" },
                { "freq": "1056 MHz", "power": "647.097 mW",
                  "x-source": "Firestorm: opp-microwatt 647097 at 1056 MHz (t8103.dtsi)" },
                { "freq": "1500 MHz", "power": "1112.838 mW",
                  "x-source": "Firestorm: opp-microwatt 1112838 at 1500 MHz (t8103.dtsi)" },
                { "freq": "1956 MHz", "power": "1776.667 mW",
                  "x-source": "Firestorm: opp-microwatt 1776667 at 1956 MHz (t8103.dtsi)" },
                { "freq": "2388 MHz", "power": "2892.193 mW",
                  "x-source": "Firestorm: opp-microwatt 2892193 at 2388 MHz (t8103.dtsi)" },
                { "freq": "2772 MHz", "power": "3959.41 mW",
                  "x-source": "Firestorm: opp-microwatt 3959410 at 2772 MHz (t8103.dtsi)" },
                { "freq": "3204 MHz", "power": "4951.324 mW",
                  "x-source": "Firestorm: opp-microwatt 4951324 at 3204 MHz (t8103.dtsi), the M1's 3.2 GHz single-thread clock (AnandTech 2020)" }
              ],
              "core_states": [
                { "name": "active", "power": "10 mW",
                  "x-source": "as wfi" },
                { "name": "wfi", "power": "10 mW",
                  "x-source": "calibration choice, as the efficiency cores'" },
                { "name": "off", "power": "5.5 mW", "suspended_power": "0 W", "wake_latency": "190 us", "wake_power": "300 mW", "min_residency": "2500 us",
                  "x-source": "borrowed from the phone: exit 190 us, min residency 2500 us of Google Tensor's Cortex-A76 cores (Linux gs101.dtsi); powers calibration choices; 0 W while the platform sleeps" }
              ],
              "states": [
                { "name": "on", "power": "60 mW",
                  "x-source": "calibration choice, as the efficiency cluster's" },
                { "name": "clock-gated", "power": "8 mW",
                  "x-source": "calibration choice, as the efficiency cluster's" },
                { "name": "off", "power": "2 mW", "suspended_power": "0 W", "wake_latency": "6562 us", "wake_power": "60 mW", "min_residency": "9987 us",
                  "x-source": "borrowed from the phone: Snapdragon 865 cluster sleep (Linux sm8250.dtsi); power a calibration choice" }
              ]
            }
          ]
        },
        "display": { "panel_power": "300 mW", "backlight_power": "4.4 W", "parent": null,
          "max_luminance": "400 nits",
          "x-source-max_luminance": "Apple, MacBook Air (M1, 2020) technical specifications: 400 nits brightness",
          "x-source-backlight_power": "derived from Notebookcheck's Wi-Fi browsing runtimes (November 2020): 16 h at 150 nits and about 8.5 h at full brightness (about 400 nits) on 49.9 Wh, so 5.87 W - 3.12 W = 2.75 W more for 250 nits more; the backlight is linear in luminance, so full brightness costs 2.75 W / (1 - 150/400) = 4.4 W" },
        "media": null,
        "video": { "parent": null,
          "x-source-parent": "no media island (the laptop's is removed, media null): the M1's lit display hangs from the platform (no panel self refresh modelled), which a film keeps awake anyway, so the decoder hangs from the platform as before",
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
