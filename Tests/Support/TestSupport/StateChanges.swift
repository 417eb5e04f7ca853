import Foundation
import Synchronization
import Testing

/// Wakes the tests waiting on some state each time that state changes, so tests wait without polling.
///
/// The object that owns the state calls ``changed()`` after every change; a test calls
/// ``wait(for:timeout:isolation:sourceLocation:until:)``, which re-checks its condition after each change. A
/// condition that never holds records an issue at the caller's line naming what was awaited, instead of hanging.
public final class StateChanges: Sendable {
  private struct State {
    var version = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  /// Thrown after the issue is recorded, so the test stops at the wait that timed out.
  public struct TimedOut: Error {}

  private let state = Mutex(State())

  /// Creates a record of changes with no waiter.
  public init() {}

  /// Wakes every waiter to check its condition again.
  @Sendable public func changed() {
    let waiters = state.withLock { state in
      state.version += 1
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// The number of changes so far: pass it to ``change(after:)``.
  public var version: Int { state.withLock { $0.version } }

  /// Suspends until a change after `version` (at once when there was one already): for conditions that must be
  /// checked asynchronously, such as a terminal's screen, which the caller reads again after each change.
  public func change(after version: Int) async {
    await withCheckedContinuation { continuation in
      let changedSince = state.withLock { state in
        guard state.version == version else { return true }
        state.waiters.append(continuation)
        return false
      }
      if changedSince { continuation.resume() }
    }
  }

  /// Suspends until `condition` holds, checking it now and after each change, in the caller's isolation.
  ///
  /// - Parameters:
  ///   - what: What the test waits for, in the words of the failure message.
  ///   - timeout: How long before giving up: an hour, since it only bounds a test that would otherwise hang (a minute,
  ///     then five, were seen to pass on a loaded two-core machine while a wait was about to be met: TRM-36's End on
  ///     10,000 rows beside CI's builds); the verdict is the condition, never the time it took.
  ///   - sourceLocation: Where the issue is recorded when the wait times out.
  ///   - condition: The state the test waits for.
  public func wait(
    for what: @autoclosure () -> String,
    timeout: Duration = .seconds(3_600),
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    until condition: () -> Bool
  ) async throws {
    if condition() { return }
    let deadline = ContinuousClock.now + timeout
    let alarm = Task { [weak self] in
      try? await Task.sleep(until: deadline)
      self?.changed()
    }
    defer { alarm.cancel() }
    while true {
      let version = state.withLock { $0.version }
      if condition() { return }
      guard ContinuousClock.now < deadline else {
        Issue.record("Timed out after \(timeout) waiting for \(what())", sourceLocation: sourceLocation)
        throw TimedOut()
      }
      await change(after: version)
    }
  }
}
