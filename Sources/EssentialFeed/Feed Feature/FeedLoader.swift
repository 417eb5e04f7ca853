/// A source of the feed: remote, cache, or any composition of them.
///
/// Implementations honour cooperative cancellation: when the calling task is cancelled, `load()` throws
/// `CancellationError` and delivers neither images nor a domain error.
public protocol FeedLoader: Sendable {
  /// Loads the current feed.
  ///
  /// - Returns: The feed's images in the order the source gives them; an empty array is a valid empty feed.
  /// - Throws: The source's own error type on failure, or `CancellationError` when the calling task is cancelled.
  func load() async throws -> [FeedImage]
}
