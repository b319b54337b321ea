extension JSONValue {
  /// The result of applying `patch` to this value as a JSON Merge Patch (RFC 7396): an object
  /// patch merges member by member, recursively, `null` deleting a member; any other patch
  /// replaces the value whole (arrays included).
  ///
  /// - Complexity: O(*n*) in the size of the patch and the members it touches.
  public func mergePatched(with patch: JSONValue) -> JSONValue {
    guard case .object(let patchObject) = patch else { return patch }
    var target: JSONObject
    if case .object(let object) = self { target = object } else { target = JSONObject() }
    var deleted: Set<String> = []
    for (key, value) in patchObject {
      if case .null = value {
        deleted.insert(key)
      } else {
        target[key] = (target[key] ?? .null).mergePatched(with: value)
      }
    }
    // All deletions in one pass: one at a time, a patch deleting n of n members costs n².
    target.removeMembers(deleted)
    return .object(target)
  }
}
