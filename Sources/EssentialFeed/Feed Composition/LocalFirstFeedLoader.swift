/// Loads the feed local-first: the cache is shown at once, then replaced by the fresh remote feed, which is saved.
///
/// The local store is the single source of truth the UI shows first. ``snapshots()`` delivers:
/// 1. the cached feed, tagged ``FeedSnapshot/Origin/cache``, when the local loader delivers a non-empty (valid) feed;
/// 2. the remote feed, tagged ``FeedSnapshot/Origin/remote``, after saving it to the cache (a failed save does not
///    stop it); then the sequence finishes.
///
/// If the remote load fails, the sequence ends with the remote's error; a cached snapshot already delivered stands.
/// A local failure counts as no cache. Ending the iteration (or cancelling its task) cancels the loads in flight.
public struct LocalFirstFeedLoader: Sendable {
  private let local: any FeedLoader
  private let remote: any FeedLoader
  private let cache: any FeedCache

  /// Creates a local-first loader.
  ///
  /// - Parameters:
  ///   - local: The cache loader, whose non-empty feed is shown first.
  ///   - remote: The remote loader, whose feed replaces it.
  ///   - cache: Where the remote feed is saved.
  public init(local: any FeedLoader, remote: any FeedLoader, cache: any FeedCache) {
    self.local = local
    self.remote = remote
    self.cache = cache
  }

  /// The feed's snapshots: the cache at once (if valid), then the remote feed.
  ///
  /// - Returns: A sequence of at most two snapshots that ends with the remote's error when the remote fails, or with
  ///   `CancellationError` when cancelled.
  public func snapshots() -> AsyncThrowingStream<FeedSnapshot, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: FeedSnapshot.self)
    let task = Task { [local, remote, cache] in
      do {
        if let cached = try? await local.load(), !cached.isEmpty {
          try Task.checkCancellation()
          continuation.yield(FeedSnapshot(feed: cached, origin: .cache))
        }
        let fresh = try await loadThenSave({ try await remote.load() }, { try await cache.save($0) })
        continuation.yield(FeedSnapshot(feed: fresh, origin: .remote))
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}
