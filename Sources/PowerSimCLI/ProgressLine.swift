import Foundation

/// A progress line on standard error, rewritten in place — `sweep: 12/40 points`,
/// `compare: 2/5 alternatives`, `run: 43% of 24 h simulated` — for commands whose standard
/// error is a terminal (see *The command line*). Safe to call from several threads.
final class ProgressLine: @unchecked Sendable {
  private let writeError: (String) -> Void
  private let lock = NSLock()
  private let started = ContinuousClock.now
  private let delay: Duration
  private var shown = ""

  /// A line on `console`'s standard error that appears only once `delay` has passed, so that
  /// quick commands print none.
  init(console: Console, delay: Duration = .zero) {
    writeError = console.writeError
    self.delay = delay
  }

  /// The line for a command on `console`, or `nil` when its standard error is not a terminal.
  static func forTerminal(_ console: Console, delay: Duration = .zero) -> ProgressLine? {
    console.errorIsTerminal ? ProgressLine(console: console, delay: delay) : nil
  }

  /// Shows `text` in place of the line shown before, if it differs and the delay has passed.
  func show(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    guard text != shown, ContinuousClock.now - started >= delay else { return }
    // Spaces cover what is left of a longer line shown before.
    let padding = String(repeating: " ", count: max(0, shown.count - text.count))
    writeError("\r" + text + padding)
    shown = text
  }

  /// Ends the line, if one was shown.
  func finish() {
    lock.lock()
    defer { lock.unlock() }
    if !shown.isEmpty { writeError("\n") }
  }
}
