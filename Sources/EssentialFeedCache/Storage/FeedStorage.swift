import EssentialFeed
import Foundation

/// Every store a composition root needs, described once as one value, in the style of Nuke's
/// `ImagePipeline.Configuration`: a preset makes it (``inMemory(imageLimits:currentDate:)`` here; `sqlite(in:)` and
/// `fileSystem(in:)` in EssentialFeedSQLite; ``Kind`` names the persistent ones for an app to offer), or a store of
/// your own takes the place of any of them through ``init(feed:search:pages:pendingLikes:likedList:images:close:repairs:)``.
///
/// Each store is a small type of its own, one capability each; the stores of one preset share one backend handle (a
/// database, a directory), opened on their first operation. Nothing is opened by making the value.
public struct FeedStorage: Sendable {
  /// The cached feed.
  public let feed: any FeedStore
  /// The last search's results.
  public let search: any FeedSearchStore
  /// The page list a window over the feed reads.
  public let pages: any FeedPageStore
  /// The likes and unlikes not yet sent.
  public let pendingLikes: any RecoverablePendingLikeActionStore
  /// The liked list the server sent last: a feed of its own.
  public let likedList: any FeedStore
  /// The image cache, within its limits.
  public let images: any LimitedFeedImageDataStore
  private let closing: @Sendable () async -> Void
  /// How the storage's files heal (see ``repair()``).
  let repairs: Repairs

  /// Storage of the stores given.
  ///
  /// - Parameters:
  ///   - feed: The cached feed's store.
  ///   - search: The last search's store.
  ///   - pages: The page list's store.
  ///   - pendingLikes: The pending likes' store.
  ///   - likedList: The liked list's store: not `feed`, or the two lists would replace each other.
  ///   - images: The image cache.
  ///   - close: Closes what the stores opened (``close()``); by default nothing.
  ///   - repairs: How the stores' files heal (``repair()``); by default there is nothing to repair.
  public init(
    feed: any FeedStore, search: any FeedSearchStore, pages: any FeedPageStore,
    pendingLikes: any RecoverablePendingLikeActionStore, likedList: any FeedStore,
    images: any LimitedFeedImageDataStore, close: @escaping @Sendable () async -> Void = {},
    repairs: Repairs = .none
  ) {
    (self.feed, self.search, self.pages, self.pendingLikes) = (feed, search, pages, pendingLikes)
    (self.likedList, self.images, closing, self.repairs) = (likedList, images, close, repairs)
  }

  /// Closes every file and database the stores opened: no I/O is left to their release (a store does none in
  /// `deinit`). Call it when a command ends, after `images.flush()` when the image cache's order of use should be
  /// saved (without it, the reads since the last write are not: eviction is less exact, no data is lost). A store
  /// used after it opens its backend again.
  public func close() async {
    await closing()
  }

  /// Every store in memory: one ``InMemoryFeedStore`` for all but the liked list, which has its own. For previews,
  /// tests and an app that keeps nothing across launches.
  ///
  /// - Parameters:
  ///   - imageLimits: The limits image data is kept within; `nil` (the default) keeps every image.
  ///   - currentDate: The clock the limits' maximum age reads.
  public static func inMemory(
    imageLimits: ImageCacheLimits? = nil, currentDate: @escaping @Sendable () -> Date = Date.init
  ) -> FeedStorage {
    let store = InMemoryFeedStore(imageLimits: imageLimits, currentDate: currentDate)
    return FeedStorage(
      feed: store, search: store, pages: store, pendingLikes: store, likedList: InMemoryFeedStore(), images: store)
  }
}
