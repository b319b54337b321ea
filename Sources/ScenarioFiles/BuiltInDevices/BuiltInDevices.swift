/// The devices that ship with powersim, as readable JSON (`powersim device show NAME`).
///
/// Each profile's numbers cite their sources in `x-source` notes beside the parameters, and in
/// the project's documentation (<doc:BuiltInDeviceProfiles>).
public enum BuiltInDevices {
  /// The names of the built-in devices, sorted.
  public static var names: [String] { profiles.keys.sorted() }

  /// The JSON text of the built-in device `name`, or `nil`.
  public static func json(named name: String) -> String? { profiles[name] }

  static let profiles: [String: String] = [
    "phone": phoneProfile,
    "laptop": laptopProfile,
    "devboard": devboardProfile,
    "iphone": iphoneProfile,
    "macbook": macbookProfile,
  ]
}
