extension BuiltInDevices {
  /// A minimal board: an always-on platform and a GPS, to learn the ladder on. Sources in its
  /// `x-source` notes and in <doc:BuiltInDeviceProfiles>.
  static let devboardProfile = #"""
    {
      "name": "devboard",
      "description": "A minimal board: an always-on platform rail and a GPS receiver.",
      "battery": {
        "capacity_mah": 2300, "voltage": "3.8 V",
        "x-source": "Nexus 5 power_profile.xml battery.capacity 2300 mAh; 3.8 V nominal assumed",
        "charge_power": "5 W",
        "x-source-charge_power": "calibration target: a 5 V / 1 A USB charger"
      },
      "components": {
        "platform": {
          "type": "platform",
          "states": [
            { "name": "awake", "power": "66.1 mW",
              "x-source": "Nexus 5 cpu.idle 17.4 mA x 3.8 V" },
            { "name": "suspend", "power": "12.2 mW", "after": "100 ms", "wake_latency": "2 ms",
              "x-source": "Nexus 5 cpu.suspend 3.2 mA x 3.8 V; after and wake_latency are calibration targets (no published figure)" }
          ]
        },
        "gps": {
          "type": "generic",
          "states": [
            { "name": "on", "power": "268.9 mW",
              "x-source": "PowerTutor GPS on 268.9 mW (Nexus One)" },
            { "name": "sleep", "power": "17.5 mW", "after": "6 s", "wake_latency": "20 ms",
              "x-source": "PowerTutor GPS sleep 17.5 mW, entered 6 s after last use; wake latency a calibration target" },
            { "name": "off", "power": "0 W", "after": "60 s", "wake_latency": "800 ms",
              "wake_power": "200 mW",
              "x-source": "calibration target: a hot start of about a second, below active power" }
          ]
        }
      }
    }
    """#
}
