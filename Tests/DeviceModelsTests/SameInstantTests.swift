import DeviceModels
import Quantities
import Testing

/// The settled same-instant rules of *The power-state ladder*: a step handed on to a component that
/// finished at the same instant starts at once, whichever completion the queue hands over first;
/// steps reaching one component at one instant queue in the order their occurrences were due.
@Suite struct SameInstantTests {
  /// `g`: active 1 W; tail 0.5 W after 0 s (no wake latency); off 0 W after 0 s, waking in
  /// 10 ms at 1 W. `h`: active 1 W; off 0 W after 0 s, waking in 10 ms at 1 W.
  static var device: DeviceSpec {
    let active = Power.watts(1)
    let g = Ladder(
      states: [
        LadderState(name: "active", power: active, wakePower: active),
        Fixture.state("tail", .milliwatts(500), after: .zero, active: active),
        Fixture.state("off", .zero, after: .zero, wake: .milliseconds(10), active: active),
      ], idlePolicy: .timeout)
    let h = Fixture.twoStateLadder(
      "active", active, then: "off", .zero, after: .zero, wake: .milliseconds(10))
    return Fixture.device([
      Fixture.generic("g", g, parent: .none), Fixture.generic("h", h, parent: .none),
    ])
  }

  /// The case, with the two workloads named both ways round (so either completion at
  /// 30 ms is handed over first). By hand: `g` and `h` wake 0–10 ms; the one-step workload runs
  /// on `g` 10–30 ms, the two-step one on `h` 10–30 ms, then on `g` 30–40 ms with no second
  /// wake. `g`: 10 ms waking + 30 ms active at 1 W = 0.04 J; `h`: 10 ms waking + 20 ms active =
  /// 0.03 J; total 0.07 J; the two-step workload's latency 40 ms.
  @Test(arguments: [("a", "b"), ("b", "a")])
  func stepHandedOnAtTheInstantTheComponentFinishesDoesNotWakeItAgain(
    names: (oneStep: String, twoSteps: String)
  ) {
    let oneStep = WorkloadSpec(
      name: names.oneStep, timing: .once(at: Fixture.at(.zero)),
      work: Fixture.uses("g", for: .milliseconds(20)))
    let twoSteps = WorkloadSpec(
      name: names.twoSteps, timing: .once(at: Fixture.at(.zero)),
      work: Fixture.uses("h", for: .milliseconds(20)) + Fixture.uses("g", for: .milliseconds(10)))
    let workloads = [oneStep, twoSteps].sorted { $0.name < $1.name }
    let result = Fixture.run(Fixture.setup(Self.device, workloads, duration: .seconds(1)))
    #expect(result.component("g").wakeups == 1)
    #expect(result.component("g").energy == joules(0.04))
    #expect(result.component("h").energy == joules(0.03))
    #expect(result.energy == joules(0.07))
    #expect(result.workload(names.twoSteps).latency?.max == .milliseconds(40))
    #expect(result.workload(names.oneStep).latency?.max == .milliseconds(30))
  }

  /// Two steps reach the busy component `k` at 20 ms. The one of `a-late` (due at 5 ms; 15 ms on
  /// `h1`, scheduled at 5 ms) completes first in the queue's order; the one of `b-early` (due at
  /// 0; 10 ms on `h2`, then 10 ms on `h3`, scheduled at 10 ms) second. `k` serves `c-blocker`
  /// 0–30 ms, then the earlier-due `b-early` 30–40 ms, then `a-late` 40–50 ms: latencies 40 ms
  /// and 45 ms (first come, first served would give 50 ms and 35 ms).
  @Test func stepsReachingAComponentAtOneInstantQueueByDueTime() {
    let ladder = Fixture.twoStateLadder("active", .watts(1), then: "idle", .zero)
    let device = Fixture.device(
      ["h1", "h2", "h3", "k"].map { Fixture.generic($0, ladder, parent: .none) })
    let workloads = [
      WorkloadSpec(
        name: "a-late", timing: .once(at: Fixture.at(.milliseconds(5))),
        work: Fixture.uses("h1", for: .milliseconds(15)) + Fixture.uses("k", for: .milliseconds(10))
      ),
      WorkloadSpec(
        name: "b-early", timing: .once(at: Fixture.at(.zero)),
        work: Fixture.uses("h2", for: .milliseconds(10))
          + Fixture.uses("h3", for: .milliseconds(10))
          + Fixture.uses("k", for: .milliseconds(10))),
      WorkloadSpec(
        name: "c-blocker", timing: .once(at: Fixture.at(.zero)),
        work: Fixture.uses("k", for: .milliseconds(30))),
    ]
    let result = Fixture.run(Fixture.setup(device, workloads, duration: .seconds(1)))
    #expect(result.workload("b-early").latency?.max == .milliseconds(40))
    #expect(result.workload("a-late").latency?.max == .milliseconds(45))
    #expect(result.workload("c-blocker").latency?.max == .milliseconds(30))
  }
}
