import EssentialFeed
import Foundation

/// The last keyword search, as a store keeps it: the keyword, the results of the pages loaded, and when it was
/// searched.
public struct CachedSearch: Hashable, Sendable {
  /// The keyword, exactly as searched.
  public let keyword: String
  /// The results of every page loaded, in order.
  public let results: [LocalFeedImage]
  /// When the search was made (its first page).
  public let timestamp: Date

  /// Creates a cached search.
  ///
  /// - Parameters:
  ///   - keyword: The keyword, exactly as searched.
  ///   - results: The results of every page loaded, in order.
  ///   - timestamp: When the search was made.
  public init(keyword: String, results: [LocalFeedImage], timestamp: Date) {
    self.keyword = keyword
    self.results = results
    self.timestamp = timestamp
  }
}

/// Keeps exactly one search: the last one. A store checks itself with `FeedSearchStoreSpec`.
///
/// Every operation is atomic, as ``FeedStore``'s are: a crash or a concurrent reader sees the old search or the new,
/// never a mix of two.
public protocol FeedSearchStore: Sendable {
  /// The search kept, or `nil` when there is none.
  func retrieveSearch() async throws -> CachedSearch?

  /// Replaces the search kept, whatever its keyword, with `results` for `keyword`, in one atomic step.
  ///
  /// - Parameters:
  ///   - results: The first page's results, in order.
  ///   - keyword: The keyword, kept exactly (case, whitespace and Unicode as given).
  ///   - timestamp: When the search was made.
  func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) async throws

  /// Appends `results` to the search kept when it is for `keyword` (compared exactly), keeping its timestamp: a
  /// search is as old as its first page. For another keyword, or none, nothing changes: a page of a search that
  /// was superseded never lands in the new one.
  ///
  /// - Parameters:
  ///   - results: The next page's results, in order.
  ///   - keyword: The keyword the page was loaded for.
  func appendToSearch(_ results: [LocalFeedImage], for keyword: String) async throws

  /// Deletes the search kept; deleting when there is none succeeds.
  func deleteSearch() async throws

  /// The search ``retrieveSearch()`` reads, its results as the domain's images: a store that keeps them hands them back
  /// without a copy. The default maps ``retrieveSearch()``'s answer, so a store written without it keeps compiling.
  ///
  /// - Returns: The search kept, or `nil` when there is none.
  func retrieveFeedSearch() async throws -> CachedFeedSearch?

  /// ``replaceSearch(with:for:timestamp:)`` with the domain's images, which a store may keep as they are (the default
  /// maps them once and replaces).
  ///
  /// - Parameters:
  ///   - feed: The first page's results, in order.
  ///   - keyword: The keyword, kept exactly (case, whitespace and Unicode as given).
  ///   - timestamp: When the search was made.
  func replaceSearch(withFeed feed: [FeedImage], for keyword: String, timestamp: Date) async throws

  /// ``appendToSearch(_:for:)`` with the domain's images (the default maps them once and appends).
  ///
  /// - Parameters:
  ///   - feed: The next page's results, in order.
  ///   - keyword: The keyword the page was loaded for, compared exactly.
  func appendFeedToSearch(_ feed: [FeedImage], for keyword: String) async throws
}

extension FeedSearchStore {
  /// ``retrieveSearch()``'s answer, its results mapped to the domain's images.
  public func retrieveFeedSearch() async throws -> CachedFeedSearch? {
    try await retrieveSearch().map(CachedFeedSearch.init)
  }

  /// `feed` mapped to ``LocalFeedImage``s, then ``replaceSearch(with:for:timestamp:)``.
  public func replaceSearch(withFeed feed: [FeedImage], for keyword: String, timestamp: Date) async throws {
    try await replaceSearch(with: feed.map(LocalFeedImage.init), for: keyword, timestamp: timestamp)
  }

  /// `feed` mapped to ``LocalFeedImage``s, then ``appendToSearch(_:for:)``.
  public func appendFeedToSearch(_ feed: [FeedImage], for keyword: String) async throws {
    try await appendToSearch(feed.map(LocalFeedImage.init), for: keyword)
  }
}
