extension BuiltInDevices {
  /// A laptop. Replaced by the calibrated profile.
  static let laptopProfile = BuiltInDevices.devboardProfile
}
