import Quantities
import SimulationEngine

/// What one radio's network offers right now (see *Radios*): bandwidths, round-trip time,
/// whether there is a network at all, and the draw of its transfers at the current signal level.
struct LinkQuality: Equatable {
  /// Bandwidths in whole bits per second (the decoded rate, rounded to the nearest bit/s; at
  /// least 1, as the decoder checks): the unit the shared link counts in.
  var downlinkBits: Int64
  var uplinkBits: Int64
  /// Round-trip time of a transfer starting now, ns.
  var roundTripTime: Int64
  /// Whether the radio has a network; without one, transfers wait and those in flight stall.
  var isOnline: Bool
  /// Draw (nW) while the link carries transfers but no data flows (round trips, or stalled
  /// while offline): the transfer power's base.
  var roundTripPower: Int64
  /// Draw (nW) while data flows down only, up only, and both ways.
  var downPower: Int64
  var upPower: Int64
  var bothPower: Int64

  /// The quality of `spec`'s network with a spell's overrides (`nil`: the radio's own) at
  /// `signal`: the transfer power is `(base + per_mbit_down × down + per_mbit_up × up) × factor`
  /// for the directions with data flowing, computed once, exactly, from the integer rates (bit/s)
  /// and the signal level's factor (in millionths), and rounded once to the nearest nW (see the
  /// article *Radios*); at most ``Saturating/largestPower``.
  init(
    spec: RadioSpec, downlink: DataRate? = nil, uplink: DataRate? = nil,
    roundTripTime: TimeSpan? = nil, signal: SignalLevel = .good, isOnline: Bool = true
  ) {
    downlinkBits = Self.bits(downlink ?? spec.downlink)
    uplinkBits = Self.bits(uplink ?? spec.uplink)
    self.roundTripTime = (roundTripTime ?? spec.roundTripTime).nanoseconds
    self.isOnline = isOnline
    let factor = Int128((spec.signalPower[signal] * 1e6).rounded())
    // Powers in millionths of a nW (a per-Mbit/s power times bit/s), each scaled by the factor
    // in millionths and rounded once.
    func power(_ millionths: Int128) -> Int64 {
      let (scaled, overflow) = millionths.multipliedReportingOverflow(by: factor)
      guard !overflow else { return Saturating.largestPower }
      let rounded = (scaled + 500_000_000_000) / 1_000_000_000_000
      return Int64(min(rounded, Int128(Saturating.largestPower)))
    }
    switch spec.transferPower {
    case .constant(let constant):
      roundTripPower = power(Int128(constant.nanowatts) * 1_000_000)
      downPower = roundTripPower
      upPower = roundTripPower
      bothPower = roundTripPower
    case .throughput(let base, let perMbitDown, let perMbitUp):
      let baseTerm = Int128(base.nanowatts) * 1_000_000
      let downTerm = Int128(perMbitDown.nanowatts) * Int128(downlinkBits)
      let upTerm = Int128(perMbitUp.nanowatts) * Int128(uplinkBits)
      roundTripPower = power(baseTerm)
      downPower = power(baseTerm + downTerm)
      upPower = power(baseTerm + upTerm)
      bothPower = power(baseTerm + downTerm + upTerm)
    }
  }

  /// `rate` in whole bits per second, rounded to the nearest (the decoder refuses a network rate
  /// that rounds to 0 bit/s).
  static func bits(_ rate: DataRate) -> Int64 {
    let bits = (rate.bytesPerSecond * 8).rounded()
    precondition(bits >= 1, "a network rate below 1 bit/s")
    return bits >= 0x1p62 ? 1 << 62 : Int64(bits)
  }
}

/// One spell of `environment.network`, resolved for the run.
struct NetworkSpell {
  /// The radio that carries the network, or -1 when offline.
  var node: Int32
  var downlink: DataRate?
  var uplink: DataRate?
  var roundTripTime: TimeSpan?
  var signal: SignalLevel
}

/// Network quality over time (see *Radios*): the spells of `environment.network` and what each
/// radio's network offers now.
///
/// The spell's radio gets the spell's bandwidths, round-trip time and signal; every other radio has
/// its own figures at a good signal. An offline spell takes every radio's network away: transfers
/// that start wait in ``waitingForNetwork`` until a spell names a radio (then they join the queue
/// of the radio their `via` names, or of the network's) — and transfers in flight pause with their
/// progress kept (``SharedLinkRuntime/paused``), the radio leaving its transfer power to follow its
/// ladder as if idle, until a network is back: then the radio wakes for them (a promotion from
/// idle) and they resume with what they had left. The changes come from the environment's timeline
/// (see ``EnvironmentRuntime``); ``DeviceSimulation/networkSpellStarted(_:)`` applies them.
struct NetworkQualityRuntime {
  /// The spells, in time order.
  var spells: [NetworkSpell] = []
  /// Each link's quality now (indexed like the simulation's `links`).
  var quality: [LinkQuality] = []
  /// Whether the current spell is offline.
  var isOffline = false
  /// Transfers that started while offline, in the order they started (jobs).
  var waitingForNetwork = RingBuffer<Int32>(minimumCapacity: 4)

  init() {}

  /// The spells of `setup` and each link's initial quality (the radio's own: the first spell is
  /// applied at time 0 like every change).
  init(
    setup: SimulationSetup, radioNode: [String: Int32], links: [SharedLinkRuntime],
    specs: [Int32: RadioSpec]
  ) {
    spells = setup.environment.network.map { interval in
      NetworkSpell(
        node: interval.radio.map { radioNode[$0] ?? -1 } ?? -1, downlink: interval.downlink,
        uplink: interval.uplink, roundTripTime: interval.roundTripTime,
        signal: interval.signal ?? .good)
    }
    quality = links.map { link in
      guard let spec = specs[link.node] else { preconditionFailure("a link without a radio") }
      return LinkQuality(spec: spec)
    }
  }
}

extension DeviceSimulation {
  /// Spell `index` of `environment.network` starts: the network's radio and every link's quality
  /// change; a link whose quality changes is brought up to now at the old quality and re-timed at
  /// the new one (its transfers' remaining bytes go at the new rate). Back from an offline spell,
  /// waiting transfers start.
  func networkSpellStarted(_ index: Int) {
    let spell = network.spells[index]
    let signal = spell.node >= 0 ? spell.signal : .good
    let isChange =
      spell.node != environment.currentNetworkNode || signal != environment.networkSignal
    environment.currentNetworkNode = spell.node
    environment.networkSignal = signal
    environment.networkIsWiFi = spell.node >= 0 && radioSpecs[spell.node]?.technology == .wifi
    let wasOffline = network.isOffline
    network.isOffline = spell.node < 0
    for link in links.indices {
      let node = links[link].node
      guard let spec = radioSpecs[node] else { continue }
      let quality =
        spell.node == node
        ? LinkQuality(
          spec: spec, downlink: spell.downlink, uplink: spell.uplink,
          roundTripTime: spell.roundTripTime, signal: spell.signal)
        : LinkQuality(spec: spec, isOnline: spell.node >= 0)
      guard quality != network.quality[link] else { continue }
      advanceLink(link)
      let wasOnline = network.quality[link].isOnline
      network.quality[link] = quality
      if !quality.isOnline {
        pauseTransfers(link)
      } else if links[link].isCarrying {
        settleLink(link)
      }
      // An idle radio with a scanning power starts or stops searching for a network.
      let phase = nodes[Int(node)].phase
      if links[link].scanningPower >= 0, wasOnline != quality.isOnline,
        phase == .idle || phase == .waitingForParent
      {
        recordChange(Int(node))
      }
    }
    if wasOffline && spell.node >= 0 {
      // The transfers that waited, in the order they started, join their radio's queue — the
      // radio their `via` names, else the network's — then every radio wakes for, or starts, what
      // it has: highest QoS first, whichever way its transfers named it.
      while let job = network.waitingForNetwork.popFirst() {
        let named = steps[Int(jobs[job].step)].node
        queueTransfer(job, on: Int(named >= 0 ? named : spell.node))
      }
      for link in links.indices { startQueuedTransfers(Int(links[link].node)) }
    }
    deferralCheckPending = true
    if isChange { systemEventOccurred(.networkChange) }
  }
}
