/// The push service's queue of low-priority pushes (see *Apps and push delivery*):
///
/// ```
///            a low push is sent                    the device is awake anyway
///   empty ─────────────────────────▶ holding ──────────────────────────────────▶ empty
///     ▲      (the device asleep)        │  (a radio out of its deepest state, the     │
///     │                                 │   display turning on) or max_delay passed   │
///     └─────────────────────────────────┴─────── all held pushes delivered ◀──────────┘
/// ```
///
/// A high-priority push is delivered at once, and a low one too when the device is awake: each
/// is an occurrence whose first step is the push's downlink. Held pushes of every low workload
/// are delivered together, in the order they were sent, when a radio leaves its deepest state
/// for another reason or the display turns on, or when `max_delay` has passed since the oldest
/// was sent (the earliest `sent + max_delay` among them). A collapsing workload keeps only its
/// latest held push; the ones it replaces count as `held`. Latency counts from when the server
/// sent the push.
///
/// Every mutable value of the push service lives here (and it is `Equatable`), so the
/// simulation state can be compared at period boundaries.
struct PushDeliveryRuntime: Equatable {
  /// A push the service holds.
  struct HeldPush: Equatable {
    var workload: Int32
    /// When the server sent it: the occurrence's due time.
    var sent: Int64
    var stepStart: Int32
    var stepEnd: Int32
  }

  /// Held pushes in the order they were sent.
  private(set) var held: [HeldPush] = []
  /// How many times ``held`` changed (a push held, or every push taken): the fast-forward
  /// compares held queues by it (see ``DeviceSimulation/visitSteadyState(_:)``).
  private(set) var changes: UInt64 = 0
  /// When the service must deliver what it holds (`Int64.max`: nothing held).
  var deadline: Int64 = .max
  /// Guards the scheduled deadline: a delivery makes it stale.
  var generation: UInt32 = 0

  /// Whether the service holds pushes.
  var isHolding: Bool { !held.isEmpty }

  /// Holds a push of `workload`, replacing its previous one when it collapses; returns whether
  /// one was replaced (and counts as held).
  mutating func hold(_ push: HeldPush, collapses: Bool, maxDelay: Int64) -> Bool {
    deadline = min(deadline, Saturating.sum(push.sent, maxDelay))
    changes &+= 1
    if collapses, let index = held.firstIndex(where: { $0.workload == push.workload }) {
      held.remove(at: index)
      held.append(push)
      return true
    }
    held.append(push)
    return false
  }

  /// The pushes of `workload` still held at the end of the run: they never reached the device.
  func heldAtEnd(of workload: Int32) -> Int {
    held.reduce(0) { $0 + ($1.workload == workload ? 1 : 0) }
  }

  /// Takes every held push, leaving the service empty.
  mutating func takeAll() -> [HeldPush] {
    let taken = held
    changes &+= 1
    held.removeAll(keepingCapacity: true)
    deadline = .max
    generation &+= 1
    return taken
  }
}
