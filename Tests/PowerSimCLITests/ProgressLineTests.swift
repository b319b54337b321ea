import Testing

@testable import PowerSimCLI

/// The progress line of `run`, `compare` and `sweep` on a terminal's standard error.
@Suite struct ProgressLineTests {
  final class Recorder: @unchecked Sendable {
    var text = ""
  }

  static func console(_ recorder: Recorder, terminal: Bool = true) -> Console {
    Console(write: { _ in }, writeError: { recorder.text += $0 }, errorIsTerminal: terminal)
  }

  /// Each new text replaces the line in place (a carriage return, and spaces over what is left
  /// of a longer line); a repeated text is not written again; the line ends with a newline.
  @Test func rewritesTheLineInPlace() throws {
    let recorder = Recorder()
    let line = try #require(ProgressLine.forTerminal(Self.console(recorder)))
    line.show("run: 9% of 1 h simulated")
    line.show("run: 9% of 1 h simulated")
    line.show("run: 10% of 1 h simulated")
    line.show("done")
    line.finish()
    #expect(
      recorder.text
        == "\rrun: 9% of 1 h simulated\rrun: 10% of 1 h simulated\rdone"
        + String(repeating: " ", count: 21) + "\n")
  }

  /// Nothing shows before the delay (a quick run prints no progress), and then nothing ends.
  @Test func showsNothingBeforeTheDelay() throws {
    let recorder = Recorder()
    let line = try #require(ProgressLine.forTerminal(Self.console(recorder), delay: .seconds(3600)))
    line.show("run: 50% of 1 h simulated")
    line.finish()
    #expect(recorder.text.isEmpty)
  }

  /// Not a terminal: no line at all.
  @Test func noLineWithoutATerminal() {
    #expect(ProgressLine.forTerminal(Self.console(Recorder(), terminal: false)) == nil)
  }
}
