public import JSONSupport
import Quantities

/// A trace in the Chrome/Perfetto trace-event JSON format, written as runs go: a
/// `traceEvents` array of one event object per line, then `displayTimeUnit` and an
/// `otherData` object describing the trace.
///
/// The events come from one ``TraceRecorder`` per process (one process per variant); each
/// writes whole lines here as its batches arrive, so the trace streams to disk in constant
/// memory. The file is an ``OutputFile``: it appears at its destination only when committed.
public final class TraceFile {
  private let file: OutputFile
  private var isEmpty = true
  private var isFinished = false
  /// The first error writing, if any; the run reports it and discards the file.
  public private(set) var failure: (any Error)?

  /// Starts a trace in `file`.
  public init(file: OutputFile) {
    self.file = file
    write("{\"traceEvents\":[\n")
  }

  /// Appends one event, `json` being its object's text.
  func append(_ json: String) {
    write(isEmpty ? json : ",\n" + json)
    isEmpty = false
  }

  /// Ends the event array and the document, with `otherData` describing the trace (scenario,
  /// variant, window); commit the file afterwards.
  public func finish(otherData: JSONObject) throws {
    precondition(!isFinished, "a trace finished twice")
    isFinished = true
    write(
      "\n],\n\"displayTimeUnit\":\"ms\",\n\"otherData\":"
        + JSONValue.object(otherData).serialized() + "}\n")
    if let failure { throw failure }
  }

  private func write(_ text: String) {
    guard failure == nil else { return }
    do { try file.write(text) } catch { failure = error }
  }

  /// Microseconds (the format's unit) of `nanoseconds`, exactly: `2800000`, `0.05`.
  static func microseconds(_ nanoseconds: Int64) -> String {
    DecimalFormat.scaledTrimmed(Int128(nanoseconds), scale: 3)
  }
}
