import Synchronization
import Testing

/// The case study's `trackForMemoryLeaks`, in Swift Testing form: a suite with the `.leakChecked` trait checks, when
/// each of its tests ends, that every object its `makeSUT` tracked was released. An object still alive then is a
/// retain cycle (or a task that outlives its caller), reported where it was tracked.
struct LeakChecked: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil || !test.isSuite else { return try await function() }
    let tracker = LeakTracker()
    try await LeakTracker.$current.withValue(tracker) { try await function() }
    tracker.expectAllReleased()
  }
}

extension Trait where Self == LeakChecked {
  /// Checks that every object a test's `makeSUT` tracked (``trackForMemoryLeaks(_:sourceLocation:)``) is released
  /// when the test ends.
  static var leakChecked: Self { LeakChecked() }
}

/// Tracks `object` until the end of the current test, which must then have released it. Outside a `.leakChecked`
/// suite it records an issue instead of checking nothing.
func trackForMemoryLeaks(_ object: AnyObject, sourceLocation: SourceLocation = #_sourceLocation) {
  guard let tracker = LeakTracker.current else {
    Issue.record("trackForMemoryLeaks needs the .leakChecked trait on the suite", sourceLocation: sourceLocation)
    return
  }
  tracker.track(object, sourceLocation: sourceLocation)
}

/// The objects one test tracked, held weakly.
final class LeakTracker: Sendable {
  @TaskLocal static var current: LeakTracker?

  private struct Tracked: @unchecked Sendable {
    // @unchecked: a weak reference is only read, to see whether the object is gone.
    weak var object: AnyObject?
    let name: String
    let sourceLocation: SourceLocation
  }

  private let tracked = Mutex<[Tracked]>([])

  func track(_ object: AnyObject, sourceLocation: SourceLocation) {
    let name = String(describing: type(of: object))
    tracked.withLock { $0.append(Tracked(object: object, name: name, sourceLocation: sourceLocation)) }
  }

  func expectAllReleased() {
    for entry in tracked.withLock({ $0 }) where entry.object != nil {
      Issue.record(
        "\(entry.name) was not released when the test ended: a retain cycle, or a task that outlives its caller",
        sourceLocation: entry.sourceLocation)
    }
  }
}
