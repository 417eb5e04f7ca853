import EssentialFeed
import Foundation
import Synchronization
import TestSupport
import Testing

/// Image loads that stay pending until the test completes them, counting the loads of each URL running at once.
final class ControlledImageLoads: FeedImageDataLoader {
  private struct State {
    var urls: [URL] = []
    var pending: [Int: CheckedContinuation<Data, any Error>] = [:]
    var running: [String: Int] = [:]
    var mostRunningAtOnce = 0
    var runningInAll = 0
    var mostRunningInAll = 0
  }

  private let state = Mutex(State())
  /// Told of every load started, completed or cancelled: tests wait on it instead of polling.
  let changes: StateChanges

  /// Creates loads that report their changes to `changes`, which the test may share with the system under test.
  init(changes: StateChanges = StateChanges()) {
    self.changes = changes
  }

  /// The URL of every load started, in order.
  var requests: [URL] { state.withLock { $0.urls } }
  /// The indices of the loads waiting for the test.
  var pendingLoads: [Int] { state.withLock { $0.pending.keys.sorted() } }
  /// The most loads of one URL that ran at the same time.
  var mostRunningAtOnce: Int { state.withLock { $0.mostRunningAtOnce } }
  /// The most loads of any URLs that ran at the same time.
  var mostRunningInAll: Int { state.withLock { $0.mostRunningInAll } }

  func loadImageData(from url: URL) async throws -> Data {
    let key = url.absoluteString
    let index = state.withLock { state in
      state.urls.append(url)
      state.running[key, default: 0] += 1
      state.mostRunningAtOnce = max(state.mostRunningAtOnce, state.running[key, default: 0])
      state.runningInAll += 1
      state.mostRunningInAll = max(state.mostRunningInAll, state.runningInAll)
      return state.urls.count - 1
    }
    changes.changed()
    defer {
      state.withLock {
        $0.running[key, default: 1] -= 1
        $0.runningInAll -= 1
      }
      changes.changed()
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        state.withLock { $0.pending[index] = continuation }
        changes.changed()
        if Task.isCancelled { cancel(index) }
      }
    } onCancel: {
      cancel(index)
    }
  }

  /// Completes load `index` with `result`, if it is still pending; `true` when it was.
  @discardableResult
  func complete(_ index: Int, with result: Result<Data, any Error>) -> Bool {
    guard let continuation = state.withLock({ $0.pending.removeValue(forKey: index) }) else { return false }
    continuation.resume(with: result)
    changes.changed()
    return true
  }

  /// Suspends until `condition` holds, re-checking it after every change of the loads.
  func wait(
    for what: @autoclosure () -> String, isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation, until condition: () -> Bool
  ) async throws {
    try await changes.wait(for: what(), isolation: isolation, sourceLocation: sourceLocation, until: condition)
  }

  private func cancel(_ index: Int) {
    state.withLock { $0.pending.removeValue(forKey: index) }?.resume(throwing: CancellationError())
    changes.changed()
  }
}
