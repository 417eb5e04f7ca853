import EssentialFeed
import Foundation
import Synchronization
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
    defer {
      state.withLock {
        $0.running[key, default: 1] -= 1
        $0.runningInAll -= 1
      }
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        state.withLock { $0.pending[index] = continuation }
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
    return true
  }

  private func cancel(_ index: Int) {
    state.withLock { $0.pending.removeValue(forKey: index) }?.resume(throwing: CancellationError())
  }
}

/// Waits, polling every millisecond for up to 5 seconds, until `condition` holds: for spies that report no changes.
func waitUntil(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
  for _ in 0..<5_000 {
    if condition() { return }
    try await Task.sleep(for: .milliseconds(1))
  }
  Issue.record("the condition never held", sourceLocation: sourceLocation)
}
