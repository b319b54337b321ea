/// A call's packet stream (see ``CallSpec``): a packet up and a packet down every
/// ``CallSpec/packetInterval`` from the call's start, each a transfer with no round trip of its own
/// on the network at its time (waiting, like any transfer, while offline or while the radio sleeps
/// between DRX on-durations). The stream is one part of its occurrence's call step: it is done
/// when its last packet is through.
struct CallStream {
  /// The occurrence whose call step it is.
  var occurrence: Int32
  /// The program index of the call's ``StepKind/packetUp`` step (its ``StepKind/packetDown``
  /// step follows).
  var packetStep: Int32
  /// When its next packets are sent, ns.
  var nextPacket: Int64
  /// Packets each way still to send.
  var packetsLeft: Int64
  /// Packets sent and not yet through.
  var inFlight: Int32
  var isLive: Bool
  /// Guards its queued packet event: bumped when the slot ends or is reused.
  var generation: UInt32
}

extension DeviceSimulation {
  /// Starts the packet stream of the call step `step` of `occurrence`: its first packets go now.
  func startCallStream(_ occurrence: Int32, step: Int32) {
    let leader = steps[Int(step)]
    let stream = CallStream(
      occurrence: occurrence, packetStep: step + leader.threads - 1, nextPacket: now,
      packetsLeft: CallSpec.packets(lasting: leader.amount),
      inFlight: 0, isLive: true, generation: 0)
    let slot: Int
    if let free = calls.firstIndex(where: { !$0.isLive }) {
      slot = free
      let generation = calls[free].generation &+ 1
      calls[free] = stream
      calls[free].generation = generation
    } else {
      slot = calls.count
      calls.append(stream)
    }
    sendCallPackets(slot)
  }

  /// The call in slot `call` sends its next packet each way, and queues the next, unless its
  /// occurrence was cut off (its app suspended): then it sends no more.
  func sendCallPackets(_ call: Int) {
    let occurrence = calls[call].occurrence
    if occurrences[occurrence].isCutOff {
      calls[call].packetsLeft = 0
      if calls[call].inFlight == 0 { endCallStream(call) }
      return
    }
    let priority = steps[Int(calls[call].packetStep)].priority
    for offset: Int32 in [0, 1] {
      let job = jobs.insert(
        Job(occurrence: occurrence, step: calls[call].packetStep + offset, priority: priority))
      calls[call].inFlight += 1
      submitToNetwork(job, radio: -1)
    }
    calls[call].packetsLeft -= 1
    guard calls[call].packetsLeft > 0 else { return }
    calls[call].nextPacket += CallSpec.packetInterval.nanoseconds
    guard calls[call].nextPacket < endTime else { return }
    schedule(
      .callPacket(call: Int32(call), generation: calls[call].generation),
      at: calls[call].nextPacket,
      rank: EventRank.workload(occurrences[occurrence].workload))
  }

  /// A packet of `occurrence`'s call is through: with none left to send or in flight, the stream's
  /// part of the call step is done (handed on once every completion of the instant is in).
  func callPacketDone(_ occurrence: Int32) {
    guard let call = liveCall(of: occurrence) else { return }
    calls[call].inFlight -= 1
    if calls[call].inFlight == 0 && calls[call].packetsLeft == 0 { endCallStream(call) }
  }

  /// A packet of `occurrence`'s call, cut off with its app, was taken off the network before it
  /// was through.
  func callPacketCutOff(_ occurrence: Int32) {
    guard let call = liveCall(of: occurrence) else { return }
    calls[call].inFlight -= 1
  }

  /// The slot of `occurrence`'s live call stream, if it has one.
  private func liveCall(of occurrence: Int32) -> Int? {
    calls.firstIndex { $0.isLive && $0.occurrence == occurrence }
  }

  /// The calls of cut-off occurrences send no more: each stream, with its packets taken off the
  /// network, ends now, one part fewer for its occurrence (no hand-on: nothing follows a cut-off
  /// step).
  func endCutOffCalls() {
    for call in calls.indices
    where calls[call].isLive && occurrences[calls[call].occurrence].isCutOff {
      precondition(calls[call].inFlight == 0, "a cut-off call's packet left on the network")
      calls[call].packetsLeft = 0
      calls[call].isLive = false
      calls[call].generation &+= 1
      occurrences[calls[call].occurrence].partsLeft -= 1
    }
  }

  private func endCallStream(_ call: Int) {
    calls[call].isLive = false
    calls[call].generation &+= 1
    completionsThisInstant.handOns.append(calls[call].occurrence)
  }
}
