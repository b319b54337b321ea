import Testing

@testable import DeviceModels

/// Every byte of a workload's runtime is 100 KB of a run of 100,000 workloads, and every cache
/// line of it an event reads is a miss (see `WorkloadRuntime`): its size and where the fields an
/// arrival reads lie are pinned here, so that a field added or moved is seen.
@Suite struct WorkloadLayoutTests {
  @Test func theRuntimeKeepsItsSize() {
    #expect(MemoryLayout<WorkloadRuntime>.size == 243)
    #expect(MemoryLayout<WorkloadRuntime>.stride == 248)
    // The recorder's flag is its last byte, so that what follows it packs into its last word.
    #expect(MemoryLayout<LatencyRecorder>.size == 33)
    #expect(MemoryLayout<WorkloadStats>.size == 89)
  }

  @Test func whatAnArrivalReadsComesFirst() {
    typealias Layout = MemoryLayout<WorkloadRuntime>
    let firstWord: [(String, Int?)] = [
      ("onlyWhenVisible", Layout.offset(of: \.onlyWhenVisible)),
      ("isKnownWakeUp", Layout.offset(of: \.isKnownWakeUp)),
      ("frameInCPUStage", Layout.offset(of: \.frameInCPUStage)),
    ]
    for (name, offset) in firstWord { #expect((offset ?? .max) < 64, "\(name)") }
    let beforeTheCounters: [(String, Int?)] = [
      ("nextIndex", Layout.offset(of: \.nextIndex)),
      ("pendingDue", Layout.offset(of: \.pendingDue)),
      ("programEnd", Layout.offset(of: \.programEnd)),
      ("inFlight", Layout.offset(of: \.inFlight)),
      ("animationSlot", Layout.offset(of: \.animationSlot)),
      ("debounceSlot", Layout.offset(of: \.debounceSlot)),
    ]
    for (name, offset) in beforeTheCounters { #expect((offset ?? .max) < 152, "\(name)") }
    #expect(Layout.offset(of: \.stats) == 152)
  }
}
