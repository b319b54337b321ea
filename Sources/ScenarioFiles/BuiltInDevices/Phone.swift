extension BuiltInDevices {
  /// A 2019-class Android phone: variable-refresh OLED, three CPU clusters, flash, LTE, Wi-Fi, a
  /// GPU, satellite location, audio, Bluetooth, a video decoder, a camera and an encoder, with
  /// location, recording and video-call recipes. Every number's source is in its `x-source` note
  /// and in the documentation (`ScenarioFiles.docc/BuiltInDeviceProfiles.md`).
  static let phoneProfile = #"""
    {
      "name": "phone",
      "description": "A 2019-2020 Android flagship (Snapdragon 855 class): 120 Hz OLED, little/big/prime CPU clusters, flash storage, LTE, Wi-Fi, a GPU, satellite location (GNSS), audio, Bluetooth, a video decoder, a camera and a video encoder.",
      "x-voltage": "Android power_profile.xml currents are converted to watts at an assumed 3.85 V nominal battery voltage.",
      "battery": {
        "capacity_mah": 4000, "voltage": "3.85 V",
        "x-source": "OnePlus 7 Pro battery 4000 mAh (power_profile.xml); 3.85 V nominal assumed",
        "charge_power": "15 W",
        "x-source-charge_power": "calibration target: a 15 W USB-PD charger"
      },
      "app_policy": {
        "background_time": "5 s",
        "x-source-background_time": "Apple, UIApplicationDelegate applicationDidEnterBackground(_:): an app leaving the screen has approximately five seconds to finish its work before it is suspended, unless it asks for more with beginBackgroundTask (extended_time). Android's cached apps freezer (source.android.com, Android 14) freezes a cached app 10 s after it enters the cached state",
        "extended_time": "30 s",
        "x-source-extended_time": "Apple, Extending your app's background execution time (UIApplication beginBackgroundTask): a background task lets the app run on, about 30 s in all (backgroundTimeRemaining; WWDC 2019 session 707, Advances in App Background Execution)",
        "refresh_time": "30 s",
        "x-source-refresh_time": "Apple, BGAppRefreshTask (WWDC 2019 session 707, Advances in App Background Execution): an app refresh task runs for up to 30 s",
        "processing_time": "10 min",
        "x-source-processing_time": "Android, JobScheduler: a job runs for at most 10 min before the system stops it (developer.android.com, Optimize for Doze and App Standby; JobParameters); Apple's BGProcessingTask gives several minutes without a figure (WWDC 2019 session 707). 10 min is the published figure, a choice for both platforms",
        "timer_leeway": "0 s",
        "x-source-timer_leeway": "none: the phone suspends a hidden app instead of throttling its timers"
      },
      "low_power": {
        "max_frequency": "60%", "timer_leeway": "1 s",
        "x-source": "Low Power Mode reduces CPU and GPU performance (Apple, Energy Efficiency Guide for iOS Apps, React to Low Power Mode on iPhones); Geekbench 3 single-core scores in Low Power Mode were 63% (iPhone 6 Plus, 1019 / 1606) and 59% (iPhone 5s, 816 / 1386) of normal (MacRumors, 2015): 60% of the top clock. With two operating points per cluster this leaves each cluster its lowest point, the GPU 345 MHz",
        "x-source-timer_leeway": "calibration choice (no published figure): Low Power Mode pauses discretionary and background activity (Apple) and Battery Saver defers jobs and alarms (Android power management); timers get 1 s of leeway so they coalesce"
      },
      "network_stack": {
        "cpu_per_mb": "4.48 ms",
        "x-source": "8 CPU cycles per byte received or sent, the '1 GHz of CPU per Gbit/s' of TCP processing measured by Foong et al., 'TCP performance re-visited' (ISPASS 2003, on x86 servers: borrowed, no ARM phone figure found), at the reference core's 1785.6 MHz: 8 x 10^6 / 1.7856 GHz = 4.48 ms per MB; most of it is copying (60-70% the kernel-NIC copy and 15% the user-kernel copy: Wang and Singh, 'Analysis of TCP's computational energy cost for mobile computing', SIGMETRICS 2003, on an iPAQ and a laptop)"
      },
      "thermal": {
        "description": "The phone's skin as one thermal mass: Android's thermal HAL throttles on a virtual skin temperature.",
        "resistance": 4.5,
        "x-source-resistance": "calibration choice from the sustained envelope: a phone sustains about 4 W (the GPU's sustained system active power 3.83 W, Apple A13 in GFXBench Aztec High, AnandTech 2019, calibration.md) at a skin temperature near the 43 °C moderate threshold in 25 °C of ambient: (43 - 25) / 4 = 4.5 °C per W",
        "time_constant": "6 min",
        "x-source-time_constant": "calibration choice from published heat-up curves: phones' surface temperatures under a sustained stress test level off after 15-20 minutes (AnandTech's and Notebookcheck's sustained GPU runs), three time constants: 6 min. With the resistance that is 80 J per °C, the heat capacity of about 100 g of a 206 g phone (OnePlus 7 Pro) at 0.8 J per g and °C: the half near the SoC that the skin sensor sees, not the whole phone's 165 J per °C",
        "states": { "fair": 39, "serious": 43, "critical": 45,
          "x-source": "Pixel thermal HAL configuration (thermal_info_config.json, VIRTUAL-SKIN HotThreshold): LIGHT 39 °C, MODERATE 43 °C, SEVERE 45 °C, which Android's thermal status maps as fair, serious (throttling) and critical here; 45 °C is also the threshold of pain for a phone's surface (MDPI Proceedings 42(1):23, 2020)" }
      },
      "components": {
        "platform": {
          "type": "platform",
          "description": "SoC fabric, DRAM, the display pipeline and the always-on rail: busy while any component is, the lit display included. Its deepest state is the whole phone suspended in airplane mode.",
          "states": [
            { "name": "awake", "power": "137.45 mW",
              "x-source": "the suspended floor 19.25 mW, plus OnePlus 7 Pro cpu.awake 8 mA x 3.85 V = 30.8 mW (awake, no CPU work), plus DRAM active at the lowest bandwidth bucket: AOSP power_profile.xml memory.bandwidths 22.7 mA x 3.85 V = 87.4 mW" },
            { "name": "idle", "power": "50.05 mW", "after": "20 ms", "wake_latency": "100 us",
              "x-source": "the suspended floor plus OnePlus 7 Pro cpu.awake (30.8 mW): awake with DRAM in self-refresh; after and wake_latency are calibration choices (no published figure): the fabric idles 20 ms after the last work and resumes in 0.1 ms" },
            { "name": "suspend", "power": "19.25 mW", "after": "1 s", "wake_latency": "5 ms",
              "x-source": "the whole phone suspended in airplane mode: OnePlus 7 Pro cpu.idle 5 mA x 3.85 V (Android <= 7 key: power collapse; Pixel 4 cpu.suspend 5.6 mA agrees); after and wake_latency are calibration choices (no published figure): the phone suspends 1 s after the last work and resumes in 5 ms" }
          ],
          "memory": {
            "power_per_gbps": "40 mW",
            "x-source": "5 pJ per bit moved (8 x 10^9 bit x 5 pJ = 40 mW per GB/s) for LPDDR4X-class mobile DRAM, interface and array: a calibration choice between HBM2's 3.9 pJ/bit and GDDR5's 14 pJ/bit (O'Connor et al., 'Fine-Grained DRAM', MICRO 2017) and near the low end, as the interface dominates (Li, Reddy and Jacob, 'A Performance & Power Comparison of Modern High-Speed DRAM Architectures', MEMSYS 2018); no phone's own per-GB/s figure found (Android's memory.bandwidths gives a current per bandwidth bucket without the buckets' bounds; its lowest, 22.7 mA, is already in the awake state)"
          }
        },
        "cpu": {
          "type": "cpu",
          "dispatch_cost": "50 us",
          "x-source-dispatch_cost": "*The platform* default",
          "display_latency_limit": "300 us",
          "x-source-display_latency_limit": "Qualcomm's SDE display driver requests a CPU DMA latency of 300 us (qcom,sde-qos-cpu-dma-latency in its device tree; sde_encoder.c) while it pushes frames; applied whenever the screen is on (a modelling choice), it keeps clusters out of their 6.6 ms power collapse under a lit screen",
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
                { "name": "off", "power": "1 mW", "suspended_power": "0 W", "wake_latency": "160 us", "wake_power": "50 mW", "min_residency": "2 ms",
                  "x-source": "exit latency 160 us and min residency 2000 us: gs101 A55 (Linux gs101.dtsi); power (leakage while the SoC is awake) and wake_power are calibration choices pinned by the CPU ratios of *Built-in devices* (ReferenceFigureTests.cpuPowerAgainstUtilization); 0 W while suspended, as the platform's floor counts it" }
              ],
              "states": [
                { "name": "on", "power": "30 mW", "x-source": "calibration target: CPU at 1%/10%/100% of one reference core = 1.1x/2x/10x the idle CPU (platform energy guidance, *Built-in devices*)" },
                { "name": "clock-gated", "power": "6 mW", "min_residency": "0 s", "x-source": "calibration choice (as on); no latency, so chosen for any idle time, and the cluster's idle state under a lit screen" },
                { "name": "off", "power": "2 mW", "suspended_power": "0 W", "wake_latency": "6562 us", "wake_power": "30 mW", "min_residency": "9987 us",
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
                { "name": "off", "power": "1 mW", "suspended_power": "0 W", "wake_latency": "190 us", "wake_power": "150 mW", "min_residency": "2500 us",
                  "x-source": "gs101 A76 exit 190 us, min residency 2500 us (Linux gs101.dtsi, a Cortex-A76 as the 855's big cores); powers calibration choices as the little core's; 0 W while suspended" }
              ],
              "states": [
                { "name": "on", "power": "60 mW", "x-source": "calibration target" },
                { "name": "clock-gated", "power": "6 mW", "x-source": "calibration choice, as the little cluster's" },
                { "name": "off", "power": "2 mW", "suspended_power": "0 W", "wake_latency": "6562 us", "wake_power": "60 mW", "min_residency": "9987 us",
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
                { "name": "off", "power": "1 mW", "suspended_power": "0 W", "wake_latency": "220 us", "wake_power": "200 mW", "min_residency": "3500 us",
                  "x-source": "gs101 X1 exit 220 us, min residency 3500 us (Linux gs101.dtsi, borrowed from Google Tensor's prime core); powers calibration choices as the little core's; 0 W while suspended" }
              ],
              "states": [
                { "name": "on", "power": "80 mW", "x-source": "calibration target" },
                { "name": "clock-gated", "power": "6 mW", "x-source": "calibration choice, as the little cluster's" },
                { "name": "off", "power": "2 mW", "suspended_power": "0 W", "wake_latency": "6562 us", "wake_power": "80 mW", "min_residency": "9987 us",
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
            { "name": "hibernate", "power": "0.5 mW", "suspended_power": "0 W", "after": "150 ms", "wake_latency": "1 ms",
              "x-source": "UFS clock gating and auto-hibernate after 150 ms idle (Linux ufshcd.c); power and wake latency are calibration choices (no published figure); 0 W while suspended, as cpu.idle counts it" }
          ]
        },
        "cellular": {
          "type": "radio", "technology": "cellular",
          "downlink": "13 Mbit/s", "uplink": "6 Mbit/s",
          "x-source-bandwidth": "median LTE throughput (Huang et al., MobiSys 2012)",
          "rtt": "70 ms", "x-source-rtt": "median LTE round trip of about 70 ms (Huang et al., MobiSys 2012)",
          "transfer_power": { "base": "350.35 mW", "per_mbit_down": "15.16 mW", "per_mbit_up": "59.2 mW",
            "x-source": "base: Pixel 4 modem.controller.rx 91 mA x 3.85 V (a 2019 Snapdragon X24 modem, power_profile.xml); per_mbit_down: Huang et al.'s alpha_d (51.97 mW per Mbit/s) scaled by 350.35/1200, the ratio of the Pixel 4's receive power to Huang's beta; per_mbit_up: derived so that the 6 Mbit/s median uplink draws the Pixel 4's middle transmit level, modem.controller.tx 183 mA x 3.85 V = 704.6 mW" },
          "signal_power": { "good": 1, "fair": 1.33, "poor": 1.71,
            "x-source": "Pixel 4 power_profile.xml modem.controller.tx 96/133/183/225/295 mA by transmit level (weaker signal, higher level): a transfer draws the receive current (modem.controller.rx 91 mA) plus the transmit current, so good = 91 + 114.5 (mean of the two lowest levels) = 205.5 mA, fair = 91 + 183 = 274 mA (x1.33), poor = 91 + 260 (mean of the two highest) = 351 mA (x1.71); the direction and size agree with Ding et al., SIGMETRICS 2013 (3G power during transfers rising as the signal weakens)" },
          "states": [
            { "name": "connected", "power": "385 mW",
              "x-source": "continuous reception after the last packet: Pixel 4 modem.controller.idle 100 mA x 3.85 V (the modem awake, neither receiving nor transmitting); OnePlus 7 Pro radio.active 103 mA (397 mW) agrees" },
            { "name": "idle", "power": "9.63 mW", "after": "10.1 s", "wake_latency": "260 ms", "wake_power": "388.2 mW",
              "x-source": "ARO lte.conf: 10 s of DRX tail, promotion 0.26 s (Huang et al., MobiSys 2012); idle paging: OnePlus 7 Pro radio.on 2.5 mA (the mean of its 3 and 2 mA signal bins) x 3.85 V; promotion power: the connected power x 1.21/1.2, Huang's promotion-to-beta ratio" }
          ],
          "scanning": "19.25 mW",
          "x-source-scanning": "Pixel 2 power_profile.xml radio.scanning 5 mA ('the current consumed by the radio when it is scanning for a signal') x 3.85 V; the Nexus 5X's 4.57 mA agrees (both from Google's 2017 profiles, measured by one script) and AOSP's sample file says about 10 mA. Android's batterystats charges it for the time with no signal while the modem searches, as this model does for an offline spell. Older profiles list 70-143 mA (the Nexus 5 99.2 mA): a modem searching continuously, which current modems back off from",
          "drx": { "cycle": "40 ms", "on_duration": "10 ms", "inactivity": "8 ms", "power": "19.25 mW",
            "x-source": "timers: an operator's voice DRX profile (Ericsson DrxProfile for QCI 1: longDrxCycle sf40, onDurationTimer psf10, drxInactivityTimer psf8; 3GPP TS 36.331 DRX-Config values), VoLTE's 40 ms cycle of two voice frames; power: Nokia Siemens Networks, 'More battery life with LTE connected state DRX': up to 95% lower current in the connected state's inactivity periods, so 5% of the connected power (385 mW x 0.05). Huang et al.'s 2012 figures (a 1.06 W DRX baseline under 1.2 W of continuous reception) are a first-generation LTE modem's, which hardly slept" }
        },
        "wifi": {
          "type": "radio", "technology": "wifi",
          "downlink": "50 Mbit/s", "uplink": "20 Mbit/s", "rtt": "20 ms",
          "x-source-bandwidth": "calibration target: a typical home network",
          "transfer_power": "403 mW", "x-source-transfer_power": "ARO Wi-Fi active 0.403 W",
          "signal_power": { "good": 1, "fair": 1.15, "poor": 1.4,
            "x-source": "calibration choice in the direction Ding et al., SIGMETRICS 2013 measure for Wi-Fi (transfer power rising as the signal weakens, through retransmissions and lower rates); no published per-level factor for this chip, so smaller than the cellular factors, whose transmitter dominates; most of a weak link's cost is its lower throughput, which the environment's downlink and uplink give" },
          "states": [
            { "name": "active", "power": "403 mW", "x-source": "ARO Wi-Fi active 0.403 W" },
            { "name": "standby", "power": "13.475 mW", "after": "250 ms", "wake_latency": "2 ms",
              "x-source": "associated and idle in 802.11 power save, waking for each DTIM beacon: Nexus 5 power_profile.xml wifi.on 3.5 mA x 3.85 V; Microchip's 802.11 power-management note gives the same 3.5 mA for DTIM 1 (an 85 mA receiver on a 4/96 duty cycle). ARO's 0.02 W standby is a 2012 figure; tail 0.25 s (ARO); wake latency a calibration target" }
          ]
        },
        "gpu": {
          "type": "gpu",
          "frequency": "governor",
          "x-source-frequency": "*The GPU*: a devfreq governor raises the clock for heavier frames; the phone's default",
          "opps": [
            { "freq": "257 MHz", "power": "325.3 mW",
              "x-source": "Adreno 640 operating point (Linux sm8150.dtsi gpu_opp_table); power derived: the top point scaled by (257/585)^3, dynamic power cubic in frequency (P = C V^2 f with V roughly proportional to f; Qualcomm publishes no GPU voltages)" },
            { "freq": "345 MHz", "power": "785.5 mW", "x-source": "Adreno 640 (sm8150.dtsi); power (345/585)^3 x 3.83 W, as above" },
            { "freq": "427 MHz", "power": "1489 mW", "x-source": "Adreno 640 (sm8150.dtsi); power (427/585)^3 x 3.83 W, as above" },
            { "freq": "499.2 MHz", "power": "2380 mW", "x-source": "Adreno 640 (sm8150.dtsi); power (499.2/585)^3 x 3.83 W, as above" },
            { "freq": "585 MHz", "power": "3.83 W",
              "x-source": "Adreno 640 top point 585 MHz (sm8150.dtsi); power: Apple A13 GFXBench Aztec High sustained 3.83 W (AnandTech 2019), system active power under GPU load, borrowed for want of a published Adreno figure" }
          ],
          "states": [
            { "name": "active", "power": "80 mW", "x-source": "calibration choice (no published figure): clocks on, idle; pinned by the gaming figure (ReferenceFigureTests.gamingAtSixtyFramesPerSecond)" },
            { "name": "clock-gated", "power": "20 mW", "after": "800 us",
              "x-source": "Mali kbase powers shader cores off after 2 ticks of 400 us (mali_kbase_config_defaults.h, borrowed from Arm's driver); power a calibration choice (no published figure)" },
            { "name": "power-gated", "power": "1 mW", "suspended_power": "0 W", "after": "66 ms", "wake_latency": "1 ms",
              "x-source": "drm/msm suspends the GPU after 66 ms idle (msm_gpu.h); no published wake latency or power: 1 ms and 1 mW chosen; 0 W while suspended, as cpu.idle counts it" }
          ]
        },
        "display": {
          "type": "display", "technology": "oled",
          "refresh_rates": ["10 Hz", "24 Hz", "30 Hz", "60 Hz", "90 Hz", "120 Hz"], "idle_refresh": "10 Hz",
          "x-source-refresh": "calibration choice: a variable-refresh (LTPO-class) 120 Hz panel that idles at 10 Hz, as the Galaxy S21 Ultra's (a 2021 panel on a 2019-class phone; a fixed-rate panel is a device_patch of idle_refresh away)",
          "panel_power": "125 mW", "per_hz": "3 mW",
          "x-source-panel": "per_hz: AnandTech, Galaxy S20 Ultra (2020): the whole phone on a black screen draws 472 mW at 60 Hz and 656 mW at 120 Hz, 184 mW for 60 Hz more, about 3 mW per Hz; panel_power: calibration choice so that the black screen at 60 Hz, with the platform awake and the CPU idle, draws the measured 472 mW (ReferenceFigureTests.blackScreenAtSixtyAndOneHundredTwentyHertz)",
          "full_white_power": "1.482 W",
          "x-source-full_white_power": "Pixel 4 screen.full 385 mA x 3.85 V: the power at full brightness above the screen on at its lowest (power_profile.xml; the 2019-2020 flagships' median is 385-430 mA)",
          "brightness_curve": "android",
          "x-source-brightness_curve": "the Android 9+ brightness slider (AOSP SettingsLib BrightnessUtils.convertGammaToLinear: inverse hybrid log-gamma)",
          "appearance_apl": { "light": "65%", "dark": "17%",
            "x-source": "light: 65% white pixels in pages users saw (Chameleon, MobiSys 2011); dark: calibration choice so that dark saves 60-67% of display power at 100% brightness (Dash and Hu, MobiSys 2021), pinned by ReferenceFigureTests.darkAppearanceOnOLED" },
          "off_power": "0 W",
          "max_luminance": "450 nits",
          "x-source-max_luminance": "the Pixel 4's full-screen luminance at 100% of the slider, about 450 nits (XDA Developers, Google Pixel 4 and 4 XL display analysis, November 2019), the panel whose screen.full gives full_white_power"
        },
        "gnss": {
          "type": "generic",
          "description": "Satellite location (GNSS) receiver: tracking while an app asks for fixes, hot standby for a few seconds after, then off.",
          "states": [
            { "name": "tracking", "power": "163 mW",
              "x-source": "the median gps.on of Snapdragon 855/865 phones' power_profile.xml: Mi 9 42.39 mA x 3.85 V (the range is 38-441 mW; Pixel 4 and Xperia 1 II signal-quality arrays give 23-46 mW at good signal, 92-182 mW at poor)" },
            { "name": "standby", "power": "10.6 mW", "after": "6 s", "wake_latency": "20 ms",
              "x-source": "PowerTutor: the GPS sleeps 6 s after its last use (Nexus One); power: PowerTutor's sleep-to-on ratio 17.5/268.9 mW applied to 163 mW (borrowed from the Nexus One); wake latency a calibration choice (no published figure), as the devboard's" },
            { "name": "off", "power": "0 W", "after": "60 s", "wake_latency": "1 s",
              "x-source": "wake latency: a hot start, whose time to first fix is 1-5 s (GNSS references' typical hot start; the receiver kept time, position and ephemeris), its low end; after: calibration choice (no published figure), a minute of standby; 0 W, as the suspended phone (cpu.idle) counts the receiver off" }
          ]
        },
        "lpass": {
          "type": "island",
          "description": "The audio DSP island (Qualcomm LPASS): an always-on domain of its own, so that music plays through the audio DSP with the application processor and DRAM suspended (audio offload).",
          "states": [
            { "name": "awake", "power": "7.7 mW",
              "x-source": "an always-on audio DSP core: CEVA TeakLite-4 TL410 under 2 mA for always-on voice processing (CEVA, via SemiWiki, 'Android KitKat openly preaching for DSP offloading', 2013), 2 mA x 3.85 V; the audio path's own power (dsp.audio) is the audio component's" },
            { "name": "collapsed", "power": "0 W", "after": "20 ms", "wake_latency": "1 ms",
              "x-source": "after and wake_latency calibration choices as the platform's idle state (no published figure): the island collapses 20 ms after its last child and resumes in 1 ms; 0 W, as the suspended phone's floor (cpu.idle) counts it" }
          ]
        },
        "audio": {
          "type": "generic",
          "parent": "lpass",
          "x-source-parent": "audio offload: Android plays compressed audio through the audio DSP with the application processor suspended (AOSP, Audio: compressed offload); iOS likewise",
          "description": "Audio path: codec, DSP and amplifier, active while an audio engine runs, in standby 3 s after it stops.",
          "states": [
            { "name": "active", "power": "92.4 mW",
              "x-source": "the median audio (dsp.audio) current of Snapdragon 855/865 phones' power_profile.xml: OnePlus 8 24 mA x 3.85 V (the range is 64-289 mW), the audio hardware playing back, on top of the CPU" },
            { "name": "standby", "power": "0 W", "after": "3 s", "wake_latency": "50 ms",
              "x-source": "after: AudioFlinger puts an output in standby 3 s after its last sound (kDefaultStandbyTimeInNsecs = seconds(3), AOSP Threads.cpp; Qualcomm's LPASS codec macros also autosuspend after 3000 ms, Linux lpass-va-macro.c); wake latency a calibration choice (no published figure: reopening the output, powering the codec and amplifier); 0 W, as the suspended phone counts the codec off" }
          ]
        },
        "bluetooth": {
          "type": "generic",
          "parent": "lpass",
          "x-source-parent": "Bluetooth A2DP hardware offload (AOSP, Bluetooth A2DP offload, Android 8 and later): the audio DSP encodes and sends the stream to the controller, so audio to headphones keeps the island, not the platform, awake",
          "description": "Bluetooth controller: active while it carries data (audio to earbuds, a sync), idle 7 s after.",
          "states": [
            { "name": "active", "power": "55.7 mW",
              "x-source": "the median bluetooth.active of Snapdragon 855/865 phones' power_profile.xml: 14.5 mA x 3.85 V, between Redmi K20 Pro 11.1 mA and Mi 10 17.85 mA (OnePlus 7 Pro 50, Mi 9 6.43; OnePlus 8's 135 mA left out as implausible)" },
            { "name": "idle", "power": "0 W", "after": "7 s", "wake_latency": "50 ms",
              "x-source": "after: Android's Bluetooth stack puts an idle A2DP link in sniff mode 7 s after its last traffic (BTA_DM_PM_SNIFF_A2DP_IDX, 7000 ms, bta_dm_cfg.cc); power: Pixel 4 bluetooth.controller.idle 0.01 mA x 3.85 V = 0.04 mW, taken as 0 so the suspended phone keeps its measured floor; wake latency a calibration choice (no published figure: leaving sniff at the next anchor)" }
          ]
        },
        "video": {
          "type": "generic",
          "description": "Hardware video decoder: active while it decodes, power-collapsed 2 s after.",
          "memory_bandwidth": "1.5 GB/s",
          "x-source-memory_bandwidth": "the decoder at full speed: Snapdragon 855 decodes 4K at 60 fps (Qualcomm's product brief), 3840 x 2160 x 60 = 498 Mpixel/s, each pixel written once (1.5 B, 4:2:0) and its reference read once (1.5 B): 3 B x 498 Mpixel/s = 1.5 GB/s while active (a calibration choice of traffic per pixel; a decode step's time is the decoder at full speed)",
          "states": [
            { "name": "active", "power": "231.8 mW",
              "x-source": "the median video (dsp.video) current of Snapdragon 855/865 phones' power_profile.xml: Mi 10 60.2 mA x 3.85 V (the range is 96-316 mW), media hardware decoding, on top of the CPU and display" },
            { "name": "off", "power": "0 W", "after": "2 s", "wake_latency": "10 ms",
              "x-source": "after: Qualcomm's video codec driver autosuspends 2000 ms after its last use (Linux venus vdec/venc, pm_runtime_set_autosuspend_delay 2000); wake latency a calibration choice (no published figure: firmware resume); 0 W, as the suspended phone counts the decoder off" }
          ]
        },
        "camera": {
          "type": "generic",
          "description": "Camera: image sensor and image signal processor (ISP), streaming frames while active; a step with resolution and fps adds the energy and memory traffic of its pixels.",
          "pixel_energy": "2 nJ",
          "x-source-pixel_energy": "calibration choice pinned by the 4K recording and video call figures (ReferenceFigureTests, BuiltInDeviceProfiles): the ISP's and sensor readout's energy per pixel; image sensors are not energy-proportional, most of their power being fixed (LiKamWa et al., 'Energy characterization and optimization of image sensing toward continuous mobile vision', MobiSys 2013), so the per-pixel part is the smaller: 4K at 30 fps adds 0.5 W, 720p at 30 fps 55 mW",
          "pixel_memory": "6 B",
          "x-source-pixel_memory": "each pixel written by the ISP (1.5 B, 4:2:0), read back for the preview and by the encoder (1.5 B each) and its statistics and noise-reduction reference (1.5 B): a calibration choice of traffic per pixel",
          "states": [
            { "name": "active", "power": "450 mW",
              "x-source": "the fixed part of sensor and ISP streaming: Android power_profile camera.avg, the camera subsystem in a typical camera app (preview and about 10 pictures a minute), is 550 mA in AOSP's documented example (frameworks/base power_profile.xml: 'Avg. power use of camera in standard usecases, ~550mA'), 401-900 mA in shipped phones' files; that figure includes the CPU, GPU and display the app keeps busy, so the camera's own fixed share is a calibration choice of 450 mW (PIMRC 2014, 'dissecting smartphone energy when shooting and streaming video': most of the power is drawn already in preview and does not scale with resolution)" },
            { "name": "off", "power": "0 W", "after": "500 ms", "wake_latency": "300 ms",
              "x-source": "calibration choices (no published figure): the camera HAL closes the sensor soon after the last frame; opening a camera takes a few hundred ms (Android camera launch latency); 0 W, as the suspended phone counts the camera off" }
          ]
        },
        "encoder": {
          "type": "generic",
          "description": "Hardware video encoder: active while it encodes; a step with resolution and fps adds the energy and memory traffic of its pixels.",
          "pixel_energy": "1 nJ",
          "x-source-pixel_energy": "calibration choice pinned by the 4K recording figure (ReferenceFigureTests): half the camera's per pixel, as an encoder does less work per pixel than an ISP's pipeline (no published figure found): 4K at 30 fps adds 249 mW",
          "pixel_memory": "4.5 B",
          "x-source-pixel_memory": "each pixel read once from the camera's frame (1.5 B), its reference read (1.5 B) and the reconstructed frame written (1.5 B): a calibration choice",
          "states": [
            { "name": "active", "power": "231.8 mW",
              "x-source": "as the decoder: the median video (dsp.video) current of Snapdragon 855/865 phones' power_profile.xml, Mi 10 60.2 mA x 3.85 V; Android's one video key covers the media hardware decoding or encoding (borrowed from the decoder)" },
            { "name": "off", "power": "0 W", "after": "2 s", "wake_latency": "10 ms",
              "x-source": "as the decoder: Qualcomm's venus driver autosuspends the encoder 2000 ms after its last use (Linux venc, pm_runtime_set_autosuspend_delay 2000); wake latency a calibration choice" }
          ]
        }
      },
      "recipes": {
        "location-best": { "gnss": "6 s", "cpu": "20 ms",
          "x-source": "a satellite fix (about 5 m): gnss 6 s of tracking, the upper end of the 1-5 s hot-start time to first fix plus a 1 s fix epoch to refine it; cpu 20 ms, *Peripherals and recipes*'s example (a calibration choice: the location stack handling the fix)" },
        "location-100m": { "cpu": "20 ms", "wifi": "1.5 s", "upload": "1 KB", "download": "2 KB", "via": "wifi",
          "x-source": "a Wi-Fi location (about 100 m): an active scan, wifi 1.5 s (*Peripherals and recipes*'s example; about 40 ms of probe and listen per channel, droidboy.cz 'Looking under the hood of WiFi scans' 2015, over the 13 channels of 2.4 GHz and about 24 of 5 GHz), at the radio's active power (an upper bound: the model has no separate scan power); the access points seen, uploaded to a location service (1 KB: calibration choice, 10-20 access points of about 50 bytes each) and the position it returns (2 KB, *Peripherals and recipes*'s example); cpu 20 ms as location-best" },
        "location-3km": { "cpu": "20 ms", "download": "2 KB", "via": "cellular",
          "x-source": "a cell-tower location (about 3 km): a small lookup of the serving cell's position over LTE (2 KB, as location-100m's answer; calibration choice); cpu 20 ms as location-best" },
        "record-4k": { "cpu": "60 ms", "write": "6.25 MB", "audio": "1 s", "camera": "1 s", "encoder": "1 s", "resolution": "3840x2160", "fps": "30 fps",
          "x-source": "one second of 4K video at 30 fps, run every second (each occurrence's steps follow one another, so the camera of one second overlaps the encoder of the one before and both stay busy): the camera and the encoder at 3840x2160 and 30 fps for the whole second, the microphone through the audio path, the file written at 50 Mbit/s (6.25 MB a second: phones record 4K at 30 fps at about 40-55 Mbit/s, Android's CamcorderProfile QUALITY_2160P and Apple's HEVC files), and the camera app's and HAL's CPU work, 60 ms of reference core a second (a calibration choice)" },
        "video-call": { "cpu": "200 ms", "audio": "1 s", "video": "56 ms", "camera": "1 s", "encoder": "1 s", "resolution": "1280x720", "fps": "30 fps",
          "x-source": "one second of a 720p, 30 fps video call's media, run every second beside the call's packets (the call step, or a workload sending a frame each way every 33 ms): the camera and encoder at 1280x720 and 30 fps for the whole second, the remote video decoded (27.6 Mpixel at the decoder's 498 Mpixel/s: 56 ms), the audio path both ways, and the call app's CPU work (WebRTC's echo cancellation, jitter buffer, packetizing and rendering), 200 ms of reference core a second (a calibration choice)" }
      }
    }
    """#
}
