/// The device of *The power-state ladder*'s worked example as an inline device object's JSON: the
/// GPS (active 300 mW; hot 60 mW after 1 s, waking in 20 ms; off 0 W after 6 s, waking in 800 ms at
/// 200 mW) on a platform that is on (100 mW) while the GPS is busy and sleeps (10 mW) 500 ms after.
public let gpsBoard = """
  {
    "name": "gps-board",
    "components": {
      "platform": { "type": "platform", "states": [
        { "name": "on", "power": "100 mW" },
        { "name": "sleep", "power": "10 mW", "after": "500 ms" } ] },
      "gps": { "type": "generic", "states": [
        { "name": "active", "power": "300 mW" },
        { "name": "hot", "power": "60 mW", "after": "1 s", "wake_latency": "20 ms" },
        { "name": "off", "power": "0 W", "after": "6 s", "wake_latency": "800 ms",
          "wake_power": "200 mW" } ] }
    }
  }
  """
