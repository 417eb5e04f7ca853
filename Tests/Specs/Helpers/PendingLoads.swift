import EssentialFeed
import Foundation
import Synchronization
import TestSupport
import Testing

/// Loads that stay pending until the test completes them, one by one, and that record their cancellation.
final class PendingLoads<Value: Sendable>: Sendable {
  private struct State {
    var urls: [URL?] = []
    var continuations: [Int: CheckedContinuation<Value, any Error>] = [:]
    var cancelled: Set<Int> = []
  }

  private let state = Mutex(State())
  private let changes: StateChanges

  /// Creates pending loads that report their changes to `changes`, which the test may share with other spies.
  init(changes: StateChanges = StateChanges()) {
    self.changes = changes
  }

  /// The URL of every load requested, in order (`nil` for feed loads).
  var requests: [URL?] { state.withLock { $0.urls } }
  /// The indices of the loads that were cancelled.
  var cancelledRequests: Set<Int> { state.withLock { $0.cancelled } }

  func load(_ url: URL?) async throws -> Value {
    let index = state.withLock {
      $0.urls.append(url)
      return $0.urls.count - 1
    }
    changes.changed()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelledAlready = state.withLock {
          if $0.cancelled.contains(index) { return true }
          $0.continuations[index] = continuation
          return false
        }
        changes.changed()
        if cancelledAlready { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = state.withLock {
        $0.cancelled.insert(index)
        return $0.continuations.removeValue(forKey: index)
      }
      changes.changed()
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Completes load number `index` with `result`; waits until that load is pending.
  func complete(
    _ index: Int = 0, with result: Result<Value, any Error>, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await changes.wait(for: "load \(index) to be pending", sourceLocation: sourceLocation) {
      state.withLock { $0.continuations[index] != nil }
    }
    let continuation = state.withLock { $0.continuations.removeValue(forKey: index) }
    continuation?.resume(with: result)
  }

  /// Suspends until `count` loads were requested.
  func waitForRequests(count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await changes.wait(for: "\(count) load requests", sourceLocation: sourceLocation) {
      requests.count >= count
    }
  }

  /// Suspends until exactly the loads at `indices` were cancelled.
  func waitForCancellation(of indices: Set<Int>, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await changes.wait(for: "loads \(indices.sorted()) to be cancelled", sourceLocation: sourceLocation) {
      cancelledRequests == indices
    }
  }
}

final class PendingFeedLoader: FeedLoader {
  let loads: PendingLoads<[FeedImage]>
  init(changes: StateChanges = StateChanges()) { loads = PendingLoads(changes: changes) }
  func load() async throws -> [FeedImage] { try await loads.load(nil) }
}

final class PendingImageDataLoader: FeedImageDataLoader {
  let loads: PendingLoads<Data>
  init(changes: StateChanges = StateChanges()) { loads = PendingLoads(changes: changes) }
  func loadImageData(from url: URL) async throws -> Data { try await loads.load(url) }
}
