/// A ``FeedLoader`` that delivers its decoratee's feed and saves it to a ``FeedCache`` on the way.
///
/// A failed save never fails the load; a failed load saves nothing. When the calling task is cancelled nothing is
/// saved and the load throws `CancellationError`.
public struct FeedLoaderCacheDecorator: FeedLoader {
  private let decoratee: any FeedLoader
  private let cache: any FeedCache

  /// Creates a decorator that saves what `decoratee` loads into `cache`.
  ///
  /// - Parameters:
  ///   - decoratee: The loader whose feed is delivered, typically the remote.
  ///   - cache: Where a loaded feed is saved, typically the local cache.
  public init(decoratee: any FeedLoader, cache: any FeedCache) {
    self.decoratee = decoratee
    self.cache = cache
  }

  /// Loads from the decoratee and saves the feed before delivering it.
  ///
  /// - Returns: The decoratee's feed, whether or not the save succeeded.
  /// - Throws: The decoratee's error; `CancellationError` when the calling task is cancelled.
  public func load() async throws -> [FeedImage] {
    try await loadThenSave({ try await decoratee.load() }, { try await cache.save($0) })
  }
}

/// Runs `load`, then `save` with its value, ignoring save failures. Nothing is saved or delivered once the calling
/// task is cancelled.
func loadThenSave<T: Sendable>(_ load: () async throws -> T, _ save: (T) async throws -> Void) async throws -> T {
  try Task.checkCancellation()
  let value = try await load()
  try Task.checkCancellation()
  try? await save(value)
  return value
}
