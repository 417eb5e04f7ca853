import EssentialFeed
import EssentialFeedCache
import Foundation

/// The stores a generated spec drives together: one per capability, each of them optional. They may be one store
/// that keeps several capabilities, or small stores sharing one database or directory: either way, each capability
/// must keep what it holds through the others' writes and deletes.
///
/// ```swift
/// let stores = StoreCapabilities(keptBy: MyStore())  // every protocol MyStore conforms to
/// ```
public struct StoreCapabilities: Sendable {
  /// The feed cache.
  public var feed: (any FeedStore)?
  /// The image data cache (a `LimitedFeedImageDataStore` too, when it has limits).
  public var images: (any FeedImageDataStore)?
  /// The last search.
  public var search: (any FeedSearchStore)?
  /// The page list.
  public var pages: (any FeedPageStore)?
  /// The pending like actions.
  public var pendingLikes: (any PendingLikeActionStore)?

  /// Creates the set from a store for each capability; leave out the ones you do not keep.
  ///
  /// - Parameters:
  ///   - feed: The feed cache.
  ///   - images: The image data cache.
  ///   - search: The last search.
  ///   - pages: The page list.
  ///   - pendingLikes: The pending like actions.
  public init(
    feed: (any FeedStore)? = nil, images: (any FeedImageDataStore)? = nil, search: (any FeedSearchStore)? = nil,
    pages: (any FeedPageStore)? = nil, pendingLikes: (any PendingLikeActionStore)? = nil
  ) {
    self.feed = feed
    self.images = images
    self.search = search
    self.pages = pages
    self.pendingLikes = pendingLikes
  }

  /// Every capability `store` keeps: each store protocol it conforms to.
  ///
  /// - Parameter store: A store that keeps one capability or several.
  public init(keptBy store: any Sendable) {
    self.init(
      feed: store as? any FeedStore, images: store as? any FeedImageDataStore, search: store as? any FeedSearchStore,
      pages: store as? any FeedPageStore, pendingLikes: store as? any PendingLikeActionStore)
  }

  /// How many capabilities there are.
  var count: Int {
    [feed != nil, images != nil, search != nil, pages != nil, pendingLikes != nil].filter { $0 }.count
  }

  /// The image store with limits, when the image store has them.
  var limitedImages: (any LimitedFeedImageDataStore)? {
    images as? any LimitedFeedImageDataStore
  }
}
