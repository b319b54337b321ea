import DeviceModels
import JSONSupport
import Quantities

extension DeviceDecoder {
  /// Reads `app_policy` (see *Apps and push delivery*): the defaults of the apps a scenario
  /// declares on this device — `background_time` (a duration or `"unlimited"`) and `timer_leeway` —
  /// each defaulting to the standard policy (`AppPolicySpec.standard`: 30 s, no leeway).
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
    try object.rejectUnusedKeys()
    return policy
  }
}
