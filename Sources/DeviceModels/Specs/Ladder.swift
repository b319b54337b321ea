public import Quantities

/// How a component chooses its idle state once it has no work.
public enum IdlePolicy: String, Sendable, Hashable, CaseIterable {
  /// Steps down the ladder as each state's `after` timer expires, holding in the active state
  /// until the first one: how radios (RRC tails), flash (hibernate timers) and GPUs behave.
  case timeout
  /// Goes at idle entry straight to the deepest state whose `min_residency` fits the time until
  /// the next wake-up the OS knows of: how a CPU idle governor behaves.
  case predictive
}

/// One rung of a power-state ladder.
public struct LadderState: Sendable, Hashable {
  /// The state's name, unique in its ladder.
  public var name: String
  /// Draw while in the state.
  public var power: Power
  /// Idle time, counted from the moment the component last finished work, at which it enters
  /// this state (timeout policy only; zero for the active state).
  public var after: TimeSpan
  /// Time to return to the active state from here; work waits for it.
  public var wakeLatency: TimeSpan
  /// Draw while returning to the active state.
  public var wakePower: Power
  /// The shortest predicted idle time for which the predictive policy chooses this state.
  public var minimumResidency: TimeSpan
  /// Draw while in the state with the device's platform in its deepest state (the whole device
  /// suspended): for a part whose idle draw the platform's floor already counts, zero; by
  /// default ``power``. Never more than ``power``.
  public var suspendedPower: Power

  /// A state with every field given (`suspendedPower` by default ``power``).
  public init(
    name: String, power: Power, after: TimeSpan = .zero, wakeLatency: TimeSpan = .zero,
    wakePower: Power, minimumResidency: TimeSpan = .zero, suspendedPower: Power? = nil
  ) {
    self.name = name
    self.power = power
    self.after = after
    self.wakeLatency = wakeLatency
    self.wakePower = wakePower
    self.minimumResidency = minimumResidency
    self.suspendedPower = suspendedPower ?? power
  }
}

/// An ordered list of power states: `states[0]` is the active state, deeper states follow.
///
/// ```
///            work arrives (after the parent is awake)
///   ┌──────────────── wake_latency at wake_power ◀──────────────┐
///   ▼                                                            │
/// active ──(idle ≥ after₁)──▶ state 1 ──(idle ≥ after₂)──▶ … ──▶ deepest
///   ▲ serving ⇄ holding (idle < after₁)
/// ```
///
/// The component starts in the deepest state, as if idle for ever. See *The power-state ladder*.
public struct Ladder: Sendable, Hashable {
  /// The states, active first.
  public var states: [LadderState]
  /// How the component steps down when idle.
  public var idlePolicy: IdlePolicy

  /// A ladder; `states` must hold the active state and at least one idle state.
  public init(states: [LadderState], idlePolicy: IdlePolicy) {
    precondition(states.count >= 2, "a ladder needs an active state and an idle state")
    self.states = states
    self.idlePolicy = idlePolicy
  }

  /// The index of the deepest state, where the component starts.
  public var deepestIndex: Int { states.count - 1 }

  /// The least the component ever draws: its deepest state's power, or its power while the
  /// platform is suspended if lower. The component's floor (see *Results and accounting*).
  public var floorPower: Power {
    min(states[deepestIndex].power, states[deepestIndex].suspendedPower)
  }
}
