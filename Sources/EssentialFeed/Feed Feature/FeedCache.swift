/// A place that keeps a feed for later, such as the local cache.
public protocol FeedCache: Sendable {
  /// Replaces whatever the cache held with `feed`.
  ///
  /// - Parameter feed: The images to keep, in order.
  /// - Throws: The cache's own error type when the feed could not be kept.
  func save(_ feed: [FeedImage]) async throws
}
