/// One state of the feed as a local-first load delivers it: the images and where they came from.
public struct FeedSnapshot: Hashable, Sendable {
  /// Where a snapshot's images came from.
  public enum Origin: Hashable, Sendable {
    /// The local cache, shown at once while the remote loads.
    case cache
    /// A fresh remote load, already saved to the cache.
    case remote
  }

  /// The images, in order.
  public let feed: [FeedImage]
  /// Where the images came from.
  public let origin: Origin

  /// Creates a snapshot.
  ///
  /// - Parameters:
  ///   - feed: The images, in order.
  ///   - origin: Where the images came from.
  public init(feed: [FeedImage], origin: Origin) {
    self.feed = feed
    self.origin = origin
  }
}
