import EssentialFeed
import Foundation
import Synchronization

/// Counts the image loads a screen starts and how each ends: loaded, failed, or cancelled (its row left the screen
/// or its prefetch was no longer wanted). The loads themselves are the decoratee's.
final class ImageLoadCounter: FeedImageDataLoader, Sendable {
  struct Counts: Hashable, Sendable {
    var started = 0
    var loaded = 0
    var failed = 0
    var cancelled = 0
  }

  private let decoratee: any FeedImageDataLoader
  private let state = Mutex(Counts())

  init(decoratee: any FeedImageDataLoader) {
    self.decoratee = decoratee
  }

  var counts: Counts { state.withLock { $0 } }

  func loadImageData(from url: URL) async throws -> Data {
    state.withLock { $0.started += 1 }
    do {
      let data = try await decoratee.loadImageData(from: url)
      try Task.checkCancellation()
      state.withLock { $0.loaded += 1 }
      return data
    } catch {
      let cancelled = error is CancellationError || Task.isCancelled
      state.withLock { counts in
        if cancelled { counts.cancelled += 1 } else { counts.failed += 1 }
      }
      throw error
    }
  }
}
