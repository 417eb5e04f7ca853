import Testing

/// The leak check every `makeSUT` calls can fail: an object kept alive is reported, and a check with no suite to run
/// it says so.
@Suite("The leak check of makeSUT")
struct LeakCheckSpecs {
  @Test("SS-58 an object still alive when its test ends is reported where it was tracked; a released one is not")
  func reportsAnObjectKeptAlive() {
    let tracker = LeakTracker()
    var cycle: Cycle? = Cycle()
    cycle?.me = cycle
    if let cycle { tracker.track(cycle, sourceLocation: #_sourceLocation) }
    tracker.track(Cycle(), sourceLocation: #_sourceLocation)

    withKnownIssue {
      tracker.expectAllReleased()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("Cycle was not released when the test ended") }
    }
    cycle?.me = nil
    cycle = nil
    tracker.expectAllReleased()
  }

  @Test("SS-58 tracking outside a leak-checked suite records an issue instead of checking nothing")
  func trackingOutsideTheTraitSaysSo() {
    withKnownIssue {
      trackForMemoryLeaks(Cycle())
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("needs the .leakChecked trait") }
    }
  }
}

private final class Cycle {
  var me: Cycle?
}
