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
    guard let search = try await store.retrieveSearch(),
      Self.sameKeyword(search.keyword, keyword),
      FeedCachePolicy.validate(search.timestamp, against: currentDate())
    else { return nil }
    return search.results.map(FeedImage.init)
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
/// ends before the cursor, saves nothing, and a page after it saves only what is new (SR-10).
///
/// An actor whose state changes before each await (and back when the store fails), so two saves never append the
/// same images.
private actor SearchPageCache: FeedCache {
  private let store: any FeedSearchStore
  private let keyword: String
  private let currentDate: @Sendable () -> Date
  /// Whether the first list was saved, and the id of the last image saved (`nil` while none is).
  private var started = false
  private var cursor: UUID?

  init(store: any FeedSearchStore, keyword: String, currentDate: @escaping @Sendable () -> Date) {
    self.store = store
    self.keyword = keyword
    self.currentDate = currentDate
  }

  func save(_ feed: [FeedImage]) async throws {
    let (wasStarted, previous) = (started, cursor)
    guard started else {
      (started, cursor) = (true, feed.last?.id)
      do {
        try await store.replaceSearch(with: feed.map(LocalFeedImage.init), for: keyword, timestamp: currentDate())
      } catch {
        (started, cursor) = (wasStarted, previous)
        throw error
      }
      return
    }
    let start: Int
    if let previous {
      guard let saved = feed.lastIndex(where: { $0.id == previous }) else { return }  // an earlier list: saved already
      start = saved + 1
    } else {
      start = 0
    }
    guard start < feed.count else { return }
    cursor = feed.last?.id
    do {
      try await store.appendToSearch(feed[start...].map(LocalFeedImage.init), for: keyword)
    } catch {
      cursor = previous
      throw error
    }
  }
}
