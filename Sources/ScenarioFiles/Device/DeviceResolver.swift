import JSONSupport
import Quantities

/// A device's JSON after `extends` was followed, and where to report errors in it.
struct ResolvedDevice {
  /// The merged device object, without `extends`.
  var json: JSONValue
  /// The file errors in the device are reported against.
  var file: String
  /// The path of the device inside that file (`device` for an inline device, empty otherwise).
  var prefix: JSONPath
  /// The files of the `extends` chain, the top first, each with the keys it gives itself: an
  /// error in a value one of them gives is reported against that file (see ``origin(of:)``).
  var layers: [DeviceLayer] = []

  /// Where the value at `path` (inside the merged device) was written: the first layer, from
  /// the top, that gives it; `nil` when none does (the top file is then the one to name).
  func origin(of path: JSONPath) -> (file: String, path: JSONPath)? {
    guard let layer = layers.first(where: { patchTouches($0.own, path) }) else { return nil }
    return (layer.file, JSONPath(layer.prefix.components + path.components))
  }
}

/// One device of an `extends` chain: its file, where the device is in it, and its own keys
/// (without `extends`).
struct DeviceLayer {
  var file: String
  var prefix: JSONPath
  var own: JSONValue
}

/// Follows device references: a built-in name, a path to a device file (relative to the file
/// that names it), or an inline object; and `extends` chains, which merge-patch (RFC 7396) a
/// device over the one it extends. A cycle of `extends` is an error. Device files are read
/// through `files`, so that variants sharing one read it once.
enum DeviceResolver {
  /// Resolves the device named by `value`, found at `path` in `file`.
  static func resolve(
    _ value: JSONValue, at path: JSONPath, in file: String, files: InputFileCache = InputFileCache()
  ) throws(InputError) -> ResolvedDevice {
    switch value {
    case .string(let reference):
      var layers: [DeviceLayer] = []
      let (json, origin) = try load(
        reference, at: path, in: file, chain: [], files: files, layers: &layers)
      return ResolvedDevice(json: json, file: origin, prefix: [], layers: layers)
    case .object:
      var layers: [DeviceLayer] = []
      let json = try resolveExtends(
        value, path: path, file: file, chain: [file], files: files, layers: &layers)
      return ResolvedDevice(json: json, file: file, prefix: path, layers: layers)
    default:
      throw InputError(
        file: file, jsonPath: path,
        message:
          "expected a device: a built-in name (\(listing(BuiltInDevices.names, conjunction: "or"))), a path to a device file, or an object; found \(value.kindPhrase)"
      )
    }
  }

  /// The device `reference` names (built-in or file), with its own `extends` resolved; and the
  /// file it came from.
  static func load(
    _ reference: String, at path: JSONPath, in file: String, chain: [String], files: InputFileCache,
    layers: inout [DeviceLayer]
  ) throws(InputError) -> (JSONValue, String) {
    let origin: String
    let json: JSONValue
    if let text = BuiltInDevices.json(named: reference) {
      origin = "built-in device \"\(reference)\""
      json = try FileLoading.json(from: Array(text.utf8), file: origin)
    } else if reference.contains("/") || reference.hasSuffix(".json") {
      origin = FileLoading.resolve(reference, from: file)
      if chain.contains(origin) {
        throw InputError(
          file: file, jsonPath: path,
          message:
            "device files extend each other in a cycle: \((chain + [origin]).joined(separator: " → "))"
        )
      }
      do {
        json = try files.json(at: origin)
      } catch  where error.line == nil && error.file == origin && error.path == nil {
        throw InputError(
          file: file, jsonPath: path,
          message:
            "cannot read the device file \"\(origin)\": \(error.message.replacingPrefix("cannot read the file: "))"
        )
      }
    } else {
      var message =
        "expected a built-in device (\(listing(BuiltInDevices.names, conjunction: "or"))) or a path to a device file ending in .json, found \(ValueExcerpt.quoted(reference))"
      if let suggestion = closestMatch(to: reference, among: BuiltInDevices.names) {
        message += " (did you mean \"\(suggestion)\"?)"
      }
      throw InputError(file: file, jsonPath: path, message: message)
    }
    if chain.contains(origin) {
      throw InputError(
        file: file, jsonPath: path,
        message:
          "devices extend each other in a cycle: \((chain + [origin]).joined(separator: " → "))")
    }
    guard case .object = json else {
      throw InputError(
        file: origin, path: nil, message: "expected a device object, found \(json.kindPhrase)")
    }
    return (
      try resolveExtends(
        json, path: [], file: origin, chain: chain + [origin], files: files, layers: &layers),
      origin
    )
  }

  /// `device` merged over the device it extends, if any.
  static func resolveExtends(
    _ device: JSONValue, path: JSONPath, file: String, chain: [String], files: InputFileCache,
    layers: inout [DeviceLayer]
  ) throws(InputError) -> JSONValue {
    guard case .object(var object) = device, let reference = object["extends"] else {
      layers.append(DeviceLayer(file: file, prefix: path, own: device))
      return device
    }
    var own = object
    own["extends"] = nil
    layers.append(DeviceLayer(file: file, prefix: path, own: .object(own)))
    let extendsPath = path.appending(key: "extends")
    guard case .string(let name) = reference else {
      throw InputError(
        file: file, jsonPath: extendsPath,
        message: "expected the name or path of a device to extend, found \(reference.kindPhrase)")
    }
    object["extends"] = nil
    let (base, _) = try load(
      name, at: extendsPath, in: file, chain: chain, files: files, layers: &layers)
    return base.mergePatched(with: .object(object))
  }
}

extension String {
  /// The string without `prefix`, if it starts with it.
  func replacingPrefix(_ prefix: String) -> String {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
  }
}
