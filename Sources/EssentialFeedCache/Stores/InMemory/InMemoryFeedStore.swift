import EssentialFeed
import Foundation

/// A store that keeps the feed, image data, the last search and the paged list in memory, for tests, previews and apps that need no persistence.
///
/// An actor whose operations never suspend, so each one is atomic and every history is linearizable. Image data is
/// keyed by the URL's whole `absoluteString`.
public actor InMemoryFeedStore: FeedStore, LimitedFeedImageDataStore {
  private var cache: CachedFeed?
  private var images = ImageEntries<String, Data>()
  private let imageLimits: ImageCacheLimits?
  private let currentDate: @Sendable () -> Date
  var search: CachedFeedSearch?
  /// The page list, with each id's position: a cursor is found at once.
  var pages = PageList()
  /// Each image's pending action, in the order they were stored: one lookup per change, not a scan.
  var pendingLikes = PendingLikeQueue()

  /// Creates an empty store.
  ///
  /// - Parameters:
  ///   - imageLimits: The limits image data is kept within; `nil` (the default) keeps every image.
  ///   - currentDate: The clock the limits' maximum age reads.
  public init(imageLimits: ImageCacheLimits? = nil, currentDate: @escaping @Sendable () -> Date = Date.init) {
    self.imageLimits = imageLimits
    self.currentDate = currentDate
  }

  /// Deletes the cached feed, if any; image data is kept.
  public func deleteCachedFeed() {
    cache = nil
  }

  /// Replaces the cached feed with `feed` and `timestamp`.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    cache = CachedFeed(feed: feed, timestamp: timestamp)
  }

  /// Replaces the cached feed in one step, as ``insert(_:timestamp:)`` does.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  public func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) {
    insert(feed, timestamp: timestamp)
  }

  /// Retrieves the cached feed.
  ///
  /// - Returns: The cached feed, or `nil` when empty.
  public func retrieve() -> CachedFeed? {
    cache
  }

  /// Stores `data` for `url`, replacing what was stored for it; with limits, then removes the least recently used
  /// images until the total is within them.
  ///
  /// - Parameters:
  ///   - data: The image's bytes.
  ///   - url: The image's URL.
  /// - Throws: ``ImageTooLargeError`` when `data` alone exceeds the limit; nothing changes then.
  public func insert(_ data: Data, for url: URL) throws(ImageTooLargeError) {
    try images.insert(data, size: data.count, for: url.absoluteString, stored: currentDate(), limits: imageLimits)
  }

  /// Retrieves the data stored for `url`, recording the use; with limits, an expired image is removed and is a miss.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The data, or `nil` when nothing is stored for exactly this URL.
  public func retrieve(dataForURL url: URL) -> Data? {
    images.retrieve(url.absoluteString, at: currentDate(), limits: imageLimits)
  }

  /// The bytes of image data stored.
  public func storedImageDataSize() -> Int {
    images.total
  }

  /// Deletes every image's data.
  public func deleteAllImageData() {
    images.removeAll()
  }
}
