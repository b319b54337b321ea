import DeviceModels
import JSONSupport
import Quantities

extension DeviceDecoder {
  /// Reads `app_policy` (see *Apps and push delivery*): the defaults of the apps a scenario
  /// declares on this device — `background_time` (a duration or `"unlimited"`), `timer_leeway` and
  /// the task grants — each defaulting to the standard policy (`AppPolicySpec.standard`: 30 s, no
  /// leeway, `BackgroundGrants.standard`).
  func decodeAppPolicy(_ value: JSONValue, at path: JSONPath) throws(InputError)
    -> AppPolicySpec
  {
    var object = try ObjectReader(
      value, at: path, in: reader.file, as: ScenarioLanguage.appPolicy)
    _ = object.optional("description")
    var policy = AppPolicySpec.standard
    if let grant = object.optional("background_time") {
      if case .string("unlimited") = grant {
        policy.backgroundTime = nil
      } else if case .string(let text) = grant, !text.contains(where: \.isNumber) {
        throw object.error(
          "background_time",
          "expected a duration or \"unlimited\", found \(ValueExcerpt.quoted(text))")
      } else {
        policy.backgroundTime = try reader.time(grant, object.path("background_time"))
      }
    }
    if let leeway = object.optional("timer_leeway") {
      policy.timerLeeway = try reader.time(leeway, object.path("timer_leeway"))
    }
    policy.grants = try decodeGrants(&object, reader: reader, defaults: policy.grants)
    try object.rejectUnusedKeys()
    return policy
  }
}

/// Reads the task grants of an `app_policy` or a scenario's app (see *Apps and push delivery*):
/// `extended_time`, `refresh_time` and `processing_time`, each a duration above zero, each
/// `defaults`' when absent.
func decodeGrants(
  _ object: inout ObjectReader, reader: ValueReader, defaults: BackgroundGrants
) throws(InputError) -> BackgroundGrants {
  var grants = defaults
  if let value = object.optional("extended_time") {
    grants.extendedTime = try reader.positiveTime(value, object.path("extended_time"))
  }
  if let value = object.optional("refresh_time") {
    grants.refreshTime = try reader.positiveTime(value, object.path("refresh_time"))
  }
  if let value = object.optional("processing_time") {
    grants.processingTime = try reader.positiveTime(value, object.path("processing_time"))
  }
  return grants
}
