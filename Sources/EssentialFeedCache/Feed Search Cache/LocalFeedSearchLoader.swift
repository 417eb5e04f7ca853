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
/// the images this search has not saved yet. An actor, so two saves of one search never interleave.
private actor SearchPageCache: FeedCache {
  private let store: any FeedSearchStore
  private let keyword: String
  private let currentDate: @Sendable () -> Date
  private var saved: Int?

  init(store: any FeedSearchStore, keyword: String, currentDate: @escaping @Sendable () -> Date) {
    self.store = store
    self.keyword = keyword
    self.currentDate = currentDate
  }

  func save(_ feed: [FeedImage]) async throws {
    let local = feed.map(LocalFeedImage.init)
    if let saved {
      try await store.appendToSearch(Array(local.dropFirst(saved)), for: keyword)
    } else {
      try await store.replaceSearch(with: local, for: keyword, timestamp: currentDate())
    }
    saved = local.count
  }
}
