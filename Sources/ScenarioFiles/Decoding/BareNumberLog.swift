import JSONSupport
import Quantities
import Synchronization

/// The bare numbers read for quantities whose unit a user might mistake (a time of `5`: seconds,
/// or milliseconds?), collected while decoding for `validate --strict`.
///
/// A bare number is in the dimension's base unit, as documented (see the article *Quantities and
/// units*), so it is accepted; under `--strict` each one is flagged, so a file can be held to
/// writing its units. Fractions and voltages are not flagged: `0.4` and `3.85` read one way only.
/// Zero is not flagged either: it is zero in every unit.
public final class BareNumberLog: Sendable {
  /// The log decoding in this task records into, if any (see ``recording(_:)``).
  @TaskLocal static var current: BareNumberLog?

  private let entries = Mutex<[InputError]>([])

  /// An empty log.
  public init() {}

  /// What was flagged, in the order read.
  public var flagged: [InputError] { entries.withLock { $0 } }

  /// Runs `body`, recording into this log the bare numbers it reads.
  public func recording<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    var result: Result<T, E>?
    Self.$current.withValue(self) {
      do throws(E) {
        result = .success(try body())
      } catch {
        result = .failure(error)
      }
    }
    return try result!.get()
  }

  /// The base unit a bare number of `dimension` is read in, when a user might mistake it (a
  /// fraction or a voltage has only one reading).
  static func mistakableUnit(_ dimension: Dimension) -> String? {
    dimension == .fraction || dimension == .voltage || dimension == .luminance
      ? nil : dimension.baseUnit
  }

  /// Records `literal`, read at `path` of `file` for `dimension`, if it needs flagging.
  static func note(
    _ literal: String, dimension: Dimension, file: String, path: JSONPath
  ) {
    guard let log = current, let unit = mistakableUnit(dimension),
      let value = Double(literal), value != 0
    else { return }
    let shown = ValueExcerpt.bare(literal)
    let error = InputError(
      file: file, jsonPath: path,
      message:
        "the bare number \(shown) is read as \(shown) \(unit); write it with its unit (\"\(shown) \(unit)\") so that no reader takes it for another"
    )
    log.entries.withLock { $0.append(error) }
  }
}
