import Quantities
import Testing

@testable import DeviceModels

/// The apps' held occurrences and the sum of their due times the fast-forward's fingerprint reads.
@Suite struct HeldOccurrenceSumTests {
  /// Holding, replacing and letting go: the sum is the due times held at each step, added by hand,
  /// and two runtimes holding the same occurrences in another order are equal.
  @Test func theSumIsTheDueTimesHeld() {
    let app = AppSpec(
      name: "mail", foreground: [], backgroundTime: .seconds(30), timerLeeway: .zero)
    var apps = AppLifecycleRuntime(specs: [app], workloadCount: 3)
    func held(_ due: Int64) -> AppLifecycleRuntime.HeldOccurrence {
      AppLifecycleRuntime.HeldOccurrence(due: due, stepStart: 0, stepEnd: 1, deadline: .max)
    }
    #expect(apps.heldDueSum == 0)
    apps.hold(held(5_000), for: 0)
    apps.hold(held(7_000), for: 2)
    #expect(apps.heldDueSum == 12_000)
    apps.hold(held(9_000), for: 0)
    #expect(apps.heldDueSum == 16_000)
    apps.hold(AppLifecycleRuntime.HeldOccurrence(), for: 2)
    #expect(apps.heldDueSum == 9_000)
    var other = AppLifecycleRuntime(specs: [app], workloadCount: 3)
    other.hold(held(1_000), for: 2)
    other.hold(held(9_000), for: 0)
    other.hold(AppLifecycleRuntime.HeldOccurrence(), for: 2)
    #expect(other == apps)
    apps.hold(AppLifecycleRuntime.HeldOccurrence(), for: 0)
    #expect(apps.heldDueSum == 0)
  }
}
