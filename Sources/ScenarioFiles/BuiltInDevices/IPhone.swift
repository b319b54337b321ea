extension BuiltInDevices {
  /// An iPhone 13 Pro-class phone (Apple A15, 2021): the built-in phone (`extends`) with the A15's
  /// CPU, a ProMotion OLED, its video decoder, battery and Low Power Mode clock. What Apple
  /// publishes no figure for — platform, flash, radios, GPU, location, audio, Bluetooth, app
  /// policy, recipes — is the phone's, with the phone's sources. Every number this file sets has
  /// its source or calibration target in its `x-source` note and in the documentation
  /// (`ScenarioFiles.docc/BuiltInDeviceProfiles.md`).
  static let iphoneProfile = #"""
    {
      "name": "iphone",
      "description": "An iPhone 13 Pro-class phone (Apple A15, 2021): a 10-120 Hz ProMotion OLED, efficiency and performance CPU clusters, flash storage, LTE, Wi-Fi, a GPU, satellite location (GNSS), audio, Bluetooth, a video decoder, and the phone's camera and encoder (borrowed).",
      "extends": "phone",
      "x-source": "Apple publishes few component powers. The CPU's operating points are the energy model of the A15's cores (Blizzard and Avalanche, as in Apple's M2) in Asahi Linux's t8112.dtsi; battery and charging are Apple's figures; the display and platform are tuned to AnandTech's iPhone 13 Pro battery measurements and Apple's video ratings; parts with no published iPhone figure are borrowed from the built-in phone, each saying so.",
      "battery": { "capacity": "11.97 Wh", "charge_power": "11.97 W", "capacity_mah": null, "voltage": null,
        "x-source": "iPhone 13 Pro battery 11.97 Wh (3095 mAh), from its regulatory filing (iMore, 'Filing reveals iPhone 13 battery increases', September 2021)",
        "x-source-charge_power": "Apple, iPhone 13 Pro technical specifications: up to 50% in 30 minutes with a 20 W adapter, so 5.99 Wh in 0.5 h" },
      "low_power": { "max_frequency": "42%",
        "x-source": "Geekbench 5 on an iPhone 13 Pro in Low Power Mode: single-core 727 against 1732 normally (Wccftech, 'Apple's A15 Bionic Chip Thrashes the Competition Even in Low Power Mode', October 2021): 42% of the top clock, which leaves the performance cores 1188 MHz and the efficiency cores 600 MHz" },
      "components": {
        "cpu": {
          "clusters": [
            {
              "name": "efficiency",
              "cores": 4,
              "ipc": 1,
              "x-source": "A15: 4 efficiency (Blizzard) and 2 performance (Avalanche) cores (AnandTech, The Apple A15 SoC Performance Review, 2021); the efficiency core at its top frequency is the reference core (ipc 1)",
              "opps": [
                { "freq": "600 MHz", "power": "26 mW",
                  "x-source": "Blizzard energy model: opp-microwatt 26000 at 600 MHz (Asahi Linux, arch/arm64/boot/dts/apple/t8112.dtsi, Apple M2, whose efficiency cores are the A15's)" },
                { "freq": "912 MHz", "power": "56 mW",
                  "x-source": "Blizzard: opp-microwatt 56000 at 912 MHz (t8112.dtsi)" },
                { "freq": "1284 MHz", "power": "88 mW",
                  "x-source": "Blizzard: opp-microwatt 88000 at 1284 MHz (t8112.dtsi)" },
                { "freq": "1752 MHz", "power": "155 mW",
                  "x-source": "Blizzard: opp-microwatt 155000 at 1752 MHz (t8112.dtsi)" },
                { "freq": "2004 MHz", "power": "231 mW",
                  "x-source": "Blizzard: opp-microwatt 231000 at 2004 MHz (t8112.dtsi), the point nearest the A15's 2016 MHz efficiency-core clock (AnandTech 2021); the M2's higher points are above the A15's clock" }
              ],
              "core_states": [
                { "name": "active", "power": "4 mW",
                  "x-source": "holding power (unused by the predictive policy), as wfi" },
                { "name": "wfi", "power": "4 mW", "min_residency": "0 s",
                  "x-source": "calibration choice (Apple publishes no idle power): CPU at 1%/10%/100% of one reference core = 1.1x/2x/10x the idle CPU (the platform energy guidance), pinned by ReferenceFigureTests.cpuPowerAgainstUtilization" },
                { "name": "off", "power": "1 mW", "suspended_power": "0 W", "wake_latency": "160 us", "wake_power": "20 mW", "min_residency": "2 ms",
                  "x-source": "borrowed from the phone (Apple publishes no idle states): exit latency 160 us and min residency 2000 us of Google Tensor's little cores (Linux gs101.dtsi); powers calibration choices pinned by the CPU ratios (ReferenceFigureTests.cpuPowerAgainstUtilization); 0 W while suspended, as the platform's floor counts it" }
              ],
              "states": [
                { "name": "on", "power": "18 mW",
                  "x-source": "calibration choice: CPU at 1%/10%/100% of one reference core = 1.1x/2x/10x the idle CPU, pinned by ReferenceFigureTests.cpuPowerAgainstUtilization" },
                { "name": "clock-gated", "power": "10.5 mW", "min_residency": "0 s",
                  "x-source": "calibration choice (as on); no latency, so chosen for any idle time, and the cluster's idle state under a lit screen" },
                { "name": "off", "power": "2 mW", "suspended_power": "0 W", "wake_latency": "6562 us", "wake_power": "18 mW", "min_residency": "9987 us",
                  "x-source": "borrowed from the phone: cluster sleep exit 6562 us, min residency 9987 us of the Snapdragon 865 (Linux sm8250.dtsi); power a calibration choice" }
              ]
            },
            {
              "name": "performance",
              "cores": 2,
              "ipc": 1.354,
              "x-source": "2 performance (Avalanche) cores; ipc: capacity-dmips-mhz 1024 / 756 (Avalanche / Blizzard, Asahi Linux t8112.dtsi)",
              "opps": [
                { "freq": "660 MHz", "power": "133 mW",
                  "x-source": "Avalanche energy model: opp-microwatt 133000 at 660 MHz (Asahi Linux t8112.dtsi, Apple M2, whose performance cores are the A15's)" },
                { "freq": "1188 MHz", "power": "261 mW",
                  "x-source": "Avalanche: opp-microwatt 261000 at 1188 MHz (t8112.dtsi)" },
                { "freq": "1704 MHz", "power": "441 mW",
                  "x-source": "Avalanche: opp-microwatt 441000 at 1704 MHz (t8112.dtsi)" },
                { "freq": "2208 MHz", "power": "740 mW",
                  "x-source": "Avalanche: opp-microwatt 740000 at 2208 MHz (t8112.dtsi)" },
                { "freq": "2724 MHz", "power": "1217 mW",
                  "x-source": "Avalanche: opp-microwatt 1217000 at 2724 MHz (t8112.dtsi)" },
                { "freq": "3204 MHz", "power": "2159 mW",
                  "x-source": "Avalanche: opp-microwatt 2159000 at 3204 MHz (t8112.dtsi), the point nearest the A15's 3240 MHz performance-core clock (AnandTech 2021)" }
              ],
              "core_states": [
                { "name": "active", "power": "8 mW",
                  "x-source": "as wfi" },
                { "name": "wfi", "power": "8 mW",
                  "x-source": "calibration choice, as the efficiency cores'" },
                { "name": "off", "power": "1 mW", "suspended_power": "0 W", "wake_latency": "190 us", "wake_power": "100 mW", "min_residency": "2500 us",
                  "x-source": "borrowed from the phone: exit 190 us, min residency 2500 us of Google Tensor's Cortex-A76 cores (Linux gs101.dtsi); powers calibration choices as the efficiency cores'; 0 W while suspended" }
              ],
              "states": [
                { "name": "on", "power": "40 mW",
                  "x-source": "calibration choice, as the efficiency cluster's" },
                { "name": "clock-gated", "power": "10.5 mW",
                  "x-source": "calibration choice, as the efficiency cluster's" },
                { "name": "off", "power": "2 mW", "suspended_power": "0 W", "wake_latency": "6562 us", "wake_power": "40 mW", "min_residency": "9987 us",
                  "x-source": "borrowed from the phone: Snapdragon 865 cluster sleep (Linux sm8250.dtsi); power a calibration choice" }
              ]
            }
          ],
          "qos_policy": {
            "user-interactive": {
              "clusters": ["performance", "efficiency"]
            },
            "user-initiated": {
              "clusters": ["performance", "efficiency"]
            },
            "default": {
              "clusters": ["efficiency", "performance"]
            },
            "utility": {
              "clusters": ["efficiency", "performance"]
            },
            "background": {
              "clusters": ["efficiency"]
            }
          },
          "x-source-qos_policy": "after Apple, Tuning your code's performance for Apple silicon: the system runs background work on the efficiency cores and work the user waits on on the performance cores; default work on the efficiency cores first, as the phone's light default work; utility and background work at the efficiency cores' most efficient point"
        },
        "display": {
          "refresh_rates": ["10 Hz", "24 Hz", "30 Hz", "60 Hz", "120 Hz"],
          "panel_power": "60 mW",
          "per_hz": "1 mW",
          "full_white_power": "1.8 W",
          "x-source-full_white_power": "calibration choice (Apple publishes no emission power): full white at the panel's 1000 nits (Apple, iPhone 13 Pro technical specifications), set so that light pages at 200 nits give AnandTech's web-browsing battery life (IPhoneFigureTests.webBrowsingAtSixtyAndOneHundredTwentyHertz)",
          "brightness_curve": { "gamma": 2.2 },
          "x-source-brightness_curve": "a gamma-2.2 slider (the default curve; Apple publishes no slider curve): 48% of the slider asks for 20% of full luminance, 200 of 1000 nits",
          "max_luminance": "1000 nits",
          "x-source-max_luminance": "Apple, iPhone 13 Pro technical specifications: 1000 nits max brightness (typical)"
        },
        "video": {
          "states": [
            { "name": "active", "power": "80 mW",
              "x-source": "calibration choice (Apple publishes no decoder power): with the display, platform and audio path, a film from storage draws Apple's 11.97 Wh / 22 h (IPhoneFigureTests.filmFromStorageAndStreamed); below the 96-316 mW of Snapdragon 855/865 phones' video currents (power_profile.xml), as a later media engine's" },
            { "name": "off", "power": "0 W", "after": "2 s", "wake_latency": "10 ms",
              "x-source": "borrowed from the phone: a 2000 ms autosuspend (Linux venus driver); wake latency a calibration choice; 0 W, as the suspended floor counts it" }
          ]
        }
      }
    }
    """#
}
