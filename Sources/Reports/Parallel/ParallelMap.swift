import Dispatch
import Foundation

/// Runs independent jobs on several threads and returns their results in index order, so the
/// output never depends on how many threads ran or which finished first.
///
/// The jobs must not share mutable state: each simulation builds its own engine, ledger and
/// random streams from a value-type setup, so runs of different scenarios are independent.
///
/// `ParallelMap` does not cancel a job once started: when a job throws, the threads stop taking
/// new indices and the error of the lowest failing index is thrown. Because threads take
/// indices in increasing order, every index below a failing one has been taken and finishes,
/// so that error is the same whatever the number of threads.
public enum ParallelMap {
  /// The number of threads to use by default: every active processor.
  public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// `body(0) … body(count − 1)`, run on up to `jobs` threads, in index order.
  ///
  /// `progress`, if given, is called after each job with the number of jobs finished so far;
  /// calls never overlap (they happen under a lock), and the counts increase one by one.
  ///
  /// - Complexity: O(`count`) calls of `body`, spread over `min(jobs, count)` threads.
  public static func map<Value: Sendable, Failure: Error>(
    count: Int, jobs: Int, progress: (@Sendable (Int) -> Void)? = nil,
    _ body: @Sendable (Int) throws(Failure) -> Value
  ) throws(Failure) -> [Value] {
    precondition(count >= 0 && jobs >= 1, "a parallel map needs a count ≥ 0 and jobs ≥ 1")
    let state = SharedState<Value, Failure>(count: count)
    let threads = min(jobs, count)
    guard threads > 1 else {
      for index in 0..<count {
        state.store(
          Result { () throws(Failure) -> Value in try body(index) }, at: index, progress: progress)
        if state.hasFailed { break }
      }
      return try state.results()
    }
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      while let index = state.nextIndex() {
        state.store(
          Result { () throws(Failure) -> Value in try body(index) }, at: index, progress: progress)
      }
    }
    return try state.results()
  }
}

/// The work queue and result slots shared by the threads of one ``ParallelMap/map(count:jobs:progress:_:)``.
private final class SharedState<Value: Sendable, Failure: Error>: @unchecked Sendable {
  private let lock = NSLock()
  private let count: Int
  private var next = 0
  private var finished = 0
  private var slots: [Result<Value, Failure>?]
  private var failed = false

  init(count: Int) {
    self.count = count
    slots = Array(repeating: nil, count: count)
  }

  /// The next index to run, or `nil` when every index is taken or a job has failed.
  func nextIndex() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < count, !failed else { return nil }
    next += 1
    return next - 1
  }

  /// Whether a job has failed.
  var hasFailed: Bool {
    lock.lock()
    defer { lock.unlock() }
    return failed
  }

  /// Stores a job's outcome and reports progress, under the lock, so reports never overlap and
  /// their counts increase one by one.
  func store(
    _ outcome: Result<Value, Failure>, at index: Int, progress: (@Sendable (Int) -> Void)?
  ) {
    lock.lock()
    defer { lock.unlock() }
    slots[index] = outcome
    if case .failure = outcome { failed = true }
    finished += 1
    progress?(finished)
  }

  /// Every value in index order, or the error of the lowest failing index.
  func results() throws(Failure) -> [Value] {
    lock.lock()
    defer { lock.unlock() }
    var values: [Value] = []
    values.reserveCapacity(count)
    for slot in slots {
      switch slot {
      case .success(let value)?: values.append(value)
      case .failure(let error)?: throw error
      case nil: preconditionFailure("a parallel job neither finished nor failed")
      }
    }
    return values
  }
}
