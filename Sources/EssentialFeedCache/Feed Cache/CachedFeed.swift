import Foundation

/// What a ``FeedStore`` holds: a feed and the moment it was cached.
public struct CachedFeed: Hashable, Sendable {
  /// The cached images, in the order they were inserted.
  public let feed: [LocalFeedImage]
  /// When the feed was cached, to the precision the caller gave.
  public let timestamp: Date

  /// Creates a cached feed.
  ///
  /// - Parameters:
  ///   - feed: The cached images, in order.
  ///   - timestamp: When the feed was cached.
  public init(feed: [LocalFeedImage], timestamp: Date) {
    self.feed = feed
    self.timestamp = timestamp
  }
}
