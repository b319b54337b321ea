/// One colour per component, keyed by the component's name, so a component has the same colour
/// in every chart: a run's stacked power and a comparison's energy bars.
///
/// The built-in devices' components have colours of their own; any other name takes the colour
/// a stable hash of it picks. Within one chart no two components share a colour while there are
/// at most ``colors``' count of them: a name whose colour is taken moves on to the next free one
/// (built-in names first, then the others in sorted order, so the outcome depends only on the
/// set of names, never on their order).
enum ComponentPalette {
  /// Sixteen colours, apart from the alternatives' line colours of a comparison (Tableau 10).
  static let colors = [
    "#8c6d31", "#637939", "#7b4173", "#3182bd", "#e6550d", "#31a354", "#756bb1", "#636363",
    "#bd9e39", "#ad494a", "#17becf", "#b5cf6b", "#ce6dbd", "#6b6ecf", "#e7969c", "#843c39",
  ]

  /// The built-in devices' component names and the index of each one's colour.
  static let builtIn: [(name: String, color: Int)] = [
    ("platform", 7), ("cpu", 3), ("gpu", 4), ("display", 8), ("cellular", 9), ("wifi", 5),
    ("bluetooth", 6), ("gps", 10), ("gnss", 1), ("storage", 14), ("ssd", 15), ("audio", 12),
    ("video", 2), ("camera", 0),
  ]

  /// The colour of each of `names`, keyed by name.
  static func colors(for names: [String]) -> [String: String] {
    let wanted = Set(names)
    var taken = Set<Int>()
    var result: [String: String] = [:]
    func assign(_ name: String, preferred: Int) {
      var index = preferred
      if taken.count < colors.count {
        while taken.contains(index) { index = (index + 1) % colors.count }
      }
      taken.insert(index)
      result[name] = colors[index]
    }
    for entry in builtIn where wanted.contains(entry.name) {
      assign(entry.name, preferred: entry.color)
    }
    for name in wanted.sorted() where result[name] == nil {
      assign(name, preferred: Int(stableHash(name) % UInt64(colors.count)))
    }
    return result
  }

  /// FNV-1a over the name's UTF-8: the same on every machine and every run (Swift's `Hasher` is
  /// seeded per process).
  static func stableHash(_ name: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
