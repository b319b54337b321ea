extension BuiltInDevices {
  /// A phone. Replaced by the calibrated profile.
  static let phoneProfile = BuiltInDevices.devboardProfile
}
