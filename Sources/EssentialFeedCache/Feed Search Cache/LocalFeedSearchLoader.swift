import EssentialFeed
import Foundation

/// The cache side of keyword search: the last search's results while they are valid by the feed's cache policy,
/// and the place where each page of a search is saved.
public struct LocalFeedSearchLoader: Sendable {
  private let store: any FeedSearchStore
  private let currentDate: @Sendable () -> Date

  /// Creates a loader over `store`, with the clock the cache policy reads.
  public init(store: any FeedSearchStore, currentDate: @escaping @Sendable () -> Date) {
    self.store = store
    self.currentDate = currentDate
  }

  /// The cached results for `keyword`: when the search kept is for the same keyword, compared without case and
  /// surrounding whitespace, and is less than seven days old; `nil` otherwise.
  ///
  /// - Throws: The store's error.
  public func load(keyword: String) async throws -> [FeedImage]? {
    guard let search = try await store.retrieveFeedSearch(),
      Self.sameKeyword(search.keyword, keyword),
      FeedCachePolicy.validate(search.timestamp, against: currentDate())
    else { return nil }
    return search.results
  }

  /// Validate Search Cache: reads the last search, and deletes it when it cannot be read. A search does not expire
  /// (it is asked again online), so one that reads is kept.
  ///
  /// - Returns: What it did, for an app to say.
  /// - Throws: The store's deletion error; `CancellationError` when the task is cancelled before validation starts.
  @discardableResult
  public func validateSearch() async throws -> CachePartValidation {
    try await CachePartValidation.run(
      count: { try await store.retrieveSearch()?.results.count ?? 0 }, delete: { try await store.deleteSearch() })
  }

  /// A cache for the pages of one search, for `FeedPager`: the first page replaces the search kept, each later one
  /// is appended to it.
  ///
  /// - Parameter keyword: The keyword being searched.
  public func cache(for keyword: String) -> some FeedCache {
    SearchPageCache(store: store, keyword: keyword, currentDate: currentDate)
  }

  /// Whether two keywords name the same search: equal without case and surrounding whitespace.
  public static func sameKeyword(_ first: String, _ second: String) -> Bool {
    first.trimmingCharacters(in: .whitespacesAndNewlines)
      .compare(second.trimmingCharacters(in: .whitespacesAndNewlines), options: .caseInsensitive) == .orderedSame
  }
}

/// Saves the lists one search's `FeedPager` delivers: the first replaces the search kept, each later one appends
/// the images after the last one saved (the cursor), so saving is idempotent per page: a retried page, whose list
/// ends before the cursor, saves nothing, and a page after it saves only what is new (SR-10). A longer list without
/// the cursor (the server answered a retried page differently) replaces the search with itself.
///
/// An actor whose state changes before each await, and back when the store fails unless a later save changed it
/// meanwhile, so two saves never append the same images.
private actor SearchPageCache: FeedCache {
  private let store: any FeedSearchStore
  private let keyword: String
  private let currentDate: @Sendable () -> Date
  /// What was saved: how many images, and the id of the last one; `nil` before the first save.
  private var saved: (count: Int, cursor: UUID?)?

  init(store: any FeedSearchStore, keyword: String, currentDate: @escaping @Sendable () -> Date) {
    self.store = store
    self.keyword = keyword
    self.currentDate = currentDate
  }

  func save(_ feed: [FeedImage]) async throws {
    let previous = saved
    var start = 0
    if let previous {
      if let cursor = previous.cursor, let index = feed.lastIndex(where: { $0.id == cursor }) {
        start = index + 1
      } else if previous.cursor != nil, feed.count <= previous.count {
        return  // an earlier list (a retried page): saved already
      }
      guard start < feed.count else { return }
    }
    let replaces = previous == nil || start == 0
    let next = (count: replaces ? feed.count : (previous?.count ?? 0) + feed.count - start, cursor: feed.last?.id)
    saved = next
    do {
      if replaces {
        try await store.replaceSearch(withFeed: feed, for: keyword, timestamp: currentDate())
      } else {
        try await store.appendFeedToSearch(Array(feed[start...]), for: keyword)
      }
    } catch {
      if saved?.count == next.count, saved?.cursor == next.cursor { saved = previous }
      throw error
    }
  }
}
