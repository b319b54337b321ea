public import DeviceModels
public import JSONSupport

/// Device files as importers and calibration see them: a reference (a built-in name or a path)
/// resolved to the whole device, `extends` followed, and a device checked as a scenario would
/// check it.
public enum DeviceFileAccess {
  /// The device `reference` names (a built-in device or a path to a device file, relative to
  /// the working directory), with its `extends` chain merged in, and the file it came from.
  public static func resolve(_ reference: String) throws(InputError) -> (
    json: JSONValue, origin: String
  ) {
    var layers: [DeviceLayer] = []
    return try DeviceResolver.load(
      reference, at: JSONPath(), in: "--extends", chain: [], files: InputFileCache(),
      layers: &layers)
  }

  /// `device` decoded and checked as a scenario's device is; `file` names it in messages and
  /// anchors the paths it `extends`.
  public static func check(_ device: JSONValue, file: String) throws(InputError) -> DeviceSpec {
    var layers: [DeviceLayer] = []
    let resolved = try DeviceResolver.resolveExtends(
      device, path: JSONPath(), file: file, chain: [file], files: InputFileCache(),
      layers: &layers)
    return try DeviceDecoder(reader: ValueReader(file: file)).decode(resolved, at: JSONPath())
  }
}

extension ScenarioDocument {
  /// The baseline's device as one object: a built-in name or file resolved, `extends` followed
  /// and `device_patch` merged in; and the reference the scenario names it by (`nil` for an
  /// inline or patched device, which an extending file cannot name).
  public func resolvedDevice() throws(InputError) -> (json: JSONValue, reference: String?) {
    guard case .object(let object) = base, let value = object["device"] else {
      throw InputError(
        file: file, path: nil, message: "a scenario needs the key \"device\", which is missing")
    }
    var resolved = try DeviceResolver.resolve(value, at: ["device"], in: file)
    var reference: String?
    if case .string(let name) = value {
      reference = BuiltInDevices.json(named: name) != nil ? name : resolved.file
    }
    if let patch = object["device_patch"] {
      resolved.json = resolved.json.mergePatched(with: patch)
      reference = nil
    }
    return (resolved.json, reference)
  }

  /// A copy whose baseline runs on `device` (a whole device object) instead of its own.
  public func replacingDevice(with device: JSONValue) -> ScenarioDocument {
    var copy = self
    copy.baselineParts = BaselineParts()
    if case .object(var object) = copy.base {
      object["device"] = device
      object["device_patch"] = nil
      copy.base = .object(object)
    }
    return copy
  }
}

extension DeviceFileAccess {
  /// The bytes of the input file at `path`: a regular file of at most 256 MB, read whole; an
  /// error names the file and why it could not be read.
  public static func read(_ path: String) throws(InputError) -> [UInt8] {
    try FileLoading.bytes(of: path)
  }
}
